#pragma once
// The two binary structures every writer emits — the §3 directory and the §1
// envelope — in one place, so Writer and append-in-place cannot disagree on
// a byte. Private to format/.
#include "cmf/format/dtype.h"
#include "cmf/format/envelope.h"

#include <array>
#include <nlohmann/json.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace cmf::detail {

struct DirEntry {
    std::string name;
    DType dtype = DType::F32;
    std::vector<uint64_t> shape; // at most 6 dimensions, each within u32 (callers check)
    uint64_t off = 0;            // relative to data_off
    uint64_t nbytes = 0;
    uint64_t hash = 0;
};

// count, pool_off, 56-byte records, then the name pool in record order.
std::vector<uint8_t> encodeDirectory(const std::vector<DirEntry>& entries);
uint64_t directoryBytes(const std::vector<std::string>& names);

// magic, version, flags, features, the six sections and the two reserve
// hashes (Envelope::headerHash / dirHash) — Envelope::reserved is ignored.
std::array<uint8_t, kEnvelopeSize> encodeEnvelope(const Envelope& e);

// Feature bits the content implies (§1.1): TENSOR_DIR always; QUANT_2F for
// q8_2f / vbit / vbit_ro tensors; BINARY_MASKS with a masks section;
// SKILL_FILE when a skills record carries base_dir_hash (§9.1).
uint32_t contentFeatures(const std::vector<DType>& dtypes, bool hasMasks, const nlohmann::json& header);

} // namespace cmf::detail
