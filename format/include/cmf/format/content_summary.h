#pragma once
// What a file's directory adds up to: tensor and parameter counts, payload
// bytes, the mean bits per weight and the mix of dtypes. One computation for
// every reader — `cmf info` (text and its --json "summary") and the
// workbench's overview — so their numbers cannot drift apart.
#include "cmf/format/cmf_file.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cmf {

struct DTypeShare {
    std::string dtype; // dtypeName()
    uint64_t tensors = 0, parameters = 0, bytes = 0;
};

struct ContentSummary {
    uint64_t tensors = 0;
    uint64_t parameters = 0; // elements of every tensor (skills' replacements and the MTP head included)
    uint64_t bytes = 0;      // Σ nbytes: the payloads, scales and overhead of every layout included
    // bytes · 8 / parameters: what a weight costs in the file; 0 without tensors.
    double bitsPerWeight() const { return parameters ? double(bytes) * 8.0 / double(parameters) : 0.0; }
    std::vector<DTypeShare> dtypes; // by dtype name
    ContentSummary& operator+=(const ContentSummary& other); // a shard set's files together
};

ContentSummary summarizeContent(const CmfFile& file);
// {"tensors", "parameters", "bytes", "bits_per_weight", "dtypes": [{"dtype", "tensors", "parameters", "bytes"}]}
nlohmann::json contentSummaryJson(const ContentSummary& s);

} // namespace cmf
