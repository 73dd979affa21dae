// AVX2 decode kernel for vbit_ro (compiled with -mavx2 -mfma -mf16c; called
// only when the CPU has them). A row's b-bit codes (MSB-first) are cut out of
// the packed bytes in registers, 32 at a time, and multiplied with the int8
// activation without ever being stored:
//  - eight codes are exactly b bytes, so each 128-bit half holds one 8-code
//    chunk; a byte shuffle gives every code a big-endian 16-bit lane holding
//    its bits, a multiply by 2^(k·b mod 8) shifts each lane's code to the top
//    (AVX2 has no per-lane 16-bit shift), and a shift right by 16 − b leaves
//    the unsigned code u;
//  - maddubs multiplies u (≤ 63) with the signed activation into int16 pairs
//    (at most 2·63·127, no saturation); the −L of every code is taken off per
//    group with the activation's block sum;
//  - 8-bit rows are bytes already: u − 128 as signed bytes through the sign
//    trick, and +1 · the block sum (u − 127 = (u − 128) + 1).
#if defined(__x86_64__) || defined(__i386__)
#include "kernels/layout.h"
#include "kernels/prefetch.h"
#include "kernels/row_dot.h"

#include <cstring>
#include <immintrin.h>

namespace cmf::engine::kernels {
namespace {

using namespace layout;

inline float f16(const uint8_t* p) { return _cvtsh_ss(u16(p)); }

inline float hsum(__m256 v) {
    const __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    const __m128 t = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(t, _mm_shuffle_ps(t, t, 1)));
}

// Shuffle and multiplier for one 8-code chunk of B bits, repeated in both halves.
template <unsigned B>
struct Cutter {
    __m256i shuffle, shift;
    Cutter() {
        alignas(32) int8_t sh[32];
        alignas(32) int16_t mul[16];
        for (unsigned half = 0; half < 2; ++half)
            for (unsigned k = 0; k < 8; ++k) {
                const unsigned bit = k * B, byte = bit / 8;
                sh[16 * half + 2 * k + 1] = int8_t(byte);                           // high byte of the lane
                sh[16 * half + 2 * k] = byte + 1 < B ? int8_t(byte + 1) : int8_t(-128); // its low byte (or zero)
                mul[8 * half + k] = int16_t(1 << (bit % 8));
            }
        shuffle = _mm256_load_si256(reinterpret_cast<const __m256i*>(sh));
        shift = _mm256_load_si256(reinterpret_cast<const __m256i*>(mul));
    }
};

inline __m128i chunk(const uint8_t* p, unsigned b, bool safe) {
    if (!safe) return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
    // Near the end of the payload: read only the chunk's own b bytes.
    uint8_t buf[8] = {};
    std::memcpy(buf, p, b);
    return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(buf));
}

// 32 codes u of one group (4·B bytes at p) as bytes in order.
template <unsigned B>
inline __m256i cut(const Cutter<B>& c, const uint8_t* p, bool safe) {
    __m256i v0 = _mm256_set_m128i(chunk(p + B, B, safe), chunk(p, B, safe));
    __m256i v1 = _mm256_set_m128i(chunk(p + 3 * B, B, safe), chunk(p + 2 * B, B, safe));
    v0 = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_shuffle_epi8(v0, c.shuffle), c.shift), 16 - B);
    v1 = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_shuffle_epi8(v1, c.shuffle), c.shift), 16 - B);
    // packus keeps 128-bit halves apart: chunks come out 0, 2, 1, 3.
    return _mm256_permute4x64_epi64(_mm256_packus_epi16(v0, v1), 0xD8);
}

// Σ_i code_i · q_i of one group as eight int32 lanes, and the code offset:
// the true sum is lanes − offset · Σq.
template <unsigned B>
inline __m256i groupDot(const Cutter<B>& c, const uint8_t* p, const int8_t* q, bool safe) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
    const __m256i ones = _mm256_set1_epi16(1);
    if constexpr (B == 8) {
        const __m256i s = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), _mm256_set1_epi8(-128));
        return _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_sign_epi8(s, s), _mm256_sign_epi8(x, s)), ones);
    } else {
        return _mm256_madd_epi16(_mm256_maddubs_epi16(cut(c, p, safe), x), ones);
    }
}

template <unsigned B>
float row(const uint8_t* packed, const uint8_t* scales, uint64_t groups, const Activation& a, bool safe) {
    static const Cutter<B> cutter;
    // Codes are u; the weight is (u − L)·scale. For the 8-bit rows the lanes
    // hold u − 128, so the offset is −1.
    constexpr float kOffset = B == 8 ? -1.0f : float((1 << (B - 1)) - 1);
    __m256 a0 = _mm256_setzero_ps(), a1 = a0;
    float offset = 0;
    uint64_t g = 0;
    for (; g + 2 <= groups; g += 2) {
        prefetchAhead(packed + g * 4 * B);
        const float f0 = f16(scales + 2 * g) * a.qScale[g], f1 = f16(scales + 2 * g + 2) * a.qScale[g + 1];
        a0 = _mm256_fmadd_ps(_mm256_set1_ps(f0), _mm256_cvtepi32_ps(groupDot(cutter, packed + g * 4 * B, a.q + g * kGroup, safe)), a0);
        a1 = _mm256_fmadd_ps(_mm256_set1_ps(f1), _mm256_cvtepi32_ps(groupDot(cutter, packed + (g + 1) * 4 * B, a.q + (g + 1) * kGroup, safe)), a1);
        offset += f0 * a.qOffset[g] + f1 * a.qOffset[g + 1]; // qOffset = 8·Σq
    }
    if (g < groups) {
        const float f0 = f16(scales + 2 * g) * a.qScale[g];
        a0 = _mm256_fmadd_ps(_mm256_set1_ps(f0), _mm256_cvtepi32_ps(groupDot(cutter, packed + g * 4 * B, a.q + g * kGroup, safe)), a0);
        offset += f0 * a.qOffset[g];
    }
    return hsum(_mm256_add_ps(a0, a1)) - offset * (kOffset / 8.0f);
}

} // namespace

void detail::vbitRowsAvx2(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t groups = gpr(w);
    const uint8_t* end = w.data + w.nbytes;
    for (uint64_t r = r0; r < r1; ++r) {
        const unsigned b = w.data[r];
        const uint8_t* packed = vbitPacked(w, r);
        const uint8_t* scales = vbitScales(w, r);
        // The 8-byte chunk loads read up to 8 − b bytes past a chunk.
        const bool safe = packed + groups * 4 * b + 8 > end;
        switch (b) { // validated at load: one of 3, 4, 5, 6, 8
        case 3: y[r - r0] = row<3>(packed, scales, groups, a, safe); break;
        case 4: y[r - r0] = row<4>(packed, scales, groups, a, safe); break;
        case 5: y[r - r0] = row<5>(packed, scales, groups, a, safe); break;
        case 6: y[r - r0] = row<6>(packed, scales, groups, a, safe); break;
        default: y[r - r0] = row<8>(packed, scales, groups, a, safe); break;
        }
    }
}

} // namespace cmf::engine::kernels

#endif // x86
