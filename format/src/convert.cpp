#include "cmf/format/convert.h"
#include "cmf/format/error.h"
#include "cmf/format/hf_import.h"
#include "cmf/format/safetensors.h"
#include "cmf/format/shards.h"

#include "convert_pipeline.h"
#include "tensor_produce.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <map>
#include <atomic>
#include <cmath>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace cmf {

using detail::Produced;
using detail::ErrorSums;
using detail::chunkRows;
using detail::encodeTensor;
using detail::finish;
using detail::shapeOf;

namespace {

namespace fs = std::filesystem;

constexpr std::pair<const char*, DType> kQuants[] = {
    {"f32", DType::F32},       {"f16", DType::F16},     {"bf16", DType::BF16},     {"q8", DType::Q8Row},
    {"q8_2f", DType::Q8_2F},   {"q4", DType::Q4Block},  {"q4t", DType::Q4Tiled},   {"q4tp", DType::Q4TP},
    {"vbit", DType::VBitRo},   {"q1", DType::Q1},       {"q1s", DType::Q1S},       {"q1t", DType::Q1T},
};

std::vector<uint8_t> readFileBytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) throw Error(ErrorKind::Io, p.string() + ": cannot read");
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

nlohmann::json readJsonFile(const fs::path& p) {
    std::ifstream in(p);
    if (!in) throw Error(ErrorKind::Io, p.string() + ": cannot read");
    auto j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded()) throw Error(ErrorKind::Parse, p.string() + ": not valid JSON");
    return j;
}

// Routers decide which experts run; their few weights are kept at f16 unless
// a --keep rule says otherwise.
bool isRouter(const std::string& name) {
    const auto ends = [&](const char* s) {
        const size_t n = std::strlen(s);
        return name.size() >= n && name.compare(name.size() - n, n, s) == 0;
    };
    return ends(".mlp.gate.weight") || ends(".shared_expert_gate.weight");
}

// A Gated DeltaNet layer's conv kernel, log decay rate and decay bias set how
// the recurrent state mixes and forgets: exp(g) compounds over every token of
// the context, so a rounding of A_log or dt_bias is an error that grows with
// the sequence, not one that stays put. They are small (Qwen3.5-0.8B: 0.1 MB
// of f32 per linear layer, 1.8 MB of a 776 MB q8 file), so they stay f32 at
// every quant (and in requant).
bool isRecurrenceParameter(const std::string& name) {
    for (const std::string_view tail : {".linear_attn.conv1d.weight", ".linear_attn.A_log", ".linear_attn.dt_bias"})
        if (std::string_view(name).ends_with(tail)) return true;
    return false;
}
constexpr const char* kRecurrenceReason = "linear-attention recurrence parameter kept f32";

// The output projection turns the last hidden state into every logit at once:
// 4-bit noise there moves the logits of these models by 0.1-0.7 and flips
// greedy choices that q8 keeps (measured on the models in tests/data/models), for a few
// percent of the file. So the q4 family keeps an untied lm_head at q8_row, as
// llama.cpp's quantizer keeps its output tensor above Q4. A tied embedding is
// left at q4: it is also the input table, a quarter of a small model's weights,
// and at q8 it would make the file larger and every decode step slower than a
// Q4_0 GGUF of the same model.
bool isOutputProjection(const std::string& name, bool tied) { return !tied && name == "lm_head.weight"; }

struct Requested {
    DType dtype;
    std::string reason; // set when a rule, not the request, decides a dtype that differs from it
    std::string rule;   // which rule chose dtype when it is not the quant (the plan shows it; the report does not)
};

Requested requestedFor(const std::string& name, DType quant, const std::vector<DTypeRule>& keep, bool tied) {
    for (const auto& r : keep)
        if (std::regex_search(name, std::regex(r.pattern))) return {r.dtype, {}, "--keep " + r.pattern + "=" + std::string(dtypeName(r.dtype))};
    if (isRecurrenceParameter(name) && quant != DType::F32)
        return {DType::F32, std::string(kRecurrenceReason) + ": " + std::string(dtypeName(quant)) + " -> f32", kRecurrenceReason};
    if (isRouter(name) && quant != DType::F32) return {DType::F16, {}, "router kept f16"};
    const bool fourBit = quant == DType::Q4Block || quant == DType::Q4Tiled || quant == DType::Q4TP;
    if (fourBit && isOutputProjection(name, tied)) return {DType::Q8Row, {}, "untied lm_head kept q8_row under 4-bit quants"};
    return {quant, {}, {}};
}

