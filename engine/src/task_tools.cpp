#include "cmf/engine/task_tools.h"

#include "cmf/engine/calibrate.h"
#include "cmf/engine/corpus.h"
#include "cmf/engine/perplexity.h"
#include "cmf/engine/session.h"
#include "cmf/engine/skill_graft.h"
#include "cmf/engine/skill_routing.h"
#include "cmf/format/append.h"
#include "cmf/format/convert.h"
#include "cmf/format/defrag.h"
#include "cmf/format/error.h"
#include "cmf/format/mask_edit.h"
#include "cmf/format/writer.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace cmf::engine {
namespace {

namespace fs = std::filesystem;

// The bytes of `from` into the (empty) file open at fd, in chunks, so a
// cancel lands between them.
void copyInto(const std::string& from, int fd, const std::string& to, const Control& control) {
    const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) throw Error(ErrorKind::Io, from + ": cannot open: " + std::strerror(errno));
    std::vector<char> buf(size_t(1) << 20);
    try {
        while (true) {
            control.checkCancel();
            const ssize_t n = ::read(in, buf.data(), buf.size());
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) throw Error(ErrorKind::Io, from + ": cannot read: " + std::strerror(errno));
            if (n == 0) break;
            for (ssize_t done = 0; done < n;) {
                const ssize_t w = ::write(fd, buf.data() + done, size_t(n - done));
                if (w < 0 && errno == EINTR) continue;
                if (w < 0) throw Error(ErrorKind::Io, to + ": cannot write: " + std::strerror(errno));
                done += w;
            }
        }
    } catch (...) {
        ::close(in);
        throw;
    }
    ::close(in);
}

// How a prompts file was read, for a message that lets the user see why it
// gave fewer prompts than they wrote.
std::string howRead(PromptsFormat f) {
    switch (f) {
    case PromptsFormat::Jsonl: return "as JSONL (one JSON prompt per line, prompts under 24 characters dropped)";
    case PromptsFormat::Paragraphs: return "as paragraphs (separated by blank lines, pieces under 24 characters dropped)";
    default: return "one prompt per line (blank lines skipped)";
    }
}

// The example prompts of one file, tokenized: at least two, which a routing
// subspace needs (skill_routing.h), or a refusal naming the file and how it
// was read.
std::vector<std::vector<int32_t>> examplePrompts(const Tokenizer& tok, const std::string& path, PromptsFormat format,
                                                 const std::string& role) {
    const PromptsFormat f = resolvePromptsFormat(path, format);
    auto prompts = tokenizePrompts(tok, splitPrompts(path, f));
    if (prompts.size() < 2)
        throw Error(ErrorKind::Parse, role + " " + path + ": " + std::to_string(prompts.size()) + " example prompt" +
                                          (prompts.size() == 1 ? "" : "s") + " read " + howRead(f) +
                                          "; a routing subspace needs at least two");
    return prompts;
}

} // namespace

CalibrateResult calibrateTask(const CalibrateRequest& r, const Control& control) {
    const auto model = Model::open(r.input);
    const auto tok = tokenizerOf(*model);
    const auto docs = tokenizeFiles(tok, r.corpus);
    const auto keep = keepMostImportant(ffnImportance(model, docs, r.ctx, control), r.keep);
    const auto plan = planFromKeep(*model, keep, r.task);
    CalibrateResult out;
    NewMask mask;
    mask.name = r.task;
    mask.description = r.description;
    mask.replace = r.replace;
    uint64_t corpusTokens = 0;
    for (const auto& d : docs) corpusTokens += d.size();
    mask.extra = {{"provenance", {{"tool", "cmf calibrate"}, {"keep", r.keep}, {"corpus_tokens", corpusTokens},
                                  {"importance", "sum |act| * ||down_proj[:, i]||"}}}};
    if (!r.heldout.empty()) {
        const auto ids = tok.encode(readTextFile(r.heldout), false);
        auto q = measureMask(model, ids, plan, r.ctx, control);
        q.datasetSha256 = fileSha256(r.heldout);
        mask.quality = q.toJson();
    } else {
        out.warnings.push_back("no held-out text: the mask's quality is written as null (not measured, §5.1)");
    }
    MaskBits bits;
    for (size_t li = 0; li < keep.size(); ++li) {
        std::vector<bool> row;
        if (!model->layers()[li].moe()) {
            row.assign(model->layers()[li].mlpGate.rows(), false);
            for (uint32_t i : keep[li]) row[i] = true;
        }
        bits.ffn.push_back(std::move(row));
        out.keptPerLayer.push_back(keep[li].size());
    }
    mask.blob = buildMaskBlob(maskLayoutOf(model->file().primary()), bits);
    const auto rep = addMask(r.input, r.output, mask, control);
    out.taskId = rep.taskId;
    out.sparsity = rep.sparsity;
    out.quality = mask.quality;
    return out;
}

