// The server's wire protocol (server/, issue 23) against a server started
// in-process on a free port, spoken to with cpp-httplib's client: every
// error status with its OpenAI error object (the server still answering
// after each), the SSE framing, [DONE] and the usage chunk, greedy replies
// equal to Session's for the same messages (tiny-chat and tiny-moe), tool
// calls both ways, the prompt cache of a slot, cancel on disconnect, the CMF
// routes, the bounded queue, and a stop that frees the port.
#include "serve_support.h"
#include "skill_builder.h"

#include "cmf/format/mask_edit.h"
#include "cmf/server/api_error.h"
#include "cmf/server/reply_parser.h"

#include <arpa/inet.h>
#include <atomic>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <chrono>
#include <future>
#include <thread>

using namespace servetest;
using cmf::server::ServerOptions;

namespace {

constexpr const char* kSystem = "You are terse.";
constexpr const char* kUser = "Tell me about the sea.";

std::shared_ptr<const cmf::engine::Model> tinyChat() {
    static auto m = cmf::engine::Model::open(cmftest::converted("tiny-chat", "f32"));
    return m;
}

std::shared_ptr<const cmf::engine::Model> tinyMoe() {
    static auto m = cmf::engine::Model::open(cmftest::converted("tiny-moe", "q8"));
    return m;
}

// tiny-chat with a task mask "thirds" and a skill "x", as tst_speculative builds them.
std::shared_ptr<const cmf::engine::Model> specialist() {
    static auto m = [] {
        const std::string base = cmftest::converted("tiny-chat", "f32"), dir = cmftest::tempDir();
        cmftest::withThirdsMask(base, dir + "/serve-masked.cmf");
        return cmf::engine::Model::open(cmftest::withOwnSkill(dir + "/serve-masked.cmf", dir + "/serve-skill.cmf", "x",
                                                              {"model.layers.0.mlp.down_proj.weight", "model.layers.1.mlp.down_proj.weight"},
                                                              -1.0f));
    }();
    return m;
}

// The server answers after a refusal: /health and a real chat request.
void stillAnswers(httplib::Client& c) {
    QCOMPARE(get(c, "/health").status, 200);
    const auto r = post(c, "/v1/chat/completions", chatBody(kSystem, kUser, 4).dump());
    QCOMPARE(r.status, 200);
    QCOMPARE(r.j()["usage"]["completion_tokens"].get<int>(), 4);
}

// A prompt of more tokens than the 2048 of the test servers' context.
std::string longText() {
    std::string s;
    for (int i = 0; i < 1500; ++i) s += "ocean wave " + std::to_string(i) + " ";
    return s;
}

const char* const kWeatherTool = "[{\"type\": \"function\", \"function\": {\"name\": \"get_weather\", \"description\": \"Weather of a city\", \"parameters\": {\"type\": \"object\", \"properties\": {\"city\": {\"type\": \"string\"}}, \"required\": [\"city\"]}}}]";
const char* const kToolConversation = "[{\"role\": \"user\", \"content\": \"Weather in Paris?\"}, {\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"call_1\", \"type\": \"function\", \"function\": {\"name\": \"get_weather\", \"arguments\": \"{\\\"city\\\": \\\"Paris\\\"}\"}}]}, {\"role\": \"tool\", \"tool_call_id\": \"call_1\", \"content\": \"{\\\"temp_c\\\": 18}\"}]";
const char* const kShortTool = "[{\"type\": \"function\", \"function\": {\"name\": \"get_weather\", \"parameters\": {\"type\": \"object\"}}}]";

} // namespace

