#pragma once
// What the tokenizer playground computes, apart from its widgets: the file's
// tokenizer and chat template loaded once (with a table of the vocabulary for
// searching), an encoding with the text each token stands for, a list of ids
// read from what a person typed, and vocabulary search. Every function here is
// pure and may run on a worker thread; the same engine calls as `cmf
// tokenize` and `cmf template`, so the two always agree.
#include "cmf/engine/chat_template.h"
#include "cmf/engine/tokenizer.h"

#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cmf {
class CmfFile;
}

namespace cmfw {

enum class TokenKind {
    Normal,
    Special, // an added token marked special (skipped by decode with skip_special_tokens)
    Added,   // an added token that is not special (<think>, runs of "\n")
    Byte,    // a byte-fallback token "<0xNN>"
};

// One id of the vocabulary as the search table shows it.
struct VocabEntry {
    QString spelling;  // the vocabulary string ("Ġthe")
    QString text;      // what decode([id]) gives (" the"); U+FFFD for part of a character
    TokenKind kind = TokenKind::Normal;
    int64_t mergeRank = -1; // BPE: the first merge that makes it; -1 none
    bool present = false;   // false for a hole in the id space
};

struct PlaygroundTokenizer {
    cmf::engine::Tokenizer tokenizer;
    std::vector<VocabEntry> vocab; // by id, 0 .. vocabSize()-1
    // The chat template (the file's, or ChatML when it has none), parsed; or the parse error.
    std::optional<cmf::engine::ChatTemplate> chatTemplate;
    std::string templateError;
    bool fallbackTemplate = false;
    // bos_token / eos_token for the template, as a chat session passes them (from the bundle's ids).
    std::optional<std::string> bos, eos;
};

// Parses the file's tokenizer section and chat template and builds the
// vocabulary table. Throws cmf::Error (no tokenizer section, tokenizer.json
// does not parse, Cancelled when stop is raised).
std::shared_ptr<const PlaygroundTokenizer> loadPlayground(const cmf::CmfFile& file, const std::atomic<bool>* stop = nullptr);
// The same from a tokenizer.json and a template source (empty: ChatML fallback).
std::shared_ptr<const PlaygroundTokenizer> loadPlayground(cmf::engine::Tokenizer tokenizer, const std::string& templateSource,
                                                          std::optional<std::string> bos, std::optional<std::string> eos,
                                                          const std::atomic<bool>* stop = nullptr);

// Normal, special or byte from the engine alone (telling Added apart needs the
// added-token list: use PlaygroundTokenizer::vocab).
TokenKind tokenKind(const cmf::engine::Tokenizer& tokenizer, int32_t id);

// Token text with what is invisible made visible: space as "␣", "\n", "\t",
// "\r", other control characters as \xNN, invalid UTF-8 as U+FFFD. "Ġ" and "▁"
// stay as they are: they are the vocabulary's own marks for a space.
QString visibleToken(const QString& s);
// UTF-8 to QString keeping a leading U+FEFF (a BOM at the start is text here).
QString textFromUtf8(const std::string& s);
QString visibleToken(const std::string& s);

struct TokenSpan {
    int32_t id = 0;
    std::string spelling; // the vocabulary string (Encoding::tokens)
    std::string text;     // the text this token adds to the decode (empty while a character is incomplete)
    TokenKind kind = TokenKind::Normal;
};

struct EncodeResult {
    std::vector<TokenSpan> spans;
    qsizetype characters = 0; // Unicode code points of the input
    qsizetype bytes = 0;      // UTF-8 bytes of the input
    QString error;            // the engine's message when the text cannot be tokenized
};

// Encodes as `cmf tokenize --json [--no-add-special] [--split-special]`.
EncodeResult encodeText(const PlaygroundTokenizer& t, const QString& text, bool addSpecialTokens, bool splitSpecialTokens);

struct IdList {
    std::vector<int32_t> ids;
    QString error; // names the bad item, or the first id out of range
};
// "1, 2 3", "1,2,3" or a JSON array "[1, 2, 3]" -> ids; every id must be below vocabSize.
IdList parseIdList(const QString& text, size_t vocabSize);

struct VocabQuery {
    enum class Mode { Text, Id, Regex };
    Mode mode = Mode::Text;
    QString pattern;
};

struct VocabMatches {
    std::vector<int32_t> ids; // ascending, at most `cap`
    size_t total = 0;         // every match, including those past the cap
    QString error;            // a regex that does not compile, an id that is not a number
};

// Text: the pattern as a substring of the spelling or of the decoded text
// (case-sensitive); Id: that one id; Regex: a QRegularExpression searched in
// the spelling and in the decoded text. Stops early (partial result) when stop is raised.
VocabMatches searchVocab(const PlaygroundTokenizer& t, const VocabQuery& query, size_t cap, const std::atomic<bool>* stop = nullptr);

struct TemplateRender {
    std::string text;
    std::vector<TokenSpan> spans;
    QString error; // "template:LINE:COL: message", or the template's raise_exception message
};

// Renders messages through the chat template as `cmf template` does (bos/eos
// from the file's bundle), then tokenizes the prompt without adding special
// tokens (the template writes them), as the chat session does.
TemplateRender renderConversation(const PlaygroundTokenizer& t, const nlohmann::ordered_json& messages, bool addGenerationPrompt);

} // namespace cmfw
