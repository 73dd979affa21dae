#include "cmf/format/mask_edit.h"

#include "cmf/format/error.h"
#include "cmf/format/shards.h"
#include "cmf/format/writer.h"

#include "tensor_produce.h"

#include <filesystem>

namespace cmf {
namespace {

uint32_t archDim(const nlohmann::json& o, const char* key, bool required) {
    if (!o.is_object() || !o.contains(key) || o[key].is_null()) {
        if (required) throw Error(ErrorKind::Parse, std::string("masks: header arch.") + key + " is missing; mask blobs are sized from it (§5)");
        return 0;
    }
    if (!o[key].is_number_unsigned()) throw Error(ErrorKind::Parse, std::string("masks: header arch.") + key + " is not an unsigned integer");
    return o[key].get<uint32_t>();
}

// One area of rows: `rows` rows of `bits` bits, each ceil(bits/8) bytes.
void packRows(uint8_t* out, uint32_t rows, uint32_t bits, const std::vector<std::vector<bool>>& given, const char* what) {
    const uint64_t bytes = (uint64_t(bits) + 7) / 8;
    if (given.size() > rows)
        throw Error(ErrorKind::Parse, "masks: " + std::to_string(given.size()) + " " + what + " rows, the layout has " + std::to_string(rows));
    for (uint32_t r = 0; r < rows; ++r) {
        uint8_t* row = out + uint64_t(r) * bytes;
        const bool all = r >= given.size() || given[r].empty();
        if (!all && given[r].size() > bits)
            throw Error(ErrorKind::Parse, "masks: " + std::string(what) + " row " + std::to_string(r) + " has " +
                                              std::to_string(given[r].size()) + " bits, the dimension is " + std::to_string(bits));
        for (uint32_t i = 0; i < bits; ++i)
            if (all || (i < given[r].size() && given[r][i])) row[i / 8] |= uint8_t(1u << (i % 8));
    }
}

} // namespace

MaskLayout maskLayoutOf(const CmfFile& f) {
    if (f.masks() && !f.masks()->masks.empty()) return f.masks()->layout;
    const auto& h = f.header();
    const nlohmann::json arch = h.contains("arch") ? h["arch"] : nlohmann::json();
    MaskLayout l;
    l.rows = archDim(arch, "num_layers", true);
    l.ffnBits = archDim(arch, "intermediate_size", true);
    l.headBits = archDim(arch, "num_attention_heads", true);
    if (arch.contains("moe") && arch["moe"].is_object()) l.expertBits = archDim(arch["moe"], "num_experts", false);
    l.gateBits = l.rows;
    return l;
}

std::vector<uint8_t> buildMaskBlob(const MaskLayout& l, const MaskBits& bits) {
    if (bits.withExperts && l.expertBits == 0) throw Error(ErrorKind::Parse, "masks: an expert area needs arch.moe.num_experts");
    if (!bits.experts.empty() && !bits.withExperts) throw Error(ErrorKind::Parse, "masks: expert rows given without withExperts");
    std::vector<uint8_t> blob(l.blobBytes(bits.withExperts), 0);
    uint8_t* p = blob.data();
    packRows(p, l.rows, l.ffnBits, bits.ffn, "ffn");
    p += uint64_t(l.rows) * l.ffnBytes();
    packRows(p, l.rows, l.headBits, bits.heads, "head");
    p += uint64_t(l.rows) * l.headBytes();
    packRows(p, 1, l.gateBits, bits.gates.empty() ? std::vector<std::vector<bool>>{} : std::vector<std::vector<bool>>{bits.gates},
             "layer-gate");
    p += l.gatesBytes();
    if (bits.withExperts) packRows(p, l.rows, l.expertBits, bits.experts, "expert");
    return blob;
}

AddMaskReport addMask(const std::string& input, const std::string& output, const NewMask& m, const Control& control) {
    if (m.name.empty()) throw Error(ErrorKind::Parse, "masks: a mask needs a name");
    const Model model = Model::open(input);
    const CmfFile& f = model.primary();
    const MaskLayout layout = maskLayoutOf(f);
    if (m.blob.size() != layout.blobBytes(m.hasExpertFields))
        throw Error(ErrorKind::Parse, "masks: blob of " + std::to_string(m.blob.size()) + " bytes; this model's layout needs " +
                                          std::to_string(layout.blobBytes(m.hasExpertFields)));
    if (m.hasExpertFields && layout.expertBits == 0) throw Error(ErrorKind::Parse, "masks: the model has no arch.moe.num_experts");

    // Existing meta entries and blobs, verbatim.
    nlohmann::json meta = f.masks() ? f.masks()->meta : nlohmann::json{{"default_task", nullptr}, {"masks", nlohmann::json::array()}};
    std::vector<std::vector<uint8_t>> blobs;
    AddMaskReport report;
    std::optional<size_t> slot;
    uint32_t nextId = 0;
    if (f.masks())
        for (size_t i = 0; i < f.masks()->masks.size(); ++i) {
            const Mask& old = f.masks()->masks[i];
            blobs.emplace_back(old.blob, old.blob + old.blobLen);
            nextId = std::max(nextId, old.taskId + 1);
            if (old.name == m.name) slot = i;
        }
    if (slot && !m.replace) throw Error(ErrorKind::Parse, input + " already has a mask named \"" + m.name + "\"");

    // §5.1 meta: sparsity over FFN neurons, quality as given (null = not measured).
    const MaskSet probe = [&] {
        // Parse the blob on its own to count bits and check tails.
        nlohmann::json one{{"masks", {{{"name", m.name}, {"blob_off", 16}, {"blob_len", m.blob.size()}, {"has_expert_fields", m.hasExpertFields}}}}};
        std::vector<uint8_t> sec = buildMasksSection(one, {m.blob});
        return MaskSet::parse(sec.data(), sec.size(), f.header(), f.envelope().has(LoopMasks));
    }();
    const Mask& pm = probe.masks.at(0);
    if (!pm.nonZeroTails.empty()) throw Error(ErrorKind::Parse, "masks: non-zero tail bits in " + pm.nonZeroTails.front());
    uint64_t active = 0, experts = 0;
    for (auto a : pm.ffnActive) active += a;
    for (auto a : pm.expertsActive) experts += a;
    const uint64_t ffnTotal = uint64_t(layout.rows) * layout.ffnBits;
    report.sparsity = ffnTotal ? 1.0 - double(active) / double(ffnTotal) : 0.0;
    const uint64_t expertTotal = uint64_t(layout.rows) * layout.expertBits;
    if (m.hasExpertFields && expertTotal) report.expertSparsity = 1.0 - double(experts) / double(expertTotal);

    nlohmann::json entry = m.extra.is_object() ? m.extra : nlohmann::json::object();
    report.taskId = slot ? f.masks()->masks[*slot].taskId : nextId;
    entry["task_id"] = report.taskId;
    entry["name"] = m.name;
    entry["description"] = m.description.empty() ? nlohmann::json() : nlohmann::json(m.description);
    entry["sparsity"] = report.sparsity;
    entry["quality"] = m.quality;
    entry["parent"] = nullptr;
    entry["has_hot_pack"] = false;
    entry["has_expert_fields"] = m.hasExpertFields;
    if (m.hasExpertFields) entry["expert_sparsity"] = report.expertSparsity;
    if (slot) {
        meta["masks"][*slot] = entry;
        blobs[*slot] = m.blob;
        report.replaced = true;
    } else {
        meta["masks"].push_back(entry);
        blobs.push_back(m.blob);
    }

    WriterSections sections = detail::sectionsOf(f);
    sections.masks = buildMasksSection(meta, blobs);
    nlohmann::json header = f.header();
    header.erase("section_hashes");
    header.erase("shard");
    std::vector<std::string> names;
    std::vector<uint64_t> sizes;
    for (const auto& t : model.tensors()) names.emplace_back(t.record.name), sizes.push_back(t.record.nbytes);
    report.inputBytes = 0;
    for (const auto& file : model.files()) report.inputBytes += file->fileSize();
    auto out = detail::openOutputs(output, header, names, {}, std::move(sections), f.envelope().requiredFeatures & LoopMasks);
    report.write = detail::writeAll(
        out, names, sizes, [&](size_t i) { return detail::copyTensor(model, model.tensors()[i]); }, "writing", control);
    return report;
}

} // namespace cmf
