#include "cmf/format/coverage.h"

#include <algorithm>
#include <cstring>

namespace cmf {
namespace {

struct Span {
    uint64_t begin, end;
};

uint64_t countNonZero(const uint8_t* p, uint64_t n) {
    uint64_t count = 0, i = 0;
    // Word at a time: padding is almost always all zero.
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        std::memcpy(&w, p + i, 8);
        if (w == 0) continue;
        for (int k = 0; k < 8; ++k) count += p[i + k] != 0;
    }
    for (; i < n; ++i) count += p[i] != 0;
    return count;
}

} // namespace

UncoveredBytes findUncoveredBytes(const CmfFile& f, const Control& control) {
    const Envelope& e = f.envelope();
    std::vector<Span> covered;
    covered.push_back({0, kEnvelopeSize});
    for (const Section* s : {&e.header, &e.dir, &e.masks, &e.vocab, &e.index})
        if (s->present() && s->len > 0) covered.push_back({s->off, s->end()});
    // The data blob's own bytes are covered only where a tensor lies.
    const Directory& d = f.directory();
    covered.reserve(covered.size() + d.count());
    for (uint64_t i = 0; i < d.count(); ++i) {
        const TensorRecord r = d.record(i);
        if (r.nbytes > 0) covered.push_back({e.data.off + r.off, e.data.off + r.off + r.nbytes});
    }
    std::sort(covered.begin(), covered.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });

    UncoveredBytes out;
    const uint8_t* base = f.mapping().data();
    const uint64_t size = f.fileSize();
    uint64_t at = 0; // everything before `at` is covered or already scanned
    auto gap = [&](uint64_t from, uint64_t to) {
        if (to <= from) return;
        out.uncoveredBytes += to - from;
        const uint64_t nz = countNonZero(base + from, to - from);
        if (nz) {
            out.regions.push_back({from, to - from, nz});
            out.nonZeroBytes += nz;
        }
    };
    for (const Span& s : covered) {
        control.checkCancel();
        gap(at, std::min(s.begin, size));
        at = std::max(at, s.end);
    }
    gap(at, size);
    return out;
}

} // namespace cmf
