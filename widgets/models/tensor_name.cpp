#include "models/tensor_name.h"

#include <algorithm>

namespace cmfw {

namespace {

bool has(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

bool isDigit(char c) { return c >= '0' && c <= '9'; }

char lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

} // namespace

TensorFamily familyOf(std::string_view name) {
    if (name.starts_with("skill.")) return TensorFamily::Skills;
    if (has(name, "embed") || has(name, "lm_head") || has(name, "wte.") || has(name, "wpe."))
        return TensorFamily::Embeddings;
    if (has(name, "norm")) return TensorFamily::Norms;
    if (has(name, ".experts.") || has(name, "shared_expert") || has(name, "expert_bias") || has(name, "mlp.gate.") ||
        has(name, ".router."))
        return TensorFamily::Experts;
    if (has(name, "attn") || has(name, "attention") || has(name, "q_proj") || has(name, "k_proj") ||
        has(name, "v_proj") || has(name, "o_proj"))
        return TensorFamily::Attention;
    if (has(name, "mlp") || has(name, "ffn") || has(name, "feed_forward") || has(name, "gate_proj") ||
        has(name, "up_proj") || has(name, "down_proj"))
        return TensorFamily::Ffn;
    return TensorFamily::Other;
}

int layerOf(std::string_view name) {
    if (has(name, ".mtp.") || name.starts_with("mtp.")) return kMtpLayer;
    constexpr std::string_view key = "layers.";
    for (size_t p = name.find(key); p != std::string_view::npos; p = name.find(key, p + 1)) {
        if (p > 0 && name[p - 1] != '.') continue; // "sublayers." is not a layer index
        size_t q = p + key.size();
        int n = 0;
        size_t digits = 0;
        while (q < name.size() && isDigit(name[q]) && digits < 9) n = n * 10 + (name[q++] - '0'), ++digits;
        if (digits > 0 && (q == name.size() || name[q] == '.')) return n;
    }
    return kNoLayer;
}

int naturalCompare(std::string_view a, std::string_view b) {
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (isDigit(a[i]) && isDigit(b[j])) {
            // Compare the digit runs by value: skip leading zeros, then length, then digits.
            size_t i0 = i, j0 = j;
            while (i0 < a.size() && a[i0] == '0') ++i0;
            while (j0 < b.size() && b[j0] == '0') ++j0;
            size_t i1 = i0, j1 = j0;
            while (i1 < a.size() && isDigit(a[i1])) ++i1;
            while (j1 < b.size() && isDigit(b[j1])) ++j1;
            if (i1 - i0 != j1 - j0) return (i1 - i0) < (j1 - j0) ? -1 : 1;
            if (const int c = a.substr(i0, i1 - i0).compare(b.substr(j0, j1 - j0)); c != 0) return c;
            if ((i1 - i) != (j1 - j)) return (i1 - i) < (j1 - j) ? -1 : 1; // fewer leading zeros first
            i = i1, j = j1;
            continue;
        }
        if (a[i] != b[j]) return (unsigned char)a[i] < (unsigned char)b[j] ? -1 : 1;
        ++i, ++j;
    }
    if (i < a.size()) return 1;
    if (j < b.size()) return -1;
    return 0;
}

bool containsFolded(std::string_view haystack, std::string_view lowerNeedle) {
    if (lowerNeedle.empty()) return true;
    if (lowerNeedle.size() > haystack.size()) return false;
    const auto it = std::search(haystack.begin(), haystack.end(), lowerNeedle.begin(), lowerNeedle.end(),
                                [](char h, char n) { return lower(h) == n; });
    return it != haystack.end();
}

} // namespace cmfw
