#include "cmf/format/dtype.h"

#include <array>

namespace cmf {
namespace {

// Indexed by dtype id (§3.1); the table and the enum must stay in step.
constexpr std::array<std::string_view, kMaxDTypeId + 1> kNames = {
    "f32",   "f16",    "bf16",    "q8_row",   "q4_block", "mix8_4", "u8",  "q4_col",
    "vbit",  "q8_2f",  "vbit_ro", "q4_tiled", "q1",       "q1s",    "q1t", "q4tp",
};

} // namespace

std::string_view dtypeName(DType t) {
    const auto id = static_cast<uint8_t>(t);
    return isKnownDType(id) ? kNames[id] : std::string_view("?");
}

std::optional<DType> dtypeFromName(std::string_view name) {
    for (uint8_t id = 0; id <= kMaxDTypeId; ++id)
        if (kNames[id] == name) return static_cast<DType>(id);
    return std::nullopt;
}

bool dtypeIs2DOnly(DType t) {
    switch (t) {
    case DType::Q8Row:
    case DType::Q8_2F:
    case DType::VBit:
    case DType::VBitRo:
    case DType::Q4Tiled:
    case DType::Q4TP:
    case DType::Q1:
    case DType::Q1S:
    case DType::Q1T: return true;
    default: return false;
    }
}

bool dtypeNeedsIn32(DType t) {
    switch (t) {
    case DType::VBit:
    case DType::VBitRo:
    case DType::Q4Tiled:
    case DType::Q4TP:
    case DType::Q1:
    case DType::Q1S:
    case DType::Q1T: return true;
    default: return false;
    }
}

bool dtypeDecodable(DType t) {
    const auto id = static_cast<uint8_t>(t);
    return isKnownDType(id) && t != DType::Mix8_4 && t != DType::Q4Col;
}

} // namespace cmf