// Expert e of a fused bank (hf::TensorSlice) as a tensor of its own: the
// same mapping, a [rows, cols] window of entry e.
StTensor sliceOf(const StTensor& bank, const hf::TensorSlice& s) {
    const uint64_t perEntry = bank.shape[1] * bank.shape[2];
    const uint64_t elem = bank.count() ? bank.nbytes / bank.count() : 0, rowBytes = bank.shape[2] * elem;
    StTensor t = bank;
    t.name = bank.name + "[" + std::to_string(s.expert) + ", " + std::to_string(s.rowBegin) + ":" + std::to_string(s.rowEnd) + "]";
    t.shape = {s.rowEnd - s.rowBegin, bank.shape[2]};
    t.data = bank.data + s.expert * perEntry * elem + s.rowBegin * rowBytes;
    t.nbytes = (s.rowEnd - s.rowBegin) * rowBytes;
    return t;
}

// A source tensor to its chosen dtype. Row-separable layouts stream: each
// chunk of rows is widened, encoded into place, decoded back for the error
// and released from the mapping, in parallel; memory is the output payload
// plus a few chunks. Other layouts need the whole tensor as float32.
Produced convertTensor(const Checkpoint& ck, const StTensor& t, DType requested, const EncodeOptions& eo) {
    const TensorShape s = shapeOf(t.shape, t.count());
    const DTypeChoice c = chooseDType(requested, uint32_t(t.shape.size()), s);
    if (!encodesByRows(c.dtype, s)) {
        std::vector<float> values(t.count());
        t.toFloat(0, t.rows(), values.data());
        ck.release(t);
        return encodeTensor(t.name, t.shape, values, requested, eo);
    }
    std::vector<uint8_t> payload(*expectedNBytes(c.dtype, s));
    const TensorBytes tb{c.dtype, s, payload.data(), payload.size()};
    const uint64_t step = chunkRows(s.cols);
    tbb::combinable<ErrorSums> errs;
    tbb::parallel_for(uint64_t(0), (s.rows + step - 1) / step, [&](uint64_t k) {
        const uint64_t r0 = k * step, r1 = std::min(s.rows, r0 + step);
        std::vector<float> src((r1 - r0) * s.cols), back(src.size());
        t.toFloat(r0, r1, src.data());
        ck.release(t, r0, r1);
        try {
            encodeRowsInto(c.dtype, s, r0, r1, src.data(), payload.data(), eo);
        } catch (const Error& e) {
            throw Error(e.kind(), "tensor " + t.name + ": " + e.what());
        }
        decodeRows(tb, r0, r1, back.data());
        errs.local().add(src.data(), back.data(), src.size());
    });
    ErrorSums total;
    errs.combine_each([&](const ErrorSums& e) { total.num += e.num, total.den += e.den; });
    return finish(t.name, t.shape, c, std::move(payload), total.relative());
}

std::vector<uint64_t> f32Sizes(const std::vector<std::vector<uint64_t>>& shapes) {
    std::vector<uint64_t> out;
    for (const auto& s : shapes) {
        uint64_t n = 4;
        for (auto d : s) n *= d;
        out.push_back(n);
    }
    return out;
}

uint64_t gbToBytes(double gb) { return uint64_t(gb * 1e9); }

// provenance.skipped_tensors: how many source tensors were left out, by
// their first name component (vision_tower, multi_modal_projector).
nlohmann::json skippedSummary(const std::vector<std::string>& skipped) {
    nlohmann::json parts = nlohmann::json::object();
    for (const auto& n : skipped) {
        std::string_view v(n);
        if (v.starts_with("model.")) v.remove_prefix(6);
        const std::string part(v.substr(0, v.find('.')));
        parts[part] = parts.value(part, 0) + 1;
    }
    return {{"count", skipped.size()}, {"parts", parts}, {"reason", "not part of the text model"}};
}


} // namespace

std::optional<DType> quantFromName(const std::string& name) {
    for (const auto& [n, t] : kQuants)
        if (name == n) return t;
    return std::nullopt;
}

std::vector<std::string> quantNames() {
    std::vector<std::string> out;
    for (const auto& [n, t] : kQuants) out.push_back(n);
    return out;
}

