#include "util/bits_text.h"

namespace cmfw {

QString BitsText::howComputed(cmf::DType t) {
    switch (t) {
    case cmf::DType::F32: return tr("f32: 32 bits per weight, no scales.");
    case cmf::DType::F16: return tr("f16: 16 bits per weight, no scales.");
    case cmf::DType::BF16: return tr("bf16: 16 bits per weight, no scales.");
    case cmf::DType::U8: return tr("u8: 8 bits per value, no scales.");
    case cmf::DType::Q8Row: return tr("q8_row: 8-bit codes + one f16 scale per row = 8 + 16 / in.");
    case cmf::DType::Q8_2F: return tr("q8_2f: 8-bit codes + an f16 scale per row + an f16 field per column = 8 + 16 / in + 16 / out.");
    case cmf::DType::Q4Block:
        return tr("q4_block: 4-bit codes + one f16 scale per 32 weights of the flattened tensor = 4.5 (the last group is zero-padded).");
    case cmf::DType::Q4Tiled: return tr("q4_tiled: 18-byte tiles of 32 4-bit codes and an f16 scale = 4.5.");
    case cmf::DType::Q4TP:
        return tr("q4tp: 4-bit codes + a 5-bit rung per 32 weights + f16 lo and step per row = 4 + 5 / 32 + 32 / in.");
    case cmf::DType::VBit:
        return tr("vbit: each row's own width (3–8 bits, the codes) + an f16 scale per 32 weights (0.5) + a u8 width per row; "
                  "every row is padded to a byte.");
    case cmf::DType::VBitRo:
        return tr("vbit_ro: each row's own width (3–8 bits, the codes) + an f16 scale per 32 weights (0.5) + a u8 width and a u32 "
                  "row offset per row; every row is padded to a byte.");
    case cmf::DType::Q1: return tr("q1: 1 sign bit + one f16 scale per 32 weights = 1.5.");
    case cmf::DType::Q1S: return tr("q1s: the q1 base (1.5) + 48 bits for each outlier kept at f16.");
    case cmf::DType::Q1T:
        return tr("q1t: base-3 codes, 5 per byte (7 bytes per 32 weights = 1.75) + one f16 scale per 32 + a per-row table "
                  "and 32 bits per outlier.");
    default: return tr("Reserved dtype without a layout: bytes × 8 / weights.");
    }
}

QString BitsText::bits(double v) { return QString::number(v, 'f', 2); }

} // namespace cmfw
