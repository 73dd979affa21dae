#pragma once
// The fixed 128-byte envelope of spec §1 and its validation rules (§1.2).
#include <cstdint>
#include <string>
#include <vector>

namespace cmf {

constexpr uint64_t kEnvelopeSize = 128;
constexpr uint32_t kFormatVersion = 2;
constexpr uint64_t kDataAlign = 4096;  // §4: data_off is page aligned
constexpr uint64_t kTensorAlign = 64;  // §4: every tensor starts on 64 bytes

// required_features bits (§1.1).
enum Feature : uint32_t {
    TensorDir = 1u << 0,
    BinaryMasks = 1u << 1,
    Quant2F = 1u << 2,
    DeltaMasks = 1u << 3, // reserved, no semantics: refused like an unknown bit
    HotPacks = 1u << 4,   // reserved, no semantics: refused like an unknown bit
    LoopMasks = 1u << 5,
    SkillFile = 1u << 6,
};
constexpr uint32_t kKnownFeatures = TensorDir | BinaryMasks | Quant2F | LoopMasks | SkillFile;

// Names of the set bits ("TENSOR_DIR", ...; "BIT_n" for bits without a name).
std::vector<std::string> featureNames(uint32_t bits);

// One offset/length pair. off == 0 means "absent" for the optional sections.
struct Section {
    uint64_t off = 0;
    uint64_t len = 0;
    bool present() const { return off != 0; }
    uint64_t end() const { return off + len; }
};

struct Envelope {
    uint8_t magic[4] = {};
    uint32_t version = 0;
    uint32_t flags = 0;
    uint32_t requiredFeatures = 0;
    Section header, dir, data, masks, vocab, index;
    uint8_t reserved[16] = {};
    uint64_t headerHash = 0; // reserve [0x70:0x78], 0 = absent (§8.1)
    uint64_t dirHash = 0;    // reserve [0x78:0x80], 0 = absent

    bool has(Feature f) const { return (requiredFeatures & f) != 0; }

    // Reads and validates the envelope against a file of fileSize bytes:
    // InvalidMagic, UnsupportedVersion, UnsupportedFeature, Bounds (§1.2).
    static Envelope parse(const uint8_t* bytes, uint64_t fileSize);
};

} // namespace cmf
