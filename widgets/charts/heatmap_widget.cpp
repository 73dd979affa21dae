#include "charts/heatmap_widget.h"
#include "util/theme.h"
#include "charts/heatmap_export.h"
#include "util/table_csv.h"

#include <QContextMenuEvent>
#include <QFile>
#include <QFileDialog>
#include <QInputDialog>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLinearGradient>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTextStream>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

constexpr double kZoomStep = 1.25;
constexpr double kMaxCellPx = 256; // zooming further shows nothing new
constexpr int kBarsWidth = 118;    // bar (64 px) + its value
constexpr int kBarLength = 64;
const QRgb kUnknownCategory = qRgb(0xa0, 0xa0, 0xa0);

// Viridis: ordered in lightness, readable for colour-blind people and in grey.
struct Stop {
    double t;
    int r, g, b;
};
constexpr Stop kViridis[] = {{0.0, 68, 1, 84},      {0.125, 71, 44, 122}, {0.25, 59, 81, 139},
                             {0.375, 44, 113, 142}, {0.5, 33, 144, 141},  {0.625, 39, 173, 129},
                             {0.75, 92, 200, 99},   {0.875, 170, 220, 50}, {1.0, 253, 231, 37}};

QRgb viridis(double t) {
    t = std::clamp(t, 0.0, 1.0);
    for (size_t i = 1; i < std::size(kViridis); ++i) {
        const Stop& a = kViridis[i - 1];
        const Stop& b = kViridis[i];
        if (t <= b.t) {
            const double f = (t - a.t) / (b.t - a.t);
            return qRgb(int(std::lround(a.r + f * (b.r - a.r))), int(std::lround(a.g + f * (b.g - a.g))),
                        int(std::lround(a.b + f * (b.b - a.b))));
        }
    }
    return qRgb(kViridis[8].r, kViridis[8].g, kViridis[8].b);
}

// Tableau 10, for categories nobody named.
constexpr QRgb kTableau[] = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                             0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};

// 1, 2, 5, 10, 20, 50 ...: label every n-th row or column at round numbers.
int niceStep(double minimum) {
    if (minimum <= 1) return 1;
    for (int base = 1;; base *= 10)
        for (int m : {1, 2, 5})
            if (base * m >= minimum) return base * m;
}

QColor textOn(QRgb bg) { return qGray(bg) > 140 ? QColor(Qt::black) : QColor(Qt::white); }

} // namespace

HeatmapWidget::HeatmapWidget(QWidget* parent) : QAbstractScrollArea(parent) {
    viewport()->setMouseTracking(true);
    viewport()->setBackgroundRole(QPalette::Base);
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    missingLabel_ = tr("no value");
    emptyText_ = tr("No data");
}

// ---- data ------------------------------------------------------------------

void HeatmapWidget::setData(int rows, int cols, std::vector<float> values) {
    if (rows <= 0 || cols <= 0 || values.size() != size_t(rows) * size_t(cols)) {
        rows = cols = 0;
        values.clear();
    }
    rows_ = rows;
    cols_ = cols;
    values_ = std::move(values);
    hover_.reset();
    rebuildImage();
    zoom_ = 1.0;
    updateScrollBars();
    viewport()->update();
}

void HeatmapWidget::clear() { setData(0, 0, {}); }

float HeatmapWidget::value(int row, int col) const {
    if (row < 0 || col < 0 || row >= rows_ || col >= cols_) return NAN;
    return values_[size_t(row) * size_t(cols_) + size_t(col)];
}

void HeatmapWidget::setTitle(const QString& title) {
    title_ = title;
    updateScrollBars();
    viewport()->update();
}

void HeatmapWidget::setRowLabels(const QStringList& labels) {
    rowLabels_ = labels;
    updateScrollBars();
    viewport()->update();
}

void HeatmapWidget::setColumnLabels(const QStringList& labels) {
    colLabels_ = labels;
    viewport()->update();
}

void HeatmapWidget::setColumnLabelsVisible(bool on) {
    colLabelsVisible_ = on;
    updateScrollBars();
    viewport()->update();
}

QString HeatmapWidget::rowLabel(int row) const {
    return row < rowLabels_.size() ? rowLabels_[row] : QString::number(row);
}

QString HeatmapWidget::columnLabel(int col) const {
    return col < colLabels_.size() ? colLabels_[col] : QString::number(col);
}

void HeatmapWidget::setAxisTitles(const QString& rows, const QString& cols) {
    rowTitle_ = rows;
    colTitle_ = cols;
    updateScrollBars();
    viewport()->update();
}