std::vector<uint32_t> planShards(const std::vector<uint64_t>& sizes, uint64_t maxBytes) {
    std::vector<uint32_t> out;
    uint32_t shard = 0;
    uint64_t used = 0;
    for (uint64_t s : sizes) {
        if (maxBytes > 0 && used > 0 && used + s > maxBytes) ++shard, used = 0;
        out.push_back(shard);
        used += s;
    }
    return out;
}

namespace {

// What convertHf and planConvert both read from a folder, checked the same
// way: the text model's tensors under their canonical names, in canonical
// order, with their sources; the arch and what the header is made from.
struct Prepared {
    Prepared(fs::path d, nlohmann::json c, Checkpoint k) : dir(std::move(d)), config(std::move(c)), ck(std::move(k)) {}
    fs::path dir;
    nlohmann::json config, arch;
    Checkpoint ck;
    std::deque<StTensor> slices;        // experts of fused banks, as tensors of their own
    std::vector<std::string> names;     // canonical, in canonical order
    std::vector<const StTensor*> src;   // the source of names[i]
    std::vector<std::vector<uint64_t>> shapes;
    std::vector<std::string> skipped;   // source tensors left out (vision tower, projector)
    bool tied = false;
};

std::unique_ptr<Prepared> prepare(const std::string& modelDir) {
    const fs::path dir(modelDir);
    if (!fs::is_directory(dir)) throw Error(ErrorKind::Io, modelDir + ": not a directory");
    if (!fs::exists(dir / "config.json")) throw Error(ErrorKind::Io, modelDir + ": no config.json");
    auto p = std::make_unique<Prepared>(dir, readJsonFile(dir / "config.json"), Checkpoint::open(modelDir));
    const Checkpoint& ck = p->ck;
    std::vector<std::string> sourceNames;
    for (const auto& t : ck.tensors()) sourceNames.push_back(t.name);
    // A multimodal checkpoint's text model under its canonical names; the
    // vision tower and projector are left out and reported.
    std::vector<std::vector<uint64_t>> sourceShapes;
    for (const auto& t : ck.tensors()) sourceShapes.push_back(t.shape);
    const hf::TensorNameMap map = hf::mapTensorNames(sourceNames, sourceShapes);
    // Each canonical tensor's source: a checkpoint tensor, or one expert's
    // slice of a fused bank (kept in p->slices, so the pointers stay valid).
    std::map<std::string, const StTensor*> sourceOf;
    for (size_t i = 0; i < map.canonical.size(); ++i) {
        const StTensor* t = ck.find(map.source[i]);
        if (map.slice[i]) t = &p->slices.emplace_back(sliceOf(*t, *map.slice[i]));
        sourceOf[map.canonical[i]] = t;
    }
    std::vector<std::string> names = map.canonical;
    const StTensor* embed = sourceOf.count("model.embed_tokens.weight") ? sourceOf["model.embed_tokens.weight"] : nullptr;
    p->arch = hf::archFromConfig(p->config, names, embed ? embed->dtypeName : std::string());
    hf::checkTensorSet(p->arch, names);
    p->tied = p->arch.value("tie_word_embeddings", false) == true;
    p->names = hf::canonicalOrder(names);
    for (const auto& n : p->names) {
        p->src.push_back(sourceOf.at(n));
        if (!p->src.back()->isFloat())
            throw Error(ErrorKind::Parse, "tensor " + n + ": source dtype " + p->src.back()->dtypeName + " is not f32, f16 or bf16");
        p->shapes.push_back(p->src.back()->shape);
    }
    hf::checkTensorShapes(p->config, p->arch, p->names, p->shapes);
    p->skipped = map.skipped;
    return p;
}

std::string quantNameOf(DType quant) {
    for (const auto& [n, t] : kQuants)
        if (t == quant) return n;
    return "?";
}

nlohmann::json headerFor(const Prepared& p, const ConvertOptions& o) {
    const std::string quantName = quantNameOf(o.quant);
    nlohmann::json header{{"format", "cmf"},
                          {"version", 2},
                          {"arch", p.arch},
                          {"quant_type", quantName},
                          {"tokenizer_config", hf::chatBundleFromDir(o.modelDir)},
                          {"skills", nlohmann::json::array()},
                          {"shard", nullptr},
                          {"provenance",
                           {{"tool", "cmf-workbench convert"},
                            {"source_model", fs::path(o.modelDir).filename().string().empty()
                                                 ? fs::path(o.modelDir).parent_path().filename().string()
                                                 : fs::path(o.modelDir).filename().string()},
                            {"quant", quantName},
                            {"mean_bits", o.quant == DType::VBitRo || o.quant == DType::VBit ? nlohmann::json(o.encode.meanBits) : nlohmann::json()}}}};
    if (auto gen = hf::generationConfigFromDir(o.modelDir); !gen.is_null()) header["generation_config"] = std::move(gen);
    if (!p.skipped.empty()) header["provenance"]["skipped_tensors"] = skippedSummary(p.skipped);
    const nlohmann::json notes = hf::provenanceNotes(p.config);
    for (const auto& [key, note] : notes.items()) header["provenance"][key] = note;
    return header;
}

std::vector<uint32_t> shardsOf(const Prepared& p, const ConvertOptions& o) {
    return o.shardMaxGb > 0 ? planShards(f32Sizes(p.shapes), gbToBytes(o.shardMaxGb)) : std::vector<uint32_t>{};
}

// Payload bytes of a tensor encoded as dtype: exact for the fixed layouts and
// for q1s/q1t (their overlay holds floor(fraction·n) outliers, q1.cpp); for
// vbit/vbit_ro an upper bound — the rows' widths depend on the values, and
// their mean never exceeds the budget (encoders/vbit.cpp).
std::pair<uint64_t, bool> plannedBytes(DType dtype, TensorShape s, const EncodeOptions& eo) {
    if (const auto n = expectedNBytes(dtype, s)) return {*n, true};
    const uint64_t n = s.count();
    const uint64_t outliers = std::min<uint64_t>(uint64_t(std::floor(std::clamp(eo.outlierFraction, 0.0, 1.0) * double(n))), 0xFFFFFFFFu);
    if (dtype == DType::Q1S) return {minimumNBytes(dtype, s) + outliers * 6, true};
    if (dtype == DType::Q1T) return {minimumNBytes(dtype, s) + outliers * 4, true};
    // vbit: the 3-bit minimum plus the budget above 3 bits (in % 32 == 0, so every row is whole bytes).
    const double extra = std::clamp(eo.meanBits, 3.0, 8.0) - 3.0;
    return {minimumNBytes(dtype, s) + uint64_t(std::floor(extra * double(n) / 8.0)), false};
}

ConvertPlan planFor(const Prepared& p, const ConvertOptions& o) {
    ConvertPlan plan;
    plan.skipped = p.skipped;
    plan.exact = true;
    std::vector<uint64_t> bytes;
    for (size_t i = 0; i < p.names.size(); ++i) {
        const StTensor& t = *p.src[i];
        // The same two steps convertTensor takes: the rules, then §3.2.
        const Requested r = requestedFor(p.names[i], o.quant, o.keep, p.tied);
        const DTypeChoice c = chooseDType(r.dtype, uint32_t(t.shape.size()), shapeOf(t.shape, t.count()));
        TensorReport rep;
        rep.name = p.names[i];
        rep.source = t.dtypeName;
        rep.dtype = c.dtype;
        rep.reason = c.reason.empty() ? r.reason : c.reason;
        plan.rules.push_back(r.rule);
        rep.shape = t.shape;
        rep.sourceBytes = t.nbytes;
        const auto [n, exact] = plannedBytes(c.dtype, shapeOf(t.shape, t.count()), o.encode);
        rep.bytes = n;
        if (!exact) plan.estimated.push_back(i), plan.exact = false;
        plan.sourceBytes += t.nbytes;
        plan.payloadBytes += n;
        bytes.push_back(n);
        plan.tensors.push_back(std::move(rep));
    }
    const nlohmann::json header = headerFor(p, o);
    std::error_code ec;
    const auto vocab = fs::exists(p.dir / "tokenizer.json") ? fs::file_size(p.dir / "tokenizer.json", ec) : 0;
    plan.shardOf = shardsOf(p, o);
    for (const auto& out : detail::planOutputs(o.output, header, p.names.size(),
                                               plan.shardOf.empty() ? std::vector<uint32_t>(p.names.size(), 0) : plan.shardOf)) {
        std::vector<std::string> names;
        std::vector<uint64_t> sizes;
        for (size_t i : out.tensors) names.push_back(p.names[i]), sizes.push_back(bytes[i]);
        const uint64_t sections[3] = {0, out.sections ? uint64_t(vocab) : 0, 0};
        plan.outputs.push_back(out.path);
        plan.outputBytes.push_back(plannedFileBytes(out.header, names, sizes, sections));
        plan.fileBytes += plan.outputBytes.back();
    }
    return plan;
}

} // namespace

