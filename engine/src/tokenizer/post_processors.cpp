#include "tokenizer/post_processors.h"

#include <map>

namespace cmf::engine::tok {

namespace {

struct SpecialToken {
    std::vector<int32_t> ids;
    std::vector<std::string> tokens;
};

void prependAppend(TokenList& seq, const SpecialToken& before, const SpecialToken& after) {
    std::vector<int32_t> ids = before.ids;
    ids.insert(ids.end(), seq.ids.begin(), seq.ids.end());
    ids.insert(ids.end(), after.ids.begin(), after.ids.end());
    seq.ids = std::move(ids);
    if (seq.withTokens) {
        std::vector<std::string> tokens = before.tokens;
        tokens.insert(tokens.end(), seq.tokens.begin(), seq.tokens.end());
        tokens.insert(tokens.end(), after.tokens.begin(), after.tokens.end());
        seq.tokens = std::move(tokens);
    }
}

// One element of a template: a special token (by its key in special_tokens)
// or one of the input sequences ("A" or "B").
struct Piece {
    bool isSequence = false;
    std::string id;
};

// {"SpecialToken": {"id": "[CLS]", "type_id": 0}} or {"Sequence": {"id": "A", "type_id": 0}}.
// (HF's Python API also takes "[CLS] $A" strings, but tokenizer.json never holds them.)
Piece parsePiece(const Json& j, const std::string& path) {
    expectObject(j, path);
    if (const Json* st = optional(j, "SpecialToken")) {
        const std::string p = joinPath(path, "SpecialToken");
        return {false, getString(*st, p, "id")};
    }
    if (const Json* sq = optional(j, "Sequence")) {
        const std::string p = joinPath(path, "Sequence");
        const std::string id = getString(*sq, p, "id");
        if (id != "A" && id != "B") parseError(joinPath(p, "id"), "expected \"A\" or \"B\", got \"" + id + "\"");
        return {true, id};
    }
    parseError(path, "expected {\"SpecialToken\": ...} or {\"Sequence\": ...}");
}

std::vector<Piece> parseTemplate(const Json& j, const std::string& path) {
    std::vector<Piece> pieces;
    expectArray(j, path);
    for (size_t i = 0; i < j.size(); ++i) pieces.push_back(parsePiece(j[i], indexPath(path, i)));
    return pieces;
}

class TemplateProcessing : public PostProcessor {
public:
    TemplateProcessing(const Json& j, const std::string& path) {
        const std::string spath = joinPath(path, "special_tokens");
        if (const Json* specials = optional(j, "special_tokens")) {
            expectObject(*specials, spath);
            for (auto it = specials->begin(); it != specials->end(); ++it) {
                const std::string p = joinPath(spath, it.key());
                const Json& ids = require(it.value(), p, "ids");
                const Json& tokens = require(it.value(), p, "tokens");
                expectArray(ids, joinPath(p, "ids"));
                expectArray(tokens, joinPath(p, "tokens"));
                if (ids.size() != tokens.size()) parseError(p, "ids and tokens differ in length");
                SpecialToken t;
                for (size_t i = 0; i < ids.size(); ++i) {
                    t.ids.push_back(asId(ids[i], indexPath(joinPath(p, "ids"), i)));
                    t.tokens.push_back(asString(tokens[i], indexPath(joinPath(p, "tokens"), i)));
                }
                // The map is keyed by the token's "id" field (HF re-keys it so).
                specials_[getString(it.value(), p, "id")] = std::move(t);
            }
        }
        single_ = parseTemplate(require(j, path, "single"), joinPath(path, "single"));
        pair_ = parseTemplate(require(j, path, "pair"), joinPath(path, "pair"));
        for (size_t i = 0; i < single_.size(); ++i)
            if (single_[i].isSequence && single_[i].id != "A")
                parseError(indexPath(joinPath(path, "single"), i), "a single-sequence template can only use $A");
        using Named = std::pair<const std::vector<Piece>*, const char*>;
        for (const auto& [tmpl, name] : {Named{&single_, "single"}, Named{&pair_, "pair"}})
            for (size_t i = 0; i < tmpl->size(); ++i)
                if (!(*tmpl)[i].isSequence && !specials_.count((*tmpl)[i].id))
                    parseError(indexPath(joinPath(path, name), i),
                               "special token \"" + (*tmpl)[i].id + "\" is not in special_tokens");
    }

