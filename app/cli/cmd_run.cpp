// cmf run — generate from a prompt given as text (raw, or rendered with the
// file's chat template under --chat) or as token ids; cmf ppl — perplexity.
#include "commands.h"
#include "draft_options.h"
#include "kv_option.h"
#include "memory_check.h"
#include "sampling_options.h"
#include "specialist_options.h"
#include "terminal_progress.h"

#include "cmf/engine/chat_template.h"
#include "cmf/engine/generation_defaults.h"
#include "cmf/engine/perplexity.h"
#include "cmf/engine/session.h"
#include "cmf/engine/tokenizer.h"
#include "cmf/format/error.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iterator>
#include <optional>
#include <cstdio>
#include <numeric>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tbb/global_control.h>

namespace cmfcli {
namespace {

struct Options {
    std::string path, promptIds, prompt, system;
    bool chat = false;
    uint32_t n = 32, ctx = 0, threads = 0, topLogits = 0;
    bool noStop = false, json = false, ignoreMemory = false;
    SamplingOptions sampling;
    cmf::engine::DraftOptions draft;
    cmf::engine::KvType kv = cmf::engine::KvType::F32;
    SpecialistOptions spec;
};

std::vector<int32_t> parseIds(const std::string& s) {
    std::vector<int32_t> ids;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ',')) {
        try {
            size_t used = 0;
            ids.push_back(std::stoi(item, &used));
            if (used != item.size()) throw std::invalid_argument(item);
        } catch (const std::exception&) {
            throw CLI::ValidationError("--prompt-ids", "not a comma-separated list of integers: \"" + s + "\"");
        }
    }
    if (ids.empty()) throw CLI::ValidationError("--prompt-ids", "no ids");
    return ids;
}


int run(const Options& o) {
    std::unique_ptr<tbb::global_control> limit;
    if (o.threads) limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, o.threads);
    requireValidInput(o.path);
    const auto model = cmf::engine::Model::open(o.path);
    const uint32_t maxPos = model->config().maxPositions ? model->config().maxPositions : 4096;
    std::vector<int32_t> prompt;
    if (!o.promptIds.empty()) prompt = parseIds(o.promptIds);
    const uint32_t ctx = o.ctx ? o.ctx : maxPos; // the KV cache grows only as far as it is used
    cmf::engine::Session session(model, ctx, o.kv);
    applySpecialist(session, o.spec);
    const auto* tok = session.tokenizer();
    if (prompt.empty()) {
        if (!tok) throw cmf::Error(cmf::ErrorKind::Parse, "the file has no tokenizer section (§6); give --prompt-ids");
        if (o.chat) {
            session.setSystem(o.system);
            session.addMessage("user", o.prompt);
            prompt = session.promptIds();
        } else {
            prompt = tok->encode(o.prompt, true);
        }
    }
    // Before the first forward pass: the KV cache grows only as far as it is
    // used, and this run fills the prompt and --n tokens at most.
    requireMemory(o.ignoreMemory, *model, o.spec, uint32_t(std::min<uint64_t>(ctx, prompt.size() + o.n)), o.kv);

    const ResolvedSampling sampling = resolveSampling(o.sampling, model->file().primary().generationConfig(), false);
    if (sampling.fromFile && !o.json)
        std::fprintf(stderr, "%s (the file's generation defaults; --greedy for argmax)\n",
                     cmf::engine::describeSampling(sampling.params).c_str());
    cmf::engine::GenerationOptions g;
    g.maxTokens = o.n;
    g.sampling = sampling.params;
    g.stopAtEos = !o.noStop;
    g.draft = o.draft;
    nlohmann::json top = nlohmann::json::array();
    cmf::engine::LogitsFn onLogits;
    if (o.topLogits) onLogits = [&](std::span<const float> logits) {
        std::vector<int32_t> idx(logits.size());
        std::iota(idx.begin(), idx.end(), 0);
        const size_t k = std::min<size_t>(o.topLogits, idx.size());
        std::partial_sort(idx.begin(), idx.begin() + long(k), idx.end(), [&](int a, int b) { return logits[size_t(a)] > logits[size_t(b)]; });
        nlohmann::json step = nlohmann::json::array();
        for (size_t j = 0; j < k; ++j) step.push_back({idx[j], logits[size_t(idx[j])]});
        top.push_back(step);
    };
    cmf::engine::DeltaFn onDelta;
    if (tok && !o.json) onDelta = [](std::string_view piece) { std::cout << piece << std::flush; };
    const auto r = session.generate(prompt, g, onDelta, interruptFlag(), onLogits);

    nlohmann::json out{{"prompt_ids", r.promptIds},
                       {"gen_ids", r.generated},
                       {"text", tok ? nlohmann::json(r.text) : nlohmann::json()},
                       {"prefill_tok_s", r.prefillTokensPerSecond()},
                       {"decode_tok_s", r.decodeTokensPerSecond()},
                       {"finish", cmf::engine::finishName(r.finish)},
                       {"sampling", samplingJson(sampling)}};
    if (o.draft.mode != cmf::engine::DraftMode::None) out.update(draftJson(r));
    if (o.topLogits) out["top"] = top;
    if (!r.task.empty()) out["task"] = r.task;
    if (!o.spec.skill.empty()) out["skill"] = r.skill.empty() ? nlohmann::json() : nlohmann::json(r.skill);
    if (r.routing) out["energies"] = energiesJson(*r.routing);
    if (o.json) {
        std::cout << jsonText(out) << "\n";
    } else if (tok) {
        std::cout << "\n";
    } else {
        for (size_t i = 0; i < r.generated.size(); ++i) std::cout << (i ? "," : "") << r.generated[i];
        std::cout << "\n";
    }
    if (!o.json)
        std::fprintf(stderr, "%zu prompt tokens (%.1f tok/s), %zu generated (%.1f tok/s), finish: %s\n", r.promptIds.size(),
                     r.prefillTokensPerSecond(), r.generated.size(), r.decodeTokensPerSecond(), cmf::engine::finishName(r.finish));
    return r.finish == cmf::engine::Finish::Cancelled ? kExitInterrupted : kExitOk;
}

} // namespace

