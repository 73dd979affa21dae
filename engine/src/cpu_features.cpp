#include "cmf/engine/cpu_features.h"

#include "kernels/gemm_int8.h"
#include "kernels/int8_panels.h"
#include "kernels/row_dot.h"

#include <utility>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace cmf::engine {

std::vector<std::string> cpuFeatures() {
    std::vector<std::string> out;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    // F16C is CPUID.1:ECX bit 29, read directly as kernels/row_dot.cpp does
    // (clang's __builtin_cpu_supports does not know the name).
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    const bool f16c = __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & (1u << 29)) != 0;
    const std::pair<const char*, bool> all[] = {
        {"avx2", __builtin_cpu_supports("avx2") != 0},
        {"fma", __builtin_cpu_supports("fma") != 0},
        {"f16c", f16c},
        {"avx512f", __builtin_cpu_supports("avx512f") != 0},
        {"avx512bw", __builtin_cpu_supports("avx512bw") != 0},
        {"avx512vl", __builtin_cpu_supports("avx512vl") != 0},
        {"avx512vnni", __builtin_cpu_supports("avx512vnni") != 0},
    };
    for (const auto& [name, has] : all)
        if (has) out.emplace_back(name);
#endif
    return out;
}

std::string kernelImplementations() {
    namespace k = kernels;
    const std::string rows = k::implementation();
    // gemmF32 takes the AVX-512 panels under the same condition (kernels/row_dot.cpp).
    const bool f32Avx512 = rows != "scalar" && k::detail::avx512Available() && !k::detail::avx512Forbidden();
    return "row-dot " + rows + ", row-dot-q4 " + k::q4Implementation() + ", row-dot-vbit " + k::vbitImplementation() + ", gemm-int8 " + k::gemmInt8Implementation() +
           ", int8-panels " + k::panelsImplementation() + ", gemm-f32 " + (f32Avx512 ? "avx512" : rows);
}

std::string cpuSummary() {
    std::string line;
    for (const std::string& f : cpuFeatures()) line += (line.empty() ? "" : " ") + f;
    if (line.empty()) line = "none";
    return line + " (kernels: " + kernelImplementations() + ")";
}

} // namespace cmf::engine
