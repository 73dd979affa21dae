#include "views/overview_view.h"
#include "util/tones.h"

#include "jobs/operation_availability.h"

#include "document/cmf_document.h"
#include "jobs/job.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/quality_text.h"
#include "util/scrolling_page.h"
#include "util/trusted_keys.h"

#include "cmf/engine/memory_budget.h"

#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

// Masks and skills listed by name before "and N more": the Tasks page has them all.
constexpr int kListed = 5;

// "1.23 M" beside the exact count: the exact one is what `cmf info` prints, the short one what a person reads.
QString compactCount(uint64_t n) {
    const double v = double(n);
    if (v >= 1e9) return OverviewView::tr("%1 B").arg(v / 1e9, 0, 'f', 2);
    if (v >= 1e6) return OverviewView::tr("%1 M").arg(v / 1e6, 0, 'f', 2);
    if (v >= 1e3) return OverviewView::tr("%1 K").arg(v / 1e3, 0, 'f', 1);
    return QString::number(n);
}

QString number(const std::optional<uint64_t>& v) { return v ? Text::count(*v) : OverviewView::tr("not in the header"); }

QString attentionKind(const std::string& kind) {
    if (kind == "FullAttention") return OverviewView::tr("full");
    if (kind == "SlidingAttention") return OverviewView::tr("sliding window");
    if (kind == "LinearAttention") return OverviewView::tr("linear (gated delta rule)");
    return QString::fromStdString(kind);
}

// header.generation_config in words: what a chat starts from, and the ids it stops at.
QString generationText(const std::optional<cmf::GenerationConfig>& g) {
    if (!g || g->empty()) return OverviewView::tr("none in the file: chats start from the workbench's defaults, cmf run is greedy");
    const QLocale loc;
    QStringList parts;
    if (g->doSample) parts << (*g->doSample ? OverviewView::tr("samples") : OverviewView::tr("greedy (do_sample false)"));
    if (g->temperature) parts << OverviewView::tr("temperature %1").arg(loc.toString(*g->temperature, 'g', 4));
    if (g->topK) parts << OverviewView::tr("top-k %1").arg(*g->topK);
    if (g->topP) parts << OverviewView::tr("top-p %1").arg(loc.toString(*g->topP, 'g', 4));
    if (g->minP) parts << OverviewView::tr("min-p %1").arg(loc.toString(*g->minP, 'g', 4));
    if (g->repetitionPenalty) parts << OverviewView::tr("repetition penalty %1").arg(loc.toString(*g->repetitionPenalty, 'g', 4));
    QString text = parts.join(u", "_s);
    if (!g->eosTokenIds.empty()) {
        QStringList ids;
        for (int64_t id : g->eosTokenIds) ids << QString::number(id);
        text += (text.isEmpty() ? QString() : u"\n"_s) + OverviewView::tr("stops at ids %1").arg(ids.join(u", "_s));
    }
    return text;
}

} // namespace

