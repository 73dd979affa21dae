// libFuzzer target for the tokenizer. The first byte picks what the rest is:
//  - even: text (and, from the same bytes, a list of ids) for the demo model's
//    Qwen-style tokenizer (resources/demo-model/tokenizer.json, loaded once;
//    CMF_FUZZ_TOKENIZER overrides the path): encode with and without special
//    tokens, decode, and stream-decode both the encoding and arbitrary ids;
//  - odd: a tokenizer.json: it must load or throw cmf::Error, and whatever
//    loads must encode/decode a few texts the same way.
// Never a crash, hang or unbounded allocation; encode may only throw
// cmf::Error; the stream decoder must never emit broken UTF-8 and its output
// must add up to decode().
#include "cmf/engine/tokenizer.h"
#include "cmf/format/error.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

using cmf::engine::StreamDecoder;
using cmf::engine::Tokenizer;

namespace {

bool validUtf8(const std::string& s) {
    size_t i = 0;
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        size_t n = b < 0x80 ? 1 : (b >= 0xC2 && b <= 0xDF) ? 2 : (b >= 0xE0 && b <= 0xEF) ? 3 : (b >= 0xF0 && b <= 0xF4) ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        for (size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
        i += n;
    }
    return true;
}

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_tokenizer: %s\n", what);
        std::abort();
    }
}

// Streams `ids` one by one; the pieces must be valid UTF-8 and add up to decode().
void streamMatchesDecode(const Tokenizer& t, const std::vector<int32_t>& ids, bool skip) {
    StreamDecoder s(t, skip);
    std::string all;
    for (const int32_t id : ids) {
        const std::string piece = s.step(id);
        check(validUtf8(piece), "stream step emitted broken UTF-8");
        all += piece;
    }
    const std::string rest = s.flush();
    check(validUtf8(rest), "stream flush emitted broken UTF-8");
    all += rest;
    check(all == t.decode(ids, skip), "stream output differs from decode()");
}

void exercise(const Tokenizer& t, std::string_view text, const std::vector<int32_t>& extraIds) {
    for (const bool add : {false, true}) {
        std::vector<int32_t> ids;
        try {
            const auto enc = t.encodeWithTokens(text, add);
            check(enc.ids.size() == enc.tokens.size(), "ids and tokens differ in length");
            check(t.encode(text, add) == enc.ids, "encode and encodeWithTokens disagree");
            ids = enc.ids;
        } catch (const cmf::Error&) {
            continue; // e.g. a file whose unk token is missing: an error, not a crash
        }
        for (const bool skip : {false, true}) {
            check(validUtf8(t.decode(ids, skip)), "decode returned broken UTF-8");
            streamMatchesDecode(t, ids, skip);
        }
    }
    for (const bool skip : {false, true}) {
        check(validUtf8(t.decode(extraIds, skip)), "decode of arbitrary ids returned broken UTF-8");
        streamMatchesDecode(t, extraIds, skip);
    }
}

const Tokenizer* demoTokenizer() {
    static const std::unique_ptr<Tokenizer> t = [] {
        const char* env = std::getenv("CMF_FUZZ_TOKENIZER");
        std::string path = env ? env : "";
        // The repository by a definition from CMake, not __FILE__ (relative under ccache's base dir).
        if (path.empty()) path = std::string(CMF_SOURCE_DIR) + "/resources/demo-model/tokenizer.json";
        try {
            return std::make_unique<Tokenizer>(Tokenizer::fromFile(path));
        } catch (const cmf::Error& e) {
            std::fprintf(stderr, "fuzz_tokenizer: cannot load %s: %s (set CMF_FUZZ_TOKENIZER)\n", path.c_str(), e.what());
            std::abort();
        }
    }();
    return t.get();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    if ((data[0] & 1) == 0) {
        const Tokenizer& t = *demoTokenizer();
        // The same bytes read as ids, spread over (and a little past) the vocabulary.
        std::vector<int32_t> ids;
        const auto span = static_cast<uint32_t>(t.vocabSize() + 16);
        for (size_t i = 0; i + 1 < rest.size(); i += 2)
            ids.push_back(static_cast<int32_t>((static_cast<uint8_t>(rest[i]) << 8 | static_cast<uint8_t>(rest[i + 1])) % span));
        if (data[0] & 2) ids.push_back(-1); // a negative id is unknown, not a crash
        exercise(t, rest, ids);
        return 0;
    }
    std::unique_ptr<Tokenizer> t;
    try {
        t = std::make_unique<Tokenizer>(Tokenizer::fromJson(rest));
    } catch (const cmf::Error&) {
        return 0;
    }
    static const char* const texts[] = {"Hello world!", " a  b\tc\n", "caf\xC3\xA9 \xE4\xBD\xA0\xE5\xA5\xBD 123", "<s>x</s>",
                                        "\xF0\x9F\x98\x80\xE2\x82\xAC", ""};
    std::vector<int32_t> ids;
    for (int32_t i = 0; i < 40; ++i) ids.push_back(i);
    for (const char* text : texts) exercise(*t, text, ids);
    exercise(*t, rest.substr(0, 256), ids);
    return 0;
}
