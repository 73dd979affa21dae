#pragma once
// An option that takes one of a few names (--kv f16, --draft lookup,
// --tensors ffn). CLI11's own IsMember/CheckedTransformer reject a bad value
// with "Check q3 value in {f16->,f32->... FAILED"; these say what was asked
// and list what is accepted, in the order the help gives them:
//   --kv: unknown KV cache type "q3"; one of: f32 f16
#include <CLI/CLI.hpp>

#include <string>
#include <utility>
#include <vector>

namespace cmfcli {

// The names of `choices`, space-separated, in order.
std::string choiceList(const std::vector<std::string>& names);

// Accepts one of names (case-insensitive; the value becomes the listed spelling).
CLI::Validator oneOf(std::vector<std::string> names, const std::string& what);

// Maps a name to its value, for options whose target is an enum: the value
// becomes the enum's number, which CLI11 then converts.
template <class E>
CLI::Validator oneOf(const std::vector<std::pair<std::string, E>>& choices, const std::string& what) {
    std::vector<std::string> names;
    for (const auto& c : choices) names.push_back(c.first);
    CLI::Validator byName = oneOf(names, what);
    return CLI::Validator(
        [byName, choices](std::string& value) {
            std::string err = byName(value);
            if (!err.empty()) return err;
            for (const auto& c : choices)
                if (c.first == value) value = std::to_string(static_cast<long long>(c.second));
            return std::string();
        },
        byName.get_description());
}

} // namespace cmfcli
