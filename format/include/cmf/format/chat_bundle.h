#pragma once
// The chat bundle of spec §6.1: header.tokenizer_config. The file, not the
// runtime binary, defines chat behaviour (template, eos ids).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cmf {

struct ChatBundle {
    std::string chatTemplate;             // Jinja source; empty when absent
    std::vector<int64_t> eosTokenIds;
    std::optional<int64_t> bosTokenId;
    std::optional<int64_t> padTokenId;
};

// nullopt when the header has no block (or null): runtimes fall back to
// ChatML. Throws Error(Parse) when the block is present but malformed.
std::optional<ChatBundle> parseChatBundle(const nlohmann::json& header);

} // namespace cmf
