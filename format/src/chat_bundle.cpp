#include "cmf/format/chat_bundle.h"
#include "cmf/format/error.h"

namespace cmf {
namespace {

std::optional<int64_t> optionalId(const nlohmann::json& b, const char* key) {
    if (!b.contains(key) || b[key].is_null()) return std::nullopt;
    if (!b[key].is_number_integer())
        throw Error(ErrorKind::Parse, std::string("header: tokenizer_config.") + key + " is not an integer or null (§6.1)");
    return b[key].get<int64_t>();
}

} // namespace

std::optional<ChatBundle> parseChatBundle(const nlohmann::json& header) {
    if (!header.contains("tokenizer_config") || header["tokenizer_config"].is_null()) return std::nullopt;
    const auto& b = header["tokenizer_config"];
    if (!b.is_object()) throw Error(ErrorKind::Parse, "header: tokenizer_config is not an object (§6.1)");
    ChatBundle c;
    if (b.contains("chat_template") && !b["chat_template"].is_null()) {
        if (!b["chat_template"].is_string())
            throw Error(ErrorKind::Parse, "header: tokenizer_config.chat_template is not a string (§6.1)");
        c.chatTemplate = b["chat_template"];
    }
    if (b.contains("eos_token_ids") && !b["eos_token_ids"].is_null()) {
        const auto& ids = b["eos_token_ids"];
        if (!ids.is_array()) throw Error(ErrorKind::Parse, "header: tokenizer_config.eos_token_ids is not an array (§6.1)");
        for (const auto& id : ids) {
            if (!id.is_number_integer())
                throw Error(ErrorKind::Parse, "header: tokenizer_config.eos_token_ids holds a non-integer (§6.1)");
            c.eosTokenIds.push_back(id.get<int64_t>());
        }
    }
    c.bosTokenId = optionalId(b, "bos_token_id");
    c.padTokenId = optionalId(b, "pad_token_id");
    return c;
}

} // namespace cmf
