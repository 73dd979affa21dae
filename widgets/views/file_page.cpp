#include "views/file_page.h"

#include "document/cmf_document.h"
#include "util/format_text.h"
#include "util/scrolling_page.h"
#include "views/architecture_view.h"
#include "views/bits_view.h"
#include "views/compare_view.h"
#include "views/envelope_view.h"
#include "views/error_view.h"
#include "views/header_view.h"
#include "views/masks_view.h"
#include "views/overview_view.h"
#include "views/playground_view.h"
#include "views/shards_view.h"
#include "views/signature_view.h"
#include "views/skills_view.h"
#include "views/quant_view.h"
#include "views/measure_view.h"
#include "views/routing_view.h"
#include "views/tasks_view.h"
#include "views/tensor_detail_view.h"
#include "views/tensors_view.h"
#include "views/tokenizer_view.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

constexpr int kViewRole = Qt::UserRole + 1;

struct ViewName {
    FilePage::View view;
    const char* name;
};
const ViewName kNames[] = {
    {FilePage::View::Overview, "overview"},
    {FilePage::View::Envelope, "envelope"}, {FilePage::View::Header, "header"},     {FilePage::View::Tensors, "tensors"},
    {FilePage::View::Tensor, "tensor"},     {FilePage::View::Masks, "masks"},       {FilePage::View::Skills, "skills"}, {FilePage::View::Tasks, "tasks"}, {FilePage::View::Routing, "routing"}, {FilePage::View::Quant, "quant"},
    {FilePage::View::Tokenizer, "tokenizer"}, {FilePage::View::Signature, "signature"}, {FilePage::View::Shards, "shards"},
    {FilePage::View::Compare, "compare"},
    {FilePage::View::Bits, "bits"},
    {FilePage::View::Architecture, "architecture"},
    {FilePage::View::Measure, "measure"},
    {FilePage::View::Playground, "playground"},
};

} // namespace

std::optional<FilePage::View> FilePage::viewFromName(const QString& name) {
    for (const auto& n : kNames)
        if (name == QLatin1String(n.name)) return n.view;
    return std::nullopt;
}

QString FilePage::viewName(View v) {
    for (const auto& n : kNames)
        if (n.view == v) return QString::fromLatin1(n.name);
    return u"error"_s;
}

FilePage::FilePage(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), services_(services) {
    auto* lay = new QHBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    if (!doc_->ok()) {
        auto* err = new ErrorView(doc_, this);
        views_[View::Error] = err;
        current_ = View::Error;
        lay->addWidget(err);
        return;
    }
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    nav_ = new QTreeWidget(split);
    nav_->setHeaderHidden(true);
    nav_->setRootIsDecorated(true);
    nav_->setMinimumWidth(150);
    nav_->setIndentation(12);
    nav_->setUniformRowHeights(true);
    nav_->setTextElideMode(Qt::ElideLeft); // a tensor's name ends with what it is
    stack_ = new QStackedWidget(split);
    split->addWidget(nav_);
    split->addWidget(stack_);
    split->setStretchFactor(1, 1);
    split->setSizes({175, 900});
    lay->addWidget(split);

    const cmf::CmfFile& f = *doc_->file();
    const auto n = doc_->tensors()->count();
    addItem(View::Overview, tr("Overview"));
    addItem(View::Envelope, tr("Envelope"));
    addItem(View::Header, tr("Header"));
    if (f.header().contains("arch")) addItem(View::Architecture, tr("Architecture"));
    addItem(View::Tensors, tr("Tensors (%1)").arg(Text::count(n)));
    addItem(View::Bits, tr("Bit allocation"));
    addItem(View::Masks, f.masks() ? tr("Masks (%1)").arg(f.masks()->nMasks) : tr("Masks"));
    addItem(View::Skills, f.skills().empty() ? tr("Skills") : tr("Skills (%1)").arg(f.skills().size()));
    addItem(View::Tokenizer, tr("Tokenizer"));
    addItem(View::Playground, tr("Playground"), item(View::Tokenizer));
    item(View::Tokenizer)->setExpanded(true);
    addItem(View::Signature, tr("Signature"));
    if (f.header().contains("arch")) addItem(View::Tasks, tr("Tasks & skills"));
    bool routers = false; // a MoE model: its experts' routing can be shown
    for (uint64_t i = 0; i < f.directory().count() && !routers; ++i) {
        const auto name = f.directory().record(i).name;
        routers = name.size() > 16 && name.substr(name.size() - 16) == ".mlp.gate.weight";
    }
    if (routers) addItem(View::Routing, tr("Expert routing"));
    if (f.header().contains("arch")) addItem(View::Quant, tr("Quantization error"));
    if (f.header().contains("arch")) addItem(View::Measure, tr("Measure"));
    if (doc_->isShard()) addItem(View::Shards, tr("Shards (%1)").arg(f.shard()->count));
    // Items without content are shown but greyed, so the tree always has the same shape.
    auto dim = [&](View v, bool empty) {
        if (empty) items_[v]->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
    };
    const cmf::CmfFile& bundle = *doc_->bundleFile(); // shard 1 of a set: the skills, tokenizer and template are there
    dim(View::Masks, !f.masks());
    dim(View::Skills, bundle.skills().empty());
    dim(View::Tokenizer, !bundle.envelope().vocab.present() && !bundle.chatBundle());
    dim(View::Playground, !bundle.envelope().vocab.present());

    connect(nav_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* cur) {
        if (cur) showView(View(cur->data(0, kViewRole).toInt()));
    });
    showView(View::Overview); // what a person wants to know first; the envelope is one click away
}

