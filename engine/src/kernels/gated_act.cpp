#include "kernels/gated_act.h"

#include "cmf/engine/ops.h"
#include "kernels/row_dot.h"

#include <cstring>

namespace cmf::engine::kernels {

void gatedActivation(cmf::engine::Activation act, float* g, const float* u, size_t n) {
#if defined(__x86_64__) || defined(__i386__)
    static const bool avx512 = detail::avx512Available();
    if (act == cmf::engine::Activation::Silu && avx512 && !detail::avx512Forbidden() && std::strcmp(implementation(), "scalar") != 0)
        return detail::siluMulAvx512(g, u, n);
#endif
    for (size_t i = 0; i < n; ++i) g[i] = activate(act, g[i]) * u[i];
}

} // namespace cmf::engine::kernels
