#include "chat/transcript_view.h"

#include "chat/chat_transcript.h"
#include "chat/code_highlight.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QFontDatabase>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTimer>
#include <QUrl>

#include <functional>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

// A page: this many messages, or this many characters shown, whichever comes first.
constexpr size_t kPageMessages = 40;
constexpr size_t kPageChars = 40000;

size_t mix(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); }

size_t keyOf(const ChatMessage& m, bool live) {
    size_t h = std::hash<std::string>{}(m.text);
    h = mix(h, std::hash<std::string>{}(m.role));
    h = mix(h, m.stats.empty() ? 0 : std::hash<std::string>{}(m.stats.dump()));
    h = mix(h, m.alternative * 7919 + m.alternatives); // the switcher is part of what is shown
    return mix(h, live ? 1 : 2);
}

// The first message of the page that ends just before `end`.
size_t pageStart(const ChatMessages& m, size_t end) {
    size_t chars = 0, i = end;
    while (i > 0 && end - i < kPageMessages && chars < kPageChars) {
        --i;
        chars += std::min(m[i].text.size(), size_t(shownChars(m[i].role)));
    }
    return i;
}

} // namespace

TranscriptView::TranscriptView(QWidget* parent) : QTextBrowser(parent) {
    // Links are ours (earlier messages, a whole message); a link in a reply must not replace the transcript.
    setOpenLinks(false);
    setOpenExternalLinks(false);
    // Streaming redraws the last message many times: nothing to undo in a transcript, so keep no history of it.
    document()->setUndoRedoEnabled(false);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == u"cmf-earlier") Q_EMIT earlierRequested();
        else if (url.scheme() == u"cmf-message") Q_EMIT showMessageRequested(size_t(url.path().toULongLong()));
        else if (url.scheme() == u"cmf-edit") Q_EMIT editRequested(size_t(url.path().toULongLong()));
        else if (url.scheme() == u"cmf-delete") Q_EMIT deleteRequested(size_t(url.path().toULongLong()));
        else if (url.scheme() == u"cmf-regen") Q_EMIT regenerateRequested(size_t(url.path().toULongLong()));
        else if (url.scheme() == u"cmf-branch" || url.scheme() == u"cmf-copy") {
            const QStringList p = url.path().split(u'/');
            if (p.size() != 2) return;
            const size_t i = size_t(p[0].toULongLong()), k = size_t(p[1].toULongLong());
            if (url.scheme() == u"cmf-branch") Q_EMIT branchRequested(i, k);
            else Q_EMIT copyCodeRequested(i, k);
        }
    });
    // Scrolling to the top asks for the page before: the history loads as the user reads up.
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (updating_) return;
        auto* bar = verticalScrollBar();
        follow_ = value >= bar->maximum() - 4;
        if (first_ == 0 || value != bar->minimum() || bar->maximum() == bar->minimum()) return;
        QTimer::singleShot(0, this, [this] { Q_EMIT earlierRequested(); });
    });
    // The layout of a long document grows the range in steps after the change: the end stays in view.
    connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, [this](int, int max) {
        if (!follow_) return;
        QScopedValueRollback guard(updating_, true);
        verticalScrollBar()->setValue(max);
    });
}