void HeatmapWidget::setMissingLabel(const QString& text) {
    missingLabel_ = text;
    viewport()->update();
}

void HeatmapWidget::setEmptyText(const QString& text) {
    emptyText_ = text;
    viewport()->update();
}

// ---- colour scale ----------------------------------------------------------

void HeatmapWidget::setSequential(std::optional<std::pair<double, double>> range) {
    scale_ = ColorScale::Sequential;
    fixedRange_ = range;
    categories_.clear();
    rebuildImage();
    viewport()->update();
}

void HeatmapWidget::setCategories(std::vector<Category> categories) {
    scale_ = ColorScale::Categorical;
    categories_ = std::move(categories);
    rebuildImage();
    viewport()->update();
}

uint64_t HeatmapWidget::countOf(float v) const {
    return uint64_t(std::count(values_.begin(), values_.end(), v));
}

void HeatmapWidget::setValueFormatter(FormatFn fmt) {
    format_ = std::move(fmt);
    viewport()->update();
}

QString HeatmapWidget::formatValue(float v) const {
    if (std::isnan(v)) return missingLabel_;
    if (format_) return format_(v);
    if (scale_ == ColorScale::Categorical)
        for (const auto& c : categories_)
            if (c.value == v && !c.name.isEmpty()) return c.name;
    return QString::number(double(v), 'g', 6);
}

void HeatmapWidget::setShowCellValues(bool on) {
    cellValues_ = on;
    viewport()->update();
}

void HeatmapWidget::setTooltipProvider(TooltipFn fn) { tooltip_ = std::move(fn); }

QString HeatmapWidget::tooltipText(int row, int col) const {
    if (row < 0 || col < 0 || row >= rows_ || col >= cols_) return {};
    const float v = value(row, col);
    // -> QString: a QStringBuilder returned from a lambda would refer to its dead temporaries.
    auto line = [](const QString& title, const QString& fallback, const QString& label) -> QString {
        return (title.isEmpty() ? fallback : title) + u": " + label;
    };
    QString t = line(rowTitle_, tr("row"), rowLabel(row)) + u'\n' + line(colTitle_, tr("column"), columnLabel(col)) + u'\n' +
                tr("value: %1").arg(formatValue(v));
    if (tooltip_)
        if (const QString extra = tooltip_(row, col, v); !extra.isEmpty()) t += u'\n' + extra;
    return t;
}

void HeatmapWidget::setRowBars(std::vector<float> values, const QString& title, float max, FormatFn fmt) {
    bars_ = std::move(values);
    barsTitle_ = title;
    barsMax_ = max > 0 ? max : 1.f;
    barsFormat_ = std::move(fmt);
    updateScrollBars();
    viewport()->update();
}

QRgb HeatmapWidget::colorOf(float v) const {
    if (std::isnan(v)) return missingColor();
    if (scale_ == ColorScale::Categorical) {
        for (const auto& c : categories_)
            if (c.value == v) return categoryColor(c);
        if (categories_.empty() && v >= 0 && v == std::floor(v)) return kTableau[size_t(v) % std::size(kTableau)] | 0xff000000u;
        return kUnknownCategory;
    }
    return viridis(hi_ > lo_ ? (double(v) - lo_) / (hi_ - lo_) : 0.5);
}

QRgb HeatmapWidget::missingColor() const {
    // A blank a shade off the base: the grid shows where cells are, in either theme.
    return isDark(palette()) ? qRgb(0x34, 0x36, 0x3a) : qRgb(0xf4, 0xf4, 0xf4);
}

QRgb HeatmapWidget::categoryColor(const Category& c) const {
    return c.color == blankCategory() ? missingColor() : c.color.rgb();
}

void HeatmapWidget::changeEvent(QEvent* e) {
    // Blank cells are painted into the image: a theme change repaints them.
    if (e->type() == QEvent::PaletteChange && !image_.isNull()) {
        rebuildImage();
        viewport()->update();
    }
    QAbstractScrollArea::changeEvent(e);
}

