#include "views/architecture_view.h"

#include "document/cmf_document.h"
#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "views/architecture_paint.h"
#include "views/architecture_svg.h"

#include "cmf/engine/task_mask.h"
#include "cmf/format/error.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QToolTip>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

// ---- canvas ----------------------------------------------------------------

ArchitectureCanvas::ArchitectureCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void ArchitectureCanvas::setDiagram(ArchLayout layout) {
    layout_ = std::move(layout);
    hovered_.clear();
    // The page's scroll area keeps the canvas at least this big, and scrolls past it.
    setMinimumSize(layout_.size.toSize());
    updateGeometry();
    update();
}

QSize ArchitectureCanvas::sizeHint() const { return layout_.size.toSize(); }

QPointF ArchitectureCanvas::offset() const { return QPointF(std::max(0.0, (width() - layout_.size.width()) / 2), 0); }

const ArchItem* ArchitectureCanvas::itemAt(const QPoint& p) const { return layout_.itemAt(QPointF(p) - offset()); }

QPoint ArchitectureCanvas::pointOf(const QString& tensor) const {
    const ArchItem* r = layout_.rowOf(tensor);
    return r ? (r->rect.topLeft() + QPointF(layout_.columns[0] + 4, r->rect.height() / 2) + offset()).toPoint() : QPoint();
}

QPoint ArchitectureCanvas::titleOf(int group) const {
    for (const auto& i : layout_.items)
        if (i.kind == ArchItem::Kind::Frame && i.group == group)
            return (i.rect.topLeft() + QPointF(archgeom::kFramePad + 8, archgeom::kFramePad + layout_.lineHeight / 2) + offset()).toPoint();
    return {};
}

void ArchitectureCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.translate(offset());
    paintScene(p, sceneOf(layout_, font(), hovered_), palette(), font());
}

QImage ArchitectureCanvas::render(qreal dpr) const {
    QImage img((layout_.size * dpr).toSize(), QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(dpr);
    img.fill(palette().color(QPalette::Window));
    QPainter p(&img);
    paintScene(p, sceneOf(layout_, font()), palette(), font());
    return img;
}

void ArchitectureCanvas::mouseMoveEvent(QMouseEvent* e) {
    const ArchItem* i = itemAt(e->position().toPoint());
    const QString h = i && i->kind == ArchItem::Kind::Row ? i->tensor : QString();
    const bool title = i && i->kind == ArchItem::Kind::Frame && i->expandable &&
                       e->position().y() - offset().y() < i->rect.top() + archgeom::kFramePad + layout_.lineHeight * 2;
    setCursor(!h.isEmpty() || title ? Qt::PointingHandCursor : Qt::ArrowCursor);
    if (h != hovered_) {
        hovered_ = h;
        update();
    }
}

void ArchitectureCanvas::leaveEvent(QEvent*) {
    if (hovered_.isEmpty()) return;
    hovered_.clear();
    update();
}

void ArchitectureCanvas::mousePressEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return;
    const ArchItem* i = itemAt(e->position().toPoint());
    if (!i) return;
    if (i->kind == ArchItem::Kind::Row) Q_EMIT tensorClicked(i->tensor);
    else if (i->kind == ArchItem::Kind::Frame && i->expandable &&
             e->position().y() - offset().y() < i->rect.top() + archgeom::kFramePad + layout_.lineHeight * 2)
        Q_EMIT toggleRequested(i->toggleKey);
}

bool ArchitectureCanvas::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* h = static_cast<QHelpEvent*>(e);
        const ArchItem* i = itemAt(h->pos());
        if (i && !i->tooltip.isEmpty()) QToolTip::showText(h->globalPos(), i->tooltip, this);
        else QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

// ---- view ------------------------------------------------------------------

ArchitectureView::ArchitectureView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), services_(services) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Overlay:"), this));
    overlay_ = new QComboBox(this);
    overlay_->setToolTip(tr("Show what a task mask turns off, or which tensors a skill replaces"));
    overlay_->addItem(tr("None"), QString());
    overlay_->setEnabled(false);
    bar->addWidget(overlay_);
    png_ = new QPushButton(tr("Export PNG…"), this);
    svgButton_ = new QPushButton(tr("Export SVG…"), this);
    png_->setEnabled(false);
    svgButton_->setEnabled(false);
    bar->addWidget(png_);
    bar->addWidget(svgButton_);
    status_ = new QLabel(tr("Opening the model…"), this);
    status_->setWordWrap(true);
    bar->addWidget(status_, 1);
    layout->addLayout(bar);
    canvas_ = new ArchitectureCanvas(this);
    layout->addWidget(canvas_);
    layout->addStretch(1);

    connect(overlay_, &QComboBox::currentIndexChanged, this, &ArchitectureView::applyOverlay);
    connect(png_, &QPushButton::clicked, this, [this] { askExport(false); });
    connect(svgButton_, &QPushButton::clicked, this, [this] { askExport(true); });
    connect(canvas_, &ArchitectureCanvas::tensorClicked, this, &ArchitectureView::tensorActivated);
    connect(canvas_, &ArchitectureCanvas::toggleRequested, this, &ArchitectureView::toggle);
    load();
}

