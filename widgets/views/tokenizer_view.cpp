#include "views/tokenizer_view.h"

#include "document/cmf_document.h"
#include "jobs/format_jobs.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/table_util.h"

#include "cmf/format/hash64.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

// Control characters in token text shown visibly ("\n", "\t").
QString visible(const std::string& s) {
    QString t = QString::fromStdString(s);
    t.replace(u'\n', u"\\n"_s).replace(u'\t', u"\\t"_s).replace(u'\r', u"\\r"_s);
    return t;
}

} // namespace

TokenizerView::TokenizerView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), services_(services) {
    const cmf::CmfFile& f = *doc_->bundleFile(); // shard 1 of a set
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    lay->addWidget(makeTitle(tr("Tokenizer and chat template"), this));

    const auto& e = f.envelope();
    QString section;
    if (e.vocab.present()) {
        section = tr("tokenizer.json: %1 at offset %2.").arg(Text::bytes(e.vocab.len), Text::offset(e.vocab.off));
        const auto& h = f.header();
        if (h.contains("section_hashes") && h["section_hashes"].is_object() && h["section_hashes"].contains("vocab") &&
            h["section_hashes"]["vocab"].is_string())
            section += u' ' + tr("Recorded hash64: %1 (checked by Verify).")
                                  .arg(QString::fromStdString(h["section_hashes"]["vocab"].get<std::string>()));
    } else {
        section = tr("This file has no tokenizer section (vocab_off = 0): a tokenizer must come from elsewhere.");
    }
    lay->addWidget(makeNote(section, this));
    state_ = new QLabel(this);
    state_->setWordWrap(true);
    lay->addWidget(state_);
    auto* grid = new QGridLayout();
    grid->setHorizontalSpacing(14);
    addPair(grid, 0, 0, tr("Model"), u"model"_s);
    addPair(grid, 0, 2, tr("Vocabulary"), u"vocab"_s);
    addPair(grid, 0, 4, tr("Merges"), u"merges"_s);
    addPair(grid, 1, 0, tr("Normalizer"), u"normalizer"_s);
    addPair(grid, 1, 2, tr("Pre-tokenizer"), u"pre"_s, 3);
    addPair(grid, 2, 0, tr("Decoder"), u"decoder"_s);
    addPair(grid, 2, 2, tr("Post-processor"), u"post"_s, 3);
    addPair(grid, 3, 0, tr("End of sequence"), u"eos"_s, 5);
    addPair(grid, 4, 0, tr("Beginning"), u"bos"_s);
    addPair(grid, 4, 2, tr("Padding"), u"pad"_s, 3);
    grid->setColumnStretch(5, 1);
    lay->addLayout(grid);

    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* left = new QWidget(split);
    auto* ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 6, 0);
    ll->addWidget(makeHeading(tr("Added and special tokens"), left));
    special_ = new QTableWidget(0, 3, left);
    special_->setHorizontalHeaderLabels({tr("Id"), tr("Token"), tr("Special")});
    makeReadOnlyTable(special_);
    ll->addWidget(special_, 1);
    auto* right = new QWidget(split);
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(6, 0, 0, 0);
    const auto& cb = f.chatBundle();
    rl->addWidget(makeHeading(cb && !cb->chatTemplate.empty()
                                  ? tr("Chat template (%n character(s))", nullptr, int(cb->chatTemplate.size()))
                                  : tr("Chat template"),
                              right));
    template_ = new QPlainTextEdit(right);
    template_->setReadOnly(true);
    template_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    template_->setLineWrapMode(QPlainTextEdit::NoWrap);
    if (cb && !cb->chatTemplate.empty())
        template_->setPlainText(QString::fromStdString(cb->chatTemplate));
    else
        template_->setPlaceholderText(tr("No chat template in the header: runtimes fall back to ChatML (§6.1)."));
    rl->addWidget(template_, 1);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    lay->addWidget(split, 1);

    if (!cb) values_[u"eos"_s]->setText(tr("none: the header has no tokenizer_config block; runtimes use ChatML (§6.1)"));
    if (!e.vocab.present()) {
        showSummary({});
        return;
    }
    state_->setText(tr("Reading tokenizer.json…"));
    job_ = services_.jobs->start(u"tokenizer:"_s + doc_->path(), tr("Read tokenizer of %1").arg(doc_->fileName()), jobs::tokenizer(doc_->bundleFile()),
                                 [](const QVariant& v) {
                                     const auto s = v.value<TokenizerSummary>();
                                     return s.error.empty() ? tr("%1 tokens").arg(Text::count(s.vocabSize)) : QString::fromStdString(s.error);
                                 });
    connect(job_, &Job::succeeded, this, [this](const QVariant& v) { showSummary(v.value<TokenizerSummary>()); });
    connect(job_, &Job::failed, this, [this](const QString&, const QString& m) { state_->setText(tr("Could not read the tokenizer: %1").arg(m)); });
    connect(job_, &Job::finished, this, [this] { Q_EMIT summaryReady(); });
}

