#pragma once
// Tokenizer for jinja2 syntax with the settings transformers uses: trim_blocks, lstrip_blocks,
// keep_trailing_newline=False, default delimiters. It reproduces jinja2's regex lexer
// (including its whitespace-control corner cases) so the template text between tags comes out
// exactly as jinja2 would emit it.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cmf::engine::chat {

enum class Tok : uint8_t {
    Data,          // template text between tags
    VariableBegin, // {{
    VariableEnd,   // }}
    BlockBegin,    // {%
    BlockEnd,      // %}
    Name,
    String,
    Integer,
    Float,
    Operator,
    Eof,
};

struct Token {
    Tok type = Tok::Eof;
    std::string text; // Data text, name, decoded string literal or operator
    int64_t ival = 0;
    double fval = 0;
    uint32_t line = 1;
    uint32_t col = 1;
    bool is(Tok t, std::string_view s) const { return type == t && text == s; }
    bool isName(std::string_view s) const { return is(Tok::Name, s); }
    bool isOp(std::string_view s) const { return is(Tok::Operator, s); }
};

// jinja2 normalizes every \r\n and \r to \n and drops one trailing newline before lexing.
std::string normalizeSource(std::string_view source);

// Throws cmf::Error(Parse, "template:LINE:COL: message") for lexical errors and invalid UTF-8.
std::vector<Token> tokenize(std::string_view normalizedSource);

// "template:LINE:COL: message" as a cmf::Error of kind Parse.
[[noreturn]] void throwSyntaxError(uint32_t line, uint32_t col, const std::string& message);

} // namespace cmf::engine::chat
