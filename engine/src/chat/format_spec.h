#pragma once
// The numeric and padding machinery shared by Python's two formatting languages: the format
// spec mini-language ([[fill]align][sign][#][0][width][,][.precision][type]) and the printf
// conversions, with Python's float layout rules (shortest repr, 'g' with and without '#').
#include "chat/value.h"

#include <string>
#include <string_view>

namespace cmf::engine::chat {

struct Spec {
    char32_t fill = ' ';
    char align = 0;
    char sign = 0;
    bool alt = false;
    bool zero = false;
    int64_t width = -1;
    char grouping = 0;
    int precision = -1;
    char type = 0;
};

// Parses a format spec for `v` (ValueError on malformed specs, as Python).
Spec parseSpec(std::string_view s, const Value& v);
// Pads prefix+body to the width; '=' alignment puts the padding between sign and digits.
std::string padNumber(const Spec& spec, const std::string& prefix, const std::string& body, char defaultAlign);
std::string formatInt(int64_t v, Spec spec, const Value& original);
std::string formatFloat(double v, const Spec& spec);

} // namespace cmf::engine::chat
