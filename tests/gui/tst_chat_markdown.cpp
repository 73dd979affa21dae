// Issue 25: replies are Markdown with code blocks: a ```cpp block renders in
// a fixed-width font, its keywords, strings, comments and numbers coloured
// (the highlighter's spans checked against hand-counted positions), with a
// Copy link that copies exactly the code; the colours read on a light and on
// a dark base (WCAG contrast), and the transcript follows a palette change.
#include "gui_checks.h"
#include "chat/chat_transcript.h"
#include "chat/chat_view.h"
#include "chat/code_highlight.h"
#include "chat/conversation_store.h"
#include "chat/transcript_view.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QFontInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>

#include <cmath>

using namespace cmfw;
using namespace Qt::StringLiterals;
using cmftest::clickLink;
using cmftest::contrast;

namespace {

const char* kCode = "// add two numbers\n"
                    "int add(int a, int b) {\n"
                    "    return a + b + 1; /* plus one */\n"
                    "}\n"
                    "const char* s = \"hi\";";

std::string reply() { return std::string("Here it is:\n\n```cpp\n") + kCode + "\n```\n\nCall it with two ints."; }

// The fragment of the document that starts with `needle` (the highlighter splits the text at each span).
QTextFragment fragmentStartingWith(const QTextDocument* d, const QString& needle) {
    for (QTextBlock b = d->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (it.fragment().text().startsWith(needle)) return it.fragment();
    return {};
}

bool fixedPitch(const QTextCharFormat& f) {
    return f.fontFixedPitch() || QFontInfo(f.font()).fixedPitch() ||
           f.fontFamilies().toStringList().contains(QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
}

} // namespace

class TstChatMarkdown : public QObject {
    Q_OBJECT
    QTemporaryDir data_;
private Q_SLOTS:
    void initTestCase() { setChatDataDirectory(data_.path()); }

    void highlightSpans() {
        using K = SyntaxKind;
        int state = 0;
        QCOMPARE(highlightLine(u"int x = 42; // hi", CodeLanguage::C, state),
                 (std::vector<SyntaxSpan>{{0, 3, K::Keyword}, {8, 2, K::Number}, {12, 5, K::Comment}}));
        QCOMPARE(state, 0);
        QCOMPARE(highlightLine(u"def f(): return \"a\" # c", CodeLanguage::Python, state),
                 (std::vector<SyntaxSpan>{{0, 3, K::Keyword}, {9, 6, K::Keyword}, {16, 3, K::String}, {20, 3, K::Comment}}));
        // A block comment carries over to the next line.
        QCOMPARE(highlightLine(u"/* open", CodeLanguage::C, state), (std::vector<SyntaxSpan>{{0, 7, K::Comment}}));
        QVERIFY(state != 0);
        QCOMPARE(highlightLine(u"still */ int y", CodeLanguage::C, state), (std::vector<SyntaxSpan>{{0, 8, K::Comment}, {9, 3, K::Keyword}}));
        QCOMPARE(state, 0);
        // '#' is a comment in Python, a preprocessor line in C; an escaped quote does not end a string.
        QCOMPARE(highlightLine(u"#include <x>", CodeLanguage::C, state), (std::vector<SyntaxSpan>{{0, 8, K::Keyword}}));
        QCOMPARE(highlightLine(u"s = \"a\\\"b\"", CodeLanguage::Python, state), (std::vector<SyntaxSpan>{{4, 6, K::String}}));
        QCOMPARE(codeLanguage(u"c++"_s), CodeLanguage::C);
        QCOMPARE(codeLanguage(u"py"_s), CodeLanguage::Python);
        QCOMPARE(codeLanguage(u"brainfuck"_s), CodeLanguage::Generic);
    }

    void colorsReadOnLightAndDark() {
        for (const SyntaxKind k : {SyntaxKind::Keyword, SyntaxKind::String, SyntaxKind::Comment, SyntaxKind::Number}) {
            QVERIFY2(contrast(syntaxColor(k, false), QColor(Qt::white)) >= 4.5, qPrintable(syntaxColor(k, false).name()));
            QVERIFY2(contrast(syntaxColor(k, true), QColor(0x1e, 0x1e, 0x1e)) >= 4.5, qPrintable(syntaxColor(k, true).name()));
            QVERIFY(syntaxColor(k, false) != syntaxColor(k, true));
        }
    }

    void codeBlocksOfAReply() {
        const auto blocks = replyCodeBlocks(QString::fromStdString(reply()));
        QCOMPARE(blocks.size(), size_t(1));
        QCOMPARE(blocks[0].language, u"cpp"_s);
        QCOMPARE(blocks[0].code, QString::fromUtf8(kCode));
        // Two blocks, a tilde fence with a longer closer, and one still open (streaming).
        const auto two = replyCodeBlocks(u"a\n```py\nx = 1\n```\nb\n~~~~\ny\n~~~~~\n```js\nlet z"_s);
        QCOMPARE(two.size(), size_t(3));
        QCOMPARE(two[0].code, u"x = 1"_s);
        QCOMPARE(two[1].code, u"y"_s);
        QCOMPARE(two[1].language, QString());
        QCOMPARE(two[2].code, u"let z"_s);
        QVERIFY(replyCodeBlocks(u"The word means a thing."_s).empty());
    }

    void cppBlockRendersMonospaceAndColoured() {
        TranscriptView t;
        t.resize(800, 600);
        t.sync({{"user", "Write add in C++", nlohmann::json::object()}, {"assistant", reply(), nlohmann::json::object()}}, false);
        const bool dark = t.palette().color(QPalette::Base).lightness() < 128;
        const QTextDocument* d = t.document();
        const QTextFragment kw = fragmentStartingWith(d, u"int"_s);
        QVERIFY(kw.isValid());
        QVERIFY(fixedPitch(kw.charFormat()));
        QCOMPARE(kw.charFormat().foreground().color(), syntaxColor(SyntaxKind::Keyword, dark));
        QCOMPARE(fragmentStartingWith(d, u"// add two"_s).charFormat().foreground().color(), syntaxColor(SyntaxKind::Comment, dark));
        QCOMPARE(fragmentStartingWith(d, u"/* plus one */"_s).charFormat().foreground().color(), syntaxColor(SyntaxKind::Comment, dark));
        QCOMPARE(fragmentStartingWith(d, u"return"_s).charFormat().foreground().color(), syntaxColor(SyntaxKind::Keyword, dark));
        QCOMPARE(fragmentStartingWith(d, u"\"hi\""_s).charFormat().foreground().color(), syntaxColor(SyntaxKind::String, dark));
        QCOMPARE(fragmentStartingWith(d, u"1"_s).charFormat().foreground().color(), syntaxColor(SyntaxKind::Number, dark));
        // The prose around the block is not code.
        const QTextFragment prose = fragmentStartingWith(d, u"Call it with"_s);
        QVERIFY(prose.isValid());
        QVERIFY(!fixedPitch(prose.charFormat()));
        // The rendered block is the code, line for line.
        QString shown;
        for (QTextBlock b = d->begin(); b.isValid(); b = b.next())
            if (b.blockFormat().hasProperty(QTextFormat::BlockCodeFence)) shown += (shown.isEmpty() ? QString() : u"\n"_s) + b.text();
        QCOMPARE(shown.replace(QChar::LineSeparator, u'\n'), QString::fromUtf8(kCode));
    }

    void paletteChangeRecolours() {
        TranscriptView t;
        t.sync({{"assistant", reply(), nlohmann::json::object()}}, false);
        QPalette p = t.palette();
        const bool wasDark = p.color(QPalette::Base).lightness() < 128;
        p.setColor(QPalette::Base, wasDark ? Qt::white : QColor(0x1e, 0x1e, 0x1e));
        p.setColor(QPalette::Text, wasDark ? Qt::black : Qt::white);
        t.setPalette(p);
        QCOMPARE(fragmentStartingWith(t.document(), u"return"_s).charFormat().foreground().color(), syntaxColor(SyntaxKind::Keyword, !wasDark));
    }

    void copyLinkCopiesExactlyTheCode() {
        ChatView view(QStringLiteral(CMF_DEMO_MODEL));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.controller()->setMessages({{"user", "Write add in C++", nlohmann::json::object()}, {"assistant", reply(), nlohmann::json::object()}}));
        QApplication::clipboard()->setText(u"something else"_s);
        QSignalSpy copied(view.transcript(), &TranscriptView::copyCodeRequested);
        QVERIFY(clickLink(view.transcript(), u"cmf-copy:1/0"_s));
        QCOMPARE(copied.count(), 1);
        QCOMPARE(QApplication::clipboard()->text(), QString::fromUtf8(kCode));
        // A reply the demo's code skill writes (unfenced, read as code) has its Copy link too.
        const std::string unfenced = "def add(a, b):\n    return a + b\n";
        QVERIFY(view.controller()->setMessages({{"user", "add", nlohmann::json::object()}, {"assistant", unfenced, nlohmann::json::object()}}));
        QVERIFY(clickLink(view.transcript(), u"cmf-copy:1/0"_s));
        QCOMPARE(QApplication::clipboard()->text(), u"def add(a, b):\n    return a + b"_s);
    }
};

QTEST_MAIN(TstChatMarkdown)
#include "tst_chat_markdown.moc"
