#include "tokenizer/decoders.h"

#include "tokenizer/pattern.h"
#include "tokenizer/unicode.h"

namespace cmf::engine::tok {

int byteFallbackValue(const std::string& token) {
    // HF: six bytes, "<0x" ... ">", and u8::from_str_radix on the two in between
    // (which also takes a leading '+').
    if (token.size() != 6 || token.compare(0, 3, "<0x") != 0 || token[5] != '>') return -1;
    const auto digit = [](char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    const char a = token[3], b = token[4];
    if (a == '+') return digit(b);
    if (digit(a) < 0 || digit(b) < 0) return -1;
    return digit(a) * 16 + digit(b);
}

namespace {

// Rust's str::replace: every non-overlapping occurrence, left to right; an
// empty pattern matches before each character and at the end.
void replaceAll(std::string& s, std::string_view from, std::string_view to) {
    std::string out;
    if (from.empty()) {
        out.reserve(s.size() + to.size() * (s.size() + 1));
        for (size_t i = 0; i < s.size();) {
            out.append(to);
            const size_t n = utf8SeqLen(static_cast<uint8_t>(s[i]));
            out.append(s, i, n);
            i += n;
        }
        out.append(to);
        s = std::move(out);
        return;
    }
    size_t pos = 0, hit;
    bool any = false;
    while ((hit = s.find(from, pos)) != std::string::npos) {
        out.append(s, pos, hit - pos);
        out.append(to);
        pos = hit + from.size();
        any = true;
    }
    if (!any) return;
    out.append(s, pos, std::string::npos);
    s = std::move(out);
}

class ByteLevel : public Decoder {
public:
    void decodeChain(std::vector<std::string>& tokens) const override {
        std::string bytes;
        for (const std::string& t : tokens) {
            // A token with a character outside the byte alphabet (an added
            // token, say) goes through as its own UTF-8.
            const size_t start = bytes.size();
            bool mapped = true;
            size_t i = 0;
            while (i < t.size()) {
                const int b = byteLevelByte(nextChar(t, i));
                if (b < 0) {
                    mapped = false;
                    break;
                }
                bytes.push_back(static_cast<char>(b));
            }
            if (!mapped) {
                bytes.resize(start);
                bytes += t;
            }
        }
        tokens.assign(1, utf8Lossy(bytes));
    }
};

class Metaspace : public Decoder {
public:
    Metaspace(char32_t replacement, bool prefixAdded) : replacement_(replacement), prefixAdded_(prefixAdded) {}
    void decodeChain(std::vector<std::string>& tokens) const override {
        for (size_t k = 0; k < tokens.size(); ++k) {
            const std::string& t = tokens[k];
            std::string out;
            size_t i = 0;
            while (i < t.size()) {
                const size_t start = i;
                if (nextChar(t, i) != replacement_) {
                    out.append(t, start, i - start);
                } else if (!(k == 0 && prefixAdded_)) {
                    out += ' '; // in the first token, when a prefix was added, HF drops every replacement
                }
            }
            tokens[k] = std::move(out);
        }
    }

private:
    char32_t replacement_;
    bool prefixAdded_;
};

class ByteFallback : public Decoder {
public:
    void decodeChain(std::vector<std::string>& tokens) const override {
        std::vector<std::string> out;
        std::string pending; // bytes of consecutive <0x..> tokens
        size_t pendingCount = 0;
        const auto flush = [&] {
            if (!pendingCount) return;
            if (isValidUtf8(pending)) {
                out.push_back(pending);
            } else {
                // An invalid run becomes one U+FFFD per byte token.
                for (size_t k = 0; k < pendingCount; ++k) out.emplace_back("\xEF\xBF\xBD");
            }
            pending.clear();
            pendingCount = 0;
        };
        for (std::string& t : tokens) {
            const int b = byteFallbackValue(t);
            if (b >= 0) {
                pending.push_back(static_cast<char>(b));
                ++pendingCount;
                continue;
            }
            flush();
            out.push_back(std::move(t));
        }
        flush();
        tokens = std::move(out);
    }
    bool groupsByteTokens() const override { return true; }
};

class Fuse : public Decoder {
public:
    void decodeChain(std::vector<std::string>& tokens) const override {
        std::string all;
        for (const auto& t : tokens) all += t;
        tokens.assign(1, std::move(all));
    }
};

class Strip : public Decoder {
public:
    Strip(char32_t content, size_t start, size_t stop) : content_(content), start_(start), stop_(stop) {}
    void decodeChain(std::vector<std::string>& tokens) const override {
        for (std::string& t : tokens) {
            std::vector<size_t> starts; // byte offset of each character, plus the end
            for (size_t i = 0; i < t.size(); i += utf8SeqLen(static_cast<uint8_t>(t[i]))) starts.push_back(i);
            const size_t n = starts.size();
            starts.push_back(t.size());
            const auto charAt = [&](size_t k) {
                size_t i = starts[k];
                return nextChar(t, i);
            };
            size_t startCut = 0;
            for (size_t k = 0; k < start_ && k < n && charAt(k) == content_; ++k) startCut = k + 1;
            size_t stopCut = n;
            for (size_t k = 0; k < stop_ && k < n && charAt(n - k - 1) == content_; ++k) stopCut = n - k - 1;
            // HF panics when the cuts cross (a token made only of `content`); we return nothing.
            if (stopCut < startCut) stopCut = startCut;
            t = t.substr(starts[startCut], starts[stopCut] - starts[startCut]);
        }
    }

private:
    char32_t content_;
    size_t start_, stop_;
};

class Replace : public Decoder {
public:
    Replace(Pattern p, std::string content) : pattern_(std::move(p)), content_(std::move(content)) {}
    void decodeChain(std::vector<std::string>& tokens) const override {
        std::vector<Range> found;
        for (std::string& t : tokens) {
            pattern_.matches(t, found);
            if (found.empty()) continue;
            std::string out;
            size_t last = 0;
            for (const auto& [b, e] : found) {
                out.append(t, last, b - last);
                out += content_;
                last = e;
            }
            out.append(t, last, std::string::npos);
            t = std::move(out);
        }
    }

private:
    Pattern pattern_;
    std::string content_;
};

// BERT's clean-up of spaces before punctuation and contractions.
void cleanup(std::string& s) {
    static const std::pair<std::string_view, std::string_view> rules[] = {
        {" .", "."},     {" ?", "?"},     {" !", "!"},           {" ,", ","},   {" ' ", "'"},  {" n't", "n't"},
        {" 'm", "'m"},   {" do not", " don't"}, {" 's", "'s"}, {" 've", "'ve"}, {" 're", "'re"}};
    for (const auto& [from, to] : rules) replaceAll(s, from, to);
}

class WordPiece : public Decoder {
public:
    WordPiece(std::string prefix, bool cleanup) : prefix_(std::move(prefix)), cleanup_(cleanup) {}
    void decodeChain(std::vector<std::string>& tokens) const override {
        for (size_t i = 0; i < tokens.size(); ++i) {
            std::string& t = tokens[i];
            if (i != 0) {
                if (t.compare(0, prefix_.size(), prefix_) == 0) t.erase(0, prefix_.size());
                else t.insert(t.begin(), ' ');  // (the (0, " ") overload trips a GCC 12 -Wrestrict false positive)
            }
            if (cleanup_) cleanup(t);
        }
    }

private:
    std::string prefix_;
    bool cleanup_;
};

class BpeDecoder : public Decoder {
public:
    explicit BpeDecoder(std::string suffix) : suffix_(std::move(suffix)) {}
    void decodeChain(std::vector<std::string>& tokens) const override {
        for (size_t i = 0; i < tokens.size(); ++i) replaceAll(tokens[i], suffix_, i + 1 == tokens.size() ? "" : " ");
    }

private:
    std::string suffix_;
};

class Ctc : public Decoder {
public:
    Ctc(std::string pad, std::string delimiter, bool cleanup)
        : pad_(std::move(pad)), delimiter_(std::move(delimiter)), cleanup_(cleanup) {}
    void decodeChain(std::vector<std::string>& tokens) const override {
        std::vector<std::string> out;
        for (size_t i = 0; i < tokens.size(); ++i) {
            if (i > 0 && tokens[i] == tokens[i - 1]) continue; // CTC collapses repeats
            std::string t = tokens[i];
            replaceAll(t, pad_, "");
            if (cleanup_) {
                cleanup(t);
                replaceAll(t, delimiter_, " ");
            }
            if (!t.empty()) out.push_back(std::move(t));
        }
        tokens = std::move(out);
    }

private:
    std::string pad_, delimiter_;
    bool cleanup_;
};

class Sequence : public Decoder {
public:
    explicit Sequence(std::vector<std::unique_ptr<Decoder>> parts) : parts_(std::move(parts)) {}
    void decodeChain(std::vector<std::string>& tokens) const override {
        for (const auto& p : parts_) p->decodeChain(tokens);
    }
    bool groupsByteTokens() const override {
        for (const auto& p : parts_)
            if (p->groupsByteTokens()) return true;
        return false;
    }

private:
    std::vector<std::unique_ptr<Decoder>> parts_;
};

} // namespace

std::unique_ptr<Decoder> makeDecoder(const Json& j, const std::string& path, int depth) {
    expectObject(j, path);
    if (depth > 32) parseError(path, "decoders nested too deeply");
    const std::string type = getString(j, path, "type");
    if (type == "ByteLevel") return std::make_unique<ByteLevel>();
    if (type == "ByteFallback") return std::make_unique<ByteFallback>();
    if (type == "Fuse") return std::make_unique<Fuse>();
    if (type == "Metaspace") {
        const char32_t replacement = getChar(j, path, "replacement");
        bool prefixAdded = true;
        if (const Json* a = optional(j, "add_prefix_space")) prefixAdded = asBool(*a, joinPath(path, "add_prefix_space"));
        if (const Json* s = optional(j, "prepend_scheme")) {
            const std::string scheme = asString(*s, joinPath(path, "prepend_scheme"));
            if (scheme != "always" && scheme != "first" && scheme != "never")
                parseError(joinPath(path, "prepend_scheme"), "unknown prepend_scheme \"" + scheme + "\"");
            prefixAdded = scheme != "never";
        }
        return std::make_unique<Metaspace>(replacement, prefixAdded);
    }
    if (type == "Strip") {
        constexpr int64_t kMax = INT32_MAX;
        return std::make_unique<Strip>(getChar(j, path, "content"), static_cast<size_t>(getInt(j, path, "start", 0, kMax)),
                                       static_cast<size_t>(getInt(j, path, "stop", 0, kMax)));
    }
    if (type == "Replace")
        return std::make_unique<Replace>(Pattern::fromJson(require(j, path, "pattern"), joinPath(path, "pattern")),
                                         getString(j, path, "content"));
    if (type == "WordPiece")
        return std::make_unique<WordPiece>(getOptString(j, path, "prefix").value_or("##"), getBool(j, path, "cleanup", true));
    if (type == "BPEDecoder") return std::make_unique<BpeDecoder>(getOptString(j, path, "suffix").value_or("</w>"));
    if (type == "CTC")
        return std::make_unique<Ctc>(getOptString(j, path, "pad_token").value_or("<pad>"),
                                     getOptString(j, path, "word_delimiter_token").value_or("|"),
                                     getBool(j, path, "cleanup", true));
    if (type == "Sequence") {
        const std::string listPath = joinPath(path, "decoders");
        const Json& list = require(j, path, "decoders");
        expectArray(list, listPath);
        std::vector<std::unique_ptr<Decoder>> parts;
        for (size_t i = 0; i < list.size(); ++i) parts.push_back(makeDecoder(list[i], indexPath(listPath, i), depth + 1));
        return std::make_unique<Sequence>(std::move(parts));
    }
    parseError(joinPath(path, "type"), "unsupported decoder type \"" + type + "\"");
}

} // namespace cmf::engine::tok
