#pragma once
// Decoders (tokenizer.json "decoder"): ByteLevel, Metaspace, ByteFallback, Fuse,
// Strip, Replace, WordPiece, BPEDecoder, CTC, Sequence. As in HF, each rewrites
// the list of token strings (decode_chain) and the result is their
// concatenation.
#include "tokenizer/json_util.h"

#include <memory>
#include <string>
#include <vector>

namespace cmf::engine::tok {

class Decoder {
public:
    virtual ~Decoder() = default;
    virtual void decodeChain(std::vector<std::string>& tokens) const = 0;
    // True when the output for a run of byte tokens ("<0x..>") depends on what
    // follows it (ByteFallback), which the stream decoder must wait for.
    virtual bool groupsByteTokens() const { return false; }
};

std::unique_ptr<Decoder> makeDecoder(const Json& j, const std::string& path, int depth = 0);

// "<0xNN>" -> NN the way ByteFallback reads it, or -1.
int byteFallbackValue(const std::string& token);

} // namespace cmf::engine::tok
