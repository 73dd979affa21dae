#include "layout_encode.h"

#include "cmf/format/directory.h"

#include <cstring>

namespace cmf::detail {
namespace {

void putU32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }
void putU64(uint8_t* p, uint64_t v) { std::memcpy(p, &v, 8); }

} // namespace

uint64_t directoryBytes(const std::vector<std::string>& names) {
    uint64_t pool = 0;
    for (const auto& n : names) pool += n.size();
    return kDirHeaderSize + names.size() * kDirRecordSize + pool;
}

std::vector<uint8_t> encodeDirectory(const std::vector<DirEntry>& entries) {
    uint64_t pool = 0;
    for (const auto& e : entries) pool += e.name.size();
    const uint64_t poolOff = kDirHeaderSize + entries.size() * kDirRecordSize;
    std::vector<uint8_t> dir(poolOff + pool, 0);
    putU64(dir.data(), entries.size());
    putU64(dir.data() + 8, poolOff);
    uint64_t nameOff = 0;
    for (size_t i = 0; i < entries.size(); ++i) {
        const DirEntry& r = entries[i];
        uint8_t* p = dir.data() + kDirHeaderSize + i * kDirRecordSize;
        putU32(p, uint32_t(nameOff));
        const uint16_t len = uint16_t(r.name.size());
        std::memcpy(p + 4, &len, 2);
        p[6] = uint8_t(r.dtype);
        p[7] = uint8_t(r.shape.size());
        for (size_t d = 0; d < r.shape.size() && d < kMaxDims; ++d) putU32(p + 8 + 4 * d, uint32_t(r.shape[d]));
        putU64(p + 32, r.off);
        putU64(p + 40, r.nbytes);
        putU64(p + 48, r.hash);
        std::memcpy(dir.data() + poolOff + nameOff, r.name.data(), r.name.size());
        nameOff += r.name.size();
    }
    return dir;
}

std::array<uint8_t, kEnvelopeSize> encodeEnvelope(const Envelope& e) {
    std::array<uint8_t, kEnvelopeSize> env{};
    std::memcpy(env.data(), "CMF\x01", 4);
    putU32(env.data() + 0x04, e.version);
    putU32(env.data() + 0x08, e.flags);
    putU32(env.data() + 0x0C, e.requiredFeatures);
    const Section* sections[] = {&e.header, &e.dir, &e.data, &e.masks, &e.vocab, &e.index};
    for (int i = 0; i < 6; ++i) {
        putU64(env.data() + 0x10 + 16 * i, sections[i]->off);
        putU64(env.data() + 0x18 + 16 * i, sections[i]->len);
    }
    putU64(env.data() + 0x70, e.headerHash);
    putU64(env.data() + 0x78, e.dirHash);
    return env;
}

uint32_t contentFeatures(const std::vector<DType>& dtypes, bool hasMasks, const nlohmann::json& header) {
    uint32_t f = TensorDir;
    for (DType t : dtypes)
        if (t == DType::Q8_2F || t == DType::VBit || t == DType::VBitRo) f |= Quant2F;
    if (hasMasks) f |= BinaryMasks;
    if (header.is_object() && header.contains("skills") && header["skills"].is_array())
        for (const auto& s : header["skills"])
            if (s.is_object() && s.contains("base_dir_hash") && !s["base_dir_hash"].is_null()) f |= SkillFile;
    return f;
}

} // namespace cmf::detail
