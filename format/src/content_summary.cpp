#include "cmf/format/content_summary.h"

#include "cmf/format/dtype.h"

#include <algorithm>

namespace cmf {

namespace {

DTypeShare& shareFor(std::vector<DTypeShare>& shares, const std::string& dtype) {
    auto it = std::lower_bound(shares.begin(), shares.end(), dtype, [](const DTypeShare& s, const std::string& d) { return s.dtype < d; });
    if (it == shares.end() || it->dtype != dtype) it = shares.insert(it, DTypeShare{dtype});
    return *it;
}

} // namespace

ContentSummary& ContentSummary::operator+=(const ContentSummary& o) {
    tensors += o.tensors, parameters += o.parameters, bytes += o.bytes;
    for (const auto& d : o.dtypes) {
        auto& s = shareFor(dtypes, d.dtype);
        s.tensors += d.tensors, s.parameters += d.parameters, s.bytes += d.bytes;
    }
    return *this;
}

ContentSummary summarizeContent(const CmfFile& f) {
    ContentSummary out;
    const auto& d = f.directory();
    for (uint64_t i = 0; i < d.count(); ++i) {
        const auto r = d.record(i);
        auto& s = shareFor(out.dtypes, std::string(dtypeName(r.dtype)));
        ++s.tensors, s.parameters += r.count(), s.bytes += r.nbytes;
        ++out.tensors, out.parameters += r.count(), out.bytes += r.nbytes;
    }
    return out;
}

nlohmann::json contentSummaryJson(const ContentSummary& s) {
    auto dtypes = nlohmann::json::array();
    for (const auto& d : s.dtypes)
        dtypes.push_back({{"dtype", d.dtype}, {"tensors", d.tensors}, {"parameters", d.parameters}, {"bytes", d.bytes}});
    return {{"tensors", s.tensors},
            {"parameters", s.parameters},
            {"bytes", s.bytes},
            {"bits_per_weight", s.bitsPerWeight()},
            {"dtypes", std::move(dtypes)}};
}

} // namespace cmf
