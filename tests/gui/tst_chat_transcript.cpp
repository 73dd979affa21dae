// Issue 24: code in chat messages is shown in a fixed-width font with its
// indentation — fenced code as Markdown renders it, and unfenced code (what
// the demo's code skill writes) fenced by the transcript — while prose,
// definitions and sums stay proportional text.
#include "chat/chat_transcript.h"

#include <QFontDatabase>
#include <QFontInfo>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

// Whether the document's text fragment that contains `needle` is in a fixed-pitch font.
bool fixedPitchAt(const QString& markdown, const QString& needle) {
    QTextDocument doc;
    doc.setMarkdown(markdown);
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment f = it.fragment();
            if (!f.text().contains(needle)) continue;
            // The format asks for fixed pitch, or the font is the system's fixed
            // font (whose fontconfig match, e.g. Noto Sans Mono, may not report fixed pitch).
            const QFont font = f.charFormat().font();
            return f.charFormat().fontFixedPitch() || QFontInfo(font).fixedPitch() ||
                   (!f.charFormat().fontFamilies().toStringList().isEmpty() &&
                    f.charFormat().fontFamilies().toStringList().contains(QFontDatabase::systemFont(QFontDatabase::FixedFont).family()));
        }
    qWarning() << "not found:" << needle << "in" << doc.toPlainText();
    return false;
}

ChatMessage reply(const char* text) { return {"assistant", text, nlohmann::json::object()}; }

} // namespace

class TstChatTranscript : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void codeIsDetected_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("code");
        QTest::newRow("python function") << u"def add(a, b):\n    return a + b\n"_s << true;
        QTest::newRow("one line of code") << u"def add(a, b):"_s << true;
        QTest::newRow("c") << u"#include <stdio.h>\nint main() {\n  return 0;\n}"_s << true;
        QTest::newRow("definition") << u"The word \"anchor\" (noun) means: a mechanical device that prevents a vessel from moving.\nAs a verb, it means: fix firmly and stably."_s
                                    << false;
        QTest::newRow("sum") << u"17 + 25 = 42."_s << false;
        QTest::newRow("prose") << u"Recursion is when a function calls itself.\nIt stops at a base case."_s << false;
    }
    void codeIsDetected() {
        QFETCH(QString, text);
        QFETCH(bool, code);
        QCOMPARE(looksLikeCode(text), code);
    }

    void unfencedCodeReplyIsFixedWidth() {
        const QString md = messageMarkdown(reply("def add(a, b):\n    return a + b\n"), 1, false);
        QVERIFY(fixedPitchAt(md, u"return a + b"_s));
        // The indentation survives.
        QTextDocument doc;
        doc.setMarkdown(md);
        QVERIFY2(doc.toPlainText().contains(u"\n    return a + b"_s), qPrintable(doc.toPlainText()));
    }

    void fencedCodeReplyIsFixedWidth() {
        QVERIFY(fixedPitchAt(messageMarkdown(reply("Here it is:\n```python\nx = 1\n```\nDone."), 1, false), u"x = 1"_s));
    }

    void proseReplyIsNot() {
        QVERIFY(!fixedPitchAt(messageMarkdown(reply("The word \"anchor\" (noun) means: a device."), 1, false), u"anchor"_s));
    }

    void pastedCodeInTheUsersTurnIsFixedWidth() {
        const ChatMessage user{"user", "def add(a, b):", nlohmann::json::object()};
        QVERIFY(fixedPitchAt(messageMarkdown(user, 0, false), u"def add"_s));
        const ChatMessage question{"user", "What does the word anchor mean?", nlohmann::json::object()};
        QVERIFY(!fixedPitchAt(messageMarkdown(question, 0, false), u"anchor"_s));
    }
};

QTEST_MAIN(TstChatTranscript)
#include "tst_chat_transcript.moc"
