#pragma once
// What the kernels run on: the CPU features they choose an implementation by,
// as this CPU reports them at run time, and the implementations chosen. For
// `cmf --version` and the workbench's About box, so a bug report says which
// code path produced a number.
#include <string>
#include <vector>

namespace cmf::engine {

// The features the kernels test, in this order, those this CPU has:
// "avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512vl", "avx512vnni".
// Empty on a CPU without any of them (or not x86).
std::vector<std::string> cpuFeatures();

// The implementations in use, e.g. "row-dot avx2, gemm-int8 avx512-vnni,
// gemm-f32 avx512"; "scalar" parts on a CPU without AVX2/FMA/F16C.
std::string kernelImplementations();

// One line: the features, then the kernels in brackets, e.g.
// "avx2 fma f16c avx512f (kernels: row-dot avx2, ...)"; "none (kernels: ...)".
std::string cpuSummary();

} // namespace cmf::engine
