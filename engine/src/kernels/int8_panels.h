#pragma once
// Int8 panels: an int8-coded weight (q8_row, q8_2f, the 4-bit family, vbit,
// vbit_ro) unpacked once, at load, into the layout the VNNI product reads,
// so that one kernel serves every batch size — decode, speculative verify
// blocks and prefill — with no per-call unpacking.
//
// A panel is 16 consecutive rows, one per 32-bit lane of a zmm register. Per
// 32-group of columns it holds 9 cache lines, read as one stream:
//   codes  [quad 0..7][lane 0..15][4 bytes]   the int8 codes + 128 (sign bit flipped)
//   scales [lane 0..15]                       float, W[r][32g + i] = code · scale
// (rows past the weight's end: code 0, scale 0).
//
// The product, for every row r and token t, is
//   y[t][r] = acc after g = 0 .. groups−1 of
//             acc = fma(float(S_g), scale[r][g] · xScale[t][g], acc),  acc₀ = 0,
// S_g = Σ_i code[r][32g+i] · xq[t][32g+i] exact in int32 — one sequence of
// operations whatever the batch size or the tile a row and a token land in,
// so a token's outputs are bit for bit the same in a one-token decode, a
// verify block and a prefill. The scalar implementation (std::fma) and the
// AVX-512 VNNI one give identical floats.
//
// What it costs: 1.125 bytes per weight (a q8 weight's 1.06, twice a 4-bit
// one's), so the engine packs only a model whose panels fit the last-level
// cache (weight_panels.h): there decode is bound by instructions, not by
// memory, and a row-at-a-time kernel spends most of them on horizontal sums.
#include "cmf/format/codec.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace cmf::engine::kernels {

inline constexpr uint64_t kPanelRows = 16;
inline constexpr uint64_t kPanelGroupBytes = 8 * kPanelRows * 4 + kPanelRows * 4; // codes + scales of one 32-group

struct Int8Panels {
    uint64_t rows = 0, cols = 0;
    std::unique_ptr<uint8_t[], void (*)(void*)> data{nullptr, nullptr}; // 64-byte aligned
    uint64_t panels() const { return (rows + kPanelRows - 1) / kPanelRows; }
    uint64_t panelBytes() const { return cols / 32 * kPanelGroupBytes; }
    uint64_t bytes() const { return panels() * panelBytes(); }
    const uint8_t* panel(uint64_t p) const { return data.get() + p * panelBytes(); }
};

// Bytes the panels of a rows × cols weight take.
uint64_t int8PanelBytes(uint64_t rows, uint64_t cols);

// The panels of w (packsToInt8(w) must hold). vbitRowStarts as packInt8's.
std::shared_ptr<const Int8Panels> packPanels(const TensorBytes& w, const uint64_t* vbitRowStarts = nullptr);

// Rows [16·p0, min(rows, 16·p1)) for nTok tokens: y[t·ldy + r − 16·p0].
// xq: nTok × cols int8 activations (quantizeActivation), xScale their
// nTok × cols/32 block scales, xSums their groupSums.
void gemmPanels(const Int8Panels& w, uint64_t p0, uint64_t p1, const int8_t* xq, const float* xScale, const int32_t* xSums, size_t nTok,
                float* y, size_t ldy);

namespace detail {
// The scalar product, whatever the CPU (tests hold the vector one to it exactly).
void gemmPanelsScalar(const Int8Panels& w, uint64_t p0, uint64_t p1, const int8_t* xq, const float* xScale, size_t nTok, float* y,
                      size_t ldy);
// AVX-512 VNNI (gemm_int8_vnni.cpp), only when vnniAvailable().
void gemmPanelsVnni(const uint8_t* panels, uint64_t panelBytes, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale,
                    const int32_t* xSums, size_t nTok, float* y, size_t ldy);
// One panel of nRows (≤ 16) int8 rows (row-major, cols each) and their group scales, written at out.
void packPanel(const int8_t* wq, const float* wScale, uint64_t nRows, uint64_t cols, uint8_t* out);
} // namespace detail

// "avx512-vnni" or "scalar": what gemmPanels runs here.
const char* panelsImplementation();

} // namespace cmf::engine::kernels