bool FilePage::isError() const { return !doc_->ok(); }

void FilePage::addItem(View v, const QString& text, QTreeWidgetItem* parent) {
    auto* it = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(nav_);
    it->setText(0, text);
    it->setData(0, kViewRole, int(v));
    it->setToolTip(0, text);
    items_[v] = it;
}

QTreeWidgetItem* FilePage::item(View v) const { return items_.value(v, nullptr); }

QWidget* FilePage::ensureView(View v) {
    if (QWidget* w = views_.value(v, nullptr)) return w;
    QWidget* w = nullptr;
    switch (v) {
    case View::Overview: {
        auto* o = new OverviewView(doc_, services_, item(View::Tasks) != nullptr, stack_);
        connect(o, &OverviewView::chatRequested, this, &FilePage::chatRequested);
        connect(o, &OverviewView::verifyRequested, this, &FilePage::verifyRequested);
        connect(o, &OverviewView::compareRequested, this, &FilePage::compareRequested);
        connect(o, &OverviewView::tasksRequested, this, [this] { showView(View::Tasks); });
        connect(o, &OverviewView::envelopeRequested, this, [this] { showView(View::Envelope); });
        w = o;
        break;
    }
    case View::Envelope: w = new EnvelopeView(doc_, stack_); break;
    case View::Header: w = new HeaderView(doc_, stack_); break;
    case View::Tensors: {
        auto* t = new TensorsView(doc_, stack_);
        connect(t, &TensorsView::tensorActivated, this, [this](quint64 i) { showTensorIndex(i); });
        w = t;
        break;
    }
    case View::Tensor: w = new TensorDetailView(doc_, services_, stack_); break;
    case View::Masks: w = new MasksView(doc_, stack_); break;
    case View::Bits: w = new BitsView(doc_, stack_); break;
    case View::Architecture: {
        auto* a = new ArchitectureView(doc_, services_, stack_);
        connect(a, &ArchitectureView::tensorActivated, this, [this](const QString& name) { showTensor(name); });
        w = a;
        break;
    }
    case View::Skills: w = new SkillsView(doc_, stack_); break;
    case View::Tasks: w = new TasksView(doc_, services_, stack_); break;
    case View::Routing: w = new RoutingView(doc_, services_, stack_); break;
    case View::Quant: w = new QuantView(doc_, services_, stack_); break;
    case View::Measure: w = new MeasureView(doc_, services_, stack_); break;
    case View::Tokenizer: w = new TokenizerView(doc_, services_, stack_); break;
    case View::Playground: w = new PlaygroundView(doc_, services_, stack_); break;
    case View::Signature: {
        auto* s = new SignatureView(doc_, services_, stack_);
        connect(s, &SignatureView::signRequested, this, &FilePage::signRequested);
        connect(s, &SignatureView::verifyRequested, this, &FilePage::verifyRequested);
        w = s;
        break;
    }
    case View::Shards:
        if (!doc_->isShard()) return nullptr;
    {
        auto* sv = new ShardsView(doc_, stack_);
        connect(sv, &ShardsView::openRequested, this, &FilePage::openRequested);
        w = sv;
        break;
    }
    case View::Compare: return nullptr; // needs a second file: showCompare()
    case View::Error: return nullptr;
    }
    addToStack(w);
    views_[v] = w;
    return w;
}

