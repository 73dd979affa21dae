#include "tokenizer/models.h"

#include "cmf/format/error.h"

namespace cmf::engine::tok {

void Vocab::parseObject(const Json& j, const std::string& path) {
    expectObject(j, path);
    map_.reserve(j.size());
    for (auto it = j.begin(); it != j.end(); ++it) map_.set(it.key(), asId(it.value(), joinPath(path, it.key())));
    finish();
}

std::string byteFallbackToken(uint8_t b) {
    static const char* hex = "0123456789ABCDEF";
    std::string s = "<0x";
    s += hex[b >> 4];
    s += hex[b & 15];
    s += '>';
    return s;
}

void missingUnk(const std::string& path, std::string_view piece) {
    std::string shown(piece.substr(0, 40));
    throw Error(ErrorKind::Parse, "tokenizer.json: " + path + ": no unknown token to stand for \"" + shown +
                                      (piece.size() > 40 ? "...\"" : "\"") + " (unk_token missing or not in the vocabulary)");
}

std::unique_ptr<Model> makeModel(const Json& j, const std::string& path) {
    expectObject(j, path);
    std::string type;
    if (const Json* t = optional(j, "type")) {
        type = asString(*t, joinPath(path, "type"));
    } else {
        // Files written before models were tagged: tell them apart by shape.
        const Json* vocab = optional(j, "vocab");
        if (j.contains("merges")) type = "BPE";
        else if (vocab && vocab->is_array()) type = "Unigram";
        else if (j.contains("continuing_subword_prefix") || j.contains("max_input_chars_per_word")) type = "WordPiece";
        else type = "WordLevel";
    }
    if (type == "BPE") return makeBpe(j, path);
    if (type == "WordPiece") return makeWordPiece(j, path);
    if (type == "WordLevel") return makeWordLevel(j, path);
    if (type == "Unigram") return makeUnigram(j, path);
    parseError(joinPath(path, "type"), "unsupported model type \"" + type + "\"");
}

} // namespace cmf::engine::tok
