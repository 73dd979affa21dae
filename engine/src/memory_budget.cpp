#include "cmf/engine/memory_budget.h"

#include "cmf/format/error.h"

#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

namespace cmf::engine {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::optional<uint64_t> parseUnsigned(std::string_view s) {
    s = trim(s);
    if (s.empty()) return std::nullopt;
    uint64_t v = 0;
    for (const char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        const uint64_t d = uint64_t(c - '0');
        if (v > (kUnlimited - d) / 10) return std::nullopt;
        v = v * 10 + d;
    }
    return v;
}

// Each line of text, without its newline.
template <class F> void forEachLine(std::string_view text, F&& f) {
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        f(text.substr(0, nl));
        if (nl == std::string_view::npos) break;
        text.remove_prefix(nl + 1);
    }
}

// "Key:   123 kB" → 123 × 1024 (the unit of /proc/meminfo and /proc/self/status).
std::optional<uint64_t> kbField(std::string_view text, std::string_view key) {
    std::optional<uint64_t> out;
    forEachLine(text, [&](std::string_view line) {
        if (out || line.size() <= key.size() || line.substr(0, key.size()) != key || line[key.size()] != ':') return;
        std::string_view rest = trim(line.substr(key.size() + 1));
        uint64_t scale = 1;
        if (rest.size() > 2 && (rest.substr(rest.size() - 2) == "kB" || rest.substr(rest.size() - 2) == "KB")) {
            rest = trim(rest.substr(0, rest.size() - 2));
            scale = 1024;
        }
        if (const auto v = parseUnsigned(rest)) out = *v * scale;
    });
    return out;
}

std::optional<std::string> readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

uint64_t sub(uint64_t a, uint64_t b) { return a > b ? a - b : 0; }

// "/a/b" → "/a/b", "/a", "" (the root of the hierarchy).
std::vector<std::string> selfAndAncestors(std::string path) {
    std::vector<std::string> out;
    while (!path.empty() && path.back() == '/') path.pop_back();
    while (true) {
        out.push_back(path);
        if (path.empty()) break;
        path.resize(path.rfind('/') == std::string::npos ? 0 : path.rfind('/'));
    }
    return out;
}

// The least headroom over a cgroup and its ancestors: limit − (usage − inactive file pages).
std::optional<uint64_t> cgroupHeadroom(const std::string& root, const std::string& path, const char* limitFile, const char* usageFile,
                                       const char* inactiveKey) {
    std::optional<uint64_t> best;
    for (const auto& dir : selfAndAncestors(path)) {
        const std::string base = root + dir + "/";
        const auto limitText = readText(base + limitFile);
        if (!limitText) continue;
        const auto limit = parseCgroupLimit(*limitText);
        if (!limit) continue;
        uint64_t used = 0;
        if (const auto u = readText(base + usageFile)) used = parseUnsigned(*u).value_or(0);
        if (const auto stat = readText(base + "memory.stat")) used = sub(used, parseMemoryStatField(*stat, inactiveKey).value_or(0));
        const uint64_t headroom = sub(*limit, used);
        best = best ? std::min(*best, headroom) : headroom;
    }
    return best;
}

} // namespace

MemInfo parseMemInfo(std::string_view text) { return {kbField(text, "MemAvailable"), kbField(text, "SwapFree")}; }

std::optional<uint64_t> parseStatusField(std::string_view text, std::string_view key) { return kbField(text, key); }

CgroupPaths parseProcCgroup(std::string_view text) {
    CgroupPaths p;
    forEachLine(text, [&](std::string_view line) {
        // hierarchy-ID:controller-list:path
        const size_t a = line.find(':');
        if (a == std::string_view::npos) return;
        const size_t b = line.find(':', a + 1);
        if (b == std::string_view::npos) return;
        const std::string_view id = line.substr(0, a), controllers = line.substr(a + 1, b - a - 1);
        const std::string path(trim(line.substr(b + 1)));
        if (id == "0" && controllers.empty()) {
            p.v2 = path;
            return;
        }
        // v1: "memory" among the comma-separated controllers.
        std::string_view rest = controllers;
        while (!rest.empty()) {
            const size_t c = rest.find(',');
            if (rest.substr(0, c) == "memory") p.v1Memory = path;
            if (c == std::string_view::npos) break;
            rest.remove_prefix(c + 1);
        }
    });
    return p;
}

