#pragma once
// A conversation with a model, for the GUI and the CLI: the messages are
// rendered with the file's own chat template (ChatML when it has none), the
// KV cache keeps whatever prefix the new prompt shares with the last one, and
// the reply streams out as UTF-8-safe text deltas. Generation stops on any
// eos_token_ids, on a user stop string, at the token budget, when the
// context is full, or when the caller's cancel flag is raised (checked before
// every token). Each generation reports its token counts, context use and
// prefill/decode speed.
//
// A Session is used from one thread at a time; the model it holds is shared
// and immutable, so several sessions may run over one Model.
#include "cmf/engine/chat_template.h"
#include "cmf/engine/draft.h"
#include "cmf/engine/model.h"
#include "cmf/engine/runner.h"
#include "cmf/engine/sampler.h"
#include "cmf/engine/skill_routing.h"
#include "cmf/engine/tokenizer.h"

#include <atomic>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cmf::engine {

struct GenerationOptions {
    uint32_t maxTokens = 256;
    SamplingParams sampling;
    std::vector<std::string> stopStrings; // the reply ends before the first one; it is not emitted
    bool stopAtEos = true;                // false: keep going past end-of-sequence tokens (parity runs)
    DraftOptions draft;                   // speculative decoding (draft.h): the output is the same either way
};

enum class Finish { Eos, Stop, Length, Context, Cancelled };
const char* finishName(Finish f); // "eos", "stop", "length", "context", "cancelled"

struct GenerationResult {
    std::vector<int32_t> promptIds;  // the whole prompt
    std::vector<int32_t> generated;  // what was sampled (an eos that ended it included)
    std::string text;                // the reply, as streamed (stop string and eos excluded)
    Finish finish = Finish::Length;
    size_t promptTokensEvaluated = 0; // prompt tokens not already in the KV cache
    uint32_t contextUsed = 0, contextSize = 0;
    double prefillSeconds = 0, decodeSeconds = 0;
    // Speculative decoding: tokens proposed, tokens accepted, passes over the
    // weights the decode made (without drafts: one per token after the first).
    uint64_t drafted = 0, accepted = 0, forwards = 0;
    std::string task;                  // the task mask it ran under ("" = dense)
    std::string skill;                 // the skill it ran with ("" = backbone, "blend")
    std::optional<SkillChoice> routing; // with skill "auto": the energies behind the choice
    double prefillTokensPerSecond() const;
    double decodeTokensPerSecond() const; // over the tokens after the first
};

// Called with every piece of final text as it is produced.
using DeltaFn = std::function<void(std::string_view)>;
// Called before each token is sampled, with the logits it is sampled from.
using LogitsFn = std::function<void(std::span<const float>)>;

class Session {
public:
    // ctx: KV cache size in tokens; past the file's max_position_embeddings it
    // throws Error(Parse), as Runner does. A file without a tokenizer section can still
    // generate() from ids; the conversation calls throw Error(Parse) for it.
    // kv: the KV cache's element type (kv_cache.h).
    Session(std::shared_ptr<const Model> model, uint32_t ctx, KvType kv = KvType::F32);

    const Model& model() const { return *model_; }
    const Tokenizer* tokenizer() const { return tokenizer_ ? &*tokenizer_ : nullptr; }
    uint32_t contextSize() const { return runner_.contextSize(); }
    uint32_t contextUsed() const { return uint32_t(cached_.size()); }

    // The conversation. Changing the system prompt or clearing keeps the KV
    // cache: the next prompt reuses whatever prefix still matches.
    void setSystem(std::string system) { system_ = std::move(system); }
    const std::string& system() const { return system_; }
    void clear() { messages_ = nlohmann::ordered_json::array(); }
    void addMessage(const std::string& role, const std::string& content) { messages_.push_back({{"role", role}, {"content", content}}); }
    const nlohmann::ordered_json& messages() const { return messages_; }
    // Replaces the conversation with a whole message list as the template
    // takes it (OpenAI-style: assistant tool_calls, role "tool" results,
    // a system message of its own), for a server that gets every turn in each
    // request. setSystem's prompt still goes first when not empty.
    void setMessages(nlohmann::ordered_json messages) { messages_ = std::move(messages); }
    // Extra template variables (enable_thinking, tools, documents, ...).
    // enable_thinking defaults to false.
    nlohmann::ordered_json& templateVariables() { return variables_; }

