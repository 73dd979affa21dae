// POST /v1/chat/completions and POST /v1/completions: parse and check the
// request, render it, take a slot (or wait in line, or 503), then answer
// with the whole reply or stream it as server-sent events, cancelling the
// generation when a write to the client fails.
#include "generation.h"
#include "openai_response.h"

namespace cmf::server {
namespace {

using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

std::shared_ptr<SlotPool::Lease> takeSlot(Server::Impl& s, const PreparedRequest& p) {
    std::shared_ptr<SlotPool::Lease> lease = s.pool->acquire(p.promptIds);
    if (lease) return lease;
    if (s.stopping) throw ApiError(503, "the server is stopping", {}, "server_stopping");
    throw ApiError(503,
                   "every slot is busy (" + std::to_string(s.pool->size()) + ") and " + std::to_string(s.pool->queueLimit()) +
                       " requests are waiting already; retry later",
                   {}, "server_busy");
}

void finishRecord(RequestRecord& rec, const GenerationOutcome& out, Clock::time_point t0) {
    rec.promptTokens = out.result.promptIds.size();
    rec.completionTokens = out.result.generated.size();
    rec.tokensPerSecond = out.result.decodeTokensPerSecond();
    rec.cancelled = out.cancelled();
    rec.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
}

Json chatMessage(const GenerationOutcome& out) {
    const auto& d = out.reply;
    Json m = {{"role", "assistant"}, {"content", d.content.empty() && !d.toolCalls.empty() ? Json() : Json(d.content)}};
    if (!d.reasoning.empty()) m["reasoning_content"] = d.reasoning;
    if (!d.toolCalls.empty()) {
        Json calls = Json::array();
        for (const auto& c : d.toolCalls) calls.push_back(toolCallJson(c, newId("call_")));
        m["tool_calls"] = calls;
    }
    return m;
}

// The whole reply in one JSON body.
void answerWhole(Server::Impl& s, std::shared_ptr<SlotPool::Lease> lease, const PreparedRequest& p, httplib::Response& res,
                 RequestRecord& rec, Clock::time_point t0) {
    const auto out = runOnSlot(s, lease->slot(), p, {});
    lease.reset();
    finishRecord(rec, out, t0);
    if (out.cancelled()) throw ApiError(503, "the server is stopping", {}, "server_stopping");
    Json choice;
    if (p.chat) choice = {{"index", 0}, {"message", chatMessage(out)}, {"logprobs", nullptr}, {"finish_reason", out.finishReason()}};
    else choice = {{"index", 0}, {"text", out.reply.content}, {"logprobs", nullptr}, {"finish_reason", out.finishReason()}};
    sendJson(res, {{"id", newId(p.chat ? "chatcmpl-" : "cmpl-")},
                   {"object", p.chat ? "chat.completion" : "text_completion"},
                   {"created", std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count()},
                   {"model", s.modelId},
                   {"choices", Json::array({choice})},
                   {"usage", usageJson(out.result)},
                   {"cmf", cmfJson(out.result)}});
}

struct StreamState {
    std::shared_ptr<SlotPool::Lease> lease;
    PreparedRequest request;
    RequestRecord record;
    Clock::time_point t0;
    bool recorded = false;
};

// The reply as server-sent events: a role chunk, a chunk per delta, the
// finish chunk, the usage chunk when asked for, [DONE]. Runs on the
// connection's thread once the headers are out.
bool writeStream(Server::Impl& s, StreamState& st, httplib::DataSink& sink) {
    const auto& p = st.request;
    bool alive = true;
    const auto write = [&](const std::string& text) {
        if (alive && !sink.write(text.data(), text.size())) alive = false;
        return alive;
    };
    StreamFrame frame{newId(p.chat ? "chatcmpl-" : "cmpl-"), p.chat ? "chat.completion.chunk" : "text_completion", s.modelId,
                      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count(),
                      p.includeUsage};
    const auto choice = [&](Json delta, Json finish = nullptr) {
        if (p.chat) return Json::array({{{"index", 0}, {"delta", std::move(delta)}, {"logprobs", nullptr}, {"finish_reason", std::move(finish)}}});
        return Json::array({{{"index", 0}, {"text", delta.value("content", std::string())}, {"logprobs", nullptr}, {"finish_reason", std::move(finish)}}});
    };
    if (p.chat) write(sseEvent(frame.chunk(choice({{"role", "assistant"}, {"content", ""}}))));
    size_t toolIndex = 0;
    GenerationOutcome out;
    try {
        out = runOnSlot(s, st.lease->slot(), p, [&](const ReplyDelta& d) {
            if (!d.reasoning.empty()) write(sseEvent(frame.chunk(choice({{"reasoning_content", d.reasoning}}))));
            if (!d.content.empty()) write(sseEvent(frame.chunk(choice({{"content", d.content}}))));
            for (const auto& c : d.toolCalls)
                write(sseEvent(frame.chunk(choice({{"tool_calls", Json::array({toolCallJson(c, newId("call_"), toolIndex++)})}}))));
            return alive;
        });
    } catch (const std::exception& e) {
        // The status line went out already: the error is an event of the
        // stream (as OpenAI sends one), and the stream ends without [DONE].
        st.lease.reset();
        write(sseEvent(ApiError(500, std::string("the generation failed: ") + e.what()).body()));
        st.record.status = 500;
        st.record.seconds = std::chrono::duration<double>(Clock::now() - st.t0).count();
        st.recorded = true;
        s.record(st.record);
        if (alive) sink.done();
        return alive;
    }
    st.lease.reset(); // the slot is free before the last bytes go out
    if (!out.cancelled()) {
        auto last = frame.chunk(choice(Json::object(), out.finishReason()));
        last["cmf"] = cmfJson(out.result);
        write(sseEvent(last));
        if (p.includeUsage) {
            auto usage = frame.chunk(Json::array());
            usage["usage"] = usageJson(out.result);
            write(sseEvent(usage));
        }
        write(kSseDone);
    }
    finishRecord(st.record, out, st.t0);
    st.record.status = 200;
    st.recorded = true;
    s.record(st.record);
    if (alive) sink.done(); // a reply the server's stop cut short ends here too, without [DONE]
    return alive;
}

bool answer(Server::Impl& s, PreparedRequest p, httplib::Response& res, RequestRecord& rec, Clock::time_point t0) {
    rec.stream = p.stream;
    rec.promptTokens = p.promptIds.size();
    auto lease = takeSlot(s, p);
    if (!p.stream) {
        answerWhole(s, std::move(lease), p, res, rec, t0);
        return false;
    }
    auto st = std::make_shared<StreamState>(StreamState{std::move(lease), std::move(p), rec, t0});
    res.set_header("Cache-Control", "no-cache");
    res.set_chunked_content_provider(
        "text/event-stream", [&s, st](size_t, httplib::DataSink& sink) { return writeStream(s, *st, sink); },
        [&s, st](bool) {
            // The connection ended before the stream was written (the client left at once).
            st->lease.reset();
            if (st->recorded) return;
            st->recorded = true;
            st->record.status = 200;
            st->record.cancelled = true;
            s.record(st->record);
        });
    return true;
}

} // namespace

void addGenerationRoutes(Server::Impl& s) {
    s.http.Post("/v1/chat/completions", guarded(s, [&s](const httplib::Request& req, httplib::Response& res, RequestRecord& rec) {
                    const auto t0 = Clock::now();
                    return answer(s, prepareChat(s, parseChatRequest(parseBody(req.body))), res, rec, t0);
                }));
    s.http.Post("/v1/completions", guarded(s, [&s](const httplib::Request& req, httplib::Response& res, RequestRecord& rec) {
                    const auto t0 = Clock::now();
                    return answer(s, prepareCompletion(s, parseCompletionRequest(parseBody(req.body))), res, rec, t0);
                }));
}

} // namespace cmf::server