ConvertPlan planConvert(const ConvertOptions& o) { return planFor(*prepare(o.modelDir), o); }

std::vector<ConvertPlan> planConvert(const ConvertOptions& o, const std::vector<DType>& quants) {
    const auto p = prepare(o.modelDir);
    std::vector<ConvertPlan> out;
    for (const DType q : quants) {
        ConvertOptions each = o;
        each.quant = q;
        out.push_back(planFor(*p, each));
    }
    return out;
}

ConvertReport convertHf(const ConvertOptions& o, const Control& control) {
    const auto prepared = prepare(o.modelDir);
    const Prepared& p = *prepared;
    const nlohmann::json header = headerFor(p, o);
    WriterSections sections;
    if (fs::exists(p.dir / "tokenizer.json")) sections.vocab = readFileBytes(p.dir / "tokenizer.json");

    auto out = detail::openOutputs(o.output, header, p.names, shardsOf(p, o), std::move(sections), 0);

    std::vector<uint64_t> sizes;
    for (const auto* t : p.src) sizes.push_back(t->nbytes);
    ConvertReport report = detail::writeAll(out, p.names, sizes, [&](size_t i) {
        const StTensor& t = *p.src[i];
        const Requested r = requestedFor(p.names[i], o.quant, o.keep, p.tied);
        Produced produced = convertTensor(p.ck, t, r.dtype, o.encode);
        if (produced.report.reason.empty()) produced.report.reason = r.reason;
        produced.report.name = p.names[i];
        produced.report.source = t.dtypeName;
        produced.report.sourceBytes = t.nbytes;
        return produced;
    }, "converting", control);
    report.skipped = p.skipped;
    return report;
}

