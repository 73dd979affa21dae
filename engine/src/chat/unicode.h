#pragma once
// UTF-8 and the Unicode character predicates and case mappings of Python's str, which templates
// observe through str methods, filters and the lexer's whitespace handling. Every string the
// interpreter holds is valid UTF-8 (sources and context strings are checked on the way in), so
// decoding here never has to handle malformed input.
#include <cstddef>
#include <string>
#include <string_view>

namespace cmf::engine::chat {

// Byte offset of the first malformed sequence (overlong, surrogate, > U+10FFFF, truncated), or
// npos when the whole string is valid UTF-8.
size_t findInvalidUtf8(std::string_view s);

// Decodes the code point at s[i] and advances i past it. Requires valid UTF-8.
char32_t decodeAt(std::string_view s, size_t& i);
void appendUtf8(std::string& out, char32_t c);
size_t codePointCount(std::string_view s);
bool isAscii(std::string_view s);

// Python's str.isspace(): also what `\s` matches in jinja's lexer regexes and what str.strip()
// and str.split() without arguments remove.
bool isPySpace(char32_t c);
bool isPyAlpha(char32_t c);
bool isPyDecimal(char32_t c);
bool isPyDigit(char32_t c);
bool isPyNumeric(char32_t c);
bool isPyAlnum(char32_t c);
bool isPyPrintable(char32_t c);
bool isPyLowercase(char32_t c); // Unicode Lowercase property
bool isPyUppercase(char32_t c); // Unicode Uppercase property
bool isPyTitlecase(char32_t c);
bool isPyCased(char32_t c);
bool isCaseIgnorable(char32_t c);
// `\w` of Python's re module for str patterns.
bool isPyWordChar(char32_t c);
// Characters jinja's lexer accepts in a name, and str.isidentifier() for the whole name.
bool isNameChar(char32_t c);
bool isPyIdentifier(std::string_view s);

// Full case mappings (one code point can map to several) appended to out.
void appendUpper(std::string& out, char32_t c);
void appendLower(std::string& out, char32_t c);
void appendTitle(std::string& out, char32_t c);
void appendFold(std::string& out, char32_t c);

// Generated tables (unicode_tables.cpp): the multi-character mappings, nullptr when the simple
// mapping applies, and the ranges where Python's predicates go beyond the general category.
const char* specialUpper(char32_t c);
const char* specialLower(char32_t c);
const char* specialTitle(char32_t c);
const char* specialFold(char32_t c);
bool isDigitExtra(char32_t c);
bool isNumericExtra(char32_t c);
bool isLowercaseExtra(char32_t c);
bool isUppercaseExtra(char32_t c);

} // namespace cmf::engine::chat
