#pragma once
// How much memory this process can still take, and the check that refuses a
// run whose estimate (memory_estimate.h) does not fit — with the numbers —
// instead of letting the kernel's OOM killer end it half-way.
//
// Where the budget comes from (the smallest wins):
//   - the machine: MemAvailable + SwapFree of /proc/meminfo;
//   - the cgroup: memory.max − memory.current + inactive_file (v2, each
//     ancestor of /proc/self/cgroup's path; memory.limit_in_bytes and
//     usage_in_bytes under v1);
//   - RLIMIT_AS − VmSize (the mapping of the weights counts in full);
//   - RLIMIT_DATA − VmData, for the KV cache only: it is anonymous memory,
//     the read-only mapping of the weights is not data;
//   - CMF_MEMORY_LIMIT=<bytes, or 512M / 2G / 1.5GiB> replaces all of them;
//     CMF_MEMORY_LIMIT=off turns the check off.
//
// The rule (checkMemory):
//   - the KV cache must fit the anonymous budget: it cannot be evicted;
//   - weights + KV cache must fit the budget, with 10 % tolerance when the
//     budget is measured (machine or cgroup): the weights are mapped file
//     pages the kernel can drop and read again, so a run slightly past
//     MemAvailable is slowed, not killed — while one far past it rereads
//     its weights from disk every token. An explicit CMF_MEMORY_LIMIT or an
//     RLIMIT_AS (a hard limit: the allocation fails) gets no tolerance.
#include "cmf/engine/memory_estimate.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace cmf::engine {

constexpr uint64_t kUnlimited = std::numeric_limits<uint64_t>::max();

struct MemoryBudget {
    uint64_t total = kUnlimited;     // weights + KV cache together
    uint64_t anonymous = kUnlimited; // the KV cache alone
    bool exact = false;              // no tolerance (CMF_MEMORY_LIMIT, RLIMIT_AS)
    bool disabled = false;           // CMF_MEMORY_LIMIT=off
    std::string source;              // what bounds total, for the message: "MemAvailable + free swap", "cgroup memory.max", ...
    std::string anonymousSource;
};

// What the budget is made of, as read from the system (readMemorySources) or
// given by a test. Absent fields do not limit.
struct MemorySources {
    std::optional<std::string> envLimit; // CMF_MEMORY_LIMIT's text
    std::optional<uint64_t> memAvailable, swapFree;
    std::optional<uint64_t> cgroupHeadroom;
    std::optional<uint64_t> rlimitAs, vmSize;   // bytes
    std::optional<uint64_t> rlimitData, vmData; // bytes
    uint64_t mappedAlready = 0; // model files this process has mapped already (in VmSize, and in the estimate)
};

// --- Parsers, over the files' text --------------------------------------------

struct MemInfo {
    std::optional<uint64_t> memAvailable, swapFree; // bytes
};
// /proc/meminfo ("MemAvailable:    8123456 kB").
MemInfo parseMemInfo(std::string_view text);
// A "Key:  123 kB" field of /proc/self/status (VmSize, VmData), in bytes.
std::optional<uint64_t> parseStatusField(std::string_view text, std::string_view key);

struct CgroupPaths {
    std::optional<std::string> v2;       // "0::/user.slice/session-2.scope" → "/user.slice/session-2.scope"
    std::optional<std::string> v1Memory; // "4:memory:/docker/ab12" → "/docker/ab12"
};
// /proc/self/cgroup.
CgroupPaths parseProcCgroup(std::string_view text);
// memory.max / memory.limit_in_bytes: a number of bytes; "max" or a value
// of 2^60 and more (v1's "unlimited") → nullopt.
std::optional<uint64_t> parseCgroupLimit(std::string_view text);
// A "key value" line of memory.stat (inactive_file, total_inactive_file).
std::optional<uint64_t> parseMemoryStatField(std::string_view text, std::string_view key);
// "123456", "512K", "512M", "2G", "2GB", "1.5GiB", "1T" (binary multiples,
// case-insensitive); nullopt for anything else.
std::optional<uint64_t> parseByteSize(std::string_view text);

// "12.3 GiB", "512.0 MiB", "900 B".
std::string formatBytes(uint64_t bytes);

// --- The budget and the check -------------------------------------------------

// Reads CMF_MEMORY_LIMIT, /proc/meminfo, /proc/self/status, the cgroup and
// the rlimits. mappedAlready: bytes of the model this process has already
// mapped (they are in VmSize and again in the estimate).
MemorySources readMemorySources(uint64_t mappedAlready = 0);
// The rule's inputs from the sources. Throws Error(Parse) for a
// CMF_MEMORY_LIMIT that is not a size.
MemoryBudget budgetFrom(const MemorySources& sources);
inline MemoryBudget readMemoryBudget(uint64_t mappedAlready = 0) { return budgetFrom(readMemorySources(mappedAlready)); }

// Throws Error(Bounds) when the estimate does not fit (the rule above):
// "needs ~12.3 GiB (weights 9.1 GiB + KV cache 3.2 GiB at ctx 32768) but
// only 7.8 GiB is available (MemAvailable + free swap); <advice>".
void checkMemory(const MemoryEstimate& need, const MemoryBudget& budget, const std::string& advice);

// The advice of the CLI verbs.
inline constexpr const char* kCliMemoryAdvice =
    "try a smaller --ctx or a smaller quantization (--ignore-memory-check or CMF_MEMORY_LIMIT=... to override)";

} // namespace cmf::engine