void HeatmapWidget::rebuildImage() {
    lo_ = 0;
    hi_ = 1;
    missing_ = 0;
    if (fixedRange_) {
        lo_ = fixedRange_->first;
        hi_ = fixedRange_->second;
    } else {
        bool any = false;
        for (float v : values_) {
            if (!std::isfinite(v)) continue;
            lo_ = any ? std::min(lo_, double(v)) : double(v);
            hi_ = any ? std::max(hi_, double(v)) : double(v);
            any = true;
        }
    }
    categoryCounts_.assign(categories_.size(), 0);
    if (rows_ == 0) {
        image_ = QImage();
        return;
    }
    image_ = QImage(cols_, rows_, QImage::Format_RGB32);
    for (int r = 0; r < rows_; ++r) {
        auto* line = reinterpret_cast<QRgb*>(image_.scanLine(r));
        const float* v = values_.data() + size_t(r) * size_t(cols_);
        for (int c = 0; c < cols_; ++c) {
            line[c] = colorOf(v[c]);
            if (std::isnan(v[c])) ++missing_;
            for (size_t k = 0; k < categories_.size(); ++k)
                if (categories_[k].value == v[c]) {
                    ++categoryCounts_[k];
                    break;
                }
        }
    }
}

// ---- geometry --------------------------------------------------------------

HeatmapWidget::Margins HeatmapWidget::margins() const {
    const QFontMetrics fm(font());
    Margins m;
    int labelW = fm.horizontalAdvance(rowTitle_);
    // Long label lists: the widest of a sample is enough to place the grid.
    const int step = std::max(1, int(rowLabels_.size() / 512));
    for (int i = 0; i < rowLabels_.size(); i += step) labelW = std::max(labelW, fm.horizontalAdvance(rowLabels_[i]));
    if (rowLabels_.isEmpty()) labelW = std::max(labelW, fm.horizontalAdvance(QString::number(std::max(0, rows_ - 1))));
    m.left = labelW + 12;
    const bool titleLine = !title_.isEmpty() || legendOnTitleLine();
    m.top = (titleLine ? fm.height() + 6 : 0) + (colLabelsVisible_ ? fm.height() + 6 : 4);
    m.right = bars_.empty() ? 6 : kBarsWidth;
    m.bottom = legendOnTitleLine() ? 6 : fm.height() + 12;
    return m;
}

bool HeatmapWidget::legendOnTitleLine() const {
    // Beside the title when both fit on one line: the grid keeps the height a bottom legend would take.
    if (rows_ == 0) return false;
    QFont bold = font();
    bold.setBold(true);
    const int titleW = title_.isEmpty() ? 0 : QFontMetrics(bold).horizontalAdvance(title_) + 24;
    return titleW + paintLegend(nullptr, 0, 0, 1 << 20) + 12 <= legendRight();
}

int HeatmapWidget::legendRight() const {
    // Without a column label band the bars' title sits on the title line: the legend stops short of it.
    return viewport()->width() - 4 - (!bars_.empty() && !colLabelsVisible_ ? kBarsWidth : 0);
}

QRect HeatmapWidget::gridRect() const {
    const Margins m = margins();
    const QRect v = viewport()->rect();
    return QRect(v.left() + m.left, v.top() + m.top, std::max(1, v.width() - m.left - m.right),
                 std::max(1, v.height() - m.top - m.bottom));
}

QSizeF HeatmapWidget::cellSize() const {
    if (rows_ == 0) return {1, 1};
    const QRect g = gridRect();
    return {double(g.width()) / cols_ * zoom_, double(g.height()) / rows_ * zoom_};
}

void HeatmapWidget::updateScrollBars() {
    const QRect g = gridRect();
    const QSizeF cell = cellSize();
    const int w = int(std::ceil(cell.width() * cols_)), h = int(std::ceil(cell.height() * rows_));
    horizontalScrollBar()->setRange(0, std::max(0, w - g.width()));
    horizontalScrollBar()->setPageStep(g.width());
    horizontalScrollBar()->setSingleStep(std::max(1, int(cell.width())));
    verticalScrollBar()->setRange(0, std::max(0, h - g.height()));
    verticalScrollBar()->setPageStep(g.height());
    verticalScrollBar()->setSingleStep(std::max(1, int(cell.height())));
}

QRectF HeatmapWidget::cellRect(int row, int col) const {
    const QRect g = gridRect();
    const QSizeF cell = cellSize();
    return {g.x() + col * cell.width() - horizontalScrollBar()->value(), g.y() + row * cell.height() - verticalScrollBar()->value(),
            cell.width(), cell.height()};
}

std::optional<QPoint> HeatmapWidget::cellAt(QPoint pos) const {
    if (rows_ == 0) return std::nullopt;
    const QRect g = gridRect();
    if (!g.contains(pos)) return std::nullopt;
    const QSizeF cell = cellSize();
    const int c = int(std::floor((pos.x() - g.x() + horizontalScrollBar()->value()) / cell.width()));
    const int r = int(std::floor((pos.y() - g.y() + verticalScrollBar()->value()) / cell.height()));
    if (r < 0 || c < 0 || r >= rows_ || c >= cols_) return std::nullopt;
    return QPoint(c, r);
}

