#pragma once
// A JSON text that does not parse, said in the project's words: which
// section, the byte offset in the file, what the parser expected, and the
// bytes around that point escaped with printable(). nlohmann's own message
// ("[json.exception.parse_error.101] … last read: '<raw bytes>'") is
// library jargon and copies raw invalid bytes; it never reaches a user.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace cmf {

// what: the section's name as the user knows it ("header JSON", "masks meta
// JSON", "tokenizer.json"); fileOffset: where text starts in its file, when
// it is a section of a CMF file (the message then gives the file offset too).
std::string describeJsonError(const nlohmann::json::parse_error& e, std::string_view text, std::string_view what,
                              std::optional<uint64_t> fileOffset = std::nullopt);

} // namespace cmf