void FilePage::addToStack(QWidget* view) {
    // Every page scrolls when the window is smaller than what it needs, so the
    // window's minimum stays small (the first window must fit a 1280 × 800
    // screen at a scale factor of 2: 640 × 400 logical pixels). A window at
    // least the page's minimum shows it exactly as without the scroll area.
    stack_->addWidget(scrollingFrame(view, stack_));
}

QWidget* FilePage::stackFrame(QWidget* view) const {
    QWidget* w = view;
    while (w && w->parentWidget() != stack_) w = w->parentWidget();
    return w;
}

bool FilePage::showView(View v) {
    if (isError()) return v == View::Error;
    if (v == View::Tensor && !views_.contains(View::Tensor)) return false; // needs a tensor: showTensor()
    // Views only some files have (routing: a MoE model; tasks, quantization, architecture, measure: a model) exist when listed.
    if ((v == View::Routing || v == View::Tasks || v == View::Quant || v == View::Architecture || v == View::Measure) && !item(v)) return false;
    QWidget* w = ensureView(v);
    if (!w) return false;
    stack_->setCurrentWidget(stackFrame(w));
    current_ = v;
    if (QTreeWidgetItem* it = item(v); it && nav_->currentItem() != it) {
        const QSignalBlocker block(nav_);
        nav_->setCurrentItem(it);
    }
    Q_EMIT viewChanged(v);
    return true;
}

void FilePage::showTensorIndex(uint64_t index) {
    auto* detail = static_cast<TensorDetailView*>(ensureView(View::Tensor));
    detail->setTensor(index);
    // The detail appears in the tree under Tensors, named after the tensor.
    if (!item(View::Tensor)) addItem(View::Tensor, QString(), item(View::Tensors));
    item(View::Tensor)->setText(0, detail->tensorName());
    item(View::Tensor)->setToolTip(0, detail->tensorName());
    item(View::Tensors)->setExpanded(true);
    showView(View::Tensor);
}

bool FilePage::showTensor(const QString& name) {
    if (isError()) return false;
    const QByteArray utf8 = name.toUtf8();
    const auto i = doc_->tensors()->find(std::string_view(utf8.constData(), size_t(utf8.size())));
    if (!i) return false;
    showTensorIndex(*i);
    return true;
}

CompareView* FilePage::showCompare(const QString& other) {
    if (isError()) return nullptr;
    auto* view = qobject_cast<CompareView*>(views_.value(View::Compare, nullptr));
    if (!view) {
        view = new CompareView(services_, stack_);
        addToStack(view);
        views_[View::Compare] = view;
        addItem(View::Compare, QString());
    }
    view->compare(doc_->path(), other);
    // The tree is narrow: the other file's name is in the tooltip and the view.
    item(View::Compare)->setText(0, tr("Compare"));
    item(View::Compare)->setToolTip(0, tr("Compare with %1").arg(QFileInfo(other).absoluteFilePath()));
    showView(View::Compare);
    return view;
}

} // namespace cmfw
