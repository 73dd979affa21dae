// The Session the GUI and `cmf run`/`cmf chat` talk through: the conversation
// rendered by the file's template gives the reference's prompt ids and greedy
// reply; deltas are valid UTF-8 and add up to the reply; cancel, stop strings,
// the token budget and a full context end a reply as they say; the KV cache
// is reused across turns without changing what is generated.
#include "reference_models.h"
#include "test_support.h"

#include "cmf/engine/session.h"
#include "cmf/format/error.h"

#include <QTest>
#include <atomic>

using cmf::engine::Finish;
using cmf::engine::GenerationOptions;
using cmf::engine::Session;
using cmf::engine::StopStringFilter;

namespace {

std::shared_ptr<const cmf::engine::Model> demo() {
    static const auto m = cmf::engine::Model::open(cmftest::converted("tiny-chat", "f32"));
    return m;
}

nlohmann::json referencePrompt(const std::string& name) {
    const auto ref = cmftest::loadJson(cmftest::dataPath("models/tiny-chat/reference.json"));
    for (const auto& p : ref["prompts"])
        if (p["name"] == name) return p;
    throw std::runtime_error("no prompt " + name);
}

bool validUtf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        for (size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
        i += n;
    }
    return true;
}

GenerationOptions greedy(uint32_t n) {
    GenerationOptions g;
    g.maxTokens = n;
    g.sampling.greedy = true;
    return g;
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void replyMatchesReference_data() {
        QTest::addColumn<QString>("prompt");
        QTest::newRow("definition") << "chat_definition";
        QTest::newRow("arithmetic") << "chat_arithmetic";
    }
    void replyMatchesReference() {
        QFETCH(QString, prompt);
        const auto p = referencePrompt(prompt.toStdString());
        Session s(demo(), 512);
        std::string streamed;
        size_t deltas = 0;
        const auto r = s.reply(p["messages"][0]["content"].get<std::string>(), greedy(32), [&](std::string_view d) {
            QVERIFY(validUtf8(d));
            streamed += d;
            ++deltas;
        });
        QCOMPARE(r.promptIds, p["prompt_ids"].get<std::vector<int32_t>>());
        QCOMPARE(QString::fromStdString(r.text), QString::fromStdString(p["greedy_text_until_eos"].get<std::string>()));
        QCOMPARE(streamed, r.text);
        QVERIFY(deltas > 1);
        const auto want = p["greedy_ids"].get<std::vector<int32_t>>();
        QVERIFY(r.generated.size() <= want.size());
        QVERIFY(std::equal(r.generated.begin(), r.generated.end(), want.begin()));
        QCOMPARE(r.finish, r.generated.size() < 32 ? Finish::Eos : Finish::Length);
        // The conversation now holds the reply, ready for the next turn.
        QCOMPARE(s.messages().size(), size_t(2));
        QCOMPARE(s.messages()[1]["content"].get<std::string>(), r.text);
        QCOMPARE(r.promptTokensEvaluated, r.promptIds.size());
        QVERIFY(r.prefillSeconds > 0 && r.decodeSeconds > 0 && r.decodeTokensPerSecond() > 0);
        QCOMPARE(r.contextSize, 512u);
        QCOMPARE(size_t(r.contextUsed), r.promptIds.size() + r.generated.size() - 1); // the last token is sampled, not run
    }
    void secondTurnReusesTheCacheAndAgreesWithAFreshSession() {
        Session warm(demo(), 512);
        const auto first = warm.reply("What does the word anchor mean?", greedy(24));
        const auto second = warm.reply("What is 12 + 30?", greedy(24));
        // What ran in turn one (the last sampled token never ran), against turn two's prompt:
        // only the part after the shared prefix is evaluated. (Qwen3's template drops the empty
        // think block from earlier turns, so the prefix ends inside the first reply.)
        std::vector<int32_t> ran = first.promptIds;
        ran.insert(ran.end(), first.generated.begin(), first.generated.end() - 1);
        size_t common = 0;
        while (common < ran.size() && ran[common] == second.promptIds[common]) ++common;
        QVERIFY(common > first.promptIds.size() / 2);
        QCOMPARE(second.promptTokensEvaluated, second.promptIds.size() - common);

        Session cold(demo(), 512);
        for (const auto& m : warm.messages()) {
            if (&m == &warm.messages().back()) break;
            cold.addMessage(m["role"], m["content"]);
        }
        const auto fresh = cold.generate(cold.promptIds(), greedy(24));
        QCOMPARE(fresh.promptIds, second.promptIds);
        QCOMPARE(fresh.generated, second.generated);
        QCOMPARE(fresh.promptTokensEvaluated, fresh.promptIds.size());
    }
    void regenerateAnswersTheSameQuestionAgain() {
        Session s(demo(), 512);
        const auto a = s.reply("What is 12 + 30?", greedy(16));
        const auto b = s.regenerate(greedy(16));
        QCOMPARE(b.generated, a.generated); // greedy: the same reply
        QCOMPARE(s.messages().size(), size_t(2));
        QVERIFY(b.promptTokensEvaluated <= 1);
    }
    void cancelStopsBeforeTheNextToken() {
        Session s(demo(), 512);
        std::atomic<bool> cancel{false};
        size_t deltas = 0;
        const auto r = s.reply("What does the word anchor mean?", greedy(64), [&](std::string_view) {
            if (++deltas == 3) cancel = true;
        }, &cancel);
        QCOMPARE(r.finish, Finish::Cancelled);
        QVERIFY(r.generated.size() >= 3 && r.generated.size() <= 4);
        QCOMPARE(s.messages().back()["content"].get<std::string>(), r.text); // what was said is kept
    }
    void stopStringEndsTheReplyBeforeIt() {
        const auto p = referencePrompt("chat_definition");
        const std::string full = p["greedy_text_until_eos"];
        const std::string stop = "a person who";
        Session s(demo(), 512);
        auto g = greedy(32);
        g.stopStrings = {"never appears", stop};
        std::string streamed;
        const auto r = s.reply(p["messages"][0]["content"], g, [&](std::string_view d) { streamed += d; });
        QCOMPARE(r.finish, Finish::Stop);
        QCOMPARE(r.text, full.substr(0, full.find(stop)));
        QCOMPARE(streamed, r.text);
    }
    void budgetAndContextEndTheReply() {
        Session s(demo(), 512);
        const auto r = s.reply("What does the word anchor mean?", greedy(5));
        QCOMPARE(r.finish, Finish::Length);
        QCOMPARE(r.generated.size(), size_t(5));

        const auto p = referencePrompt("chat_definition");
        const auto ids = p["prompt_ids"].get<std::vector<int32_t>>();
        Session small(demo(), uint32_t(ids.size() + 4));
        const auto full = small.generate(ids, greedy(32));
        QCOMPARE(full.finish, Finish::Context);
        QCOMPARE(full.generated.size(), size_t(5)); // 4 more positions, and the last sampled token is not run
        QCOMPARE(full.contextUsed, small.contextSize());

        Session tiny(demo(), uint32_t(ids.size()));
        try {
            tiny.generate(ids, greedy(4));
            QFAIL("a prompt that fills the context was accepted");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Bounds);
            QVERIFY(std::string(e.what()).find("context") != std::string::npos);
        }
    }
    void noStopAtEosGoesOn() {
        const auto p = referencePrompt("chat_arithmetic");
        Session s(demo(), 512);
        auto g = greedy(32);
        g.stopAtEos = false;
        const auto r = s.generate(p["prompt_ids"].get<std::vector<int32_t>>(), g);
        QCOMPARE(r.generated, p["greedy_ids"].get<std::vector<int32_t>>());
        QCOMPARE(r.finish, Finish::Length);
    }
    void systemPromptAndVariablesReachTheTemplate() {
        Session s(demo(), 512);
        s.setSystem("Be brief.");
        s.addMessage("user", "Hi");
        const std::string rendered = s.renderPrompt();
        QVERIFY(rendered.rfind("<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n", 0) == 0);
        QVERIFY(rendered.find("<think>\n\n</think>") != std::string::npos); // enable_thinking defaults to false
        s.templateVariables()["enable_thinking"] = true;
        QVERIFY(s.renderPrompt().find("<think>") == std::string::npos);
    }
    void templateErrorLeavesTheConversation() {
        Session s(demo(), 512);
        s.addMessage("user", "Hi");
        s.templateVariables()["tools"] = 5; // the template iterates tools: an int is not iterable
        const auto before = s.messages();
        try {
            s.reply("x", greedy(1));
            QFAIL("the template did not raise");
        } catch (const cmf::engine::TemplateRuntimeError& e) {
            QVERIFY2(std::string(e.what()).find("iterable") != std::string::npos, e.what());
        }
        QVERIFY(s.messages() == before);
    }
    void stopStringFilterHoldsBackPartialMatches() {
        StopStringFilter f({"</end>", "STOP"});
        QCOMPARE(f.push("hello </"), std::string("hello "));
        QCOMPARE(f.push("en"), std::string());
        QCOMPARE(f.push("ding"), std::string("</ending"));
        QCOMPARE(f.push("ST"), std::string());
        QCOMPARE(f.flush(), std::string("ST"));
        StopStringFilter g({"</end>"});
        QCOMPARE(g.push("a</e"), std::string("a"));
        QCOMPARE(g.push("nd>tail"), std::string());
        QVERIFY(g.stopped());
        QCOMPARE(g.push("more"), std::string());
        QCOMPARE(g.flush(), std::string());
        StopStringFilter none({});
        QCOMPARE(none.push("abc"), std::string("abc"));
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