SkillAddResult addSkill(const SkillAddRequest& r, const Control& control) {
    const auto model = Model::open(r.backbone);
    if (model->file().sharded()) throw Error(ErrorKind::Parse, "skill add works on a single file; `cmf compact` a shard set first");
    const auto tok = tokenizerOf(*model);
    for (const auto& id : model->skillIds())
        if (id == r.id) throw Error(ErrorKind::Parse, "the file already has a skill '" + r.id + "'");
    GraftOptions g;
    g.donorDir = r.donorDir;
    g.layers = r.layers;
    g.tensors = r.tensors;
    g.minDelta = r.minDelta;
    if (!r.skillQuant.empty()) {
        g.skillQuant = quantFromName(r.skillQuant);
        if (!g.skillQuant) throw Error(ErrorKind::Parse, "skill quant: unknown quant '" + r.skillQuant + "'");
    }
    // The prompts first: a file that gives too few fails before the graft.
    const auto prompts = examplePrompts(tok, r.prompts, r.promptsFormat, "prompts");
    const auto backbonePrompts = r.backbonePrompts.empty()
                                     ? std::vector<std::vector<int32_t>>()
                                     : examplePrompts(tok, r.backbonePrompts, r.promptsFormat, "backbone prompts");
    const auto grafted = graftTensors(*model, g, control);
    if (grafted.empty())
        throw Error(ErrorKind::Parse, "no tensor of the donor differs from the backbone by more than min-delta " + std::to_string(r.minDelta));

    const uint32_t phi = r.phiLayer == UINT32_MAX ? model->config().layers / 2 : r.phiLayer;
    const auto selection = buildSelection(*model, prompts, phi, r.rank);
    const auto heldout = tok.encode(readTextFile(r.quality), false);
    SkillAddResult out;
    out.quality = measureOverlay(model, overlayOf(*model, grafted), heldout, r.ctx, fileSha256(r.quality), control);
    out.layers = graftedLayers(grafted);
    out.tensors = grafted.size();
    for (const auto& t : grafted) out.bytes += t.bytes.size();

    nlohmann::json header = model->header();
    if (!header.contains("skills") || !header["skills"].is_array()) header["skills"] = nlohmann::json::array();
    header["skills"].push_back({{"id", r.id},
                                {"name", r.name.empty() ? r.id : r.name},
                                {"layers", out.layers},
                                {"selection", selection},
                                {"input_mask_task", nullptr},
                                {"quality", out.quality},
                                {"provenance", {{"tool", "cmf skill add"}, {"donor", fs::path(r.donorDir).filename().string()},
                                                {"tensors", out.tensors}, {"bytes", out.bytes}, {"min_delta", r.minDelta},
                                                {"prompts", prompts.size()}}}});
    if (!r.backbonePrompts.empty()) {
        // The backbone's own subspace: routing then picks "no skill" by the
        // same argmin (skill_routing.h).
        auto& skills = header["skills"];
        for (auto it = skills.begin(); it != skills.end();) it = (*it).value("id", "") == "backbone" ? skills.erase(it) : it + 1;
        skills.push_back({{"id", "backbone"},
                          {"name", "backbone (no overlay)"},
                          {"layers", nlohmann::json::array()},
                          {"selection", buildSelection(*model, backbonePrompts, phi, r.rank)},
                          {"input_mask_task", nullptr},
                          {"quality", nullptr}});
    }
    AppendRequest req;
    req.header = header;
    for (const auto& t : grafted) req.tensors.push_back({"skill." + r.id + "." + t.name, t.dtype, t.shape, t.bytes.data(), t.bytes.size()});
    AppendReport rep;
    if (r.output.empty()) {
        out.output = r.backbone;
        rep = appendInPlace(r.backbone, req, control);
    } else {
        // A copy grown in a temporary sibling, renamed into place when whole.
        // The temporary follows writer.h's rule (locked for its whole life, a
        // stale one removed by the next writer of r.output); the append uses
        // its locked descriptor, so the lock is never dropped.
        out.output = r.output;
        TempFile staged(r.output);
        copyInto(r.backbone, staged.fd(), staged.path(), control);
        rep = appendInPlace(staged.fd(), staged.path(), req, control);
        staged.commit();
    }
    out.sizeBefore = rep.oldSize;
    out.sizeAfter = rep.newSize;
    return out;
}