OverviewView::OverviewView(std::shared_ptr<const CmfDocument> doc, Services services, bool hasTasks, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), services_(services) {
    overview_ = describeModel(*doc_->file(), doc_->model().get());
    const ModelOverview& o = overview_;

    // A scroll area: at 1280×800 with the docks open the page fits; a smaller window scrolls instead of cutting text.
    const auto [content, lay] = makeScrollingPage(this);

    const QString family = o.family.empty() ? tr("model") : QString::fromStdString(o.family);
    lay->addWidget(makeTitle(o.hasArch ? tr("%1 — a %2 model").arg(doc_->fileName(), family) : doc_->fileName(), content));
    const auto& counted = o.setContent ? *o.setContent : o.content;
    lay->addWidget(makeNote(tr("%1 parameters · %2 · %3 bits per weight")
                                .arg(compactCount(counted.parameters), Text::bytes(o.setContent ? o.setFileSize : o.fileSize))
                                .arg(counted.bitsPerWeight(), 0, 'f', 2),
                            content));

    auto* buttons = new QHBoxLayout();
    buttons->addWidget(addButton(u"chat"_s, tr("Chat…")));
    buttons->addWidget(addButton(u"verify"_s, tr("Verify")));
    buttons->addWidget(addButton(u"compare"_s, tr("Compare with…")));
    buttons->addWidget(addButton(u"tasks"_s, tr("Tasks && skills"))); // && : not a mnemonic
    buttons->addStretch(1);
    buttons->addWidget(addButton(u"envelope"_s, tr("Envelope and sections")));
    lay->addLayout(buttons);
    button(u"chat"_s)->setToolTip(tr("Talk to this model on the CPU engine, in a window of its own"));
    // The same rule as the main window's Chat action (jobs/operation_availability).
    if (const QString why = chatUnavailable(*doc_); !why.isEmpty()) {
        button(u"chat"_s)->setEnabled(false);
        button(u"chat"_s)->setToolTip(why);
    }
    button(u"verify"_s)->setToolTip(tr("Check every hash of the file and its signature"));
    button(u"compare"_s)->setToolTip(tr("Compare this file with another CMF file: tensors, header and sections"));
    button(u"tasks"_s)->setEnabled(hasTasks);
    button(u"tasks"_s)->setToolTip(hasTasks ? tr("Task masks and skills: their quality, and the jobs that make, apply and export them")
                                            : tr("Not a runnable model: the header has no arch"));
    button(u"envelope"_s)->setToolTip(tr("The envelope: where every section of the file lies, byte for byte"));
    connect(button(u"chat"_s), &QPushButton::clicked, this, [this] { Q_EMIT chatRequested(doc_->path()); });
    connect(button(u"verify"_s), &QPushButton::clicked, this, [this] { Q_EMIT verifyRequested(doc_->path()); });
    connect(button(u"compare"_s), &QPushButton::clicked, this, [this] { Q_EMIT compareRequested(doc_->path()); });
    connect(button(u"tasks"_s), &QPushButton::clicked, this, &OverviewView::tasksRequested);
    connect(button(u"envelope"_s), &QPushButton::clicked, this, &OverviewView::envelopeRequested);

    grid_ = new QGridLayout();
    grid_->setHorizontalSpacing(10);
    grid_->setVerticalSpacing(8);
    auto group = [&](const QString& title) {
        auto* box = new QGroupBox(title, content);
        auto* form = new QFormLayout(box);
        form->setRowWrapPolicy(QFormLayout::DontWrapRows);
        form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
        form->setLabelAlignment(Qt::AlignLeft);
        form->setVerticalSpacing(3);
        boxes_.push_back(box);
        return form;
    };
    // In Box order: Architecture, Size, Tokenizer, Tasks, Memory.
    fillArchitecture(group(tr("Architecture")));
    fillContent(group(tr("Size and precision")));
    fillTokenizer(group(tr("Tokenizer and chat")));
    fillTasks(group(tr("Task masks and skills")));
    fillMemory(group(tr("Signature and memory")));
    lay->addLayout(grid_);
    lay->addStretch(1);
    arrangeBoxes(3);

    connect(services_.trusted, &TrustedKeyList::changed, this, &OverviewView::showSignature);
    readTokenizer();
}

// Three columns when they fit, else two, else one: the page reflows rather
// than cutting the right column (a 1280 × 800 window gives it ~1040 pixels,
// a long generation-defaults line alone takes 400).
int OverviewView::columnsFor(int width) const {
    const auto w = [&](Box b) { return boxes_[b]->minimumSizeHint().width(); };
    const int gap = grid_->horizontalSpacing();
    const int margins = 24 + 20; // the page's content margins and its vertical scroll bar
    if (std::max(w(Architecture) + w(Size) + w(Tokenizer) + 2 * gap, w(Tasks) + w(Memory) + gap) + margins <= width) return 3;
    if (std::max({w(Architecture) + w(Size), w(Tokenizer) + w(Memory), w(Tasks) - gap}) + gap + margins <= width) return 2;
    return 1;
}