    // The conversation rendered by the chat template, with the assistant's
    // generation prompt; throws TemplateRuntimeError when the template raises.
    // Without the generation prompt: the history a next turn starts with.
    std::string renderPrompt(bool generationPrompt = true) const;
    // renderPrompt() tokenized as transformers' apply_chat_template does it.
    std::vector<int32_t> promptIds() const;
    // promptIds() for the prompt about to be generated from: with a model
    // whose LinearAttention layers keep a recurrent state, also asks the
    // runner for a checkpoint where the history ends, so that the next turn
    // (or an edit) goes back there without running the conversation again.
    std::vector<int32_t> conversationIds();

    // Appends the user message, generates the assistant's reply and appends
    // it (also when cancelled, with what was produced so far).
    GenerationResult reply(const std::string& user, const GenerationOptions& options, const DeltaFn& onDelta = {},
                           const std::atomic<bool>* cancel = nullptr);
    // Drops the last assistant message and answers its user message again.
    GenerationResult regenerate(const GenerationOptions& options, const DeltaFn& onDelta = {},
                                const std::atomic<bool>* cancel = nullptr);

    // Specialists (§5, §9), applied from the next generation on without
    // reloading anything. A change empties the KV cache: the cached keys came
    // from other weights. Unknown names throw Error(Parse).
    // task: a mask of the file, "" = dense. An unmeasured mask (quality null)
    // is logged as a warning.
    void setTask(const std::string& task);
    // skill: "" or "none" = the backbone; a skill id; "auto" = recon-argmin
    // routing on each prompt (the backbone's own record takes part).
    void setSkill(const std::string& skill);
    // With "auto": 0 = the argmin's skill alone; T > 0 = every record blended
    // with weights softmax(−E/T).
    void setBlend(double temperature) { blend_ = temperature; }
    const std::string& task() const { return task_; }
    const std::string& skill() const { return skill_; }
    // Warnings (an unmeasured mask); stderr when not set.
    void setLog(std::function<void(std::string_view)> log) { log_ = std::move(log); }

    // Continues raw token ids, outside the conversation (cmf run).
    GenerationResult generate(std::span<const int32_t> promptIds, const GenerationOptions& options, const DeltaFn& onDelta = {},
                              const std::atomic<bool>* cancel = nullptr, const LogitsFn& onLogits = {});

private:
    std::shared_ptr<const Model> model_;
    std::optional<Tokenizer> tokenizer_;
    Runner runner_;
    std::optional<ChatTemplate> template_;
    std::optional<std::string> bos_, eos_;
    std::string system_;
    nlohmann::ordered_json messages_ = nlohmann::ordered_json::array();
    nlohmann::ordered_json variables_ = {{"enable_thinking", false}};
    std::vector<int32_t> cached_; // the ids whose keys and values are in the runner, in order
    std::string task_, skill_;
    double blend_ = 0;
    std::function<void(std::string_view)> log_;

    // Points the runner at the weights for this prompt ("auto" routes it: a
    // conversation by its last user message, tokenized as `cmf route`
    // tokenizes a prompt, so that the template's system turn and markup do
    // not outweigh a short question; a raw prompt by its own ids).
    void chooseWeights(std::span<const int32_t> promptIds, GenerationResult& r);
};

// The tokenizer section of a model's file; throws Error(Parse) when it has none.
Tokenizer tokenizerOf(const Model& model);

// Holds back the tail of streamed text that could still turn out to be the
// start of a stop string, and cuts the text at the first complete one.
class StopStringFilter {
public:
    explicit StopStringFilter(std::vector<std::string> stops) : stops_(std::move(stops)) {}
    // Adds text; returns what may be emitted now. After a stop string was
    // found, stopped() is true and nothing more is returned.
    std::string push(std::string_view text);
    // End of generation: whatever is still held back.
    std::string flush();
    bool stopped() const { return stopped_; }

private:
    std::vector<std::string> stops_;
    std::string pending_;
    bool stopped_ = false;
};

} // namespace cmf::engine