namespace {

using detail::copyTensor;
using detail::sectionsOf;

// Rewrites a model tensor by tensor; transform decides per tensor.
ConvertReport rewrite(const Model& m, const std::string& output, nlohmann::json header, const std::vector<uint32_t>& shardOf,
                      const std::function<Produced(const ModelTensor&)>& transform, const Control& control) {
    std::vector<std::string> names;
    std::vector<uint64_t> sizes;
    for (const auto& t : m.tensors()) names.emplace_back(t.record.name), sizes.push_back(t.record.nbytes);
    const uint32_t extra = m.primary().envelope().requiredFeatures & LoopMasks;
    auto out = detail::openOutputs(output, header, names, shardOf, sectionsOf(m.primary()), extra);
    return detail::writeAll(out, names, sizes, [&](size_t i) { return transform(m.tensors()[i]); }, "writing", control);
}

nlohmann::json unshardedHeader(const Model& m) {
    nlohmann::json h = m.primary().header();
    h.erase("section_hashes"); // the writer recomputes them
    h["shard"] = nullptr;
    return h;
}

} // namespace

namespace {

// The header requant writes: the input's, unsharded, with what was re-encoded in provenance.
nlohmann::json requantHeader(const Model& m, const RequantOptions& o) {
    nlohmann::json header = unshardedHeader(m);
    if (!header.contains("provenance") || !header["provenance"].is_object()) header["provenance"] = nlohmann::json::object();
    header["provenance"]["requant"] = {{"quant", std::string(dtypeName(o.quant))}, {"only", o.only}};
    return header;
}

} // namespace

ConvertReport requant(const RequantOptions& o, const Control& control) {
    const Model m = Model::open(o.input);
    nlohmann::json header = requantHeader(m, o);
    const std::regex only(o.only.empty() ? std::string(".*") : o.only);
    return rewrite(m, o.output, header, {}, [&](const ModelTensor& t) {
        const std::string name(t.record.name);
        if (!std::regex_search(name, only)) return copyTensor(m, t);
        const bool precise = isRecurrenceParameter(name) && o.quant != DType::F32;
        if (precise && t.record.dtype == DType::F32) return copyTensor(m, t);
        const auto values = decodeAll(m.tensorBytes(t));
        Produced p = encodeTensor(name, t.record.dims(), values, precise ? DType::F32 : o.quant, o.encode);
        if (precise) p.report.reason = std::string(kRecurrenceReason) + ": " + std::string(dtypeName(o.quant)) + " -> f32";
        p.report.source = std::string(dtypeName(t.record.dtype));
        p.report.sourceBytes = t.record.nbytes;
        return p;
    }, control);
}