void OverviewView::arrangeBoxes(int columns) {
    if (columns == columns_) return;
    columns_ = columns;
    for (QGroupBox* b : boxes_) grid_->removeWidget(b);
    for (int c = 0; c < 3; ++c) grid_->setColumnStretch(c, 0);
    struct Cell {
        int row, col, span;
    };
    // Per box (Box order) its cell, for 3, 2 and 1 columns.
    static const Cell three[] = {{0, 0, 1}, {0, 1, 1}, {0, 2, 1}, {1, 0, 2}, {1, 2, 1}};
    static const Cell two[] = {{0, 0, 1}, {0, 1, 1}, {1, 0, 1}, {2, 0, 2}, {1, 1, 1}};
    static const Cell one[] = {{0, 0, 1}, {1, 0, 1}, {2, 0, 1}, {4, 0, 1}, {3, 0, 1}};
    const Cell* cells = columns == 3 ? three : columns == 2 ? two : one;
    for (int i = 0; i < int(boxes_.size()); ++i) grid_->addWidget(boxes_[i], cells[i].row, cells[i].col, 1, cells[i].span);
    for (int c = 0; c < columns; ++c) grid_->setColumnStretch(c, 1);
}

void OverviewView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrangeBoxes(columnsFor(width()));
}

QLabel* OverviewView::addRow(QFormLayout* form, const QString& name, const QString& key, const QString& text) {
    auto* v = new QLabel(text, form->parentWidget());
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // No word wrap: a wrapping label in a form inside a grid is given one line's
    // height and cut; the values are written as short lines instead.
    v->setTextFormat(Qt::PlainText);
    v->setObjectName(key);
    form->addRow(name, v);
    values_[key] = v;
    return v;
}

QPushButton* OverviewView::addButton(const QString& key, const QString& text) {
    auto* b = new QPushButton(text, this);
    b->setObjectName(key);
    buttons_[key] = b;
    return b;
}

QString OverviewView::value(const QString& key) const {
    const QLabel* l = values_.value(key, nullptr);
    return l ? l->text() : QString();
}

QPushButton* OverviewView::button(const QString& key) const { return buttons_.value(key, nullptr); }

void OverviewView::fillArchitecture(QFormLayout* form) {
    const ModelOverview& o = overview_;
    if (!o.hasArch) {
        addRow(form, tr("Architecture"), u"family"_s, tr("none: the header has no arch,\nso this is not a runnable model"));
        return;
    }
    addRow(form, tr("Family"), u"family"_s, o.family.empty() ? tr("not named (no arch_name)") : QString::fromStdString(o.family));
    addRow(form, tr("Layers"), u"layers"_s, number(o.layers));
    addRow(form, tr("Hidden size"), u"hidden"_s, number(o.hidden));
    QString heads = tr("%1 query, %2 key/value").arg(number(o.heads), number(o.kvHeads));
    if (o.headDim) heads += u", "_s + tr("%1 wide").arg(Text::count(*o.headDim));
    addRow(form, tr("Attention heads"), u"heads"_s, heads);
    QStringList kinds;
    for (const auto& [kind, n] : o.attention) kinds << tr("%1 × %2").arg(Text::count(n), attentionKind(kind));
    QString attention = kinds.join(u'\n'); // one kind a line: a hybrid's schedule reads as a list
    if (o.slidingWindow && o.attention.contains("SlidingAttention"))
        attention += u'\n' + tr("window %1 tokens").arg(Text::count(*o.slidingWindow));
    addRow(form, tr("Attention"), u"attention"_s, attention.isEmpty() ? tr("no layers") : attention);
    QString moe = tr("none (dense FFN, %1 wide)").arg(number(o.intermediate));
    if (o.moe)
        moe = (o.moe->sharedExpert ? tr("%1 experts, top-%2, shared expert") : tr("%1 experts, top-%2"))
                  .arg(Text::count(o.moe->experts), Text::count(o.moe->topK));
    addRow(form, tr("Experts (MoE)"), u"moe"_s, moe);
    addRow(form, tr("Context length"), u"context"_s, o.context ? tr("%1 tokens").arg(Text::count(*o.context)) : number(o.context));
    if (o.mtpLayers) addRow(form, tr("Draft head (MTP)"), u"mtp"_s, tr("%n layer(s)", nullptr, int(*o.mtpLayers)));
}

