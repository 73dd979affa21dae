#pragma once
// One request's generation on a slot: the slot's Session pointed at the
// request's task and skill, the conversation (or raw prompt) given to it,
// the reply streamed through the ReplyParser as deltas. Shared by the chat
// and completions routes, streamed or not.
#include "server_impl.h"

#include "cmf/server/openai_request.h"
#include "cmf/server/reply_parser.h"

#include <atomic>
#include <functional>

namespace cmf::server {

struct PreparedRequest {
    bool chat = true;
    nlohmann::ordered_json messages, variables; // chat: the conversation and the template's variables (tools, kwargs)
    std::vector<int32_t> promptIds;             // as rendered and tokenized before a slot was taken
    bool inReasoning = false;                   // the prompt ends inside an open <think> block
    bool tools = false;                         // parse tool-call markup
    engine::GenerationOptions options;
    Defaults spec;                              // task, skill, blend for this request
    bool stream = false, includeUsage = false;
    std::string scriptedReply;                  // test-only (ServerOptions::scriptedToolReply)
};

struct GenerationOutcome {
    engine::GenerationResult result;
    ReplyDelta reply; // the whole reply, split
    bool cancelled() const { return result.finish == engine::Finish::Cancelled; }
    std::string finishReason() const; // stop, length, tool_calls
};

// Renders, tokenizes and checks a chat request against the context (ApiError 400s).
PreparedRequest prepareChat(Server::Impl& s, const ChatRequest& r);
PreparedRequest prepareCompletion(Server::Impl& s, const CompletionRequest& r);

// Runs it on the slot. onDelta gets each non-empty piece as it is parsed;
// it returns false when the client is gone, which cancels the generation
// (as does the server stopping).
GenerationOutcome runOnSlot(Server::Impl& s, Slot& slot, const PreparedRequest& p, const std::function<bool(const ReplyDelta&)>& onDelta);

} // namespace cmf::server
