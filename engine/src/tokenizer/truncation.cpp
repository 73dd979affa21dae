#include "tokenizer/truncation.h"


namespace cmf::engine::tok {

namespace {

bool parseDirection(const Json& j, const std::string& path) {
    const Json* d = optional(j, "direction");
    if (!d) return false;
    const std::string s = asString(*d, joinPath(path, "direction"));
    if (s == "Left") return true;
    if (s == "Right") return false;
    parseError(joinPath(path, "direction"), "expected \"Left\" or \"Right\", got \"" + s + "\"");
}

// Longer than any model's context; a file asking for more is refused rather
// than allowed to allocate billions of pad tokens.
constexpr int64_t kMaxLen = int64_t(1) << 24;

} // namespace

std::optional<Truncation> parseTruncation(const Json& j, const std::string& path) {
    if (j.is_null()) return std::nullopt;
    expectObject(j, path);
    Truncation t;
    t.maxLength = static_cast<size_t>(getInt(j, path, "max_length", 0, kMaxLen));
    t.left = parseDirection(j, path);
    // strategy and stride only matter for pairs and overflowing windows.
    if (const Json* s = optional(j, "strategy")) {
        const std::string v = asString(*s, joinPath(path, "strategy"));
        if (v != "LongestFirst" && v != "OnlyFirst" && v != "OnlySecond")
            parseError(joinPath(path, "strategy"), "unknown truncation strategy \"" + v + "\"");
    }
    return t;
}

std::optional<Padding> parsePadding(const Json& j, const std::string& path) {
    if (j.is_null()) return std::nullopt;
    expectObject(j, path);
    Padding p;
    const std::string spath = joinPath(path, "strategy");
    if (const Json* s = optional(j, "strategy")) {
        if (s->is_string()) {
            if (s->get<std::string>() != "BatchLongest") parseError(spath, "expected \"BatchLongest\" or {\"Fixed\": n}");
        } else {
            p.fixedLength = static_cast<size_t>(getInt(*s, spath, "Fixed", 0, kMaxLen));
        }
    }
    if (const Json* m = optional(j, "pad_to_multiple_of"))
        p.multipleOf = static_cast<size_t>(asInt(*m, joinPath(path, "pad_to_multiple_of"), 0, kMaxLen));
    p.left = parseDirection(j, path);
    p.padId = static_cast<int32_t>(getInt(j, path, "pad_id", 0, kMaxLen, 0));
    p.padToken = getOptString(j, path, "pad_token").value_or("[PAD]");
    return p;
}

void truncate(TokenList& seq, const Truncation& t, size_t reserved) {
    const size_t limit = t.maxLength > reserved ? t.maxLength - reserved : 0;
    if (seq.ids.size() <= limit) return;
    const size_t drop = seq.ids.size() - limit;
    if (t.left) {
        seq.ids.erase(seq.ids.begin(), seq.ids.begin() + static_cast<std::ptrdiff_t>(drop));
        if (seq.withTokens) seq.tokens.erase(seq.tokens.begin(), seq.tokens.begin() + static_cast<std::ptrdiff_t>(drop));
    } else {
        seq.ids.resize(limit);
        if (seq.withTokens) seq.tokens.resize(limit);
    }
}

void pad(TokenList& seq, const Padding& p) {
    size_t target = p.fixedLength.value_or(seq.ids.size());
    if (p.multipleOf > 0 && target % p.multipleOf != 0) target += p.multipleOf - target % p.multipleOf;
    if (seq.ids.size() >= target) return;
    const size_t n = target - seq.ids.size();
    const auto at = p.left ? 0 : static_cast<std::ptrdiff_t>(seq.ids.size());
    seq.ids.insert(seq.ids.begin() + at, n, p.padId);
    if (seq.withTokens) seq.tokens.insert(seq.tokens.begin() + at, n, p.padToken);
}

} // namespace cmf::engine::tok
