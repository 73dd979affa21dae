#include "cmf/format/diff.h"
#include "cmf/format/codec.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <set>
#include <tbb/parallel_for.h>

namespace cmf {
namespace {

// Elements decoded per side in one step: 1 MiB of floats each, so memory per
// worker stays bounded whatever the tensor (a row wider than this is decoded
// whole — rows are the codecs' unit).
constexpr uint64_t kChunkElements = 1ull << 18;

DiffSide sideOf(const TensorRecord& r) { return {r.dtype, r.dims(), r.nbytes, r.hash}; }

// One block of rows of one value comparison.
struct ValueChunk {
    size_t job; // index into the comparisons
    uint64_t r0, r1;
    uint64_t bytes; // its share of both payloads, for progress
};

struct Comparison {
    size_t row; // index into DiffReport::tensors
    TensorBytes a, b;
};

struct Sums {
    double err = 0; // Σ(a−b)²
    double ref = 0; // Σa²
};

Sums compareRows(const Comparison& c, uint64_t r0, uint64_t r1, std::vector<float>& va, std::vector<float>& vb,
                 const std::string& name) {
    const uint64_t n = (r1 - r0) * c.a.shape.cols;
    va.resize(n);
    vb.resize(n);
    try {
        decodeRows(c.a, r0, r1, va.data());
    } catch (const Error& e) {
        throw Error(e.kind(), "tensor " + name + " in A: " + e.what());
    }
    try {
        decodeRows(c.b, r0, r1, vb.data());
    } catch (const Error& e) {
        throw Error(e.kind(), "tensor " + name + " in B: " + e.what());
    }
    Sums s;
    for (uint64_t i = 0; i < n; ++i) {
        const double x = va[i], d = double(va[i]) - double(vb[i]);
        s.err += d * d;
        s.ref += x * x;
    }
    return s;
}

double nmseOf(const Sums& s) {
    if (s.ref > 0) return s.err / s.ref;
    return s.err > 0 ? std::numeric_limits<double>::infinity() : 0.0;
}

// Fills nmse for the changed tensors that can be compared value by value.
void compareValues(const Model& a, const Model& b, DiffReport& report, const Control& control) {
    std::vector<Comparison> jobs;
    for (size_t i = 0; i < report.tensors.size(); ++i) {
        TensorDiff& t = report.tensors[i];
        if (t.status != DiffStatus::Changed) continue;
        if (t.shapeChanged()) {
            t.note = "shapes differ";
            continue;
        }
        if (!dtypeDecodable(t.a->dtype) || !dtypeDecodable(t.b->dtype)) {
            t.note = "no decoder for " + std::string(dtypeName(dtypeDecodable(t.a->dtype) ? t.b->dtype : t.a->dtype));
            continue;
        }
        const ModelTensor& ta = a.tensors()[*a.find(t.name)];
        const ModelTensor& tb = b.tensors()[*b.find(t.name)];
        jobs.push_back({i, a.tensorBytes(ta), b.tensorBytes(tb)});
    }

    // Progress counts payload bytes read on both sides, like verify's hashing.
    std::vector<ValueChunk> chunks;
    uint64_t total = 0, elements = 0;
    for (size_t j = 0; j < jobs.size(); ++j) {
        const TensorShape s = jobs[j].a.shape;
        const uint64_t bytes = jobs[j].a.nbytes + jobs[j].b.nbytes;
        total += bytes;
        elements += s.count();
        const uint64_t step = std::max<uint64_t>(1, kChunkElements / std::max<uint64_t>(1, s.cols));
        uint64_t given = 0;
        for (uint64_t r = 0; r < s.rows; r += step) {
            const uint64_t r1 = std::min(s.rows, r + step);
            const uint64_t share = r1 == s.rows ? bytes - given : uint64_t(double(bytes) * double(r1 - r) / double(s.rows));
            given += share;
            chunks.push_back({j, r, r1, share});
        }
    }
    std::vector<Sums> sums(chunks.size());
    std::atomic<uint64_t> done{0};
    control.report(0, total, "comparing values");
    tbb::parallel_for(tbb::blocked_range<size_t>(0, chunks.size()), [&](const tbb::blocked_range<size_t>& r) {
        std::vector<float> va, vb; // reused across the chunks of this range
        for (size_t c = r.begin(); c != r.end(); ++c) {
            if (control.cancelled()) return;
            const ValueChunk& ch = chunks[c];
            const Comparison& cmp = jobs[ch.job];
            sums[c] = compareRows(cmp, ch.r0, ch.r1, va, vb, report.tensors[cmp.row].name);
            control.report(done.fetch_add(ch.bytes, std::memory_order_relaxed) + ch.bytes, total, "comparing values");
        }
    });
    control.checkCancel();

    // Chunks are in comparison order; summing them in that order keeps the
    // result independent of how the work was scheduled.
    std::vector<Sums> perJob(jobs.size());
    for (size_t c = 0; c < chunks.size(); ++c) {
        perJob[chunks[c].job].err += sums[c].err;
        perJob[chunks[c].job].ref += sums[c].ref;
    }
    for (size_t j = 0; j < jobs.size(); ++j) {
        TensorDiff& t = report.tensors[jobs[j].row];
        t.nmse = nmseOf(perJob[j]);
        if (std::isinf(*t.nmse)) t.note = "A is all zeros";
    }
    report.valuesCompared = elements;
}

std::optional<uint64_t> sectionHash(const CmfFile& f, const Section& s) {
    if (!s.present()) return std::nullopt;
    return hash64(f.mapping().data() + s.off, s.len);
}

std::vector<SectionDiff> diffSections(const CmfFile& a, const CmfFile& b) {
    const Envelope &ea = a.envelope(), &eb = b.envelope();
    const std::pair<const char*, Section Envelope::*> named[] = {
        {"masks", &Envelope::masks}, {"vocab", &Envelope::vocab}, {"index", &Envelope::index}};
    std::vector<SectionDiff> out;
    for (const auto& [name, member] : named) {
        SectionDiff d{name, {}, {}, {}, {}};
        const Section &sa = ea.*member, &sb = eb.*member;
        if (sa.present()) d.aBytes = sa.len, d.aHash = sectionHash(a, sa);
        if (sb.present()) d.bBytes = sb.len, d.bHash = sectionHash(b, sb);
        out.push_back(std::move(d));
    }
    return out;
}

void walk(const nlohmann::json& a, const nlohmann::json& b, const std::string& path, std::vector<HeaderChange>& out) {
    using Op = HeaderChange::Op;
    if (a.is_object() && b.is_object()) {
        std::set<std::string> keys; // both sides' keys, in one sorted order
        for (const auto& [k, v] : a.items()) keys.insert(k);
        for (const auto& [k, v] : b.items()) keys.insert(k);
        for (const auto& k : keys) {
            const std::string p = path + "/" + jsonPointerToken(k);
            const auto ia = a.find(k), ib = b.find(k);
            if (ib == b.end()) out.push_back({Op::Remove, p, *ia, nullptr});
            else if (ia == a.end()) out.push_back({Op::Add, p, nullptr, *ib});
            else walk(*ia, *ib, p, out);
        }
        return;
    }
    if (a.is_array() && b.is_array()) {
        const size_t common = std::min(a.size(), b.size());
        for (size_t i = 0; i < common; ++i) walk(a[i], b[i], path + "/" + std::to_string(i), out);
        for (size_t i = common; i < a.size(); ++i) out.push_back({Op::Remove, path + "/" + std::to_string(i), a[i], nullptr});
        for (size_t i = common; i < b.size(); ++i) out.push_back({Op::Add, path + "/" + std::to_string(i), nullptr, b[i]});
        return;
    }
    if (a != b) out.push_back({Op::Replace, path, a, b});
}

} // namespace

std::string_view diffStatusName(DiffStatus s) {
    switch (s) {
    case DiffStatus::Same: return "same";
    case DiffStatus::Changed: return "changed";
    case DiffStatus::OnlyA: return "only_a";
    case DiffStatus::OnlyB: return "only_b";
    }
    return "?";
}

std::string_view headerOpName(HeaderChange::Op op) {
    switch (op) {
    case HeaderChange::Op::Add: return "add";
    case HeaderChange::Op::Remove: return "remove";
    case HeaderChange::Op::Replace: return "replace";
    }
    return "?";
}

std::string jsonPointerToken(std::string_view key) {
    std::string out;
    out.reserve(key.size());
    for (const char c : key) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}

uint64_t DiffReport::count(DiffStatus s) const {
    uint64_t n = 0;
    for (const auto& t : tensors) n += t.status == s;
    return n;
}

bool DiffReport::sectionsSame() const {
    for (const auto& s : sections)
        if (!s.same()) return false;
    return true;
}

bool DiffReport::identical() const { return count(DiffStatus::Same) == tensors.size() && headerSame() && sectionsSame(); }

std::vector<HeaderChange> diffHeaders(const nlohmann::json& a, const nlohmann::json& b) {
    std::vector<HeaderChange> out;
    if (a.is_object() && b.is_object()) {
        nlohmann::json ca = a, cb = b;
        ca.erase("section_hashes");
        cb.erase("section_hashes");
        walk(ca, cb, "", out);
    } else {
        walk(a, b, "", out);
    }
    return out;
}

DiffReport diff(const Model& a, const Model& b, const DiffOptions& options, const Control& control) {
    DiffReport report;
    report.tensorsA = a.tensors().size();
    report.tensorsB = b.tensors().size();
    control.report(0, 1, "matching tensors");
    for (const ModelTensor& t : a.tensors()) {
        TensorDiff d;
        d.name = std::string(t.record.name);
        d.a = sideOf(t.record);
        if (const auto j = b.find(t.record.name)) {
            d.b = sideOf(b.tensors()[*j].record);
            const bool same = d.a->dtype == d.b->dtype && d.a->shape == d.b->shape && d.a->hash == d.b->hash &&
                              d.a->nbytes == d.b->nbytes;
            d.status = same ? DiffStatus::Same : DiffStatus::Changed;
            if (same) d.nmse = 0.0; // identical bytes decode to identical values
        } else {
            d.status = DiffStatus::OnlyA;
        }
        report.tensors.push_back(std::move(d));
    }
    for (const ModelTensor& t : b.tensors()) {
        if (a.find(t.record.name)) continue;
        TensorDiff d;
        d.name = std::string(t.record.name);
        d.status = DiffStatus::OnlyB;
        d.b = sideOf(t.record);
        report.tensors.push_back(std::move(d));
    }
    control.checkCancel();
    report.header = diffHeaders(a.primary().header(), b.primary().header());
    report.sections = diffSections(a.primary(), b.primary());
    control.checkCancel();
    if (options.values) compareValues(a, b, report, control);
    else
        for (auto& t : report.tensors)
            if (t.status == DiffStatus::Changed) t.note = "values not compared";
    control.report(1, 1, "done");
    return report;
}

} // namespace cmf
