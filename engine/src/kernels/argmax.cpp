#include "kernels/argmax.h"

#include "kernels/row_dot.h"

#include <algorithm>
#include <cstring>

namespace cmf::engine::kernels {

size_t detail::argmaxScalar(const float* x, size_t n) { return size_t(std::max_element(x, x + n) - x); }

size_t argmax(const float* x, size_t n) {
#if defined(__x86_64__) || defined(__i386__)
    static const bool avx512 = detail::avx512Available();
    if (avx512 && !detail::avx512Forbidden() && std::strcmp(implementation(), "scalar") != 0) return detail::argmaxAvx512(x, n);
#endif
    return detail::argmaxScalar(x, n);
}

} // namespace cmf::engine::kernels
