#include "generation.h"

#include "cmf/engine/chat_template.h"
#include "cmf/format/error.h"

#include <random>

namespace cmf::server {
namespace {

// The specialist of a request: its own fields, else the server's defaults.
Defaults specOf(const Server::Impl& s, const GenerationRequest& r) {
    Defaults d = s.currentDefaults();
    if (r.task) d.task = *r.task == "none" ? std::string() : *r.task;
    if (r.skill) d.skill = *r.skill == "none" ? std::string() : *r.skill;
    if (r.blend) d.blend = *r.blend;
    s.checkSpecialist(d.task, d.skill);
    return d;
}

void checkModel(const Server::Impl& s, const GenerationRequest& r) {
    if (!r.model.empty() && r.model != s.modelId)
        throw ApiError(404, "The model '" + r.model + "' does not exist; this server serves '" + s.modelId + "'", "model", "model_not_found");
}

// Budget and context: a prompt that fills the context, or a max_tokens no
// context could hold, is refused with the numbers; otherwise the reply may
// run until the context is full.
engine::GenerationOptions optionsFor(const Server::Impl& s, const GenerationRequest& r, size_t promptTokens, uint32_t defaultMax) {
    const uint32_t ctx = s.pool->contextSize();
    if (promptTokens >= ctx)
        throw ApiError(400,
                       "This model's context holds " + std::to_string(ctx) + " tokens; the prompt is " + std::to_string(promptTokens) +
                           " tokens. Shorten the messages.",
                       "messages", "context_length_exceeded");
    if (r.maxTokens && *r.maxTokens >= ctx)
        throw ApiError(400,
                       "max_tokens is " + std::to_string(*r.maxTokens) + "; this model's context holds " + std::to_string(ctx) +
                           " tokens (the prompt takes " + std::to_string(promptTokens) + " of them).",
                       "max_tokens", "context_length_exceeded");
    engine::GenerationOptions g;
    const uint32_t room = ctx - uint32_t(promptTokens);
    g.maxTokens = std::min(r.maxTokens.value_or(defaultMax ? defaultMax : room), room);
    g.sampling = r.sampling;
    if (!r.seeded && !g.sampling.greedy) g.sampling.seed = std::random_device{}() | (uint64_t(std::random_device{}()) << 32);
    g.stopStrings = r.stop;
    g.stopAtEos = !r.ignoreEos;
    g.draft = s.options.draft;
    return g;
}

bool endsInThink(const std::string& prompt) {
    size_t end = prompt.find_last_not_of(" \n\t\r");
    return end != std::string::npos && end + 1 >= 7 && prompt.compare(end + 1 - 7, 7, "<think>") == 0;
}

void appendDelta(ReplyDelta& all, const ReplyDelta& d) {
    all.content += d.content;
    all.reasoning += d.reasoning;
    all.toolCalls.insert(all.toolCalls.end(), d.toolCalls.begin(), d.toolCalls.end());
}

} // namespace

std::string GenerationOutcome::finishReason() const {
    if (!reply.toolCalls.empty()) return "tool_calls";
    switch (result.finish) {
    case engine::Finish::Length:
    case engine::Finish::Context: return "length";
    default: return "stop";
    }
}

PreparedRequest prepareChat(Server::Impl& s, const ChatRequest& r) {
    checkModel(s, r);
    PreparedRequest p;
    p.chat = true;
    p.spec = specOf(s, r);
    p.messages = r.messages;
    // Session's own default, then what the request asks of the template.
    p.variables = {{"enable_thinking", false}};
    for (const auto& [k, v] : r.templateKwargs.items()) p.variables[k] = v;
    if (!r.tools.is_null()) p.variables["tools"] = r.tools;
    p.tools = !r.tools.is_null();
    std::string text;
    {
        std::lock_guard lock(s.renderMutex);
        if (!s.renderer->tokenizer()) throw ApiError(400, "the model has no tokenizer section (§6): it cannot chat; use /v1/completions with token ids");
        s.renderer->setMessages(p.messages);
        s.renderer->templateVariables() = p.variables;
        try {
            text = s.renderer->renderPrompt();
        } catch (const engine::TemplateRuntimeError& e) {
            throw ApiError(400, std::string("the chat template refused the messages: ") + e.what(), "messages", "template_error");
        }
        p.promptIds = s.renderer->tokenizer()->encode(text, false); // as Session::promptIds: the template writes the specials
    }
    p.inReasoning = endsInThink(text);
    p.options = optionsFor(s, r, p.promptIds.size(), 0);
    p.stream = r.stream;
    p.includeUsage = r.includeUsage;
    // The test hook answers the question that asks for a tool; a turn that feeds a tool's result back is generated.
    if (p.tools && p.messages.back().value("role", "") == "user") p.scriptedReply = s.options.scriptedToolReply;
    return p;
}

PreparedRequest prepareCompletion(Server::Impl& s, const CompletionRequest& r) {
    checkModel(s, r);
    PreparedRequest p;
    p.chat = false;
    p.spec = specOf(s, r);
    if (!r.promptIds.empty()) {
        const uint32_t vocab = s.model->config().vocab;
        for (const int32_t id : r.promptIds)
            if (uint32_t(id) >= vocab)
                throw invalidField("prompt", "token id " + std::to_string(id) + " is past the vocabulary (" + std::to_string(vocab) + " ids)");
        p.promptIds = r.promptIds;
    } else {
        if (!s.renderer->tokenizer()) throw invalidField("prompt", "the model has no tokenizer section (§6): give the prompt as token ids");
        std::lock_guard lock(s.renderMutex);
        p.promptIds = s.renderer->tokenizer()->encode(r.prompt, true); // as `cmf run --prompt`
    }
    // OpenAI's legacy completions stop at 16 tokens unless asked for more.
    p.options = optionsFor(s, r, p.promptIds.size(), 16);
    p.stream = r.stream;
    p.includeUsage = r.includeUsage;
    return p;
}

GenerationOutcome runOnSlot(Server::Impl& s, Slot& slot, const PreparedRequest& p, const std::function<bool(const ReplyDelta&)>& onDelta) {
    auto& session = slot.session;
    session.setLog([](std::string_view) {}); // an unmeasured mask is shown by /v1/cmf/masks, not once per request
    session.setTask(p.spec.task);
    session.setSkill(p.spec.skill);
    session.setBlend(p.spec.blend);

    GenerationOutcome out;
    std::atomic<bool> cancel{false};
    ReplyParser parser(p.inReasoning, p.tools);
    const auto deliver = [&](const ReplyDelta& d) {
        if (d.empty() || cancel) return;
        appendDelta(out.reply, d);
        if (onDelta && !onDelta(d)) cancel = true;
    };
    const auto onText = [&](std::string_view piece) {
        if (p.chat) deliver(parser.push(piece));
        else deliver(ReplyDelta{std::string(piece), {}, {}}); // raw completions: the text as it comes
    };
    // Checked before every token: a stopping server ends every reply.
    const auto onLogits = [&](std::span<const float>) {
        if (s.stopping) cancel = true;
    };

    std::vector<int32_t> ids = p.promptIds;
    if (p.chat) {
        session.setSystem({});
        session.setMessages(p.messages);
        session.templateVariables() = p.variables;
        ids = session.conversationIds(); // the same ids, and a recurrent model keeps a checkpoint where the history ends
    }
    if (!p.scriptedReply.empty()) {
        out.result.promptIds = ids;
        out.result.generated = session.tokenizer()->encode(p.scriptedReply, false);
        for (size_t i = 0; i < p.scriptedReply.size(); i += 5) onText(std::string_view(p.scriptedReply).substr(i, 5));
        out.result.text = p.scriptedReply;
        out.result.finish = engine::Finish::Eos;
        out.result.promptTokensEvaluated = ids.size();
    } else {
        out.result = session.generate(ids, p.options, onText, &cancel, onLogits);
    }
    if (cancel) out.result.finish = engine::Finish::Cancelled;
    if (p.chat && !out.cancelled()) deliver(parser.finish());
    slot.tokens = out.result.promptIds;
    slot.tokens.insert(slot.tokens.end(), out.result.generated.begin(), out.result.generated.end());
    return out;
}

} // namespace cmf::server
