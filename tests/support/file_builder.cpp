#include "file_builder.h"

#include "cmf/format/directory.h"
#include "cmf/format/envelope.h"
#include "cmf/format/half.h"
#include "cmf/format/hash64.h"
#include "cmf/format/writer.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

namespace cmftest {

void putU32(std::vector<uint8_t>& b, uint64_t off, uint32_t v) { std::memcpy(b.data() + off, &v, 4); }
void putU64(std::vector<uint8_t>& b, uint64_t off, uint64_t v) { std::memcpy(b.data() + off, &v, 8); }
uint64_t getU64(const std::vector<uint8_t>& b, uint64_t off) {
    uint64_t v;
    std::memcpy(&v, b.data() + off, 8);
    return v;
}

FileBuilder::FileBuilder() {
    header = {{"format", "cmf"},
              {"version", 2},
              {"arch",
               {{"arch_name", "test"}, {"hidden_size", 32}, {"intermediate_size", 64}, {"num_layers", 2},
                {"num_attention_heads", 4}, {"num_kv_heads", 2}, {"head_dim", 8}, {"vocab_size", 128},
                {"norm_style", "qwen"}}},
              {"quant_type", "F16"}};
}

BuildTensor& FileBuilder::addF16(const std::string& name, std::vector<uint32_t> shape, uint32_t seed) {
    uint64_t n = 1;
    for (auto d : shape) n *= d;
    std::vector<uint8_t> bytes(n * 2);
    uint32_t x = seed * 2654435761u + 1;
    for (uint64_t i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        const float v = float(int32_t(x >> 8) % 2000) / 4000.0f;
        const uint16_t h = cmf::f32ToF16(v);
        bytes[2 * i] = uint8_t(h);
        bytes[2 * i + 1] = uint8_t(h >> 8);
    }
    return addRaw(name, 1, std::move(shape), std::move(bytes));
}

BuildTensor& FileBuilder::addRaw(const std::string& name, uint8_t dtype, std::vector<uint32_t> shape, std::vector<uint8_t> bytes) {
    tensors.push_back({name, dtype, std::move(shape), std::move(bytes)});
    return tensors.back();
}

namespace {
uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
} // namespace

std::vector<uint8_t> FileBuilder::build() const {
    // Directory: names pooled in order.
    std::string pool;
    std::vector<uint64_t> offs;
    uint64_t dataLen = 0;
    for (const auto& t : tensors) {
        dataLen = alignUp(dataLen, cmf::kTensorAlign);
        offs.push_back(dataLen);
        dataLen += t.bytes.size();
    }
    const uint64_t poolOff = cmf::kDirHeaderSize + tensors.size() * cmf::kDirRecordSize;
    std::vector<uint8_t> dir(poolOff);
    putU64(dir, 0, tensors.size());
    putU64(dir, 8, poolOff);
    for (size_t i = 0; i < tensors.size(); ++i) {
        const auto& t = tensors[i];
        uint8_t* r = dir.data() + cmf::kDirHeaderSize + i * cmf::kDirRecordSize;
        const uint32_t nameOff = uint32_t(pool.size());
        const uint16_t nameLen = uint16_t(t.name.size());
        std::memcpy(r, &nameOff, 4);
        std::memcpy(r + 4, &nameLen, 2);
        r[6] = t.dtype;
        r[7] = uint8_t(t.shape.size());
        for (size_t d = 0; d < t.shape.size() && d < 6; ++d) std::memcpy(r + 8 + 4 * d, &t.shape[d], 4);
        const uint64_t nb = t.bytes.size(), h = cmf::hash64(t.bytes.data(), t.bytes.size());
        std::memcpy(r + 32, &offs[i], 8);
        std::memcpy(r + 40, &nb, 8);
        std::memcpy(r + 48, &h, 8);
        pool += t.name;
    }
    dir.insert(dir.end(), pool.begin(), pool.end());

    nlohmann::json h = header;
    if (sectionHashes) {
        nlohmann::json sh = nlohmann::json::object();
        if (masks) sh["masks"] = cmf::hex64(cmf::hash64(masks->data(), masks->size()));
        if (vocab) sh["vocab"] = cmf::hex64(cmf::hash64(vocab->data(), vocab->size()));
        if (index) sh["index"] = cmf::hex64(cmf::hash64(index->data(), index->size()));
        h["section_hashes"] = sh;
    }
    const std::string headerText = rawHeader ? *rawHeader : h.dump();

    uint32_t feat = cmf::TensorDir;
    if (masks) feat |= cmf::BinaryMasks;
    for (const auto& t : tensors)
        if (t.dtype == 8 || t.dtype == 9 || t.dtype == 10) feat |= cmf::Quant2F;
    if (features) feat = *features;

    const uint64_t headerOff = cmf::kEnvelopeSize;
    const uint64_t dirOff = headerOff + headerText.size();
    const uint64_t dataOff = alignUp(dirOff + dir.size(), cmf::kDataAlign);
    uint64_t pos = dataOff + dataLen;
    std::vector<uint8_t> out(pos);
    std::memcpy(out.data(), "CMF\x01", 4);
    putU32(out, 4, cmf::kFormatVersion);
    putU32(out, 8, 0);
    putU32(out, 12, feat);
    auto putSection = [&](int slot, uint64_t off, uint64_t len) {
        putU64(out, 0x10 + 16 * slot, off);
        putU64(out, 0x18 + 16 * slot, len);
    };
    putSection(0, headerOff, headerText.size());
    putSection(1, dirOff, dir.size());
    putSection(2, dataOff, dataLen);
    std::memcpy(out.data() + headerOff, headerText.data(), headerText.size());
    std::memcpy(out.data() + dirOff, dir.data(), dir.size());
    for (size_t i = 0; i < tensors.size(); ++i)
        if (!tensors[i].bytes.empty())
            std::memcpy(out.data() + dataOff + offs[i], tensors[i].bytes.data(), tensors[i].bytes.size());
    const std::optional<std::vector<uint8_t>>* extra[] = {&masks, &vocab, &index};
    for (int s = 0; s < 3; ++s) {
        if (!*extra[s]) continue;
        const auto& bytes = **extra[s];
        putSection(3 + s, pos, bytes.size());
        out.insert(out.end(), bytes.begin(), bytes.end());
        pos += bytes.size();
    }
    if (envelopeHashes) {
        putU64(out, 0x70, cmf::hash64(headerText.data(), headerText.size()));
        putU64(out, 0x78, cmf::hash64(dir.data(), dir.size()));
    }
    return out;
}

void FileBuilder::writeTo(const std::string& path) const {
    const auto bytes = build();
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!f) throw std::runtime_error("cannot write " + path);
}

std::vector<uint8_t> FileBuilder::masksSection(nlohmann::json meta, const std::vector<std::vector<uint8_t>>& blobs) {
    return cmf::buildMasksSection(std::move(meta), blobs);
}

FileBuilder FileBuilder::minimalModel() {
    FileBuilder b;
    b.addF16("model.embed_tokens.weight", {128, 32}, 1);
    b.addF16("model.norm.weight", {32}, 2);
    b.addF16("lm_head.weight", {128, 32}, 3);
    return b;
}

} // namespace cmftest