void TranscriptView::scrollToEnd() {
    follow_ = true;
    QScopedValueRollback guard(updating_, true);
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

void TranscriptView::sync(const ChatMessages& m, bool streaming) {
    const size_t n = m.size();
    const size_t shownEnd = first_ + keys_.size();
    if (n < first_) return reset(m, streaming);
    // The first shown message that differs from what is rendered.
    size_t d = first_;
    while (d < std::min(n, shownEnd) && keys_[d - first_] == keyOf(m[d], streaming && d + 1 == n)) ++d;
    if (d == n && d == shownEnd) return;
    // The first message shown changed (another conversation), or more than a page is new: show the last page.
    if ((d == first_ && first_ > 0) || pageStart(m, n) > d) return reset(m, streaming);
    const bool follow = follow_;
    updating_ = true;
    removeFrom(d);
    append(m, d, streaming);
    updating_ = false;
    if (follow) scrollToEnd();
}

void TranscriptView::reset(const ChatMessages& m, bool streaming) {
    updating_ = true;
    document()->clear();
    keys_.clear();
    starts_.clear();
    headerEnd_ = 0;
    first_ = pageStart(m, m.size());
    setHeader();
    append(m, first_, streaming);
    updating_ = false;
    scrollToEnd();
}

void TranscriptView::removeFrom(size_t index) {
    const size_t k = index - first_;
    if (k >= keys_.size()) return;
    QTextCursor c(document());
    c.setPosition(headerEnd_ + starts_[k]);
    c.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
    c.removeSelectedText();
    keys_.resize(k);
    starts_.resize(k);
}

void TranscriptView::append(const ChatMessages& m, size_t from, bool streaming) {
    QTextCursor c(document());
    c.movePosition(QTextCursor::End);
    c.beginEditBlock();
    for (size_t i = from; i < m.size(); ++i) {
        const bool live = streaming && i + 1 == m.size();
        starts_.push_back(c.position() - headerEnd_);
        keys_.push_back(keyOf(m[i], live));
        // Each message in blocks of its own: removing it from its start removes exactly it.
        if (c.position() > 0) c.insertBlock(QTextBlockFormat(), QTextCharFormat());
        const int from = c.position();
        c.insertMarkdown(messageMarkdown(m[i], i, live));
        decorateCode(from, c.position());
    }
    c.endEditBlock();
}

void TranscriptView::decorateCode(int from, int to) {
    // Markdown's code blocks carry the fence in their block format (one block per line).
    const bool dark = palette().color(QPalette::Base).lightness() < 128;
    QColor tint = palette().color(QPalette::Text);
    tint.setAlpha(dark ? 28 : 14);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    int state = 0;
    bool inCode = false;
    for (QTextBlock b = document()->findBlock(from); b.isValid() && b.position() < to; b = b.next()) {
        const QTextBlockFormat bf = b.blockFormat();
        if (!bf.hasProperty(QTextFormat::BlockCodeFence) && !bf.hasProperty(QTextFormat::BlockCodeLanguage)) {
            inCode = false;
            continue;
        }
        if (!inCode) state = 0; // a new block of code
        inCode = true;
        const CodeLanguage lang = codeLanguage(bf.stringProperty(QTextFormat::BlockCodeLanguage));
        QTextCursor c(b);
        QTextBlockFormat tinted;
        tinted.setBackground(tint);
        c.mergeBlockFormat(tinted);
        QTextCharFormat base;
        base.setFont(mono);
        base.setFontFixedPitch(true);
        c.setPosition(b.position());
        c.setPosition(b.position() + b.length() - 1, QTextCursor::KeepAnchor);
        c.mergeCharFormat(base);
        // A block may hold several lines (line separators): each is highlighted in turn.
        const QString text = b.text();
        qsizetype lineStart = 0;
        while (lineStart <= text.size()) {
            qsizetype end = text.indexOf(QChar::LineSeparator, lineStart);
            if (end < 0) end = text.size();
            for (const SyntaxSpan& sp : highlightLine(QStringView(text).mid(lineStart, end - lineStart), lang, state)) {
                QTextCharFormat f;
                f.setForeground(syntaxColor(sp.kind, dark));
                if (sp.kind == SyntaxKind::Comment) f.setFontItalic(true);
                c.setPosition(b.position() + int(lineStart + sp.start));
                c.setPosition(b.position() + int(lineStart + sp.start + sp.length), QTextCursor::KeepAnchor);
                c.mergeCharFormat(f);
            }
            lineStart = end + 1;
        }
    }
}

void TranscriptView::changeEvent(QEvent* event) {
    QTextBrowser::changeEvent(event);
    // A new palette (light / dark theme): the code colours are picked for it, so everything is laid out again.
    if (event->type() == QEvent::PaletteChange && !keys_.empty()) {
        QScopedValueRollback guard(updating_, true);
        decorateCode(0, document()->characterCount());
    }
}

void TranscriptView::setHeader() {
    QTextCursor c(document());
    c.setPosition(headerEnd_, QTextCursor::KeepAnchor);
    if (first_ == 0) {
        c.removeSelectedText();
        headerEnd_ = 0;
        return;
    }
    c.insertMarkdown(u"*"_s + tr("%n earlier message(s) not shown.", nullptr, int(first_)) + u"* ["_s + tr("Show earlier messages") +
                     u"](cmf-earlier:)"_s);
    headerEnd_ = c.position();
}

void TranscriptView::showEarlier(const ChatMessages& m) {
    if (first_ == 0 || m.size() < first_ + keys_.size()) return;
    const size_t from = pageStart(m, first_);
    auto* bar = verticalScrollBar();
    auto* layout = document()->documentLayout();
    const auto top = [&](int pos) { return layout->blockBoundingRect(document()->findBlock(pos)).top(); };
    updating_ = true;
    // Where the first message shown is now, so the view stays on it.
    const int oldValue = bar->value();
    const qreal oldTop = top(headerEnd_ + 1);
    QTextCursor c(document());
    c.setPosition(headerEnd_);
    c.beginEditBlock();
    std::vector<int> starts;
    std::vector<size_t> keys;
    for (size_t i = from; i < first_; ++i) {
        starts.push_back(c.position() - headerEnd_);
        keys.push_back(keyOf(m[i], false));
        c.insertBlock(QTextBlockFormat(), QTextCharFormat());
        const int start = c.position();
        c.insertMarkdown(messageMarkdown(m[i], i, false));
        decorateCode(start, c.position());
    }
    c.endEditBlock();
    const int inserted = c.position() - headerEnd_;
    for (int& s : starts_) s += inserted;
    starts_.insert(starts_.begin(), starts.begin(), starts.end());
    keys_.insert(keys_.begin(), keys.begin(), keys.end());
    first_ = from;
    setHeader();
    const int oldFirst = starts_[starts.size()];
    bar->setValue(oldValue + int(top(headerEnd_ + oldFirst + 1) - oldTop));
    updating_ = false;
}

} // namespace cmfw