std::optional<int> HeatmapWidget::barRowAt(QPoint pos) const {
    if (bars_.empty() || rows_ == 0) return std::nullopt;
    const QRect g = gridRect();
    if (pos.x() <= g.right() || pos.y() < g.top() || pos.y() > g.bottom()) return std::nullopt;
    const int r = int(std::floor((pos.y() - g.y() + verticalScrollBar()->value()) / cellSize().height()));
    if (r < 0 || r >= rows_ || size_t(r) >= bars_.size()) return std::nullopt;
    return r;
}

QSize HeatmapWidget::sizeHint() const { return {480, 240}; }
QSize HeatmapWidget::minimumSizeHint() const { return {160, 90}; }

// ---- zoom ------------------------------------------------------------------

void HeatmapWidget::zoomAt(double factor, QPointF pos) {
    if (rows_ == 0) return;
    const QRect g = gridRect();
    const QSizeF before = cellSize();
    const double fitMin = std::min(double(g.width()) / cols_, double(g.height()) / rows_);
    const double maxZoom = std::max(1.0, kMaxCellPx / std::max(1e-9, fitMin));
    const double z = std::clamp(zoom_ * factor, 1.0, maxZoom);
    if (z == zoom_) return;
    // The cell under pos stays under pos.
    const double ax = (pos.x() - g.x() + horizontalScrollBar()->value()) / before.width();
    const double ay = (pos.y() - g.y() + verticalScrollBar()->value()) / before.height();
    zoom_ = z;
    updateScrollBars();
    const QSizeF after = cellSize();
    {
        const bool wasSyncing = syncing_;
        syncing_ = true; // one viewChanged for the whole step
        horizontalScrollBar()->setValue(int(std::lround(ax * after.width() - (pos.x() - g.x()))));
        verticalScrollBar()->setValue(int(std::lround(ay * after.height() - (pos.y() - g.y()))));
        syncing_ = wasSyncing;
    }
    viewport()->update();
    if (!syncing_) Q_EMIT viewChanged();
}

void HeatmapWidget::setZoom(double z) { zoomAt(z / zoom_, QRectF(gridRect()).center()); }
void HeatmapWidget::zoomIn() { zoomAt(kZoomStep, QRectF(gridRect()).center()); }
void HeatmapWidget::zoomOut() { zoomAt(1.0 / kZoomStep, QRectF(gridRect()).center()); }

void HeatmapWidget::fit() {
    zoom_ = 1.0;
    updateScrollBars();
    viewport()->update();
    if (!syncing_) Q_EMIT viewChanged();
}

void HeatmapWidget::linkView(HeatmapWidget* other) {
    auto follow = [](HeatmapWidget* from, HeatmapWidget* to) {
        if (to->syncing_ || from->syncing_) return;
        to->syncing_ = true;
        if (to->zoom_ != from->zoom_) {
            to->zoom_ = from->zoom_;
            to->updateScrollBars();
        }
        to->horizontalScrollBar()->setValue(from->horizontalScrollBar()->value());
        to->verticalScrollBar()->setValue(from->verticalScrollBar()->value());
        to->viewport()->update();
        to->syncing_ = false;
    };
    connect(this, &HeatmapWidget::viewChanged, other, [this, other, follow] { follow(this, other); });
    connect(other, &HeatmapWidget::viewChanged, this, [this, other, follow] { follow(other, this); });
}

// ---- events ----------------------------------------------------------------

void HeatmapWidget::resizeEvent(QResizeEvent* e) {
    QAbstractScrollArea::resizeEvent(e);
    updateScrollBars();
}

void HeatmapWidget::scrollContentsBy(int, int) {
    viewport()->update();
    if (!syncing_) Q_EMIT viewChanged();
}

void HeatmapWidget::wheelEvent(QWheelEvent* e) {
    const QPoint d = e->angleDelta();
    if (d.y() == 0 || e->modifiers() & Qt::ShiftModifier) { // sideways wheels and shift pan
        QAbstractScrollArea::wheelEvent(e);
        return;
    }
    zoomAt(d.y() > 0 ? kZoomStep : 1.0 / kZoomStep, e->position());
    e->accept();
}

