#pragma once
// Builds CMF v2 files in memory for tests, fuzz seeds and benchmarks: the
// layout rules of §1–§8 (section order, data_off on 4096, tensors on 64,
// envelope and section hashes). Knobs let tests break one rule at a time.
// The product's streaming writer arrives with the writer issue; this one is
// deliberately small and test-only. No Qt.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cmftest {

struct BuildTensor {
    std::string name;
    uint8_t dtype = 1; // f16
    std::vector<uint32_t> shape;
    std::vector<uint8_t> bytes;
};

class FileBuilder {
public:
    FileBuilder();

    nlohmann::json header;            // "arch" etc.; section_hashes is filled in by build()
    std::vector<BuildTensor> tensors;
    std::optional<std::vector<uint8_t>> masks, vocab, index;
    std::optional<uint32_t> features;  // default: derived from the content
    bool envelopeHashes = true;
    bool sectionHashes = true;
    std::optional<std::string> rawHeader; // header bytes verbatim instead of header.dump()

    // Adds an f16 tensor of the given shape filled with a deterministic pattern.
    BuildTensor& addF16(const std::string& name, std::vector<uint32_t> shape, uint32_t seed = 1);
    // Adds a tensor with raw payload bytes.
    BuildTensor& addRaw(const std::string& name, uint8_t dtype, std::vector<uint32_t> shape, std::vector<uint8_t> bytes);

    // The smallest model a reader accepts: f16 embed_tokens [128, 32], final
    // norm [32] and lm_head [128, 32].
    static FileBuilder minimalModel();

    std::vector<uint8_t> build() const;
    void writeTo(const std::string& path) const;

    // A masks section (§5) from meta JSON and blobs; fills blob_off/blob_len.
    static std::vector<uint8_t> masksSection(nlohmann::json meta, const std::vector<std::vector<uint8_t>>& blobs);
};

// Little-endian field patching for tests that corrupt one thing.
void putU32(std::vector<uint8_t>& b, uint64_t off, uint32_t v);
void putU64(std::vector<uint8_t>& b, uint64_t off, uint64_t v);
uint64_t getU64(const std::vector<uint8_t>& b, uint64_t off);

} // namespace cmftest