BakeResult bakeSpecialist(const BakeRequest& r, const Control& control) {
    const auto model = Model::open(r.backbone);
    const auto tok = tokenizerOf(*model);
    const auto keep = keepMostImportant(ffnImportance(model, tokenizeFiles(tok, r.files), r.ctx, control), r.keep);
    // Physically cut to a temporary sibling, measure that file itself, then
    // record the figures and rewrite it without the dead header bytes. The
    // temporary follows writer.h's rule: defrag's Writer renames its file
    // over the locked TempFile (its own temporary is a temporary of ours, so
    // the same rule cleans it), and relock() takes the new file's lock.
    TempFile cut(r.output);
    const auto d = defrag(r.backbone, keep, cut.path(), r.task, control);
    cut.relock();
    const auto heldout = tok.encode(readTextFile(r.heldout), false);
    const uint32_t stride = std::max<uint32_t>(1, r.ctx / 2);
    const auto dense = perplexity(model, heldout, r.ctx, stride, control);
    const auto baked = perplexity(Model::open(cut.path()), heldout, r.ctx, stride, control);
    BakeResult out;
    out.quality = {{"metric", "heldout_ppl_ratio"},  {"value", baked.perplexity / dense.perplexity}, {"baseline_dense", dense.perplexity},
                   {"specialist", baked.perplexity}, {"n_samples", baked.tokensPredicted},          {"dataset_sha256", fileSha256(r.heldout)}};
    auto header = CmfFile::open(cut.path())->header();
    header["provenance"]["bake"] = {{"tool", "cmf skill bake"}, {"keep", r.keep}, {"task", r.task}, {"quality", out.quality}};
    AppendRequest req;
    req.header = header;
    appendInPlace(cut.fd(), cut.path(), req, control);
    compact(cut.path(), r.output, control);
    out.prunedRatio = d.prunedRatio;
    out.keptPerLayer = d.keptPerLayer;
    out.bytes = fs::file_size(r.output);
    out.sourceBytes = fs::file_size(r.backbone);
    return out;
}

nlohmann::json routeStatsOfFiles(const std::string& path, const std::vector<std::string>& corpus, uint32_t ctx, const Control& control) {
    const auto model = Model::open(path);
    bool moe = false;
    for (const auto& l : model->layers()) moe |= l.moe();
    if (!moe) throw Error(ErrorKind::Parse, "the model has no MoE layer: nothing to count");
    auto stats = routeStatistics(model, tokenizeFiles(tokenizerOf(*model), corpus), ctx, control);
    stats["corpus"] = corpus;
    stats["model"] = path;
    return stats;
}

} // namespace cmf::engine