void HeatmapWidget::keyPressEvent(QKeyEvent* e) {
    switch (e->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); break;
    case Qt::Key_Minus: zoomOut(); break;
    case Qt::Key_0:
    case Qt::Key_F: fit(); break;
    default: QAbstractScrollArea::keyPressEvent(e); return;
    }
    e->accept();
}

void HeatmapWidget::mousePressEvent(QMouseEvent* e) {
    if (e->button() == Qt::LeftButton) {
        dragFrom_ = e->position().toPoint();
        dragScroll_ = QPoint(horizontalScrollBar()->value(), verticalScrollBar()->value());
    }
    QAbstractScrollArea::mousePressEvent(e);
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent* e) {
    const QPoint pos = e->position().toPoint();
    if (dragFrom_ && (e->buttons() & Qt::LeftButton)) {
        const QPoint d = pos - *dragFrom_;
        if (d.manhattanLength() > 3) viewport()->setCursor(Qt::ClosedHandCursor);
        horizontalScrollBar()->setValue(dragScroll_.x() - d.x());
        verticalScrollBar()->setValue(dragScroll_.y() - d.y());
        return;
    }
    const auto cell = cellAt(pos);
    if (cell != hover_) {
        hover_ = cell;
        if (cell) Q_EMIT cellHovered(cell->y(), cell->x(), value(cell->y(), cell->x()));
        viewport()->update();
    }
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent* e) {
    const QPoint pos = e->position().toPoint();
    if (dragFrom_ && (pos - *dragFrom_).manhattanLength() <= 3)
        if (const auto cell = cellAt(pos)) Q_EMIT cellClicked(cell->y(), cell->x(), value(cell->y(), cell->x()));
    dragFrom_.reset();
    viewport()->unsetCursor();
    QAbstractScrollArea::mouseReleaseEvent(e);
}

void HeatmapWidget::leaveEvent(QEvent* e) {
    hover_.reset();
    viewport()->update();
    QAbstractScrollArea::leaveEvent(e);
}

