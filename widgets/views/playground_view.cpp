#include "views/playground_view.h"

#include "analysis/token_playground.h"
#include "document/cmf_document.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/vocab_table_model.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/theme.h"
#include "util/tones.h"
#include "util/token_colors.h"

#include "cmf/format/error.h"

#include <QCheckBox>
#include <algorithm>
#include <QComboBox>
#include <QFontDatabase>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(std::shared_ptr<const cmfw::PlaygroundTokenizer>)

namespace cmfw {

namespace {

// Texts up to this many characters are handled at once on the GUI thread
// (microseconds); longer ones wait for a pause in typing and go to the pool.
constexpr qsizetype kInlineChars = 4096;
constexpr int kDebounceMs = 200;

// Tabs that take the height they are given: a QTabWidget passes on its page's
// height-for-width (a wrapped note), and the scroll area around the page would then
// size the page by adding up size hints instead of giving it the window's height.
class FillingTabs : public QTabWidget {
public:
    using QTabWidget::QTabWidget;
    bool hasHeightForWidth() const override { return false; }
    int heightForWidth(int) const override { return -1; }
};

// A span view: rich text of anchors, one per token; hovering one shows its id,
// spelling and kind.
class SpanBrowser : public QTextBrowser {
public:
    explicit SpanBrowser(QWidget* parent) : QTextBrowser(parent) {
        setOpenLinks(false);
        setOpenExternalLinks(false);
        setReadOnly(true);
        setMinimumHeight(70);
    }
    QStringList tips;

protected:
    // Tool tips go to the viewport, which the scroll area hands to viewportEvent.
    bool viewportEvent(QEvent* e) override {
        if (e->type() == QEvent::ToolTip) {
            auto* he = static_cast<QHelpEvent*>(e);
            bool ok = false;
            const int i = anchorAt(he->pos()).toInt(&ok);
            if (ok && i >= 0 && i < tips.size()) QToolTip::showText(he->globalPos(), tips[i], viewport());
            else QToolTip::hideText();
            return true;
        }
        return QTextBrowser::viewportEvent(e);
    }
};

QString kindName(TokenKind k) {
    switch (k) {
    case TokenKind::Normal: return PlaygroundView::tr("normal");
    case TokenKind::Special: return PlaygroundView::tr("special");
    case TokenKind::Added: return PlaygroundView::tr("added");
    case TokenKind::Byte: return PlaygroundView::tr("byte fallback");
    }
    return {};
}

QString defaultSample(const PlaygroundTokenizer& t) {
    QString s = PlaygroundView::tr("Hello, world! Tokenizers split text into pieces: \"unbelievably\" and 1234567 too.\n"
                                   "Ünïcödé, 日本語 and emoji 🙂 take several bytes.");
    // One special token written in the text, to show how it is recognised.
    if (t.eos && !t.eos->empty()) s += QString::fromStdString(*t.eos);
    return s;
}

QString rateText(double num, qsizetype den) { return den > 0 ? QString::number(num / double(den), 'f', 2) : u"–"_s; }

void noteStyle(QLabel* l) {
    QPalette p = l->palette();
    p.setColor(QPalette::WindowText, p.color(QPalette::PlaceholderText));
    l->setPalette(p);
}

QLabel* errorLabel(QWidget* parent) {
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette p = l->palette();
    p.setColor(QPalette::WindowText, QColor(0xc6, 0x28, 0x28));
    l->setPalette(p);
    l->hide();
    return l;
}

void showError(QLabel* l, const QString& text) {
    l->setText(text);
    l->setVisible(!text.isEmpty());
}

QPlainTextEdit* monoEdit(QWidget* parent, bool readOnly) {
    auto* e = new QPlainTextEdit(parent);
    e->setReadOnly(readOnly);
    e->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return e;
}

} // namespace

template <class R, class W, class D>
void PlaygroundView::runLatest(quint64& counter, W work, D done) {
    const quint64 mine = ++counter;
    auto* watcher = new QFutureWatcher<R>(this);
    ++pending_;
    connect(watcher, &QFutureWatcher<R>::finished, this, [this, watcher, mine, &counter, done] {
        --pending_;
        if (mine == counter) done(watcher->result()); // a newer request supersedes this result
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

PlaygroundView::PlaygroundView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), services_(services) {
    // Token colours are the theme's: a change redraws the legend, the spans and the template's tokens.
    onThemeChange(this, [this] {
        if (tok_) onLoaded(tok_);
    });
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    lay->addWidget(makeTitle(tr("Tokenizer playground"), this));
    state_ = makeNote(tr("Reading tokenizer.json…"), this);
    lay->addWidget(state_);
    tabs_ = new FillingTabs(this);
    tabs_->addTab(buildEncodeTab(), tr("Encode"));
    tabs_->addTab(buildDecodeTab(), tr("Decode"));
    tabs_->addTab(buildVocabTab(), tr("Vocabulary"));
    tabs_->addTab(buildTemplateTab(), tr("Chat template"));
    tabs_->setEnabled(false);
    // The page's wrapped note makes the scroll area size it by height-for-width, which
    // adds up size hints: the tabs would ask for their full hint and the page would
    // scroll at 1280 × 800. They take what is left instead, down to their minimum.
    tabs_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    tabs_->setMinimumHeight(tabs_->minimumSizeHint().height());
    lay->addWidget(tabs_, 1);

    auto timer = [this](void (PlaygroundView::*run)()) {
        auto* t = new QTimer(this);
        t->setSingleShot(true);
        t->setInterval(kDebounceMs);
        connect(t, &QTimer::timeout, this, run);
        return t;
    };
    encodeTimer_ = timer(&PlaygroundView::runEncode);
    decodeTimer_ = timer(&PlaygroundView::runDecode);
    searchTimer_ = timer(&PlaygroundView::runSearch);
    renderTimer_ = timer(&PlaygroundView::runRender);

    const auto file = doc_->bundleFile(); // shard 1 of a set holds the tokenizer
    if (!file || !file->envelope().vocab.present()) {
        loadError_ = tr("This file has no tokenizer section (vocab_off = 0): there is nothing to try.");
        state_->setText(loadError_);
        return;
    }
    loadJob_ = services_.jobs->start(
        u"playground:"_s + doc_->path(), tr("Load tokenizer playground for %1").arg(doc_->fileName()),
        [file](const cmf::Control& control) { return QVariant::fromValue(loadPlayground(*file, control.cancel)); },
        [](const QVariant& v) {
            const auto t = v.value<std::shared_ptr<const PlaygroundTokenizer>>();
            return t ? tr("%1 tokens").arg(Text::count(t->vocab.size())) : QString();
        });
    connect(loadJob_, &Job::succeeded, this,
            [this](const QVariant& v) { onLoaded(v.value<std::shared_ptr<const PlaygroundTokenizer>>()); });
    connect(loadJob_, &Job::failed, this, [this](const QString&, const QString& m) {
        loadError_ = tr("Could not read the tokenizer: %1").arg(m);
        state_->setText(loadError_);
        Q_EMIT loaded();
    });
}

PlaygroundView::~PlaygroundView() = default;

bool PlaygroundView::busy() const {
    return (loadJob_ && loadJob_->isRunning()) || pending_ > 0 || encodeTimer_->isActive() || decodeTimer_->isActive() ||
           searchTimer_->isActive() || renderTimer_->isActive();
}

void PlaygroundView::showTab(Tab t) { tabs_->setCurrentIndex(int(t)); }

// ---- building the tabs ---------------------------------------------------------------------

QWidget* PlaygroundView::buildEncodeTab() {
    auto* w = new QWidget(this);
    auto* l = new QVBoxLayout(w);
    auto* split = new QSplitter(Qt::Vertical, w);
    split->setChildrenCollapsible(false);
    input_ = new QPlainTextEdit(split);
    input_->setObjectName(u"playgroundInput"_s);
    input_->setPlaceholderText(tr("Type or paste text to tokenize"));
    input_->setMinimumHeight(48);
    auto* lower = new QWidget(split);
    auto* ll = new QVBoxLayout(lower);
    ll->setContentsMargins(0, 0, 0, 0);
    auto* opts = new QHBoxLayout();
    addSpecial_ = new QCheckBox(tr("Add special tokens (BOS, [CLS]…)"), lower);
    addSpecial_->setChecked(true);
    addSpecial_->setToolTip(tr("The post-processor's tokens, as cmf tokenize adds them unless --no-add-special"));
    recogniseSpecial_ = new QCheckBox(tr("Recognise special tokens in the text"), lower);
    recogniseSpecial_->setChecked(true);
    recogniseSpecial_->setToolTip(tr("Off: special-token text such as <|im_end|> is tokenized as ordinary text (cmf tokenize --split-special)"));
    showIds_ = new QCheckBox(tr("Show ids"), lower);
    opts->addWidget(addSpecial_);
    opts->addWidget(recogniseSpecial_);
    opts->addWidget(showIds_);
    opts->addStretch(1);
    ll->addLayout(opts);
    counts_ = new QLabel(lower);
    counts_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    legend_ = new QLabel(lower);
    legend_->setTextFormat(Qt::RichText);
    auto* info = new QHBoxLayout();
    info->addWidget(counts_, 1);
    info->addWidget(legend_);
    ll->addLayout(info);
    encodeError_ = errorLabel(lower);
    ll->addWidget(encodeError_);
    spans_ = new SpanBrowser(lower);
    ll->addWidget(spans_, 3);
    auto* idsRow = new QHBoxLayout();
    auto* idsLabel = new QLabel(tr("Ids"), lower);
    noteStyle(idsLabel);
    idsRow->addWidget(idsLabel, 0, Qt::AlignTop);
    idsOut_ = monoEdit(lower, true);
    // Two whole lines: the lines, the document's margins and the frame.
    idsOut_->setFixedHeight(idsOut_->fontMetrics().lineSpacing() * 2 + 2 * int(idsOut_->document()->documentMargin()) + 2 * idsOut_->frameWidth());
    idsRow->addWidget(idsOut_, 1);
    ll->addLayout(idsRow);
    split->addWidget(input_);
    split->addWidget(lower);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    l->addWidget(split);

    connect(input_, &QPlainTextEdit::textChanged, this, &PlaygroundView::scheduleEncode);
    for (QCheckBox* c : {addSpecial_, recogniseSpecial_, showIds_}) connect(c, &QCheckBox::toggled, this, &PlaygroundView::scheduleEncode);
    return w;
}

QWidget* PlaygroundView::buildDecodeTab() {
    auto* w = new QWidget(this);
    auto* l = new QVBoxLayout(w);
    l->addWidget(makeNote(tr("Token ids separated by commas or spaces, or a JSON array, decoded as cmf tokenize --decode does."), w));
    decodeIn_ = monoEdit(w, false);
    decodeIn_->setPlaceholderText(tr("e.g. 9707, 1879 or [9707, 1879]"));
    decodeIn_->setMaximumHeight(90);
    l->addWidget(decodeIn_);
    skipSpecial_ = new QCheckBox(tr("Skip special tokens"), w);
    l->addWidget(skipSpecial_);
    decodeError_ = errorLabel(w);
    l->addWidget(decodeError_);
    auto* out = new QLabel(tr("Text"), w);
    noteStyle(out);
    l->addWidget(out);
    decodeOut_ = new QPlainTextEdit(w);
    decodeOut_->setReadOnly(true);
    l->addWidget(decodeOut_, 1);
    connect(decodeIn_, &QPlainTextEdit::textChanged, this, &PlaygroundView::scheduleDecode);
    connect(skipSpecial_, &QCheckBox::toggled, this, &PlaygroundView::scheduleDecode);
    return w;
}

QWidget* PlaygroundView::buildVocabTab() {
    auto* w = new QWidget(this);
    auto* l = new QVBoxLayout(w);
    auto* row = new QHBoxLayout();
    searchMode_ = new QComboBox(w);
    searchMode_->addItem(tr("Text"), int(SearchMode::Text));
    searchMode_->addItem(tr("Id"), int(SearchMode::Id));
    searchMode_->addItem(tr("Regex"), int(SearchMode::Regex));
    searchMode_->setToolTip(tr("Text: a substring of the token or of what it decodes to; Id: one id; "
                               "Regex: a regular expression searched in both"));
    searchText_ = new QLineEdit(w);
    searchText_->setPlaceholderText(tr("Search the vocabulary"));
    searchText_->setClearButtonEnabled(true);
    row->addWidget(searchMode_);
    row->addWidget(searchText_, 1);
    l->addLayout(row);
    searchNote_ = new QLabel(w);
    searchNote_->setWordWrap(true);
    l->addWidget(searchNote_);
    vocabModel_ = new VocabTableModel(this);
    vocabTable_ = new QTableView(w);
    vocabTable_->setModel(vocabModel_);
    vocabTable_->verticalHeader()->hide();
    vocabTable_->verticalHeader()->setDefaultSectionSize(vocabTable_->fontMetrics().height() + 6);
    vocabTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    vocabTable_->horizontalHeader()->setSectionResizeMode(VocabTableModel::Text, QHeaderView::Stretch);
    vocabTable_->setWordWrap(false);
    l->addWidget(vocabTable_, 1);
    connect(searchText_, &QLineEdit::textChanged, this, [this] { searchTimer_->start(); });
    connect(searchMode_, &QComboBox::currentIndexChanged, this, [this] { searchTimer_->start(); });
    return w;
}

QWidget* PlaygroundView::buildTemplateTab() {
    auto* w = new QWidget(this);
    auto* l = new QVBoxLayout(w);
    templateNote_ = makeNote(QString(), w);
    l->addWidget(templateNote_);
    auto* split = new QSplitter(Qt::Horizontal, w);
    split->setChildrenCollapsible(false);
    auto* left = new QWidget(split);
    auto* ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 6, 0);
    messages_ = new QTableWidget(0, 2, left);
    messages_->setHorizontalHeaderLabels({tr("Role"), tr("Content")});
    messages_->horizontalHeader()->setStretchLastSection(true);
    messages_->verticalHeader()->hide();
    messages_->setSelectionBehavior(QAbstractItemView::SelectRows);
    ll->addWidget(messages_, 1);
    auto* buttons = new QHBoxLayout();
    auto* add = new QPushButton(tr("Add message"), left);
    auto* remove = new QPushButton(tr("Remove"), left);
    generationPrompt_ = new QCheckBox(tr("Add generation prompt"), left);
    generationPrompt_->setChecked(true);
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    buttons->addWidget(generationPrompt_);
    ll->addLayout(buttons);
    auto* right = new QWidget(split);
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(6, 0, 0, 0);
    renderError_ = errorLabel(right);
    rl->addWidget(renderError_);
    renderedOut_ = monoEdit(right, true);
    renderedOut_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    rl->addWidget(renderedOut_, 1);
    renderCounts_ = new QLabel(right);
    rl->addWidget(renderCounts_);
    renderSpans_ = new SpanBrowser(right);
    rl->addWidget(renderSpans_, 1);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    l->addWidget(split, 1);

    addMessageRow(u"system"_s, tr("You are a helpful assistant."));
    addMessageRow(u"user"_s, tr("What does the word anchor mean?"));
    connect(add, &QPushButton::clicked, this, [this] {
        const int n = messages_->rowCount();
        addMessageRow(n > 0 && qobject_cast<QComboBox*>(messages_->cellWidget(n - 1, 0))->currentText() == u"user" ? u"assistant"_s : u"user"_s,
                      QString());
        messages_->setCurrentCell(messages_->rowCount() - 1, 1);
        messages_->editItem(messages_->item(messages_->rowCount() - 1, 1));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int r = messages_->currentRow();
        if (r >= 0) messages_->removeRow(r);
        scheduleRender();
    });
    connect(messages_, &QTableWidget::cellChanged, this, &PlaygroundView::scheduleRender);
    connect(generationPrompt_, &QCheckBox::toggled, this, &PlaygroundView::scheduleRender);
    return w;
}

void PlaygroundView::addMessageRow(const QString& role, const QString& content) {
    const QSignalBlocker block(messages_);
    const int r = messages_->rowCount();
    messages_->insertRow(r);
    auto* roles = new QComboBox(messages_);
    roles->setEditable(true); // templates know other roles too (tool, developer…)
    roles->addItems({u"system"_s, u"user"_s, u"assistant"_s, u"tool"_s});
    roles->setCurrentText(role);
    messages_->setCellWidget(r, 0, roles);
    messages_->setItem(r, 1, new QTableWidgetItem(content));
    connect(roles, &QComboBox::currentTextChanged, this, &PlaygroundView::scheduleRender);
    messages_->resizeColumnToContents(0);
    scheduleRender();
}

// ---- loading -------------------------------------------------------------------------------

void PlaygroundView::onLoaded(std::shared_ptr<const PlaygroundTokenizer> tok) {
    tok_ = std::move(tok);
    const size_t specials = size_t(std::count_if(tok_->vocab.begin(), tok_->vocab.end(), [](const VocabEntry& v) { return v.kind == TokenKind::Special; }));
    state_->setText(tr("%1 tokenizer, %2 ids (%3 special). The same code as cmf tokenize and cmf template.")
                        .arg(QString::fromStdString(tok_->tokenizer.modelType()), Text::count(tok_->vocab.size()), Text::count(specials)));
    const TokenColors c = tokenColors(isDark(palette()));
    auto swatch = [](const QColor& bg, const QColor& fg, const QString& name) {
        return u"<span style=\"background-color:%1; color:%2;\">&nbsp;%3&nbsp;</span>"_s.arg(bg.name(), fg.name(), name.toHtmlEscaped());
    };
    legend_->setText(swatch(c.normal.value(0), c.text, tr("token")) + u' ' + swatch(c.normal.value(1), c.text, tr("token")) + u' ' +
                     swatch(c.special, c.markText, tr("special")) + u' ' + swatch(c.added, c.markText, tr("added")) + u' ' +
                     swatch(c.byte, c.markText, tr("byte")));
    QString tmpl;
    if (!tok_->templateError.empty()) tmpl = tr("The chat template does not parse: %1").arg(QString::fromStdString(tok_->templateError));
    else if (tok_->fallbackTemplate) tmpl = tr("This file has no chat template: rendered with the ChatML fallback (§6.1), as cmf template does.");
    else tmpl = tr("Rendered with the file's chat template, as cmf template renders it.");
    auto tokenText = [](const std::optional<std::string>& s) { return s ? u"<code>"_s + visibleToken(*s).toHtmlEscaped() + u"</code>" : tr("undefined"); };
    templateNote_->setTextFormat(Qt::RichText);
    templateNote_->setText(tmpl.toHtmlEscaped() + u' ' + tr("bos_token: %1, eos_token: %2.").arg(tokenText(tok_->bos), tokenText(tok_->eos)));
    tabs_->setEnabled(true);
    if (input_->toPlainText().isEmpty()) {
        const QSignalBlocker block(input_);
        input_->setPlainText(defaultSample(*tok_));
    }
    runEncode();
    runSearch();
    runRender();
    // Decode starts from the sample's ids, so it shows what it does.
    if (decodeIn_->toPlainText().isEmpty()) decodeIn_->setPlainText(idsOut_->toPlainText());
    Q_EMIT loaded();
}

// ---- encode --------------------------------------------------------------------------------

QString PlaygroundView::spansHtml(const std::vector<TokenSpan>& spans) const {
    const TokenColors c = tokenColors(isDark(palette()));
    const bool ids = showIds_->isChecked();
    QString html = u"<html><body style=\"white-space: pre-wrap;\">"_s;
    html.reserve(qsizetype(std::min(spans.size(), kMaxSpans)) * 90);
    const QString mono = QFontDatabase::systemFont(QFontDatabase::FixedFont).family();
    for (size_t i = 0; i < spans.size() && i < kMaxSpans; ++i) {
        const TokenSpan& s = spans[i];
        QColor bg = c.normal[qsizetype(i) % c.normal.size()], fg = c.text;
        QString extra;
        QString text;
        switch (s.kind) {
        case TokenKind::Special: bg = c.special; fg = c.markText; extra = u" font-weight:bold;"_s; break;
        case TokenKind::Added: bg = c.added; fg = c.markText; break;
        case TokenKind::Byte: bg = c.byte; fg = c.markText; extra = u" font-family:'"_s + mono + u"';"; break;
        case TokenKind::Normal: break;
        }
        if (s.kind == TokenKind::Byte) {
            text = visibleToken(s.spelling).toHtmlEscaped(); // <0xF0>, as the vocabulary spells it
        } else if (s.text.empty()) {
            // Part of a character whose last byte comes with a later token (which shows
            // the character); its spelling is in the tool tip.
            text = u"\u2026"_s;
            extra += u" font-style:italic;"_s;
        } else {
            // Line ends and tabs keep their effect and get a visible mark.
            text = textFromUtf8(s.text).toHtmlEscaped();
            text.replace(u'\r', u"\u240d"_s).replace(u'\n', u"\u21b5\n"_s).replace(u'\t', u"\u2192\t"_s);
        }
        html += u"<a href=\""_s + QString::number(i) + u"\" style=\"text-decoration:none; color:"_s + fg.name() + u";\">" +
                u"<span style=\"background-color:"_s + bg.name() + u"; color:" + fg.name() + u";" + extra + u"\">" + text + u"</span>";
        if (ids) html += u"<sub style=\"color:"_s + palette().color(QPalette::PlaceholderText).name() + u";\">" + QString::number(s.id) + u"</sub>";
        html += u"</a>"_s;
    }
    if (spans.size() > kMaxSpans)
        html += u"<p><i>"_s + tr("… the first %1 of %2 tokens are shown.").arg(Text::count(kMaxSpans), Text::count(spans.size())).toHtmlEscaped() +
                u"</i></p>";
    html += u"</body></html>"_s;
    return html;
}

static QStringList spanTips(const std::vector<TokenSpan>& spans) {
    QStringList tips;
    tips.reserve(qsizetype(std::min(spans.size(), PlaygroundView::kMaxSpans)));
    for (size_t i = 0; i < spans.size() && i < PlaygroundView::kMaxSpans; ++i) {
        const TokenSpan& s = spans[i];
        tips << PlaygroundView::tr("token %1: id %2\nspelling: %3\ntext: %4\nkind: %5")
                    .arg(i)
                    .arg(s.id)
                    .arg(visibleToken(s.spelling), visibleToken(s.text), kindName(s.kind));
    }
    return tips;
}

void PlaygroundView::scheduleEncode() {
    if (!tok_) return;
    if (input_->document()->characterCount() <= kInlineChars) {
        encodeTimer_->stop();
        runEncode();
    } else {
        encodeTimer_->start();
    }
}

void PlaygroundView::runEncode() {
    if (!tok_) return;
    const QString text = input_->toPlainText();
    const bool add = addSpecial_->isChecked(), split = !recogniseSpecial_->isChecked();
    if (text.size() <= kInlineChars) {
        ++encodeGen_; // drops a long encoding still running
        const EncodeResult r = encodeText(*tok_, text, add, split);
        showEncoding(r, spansHtml(r.spans));
        return;
    }
    const auto tok = tok_;
    // The spans' html (at most kMaxSpans of them) is made on the GUI thread: it reads the palette.
    runLatest<std::shared_ptr<EncodeResult>>(
        encodeGen_, [tok, text, add, split] { return std::make_shared<EncodeResult>(encodeText(*tok, text, add, split)); },
        [this](std::shared_ptr<EncodeResult> r) { showEncoding(*r, spansHtml(r->spans)); });
}

void PlaygroundView::showEncoding(const EncodeResult& r, const QString& html) {
    showError(encodeError_, r.error.isEmpty() ? QString() : tr("This text cannot be tokenized: %1").arg(r.error));
    ids_.clear();
    ids_.reserve(r.spans.size());
    for (const auto& s : r.spans) ids_.push_back(s.id);
    const auto n = qsizetype(ids_.size());
    counts_->setText(tr("%1 tokens · %2 characters · %3 bytes · %4 bytes per token · %5 characters per token")
                         .arg(Text::count(uint64_t(n)), Text::count(uint64_t(r.characters)), Text::count(uint64_t(r.bytes)),
                              rateText(double(r.bytes), n), rateText(double(r.characters), n)));
    static_cast<SpanBrowser*>(spans_)->tips = spanTips(r.spans);
    spans_->setHtml(html);
    QString list;
    list.reserve(n * 7);
    list += u'[';
    for (qsizetype i = 0; i < n; ++i) {
        if (i) list += u", "_s;
        list += QString::number(ids_[size_t(i)]);
    }
    list += u']';
    idsOut_->setPlainText(list);
    Q_EMIT encoded();
}

void PlaygroundView::setText(const QString& text) { input_->setPlainText(text); }
void PlaygroundView::setAddSpecialTokens(bool on) { addSpecial_->setChecked(on); }
void PlaygroundView::setRecogniseSpecialTokens(bool on) { recogniseSpecial_->setChecked(on); }
QString PlaygroundView::encodeError() const { return encodeError_->isHidden() ? QString() : encodeError_->text(); }
QString PlaygroundView::countsText() const { return counts_->text(); }

// ---- decode --------------------------------------------------------------------------------

void PlaygroundView::scheduleDecode() {
    if (!tok_) return;
    if (decodeIn_->document()->characterCount() <= kInlineChars) {
        decodeTimer_->stop();
        runDecode();
    } else {
        decodeTimer_->start();
    }
}

void PlaygroundView::runDecode() {
    if (!tok_) return;
    struct Out {
        QString text, error;
    };
    const auto tok = tok_;
    const QString in = decodeIn_->toPlainText();
    const bool skip = skipSpecial_->isChecked();
    auto work = [tok, in, skip] {
        Out o;
        const IdList list = parseIdList(in, tok->vocab.size());
        if (!list.error.isEmpty()) o.error = list.error;
        else o.text = textFromUtf8(tok->tokenizer.decode(list.ids, skip));
        return o;
    };
    auto done = [this](const Out& o) {
        showError(decodeError_, o.error);
        decoded_ = o.text;
        decodeOut_->setPlainText(o.text);
        Q_EMIT decoded();
    };
    if (in.size() <= kInlineChars) {
        ++decodeGen_;
        done(work());
    } else {
        runLatest<Out>(decodeGen_, work, done);
    }
}

void PlaygroundView::setDecodeInput(const QString& ids) { decodeIn_->setPlainText(ids); }
void PlaygroundView::setSkipSpecial(bool on) { skipSpecial_->setChecked(on); }
QString PlaygroundView::decodedText() const { return decoded_; }
QString PlaygroundView::decodeError() const { return decodeError_->isHidden() ? QString() : decodeError_->text(); }

// ---- vocabulary ----------------------------------------------------------------------------

void PlaygroundView::runSearch() {
    if (!tok_) return;
    VocabQuery q;
    q.mode = VocabQuery::Mode(searchMode_->currentData().toInt());
    q.pattern = searchText_->text();
    if (q.mode == VocabQuery::Mode::Id && q.pattern.trimmed().isEmpty()) q.mode = VocabQuery::Mode::Text; // nothing typed yet: everything
    searchNote_->setText(tr("Searching %1 ids…").arg(Text::count(tok_->vocab.size())));
    const auto tok = tok_;
    runLatest<VocabMatches>(searchGen_, [tok, q] { return searchVocab(*tok, q, kMaxRows); },
                            [this, tok](const VocabMatches& m) {
                                searchError_ = m.error;
                                searchTotal_ = m.total;
                                vocabModel_->setRows(tok, m.ids);
                                if (!m.error.isEmpty()) searchNote_->setText(m.error);
                                else if (m.total > m.ids.size())
                                    searchNote_->setText(tr("%1 matches; the first %2 are listed.").arg(Text::count(m.total), Text::count(m.ids.size())));
                                else searchNote_->setText(tr("%n match(es).", nullptr, int(m.total)));
                                vocabTable_->resizeColumnsToContents();
                                Q_EMIT searched();
                            });
}

void PlaygroundView::setSearch(SearchMode mode, const QString& pattern) {
    const QSignalBlocker b1(searchMode_), b2(searchText_);
    searchMode_->setCurrentIndex(searchMode_->findData(int(mode)));
    searchText_->setText(pattern);
    searchTimer_->stop();
    runSearch();
}

std::vector<int32_t> PlaygroundView::searchIds() const { return vocabModel_->ids(); }
size_t PlaygroundView::searchTotal() const { return searchTotal_; }
QString PlaygroundView::searchError() const { return searchError_; }

// ---- chat template -------------------------------------------------------------------------

void PlaygroundView::scheduleRender() {
    if (tok_) renderTimer_->start();
}

void PlaygroundView::runRender() {
    if (!tok_) return;
    nlohmann::ordered_json messages = nlohmann::ordered_json::array();
    for (int r = 0; r < messages_->rowCount(); ++r) {
        const auto* role = qobject_cast<QComboBox*>(messages_->cellWidget(r, 0));
        const auto* content = messages_->item(r, 1);
        nlohmann::ordered_json m = nlohmann::ordered_json::object();
        m["role"] = (role ? role->currentText() : QString()).toStdString();
        m["content"] = (content ? content->text() : QString()).toStdString();
        messages.push_back(std::move(m));
    }
    const auto tok = tok_;
    const bool gen = generationPrompt_->isChecked();
    runLatest<std::shared_ptr<TemplateRender>>(
        renderGen_, [tok, messages, gen] { return std::make_shared<TemplateRender>(renderConversation(*tok, messages, gen)); },
        [this](std::shared_ptr<TemplateRender> r) { showRender(*r, spansHtml(r->spans)); });
}

void PlaygroundView::showRender(const TemplateRender& r, const QString& html) {
    showError(renderError_, r.error);
    rendered_ = textFromUtf8(r.text);
    renderedOut_->setPlainText(rendered_);
    renderedIds_.clear();
    for (const auto& s : r.spans) renderedIds_.push_back(s.id);
    renderCounts_->setText(r.error.isEmpty() ? tr("%1 tokens · %2 bytes").arg(Text::count(renderedIds_.size()), Text::count(r.text.size()))
                                             : QString());
    static_cast<SpanBrowser*>(renderSpans_)->tips = spanTips(r.spans);
    renderSpans_->setHtml(html);
    Q_EMIT rendered();
}

void PlaygroundView::setConversation(const QList<QPair<QString, QString>>& messages) {
    {
        const QSignalBlocker block(messages_);
        messages_->setRowCount(0);
    }
    for (const auto& [role, content] : messages) addMessageRow(role, content);
    scheduleRender();
}

void PlaygroundView::setAddGenerationPrompt(bool on) { generationPrompt_->setChecked(on); }
QString PlaygroundView::renderedText() const { return rendered_; }
QString PlaygroundView::renderError() const { return renderError_->isHidden() ? QString() : renderError_->text(); }

} // namespace cmfw
