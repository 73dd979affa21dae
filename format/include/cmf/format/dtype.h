#pragma once
// Tensor dtypes of spec §3.1. Ids are never reused.
#include <cstdint>
#include <optional>
#include <string_view>

namespace cmf {

enum class DType : uint8_t {
    F32 = 0,
    F16 = 1,
    BF16 = 2,
    Q8Row = 3,
    Q4Block = 4,
    Mix8_4 = 5, // reserved: no layout defined
    U8 = 6,     // reserved in §3.1, used by §12 pipeline containers
    Q4Col = 7,  // reserved: no layout defined
    VBit = 8,
    Q8_2F = 9,
    VBitRo = 10,
    Q4Tiled = 11,
    Q1 = 12,
    Q1S = 13,
    Q1T = 14,
    Q4TP = 15,
};

constexpr uint8_t kMaxDTypeId = 15;

inline bool isKnownDType(uint8_t id) { return id <= kMaxDTypeId; }

// Spec name ("q8_row", ...); "?" for an unknown id.
std::string_view dtypeName(DType t);
std::optional<DType> dtypeFromName(std::string_view name);

// Layouts defined only for 2-D [out, in] tensors.
bool dtypeIs2DOnly(DType t);
// Layouts that need in % 32 == 0.
bool dtypeNeedsIn32(DType t);
// True when a decoder exists (everything but the reserved mix8_4 / q4_col).
bool dtypeDecodable(DType t);

} // namespace cmf
