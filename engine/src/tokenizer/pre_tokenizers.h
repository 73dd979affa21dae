#pragma once
// Pre-tokenizers (tokenizer.json "pre_tokenizer"): Split, ByteLevel, Metaspace,
// Whitespace, WhitespaceSplit, Digits, Punctuation, BertPreTokenizer,
// CharDelimiterSplit, Sequence.
#include "tokenizer/json_util.h"
#include "tokenizer/pretokenized.h"

#include <memory>
#include <string>

namespace cmf::engine::tok {

class PreTokenizer {
public:
    virtual ~PreTokenizer() = default;
    virtual void preTokenize(PreTokenizedString& pts) const = 0;
    // True when it asks where a split sits in the original text (Metaspace
    // with prepend_scheme "first"), so the pipeline must track origins.
    virtual bool needsOrigins() const { return false; }
    // When the last step is ByteLevel, asks it to leave the bytes unmapped
    // (the model reads raw bytes; see Model::canReadRawBytes). Returns whether
    // it will. Called at load time only.
    virtual bool deferByteLevelMapping() { return false; }
};

std::unique_ptr<PreTokenizer> makePreTokenizer(const Json& j, const std::string& path, int depth = 0);

} // namespace cmf::engine::tok