bool TokenizerView::busy() const { return job_ && job_->isRunning(); }

QLabel* TokenizerView::addPair(QGridLayout* grid, int row, int col, const QString& name, const QString& key, int span) {
    auto* n = new QLabel(name + u':', this);
    QPalette p = n->palette();
    p.setColor(QPalette::WindowText, p.color(QPalette::PlaceholderText));
    n->setPalette(p);
    auto* v = new QLabel(this);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->setTextFormat(Qt::RichText);
    v->setWordWrap(span > 1);
    grid->addWidget(n, row, col, Qt::AlignTop);
    grid->addWidget(v, row, col + 1, 1, span);
    values_[key] = v;
    return v;
}

QString TokenizerView::value(const QString& key) const {
    const auto it = values_.find(key);
    return it == values_.end() ? QString() : (*it)->text();
}

QString TokenizerView::summaryText() const {
    QStringList parts{state_->text()};
    for (auto it = values_.begin(); it != values_.end(); ++it) parts << it.key() + u": " + it.value()->text();
    return parts.join(u'\n');
}

void TokenizerView::showSummary(const TokenizerSummary& s) {
    auto esc = [](const std::string& t) { return QString::fromStdString(t).toHtmlEscaped(); };
    if (!s.error.empty()) {
        state_->setText(tr("tokenizer.json does not parse: %1").arg(QString::fromStdString(s.error)));
    } else if (s.bytes > 0) {
        state_->clear();
        state_->hide();
        values_[u"model"_s]->setText(s.modelType.empty() ? tr("unknown") : u"<b>"_s + esc(s.modelType) + u"</b>" +
                                                               (s.byteFallback ? u" · "_s + tr("byte fallback") : QString()));
        values_[u"vocab"_s]->setText(tr("%1 tokens, %2 added").arg(Text::count(s.vocabSize)).arg(s.added.size()));
        values_[u"merges"_s]->setText(Text::count(s.merges));
        values_[u"normalizer"_s]->setText(s.normalizer.empty() ? tr("none") : esc(s.normalizer));
        values_[u"pre"_s]->setText(s.preTokenizer.empty() ? tr("none") : esc(s.preTokenizer));
        values_[u"decoder"_s]->setText(s.decoder.empty() ? tr("none") : esc(s.decoder));
        values_[u"post"_s]->setText(s.postProcessor.empty() ? tr("none") : esc(s.postProcessor));
    }
    special_->setRowCount(0);
    for (const auto& a : s.added) {
        const int r = special_->rowCount();
        special_->insertRow(r);
        setCell(special_, r, 0, QString::number(a.id));
        setCell(special_, r, 1, visible(a.content));
        setCell(special_, r, 2, a.special ? tr("yes") : tr("no"));
    }
    special_->resizeColumnsToContents();
    special_->horizontalHeader()->setStretchLastSection(true);

    const auto& cb = doc_->bundleFile()->chatBundle();
    if (!cb) return;
    auto idText = [&](int64_t id) -> QString {
        const auto it = s.tokenText.find(id);
        const QString text = it == s.tokenText.end() ? QString() : u" <code>" + visible(it->second).toHtmlEscaped() + u"</code>";
        return QString::number(id) + text;
    };
    QStringList eos;
    for (int64_t id : cb->eosTokenIds) eos << idText(id);
    values_[u"eos"_s]->setText(eos.isEmpty() ? tr("none") : eos.join(u", "));
    values_[u"bos"_s]->setText(cb->bosTokenId ? idText(*cb->bosTokenId) : tr("none"));
    values_[u"pad"_s]->setText(cb->padTokenId ? idText(*cb->padTokenId) : tr("none"));
}

} // namespace cmfw
