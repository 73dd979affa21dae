#pragma once
// Post-processors (tokenizer.json "post_processor"): TemplateProcessing,
// BertProcessing, RobertaProcessing, ByteLevel, Sequence. They add the special
// tokens a model expects around a sequence when add_special_tokens is set;
// otherwise (and for ByteLevel, which only adjusts offsets) ids are unchanged.
#include "tokenizer/json_util.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cmf::engine::tok {

struct TokenList {
    std::vector<int32_t> ids;
    std::vector<std::string> tokens; // filled only when the caller wants token strings
    bool withTokens = false;
};

class PostProcessor {
public:
    virtual ~PostProcessor() = default;
    // Rewrites `seq` (one encoded sequence) for add_special_tokens = true.
    virtual void addSpecialTokens(TokenList& seq) const = 0;
    // How many tokens addSpecialTokens adds to one sequence (for truncation).
    virtual size_t addedCount() const = 0;
};

std::unique_ptr<PostProcessor> makePostProcessor(const Json& j, const std::string& path, int depth = 0);

} // namespace cmf::engine::tok
