// Prompts files as `cmf skill add` reads them (corpus.h): one prompt per
// line by default, as the reference tool reads a prompts file; JSONL by
// extension; paragraphs only when asked for.
#include "test_support.h"

#include "cmf/engine/corpus.h"
#include "cmf/format/error.h"

#include <QTest>
#include <fstream>

using namespace cmf::engine;

namespace {

std::string write(const std::string& name, const std::string& text) {
    const std::string path = cmftest::tempDir() + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// 24 prompts of the reference tool's kind: one short request a line.
std::string twentyFourLines(const std::string& between = {}) {
    std::string s;
    for (int i = 0; i < 24; ++i) s += "Write a Python function number " + std::to_string(i) + " that sorts a list.\n" + between;
    return s;
}

} // namespace

class TestCorpus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oneLineIsOnePrompt() {
        const auto prompts = splitPrompts(write("lines.txt", twentyFourLines()));
        QCOMPARE(prompts.size(), size_t(24));
        QCOMPARE(prompts.front(), std::string("Write a Python function number 0 that sorts a list."));
        QCOMPARE(prompts.back(), std::string("Write a Python function number 23 that sorts a list."));
        // Any extension but .jsonl, and none, reads lines.
        QCOMPARE(splitPrompts(write("lines", twentyFourLines())).size(), size_t(24));
        QCOMPARE(splitPrompts(write("lines.md", twentyFourLines())).size(), size_t(24));
    }

    void blankLinesAreSkippedAndShortLinesKept() {
        // Blank, whitespace-only and CRLF lines; a short line is still a prompt.
        std::string text = "\n";
        text += twentyFourLines("\n   \t\n");
        text += "\r\nhi\r\n\r\n";
        const auto prompts = splitPrompts(write("blanks.txt", text));
        QCOMPARE(prompts.size(), size_t(25));
        QCOMPARE(prompts.back(), std::string("hi"));
        for (const auto& p : prompts) QVERIFY(!p.empty() && p.back() != '\r' && p.front() != ' ');
    }

    void paragraphsOnlyWhenAsked() {
        const std::string text = "First paragraph, line one of it;\nline two of the same paragraph.\n\n"
                                 "Second paragraph, a single line of text.\n<|endoftext|>Third paragraph, after a document end.\n";
        const std::string path = write("paragraphs.txt", text);
        const auto paragraphs = splitPrompts(path, PromptsFormat::Paragraphs);
        QCOMPARE(paragraphs.size(), size_t(3));
        QCOMPARE(paragraphs[0], std::string("First paragraph, line one of it;\nline two of the same paragraph."));
        QCOMPARE(splitPrompts(path).size(), size_t(4)); // the default: lines
        QCOMPARE(splitPrompts(path, PromptsFormat::Lines).size(), size_t(4));
    }

    void jsonlByExtension() {
        const std::string path = write("prompts.jsonl", "\"a prompt written as a JSON string\"\n\n"
                                                        "{\"prompt\": \"a prompt in an object's prompt key\"}\n"
                                                        "{\"text\": \"a prompt in an object's text key, too\"}\n");
        QCOMPARE(splitPrompts(path).size(), size_t(3));
        QCOMPARE(splitPrompts(path, PromptsFormat::Jsonl).size(), size_t(3));
        // Asked for lines, the JSON text itself is each prompt.
        QCOMPARE(splitPrompts(path, PromptsFormat::Lines).front(), std::string("\"a prompt written as a JSON string\""));
        QCOMPARE(resolvePromptsFormat(path, PromptsFormat::ByExtension), PromptsFormat::Jsonl);
        QCOMPARE(resolvePromptsFormat("p.txt", PromptsFormat::ByExtension), PromptsFormat::Lines);
        bool threw = false;
        try {
            splitPrompts(write("bad.jsonl", "{\"prompt\": \n"));
        } catch (const cmf::Error& e) {
            threw = e.kind() == cmf::ErrorKind::Parse && std::string(e.what()).find("bad.jsonl:1") != std::string::npos;
        }
        QVERIFY(threw);
    }

    void formatNames() {
        QCOMPARE(promptsFormatFromName("lines"), PromptsFormat::Lines);
        QCOMPARE(promptsFormatFromName("paragraphs"), PromptsFormat::Paragraphs);
        QCOMPARE(promptsFormatFromName("jsonl"), PromptsFormat::Jsonl);
        QCOMPARE(promptsFormatFromName("auto"), PromptsFormat::ByExtension);
        QCOMPARE(std::string(promptsFormatName(PromptsFormat::Paragraphs)), std::string("paragraphs"));
        bool threw = false;
        try {
            promptsFormatFromName("words");
        } catch (const cmf::Error& e) {
            threw = std::string(e.what()).find("lines, paragraphs, jsonl") != std::string::npos;
        }
        QVERIFY(threw);
    }
};

QTEST_GUILESS_MAIN(TestCorpus)
#include "tst_corpus.moc"
