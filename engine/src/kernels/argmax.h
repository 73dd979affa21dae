#pragma once
// Greedy decoding's pick: the index of the largest of n floats, the first
// one where several are equal (std::max_element's answer, which a NaN never
// takes from a number). Every decoded token asks it over the vocabulary:
// std::max_element walks 8k-152k floats one compare at a time (7 µs for 8k,
// a twentieth of the demo's decode step); sixteen lanes wide where the CPU
// has AVX-512 (a maximum, then the first place it occurs), falling back to
// std::max_element for input that holds a NaN.
#include <cstddef>

namespace cmf::engine::kernels {

size_t argmax(const float* x, size_t n); // n ≥ 1

namespace detail {
size_t argmaxScalar(const float* x, size_t n);
size_t argmaxAvx512(const float* x, size_t n);
// The largest of x[0, n) into m, sixteen lanes at a time (a maximum is exact
// in any order); false, m unset, when x holds a NaN (there the answer
// depends on where it stands). AVX-512 F only, as argmaxAvx512; decode
// attention takes its chunks' maxima from it.
bool maxAvx512(const float* x, size_t n, float& m);
} // namespace detail

} // namespace cmf::engine::kernels
