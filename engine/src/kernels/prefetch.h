#pragma once
// Decode streams each weight byte once. With a dot product's work between the
// loads, the out-of-order window alone keeps too few cache misses in flight to
// reach the memory bandwidth (q4 decode read 10 GB/s where the machine gives
// ~20). A software prefetch a few KiB ahead of the read keeps enough lines in
// flight: qwen3-0.6b decode on 2 threads, tok/s without → at 1280 / 2048-4096
// bytes ahead: q4t 28.8 → 41 / 42-45, q8 24 → 30 / 31-35, f16 13.4 → 18 /
// 19-20 (a plateau from 2 to 4 KiB; 3 KiB is its middle and well inside L1).
namespace cmf::engine::kernels {

inline constexpr int kPrefetchAhead = 3072;

// Fetch the cache line kPrefetchAhead bytes past p into L1. Never faults, so
// running past the end of a payload is harmless.
inline void prefetchAhead(const void* p) { __builtin_prefetch(static_cast<const char*>(p) + kPrefetchAhead, 0, 3); }

} // namespace cmf::engine::kernels