QString ArchitectureView::statusText() const { return status_->text(); }

void ArchitectureView::load() {
    const std::string path = doc_->path().toStdString();
    const auto work = [path](const cmf::Control&) {
        ArchitectureData d;
        d.model = cmf::engine::Model::open(path, cmf::engine::Model::Use::Inspect); // its structure: nothing packed or copied
        d.plan = std::make_shared<const cmf::engine::ModelPlan>(cmf::engine::layerPlan(*d.model));
        return QVariant::fromValue(d);
    };
    if (!services_.jobs) { // no runner (a view on its own): open here
        try {
            show(work({}).value<ArchitectureData>());
        } catch (const std::exception& e) {
            status_->setText(tr("Cannot show the architecture: %1").arg(QString::fromUtf8(e.what())));
        }
        return;
    }
    Job* job = services_.jobs->start(u"architecture-"_s + doc_->path(), tr("Architecture of %1").arg(doc_->fileName()), work);
    connect(job, &Job::succeeded, this, [this](const QVariant& v) { show(v.value<ArchitectureData>()); });
    connect(job, &Job::failed, this, [this](const QString& kind, const QString& message) {
        status_->setText(tr("Cannot show the architecture: %1").arg(message));
        if (services_.log) services_.log->error(kind + u": "_s + message);
    });
}

void ArchitectureView::show(ArchitectureData data) {
    data_ = std::move(data);
    {
        const QSignalBlocker block(overlay_);
        for (const auto& m : cmf::engine::taskNames(*data_.model))
            overlay_->addItem(tr("Mask: %1").arg(QString::fromStdString(m)), QString(u"mask:"_s + QString::fromStdString(m)));
        for (const auto& s : data_.model->skillIds())
            overlay_->addItem(tr("Skill: %1").arg(QString::fromStdString(s)), QString(u"skill:"_s + QString::fromStdString(s)));
    }
    overlay_->setEnabled(overlay_->count() > 1);
    png_->setEnabled(true);
    svgButton_->setEnabled(true);
    relayout();
    Q_EMIT loaded();
}

void ArchitectureView::relayout() {
    if (!data_.plan) return;
    canvas_->setDiagram(layoutArchitecture(*data_.plan, overlayData_, expanded_, canvas_->font()));
    const auto& p = *data_.plan;
    size_t frames = 0;
    for (const auto& g : canvas_->diagram().groups) frames += g.mtp ? 0 : 1;
    QString text = tr("Layers: %1, frames: %2. Click a tensor to open it; click a folded frame's title to show each layer.")
                       .arg(p.layers.size())
                       .arg(frames);
    if (overlayData_.kind != ArchitectureOverlay::Kind::None)
        text += u' ' + tr("%1 tensors marked by %2.").arg(overlayData_.marks.size()).arg(overlay_->currentText());
    status_->setText(text);
}

void ArchitectureView::applyOverlay(int index) {
    const QString key = overlay_->itemData(index).toString();
    try {
        if (key.startsWith(u"mask:"_s)) overlayData_ = maskOverlay(*data_.model, *data_.plan, key.mid(5));
        else if (key.startsWith(u"skill:"_s)) overlayData_ = skillOverlay(*data_.model, key.mid(6));
        else overlayData_ = {};
    } catch (const cmf::Error& e) {
        overlayData_ = {};
        relayout();
        status_->setText(tr("Cannot show %1: %2").arg(overlay_->currentText(), QString::fromUtf8(e.what())));
        return;
    }
    relayout();
}

bool ArchitectureView::setOverlay(const QString& key) {
    const int i = overlay_->findData(key);
    if (i < 0) return false;
    overlay_->setCurrentIndex(i);
    applyOverlay(i); // also when it was already current
    return true;
}

void ArchitectureView::toggle(qsizetype key) {
    if (key < 0) return;
    if (!expanded_.remove(key)) expanded_.insert(key);
    relayout();
}

QString ArchitectureView::svg() const { return architectureSvg(sceneOf(diagram(), canvas_->font()), canvas_->palette(), canvas_->font()); }

bool ArchitectureView::exportPng(const QString& path) const { return isLoaded() && canvas_->render(2).save(path, "PNG"); }

bool ArchitectureView::exportSvg(const QString& path) const {
    if (!isLoaded()) return false;
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return false;
    f.write(svg().toUtf8());
    return f.commit();
}

void ArchitectureView::askExport(bool svg) {
    const QString base = QFileInfo(doc_->path()).completeBaseName() + u"-architecture."_s + (svg ? u"svg"_s : u"png"_s);
    const QString path = QFileDialog::getSaveFileName(this, svg ? tr("Export architecture as SVG") : tr("Export architecture as PNG"),
                                                      QFileInfo(doc_->path()).dir().filePath(base),
                                                      svg ? tr("SVG images (*.svg)") : tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    const bool ok = svg ? exportSvg(path) : exportPng(path);
    if (!ok) status_->setText(tr("Cannot write %1").arg(path));
    else if (services_.log) services_.log->info(tr("Architecture exported to %1").arg(path));
}

} // namespace cmfw
