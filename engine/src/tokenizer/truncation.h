#pragma once
// tokenizer.json "truncation" and "padding", for one sequence, as HF applies
// them in post_process: truncate to max_length (less the special tokens the
// post-processor will add), post-process, then pad.
#include "tokenizer/json_util.h"
#include "tokenizer/post_processors.h"

#include <cstdint>
#include <optional>
#include <string>

namespace cmf::engine::tok {

struct Truncation {
    size_t maxLength = 0;
    bool left = false; // direction "Left": keep the end
};

struct Padding {
    std::optional<size_t> fixedLength; // strategy {"Fixed": n}; nullopt = "BatchLongest"
    size_t multipleOf = 0;             // pad_to_multiple_of, 0 = none
    bool left = false;
    int32_t padId = 0;
    std::string padToken;
};

std::optional<Truncation> parseTruncation(const Json& j, const std::string& path);
std::optional<Padding> parsePadding(const Json& j, const std::string& path);

// `reserved`: tokens the post-processor is about to add.
void truncate(TokenList& seq, const Truncation& t, size_t reserved);
void pad(TokenList& seq, const Padding& p);

} // namespace cmf::engine::tok
