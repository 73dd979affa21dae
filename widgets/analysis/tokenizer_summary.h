#pragma once
// A readable summary of the tokenizer section (spec §6: the bytes of a
// Hugging Face tokenizer.json): model type, vocabulary size, merges, the
// pipeline stages, added and special tokens, and the text of chosen ids (the
// chat bundle's eos/bos/pad). Parsing a large tokenizer.json takes a while,
// so this runs as a job.
#include "cmf/format/progress.h"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace cmfw {

struct TokenizerSummary {
    struct AddedToken {
        int64_t id = 0;
        std::string content;
        bool special = false;
    };
    uint64_t bytes = 0;
    std::string error; // the JSON does not parse, or is not a tokenizer
    std::string modelType, normalizer, preTokenizer, postProcessor, decoder;
    uint64_t vocabSize = 0;
    uint64_t merges = 0;
    bool byteFallback = false;
    std::vector<AddedToken> added;
    std::map<int64_t, std::string> tokenText; // for the ids asked about
};

TokenizerSummary summarizeTokenizer(std::span<const uint8_t> json, const std::vector<int64_t>& ids,
                                    const cmf::Control& control = {});

} // namespace cmfw