ConvertPlan planRequant(const RequantOptions& o) {
    const Model m = Model::open(o.input);
    nlohmann::json header = requantHeader(m, o);
    header["shard"] = nullptr; // as openOutputs writes a single file
    const std::regex only(o.only.empty() ? std::string(".*") : o.only);
    ConvertPlan plan;
    std::vector<std::string> names;
    std::vector<uint64_t> bytes;
    for (const auto& t : m.tensors()) {
        const std::string name(t.record.name);
        TensorReport rep;
        rep.name = name;
        rep.source = std::string(dtypeName(t.record.dtype));
        rep.shape = t.record.dims();
        rep.sourceBytes = rep.bytes = t.record.nbytes;
        rep.dtype = t.record.dtype;
        rep.copied = true;
        std::string rule;
        // The same decisions requant() takes, without decoding anything.
        const bool precise = isRecurrenceParameter(name) && o.quant != DType::F32;
        if (std::regex_search(name, only) && !(precise && t.record.dtype == DType::F32)) {
            const auto dims = t.record.dims();
            uint64_t count = 1;
            for (auto d : dims) count *= d;
            const TensorShape s = shapeOf(dims, count);
            const DTypeChoice c = chooseDType(precise ? DType::F32 : o.quant, uint32_t(dims.size()), s);
            const auto [n, exact] = plannedBytes(c.dtype, s, o.encode);
            rep.dtype = c.dtype, rep.bytes = n, rep.copied = false, rep.reason = c.reason;
            if (precise) rule = kRecurrenceReason;
            if (!exact) plan.estimated.push_back(plan.tensors.size()), plan.exact = false;
        }
        plan.sourceBytes += rep.sourceBytes;
        plan.payloadBytes += rep.bytes;
        names.push_back(name), bytes.push_back(rep.bytes);
        plan.rules.push_back(rule);
        plan.tensors.push_back(std::move(rep));
    }
    const auto& f = m.primary();
    const uint64_t sections[3] = {f.envelope().masks.present() ? f.envelope().masks.len : 0,
                                  f.envelope().vocab.present() ? f.envelope().vocab.len : 0,
                                  f.envelope().index.present() ? f.envelope().index.len : 0};
    plan.outputs = {o.output};
    plan.outputBytes = {plannedFileBytes(header, names, bytes, sections)};
    plan.fileBytes = plan.outputBytes.front();
    return plan;
}

ConvertReport compact(const std::string& input, const std::string& output, const Control& control) {
    const Model m = Model::open(input);
    if (m.files().size() > 1) throw Error(ErrorKind::Parse, input + ": compact takes a single file; this is a shard set");
    nlohmann::json header = m.primary().header();
    header.erase("section_hashes");
    return rewrite(m, output, header, {}, [&](const ModelTensor& t) { return copyTensor(m, t); }, control);
}

ConvertReport shard(const std::string& input, double maxGb, const std::string& outputBase, const Control& control) {
    if (maxGb <= 0) throw Error(ErrorKind::Parse, "shard: --max-gb must be positive");
    const Model m = Model::open(input);
    std::vector<std::vector<uint64_t>> shapes;
    for (const auto& t : m.tensors()) shapes.push_back(t.record.dims());
    auto plan = planShards(f32Sizes(shapes), gbToBytes(maxGb));
    return rewrite(m, outputBase + ".cmf", unshardedHeader(m), plan, [&](const ModelTensor& t) { return copyTensor(m, t); },
                   control);
}

uint32_t shardCount(const std::string& input, double maxGb) {
    if (maxGb <= 0) throw Error(ErrorKind::Parse, "shard: --max-gb must be positive");
    const Model m = Model::open(input);
    std::vector<std::vector<uint64_t>> shapes;
    for (const auto& t : m.tensors()) shapes.push_back(t.record.dims());
    const auto plan = planShards(f32Sizes(shapes), gbToBytes(maxGb));
    return plan.empty() ? 1 : *std::max_element(plan.begin(), plan.end()) + 1;
}

} // namespace cmf