std::optional<uint64_t> parseCgroupLimit(std::string_view text) {
    const auto v = parseUnsigned(text);
    if (!v || *v >= (uint64_t(1) << 60)) return std::nullopt; // "max", or v1's page-rounded 2^63
    return v;
}

std::optional<uint64_t> parseMemoryStatField(std::string_view text, std::string_view key) {
    std::optional<uint64_t> out;
    forEachLine(text, [&](std::string_view line) {
        if (!out && line.size() > key.size() && line.substr(0, key.size()) == key && line[key.size()] == ' ')
            out = parseUnsigned(line.substr(key.size() + 1));
    });
    return out;
}

std::optional<uint64_t> parseByteSize(std::string_view text) {
    std::string s(trim(text));
    for (auto& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    size_t digits = 0;
    while (digits < s.size() && (std::isdigit(static_cast<unsigned char>(s[digits])) || s[digits] == '.')) ++digits;
    if (!digits || std::count(s.begin(), s.begin() + long(digits), '.') > 1 || s[0] == '.') return std::nullopt;
    std::string unit(trim(std::string_view(s).substr(digits)));
    if (unit.size() > 1 && unit.back() == 'b') unit.pop_back(); // "gb", "gib" → "g", "gi"
    if (unit.size() > 1 && unit.back() == 'i') unit.pop_back();
    int shift = 0;
    if (unit.empty() || unit == "b") shift = 0;
    else if (unit == "k") shift = 10;
    else if (unit == "m") shift = 20;
    else if (unit == "g") shift = 30;
    else if (unit == "t") shift = 40;
    else return std::nullopt;
    const std::string number = s.substr(0, digits);
    if (number.find('.') == std::string::npos) {
        const auto v = parseUnsigned(number);
        if (!v || *v > (kUnlimited >> shift)) return std::nullopt;
        return *v << shift;
    }
    const double v = std::strtod(number.c_str(), nullptr) * std::ldexp(1.0, shift);
    if (!(v >= 0) || v >= 1.8e19) return std::nullopt;
    return uint64_t(v);
}

std::string formatBytes(uint64_t bytes) {
    static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    if (bytes < 1024) return std::to_string(bytes) + " B";
    double v = double(bytes);
    int u = 0;
    while (v >= 1024 && u < 5) {
        v /= 1024;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
    return buf;
}

MemorySources readMemorySources(uint64_t mappedAlready) {
    MemorySources s;
    s.mappedAlready = mappedAlready;
    if (const char* env = std::getenv("CMF_MEMORY_LIMIT"); env && *env) s.envLimit = env;
    if (const auto text = readText("/proc/meminfo")) {
        const auto m = parseMemInfo(*text);
        s.memAvailable = m.memAvailable;
        s.swapFree = m.swapFree;
    }
    if (const auto text = readText("/proc/self/status")) {
        s.vmSize = parseStatusField(*text, "VmSize");
        s.vmData = parseStatusField(*text, "VmData");
    }
    rlimit r{};
    if (getrlimit(RLIMIT_AS, &r) == 0 && r.rlim_cur != RLIM_INFINITY) s.rlimitAs = uint64_t(r.rlim_cur);
    if (getrlimit(RLIMIT_DATA, &r) == 0 && r.rlim_cur != RLIM_INFINITY) s.rlimitData = uint64_t(r.rlim_cur);
    if (const auto text = readText("/proc/self/cgroup")) {
        const auto paths = parseProcCgroup(*text);
        std::optional<uint64_t> head;
        const auto take = [&](std::optional<uint64_t> h) {
            if (h) head = head ? std::min(*head, *h) : *h;
        };
        if (paths.v2) {
            // A pure v2 host mounts it at /sys/fs/cgroup; a hybrid one at /sys/fs/cgroup/unified.
            take(cgroupHeadroom("/sys/fs/cgroup", *paths.v2, "memory.max", "memory.current", "inactive_file"));
            take(cgroupHeadroom("/sys/fs/cgroup/unified", *paths.v2, "memory.max", "memory.current", "inactive_file"));
        }
        if (paths.v1Memory)
            take(cgroupHeadroom("/sys/fs/cgroup/memory", *paths.v1Memory, "memory.limit_in_bytes", "memory.usage_in_bytes",
                                "total_inactive_file"));
        s.cgroupHeadroom = head;
    }
    return s;
}

MemoryBudget budgetFrom(const MemorySources& s) {
    MemoryBudget b;
    if (s.envLimit) {
        std::string v(trim(*s.envLimit));
        for (auto& c : v) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (v == "off" || v == "none") {
            b.disabled = true;
            b.source = b.anonymousSource = "CMF_MEMORY_LIMIT=off";
            return b;
        }
        const auto bytes = parseByteSize(*s.envLimit);
        if (!bytes)
            throw Error(ErrorKind::Parse,
                        "CMF_MEMORY_LIMIT=\"" + *s.envLimit + "\" is not a size (bytes, or 512M, 2G, 1.5GiB; off turns the check off)");
        b.total = b.anonymous = *bytes;
        b.exact = true;
        b.source = b.anonymousSource = "CMF_MEMORY_LIMIT";
        return b;
    }
    const auto lower = [&](uint64_t v, const char* name, bool total, bool anonymous) {
        if (total && v < b.total) {
            b.total = v;
            b.source = name;
            b.exact = false;
        }
        if (anonymous && v < b.anonymous) {
            b.anonymous = v;
            b.anonymousSource = name;
        }
    };
    if (s.memAvailable) lower(*s.memAvailable + s.swapFree.value_or(0), "MemAvailable + free swap", true, true);
    if (s.cgroupHeadroom) lower(*s.cgroupHeadroom, "cgroup memory.max", true, true);
    if (s.rlimitAs) {
        // What the process has mapped so far, less the model's own files (the estimate counts their weights).
        const uint64_t used = sub(s.vmSize.value_or(0), s.mappedAlready);
        const uint64_t headroom = sub(*s.rlimitAs, used);
        const bool binds = headroom < b.total;
        lower(headroom, "RLIMIT_AS", true, true);
        if (binds) b.exact = true; // the address space is a hard limit: mmap fails past it
    }
    if (s.rlimitData) lower(sub(*s.rlimitData, s.vmData.value_or(0)), "RLIMIT_DATA", false, true);
    return b;
}

void checkMemory(const MemoryEstimate& need, const MemoryBudget& b, const std::string& advice) {
    if (b.disabled) return;
    const std::string ctx = " at ctx " + std::to_string(need.ctx);
    const std::string tail = advice.empty() ? std::string() : "; " + advice;
    // Measured budgets tolerate 10 % for the weights' evictable page cache (see the header).
    const uint64_t allowed = b.exact || b.total == kUnlimited ? b.total : b.total + std::min(b.total / 10, kUnlimited - b.total);
    const uint64_t state = need.stateBytes + need.checkpointBytes;
    const std::string stateText = state ? " + recurrent state " + formatBytes(state) : std::string();
    const std::string panelText = need.panelBytes ? " + int8 panels " + formatBytes(need.panelBytes) : std::string();
    if (need.totalBytes() > allowed)
        throw Error(ErrorKind::Bounds, "needs ~" + formatBytes(need.totalBytes()) + " (weights " + formatBytes(need.weightBytes) + panelText + " + KV cache " +
                                           formatBytes(need.kvBytes) + ctx + stateText + ") but only " + formatBytes(b.total) +
                                           " is available (" + b.source + ")" + tail);
    // The KV cache, the recurrent state and the panels are anonymous memory: no page cache to evict.
    if (need.kvBytes + state + need.panelBytes > b.anonymous) {
        std::vector<std::string> parts{"the KV cache"};
        if (state) parts.emplace_back("the recurrent state");
        if (need.panelBytes) parts.emplace_back("the int8 panels");
        std::string what = parts[0];
        for (size_t i = 1; i < parts.size(); ++i) what += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
        throw Error(ErrorKind::Bounds, what + (parts.size() > 1 ? " need ~" : " needs ~") + formatBytes(need.kvBytes + state + need.panelBytes) +
                                           ctx + " but only " + formatBytes(b.anonymous) + " of anonymous memory is available (" +
                                           b.anonymousSource + ")" + tail);
    }
}

} // namespace cmf::engine