void OverviewView::fillContent(QFormLayout* form) {
    const ModelOverview& o = overview_;
    const cmf::ContentSummary& c = o.content;
    if (o.shardNo) {
        addRow(form, tr("Shard"), u"shard"_s,
               o.setContent ? tr("%1 of %2, the set complete").arg(o.shardNo).arg(o.shardCount)
                            : tr("%1 of %2, the set did not open:\nthe numbers are this shard's").arg(o.shardNo).arg(o.shardCount));
    }
    // A shard: the model's numbers are the set's; the file's own follow in brackets.
    if (o.setContent)
        addRow(form, tr("Parameters"), u"parameters"_s,
               tr("%1 (%2) in the set\n%3 in this shard")
                   .arg(Text::count(o.setContent->parameters), compactCount(o.setContent->parameters), Text::count(c.parameters)));
    else
        addRow(form, tr("Parameters"), u"parameters"_s, tr("%1 (%2)").arg(Text::count(c.parameters), compactCount(c.parameters)));
    addRow(form, tr("File size"), u"file_size"_s,
           o.setContent ? tr("%1 (%2 bytes)\nthe set: %3").arg(Text::bytes(o.fileSize), Text::count(o.fileSize), Text::bytes(o.setFileSize))
                        : tr("%1 (%2 bytes)").arg(Text::bytes(o.fileSize), Text::count(o.fileSize)));
    addRow(form, tr("Tensors"), u"tensors"_s, Text::count(c.tensors));
    const auto& counted = o.setContent ? *o.setContent : c;
    addRow(form, tr("Bits per weight"), u"bits_per_weight"_s, QString::number(counted.bitsPerWeight(), 'f', 2));
    // The mix by share of the bytes: what the file's size is made of.
    auto shares = counted.dtypes;
    std::sort(shares.begin(), shares.end(), [](const auto& a, const auto& b) { return a.bytes > b.bytes; });
    QStringList mix;
    for (const auto& d : shares)
        mix << tr("%1: %2, %n tensor(s)", nullptr, int(d.tensors))
                   .arg(QString::fromStdString(d.dtype), Text::percent(counted.bytes ? double(d.bytes) / double(counted.bytes) : 0.0));
    addRow(form, tr("Dtype mix (bytes)"), u"dtypes"_s, mix.join(u'\n'));
    if (!o.quantType.empty()) addRow(form, tr("quant_type"), u"quant_type"_s, QString::fromStdString(o.quantType));
}

void OverviewView::fillTokenizer(QFormLayout* form) {
    const ModelOverview& o = overview_;
    addRow(form, tr("Tokenizer"), u"tokenizer"_s,
           o.tokenizer ? tr("reading %1 of tokenizer.json…").arg(Text::bytes(o.tokenizerBytes))
                       : tr("none (no vocab section):\nno chat, no text"));
    addRow(form, tr("Vocabulary (arch)"), u"vocab"_s, o.hasArch ? number(o.vocab) : tr("no arch"));
    addRow(form, tr("Chat template"), u"chat_template"_s,
           o.chatTemplate ? tr("yes, in the file") : tr("none: runtimes use ChatML"));
    addRow(form, tr("Generation defaults"), u"generation"_s, generationText(o.generation));
}

