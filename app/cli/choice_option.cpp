#include "choice_option.h"

#include <algorithm>
#include <cctype>

namespace cmfcli {

static std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string choiceList(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
    return out;
}

CLI::Validator oneOf(std::vector<std::string> names, const std::string& what) {
    const std::string desc = "{" + choiceList(names) + "}";
    return CLI::Validator(
        [names, what](std::string& value) {
            for (const auto& n : names)
                if (lower(n) == lower(value)) {
                    value = n;
                    return std::string();
                }
            return "unknown " + what + " \"" + value + "\"; one of: " + choiceList(names);
        },
        desc);
}

} // namespace cmfcli
