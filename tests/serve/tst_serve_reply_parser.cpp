// The reply parser of the server (server/include/cmf/server/reply_parser.h):
// <think> blocks to reasoning, <tool_call> markup to tool calls, whatever
// the split of the text into deltas, malformed markup kept as text, and a
// reply without tags passed through unchanged.
#include "cmf/server/reply_parser.h"

#include "test_support.h"

#include <QTest>
#include <nlohmann/json.hpp>

using cmf::server::ReplyDelta;
using cmf::server::ReplyParser;

namespace {

// The text pushed in pieces of `step` bytes, the deltas summed.
ReplyDelta parse(const std::string& text, size_t step, bool inReasoning, bool tools) {
    ReplyParser p(inReasoning, tools);
    ReplyDelta all;
    const auto add = [&](const ReplyDelta& d) {
        all.content += d.content;
        all.reasoning += d.reasoning;
        all.toolCalls.insert(all.toolCalls.end(), d.toolCalls.begin(), d.toolCalls.end());
    };
    for (size_t i = 0; i < text.size(); i += step) add(p.push(std::string_view(text).substr(i, step)));
    add(p.finish());
    return all;
}

} // namespace

class TestServeReplyParser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void plainTextUnchanged() {
        // Text with angle brackets, a tag-like prefix at the end and surrounding whitespace.
        const std::string text = "  a < b, <thin and <tool  \n";
        for (size_t step : {1, 2, 3, 7, 100}) {
            QCOMPARE(parse(text, step, false, true).content, text);
            QCOMPARE(parse(text, step, false, false).content, text);
        }
    }

    void thinkBlockIsReasoning() {
        for (size_t step : {1, 3, 50}) {
            const auto d = parse("<think>\nweigh it\n</think>\n\nThe answer.", step, false, false);
            QCOMPARE(d.reasoning, std::string("\nweigh it\n"));
            QCOMPARE(d.content, std::string("The answer."));
            // A template whose generation prompt opened the block already.
            const auto open = parse("weigh it</think>Yes", step, true, false);
            QCOMPARE(open.reasoning, std::string("weigh it"));
            QCOMPARE(open.content, std::string("Yes"));
            // Never closed: all of it is reasoning.
            QCOMPARE(parse("<think>still going", step, false, false).reasoning, std::string("still going"));
        }
    }

    void toolCallsParsed() {
        const std::string text = "\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>\n"
                                 "<tool_call>{\"name\": \"now\", \"arguments\": {}}</tool_call>\n";
        for (size_t step : {1, 4, 13, 1000}) {
            const auto d = parse(text, step, false, true);
            QCOMPARE(d.toolCalls.size(), size_t(2));
            QCOMPARE(d.toolCalls[0].name, std::string("get_weather"));
            JCOMPARE(nlohmann::json::parse(d.toolCalls[0].arguments), nlohmann::json({{"city", "Paris"}}));
            QCOMPARE(d.toolCalls[1].name, std::string("now"));
            QCOMPARE(d.toolCalls[1].arguments, std::string("{}"));
            QCOMPARE(d.content, std::string()); // the whitespace around the calls is not content
        }
        // Without tools in the request the markup is text.
        QCOMPARE(parse(text, 5, false, false).content, text);
        // Text before a call stays content.
        const auto before = parse("Let me check. <tool_call>{\"name\": \"x\"}</tool_call>", 3, false, true);
        QCOMPARE(before.content, std::string("Let me check."));
        QCOMPARE(before.toolCalls.size(), size_t(1));
    }

    void malformedToolCallStaysText() {
        for (const std::string& text : {std::string("<tool_call>{\"name\": get_weather}</tool_call>"),
                                       std::string("<tool_call>{\"arguments\": {}}</tool_call>"),
                                       std::string("<tool_call>[1, 2]</tool_call>"), std::string("<tool_call>{\"name\": \"x\"")}) {
            for (size_t step : {1, 6}) {
                const auto d = parse(text, step, false, true);
                QVERIFY(d.toolCalls.empty());
                QCOMPARE(d.content, text);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestServeReplyParser)
#include "tst_serve_reply_parser.moc"
