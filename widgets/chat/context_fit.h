#pragma once
// What the chat does with a conversation longer than its context: the
// oldest turns are left out of the prompt (the window keeps and shows them
// all, and the reply says how many were left out), so a long conversation
// can always go on. What cannot be left out — the turn being answered, with
// the system prompt — must fit by itself; when it does not, the request is
// refused with its token count against the context.
#include "chat/chat_message.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cmf::engine {
class Session;
}

namespace cmfw {

struct ContextFit {
    size_t dropped = 0;             // messages at the start of the conversation left out of the prompt
    std::vector<int32_t> promptIds; // the rendered, tokenized prompt of the rest
};

// Puts conversation (ending with the user turn to answer) into the session
// — its system prompt and variables already set — and returns the prompt
// ids, within ctx − reserve tokens (reserve: room kept for the reply).
// Throws cmf::Error(Bounds) when the last user turn alone does not fit, and
// what the template throws for a conversation it refuses.
ContextFit fitToContext(cmf::engine::Session& session, const ChatMessages& conversation, uint32_t ctx, uint32_t reserve);

} // namespace cmfw