class TestServeProtocol : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Every refusal: its status, the error object's code and param, and the server answering afterwards.
    void errorObjects_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("param");
        const auto chat = [](Json patch) {
            Json b = chatBody(kSystem, kUser, 8);
            b.update(patch);
            return QByteArray::fromStdString(b.dump());
        };
        const QString c = "/v1/chat/completions";
        QTest::newRow("malformed JSON") << c << QByteArray("{\"messages\": [") << 400 << "invalid_json" << "";
        QTest::newRow("not an object") << c << QByteArray("[1, 2]") << 400 << "invalid_json" << "";
        QTest::newRow("no messages") << c << QByteArray("{\"temperature\": 0}") << 400 << "missing_required_parameter" << "messages";
        QTest::newRow("messages a string") << c << chat({{"messages", "hi"}}) << 400 << "invalid_type" << "messages";
        QTest::newRow("content a number") << c << chat({{"messages", {{{"role", "user"}, {"content", 5}}}}}) << 400 << "invalid_type"
                                          << "messages[0].content";
        QTest::newRow("unknown role") << c << chat({{"messages", {{{"role", "robot"}, {"content", "x"}}}}}) << 400 << "invalid_value"
                                      << "messages[0].role";
        QTest::newRow("image part") << c
                                    << chat({{"messages", {{{"role", "user"}, {"content", {{{"type", "image_url"}, {"image_url", "x"}}}}}}}})
                                    << 400 << "unsupported_content_type" << "messages[0].content[0].type";
        QTest::newRow("temperature a string") << c << chat({{"temperature", "hot"}}) << 400 << "invalid_type" << "temperature";
        QTest::newRow("temperature out of range") << c << chat({{"temperature", 3}}) << 400 << "invalid_value" << "temperature";
        QTest::newRow("stream a string") << c << chat({{"stream", "yes"}}) << 400 << "invalid_type" << "stream";
        QTest::newRow("max_tokens a float") << c << chat({{"max_tokens", 1.5}}) << 400 << "invalid_type" << "max_tokens";
        QTest::newRow("max_tokens zero") << c << chat({{"max_tokens", 0}}) << 400 << "invalid_value" << "max_tokens";
        QTest::newRow("stop a number") << c << chat({{"stop", 7}}) << 400 << "invalid_type" << "stop";
        QTest::newRow("tools an object") << c << chat({{"tools", Json::object()}}) << 400 << "invalid_type" << "tools";
        QTest::newRow("unknown model") << c << chat({{"model", "gpt-4o"}}) << 404 << "model_not_found" << "model";
        QTest::newRow("n > 1") << c << chat({{"n", 2}}) << 400 << "unsupported_value" << "n";
        QTest::newRow("frequency_penalty out of range") << c << chat({{"frequency_penalty", 2.5}}) << 400 << "invalid_value"
                                                        << "frequency_penalty";
        QTest::newRow("tool_choice required") << c << chat({{"tool_choice", "required"}}) << 400 << "unsupported_value" << "tool_choice";
        QTest::newRow("max_tokens past the context") << c << chat({{"max_tokens", 5000}}) << 400 << "context_length_exceeded"
                                                     << "max_tokens";
        QTest::newRow("prompt past the context") << c << QByteArray::fromStdString(chatBody("", longText(), 8).dump()) << 400
                                                 << "context_length_exceeded" << "messages";
        QTest::newRow("unknown task") << c << chat({{"task", "nope"}}) << 400 << "unknown_task" << "task";
        QTest::newRow("unknown skill") << c << chat({{"skill", "nope"}}) << 400 << "unknown_skill" << "skill";
        QTest::newRow("skill auto without subspaces") << c << chat({{"skill", "auto"}}) << 400 << "unknown_skill" << "skill";
        QTest::newRow("10 MB body") << c << QByteArray(10 * 1000 * 1000, 'a') << 413 << "request_too_large" << "";
        const QString t = "/v1/completions";
        QTest::newRow("completion without prompt") << t << QByteArray("{\"max_tokens\": 3}") << 400 << "missing_required_parameter" << "prompt";
        QTest::newRow("completion id past the vocabulary") << t << QByteArray("{\"prompt\": [1, 99999999]}") << 400 << "invalid_value"
                                                           << "prompt";
        QTest::newRow("completion batch") << t << QByteArray("{\"prompt\": [\"a\", \"b\"]}") << 400 << "invalid_type" << "prompt";
        QTest::newRow("unknown route") << "/v1/embeddings" << QByteArray("{}") << 404 << "not_found" << "";
    }
    void errorObjects() {
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, code);
        QFETCH(QString, param);
        static auto server = start(tinyChat());
        auto c = client(*server);
        const auto r = post(*c, path.toStdString(), body.toStdString());
        QCOMPARE(r.status, status);
        const auto j = r.j();
        QVERIFY2(j.contains("error") && j.size() == 1, r.body.c_str());
        const auto& e = j["error"];
        // Exactly the four fields, in OpenAI's types.
        QCOMPARE(e.size(), size_t(4));
        QVERIFY(e["message"].is_string() && !e["message"].get<std::string>().empty());
        QCOMPARE(e["type"].get<std::string>(), std::string("invalid_request_error"));
        QCOMPARE(e["code"].get<std::string>(), code.toStdString());
        if (param.isEmpty()) QVERIFY(e["param"].is_null());
        else QCOMPARE(e["param"].get<std::string>(), param.toStdString());
        if (code == "context_length_exceeded") {
            // The numbers: the context and what did not fit.
            const auto msg = e["message"].get<std::string>();
            QVERIFY2(msg.find("2048") != std::string::npos, msg.c_str());
            QVERIFY2(msg.find(param == "max_tokens" ? "5000" : "tokens") != std::string::npos, msg.c_str());
        }
        stillAnswers(*c);
    }

    // A key: /v1 routes refuse a missing or wrong one with 401, /health needs none.
    void apiKey() {
        ServerOptions o;
        o.apiKey = "sekrit-123";
        auto server = start(tinyChat(), o);
        for (const std::string& key : {std::string(), std::string("wrong"), std::string("sekrit-12"), std::string("sekrit-1234")}) {
            auto c = client(*server, key);
            for (const auto& r : {get(*c, "/v1/models"), post(*c, "/v1/chat/completions", chatBody(kSystem, kUser, 4).dump())}) {
                QCOMPARE(r.status, 401);
                QCOMPARE(r.j()["error"]["code"].get<std::string>(), std::string("invalid_api_key"));
            }
            QCOMPARE(get(*c, "/health").status, 200);
        }
        auto good = client(*server, "sekrit-123");
        QCOMPARE(get(*good, "/v1/models").status, 200);
        stillAnswers(*good);
    }

    // The stream: every event a "data: {json}" line and a blank line, one id
    // throughout, the role first, [DONE] last; with include_usage every chunk
    // carries "usage": null and a last chunk with no choices carries the
    // figures, equal to the non-streamed reply's.
    void sseFraming() {
        auto server = start(tinyChat());
        auto c = client(*server);
        auto body = chatBody(kSystem, kUser, 12, true);
        body["stream_options"] = {{"include_usage", true}};
        const auto r = post(*c, "/v1/chat/completions", body.dump());
        QCOMPARE(r.status, 200);
        QVERIFY(r.headers.find("Content-Type")->second.rfind("text/event-stream", 0) == 0);
        const auto events = sseEvents(r.body);
        QVERIFY(events.size() >= 4);
        for (const auto& e : events) {
            QCOMPARE(e["object"].get<std::string>(), std::string("chat.completion.chunk"));
            JCOMPARE(e["id"], events[0]["id"]);
            QVERIFY(e.contains("usage"));
        }
        QCOMPARE(events[0]["choices"][0]["delta"]["role"].get<std::string>(), std::string("assistant"));
        const auto& finish = events[events.size() - 2];
        QCOMPARE(finish["choices"][0]["finish_reason"].get<std::string>(), std::string("length"));
        QVERIFY(finish["usage"].is_null());
        const auto& usage = events.back();
        QVERIFY(usage["choices"].empty());
        const auto whole = post(*c, "/v1/chat/completions", chatBody(kSystem, kUser, 12).dump()).j();
        JCOMPARE(usage["usage"]["prompt_tokens"], whole["usage"]["prompt_tokens"]);
        QCOMPARE(usage["usage"]["completion_tokens"].get<int>(), 12);
        JCOMPARE(usage["usage"]["total_tokens"], whole["usage"]["total_tokens"]);
        // Without include_usage: no usage anywhere.
        for (const auto& e : sseEvents(post(*c, "/v1/chat/completions", chatBody(kSystem, kUser, 5, true).dump()).body))
            QVERIFY(!e.contains("usage"));
        // The legacy completions stream too.
        const auto t = post(*c, "/v1/completions", Json{{"prompt", "Once upon"}, {"max_tokens", 6}, {"temperature", 0}, {"stream", true}}.dump());
        const auto te = sseEvents(t.body);
        QVERIFY(!te.empty());
        for (const auto& e : te) QCOMPARE(e["object"].get<std::string>(), std::string("text_completion"));
    }

    // Greedy replies, whole and streamed, equal Session's for the same
    // messages (as `cmf run --chat --greedy` generates them), on a dense and
    // an MoE model; /v1/completions equals Session::generate on the raw prompt.
    void greedyEqualsSession_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("tiny-chat") << "tiny-chat";
        QTest::newRow("tiny-moe") << "tiny-moe";
    }
    void greedyEqualsSession() {
        QFETCH(QString, model);
        const auto m = model == "tiny-chat" ? tinyChat() : tinyMoe();
        for (const auto& [system, user, n] : std::vector<std::tuple<std::string, std::string, uint32_t>>{
                 {kSystem, kUser, 40}, {"", "Hello", 64}, {"", "Write a list of fruits.", 200}}) {
            // A server of its own per conversation: each request is made alone, as `cmf run` makes it.
            // (On tiny-moe q8 a Session that ran a longer conversation before can continue a
            // reused prefix into another greedy reply than a cold one: an engine matter.)
            auto server = start(m);
            auto c = client(*server);
            const auto want = sessionReply(m, system, user, n);
            QVERIFY(!want.text.empty());
            const auto whole = post(*c, "/v1/chat/completions", chatBody(system, user, n).dump());
            QCOMPARE(whole.status, 200);
            const auto j = whole.j();
            QCOMPARE(j["choices"][0]["message"]["content"].get<std::string>(), want.text);
            QCOMPARE(j["usage"]["prompt_tokens"].get<size_t>(), want.promptIds.size());
            QCOMPARE(j["usage"]["completion_tokens"].get<size_t>(), want.generated.size());
            QCOMPARE(j["choices"][0]["finish_reason"].get<std::string>(),
                     std::string(want.finish == cmf::engine::Finish::Length ? "length" : "stop"));
            const auto streamed = post(*c, "/v1/chat/completions", chatBody(system, user, n, true).dump());
            QCOMPARE(streamed.status, 200);
            QCOMPARE(streamedText(sseEvents(streamed.body)), want.text);
        }
        // Raw completions, whole and streamed.
        auto server = start(m);
        auto c = client(*server);
        cmf::engine::Session s(m, 2048);
        cmf::engine::GenerationOptions g;
        g.maxTokens = 30;
        const auto want = s.generate(s.tokenizer()->encode("The sea is", true), g);
        const Json body = {{"prompt", "The sea is"}, {"max_tokens", 30}, {"temperature", 0}};
        QCOMPARE(post(*c, "/v1/completions", body.dump()).j()["choices"][0]["text"].get<std::string>(), want.text);
        Json sb = body;
        sb["stream"] = true;
        QCOMPARE(streamedText(sseEvents(post(*c, "/v1/completions", sb.dump()).body)), want.text);
        // Token ids as the prompt.
        const Json ids = {{"prompt", s.tokenizer()->encode("The sea is", true)}, {"max_tokens", 30}, {"temperature", 0}};
        QCOMPARE(post(*c, "/v1/completions", ids.dump()).j()["choices"][0]["text"].get<std::string>(), want.text);
    }

    // ignore_eos runs to max_tokens where the model would have ended (tiny-moe ends within 60 tokens).
    void ignoreEosRunsToMaxTokens() {
        auto server = start(tinyMoe());
        auto c = client(*server);
        const auto ended = post(*c, "/v1/chat/completions", chatBody("", "Hello", 200).dump()).j();
        QCOMPARE(ended["choices"][0]["finish_reason"].get<std::string>(), std::string("stop"));
        QVERIFY(ended["usage"]["completion_tokens"].get<int>() < 200);
        auto b = chatBody("", "Hello", 200);
        b["ignore_eos"] = true;
        const auto all = post(*c, "/v1/chat/completions", b.dump()).j();
        QCOMPARE(all["choices"][0]["finish_reason"].get<std::string>(), std::string("length"));
        QCOMPARE(all["usage"]["completion_tokens"].get<int>(), 200);
    }

    // Speculative decoding (--draft lookup) gives the replies of plain decoding, whole and streamed.
    void draftLookupSameReplies() {
        ServerOptions o;
        o.draft.mode = cmf::engine::DraftMode::Lookup;
        auto server = start(tinyChat(), o);
        auto c = client(*server);
        for (const auto& [user, n] : std::vector<std::pair<std::string, uint32_t>>{{kUser, 80}, {"Write a list of fruits.", 120}}) {
            const auto want = sessionReply(tinyChat(), "", user, n);
            QCOMPARE(post(*c, "/v1/chat/completions", chatBody("", user, n).dump()).j()["choices"][0]["message"]["content"].get<std::string>(),
                     want.text);
            QCOMPARE(streamedText(sseEvents(post(*c, "/v1/chat/completions", chatBody("", user, n, true).dump()).body)), want.text);
        }
    }

    // Seeded sampling repeats itself exactly, as the engine's seeded sampler does.
    void seededSamplingRepeats() {
        auto server = start(tinyChat());
        auto c = client(*server);
        auto b = chatBody(kSystem, kUser, 30);
        b["temperature"] = 0.9;
        b["seed"] = 1234;
        const auto a = post(*c, "/v1/chat/completions", b.dump()).j()["choices"][0]["message"]["content"];
        JCOMPARE(post(*c, "/v1/chat/completions", b.dump()).j()["choices"][0]["message"]["content"], a);
        b["seed"] = 99;
        QVERIFY(post(*c, "/v1/chat/completions", b.dump()).j()["choices"][0]["message"]["content"] != a);
    }

    // Tools reach the template as transformers passes `tools=`; an assistant
    // turn with tool_calls (arguments as the wire's JSON string) and a role
    // tool result render as the template writes them; the prompt's ids are
    // the same as Session's for the same conversation in the template's form.
    void toolRoundTripRendersThroughTheTemplate() {
        auto server = start(tinyChat());
        auto c = client(*server);
        using OJson = nlohmann::ordered_json; // key order as sent, as transformers keeps a dict's
        const OJson tools = OJson::parse(kWeatherTool);
        const OJson wire = OJson::parse(kToolConversation);
        const auto r = post(*c, "/v1/chat/completions", OJson{{"messages", wire}, {"tools", tools}, {"temperature", 0}, {"max_tokens", 20}}.dump());
        QCOMPARE(r.status, 200);
        // The same conversation given to Session in the template's own form (arguments a mapping).
        cmf::engine::Session s(tinyChat(), 2048);
        auto msgs = wire;
        msgs[1]["content"] = "";
        msgs[1]["tool_calls"][0]["function"]["arguments"] = {{"city", "Paris"}};
        s.setMessages(msgs);
        s.templateVariables()["tools"] = tools;
        const std::string prompt = s.renderPrompt();
        // What Qwen2.5's template writes for them.
        QVERIFY2(prompt.find("<tools>\n{\"type\": \"function\", \"function\": {\"name\": \"get_weather\"") != std::string::npos, prompt.c_str());
        QVERIFY2(prompt.find("<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>") != std::string::npos,
                 prompt.c_str());
        QVERIFY2(prompt.find("<tool_response>\n{\"temp_c\": 18}\n</tool_response>") != std::string::npos, prompt.c_str());
        cmf::engine::GenerationOptions g;
        g.maxTokens = 20;
        const auto want = s.generate(s.promptIds(), g);
        QCOMPARE(r.j()["usage"]["prompt_tokens"].get<size_t>(), want.promptIds.size());
        QCOMPARE(r.j()["choices"][0]["message"]["content"].get<std::string>(), want.text);
        // tool_choice none: the tools are not in the prompt.
        const auto none = post(*c, "/v1/chat/completions",
                               OJson{{"messages", {{{"role", "user"}, {"content", "hi"}}}}, {"tools", tools}, {"tool_choice", "none"}, {"max_tokens", 1}}.dump());
        const auto with = post(*c, "/v1/chat/completions", OJson{{"messages", {{{"role", "user"}, {"content", "hi"}}}}, {"tools", tools}, {"max_tokens", 1}}.dump());
        QVERIFY(none.j()["usage"]["prompt_tokens"].get<int>() + 50 < with.j()["usage"]["prompt_tokens"].get<int>());
    }

    // The model's tool-call markup becomes tool_calls (whole and streamed),
    // finish_reason tool_calls; malformed markup stays text. The tiny models
    // never write the markup, so the reply is scripted (the test-only
    // ServerOptions::scriptedToolReply), which runs the same parsing.
    void toolCallMarkupParsed() {
        const Json tools = Json::parse(kShortTool);
        const Json body = {{"messages", {{{"role", "user"}, {"content", "Weather in Paris?"}}}}, {"tools", tools}};
        ServerOptions o;
        o.scriptedToolReply = "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>";
        {
            auto server = start(tinyChat(), o);
            auto c = client(*server);
            const auto j = post(*c, "/v1/chat/completions", body.dump()).j();
            const auto& choice = j["choices"][0];
            QCOMPARE(choice["finish_reason"].get<std::string>(), std::string("tool_calls"));
            QVERIFY(choice["message"]["content"].is_null());
            const auto& call = choice["message"]["tool_calls"][0];
            QVERIFY(call["id"].get<std::string>().rfind("call_", 0) == 0);
            QCOMPARE(call["type"].get<std::string>(), std::string("function"));
            QCOMPARE(call["function"]["name"].get<std::string>(), std::string("get_weather"));
            JCOMPARE(Json::parse(call["function"]["arguments"].get<std::string>()), Json({{"city", "Paris"}}));
            Json sb = body;
            sb["stream"] = true;
            const auto events = sseEvents(post(*c, "/v1/chat/completions", sb.dump()).body);
            int calls = 0;
            for (const auto& e : events)
                if (e["choices"][0]["delta"].contains("tool_calls")) {
                    const auto& tc = e["choices"][0]["delta"]["tool_calls"][0];
                    QCOMPARE(tc["index"].get<int>(), 0);
                    QCOMPARE(tc["function"]["name"].get<std::string>(), std::string("get_weather"));
                    ++calls;
                }
            QCOMPARE(calls, 1);
            QCOMPARE(events[events.size() - 1]["choices"][0]["finish_reason"].get<std::string>(), std::string("tool_calls"));
            QCOMPARE(streamedText(events), std::string());
            // A request without tools is generated by the model as always.
            const auto plain = post(*c, "/v1/chat/completions", chatBody(kSystem, kUser, 10).dump()).j();
            QCOMPARE(plain["choices"][0]["message"]["content"].get<std::string>(), sessionReply(tinyChat(), kSystem, kUser, 10).text);
        }
        // A think block before the call: reasoning_content, whole and streamed.
        o.scriptedToolReply = "<think>\nThe user wants the weather.\n</think>\n\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {}}\n</tool_call>";
        {
            auto server = start(tinyChat(), o);
            auto c = client(*server);
            const auto j = post(*c, "/v1/chat/completions", body.dump()).j();
            const auto& msg = j["choices"][0]["message"];
            QCOMPARE(msg["reasoning_content"].get<std::string>(), std::string("\nThe user wants the weather.\n"));
            QCOMPARE(msg["tool_calls"][0]["function"]["arguments"].get<std::string>(), std::string("{}"));
            Json sb = body;
            sb["stream"] = true;
            std::string reasoning;
            for (const auto& e : sseEvents(post(*c, "/v1/chat/completions", sb.dump()).body))
                if (!e["choices"].empty() && e["choices"][0]["delta"].contains("reasoning_content"))
                    reasoning += e["choices"][0]["delta"]["reasoning_content"].get<std::string>();
            QCOMPARE(reasoning, std::string("\nThe user wants the weather.\n"));
        }
        o.scriptedToolReply = "<tool_call>{\"name\": get_weather}</tool_call>";
        auto server = start(tinyChat(), o);
        auto c = client(*server);
        const auto j = post(*c, "/v1/chat/completions", body.dump()).j();
        QCOMPARE(j["choices"][0]["message"]["content"].get<std::string>(), o.scriptedToolReply);
        QVERIFY(!j["choices"][0]["message"].contains("tool_calls"));
        QCOMPARE(j["choices"][0]["finish_reason"].get<std::string>(), std::string("stop"));
    }

    // chat_template_kwargs reach the template: the demo model's Qwen3
    // template writes an empty think block into the prompt unless
    // enable_thinking is true; the reply equals Session's under the same variables.
    void chatTemplateKwargs() {
        auto server = start(tinyChat());
        auto c = client(*server);
        const auto plain = post(*c, "/v1/chat/completions", chatBody(kSystem, kUser, 20).dump()).j();
        auto b = chatBody(kSystem, kUser, 20);
        b["chat_template_kwargs"] = {{"enable_thinking", true}};
        const auto thinking = post(*c, "/v1/chat/completions", b.dump()).j();
        cmf::engine::Session s(tinyChat(), 2048);
        s.setSystem(kSystem);
        s.addMessage("user", kUser);
        s.templateVariables()["enable_thinking"] = true;
        QVERIFY(s.renderPrompt().find("<think>") == std::string::npos);
        cmf::engine::GenerationOptions g;
        g.maxTokens = 20;
        const auto want = s.generate(s.promptIds(), g);
        QCOMPARE(thinking["usage"]["prompt_tokens"].get<size_t>(), want.promptIds.size());
        QVERIFY(thinking["usage"]["prompt_tokens"].get<int>() < plain["usage"]["prompt_tokens"].get<int>());
        // The reply as the server splits it (a <think> block, if the model wrote one, is reasoning_content).
        cmf::server::ReplyParser split(false, false);
        auto parts = split.push(want.text);
        const auto rest = split.finish();
        QCOMPARE(thinking["choices"][0]["message"]["content"].get<std::string>(), parts.content + rest.content);
        QCOMPARE(thinking["choices"][0]["message"].value("reasoning_content", std::string()), parts.reasoning + rest.reasoning);
        b["chat_template_kwargs"] = {{"tools", Json::array()}};
        QCOMPARE(post(*c, "/v1/chat/completions", b.dump()).j()["error"]["param"].get<std::string>(), std::string("chat_template_kwargs.tools"));
    }

    // A client that sends half a request and falls silent is dropped after
    // the read timeout; the server keeps answering others.
    void slowClientTimesOut() {
        ServerOptions o;
        o.readTimeoutSeconds = 1;
        auto server = start(tinyChat(), o);
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        addr.sin_port = htons(uint16_t(server->port()));
        QCOMPARE(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
        const std::string partial = "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"mess";
        QCOMPARE(::send(fd, partial.data(), partial.size(), 0), ssize_t(partial.size()));
        const auto t0 = std::chrono::steady_clock::now();
        timeval tv{10, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        char buf[512];
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ::close(fd);
        QVERIFY2(n > 0, "no answer within 10 s");
        const std::string answer(buf, size_t(n));
        qInfo("%s", answer.substr(0, answer.find('\r')).c_str());
        QVERIFY2(answer.rfind("HTTP/1.1 4", 0) == 0, answer.c_str()); // refused, not served
        QVERIFY2(waited < 4, std::to_string(waited).c_str());
        auto c = client(*server);
        stillAnswers(*c);
    }

    // A conversation extended by its next turn finds its prefix in the slot's
    // KV cache (usage.prompt_tokens_details.cached_tokens), also with two
    // slots and another conversation in between; the reply is unchanged.
    void promptCacheAcrossTurns() {
        ServerOptions o;
        o.parallel = 2;
        auto server = start(tinyChat(), o);
        auto c = client(*server);
        Json messages = {{{"role", "system"}, {"content", kSystem}}, {{"role", "user"}, {"content", kUser}}};
        const auto first = post(*c, "/v1/chat/completions", Json{{"messages", messages}, {"temperature", 0}, {"max_tokens", 16}}.dump()).j();
        QCOMPARE(first["usage"]["prompt_tokens_details"]["cached_tokens"].get<int>(), 0);
        // Another conversation in between, on the other slot.
        QCOMPARE(post(*c, "/v1/chat/completions", chatBody("Other.", "Something else entirely", 8).dump()).status, 200);
        messages.push_back({{"role", "assistant"}, {"content", first["choices"][0]["message"]["content"]}});
        messages.push_back({{"role", "user"}, {"content", "And the mountains?"}});
        const auto second = post(*c, "/v1/chat/completions", Json{{"messages", messages}, {"temperature", 0}, {"max_tokens", 16}}.dump()).j();
        const int cached = second["usage"]["prompt_tokens_details"]["cached_tokens"].get<int>();
        // All of the first turn's prompt but the empty think block the template drops from past replies.
        QVERIFY2(4 * cached >= 3 * first["usage"]["prompt_tokens"].get<int>(), second.dump().c_str());
        // The same second turn on a fresh server, with nothing cached, gives the same reply.
        auto fresh = start(tinyChat());
        auto fc = client(*fresh);
        const auto cold = post(*fc, "/v1/chat/completions", Json{{"messages", messages}, {"temperature", 0}, {"max_tokens", 16}}.dump()).j();
        QCOMPARE(cold["usage"]["prompt_tokens_details"]["cached_tokens"].get<int>(), 0);
        JCOMPARE(cold["choices"][0]["message"]["content"], second["choices"][0]["message"]["content"]);
    }

    // A client that goes away mid-stream cancels its generation: the slot is
    // free again at once, the cancelled count and the log say so.
    void disconnectCancels() {
        auto server = start(tinyChat());
        std::mutex logMutex;
        std::vector<cmf::server::RequestRecord> log;
        server->setRequestLog([&](const cmf::server::RequestRecord& r) {
            std::lock_guard lock(logMutex);
            log.push_back(r);
        });
        auto c = client(*server);
        httplib::Request req;
        req.method = "POST";
        req.path = "/v1/chat/completions";
        auto body = chatBody(kSystem, kUser, 2000, true);
        body["ignore_eos"] = true; // a reply long enough to be cut
        req.body = body.dump();
        req.set_header("Content-Type", "application/json");
        int chunks = 0;
        req.content_receiver = [&](const char*, size_t, uint64_t, uint64_t) { return ++chunks < 3; }; // then hang up
        c->send(req);
        QVERIFY(chunks >= 3);
        // The server notices at its next write.
        for (int i = 0; i < 200 && server->counters().cancelled == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
        QCOMPARE(server->counters().cancelled, uint64_t(1));
        QCOMPARE(server->slotPool().busy(), 0u);
        {
            std::lock_guard lock(logMutex);
            QCOMPARE(log.back().cancelled, true);
            QVERIFY(log.back().completionTokens < 2000);
        }
        auto c2 = client(*server);
        const auto status = get(*c2, "/v1/cmf/status").j();
        QCOMPARE(status["counters"]["cancelled"].get<int>(), 1);
        stillAnswers(*c2);
    }

    // Every slot busy and the queue full: 503 with Retry-After and an error
    // object; the waiting requests are served once a slot frees.
    void busyQueueAnswers503() {
        ServerOptions o;
        o.parallel = 2;
        o.queue = 2;
        auto server = start(tinyChat(), o);
        std::vector<std::unique_ptr<cmf::server::SlotPool::Lease>> held;
        held.push_back(server->slotPool().acquire({}));
        held.push_back(server->slotPool().acquire({}));
        QCOMPARE(server->slotPool().busy(), 2u);
        std::vector<std::thread> waiting;
        std::atomic<int> served{0};
        for (int i = 0; i < 2; ++i)
            waiting.emplace_back([&] {
                auto c = client(*server);
                if (post(*c, "/v1/chat/completions", chatBody(kSystem, kUser, 4).dump()).status == 200) ++served;
            });
        for (int i = 0; i < 500 && server->slotPool().waiting() < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        QCOMPARE(server->slotPool().waiting(), 2u);
        auto c = client(*server);
        const auto r = post(*c, "/v1/chat/completions", chatBody(kSystem, kUser, 4).dump());
        QCOMPARE(r.status, 503);
        QCOMPARE(r.headers.find("Retry-After")->second, std::string("1"));
        QCOMPARE(r.j()["error"]["code"].get<std::string>(), std::string("server_busy"));
        QCOMPARE(r.j()["error"]["type"].get<std::string>(), std::string("server_error"));
        QCOMPARE(served.load(), 0);
        held.clear();
        for (auto& t : waiting) t.join();
        QCOMPARE(served.load(), 2);
        QCOMPARE(server->counters().rejected, uint64_t(1));
        stillAnswers(*c);
    }

    // /v1/models, /v1/cmf/masks, /v1/cmf/status and a live /v1/cmf/switch;
    // a request's own task and skill; the reply under them equals Session's.
    void cmfRoutes() {
        const auto m = specialist();
        auto server = start(m);
        auto c = client(*server);
        const auto models = get(*c, "/v1/models").j();
        QCOMPARE(models["object"].get<std::string>(), std::string("list"));
        QCOMPARE(models["data"][0]["id"].get<std::string>(), std::string("serve-skill.cmf"));
        JCOMPARE(models["data"][0]["meta"]["tasks"], Json({"thirds"}));
        JCOMPARE(models["data"][0]["meta"]["skills"], Json({"x"}));
        QCOMPARE(get(*c, "/v1/models/serve-skill.cmf").status, 200);
        QCOMPARE(get(*c, "/v1/models/other.cmf").j()["error"]["code"].get<std::string>(), std::string("model_not_found"));
        const auto masks = get(*c, "/v1/cmf/masks").j();
        QCOMPARE(masks["masks"][0]["name"].get<std::string>(), std::string("thirds"));
        QVERIFY(masks["masks"][0]["quality"].is_null());
        QCOMPARE(masks["skills"][0]["id"].get<std::string>(), std::string("x"));

        const auto dense = sessionReply(m, kSystem, kUser, 24);
        const auto masked = sessionReply(m, kSystem, kUser, 24, "thirds");
        const auto skilled = sessionReply(m, kSystem, kUser, 24, "", "x");
        QVERIFY(masked.text != dense.text && skilled.text != dense.text); // else this proves nothing
        const auto content = [](const Reply& r) { return r.j()["choices"][0]["message"]["content"].get<std::string>(); };
        auto b = chatBody(kSystem, kUser, 24);
        b["task"] = "thirds";
        auto r = post(*c, "/v1/chat/completions", b.dump());
        QCOMPARE(content(r), masked.text);
        QCOMPARE(r.j()["cmf"]["task"].get<std::string>(), std::string("thirds"));

        // Switch the defaults: the next plain request runs under skill x.
        auto sw = post(*c, "/v1/cmf/switch", Json{{"skill", "x"}}.dump());
        QCOMPARE(sw.status, 200);
        QCOMPARE(sw.j()["skill"].get<std::string>(), std::string("x"));
        r = post(*c, "/v1/chat/completions", chatBody(kSystem, kUser, 24).dump());
        QCOMPARE(content(r), skilled.text);
        QCOMPARE(r.j()["cmf"]["skill"].get<std::string>(), std::string("x"));
        // A request's own "none" overrides the default.
        b = chatBody(kSystem, kUser, 24);
        b["skill"] = "none";
        QCOMPARE(content(post(*c, "/v1/chat/completions", b.dump())), dense.text);
        // An unknown name is refused and changes nothing.
        sw = post(*c, "/v1/cmf/switch", Json{{"task", "nope"}}.dump());
        QCOMPARE(sw.status, 400);
        QCOMPARE(sw.j()["error"]["param"].get<std::string>(), std::string("task"));
        QCOMPARE(post(*c, "/v1/cmf/switch", Json{{"blend", "x"}}.dump()).status, 400);
        const auto status = get(*c, "/v1/cmf/status").j();
        QCOMPARE(status["skill"].get<std::string>(), std::string("x"));
        QVERIFY(status["task"].is_null());
        QCOMPARE(status["slots"]["total"].get<int>(), 1);
        QCOMPARE(status["counters"]["completed"].get<int>(), 3);
        QCOMPARE(post(*c, "/v1/cmf/switch", Json{{"skill", "none"}}.dump()).status, 200);
        QCOMPARE(content(post(*c, "/v1/chat/completions", chatBody(kSystem, kUser, 24).dump())), dense.text);
    }

    // stop() at once after start() (a signal the moment the address is
    // printed) still stops: start() returns only once cpp-httplib's loop runs,
    // before which its stop() would do nothing and the join hang.
    void stopRightAfterStart() {
        auto done = std::async(std::launch::async, [] {
            for (int i = 0; i < 30; ++i) {
                auto server = start(tinyChat());
                server->stop();
                if (server->running()) return false;
            }
            return true;
        });
        if (done.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
            qCritical("stop() right after start() hangs");
            std::abort(); // the hung join cannot be undone
        }
        QVERIFY(done.get());
    }

    // stop() while a reply streams: it returns, the reply is cancelled, the
    // port is free to bind again.
    void stopCancelsAndFreesThePort() {
        auto server = start(tinyChat());
        const int port = server->port();
        std::thread streaming([&] {
            auto c = client(*server);
            auto b = chatBody(kSystem, kUser, 2000, true);
            b["ignore_eos"] = true;
            post(*c, "/v1/chat/completions", b.dump());
        });
        for (int i = 0; i < 500 && server->slotPool().busy() == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        QCOMPARE(server->slotPool().busy(), 1u);
        const auto t0 = std::chrono::steady_clock::now();
        server->stop();
        streaming.join();
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(10));
        QVERIFY(!server->running());
        QCOMPARE(server->counters().cancelled, uint64_t(1));
        ServerOptions o;
        o.port = port;
        o.host = "127.0.0.1";
        o.ctx = 2048;
        cmf::server::Server again(tinyChat(), o);
        again.start(); // throws when the port is still taken
        QCOMPARE(again.port(), port);
        auto c = client(again);
        QCOMPARE(get(*c, "/health").status, 200);
        // While it serves, a second server on its port is refused (with
        // SO_REUSEPORT, cpp-httplib's default, both would bind and the
        // kernel would split the connections between them).
        cmf::server::Server third(tinyChat(), o);
        bool refused = false;
        try {
            third.start();
        } catch (const std::runtime_error& e) {
            refused = std::string(e.what()).find("cannot listen on 127.0.0.1:" + std::to_string(port)) != std::string::npos;
        }
        QVERIFY(refused);
        QCOMPARE(get(*c, "/health").status, 200);
    }
};

QTEST_GUILESS_MAIN(TestServeProtocol)
#include "tst_serve_protocol.moc"
