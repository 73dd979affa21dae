#include "cmf/format/json_error.h"
#include "cmf/format/printable.h"

#include <algorithm>

namespace cmf {
namespace {

// nlohmann's syntax errors read "… syntax error while parsing CONTEXT -
// REASON[; last read: 'RAW'][; expected TOKEN]". Only CONTEXT, REASON and
// TOKEN are kept (all plain ASCII from the parser); RAW is raw file bytes.
struct ParserWords {
    std::string context, reason, expected;
};

ParserWords parserWords(const std::string& msg) {
    ParserWords w;
    const auto syntax = msg.find("syntax error ");
    if (syntax == std::string::npos) {
        // Not a syntax error (e.g. a number out of range): the text after "column N: ".
        const auto colon = msg.find(": ", msg.find("column"));
        w.reason = printable(colon == std::string::npos ? msg : msg.substr(colon + 2));
        return w;
    }
    std::string rest = msg.substr(syntax + 13);
    if (rest.rfind("while parsing ", 0) == 0) {
        const auto dash = rest.find(" - ");
        if (dash != std::string::npos) {
            w.context = rest.substr(14, dash - 14);
            rest = rest.substr(dash + 1);
        }
    }
    if (rest.rfind("- ", 0) == 0) rest = rest.substr(2);
    const auto expected = rest.rfind("; expected ");
    if (expected != std::string::npos) {
        w.expected = rest.substr(expected + 11);
        rest = rest.substr(0, expected);
    }
    const auto lastRead = rest.find("; last read: ");
    w.reason = rest.substr(0, lastRead);
    // What remains came from the parser's fixed vocabulary, but be safe.
    w.context = printable(w.context);
    w.reason = printable(w.reason);
    w.expected = printable(w.expected);
    return w;
}

} // namespace

std::string describeJsonError(const nlohmann::json::parse_error& e, std::string_view text, std::string_view what,
                              std::optional<uint64_t> fileOffset) {
    // e.byte counts the bytes read, the offending one included.
    const size_t at = std::min<size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    const ParserWords w = parserWords(e.what());
    std::string out = std::string(what) + " is not valid JSON at byte " + std::to_string(at);
    if (fileOffset) out += " (file offset " + std::to_string(*fileOffset + at) + ")";
    if (!w.context.empty()) out += ", while parsing the " + w.context;
    out += ": " + w.reason;
    if (!w.expected.empty()) out += "; expected " + w.expected;
    const size_t from = at > 32 ? at - 32 : 0;
    const size_t to = std::min(text.size(), at + 16);
    if (to > from)
        out += "; the bytes there: \"" + std::string(from > 0 ? "\u2026" : "") + printable(text.substr(from, to - from)) +
               (to < text.size() ? "\u2026" : "") + "\"";
    else
        out += " (the text is empty)";
    return out;
}

} // namespace cmf