void OverviewView::fillTasks(QFormLayout* form) {
    const ModelOverview& o = overview_;
    auto listed = [](QStringList lines, size_t total) {
        if (total > size_t(kListed)) lines << tr("… and %n more on the Tasks & skills page", nullptr, int(total - kListed));
        return lines.join(u'\n');
    };
    QStringList masks;
    for (size_t i = 0; i < o.masks.size() && i < size_t(kListed); ++i) {
        const auto& m = o.masks[i];
        masks << tr("%1 — %2 of the FFN off; quality: %3")
                     .arg(QString::fromStdString(m.name), Text::percent(m.sparsity), maskQualityText(m.quality));
    }
    QLabel* ml = addRow(form, tr("Masks (%1)").arg(o.masks.size()), u"masks"_s,
                        o.masks.empty() ? tr("none: the file has no masks section") : listed(masks, o.masks.size()));
    // A mask whose quality was never measured is a claim nobody checked (§5.1): say so in colour.
    if (std::any_of(o.masks.begin(), o.masks.end(), [](const auto& m) { return m.quality.is_null(); })) {
        ml->setToolTip(tr("A mask marked “not measured” has no recorded quality (§5.1): check it before relying on it"));
        setTone(ml, Tone::Bad);
    }
    QStringList skills;
    for (size_t i = 0; i < o.skills.size() && i < size_t(kListed); ++i) {
        const auto& s = o.skills[i];
        // The id is what `cmf chat --skill` takes; a name that already starts with it says both.
        const QString name = s.name.empty() || s.name.starts_with(s.id) ? QString::fromStdString(s.name.empty() ? s.id : s.name)
                                                                         : QString::fromStdString(s.id + " (" + s.name + ")");
        skills << tr("%1 — quality: %2").arg(name, skillQualityText(s.quality));
    }
    addRow(form, tr("Skills (%1)").arg(o.skills.size()), u"skills"_s, o.skills.empty() ? tr("none") : listed(skills, o.skills.size()));
}

void OverviewView::fillMemory(QFormLayout* form) {
    // The signature row: a state and a button, since checking hashes the whole file.
    auto* row = new QWidget(form->parentWidget());
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    auto* state = new QLabel(row);
    state->setTextFormat(Qt::PlainText);
    state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    state->setObjectName(u"signature"_s);
    values_[u"signature"_s] = state;
    h->addWidget(state, 1);
    auto* check = new QPushButton(tr("Check"), row);
    check->setObjectName(u"check_signature"_s);
    check->setToolTip(tr("Hash the whole file and check %1.sig beside it").arg(doc_->fileName()));
    buttons_[u"check_signature"_s] = check;
    h->addWidget(check, 0, Qt::AlignTop);
    form->addRow(tr("Signature"), row);
    connect(check, &QPushButton::clicked, this, &OverviewView::checkSignature);
    showSignature();

    const auto memory = chatMemory(*doc_->file(), doc_->model().get());
    QString text, source;
    bool tooMuch = false;
    if (!memory.estimate) {
        text = tr("no estimate: %1").arg(QString::fromStdString(memory.error));
    } else {
        const auto& e = *memory.estimate;
        text = tr("%1 at a %2-token context").arg(Text::bytes(e.totalBytes()), Text::count(memory.ctx)) + u'\n' +
               tr("%1 weights + %2 KV cache").arg(Text::bytes(e.weightBytes), Text::bytes(e.kvBytes));
        if (e.stateBytes) text += u'\n' + tr("+ %1 recurrent state").arg(Text::bytes(e.stateBytes + e.checkpointBytes));
        // The budget reads /proc (kernel counters, no disk), as the chat window does before it loads;
        // this process maps the file already, which the budget must not count twice.
        try {
            const auto budget = cmf::engine::readMemoryBudget(overview_.setContent ? overview_.setFileSize : overview_.fileSize);
            if (!budget.disabled && budget.total != cmf::engine::kUnlimited) {
                tooMuch = e.totalBytes() > budget.total;
                text += u'\n' + (tooMuch ? tr("more than this machine can give: %1") : tr("this machine can give %1")).arg(Text::bytes(budget.total));
                source = tr("What bounds it: %1").arg(QString::fromStdString(budget.source));
            }
        } catch (const std::exception& err) { // a malformed CMF_MEMORY_LIMIT
            text += u'\n' + tr("no budget: %1").arg(QString::fromUtf8(err.what()));
        }
    }
    QLabel* l = addRow(form, tr("Memory to chat"), u"memory"_s, text);
    l->setToolTip(tr("The chat window's default context, the backbone without a task mask, as the engine estimates it "
                     "before loading (cmf info --json \"memory\")") +
                  (source.isEmpty() ? QString() : u'\n' + source));
    if (tooMuch) setTone(l, Tone::Bad);
}

