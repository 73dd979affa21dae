#pragma once
// Normalizers (tokenizer.json "normalizer"): NFC, NFD, NFKC, NFKD, Lowercase,
// Strip, StripAccents, Replace, Prepend, Append, BertNormalizer, Sequence.
#include "tokenizer/json_util.h"
#include "tokenizer/normalized.h"
#include "tokenizer/unicode.h"

#include <memory>
#include <string>

namespace cmf::engine::tok {

class Normalizer {
public:
    virtual ~Normalizer() = default;
    virtual void normalize(NormalizedString& s) const = 0;
};

// Builds the normalizer described by `j` (an object at `path`); throws a Parse
// cmf::Error naming the field or the unknown type.
std::unique_ptr<Normalizer> makeNormalizer(const Json& j, const std::string& path, int depth = 0);

// Helpers shared with BertNormalizer and the pre-tokenizers.
void normalizeUnicode(NormalizedString& s, NormForm form);
void lowercase(NormalizedString& s);

} // namespace cmf::engine::tok