void addRun(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("run", "Generate tokens from a prompt on the embedded CPU engine");
    auto o = std::make_shared<Options>();
    cmd->add_option("FILE", o->path, "CMF model (any shard of a set)")->required();
    auto* text = cmd->add_option("--prompt", o->prompt, "Prompt text (raw; rendered with the chat template under --chat)");
    auto* ids = cmd->add_option("--prompt-ids", o->promptIds, "Prompt as comma-separated token ids");
    text->excludes(ids);
    cmd->add_flag("--chat", o->chat, "Render --prompt as a user message with the file's chat template")->needs(text);
    cmd->add_option("--system", o->system, "System prompt (with --chat)");
    cmd->add_option("--n", o->n, "Tokens to generate")->capture_default_str();
    addSamplingOptions(cmd, o->sampling);
    cmd->add_option("--ctx", o->ctx, "Context size in tokens (default: the model's max_position_embeddings)");
    cmd->add_option("--threads", o->threads, "Worker threads (default: all cores)");
    cmd->add_option("--top-logits", o->topLogits, "Report the K best [id, logit] pairs at every step");
    cmd->add_flag("--no-stop", o->noStop, "Keep generating past end-of-sequence tokens");
    addDraftOptions(cmd, o->draft);
    addKvOption(cmd, o->kv);
    addSpecialistOptions(cmd, o->spec);
    addMemoryCheckOption(cmd, o->ignoreMemory);
    cmd->add_flag("--json", o->json, "Print JSON");
    cmd->callback([=] {
        if (o->prompt.empty() && o->promptIds.empty()) throw CLI::ValidationError("run", "give --prompt or --prompt-ids");
        finishSamplingOptions(cmd, o->sampling);
        try {
            *exitCode = run(*o);
        } catch (const CLI::Error&) {
            throw;
        } catch (const std::exception& e) {
            *exitCode = reportFailure(o->path, e);
        }
    });
}

// Per window: where it starts, the tokens it predicted and their nll (the
// workbench charts perplexity per window from these).
static nlohmann::json windowsJson(const cmf::engine::PerplexityResult& r) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& w : r.windows)
        out.push_back({{"start", w.start}, {"tokens_predicted", w.tokensPredicted}, {"nll", w.nll}, {"perplexity", w.perplexity()}});
    return out;
}

