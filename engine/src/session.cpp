#include "cmf/engine/session.h"

#include "speculative.h"

#include "cmf/format/error.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <optional>

namespace cmf::engine {
namespace {
constexpr size_t kBatchTimed = 8; // prompt tokens from which the prefill's seconds per token tell the drafting anything
} // namespace

const char* finishName(Finish f) {
    switch (f) {
    case Finish::Eos: return "eos";
    case Finish::Stop: return "stop";
    case Finish::Length: return "length";
    case Finish::Context: return "context";
    case Finish::Cancelled: return "cancelled";
    }
    return "?";
}

double GenerationResult::prefillTokensPerSecond() const {
    return prefillSeconds > 0 ? double(promptTokensEvaluated) / prefillSeconds : 0.0;
}

double GenerationResult::decodeTokensPerSecond() const {
    // The first token comes from the prefill's logits; decode time covers the rest.
    return decodeSeconds > 0 && generated.size() > 1 ? double(generated.size() - 1) / decodeSeconds : 0.0;
}

Tokenizer tokenizerOf(const Model& model) {
    const auto vocab = model.file().primary().vocab();
    if (vocab.empty()) throw Error(ErrorKind::Parse, "the file has no tokenizer section (§6)");
    return Tokenizer::fromJson(std::string_view(reinterpret_cast<const char*>(vocab.data()), vocab.size()));
}

Session::Session(std::shared_ptr<const Model> model, uint32_t ctx, KvType kv)
    : model_(std::move(model)), runner_(model_, ctx, nullptr, kv) {
    if (model_->file().primary().vocab().empty()) return;
    tokenizer_ = tokenizerOf(*model_);
    const auto& bundle = model_->file().primary().chatBundle();
    template_ = ChatTemplate::parse(bundle && !bundle->chatTemplate.empty() ? bundle->chatTemplate : kChatMLFallback);
    if (bundle && bundle->bosTokenId) bos_ = tokenizer_->idToToken(int32_t(*bundle->bosTokenId));
    if (bundle && !bundle->eosTokenIds.empty()) eos_ = tokenizer_->idToToken(int32_t(bundle->eosTokenIds.front()));
}

std::string Session::renderPrompt(bool generationPrompt) const {
    if (!template_) throw Error(ErrorKind::Parse, "the file has no tokenizer section (§6): it can only continue token ids");
    ChatRequest req;
    if (!system_.empty()) req.messages.push_back({{"role", "system"}, {"content", system_}});
    for (const auto& m : messages_) req.messages.push_back(m);
    req.addGenerationPrompt = generationPrompt;
    req.bosToken = bos_;
    req.eosToken = eos_;
    for (const auto& [k, v] : variables_.items()) {
        if (k == "tools") req.tools = v;
        else if (k == "documents") req.documents = v;
        else req.extra[k] = v;
    }
    return template_->render(req);
}

std::vector<int32_t> Session::promptIds() const {
    // As transformers' apply_chat_template: the template writes the special tokens itself.
    const std::string text = renderPrompt();
    return tokenizer_->encode(text, false);
}

std::vector<int32_t> Session::conversationIds() {
    auto ids = promptIds();
    // A recurrent state cannot be cut back, only restored from a checkpoint:
    // keep one where the history ends (the conversation without the
    // generation prompt). The next turn shares that prefix even when the
    // template renders the reply otherwise than the prompt it followed (Qwen3
    // templates drop the empty think block of past replies).
    if (runner_.hasRecurrentState()) {
        const auto history = tokenizer_->encode(renderPrompt(false), false);
        if (history.size() < ids.size() && std::equal(history.begin(), history.end(), ids.begin()))
            runner_.requestCheckpoint(uint32_t(history.size()));
    }
    return ids;
}

GenerationResult Session::reply(const std::string& user, const GenerationOptions& options, const DeltaFn& onDelta,
                                const std::atomic<bool>* cancel) {
    messages_.push_back({{"role", "user"}, {"content", user}});
    std::vector<int32_t> ids;
    try {
        ids = conversationIds();
    } catch (...) {
        messages_.erase(messages_.end() - 1); // a template that raises leaves the conversation as it was
        throw;
    }
    auto r = generate(ids, options, onDelta, cancel);
    messages_.push_back({{"role", "assistant"}, {"content", r.text}});
    return r;
}

GenerationResult Session::regenerate(const GenerationOptions& options, const DeltaFn& onDelta, const std::atomic<bool>* cancel) {
    if (messages_.empty() || messages_.back().value("role", "") != "assistant")
        throw Error(ErrorKind::Parse, "regenerate: the conversation does not end with a reply");
    messages_.erase(messages_.end() - 1);
    auto r = generate(conversationIds(), options, onDelta, cancel);
    messages_.push_back({{"role", "assistant"}, {"content", r.text}});
    return r;
}

void Session::setTask(const std::string& task) {
    if (task == task_) return;
    std::shared_ptr<const TaskPlan> plan;
    if (!task.empty()) {
        plan = taskPlan(*model_, task);
        if (!plan->measured) {
            const std::string w = "warning: task mask '" + task + "' has no measured quality (quality: null, §5.1)";
            if (log_) log_(w);
            else std::cerr << w << "\n";
        }
    }
    runner_.setTask(std::move(plan));
    task_ = task;
    cached_.clear();
}

void Session::setSkill(const std::string& skill) {
    const std::string s = skill == "none" ? std::string() : skill;
    if (s == skill_) return;
    if (!s.empty() && s != "auto") runner_.setWeights(model_->weights(s)); // throws for an unknown id
    else runner_.setWeights(nullptr);
    if (s == "auto" && skillSubspaces(*model_).empty())
        throw Error(ErrorKind::Parse, "skill auto: " + model_->file().primary().path() + " has no selection subspace to route by");
    skill_ = s;
    cached_.clear();
}

void Session::chooseWeights(std::span<const int32_t> promptIds, GenerationResult& r) {
    r.task = task_;
    r.skill = skill_;
    if (skill_ != "auto") return;
    std::vector<int32_t> lastUser;
    if (tokenizer_)
        for (auto it = messages_.rbegin(); it != messages_.rend(); ++it)
            if (it->value("role", "") == "user" && (*it)["content"].is_string()) {
                lastUser = tokenizer_->encode((*it)["content"].get<std::string>(), false);
                break;
            }
    r.routing = chooseSkill(*model_, lastUser.empty() ? promptIds : std::span<const int32_t>(lastUser));
    std::shared_ptr<const Weights> w;
    if (blend_ > 0) {
        w = blendWeightsOf(*model_, *r.routing, blend_);
        r.skill = "blend";
    } else {
        w = r.routing->backbone ? model_->weights() : model_->weights(r.routing->id);
        r.skill = r.routing->backbone ? "" : r.routing->id;
    }
    if (w != runner_.weights()) {
        runner_.setWeights(std::move(w));
        cached_.clear();
    }
}

GenerationResult Session::generate(std::span<const int32_t> promptIds, const GenerationOptions& options, const DeltaFn& onDelta,
                                   const std::atomic<bool>* cancel, const LogitsFn& onLogits) {
    using Clock = std::chrono::steady_clock;
    GenerationResult r;
    r.promptIds.assign(promptIds.begin(), promptIds.end());
    r.contextSize = runner_.contextSize();
    if (promptIds.empty()) throw Error(ErrorKind::Parse, "generate: empty prompt");
    if (promptIds.size() >= runner_.contextSize())
        throw Error(ErrorKind::Bounds, "the prompt is " + std::to_string(promptIds.size()) + " tokens; the context holds " +
                                           std::to_string(runner_.contextSize()) + " (raise the context size)");

    chooseWeights(promptIds, r);
    // Reuse the cached prefix; the last prompt token always runs, for its logits.
    size_t common = 0;
    while (common < cached_.size() && common < promptIds.size() && cached_[common] == promptIds[common]) ++common;
    common = std::min(common, promptIds.size() - 1);
    // A recurrent state goes back by running tokens again from a checkpoint:
    // those count as evaluated.
    const uint64_t replayedBefore = runner_.replayedTokens();
    const auto t0 = Clock::now();
    runner_.rewind(uint32_t(common));
    cached_.resize(common);
    r.promptTokensEvaluated = promptIds.size() - common + size_t(runner_.replayedTokens() - replayedBefore);

    // MTP drafts read the backbone's hidden states, from the prompt on.
    runner_.keepHidden(options.draft.mode == DraftMode::Mtp && !options.draft.source);
    auto logits = runner_.forward(promptIds.subspan(common));
    cached_.assign(promptIds.begin(), promptIds.end());
    // The prefill's cost per token tells the drafting whether a batch is
    // cheaper per token than a one-token forward (too few tokens: not timed).
    const double forwardSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
    const double batchPerToken = r.promptTokensEvaluated >= kBatchTimed ? forwardSeconds / double(r.promptTokensEvaluated) : 0.0;
    Sampler sampler(options.sampling);
    DecodeStepper step(runner_, cached_, std::move(logits), options.draft, sampler, batchPerToken); // MTP: the head's pass over the prompt
    const auto t1 = Clock::now();
    r.prefillSeconds = std::chrono::duration<double>(t1 - t0).count();

    std::optional<StreamDecoder> stream;
    if (tokenizer_) stream.emplace(*tokenizer_, true);
    StopStringFilter stops(options.stopStrings);
    const auto emit = [&](const std::string& piece) {
        if (piece.empty()) return;
        r.text += piece;
        if (onDelta) onDelta(piece);
    };
    const auto& eos = model_->config().eosIds;
    r.finish = Finish::Length;
    for (uint32_t i = 0; i < options.maxTokens; ++i) {
        if (cancel && cancel->load()) {
            r.finish = Finish::Cancelled;
            break;
        }
        if (onLogits) onLogits(step.logits());
        const int32_t next = step.sample();
        r.generated.push_back(next);
        if (options.stopAtEos && std::find(eos.begin(), eos.end(), next) != eos.end()) {
            r.finish = Finish::Eos;
            break;
        }
        if (stream) emit(stops.push(stream->step(next)));
        if (stops.stopped()) {
            r.finish = Finish::Stop;
            break;
        }
        if (i + 1 == options.maxTokens) break;
        if (cached_.size() >= runner_.contextSize()) {
            r.finish = Finish::Context;
            break;
        }
        // Room after this token: the reply's budget and the context's.
        const uint32_t room = std::min<uint32_t>(options.maxTokens - i - 2, runner_.contextSize() - uint32_t(cached_.size()) - 1);
        step.advance(next, room);
    }
    step.settle();
    runner_.keepHidden(false);
    r.drafted = step.stats().drafted;
    r.accepted = step.stats().accepted;
    r.forwards = step.stats().forwards;
    if (stream && !stops.stopped()) emit(stops.push(stream->flush()));
    if (!stops.stopped()) emit(stops.flush());
    const auto t2 = Clock::now();
    r.decodeSeconds = std::chrono::duration<double>(t2 - t1).count();
    r.contextUsed = uint32_t(cached_.size());
    return r;
}

std::string StopStringFilter::push(std::string_view text) {
    if (stopped_) return {};
    pending_.append(text);
    size_t cut = std::string::npos;
    for (const auto& s : stops_)
        if (!s.empty()) cut = std::min(cut, pending_.find(s));
    if (cut != std::string::npos) {
        stopped_ = true;
        std::string out = pending_.substr(0, cut);
        pending_.clear();
        return out;
    }
    // Hold back the longest tail that is a proper prefix of some stop string.
    size_t hold = 0;
    for (const auto& s : stops_)
        for (size_t n = std::min(s.size() - (s.empty() ? 0 : 1), pending_.size()); n > hold; --n)
            if (pending_.compare(pending_.size() - n, n, s, 0, n) == 0) {
                hold = n;
                break;
            }
    std::string out = pending_.substr(0, pending_.size() - hold);
    pending_.erase(0, pending_.size() - hold);
    return out;
}

std::string StopStringFilter::flush() {
    if (stopped_) return {};
    std::string out;
    out.swap(pending_);
    return out;
}

} // namespace cmf::engine