void OverviewView::readTokenizer() {
    if (!overview_.tokenizer) return;
    // The tokenizer of a set lives in shard 1.
    const auto model = doc_->model();
    const auto file = model ? model->files().front() : doc_->file();
    // A key of its own: the Tokenizer page's job must not supersede this one, nor this one it.
    tokenizerJob_ = services_.jobs->start(u"overview-tokenizer:"_s + doc_->path(), tr("Read tokenizer of %1").arg(doc_->fileName()),
                                          jobs::tokenizer(file), [](const QVariant& v) {
                                              const auto s = v.value<TokenizerSummary>();
                                              return s.error.empty() ? tr("%1 tokens").arg(Text::count(s.vocabSize)) : QString::fromStdString(s.error);
                                          });
    connect(tokenizerJob_, &Job::succeeded, this, [this](const QVariant& v) {
        tokenizer_ = v.value<TokenizerSummary>();
        showTokenizer();
    });
    connect(tokenizerJob_, &Job::failed, this, [this](const QString&, const QString& m) {
        tokenizerError_ = m;
        showTokenizer();
    });
    connect(tokenizerJob_, &Job::finished, this, &OverviewView::tokenizerRead);
}

bool OverviewView::tokenizerBusy() const { return tokenizerJob_ && tokenizerJob_->isRunning(); }

void OverviewView::showTokenizer() {
    QLabel* l = values_.value(u"tokenizer"_s);
    if (!tokenizer_) {
        l->setText(tr("could not read it: %1").arg(tokenizerError_));
        return;
    }
    const auto& s = *tokenizer_;
    if (!s.error.empty()) {
        l->setText(tr("unreadable: %1").arg(QString::fromStdString(s.error)));
        return;
    }
    l->setText(tr("%1, %2 tokens (%n added)", nullptr, int(s.added.size()))
                   .arg(s.modelType.empty() ? tr("unnamed model") : QString::fromStdString(s.modelType), Text::count(s.vocabSize)));
}

void OverviewView::checkSignature() {
    signatureError_.clear();
    values_.value(u"signature"_s)->setText(tr("checking…"));
    signatureJob_ = services_.jobs->start(u"overview-signature:"_s + doc_->path(), tr("Check signature of %1").arg(doc_->fileName()),
                                          jobs::checkSignature(doc_->path()), [](const QVariant& v) {
                                              const auto i = v.value<SignatureInfo>();
                                              return !i.check.present ? tr("no signature") : i.check.valid ? tr("valid") : tr("INVALID");
                                          });
    connect(signatureJob_, &Job::succeeded, this, [this](const QVariant& v) {
        signature_ = v.value<SignatureInfo>();
        showSignature();
    });
    connect(signatureJob_, &Job::failed, this, [this](const QString&, const QString& m) {
        signature_.reset();
        signatureError_ = m;
        showSignature();
    });
    connect(signatureJob_, &Job::finished, this, &OverviewView::signatureChecked);
}

void OverviewView::showSignature() {
    QLabel* l = values_.value(u"signature"_s);
    QString tip;
    std::optional<Tone> tone;
    bool bold = false;
    if (!signatureError_.isEmpty()) {
        l->setText(tr("could not check"));
        tip = signatureError_;
    } else if (!signature_) {
        l->setText(tr("not checked"));
        tip = tr("Checking hashes the whole file: press Check");
    } else if (const auto& c = signature_->check; !c.present) {
        l->setText(tr("not signed"));
        tip = tr("There is no %1 beside the file").arg(QFileInfo(signature_->sigPath).fileName());
    } else if (!c.valid) {
        l->setText(tr("INVALID"));
        tip = QString::fromStdString(c.detail);
        tone = Tone::Bad;
        bold = true;
    } else if (const auto trusted = services_.trusted->find(QString::fromStdString(c.pubkey))) {
        l->setText(tr("valid, signed by %1\n(a trusted signer)").arg(trusted->name));
        tone = Tone::Good;
    } else {
        l->setText(tr("valid; the signer is not\nin your trusted keys"));
        tip = tr("Anyone can make a valid signature with their own key: see the Signature page to trust this one");
        tone = Tone::Warn;
    }
    l->setToolTip(tip);
    if (tone) setTone(l, *tone, bold ? u"font-weight: bold;"_s : QString());
    else clearTone(l);
}

} // namespace cmfw
