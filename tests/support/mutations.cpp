#include "mutations.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/envelope.h"
#include "cmf/format/hash64.h"

#include "test_support.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <fstream>
#include <iterator>

namespace cmftest {
namespace {

std::vector<uint8_t> readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

uint64_t pick(std::mt19937_64& rng, uint64_t lo, uint64_t hi) { // [lo, hi]
    return std::uniform_int_distribution<uint64_t>(lo, hi)(rng);
}

// Bytes that break JSON strings and structure, and UTF-8.
const std::vector<std::string>& nastyBytes() {
    static const std::vector<std::string> v = {"\xfb", "\xff\xfe", "\xc0\xae", "\xed\xa0\x80", "\xe2\x82", "\"", "\\", "{",
                                               "}",    "[",        "]",        ":",            ",",        "\x00", "\x1b[2J", "\"}]",
                                               "\x80", "\xf4\x90\x80\x80", "\\u", "\\ud800", "1e999", "-", "null"};
    return v;
}

} // namespace

MutationBase mutationBase(const std::string& path) {
    MutationBase b;
    b.path = path;
    b.name = path.substr(path.find_last_of('/') + 1);
    b.bytes = readAll(path);
    const auto f = cmf::CmfFile::open(path);
    const auto& e = f->envelope();
    b.header = {e.header.off, e.header.end()};
    const auto& d = f->directory();
    b.pool = {e.dir.off + d.poolOff(), e.dir.end()};
    if (e.headerHash) b.hashed.push_back(b.header);
    if (e.dirHash) b.hashed.push_back({e.dir.off, e.dir.end()});
    for (uint64_t i = 0; i < d.count(); ++i) {
        const auto r = d.record(i);
        b.hashed.push_back({e.data.off + r.off, e.data.off + r.off + r.nbytes});
    }
    const auto& h = f->header();
    if (e.headerHash && h.contains("section_hashes") && h["section_hashes"].is_object()) {
        const auto& sh = h["section_hashes"];
        const std::pair<const char*, cmf::Section> secs[] = {{"masks", e.masks}, {"vocab", e.vocab}, {"index", e.index}};
        for (const auto& [n, s] : secs)
            if (s.present() && sh.contains(n) && sh[n].is_string()) b.hashed.push_back({s.off, s.end()});
    }
    for (auto& r : b.hashed) r.hash = cmf::hash64(b.bytes.data() + r.begin, r.end - r.begin);
    return b;
}

Mutant mutate(const MutationBase& base, std::mt19937_64& rng) {
    Mutant m;
    m.bytes = base.bytes;
    auto& b = m.bytes;
    const uint64_t n = b.size();
    auto write = [&](uint64_t at, const std::string& s) {
        for (size_t k = 0; k < s.size() && at + k < n; ++k) b[at + k] = uint8_t(s[k]);
    };
    auto inRange = [&](const Range& r) { return r.end > r.begin ? pick(rng, r.begin, r.end - 1) : pick(rng, 0, n - 1); };
    switch (pick(rng, 0, 7)) {
    case 0: { // bit flips anywhere
        const uint64_t k = pick(rng, 1, 8);
        for (uint64_t i = 0; i < k; ++i) b[pick(rng, 0, n - 1)] ^= uint8_t(1u << pick(rng, 0, 7));
        m.what = "flip " + std::to_string(k) + " bit(s)";
        break;
    }
    case 1: { // nasty bytes into the header JSON
        const uint64_t at = inRange(base.header);
        const auto& s = nastyBytes()[pick(rng, 0, nastyBytes().size() - 1)];
        write(at, s);
        m.what = "nasty bytes at header offset " + std::to_string(at);
        break;
    }
    case 2: { // nasty bytes into the name pool
        const uint64_t at = inRange(base.pool);
        write(at, nastyBytes()[pick(rng, 0, nastyBytes().size() - 1)]);
        m.what = "nasty bytes in the name pool at " + std::to_string(at);
        break;
    }
    case 3: { // truncation
        const uint64_t to = pick(rng, 0, n - 1);
        b.resize(to);
        m.what = "truncate to " + std::to_string(to);
        break;
    }
    case 4: { // a zeroed run
        const uint64_t at = pick(rng, 0, n - 1), len = std::min<uint64_t>(n - at, pick(rng, 1, 4096));
        std::fill(b.begin() + long(at), b.begin() + long(at + len), uint8_t(0));
        m.what = "zero " + std::to_string(len) + " bytes at " + std::to_string(at);
        break;
    }
    case 5: { // an envelope field: one of the 16 u32/u64 slots, nudged or replaced
        const uint64_t slot = pick(rng, 0, 15); // 8-byte slots 0..15
        uint64_t v = 0;
        for (int k = 0; k < 8; ++k) v |= uint64_t(b[slot * 8 + k]) << (8 * k);
        const uint64_t choice = pick(rng, 0, 3);
        v = choice == 0 ? v + pick(rng, 1, 64) : choice == 1 ? v - pick(rng, 1, 64) : choice == 2 ? rng() : pick(rng, 0, n + 4096);
        for (int k = 0; k < 8; ++k) b[slot * 8 + k] = uint8_t(v >> (8 * k));
        m.what = "envelope slot " + std::to_string(slot) + " set to " + std::to_string(v);
        break;
    }
    case 6: { // a JSON-shaped span replaced in the header
        const uint64_t at = inRange(base.header);
        std::string s;
        for (uint64_t k = pick(rng, 1, 12); k > 0; --k) s += nastyBytes()[pick(rng, 0, nastyBytes().size() - 1)];
        write(at, s);
        m.what = "span of " + std::to_string(s.size()) + " nasty bytes at header offset " + std::to_string(at);
        break;
    }
    default: { // random bytes anywhere
        const uint64_t at = pick(rng, 0, n - 1), len = std::min<uint64_t>(n - at, pick(rng, 1, 16));
        for (uint64_t k = 0; k < len; ++k) b[at + k] = uint8_t(rng());
        m.what = std::to_string(len) + " random bytes at " + std::to_string(at);
        break;
    }
    }
    const uint64_t common = std::min<uint64_t>(b.size(), n);
    auto changed = [&](uint64_t lo, uint64_t hi) {
        if (hi > b.size()) return true; // cut off
        for (uint64_t i = lo; i < hi && i < common; ++i)
            if (b[i] != base.bytes[i]) return true;
        return false;
    };
    m.envelopeTouched = changed(0, std::min<uint64_t>(cmf::kEnvelopeSize, n));
    bool allKeepTheirHash = true;
    for (const auto& r : base.hashed) {
        if (r.end <= r.begin || !changed(r.begin, r.end)) continue;
        m.hashedTouched = true;
        if (r.end > b.size() || cmf::hash64(b.data() + r.begin, r.end - r.begin) != r.hash) allKeepTheirHash = false;
    }
    m.hashCollision = m.hashedTouched && allKeepTheirHash;
    return m;
}

std::vector<MutationBase> mutationBases(bool withShards) {
    std::vector<MutationBase> bases;
    for (const auto& e : std::filesystem::directory_iterator(dataPath("conformance/valid")))
        if (e.path().extension() == ".cmf" && (withShards || e.path().filename().string().find("-of-") == std::string::npos))
            bases.push_back(mutationBase(e.path().string()));
    std::sort(bases.begin(), bases.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    if (const char* extra = std::getenv("CMF_MUTATION_BASES"))
        for (std::string_view rest = extra; !rest.empty();) {
            const auto cut = rest.find(':');
            const std::string one(rest.substr(0, cut));
            if (!one.empty()) bases.push_back(mutationBase(one));
            rest = cut == std::string_view::npos ? std::string_view() : rest.substr(cut + 1);
        }
    return bases;
}

uint64_t envNumber(const char* name, uint64_t fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

void allowCampaignTime() {
    if (const uint64_t s = envNumber("CMF_MUTATION_SECONDS", 0))
        setenv("QTEST_FUNCTION_TIMEOUT", std::to_string((s + 900) * 1000).c_str(), 1);
}

} // namespace cmftest