void addPpl(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("ppl", "Perplexity of a model on a text file (sliding window); with --kl-reference, its KL divergence from another model");
    struct Opts {
        std::string path, file, reference;
        uint32_t ctx = 512, stride = 256, threads = 0;
        bool json = false, ignoreMemory = false;
        cmf::engine::KvType kv = cmf::engine::KvType::F32;
        SpecialistOptions spec;
    };
    auto o = std::make_shared<Opts>();
    cmd->add_option("FILE", o->path, "CMF model")->required();
    cmd->add_option("--file", o->file, "Text to score (special tokens written in it are recognised)")->required()->check(CLI::ExistingFile);
    cmd->add_option("--ctx", o->ctx, "Window length in tokens")->capture_default_str();
    cmd->add_option("--stride", o->stride, "Distance between window starts")->capture_default_str();
    cmd->add_option("--kl-reference", o->reference,
                    "Also score the text with this model (same tokenizer vocabulary; dense, its backbone) and report the mean KL "
                    "divergence KL(P_ref || P_file) per predicted token, its spread, the top-1 agreement and both perplexities");
    cmd->add_option("--threads", o->threads, "Worker threads (default: all cores)");
    cmd->add_flag("--json", o->json, "Print JSON");
    addSpecialistOptions(cmd, o->spec);
    addKvOption(cmd, o->kv);
    addMemoryCheckOption(cmd, o->ignoreMemory);
    cmd->callback([=] {
        std::string failing = o->path; // the file an error is about
        try {
            std::unique_ptr<tbb::global_control> limit;
            if (o->threads) limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, o->threads);
            requireValidInput(o->path);
            const auto model = cmf::engine::Model::open(o->path);
            requireMemory(o->ignoreMemory, *model, o->spec, o->ctx, o->kv); // one window's KV cache
            std::shared_ptr<const cmf::engine::Model> reference;
            if (!o->reference.empty()) {
                failing = o->reference;
                requireValidInput(o->reference);
                reference = cmf::engine::Model::open(o->reference);
                requireMemory(o->ignoreMemory, *reference, {}, o->ctx, o->kv);
                failing = o->path;
            }
            const auto tok = cmf::engine::tokenizerOf(*model);
            std::ifstream in(o->file, std::ios::binary);
            const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            const auto ids = tok.encode(text, false);
            TerminalProgress bar("ppl");
            // --skill auto routes once, on the text's first window.
            const auto setup = runnerSetup(*model, o->spec, std::span<const int32_t>(ids).first(std::min<size_t>(ids.size(), o->ctx)));
            const cmf::Control control{o->json ? cmf::ProgressFn{} : bar.callback(), interruptFlag()};
            std::optional<cmf::engine::KlResult> kl;
            cmf::engine::PerplexityResult r;
            if (reference) {
                kl = cmf::engine::klDivergence(reference, model, ids, o->ctx, o->stride, control, {}, setup, o->kv);
                r = kl->file;
            } else {
                r = cmf::engine::perplexity(model, ids, o->ctx, o->stride, control, setup, o->kv);
            }
            bar.finish();
            nlohmann::json out{{"tokens", ids.size()},      {"tokens_predicted", r.tokensPredicted}, {"nll_per_token", r.nllPerToken},
                               {"perplexity", r.perplexity}, {"ctx", o->ctx},                    {"stride", o->stride},
                               {"seconds", r.seconds},       {"task", o->spec.task},            {"skill", o->spec.skill},
                               {"kv", cmf::engine::kvTypeName(o->kv)}, {"windows", windowsJson(r)}};
            if (kl) {
                out["kl_reference"] = o->reference;
                out["kl_divergence"] = kl->klMean;
                out["kl_median"] = kl->klMedian;
                out["kl_p90"] = kl->klP90;
                out["kl_p99"] = kl->klP99;
                out["kl_max"] = kl->klMax;
                out["top1_agreement"] = kl->top1Agreement;
                out["reference_perplexity"] = kl->reference.perplexity;
                out["reference_nll_per_token"] = kl->reference.nllPerToken;
                out["window_kl"] = kl->windowKl;
            }
            if (o->json) std::cout << jsonText(out) << "\n";
            else {
                std::printf("perplexity %.4f over %llu predicted tokens (nll %.5f/token, ctx %u, stride %u, %.1f s)\n", r.perplexity,
                            (unsigned long long)r.tokensPredicted, r.nllPerToken, o->ctx, o->stride, r.seconds);
                if (kl)
                    std::printf("reference perplexity %.4f; KL divergence %.6f nats/token (median %.6f, p90 %.6f, p99 %.6f, max %.6f); "
                                "top-1 agreement %.2f %%\n",
                                kl->reference.perplexity, kl->klMean, kl->klMedian, kl->klP90, kl->klP99, kl->klMax, 100.0 * kl->top1Agreement);
            }
            *exitCode = kExitOk;
        } catch (const std::exception& e) {
            *exitCode = reportFailure(failing, e);
        }
    });
}

} // namespace cmfcli
