#include "cmf/format/masks.h"
#include "cmf/format/error.h"
#include "cmf/format/half.h"

#include <algorithm>
#include <bit>

namespace cmf {

uint64_t MaskLayout::blobBytes(bool withExperts) const {
    return uint64_t(rows) * ffnBytes() + uint64_t(rows) * headBytes() + gatesBytes() +
           (withExperts ? uint64_t(rows) * expertBytes() : 0);
}

namespace {

bool bitAt(const uint8_t* p, uint64_t i) { return (p[i / 8] >> (i % 8)) & 1u; }

// Popcount of one row of `bits` bits, and whether its tail bits are zero.
uint32_t popRow(const uint8_t* row, uint32_t bits, uint64_t bytes, bool& tailZero) {
    uint32_t n = 0;
    for (uint64_t b = 0; b < bytes; ++b) n += uint32_t(std::popcount(row[b]));
    tailZero = true;
    if (bits % 8 != 0) {
        const uint8_t tailMask = uint8_t(0xFFu << (bits % 8));
        if (row[bytes - 1] & tailMask) {
            tailZero = false;
            n -= uint32_t(std::popcount(uint8_t(row[bytes - 1] & tailMask)));
        }
    }
    return n;
}

// Largest dimension (and row count) a mask may have; far above any model.
constexpr int64_t kMaxMaskDim = 1 << 24;

uint32_t archU32(const nlohmann::json& arch, const char* key, bool required) {
    const auto it = arch.find(key);
    if (it == arch.end() || it->is_null()) {
        if (required) throw Error(ErrorKind::Parse, std::string("masks section: header arch.") + key + " is missing; mask blobs are sized from it (§5)");
        return 0;
    }
    if (!it->is_number_integer() || it->get<int64_t>() < 0 || it->get<int64_t>() > kMaxMaskDim)
        throw Error(ErrorKind::Parse, std::string("masks section: header arch.") + key + " is not a sane unsigned integer");
    // A required dimension of 0 makes rows of 0 bytes: a tiny blob would then
    // stand for millions of rows, each costing popcount entries in memory.
    // A mask over zero neurons or heads is meaningless anyway.
    if (required && it->get<int64_t>() == 0)
        throw Error(ErrorKind::Parse, std::string("masks section: header arch.") + key + " is 0; a mask needs at least one");
    return it->get<uint32_t>();
}

// The meta JSON is copied per mask (Mask::meta) and dumped by the tools, both
// recursive walks: refuse nesting that would overflow the stack, as the header
// parse does.
constexpr int kMaxMetaDepth = 128;
// Rows with non-zero tail bits named one by one in Mask::nonZeroTails.
constexpr size_t kMaxTailReports = 16;
struct MetaTooDeep {};

nlohmann::json parseMeta(const uint8_t* p, uint64_t len) {
    try {
        return nlohmann::json::parse(p, p + len, [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
            if (depth > kMaxMetaDepth) throw MetaTooDeep{};
            return true;
        }, false);
    } catch (const MetaTooDeep&) {
        throw Error(ErrorKind::Parse, "masks section: meta JSON at section offset 8 nests deeper than " +
                                          std::to_string(kMaxMetaDepth) + " levels");
    }
}

// Under LOOP_MASKS rows are per visit (layers × loops, §1.1). The spec names
// no arch key for the loop count, so take it from a key if the file has one,
// else infer it from the first blob's length.
uint64_t loopCount(const nlohmann::json& arch, const MaskLayout& perLayer, uint64_t firstBlobLen) {
    for (const char* k : {"num_loops", "loops", "loop_count"}) {
        // u64, not u32: get<uint32_t> would silently truncate 2^32 + 1 to 1.
        if (arch.contains(k) && arch[k].is_number_unsigned()) return std::max<uint64_t>(1, arch[k].get<uint64_t>());
    }
    for (uint32_t loops = 1; loops <= 64; ++loops) {
        MaskLayout l = perLayer;
        l.rows = perLayer.rows * loops;
        l.gateBits = l.rows;
        if (l.blobBytes(false) == firstBlobLen || l.blobBytes(true) == firstBlobLen) return loops;
    }
    return 1;
}

std::string maskWhere(size_t i, const std::string& name) {
    return "masks section: mask " + std::to_string(i) + (name.empty() ? "" : " (" + name + ")");
}

} // namespace

bool Mask::ffnBit(const MaskLayout& l, uint32_t row, uint32_t neuron) const {
    return bitAt(blob + uint64_t(row) * l.ffnBytes(), neuron);
}
bool Mask::headBit(const MaskLayout& l, uint32_t row, uint32_t head) const {
    return bitAt(blob + uint64_t(l.rows) * l.ffnBytes() + uint64_t(row) * l.headBytes(), head);
}
bool Mask::expertBit(const MaskLayout& l, uint32_t row, uint32_t expert) const {
    const uint64_t base = uint64_t(l.rows) * (l.ffnBytes() + l.headBytes()) + l.gatesBytes();
    return bitAt(blob + base + uint64_t(row) * l.expertBytes(), expert);
}

const Mask* MaskSet::find(std::string_view name) const {
    for (const auto& m : masks)
        if (m.name == name) return &m;
    return nullptr;
}

MaskSet MaskSet::parse(const uint8_t* sec, uint64_t len, const nlohmann::json& header, bool loopMasks) {
    if (len < 8) throw Error(ErrorKind::Bounds, "masks section: length " + std::to_string(len) + " is shorter than its 8-byte header");
    MaskSet s;
    s.nMasks = loadU32(sec);
    s.metaLen = loadU32(sec + 4);
    if (s.metaLen > len - 8)
        throw Error(ErrorKind::Bounds, "masks section: meta_len " + std::to_string(s.metaLen) + " runs past the section (" +
                                           std::to_string(len) + " bytes)");
    s.meta = parseMeta(sec + 8, s.metaLen);
    if (s.meta.is_discarded() || !s.meta.is_object())
        throw Error(ErrorKind::Parse, "masks section: meta JSON at section offset 8 does not parse as an object");
    if (s.meta.contains("default_task") && s.meta["default_task"].is_string()) s.defaultTask = s.meta["default_task"];
    const auto& list = s.meta.contains("masks") ? s.meta["masks"] : nlohmann::json();
    if (!list.is_array())
        throw Error(ErrorKind::Parse, "masks section: meta has no \"masks\" array");
    if (list.size() != s.nMasks)
        throw Error(ErrorKind::Parse, "masks section: n_masks is " + std::to_string(s.nMasks) + " but meta lists " +
                                          std::to_string(list.size()));
    if (s.nMasks == 0) return s;

    const nlohmann::json arch = header.is_object() && header.contains("arch") ? header["arch"] : nlohmann::json::object();
    if (!arch.is_object()) throw Error(ErrorKind::Parse, "masks section: header arch is not an object");
    MaskLayout& l = s.layout;
    l.rows = archU32(arch, "num_layers", true);
    l.ffnBits = archU32(arch, "intermediate_size", true);
    l.headBits = archU32(arch, "num_attention_heads", true);
    if (arch.contains("moe") && arch["moe"].is_object()) l.expertBits = archU32(arch["moe"], "num_experts", false);
    l.gateBits = l.rows;
    if (loopMasks) {
        const uint64_t first = list[0].is_object() && list[0].contains("blob_len") && list[0]["blob_len"].is_number_unsigned()
                                   ? list[0]["blob_len"].get<uint64_t>() : 0;
        // Computed in u64: rows is u32 and a loop count from the file could wrap it.
        const uint64_t loops = loopCount(arch, l, first);
        const uint64_t visits = loops > uint64_t(kMaxMaskDim) ? UINT64_MAX : uint64_t(l.rows) * loops;
        if (visits > uint64_t(kMaxMaskDim))
            throw Error(ErrorKind::Parse, "masks section: " + std::to_string(l.rows) + " layers x " + std::to_string(loops) +
                                              " loops is more than " + std::to_string(kMaxMaskDim) + " mask rows");
        l.rows = uint32_t(visits);
        l.gateBits = l.rows;
    }
    // Blobs are laid out one per mask in the blob area (§5). The popcount
    // tables built below take memory per row, so masks that all point at
    // the same bytes would multiply a small section into gigabytes: the
    // blobs the masks need must fit in the area side by side.
    const uint64_t area = len - 8 - s.metaLen;
    uint64_t needTotal = 0;

    for (size_t i = 0; i < list.size(); ++i) {
        const auto& m = list[i];
        if (!m.is_object()) throw Error(ErrorKind::Parse, maskWhere(i, {}) + ": meta entry is not an object");
        Mask mask;
        mask.meta = m;
        if (m.contains("name") && m["name"].is_string()) mask.name = m["name"];
        if (!m.contains("blob_off") || !m["blob_off"].is_number_unsigned() || !m.contains("blob_len") ||
            !m["blob_len"].is_number_unsigned())
            throw Error(ErrorKind::Parse, maskWhere(i, mask.name) + ": blob_off/blob_len missing or not unsigned integers");
        mask.blobOff = m["blob_off"];
        mask.blobLen = m["blob_len"];
        if (m.contains("task_id") && m["task_id"].is_number_unsigned()) mask.taskId = m["task_id"];
        if (m.contains("sparsity") && m["sparsity"].is_number()) mask.sparsity = m["sparsity"];
        mask.quality = m.contains("quality") ? m["quality"] : nlohmann::json();
        mask.hasExpertFields = m.contains("has_expert_fields") && m["has_expert_fields"].is_boolean() &&
                               m["has_expert_fields"].get<bool>();
        if (mask.hasExpertFields && l.expertBits == 0)
            throw Error(ErrorKind::Parse, maskWhere(i, mask.name) + ": has_expert_fields but arch.moe.num_experts is absent");
        if (mask.blobOff % 8 != 0)
            throw Error(ErrorKind::Bounds, maskWhere(i, mask.name) + ": blob_off " + std::to_string(mask.blobOff) +
                                               " is not aligned to 8");
        if (mask.blobOff < 8 + uint64_t(s.metaLen) || mask.blobLen > len || mask.blobOff > len - mask.blobLen)
            throw Error(ErrorKind::Bounds, maskWhere(i, mask.name) + ": blob [" + std::to_string(mask.blobOff) + ", +" +
                                               std::to_string(mask.blobLen) + ") lies outside the blob area of the " +
                                               std::to_string(len) + "-byte section");
        const uint64_t need = l.blobBytes(mask.hasExpertFields);
        if (mask.blobLen < need)
            throw Error(ErrorKind::Bounds, maskWhere(i, mask.name) + ": blob_len " + std::to_string(mask.blobLen) +
                                               " is below the " + std::to_string(need) + " bytes the arch implies");
        if (need > area - needTotal)
            throw Error(ErrorKind::Bounds, maskWhere(i, mask.name) + ": masks 0.." + std::to_string(i) + " need " +
                                               std::to_string(needTotal + need) + " bytes of blobs, more than the " +
                                               std::to_string(area) + "-byte blob area holds side by side (masks cannot share one blob)");
        needTotal += need;
        mask.blob = sec + mask.blobOff;

        const uint8_t* p = mask.blob;
        // One string per bad row would cost ~30 bytes of memory per blob
        // byte on a hostile blob: name the first few, count the rest.
        uint64_t moreTails = 0;
        auto tail = [&](const char* what, uint32_t r) {
            if (mask.nonZeroTails.size() < kMaxTailReports)
                mask.nonZeroTails.push_back(std::string(what) + " row " + std::to_string(r));
            else
                ++moreTails;
        };
        auto rowsOf = [&](const char* what, uint32_t bits, uint64_t bytes, std::vector<uint32_t>& out) {
            for (uint32_t r = 0; r < l.rows; ++r, p += bytes) {
                bool tailZero = true;
                out.push_back(popRow(p, bits, bytes, tailZero));
                if (!tailZero) tail(what, r);
            }
        };
        rowsOf("ffn", l.ffnBits, l.ffnBytes(), mask.ffnActive);
        rowsOf("heads", l.headBits, l.headBytes(), mask.headsActive);
        for (uint32_t r = 0; r < l.gateBits; ++r) mask.layerGates.push_back(bitAt(p, r));
        bool gatesTail = true;
        if (l.gatesBytes()) popRow(p, l.gateBits, l.gatesBytes(), gatesTail);
        if (!gatesTail) mask.nonZeroTails.push_back("layer_gates");
        p += l.gatesBytes();
        if (mask.hasExpertFields) rowsOf("experts", l.expertBits, l.expertBytes(), mask.expertsActive);
        if (moreTails) mask.nonZeroTails.push_back(std::to_string(moreTails) + " more rows");
        s.masks.push_back(std::move(mask));
    }
    return s;
}

} // namespace cmf