    void addSpecialTokens(TokenList& seq) const override {
        TokenList out;
        out.withTokens = seq.withTokens;
        for (const Piece& p : single_) {
            if (p.isSequence) {
                out.ids.insert(out.ids.end(), seq.ids.begin(), seq.ids.end());
                if (seq.withTokens) out.tokens.insert(out.tokens.end(), seq.tokens.begin(), seq.tokens.end());
            } else {
                const SpecialToken& t = specials_.at(p.id);
                out.ids.insert(out.ids.end(), t.ids.begin(), t.ids.end());
                if (seq.withTokens) out.tokens.insert(out.tokens.end(), t.tokens.begin(), t.tokens.end());
            }
        }
        seq = std::move(out);
    }
    size_t addedCount() const override {
        size_t n = 0;
        for (const Piece& p : single_)
            if (!p.isSequence) n += specials_.at(p.id).ids.size();
        return n;
    }

private:
    std::map<std::string, SpecialToken> specials_;
    std::vector<Piece> single_, pair_;
};

// ["[SEP]", 102]: a token and its id.
SpecialToken parseTokenIdPair(const Json& obj, const std::string& path, const char* key) {
    const std::string p = joinPath(path, key);
    const Json& j = require(obj, path, key);
    if (!j.is_array() || j.size() != 2) parseError(p, "expected [\"token\", id]");
    return SpecialToken{{asId(j[1], indexPath(p, 1))}, {asString(j[0], indexPath(p, 0))}};
}

// [CLS] A [SEP] (BERT) or <s> A </s> (RoBERTa): the same shape for one sequence.
class ClsSepProcessing : public PostProcessor {
public:
    ClsSepProcessing(SpecialToken cls, SpecialToken sep) : cls_(std::move(cls)), sep_(std::move(sep)) {}
    void addSpecialTokens(TokenList& seq) const override { prependAppend(seq, cls_, sep_); }
    size_t addedCount() const override { return cls_.ids.size() + sep_.ids.size(); }

private:
    SpecialToken cls_, sep_;
};

class NoOp : public PostProcessor {
public:
    void addSpecialTokens(TokenList&) const override {}
    size_t addedCount() const override { return 0; }
};

class Sequence : public PostProcessor {
public:
    explicit Sequence(std::vector<std::unique_ptr<PostProcessor>> parts) : parts_(std::move(parts)) {}
    void addSpecialTokens(TokenList& seq) const override {
        for (const auto& p : parts_) p->addSpecialTokens(seq);
    }
    size_t addedCount() const override {
        size_t n = 0;
        for (const auto& p : parts_) n += p->addedCount();
        return n;
    }

private:
    std::vector<std::unique_ptr<PostProcessor>> parts_;
};

} // namespace

std::unique_ptr<PostProcessor> makePostProcessor(const Json& j, const std::string& path, int depth) {
    expectObject(j, path);
    if (depth > 32) parseError(path, "post-processors nested too deeply");
    const std::string type = getString(j, path, "type");
    if (type == "TemplateProcessing") return std::make_unique<TemplateProcessing>(j, path);
    if (type == "BertProcessing" || type == "RobertaProcessing")
        return std::make_unique<ClsSepProcessing>(parseTokenIdPair(j, path, "cls"), parseTokenIdPair(j, path, "sep"));
    if (type == "ByteLevel") return std::make_unique<NoOp>();
    if (type == "Sequence") {
        const std::string listPath = joinPath(path, "processors");
        const Json& list = require(j, path, "processors");
        expectArray(list, listPath);
        std::vector<std::unique_ptr<PostProcessor>> parts;
        for (size_t i = 0; i < list.size(); ++i)
            parts.push_back(makePostProcessor(list[i], indexPath(listPath, i), depth + 1));
        return std::make_unique<Sequence>(std::move(parts));
    }
    parseError(joinPath(path, "type"), "unsupported post_processor type \"" + type + "\"");
}

} // namespace cmf::engine::tok
