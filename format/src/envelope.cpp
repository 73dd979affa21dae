#include "cmf/format/envelope.h"
#include "cmf/format/error.h"
#include "cmf/format/half.h"
#include "cmf/format/hash64.h"

#include <cstdio>
#include <cstring>

namespace cmf {

std::vector<std::string> featureNames(uint32_t bits) {
    static const char* names[] = {"TENSOR_DIR", "BINARY_MASKS", "QUANT_2F", "DELTA_MASKS",
                                  "HOT_PACKS",  "LOOP_MASKS",   "SKILL_FILE"};
    std::vector<std::string> out;
    for (uint32_t b = 0; b < 32; ++b) {
        if (!(bits & (1u << b))) continue;
        out.push_back(b < 7 ? names[b] : "BIT_" + std::to_string(b));
    }
    return out;
}

namespace {

std::string hexU32(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%x", v);
    return buf;
}

// A section must lie inside the file, after the envelope, without u64 wrap.
void checkSection(const char* name, const Section& s, uint64_t fileSize, bool optional) {
    const std::string n = name;
    if (optional && s.off == 0) {
        if (s.len != 0)
            throw Error(ErrorKind::Bounds, n + " section: offset 0 (absent) but length " + std::to_string(s.len));
        return;
    }
    if (s.off < kEnvelopeSize)
        throw Error(ErrorKind::Bounds, n + " section: offset " + std::to_string(s.off) + " overlaps the envelope");
    if (s.len > UINT64_MAX - s.off)
        throw Error(ErrorKind::Bounds, n + " section: offset " + std::to_string(s.off) + " + length " +
                                           std::to_string(s.len) + " overflows u64");
    if (s.end() > fileSize)
        throw Error(ErrorKind::Bounds, n + " section: bytes [" + std::to_string(s.off) + ", " + std::to_string(s.end()) +
                                           ") extend past the end of the file (" + std::to_string(fileSize) + " bytes)");
}

// Live sections own their bytes: two that share a byte would let one
// section's hash vouch for another's content. Empty sections own nothing.
// (The dead tails that append-only growth leaves behind, §9, are not
// sections: the envelope no longer points at them.)
void checkNoOverlap(const Envelope& e) {
    const std::pair<const char*, const Section*> live[] = {{"header", &e.header}, {"directory", &e.dir}, {"data", &e.data},
                                                           {"masks", &e.masks},   {"vocab", &e.vocab},   {"index", &e.index}};
    for (size_t i = 0; i < 6; ++i) {
        const Section& a = *live[i].second;
        if (a.off == 0 || a.len == 0) continue;
        for (size_t j = i + 1; j < 6; ++j) {
            const Section& b = *live[j].second;
            if (b.off == 0 || b.len == 0) continue;
            if (a.off < b.end() && b.off < a.end())
                throw Error(ErrorKind::Bounds, std::string(live[i].first) + " section [" + std::to_string(a.off) + ", " +
                                                   std::to_string(a.end()) + ") overlaps the " + live[j].first + " section [" +
                                                   std::to_string(b.off) + ", " + std::to_string(b.end()) + ")");
        }
    }
}

} // namespace

Envelope Envelope::parse(const uint8_t* p, uint64_t fileSize) {
    if (fileSize < 4) {
        // Too short for the magic: a start of it is a cut CMF file, anything
        // else is not a CMF file at all (a stray small file, not a truncation).
        if (fileSize > 0 && std::memcmp(p, "CMF\x01", size_t(fileSize)) != 0)
            throw Error(ErrorKind::InvalidMagic, "not a CMF file (no CMF magic): the file is " + std::to_string(fileSize) + " bytes, " +
                                                     toHex(p, size_t(fileSize)) + ", not a start of 434d4601 (\"CMF\\x01\")");
        throw Error(ErrorKind::Bounds, "file is " + std::to_string(fileSize) + " bytes, shorter than the 128-byte envelope");
    }
    Envelope e;
    std::memcpy(e.magic, p, 4);
    if (std::memcmp(e.magic, "CMF\x01", 4) != 0)
        throw Error(ErrorKind::InvalidMagic, "not a CMF file (no CMF magic): magic is " + toHex(p, 4) + " at offset 0, expected 434d4601 (\"CMF\\x01\")");
    if (fileSize < kEnvelopeSize)
        throw Error(ErrorKind::Bounds, "file is " + std::to_string(fileSize) + " bytes, shorter than the 128-byte envelope");

    e.version = loadU32(p + 0x04);
    e.flags = loadU32(p + 0x08);
    e.requiredFeatures = loadU32(p + 0x0C);
    if (e.version != kFormatVersion)
        throw Error(ErrorKind::UnsupportedVersion,
                    "version " + std::to_string(e.version) + " at offset 0x04; this reader knows version 2");
    const uint32_t unknown = e.requiredFeatures & ~kKnownFeatures;
    if (unknown) {
        std::string names;
        for (const auto& n : featureNames(unknown)) names += (names.empty() ? "" : ", ") + n;
        throw Error(ErrorKind::UnsupportedFeature, "required_features " + hexU32(e.requiredFeatures) + " at offset 0x0C sets bits " +
                                                       hexU32(unknown) + " (" + names + ") this reader does not implement");
    }

    if (!(e.requiredFeatures & TensorDir))
        throw Error(ErrorKind::Parse, "required_features " + hexU32(e.requiredFeatures) +
                                          " at offset 0x0C lacks bit 0 (TENSOR_DIR), which every v2 file sets (§1.1)");

    Section* sections[] = {&e.header, &e.dir, &e.data, &e.masks, &e.vocab, &e.index};
    for (int i = 0; i < 6; ++i) {
        sections[i]->off = loadU64(p + 0x10 + 16 * i);
        sections[i]->len = loadU64(p + 0x18 + 16 * i);
    }
    std::memcpy(e.reserved, p + 0x70, 16);
    e.headerHash = loadU64(p + 0x70);
    e.dirHash = loadU64(p + 0x78);

    checkSection("header", e.header, fileSize, false);
    checkSection("directory", e.dir, fileSize, false);
    checkSection("data", e.data, fileSize, false);
    checkSection("masks", e.masks, fileSize, true);
    checkSection("vocab", e.vocab, fileSize, true);
    checkSection("index", e.index, fileSize, true);
    if (e.data.off % kDataAlign != 0)
        throw Error(ErrorKind::Bounds, "data_off " + std::to_string(e.data.off) + " at offset 0x30 is not a multiple of 4096");
    checkNoOverlap(e);
    return e;
}

} // namespace cmf
