#pragma once
// The server under test, in-process on a free loopback port, and the
// pieces the raw-protocol and load tests share: cpp-httplib's client, the
// SSE framing check, the engine's own reply to compare with.
#include "reference_models.h"

#include "cmf/engine/session.h"
#include "cmf/server/server.h"

#include <QTest>
#include <httplib.h>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace servetest {

using Json = nlohmann::json;

inline std::unique_ptr<cmf::server::Server> start(std::shared_ptr<const cmf::engine::Model> model, cmf::server::ServerOptions o = {}) {
    o.host = "127.0.0.1";
    o.port = 0;
    if (!o.ctx) o.ctx = 2048;
    auto s = std::make_unique<cmf::server::Server>(std::move(model), std::move(o));
    s->start();
    return s;
}

inline std::unique_ptr<httplib::Client> client(const cmf::server::Server& s, const std::string& key = {}) {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", s.port());
    c->set_read_timeout(120, 0);
    c->set_write_timeout(120, 0);
    if (!key.empty()) c->set_bearer_token_auth(key);
    return c;
}

struct Reply {
    int status = -1; // -1: no response at all
    std::string body;
    httplib::Headers headers;
    Json j() const { return Json::parse(body); }
};

inline Reply post(httplib::Client& c, const std::string& path, const std::string& body) {
    auto r = c.Post(path, body, "application/json");
    if (!r) return {};
    return {r->status, r->body, r->headers};
}

inline Reply get(httplib::Client& c, const std::string& path) {
    auto r = c.Get(path);
    if (!r) return {};
    return {r->status, r->body, r->headers};
}

// A server-sent event stream as the OpenAI clients read it: every event is
// exactly "data: <payload>\n\n", the last payload is [DONE] and every other
// one a JSON object. Fails the current test otherwise; returns the objects.
inline std::vector<Json> sseEvents(const std::string& body) {
    std::vector<Json> out;
    size_t at = 0;
    bool done = false;
    while (at < body.size()) {
        const size_t end = body.find("\n\n", at);
        if (end == std::string::npos) {
            QTest::qFail(("an event without its blank line: " + body.substr(at, 80)).c_str(), __FILE__, __LINE__);
            return {};
        }
        const std::string event = body.substr(at, end - at);
        at = end + 2;
        if (event.rfind("data: ", 0) != 0 || event.find('\n') != std::string::npos) {
            QTest::qFail(("not a single data line: " + event.substr(0, 80)).c_str(), __FILE__, __LINE__);
            return {};
        }
        if (done) {
            QTest::qFail("an event after [DONE]", __FILE__, __LINE__);
            return {};
        }
        const std::string payload = event.substr(6);
        if (payload == "[DONE]") {
            done = true;
            continue;
        }
        const auto j = Json::parse(payload, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            QTest::qFail(("not a JSON object: " + payload.substr(0, 80)).c_str(), __FILE__, __LINE__);
            return {};
        }
        out.push_back(j);
    }
    if (!done) QTest::qFail("the stream does not end with data: [DONE]", __FILE__, __LINE__);
    return out;
}

// The streamed text: every chat delta's content (or completion chunk's text) in order.
inline std::string streamedText(const std::vector<Json>& events) {
    std::string text;
    for (const auto& e : events)
        for (const auto& c : e["choices"]) {
            if (c.contains("delta") && c["delta"].contains("content") && c["delta"]["content"].is_string()) text += c["delta"]["content"];
            if (c.contains("text") && c["text"].is_string()) text += c["text"];
        }
    return text;
}

// The engine's greedy reply to the same conversation, as `cmf run --chat --greedy` makes it.
inline cmf::engine::GenerationResult sessionReply(std::shared_ptr<const cmf::engine::Model> m, const std::string& system, const std::string& user,
                                                  uint32_t maxTokens, const std::string& task = {}, const std::string& skill = {}) {
    cmf::engine::Session s(std::move(m), 2048);
    s.setLog([](std::string_view) {});
    s.setTask(task);
    s.setSkill(skill);
    s.setSystem(system);
    cmf::engine::GenerationOptions g;
    g.maxTokens = maxTokens;
    g.sampling.greedy = true;
    return s.reply(user, g);
}

inline Json chatBody(const std::string& system, const std::string& user, uint32_t maxTokens, bool stream = false) {
    Json messages = Json::array();
    if (!system.empty()) messages.push_back({{"role", "system"}, {"content", system}});
    messages.push_back({{"role", "user"}, {"content", user}});
    Json b = {{"messages", messages}, {"temperature", 0}, {"max_tokens", maxTokens}};
    if (stream) b["stream"] = true;
    return b;
}

} // namespace servetest
