// Characters Oniguruma (Unicode 16, what HF's regexes see) puts in a property
// and PCRE2 10.42 (Unicode 14) does not know yet, as PCRE2 class items. Measured
// by running every code point through HF tokenizers 0.23.2 (a Split on \\p{X})
// and through this library's PCRE2 translation; only additions were found
// (plus unassigned code points, which \\p{C}/\\p{Cn} still differ on).
#include "tokenizer/regex.h"

#include "tokenizer/unicode.h"

#include <algorithm>
#include <string>
#include <vector>

namespace cmf::engine::tok {

namespace {

struct Entry {
    std::string_view property;
    std::string_view members;
};

constexpr Entry kTable[] = {
    {"Cf",
     "\\x{13439}-\\x{1343F}"},
    {"L",
     "\\x{1C89}-\\x{1C8A}\\x{A7CB}-\\x{A7CD}\\x{A7DA}-\\x{A7DC}\\x{105C0}-\\x{105F3}\\x{10D4A}-\\x{10D65}\\x{10D6F}-\\x{10D85}\\x{10EC2}-\\x{10EC4}\\x{1123F}-\\x{11240}\\x{11380}-\\x{11389}\\x{1138B}\\x{1138E}\\x{11390}-\\x{113B5}\\x{113B7}\\x{113D1}\\x{113D3}\\x{11BC0}-\\x{11BE0}\\x{11F02}\\x{11F04}-\\x{11F10}\\x{11F12}-\\x{11F33}\\x{1342F}\\x{13441}-\\x{13446}\\x{13460}-\\x{143FA}\\x{16100}-\\x{1611D}\\x{16D40}-\\x{16D6C}\\x{18CFF}\\x{1B132}\\x{1B155}\\x{1DF25}-\\x{1DF2A}\\x{1E030}-\\x{1E06D}\\x{1E4D0}-\\x{1E4EB}\\x{1E5D0}-\\x{1E5ED}\\x{1E5F0}\\x{2B739}\\x{2EBF0}-\\x{2EE5D}\\x{31350}-\\x{323AF}"},
    {"Ll",
     "\\x{1C8A}\\x{A7CD}\\x{A7DB}\\x{10D70}-\\x{10D85}\\x{1DF25}-\\x{1DF2A}"},
    {"Lm",
     "\\x{10D4E}\\x{10D6F}\\x{16D40}-\\x{16D42}\\x{16D6B}-\\x{16D6C}\\x{1E030}-\\x{1E06D}\\x{1E4EB}"},
    {"Lo",
     "\\x{105C0}-\\x{105F3}\\x{10D4A}-\\x{10D4D}\\x{10D4F}\\x{10EC2}-\\x{10EC4}\\x{1123F}-\\x{11240}\\x{11380}-\\x{11389}\\x{1138B}\\x{1138E}\\x{11390}-\\x{113B5}\\x{113B7}\\x{113D1}\\x{113D3}\\x{11BC0}-\\x{11BE0}\\x{11F02}\\x{11F04}-\\x{11F10}\\x{11F12}-\\x{11F33}\\x{1342F}\\x{13441}-\\x{13446}\\x{13460}-\\x{143FA}\\x{16100}-\\x{1611D}\\x{16D43}-\\x{16D6A}\\x{18CFF}\\x{1B132}\\x{1B155}\\x{1E4D0}-\\x{1E4EA}\\x{1E5D0}-\\x{1E5ED}\\x{1E5F0}\\x{2B739}\\x{2EBF0}-\\x{2EE5D}\\x{31350}-\\x{323AF}"},
    {"Lu",
     "\\x{1C89}\\x{A7CB}-\\x{A7CC}\\x{A7DA}\\x{A7DC}\\x{10D50}-\\x{10D65}"},
    {"M",
     "\\x{897}\\x{CF3}\\x{ECE}\\x{10D69}-\\x{10D6D}\\x{10EFC}-\\x{10EFF}\\x{11241}\\x{113B8}-\\x{113C0}\\x{113C2}\\x{113C5}\\x{113C7}-\\x{113CA}\\x{113CC}-\\x{113D0}\\x{113D2}\\x{113E1}-\\x{113E2}\\x{11F00}-\\x{11F01}\\x{11F03}\\x{11F34}-\\x{11F3A}\\x{11F3E}-\\x{11F42}\\x{11F5A}\\x{13440}\\x{13447}-\\x{13455}\\x{1611E}-\\x{1612F}\\x{1E08F}\\x{1E4EC}-\\x{1E4EF}\\x{1E5EE}-\\x{1E5EF}"},
    {"Mc",
     "\\x{CF3}\\x{113B8}-\\x{113BA}\\x{113C2}\\x{113C5}\\x{113C7}-\\x{113CA}\\x{113CC}-\\x{113CD}\\x{113CF}\\x{1171E}\\x{11F03}\\x{11F34}-\\x{11F35}\\x{11F3E}-\\x{11F3F}\\x{11F41}\\x{1612A}-\\x{1612C}"},
    {"Mn",
     "\\x{897}\\x{ECE}\\x{10D69}-\\x{10D6D}\\x{10EFC}-\\x{10EFF}\\x{11241}\\x{113BB}-\\x{113C0}\\x{113CE}\\x{113D0}\\x{113D2}\\x{113E1}-\\x{113E2}\\x{11F00}-\\x{11F01}\\x{11F36}-\\x{11F3A}\\x{11F40}\\x{11F42}\\x{11F5A}\\x{13440}\\x{13447}-\\x{13455}\\x{1611E}-\\x{16129}\\x{1612D}-\\x{1612F}\\x{1E08F}\\x{1E4EC}-\\x{1E4EF}\\x{1E5EE}-\\x{1E5EF}"},
    {"N",
     "\\x{10D40}-\\x{10D49}\\x{116D0}-\\x{116E3}\\x{11BF0}-\\x{11BF9}\\x{11F50}-\\x{11F59}\\x{16130}-\\x{16139}\\x{16D70}-\\x{16D79}\\x{1CCF0}-\\x{1CCF9}\\x{1D2C0}-\\x{1D2D3}\\x{1E4F0}-\\x{1E4F9}\\x{1E5F1}-\\x{1E5FA}"},
    {"Nd",
     "\\x{10D40}-\\x{10D49}\\x{116D0}-\\x{116E3}\\x{11BF0}-\\x{11BF9}\\x{11F50}-\\x{11F59}\\x{16130}-\\x{16139}\\x{16D70}-\\x{16D79}\\x{1CCF0}-\\x{1CCF9}\\x{1E4F0}-\\x{1E4F9}\\x{1E5F1}-\\x{1E5FA}"},
    {"No",
     "\\x{1D2C0}-\\x{1D2D3}"},
    {"P",
     "\\x{1B4E}-\\x{1B4F}\\x{1B7F}\\x{10D6E}\\x{113D4}-\\x{113D5}\\x{113D7}-\\x{113D8}\\x{11B00}-\\x{11B09}\\x{11BE1}\\x{11F43}-\\x{11F4F}\\x{16D6D}-\\x{16D6F}\\x{1E5FF}"},
    {"Pd",
     "\\x{10D6E}"},
    {"Po",
     "\\x{1B4E}-\\x{1B4F}\\x{1B7F}\\x{113D4}-\\x{113D5}\\x{113D7}-\\x{113D8}\\x{11B00}-\\x{11B09}\\x{11BE1}\\x{11F43}-\\x{11F4F}\\x{16D6D}-\\x{16D6F}\\x{1E5FF}"},
    {"S",
     "\\x{2427}-\\x{2429}\\x{2FFC}-\\x{2FFF}\\x{31E4}-\\x{31E5}\\x{31EF}\\x{10D8E}-\\x{10D8F}\\x{1CC00}-\\x{1CCEF}\\x{1CD00}-\\x{1CEB3}\\x{1F6DC}\\x{1F774}-\\x{1F776}\\x{1F77B}-\\x{1F77F}\\x{1F7D9}\\x{1F8B2}-\\x{1F8BB}\\x{1F8C0}-\\x{1F8C1}\\x{1FA75}-\\x{1FA77}\\x{1FA87}-\\x{1FA89}\\x{1FA8F}\\x{1FAAD}-\\x{1FAAF}\\x{1FABB}-\\x{1FABF}\\x{1FAC6}\\x{1FACE}-\\x{1FACF}\\x{1FADA}-\\x{1FADC}\\x{1FADF}\\x{1FAE8}-\\x{1FAE9}\\x{1FAF7}-\\x{1FAF8}\\x{1FBCB}-\\x{1FBEF}"},
    {"Sm",
     "\\x{10D8E}-\\x{10D8F}"},
    {"So",
     "\\x{2427}-\\x{2429}\\x{2FFC}-\\x{2FFF}\\x{31E4}-\\x{31E5}\\x{31EF}\\x{1CC00}-\\x{1CCEF}\\x{1CD00}-\\x{1CEB3}\\x{1F6DC}\\x{1F774}-\\x{1F776}\\x{1F77B}-\\x{1F77F}\\x{1F7D9}\\x{1F8B2}-\\x{1F8BB}\\x{1F8C0}-\\x{1F8C1}\\x{1FA75}-\\x{1FA77}\\x{1FA87}-\\x{1FA89}\\x{1FA8F}\\x{1FAAD}-\\x{1FAAF}\\x{1FABB}-\\x{1FABF}\\x{1FAC6}\\x{1FACE}-\\x{1FACF}\\x{1FADA}-\\x{1FADC}\\x{1FADF}\\x{1FAE8}-\\x{1FAE9}\\x{1FAF7}-\\x{1FAF8}\\x{1FBCB}-\\x{1FBEF}"},
    {"d",
     "\\x{10D40}-\\x{10D49}\\x{116D0}-\\x{116E3}\\x{11BF0}-\\x{11BF9}\\x{11F50}-\\x{11F59}\\x{16130}-\\x{16139}\\x{16D70}-\\x{16D79}\\x{1CCF0}-\\x{1CCF9}\\x{1E4F0}-\\x{1E4F9}\\x{1E5F1}-\\x{1E5FA}"},
    {"w",
     "\\x{897}\\x{CF3}\\x{ECE}\\x{1C89}-\\x{1C8A}\\x{A7CB}-\\x{A7CD}\\x{A7DA}-\\x{A7DC}\\x{105C0}-\\x{105F3}\\x{10D40}-\\x{10D65}\\x{10D69}-\\x{10D6D}\\x{10D6F}-\\x{10D85}\\x{10EC2}-\\x{10EC4}\\x{10EFC}-\\x{10EFF}\\x{1123F}-\\x{11241}\\x{11380}-\\x{11389}\\x{1138B}\\x{1138E}\\x{11390}-\\x{113B5}\\x{113B7}-\\x{113C0}\\x{113C2}\\x{113C5}\\x{113C7}-\\x{113CA}\\x{113CC}-\\x{113D3}\\x{113E1}-\\x{113E2}\\x{116D0}-\\x{116E3}\\x{11BC0}-\\x{11BE0}\\x{11BF0}-\\x{11BF9}\\x{11F00}-\\x{11F10}\\x{11F12}-\\x{11F3A}\\x{11F3E}-\\x{11F42}\\x{11F50}-\\x{11F5A}\\x{1342F}\\x{13440}-\\x{13455}\\x{13460}-\\x{143FA}\\x{16100}-\\x{16139}\\x{16D40}-\\x{16D6C}\\x{16D70}-\\x{16D79}\\x{18CFF}\\x{1B132}\\x{1B155}\\x{1CCF0}-\\x{1CCF9}\\x{1DF25}-\\x{1DF2A}\\x{1E030}-\\x{1E06D}\\x{1E08F}\\x{1E4D0}-\\x{1E4F9}\\x{1E5D0}-\\x{1E5FA}\\x{2B739}\\x{2EBF0}-\\x{2EE5D}\\x{31350}-\\x{323AF}"},
};

// Every code point of every table: a bit per BMP code point, ranges above.
struct NewerSet {
    std::vector<uint64_t> bmp = std::vector<uint64_t>(0x10000 / 64, 0);
    std::vector<std::pair<char32_t, char32_t>> astral;
    NewerSet() {
        for (const Entry& e : kTable) {
            std::string_view m = e.members; // \x{A}-\x{B}\x{C}...
            while (!m.empty()) {
                const auto readHex = [&m] {
                    const size_t close = m.find('}');
                    const auto v = static_cast<char32_t>(std::stoul(std::string(m.substr(3, close - 3)), nullptr, 16));
                    m.remove_prefix(close + 1);
                    return v;
                };
                const char32_t first = readHex();
                char32_t last = first;
                if (!m.empty() && m[0] == '-') {
                    m.remove_prefix(1);
                    last = readHex();
                }
                for (char32_t c = first; c <= last && c < 0x10000; ++c) bmp[c / 64] |= uint64_t(1) << (c % 64);
                if (last >= 0x10000) astral.push_back({std::max<char32_t>(first, 0x10000), last});
            }
        }
    }
    bool contains(char32_t c) const {
        if (c < 0x10000) return (bmp[c / 64] >> (c % 64)) & 1;
        for (const auto& [a, b] : astral)
            if (c >= a && c <= b) return true;
        return false;
    }
};

} // namespace

std::string_view newerPropertyMembers(std::string_view property) {
    for (const Entry& e : kTable)
        if (e.property == property) return e.members;
    return {};
}

bool hasNewerCharacters(std::string_view text) {
    static const NewerSet set;
    size_t i = 0;
    while (i < text.size()) {
        if (static_cast<uint8_t>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        if (set.contains(nextChar(text, i))) return true;
    }
    return false;
}

} // namespace cmf::engine::tok