bool HeatmapWidget::viewportEvent(QEvent* e) {
    if (e->type() == QEvent::Leave && hover_) {
        hover_.reset();
        viewport()->update();
    }
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        if (const auto cell = cellAt(he->pos())) {
            QToolTip::showText(he->globalPos(), tooltipText(cell->y(), cell->x()), viewport(),
                               cellRect(cell->y(), cell->x()).toAlignedRect());
        } else if (const auto r = barRowAt(he->pos())) {
            const float v = bars_[size_t(*r)];
            QToolTip::showText(he->globalPos(), rowLabel(*r) + u": " + barsTitle_ + u' ' +
                                                    (barsFormat_ ? barsFormat_(v) : QString::number(double(v), 'g', 6)),
                               viewport());
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(e);
}

void HeatmapWidget::contextMenuEvent(QContextMenuEvent* e) {
    QMenu menu(this);
    menu.addAction(tr("Zoom in (+)"), this, &HeatmapWidget::zoomIn);
    menu.addAction(tr("Zoom out (−)"), this, &HeatmapWidget::zoomOut);
    menu.addAction(tr("Fit (0)"), this, &HeatmapWidget::fit);
    menu.addSeparator();
    menu.addAction(tr("Export PNG as shown…"), this, &HeatmapWidget::askExportPng);
    menu.addAction(tr("Export cells at full resolution (PNG, SVG)…"), this, &HeatmapWidget::askExportCells);
    menu.addAction(tr("Export CSV…"), this, &HeatmapWidget::askExportCsv);
    menu.exec(e->globalPos());
}

// ---- painting --------------------------------------------------------------

void HeatmapWidget::paintEvent(QPaintEvent*) {
    QPainter p(viewport());
    const QRect all = viewport()->rect();
    p.fillRect(all, palette().color(QPalette::Base));
    const QFontMetrics fm(font());
    const QColor muted = palette().color(QPalette::PlaceholderText);

    // Title line: the title on the left, the legend on the right when it fits there.
    const bool legendTop = legendOnTitleLine();
    int legendX = all.width();
    if (legendTop) {
        legendX = legendRight() - paintLegend(nullptr, 0, 0, 1 << 20) - 4;
        paintLegend(&p, legendX, 2, legendRight() + 2);
    }
    int titleEnd = 4;
    if (!title_.isEmpty()) {
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(palette().color(QPalette::Text));
        const QRect line(4, 2, legendX - 16, fm.height() + 2);
        const QString t = QFontMetrics(bold).elidedText(title_, Qt::ElideRight, line.width());
        p.drawText(line, Qt::AlignLeft | Qt::AlignVCenter, t);
        titleEnd += QFontMetrics(bold).horizontalAdvance(t);
        p.setFont(font());
    }
    // What the columns are, between the title and the legend when there is room.
    if (!colTitle_.isEmpty() && rows_ > 0 && colLabelsVisible_ && (!title_.isEmpty() || legendTop)) {
        const QString t = colTitle_ + u" →";
        const int right = (legendTop ? legendX : all.width()) - 16;
        if (fm.horizontalAdvance(t) + 24 <= right - titleEnd) {
            p.setPen(muted);
            p.drawText(QRect(titleEnd, 2, right - titleEnd, fm.height() + 2), Qt::AlignRight | Qt::AlignVCenter, t);
        }
    }
    if (rows_ == 0) {
        p.setPen(muted);
        p.drawText(all, Qt::AlignCenter | Qt::TextWordWrap, emptyText_);
        return;
    }

    const QRect g = gridRect();
    const QSizeF cell = cellSize();
    const double sx = horizontalScrollBar()->value(), sy = verticalScrollBar()->value();
    const int c0 = std::clamp(int(std::floor(sx / cell.width())), 0, cols_ - 1);
    const int c1 = std::clamp(int(std::ceil((sx + g.width()) / cell.width())), c0 + 1, cols_);
    const int r0 = std::clamp(int(std::floor(sy / cell.height())), 0, rows_ - 1);
    const int r1 = std::clamp(int(std::ceil((sy + g.height()) / cell.height())), r0 + 1, rows_);

    p.save();
    p.setClipRect(g);
    // Nearest-neighbour: a cell stays a crisp block at any zoom.
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    const QRectF target(g.x() + c0 * cell.width() - sx, g.y() + r0 * cell.height() - sy, (c1 - c0) * cell.width(),
                        (r1 - r0) * cell.height());
    p.drawImage(target, image_, QRectF(c0, r0, c1 - c0, r1 - r0));
    // Separators once cells are big enough to tell apart.
    const QColor sep = palette().color(QPalette::Base);
    p.setPen(QPen(sep, 1));
    if (cell.width() >= 8)
        for (int c = c0 + 1; c < c1; ++c) {
            const double x = g.x() + c * cell.width() - sx;
            p.drawLine(QPointF(x, target.top()), QPointF(x, target.bottom()));
        }
    if (cell.height() >= 8)
        for (int r = r0 + 1; r < r1; ++r) {
            const double y = g.y() + r * cell.height() - sy;
            p.drawLine(QPointF(target.left(), y), QPointF(target.right(), y));
        }
    if (cellValues_) paintCellValues(p, cell, r0, r1, c0, c1);
    if (hover_) {
        QRectF h = cellRect(hover_->y(), hover_->x());
        if (h.width() < 3) h.adjust(-1.5, 0, 1.5, 0);
        if (h.height() < 3) h.adjust(0, -1.5, 0, 1.5);
        p.setPen(QPen(palette().color(QPalette::Text), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(h.adjusted(0.5, 0.5, -0.5, -0.5));
    }
    p.restore();
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(QRectF(g).adjusted(-0.5, -0.5, 0.5, 0.5));

    paintLabels(p, g, cell, r0, r1, c0, c1);
    if (!bars_.empty()) paintBars(p, g, cell, r0, r1);
    if (!legendTop) paintLegend(&p, std::min(g.left(), 8), g.bottom() + 6, viewport()->width() - 4);
}

void HeatmapWidget::paintCellValues(QPainter& p, QSizeF cell, int r0, int r1, int c0, int c1) {
    const QFontMetrics fm(font());
    if (cell.height() < fm.height()) return;
    for (int r = r0; r < r1; ++r)
        for (int c = c0; c < c1; ++c) {
            const float v = value(r, c);
            if (std::isnan(v)) continue;
            const QString text = formatValue(v);
            if (fm.horizontalAdvance(text) + 4 > cell.width()) continue;
            p.setPen(textOn(image_.pixel(c, r)));
            p.drawText(cellRect(r, c), Qt::AlignCenter, text);
        }
}

void HeatmapWidget::paintLabels(QPainter& p, const QRect& g, QSizeF cell, int r0, int r1, int c0, int c1) {
    const QFontMetrics fm(font());
    const QColor text = palette().color(QPalette::Text);
    const QColor muted = palette().color(QPalette::PlaceholderText);
    const double sx = horizontalScrollBar()->value(), sy = verticalScrollBar()->value();
    const int bandTop = g.top() - fm.height() - 4;

    // Corner: what the rows are (and, when there is room, what the columns are).
    p.setPen(muted);
    if (colLabelsVisible_) {
        p.drawText(QRect(2, bandTop, g.left() - 8, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   fm.elidedText(rowTitle_, Qt::ElideRight, g.left() - 10));
    }

    // Row labels: every n-th row so they never overlap.
    p.save();
    p.setClipRect(QRect(0, g.top() - fm.height() / 2, g.left(), g.height() + fm.height()));
    p.setPen(text);
    const int rstep = niceStep((fm.height() + 1) / cell.height());
    for (int r = (r0 / rstep) * rstep; r < r1; r += rstep) {
        const double y = g.y() + (r + 0.5) * cell.height() - sy;
        p.drawText(QRectF(0, y - fm.height() / 2.0, g.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter, rowLabel(r));
    }
    p.restore();

    // Column labels: whole labels at round steps; big cells get each label, elided to the cell.
    if (!colLabelsVisible_) return;
    p.save();
    p.setClipRect(QRect(g.left() - 20, bandTop, g.width() + 40, fm.height() + 2));
    p.setPen(text);
    int widest = 0;
    for (int c = c0; c < c1 && c < c0 + 400; ++c) widest = std::max(widest, fm.horizontalAdvance(columnLabel(c)));
    const bool each = cell.width() >= 44;
    const int cstep = each ? 1 : niceStep((widest + 10) / cell.width());
    for (int c = (c0 / cstep) * cstep; c < c1; c += cstep) {
        const double x = g.x() + (c + 0.5) * cell.width() - sx;
        const double w = each ? cell.width() - 2 : widest + 8;
        const QString label = each ? fm.elidedText(columnLabel(c), Qt::ElideMiddle, int(w)) : columnLabel(c);
        QRectF r(x - w / 2, bandTop, w, fm.height());
        if (!each) r.setWidth(fm.horizontalAdvance(label) + 2), r.moveCenter(QPointF(x, r.center().y()));
        if (r.left() < g.left()) r.moveLeft(g.left()); // never into the corner's row title
        p.drawText(r, Qt::AlignHCenter | Qt::AlignVCenter, label);
    }
    p.restore();
}

void HeatmapWidget::paintBars(QPainter& p, const QRect& g, QSizeF cell, int r0, int r1) {
    const QFontMetrics fm(font());
    const double sy = verticalScrollBar()->value();
    const int x0 = g.right() + 10;
    p.setPen(palette().color(QPalette::PlaceholderText));
    const int titleY = colLabelsVisible_ ? g.top() - fm.height() - 4 : 3;
    if (!colLabelsVisible_ && title_.isEmpty() && !legendOnTitleLine()) p.setPen(Qt::NoPen); // no line to put it on
    p.drawText(QRect(x0, titleY, kBarsWidth - 12, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(barsTitle_, Qt::ElideRight, kBarsWidth - 12));
    p.save();
    p.setClipRect(QRect(x0, g.top(), kBarsWidth, g.height()));
    const bool text = cell.height() >= fm.height();
    for (int r = r0; r < r1 && size_t(r) < bars_.size(); ++r) {
        const float v = bars_[size_t(r)];
        const double y = g.y() + r * cell.height() - sy;
        const double len = std::clamp(double(v) / barsMax_, 0.0, 1.0) * kBarLength;
        const double h = std::max(1.0, cell.height() * (cell.height() >= 6 ? 0.7 : 1.0));
        p.fillRect(QRectF(x0, y + (cell.height() - h) / 2, std::max(len, 1.0), h), QColor(0x4e, 0x79, 0xa7));
        p.fillRect(QRectF(x0 + len, y + (cell.height() - h) / 2, kBarLength - len, h), palette().color(QPalette::Midlight));
        if (text) {
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QRectF(x0 + kBarLength + 4, y, kBarsWidth - kBarLength - 14, cell.height()), Qt::AlignLeft | Qt::AlignVCenter,
                       barsFormat_ ? barsFormat_(v) : QString::number(double(v), 'g', 3));
        }
    }
    p.restore();
}

int HeatmapWidget::paintLegend(QPainter* p, int x0, int y, int right) const {
    // p == nullptr measures: the width the legend needs, so it can be placed.
    const QFontMetrics fm(font());
    const int h = fm.height();
    int x = x0;
    if (p) p->setPen(palette().color(QPalette::Text));
    auto text = [&](const QString& t) {
        const QString e = p ? fm.elidedText(t, Qt::ElideRight, std::max(0, right - x)) : t;
        if (p) p->drawText(QRect(x, y, std::max(0, right - x), h), Qt::AlignLeft | Qt::AlignVCenter, e);
        x += fm.horizontalAdvance(e);
    };
    auto swatch = [&](QRgb color, const QString& t) {
        if (x > x0) x += 14;
        if (p && x >= right) return;
        if (p) {
            p->fillRect(QRect(x, y + 2, h - 4, h - 4), QColor(color));
            p->setPen(palette().color(QPalette::Mid));
            p->drawRect(QRect(x, y + 2, h - 4, h - 4));
            p->setPen(palette().color(QPalette::Text));
        }
        x += h;
        text(t);
    };
    if (scale_ == ColorScale::Categorical) {
        for (size_t k = 0; k < categories_.size(); ++k)
            swatch(categoryColor(categories_[k]), tr("%1 (%2)").arg(categories_[k].name).arg(categoryCounts_[k]));
    } else if (rows_ > 0) {
        text(formatValue(float(lo_)));
        x += 6;
        const int w = 120;
        if (p) {
            QLinearGradient grad(x, 0, x + w, 0);
            for (const Stop& s : kViridis) grad.setColorAt(s.t, QColor(s.r, s.g, s.b));
            p->fillRect(QRect(x, y + 2, std::min(w, std::max(0, right - x)), h - 4), grad);
        }
        x += w + 6;
        text(formatValue(float(hi_)));
    }
    if (missing_ > 0) swatch(missingColor(), tr("%1 (%2)").arg(missingLabel_).arg(missing_));
    return x - x0;
}

// ---- export ----------------------------------------------------------------

QImage HeatmapWidget::renderImage() { return grab().toImage(); }

bool HeatmapWidget::exportPng(const QString& path) { return renderImage().save(path, "PNG"); }

QString HeatmapWidget::toCsv() const {
    QString out;
    QTextStream s(&out);
    s << csvField(rowTitle_.isEmpty() ? tr("row") : rowTitle_);
    for (int c = 0; c < cols_; ++c) s << u',' << csvField(columnLabel(c));
    s << u'\n';
    for (int r = 0; r < rows_; ++r) {
        s << csvField(rowLabel(r));
        for (int c = 0; c < cols_; ++c) {
            s << u',';
            const float v = value(r, c);
            // 9 significant digits bring every float back exactly.
            if (!std::isnan(v)) s << QString::number(double(v), 'g', 9);
        }
        s << u'\n';
    }
    return out;
}

bool HeatmapWidget::exportCsv(const QString& path) const {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    const QByteArray bytes = toCsv().toUtf8();
    return f.write(bytes) == bytes.size();
}

namespace {

QString suggestedName(const QString& title, const QString& ext) {
    QString base = title.isEmpty() ? u"heatmap"_s : title.toLower();
    for (QChar& ch : base)
        if (!ch.isLetterOrNumber()) ch = u'-';
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return dir + u'/' + base + u'.' + ext;
}

} // namespace

void HeatmapWidget::askExportPng() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export heatmap as PNG"), suggestedName(title_, u"png"_s), tr("PNG images (*.png)"));
    if (!path.isEmpty() && !exportPng(path)) QToolTip::showText(mapToGlobal(QPoint(0, 0)), tr("Cannot write %1").arg(path), this);
}

void HeatmapWidget::askExportCells() {
    if (image_.isNull()) return;
    bool ok = false;
    const int scale = QInputDialog::getInt(this, tr("Export cells"),
                                           tr("Pixels per cell (the grid is %1 × %2 cells):").arg(cols_).arg(rows_), 1, 1, 64, 1, &ok);
    if (!ok) return;
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export heatmap cells"), suggestedName(title_, u"png"_s),
                                                      tr("PNG images (*.png);;SVG images (*.svg)"), &filter);
    if (path.isEmpty()) return;
    if (!writeCells(image_, scale, title_, path))
        QToolTip::showText(mapToGlobal(QPoint(0, 0)), tr("Cannot write %1").arg(path), this);
}

void HeatmapWidget::askExportCsv() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export heatmap values as CSV"), suggestedName(title_, u"csv"_s), tr("CSV files (*.csv)"));
    if (!path.isEmpty() && !exportCsv(path)) QToolTip::showText(mapToGlobal(QPoint(0, 0)), tr("Cannot write %1").arg(path), this);
}

} // namespace cmfw
