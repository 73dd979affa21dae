#pragma once
// Text files as the token streams that calibration, route statistics, skill
// subspaces and quality measurement read. Special tokens written in the text
// (`<|endoftext|>`, `<|im_start|>` …) are recognised, as `cmf ppl` does.
#include "cmf/engine/tokenizer.h"

#include <string>
#include <vector>

namespace cmf::engine {

// The file's bytes; throws Error(Io) naming the file.
std::string readTextFile(const std::string& path);

// One token stream per file.
std::vector<std::vector<int32_t>> tokenizeFiles(const Tokenizer& tok, const std::vector<std::string>& paths);

// How a prompts file holds its prompts. The default reads the reference
// tool's convention: a `.jsonl` file holds one JSON value per line (a string,
// or an object with "prompt" or "text"); any other file holds one prompt per
// line. Paragraphs — documents split at `<|endoftext|>`, each split at blank
// lines — are read only when asked for.
enum class PromptsFormat { ByExtension, Lines, Paragraphs, Jsonl };

// "lines", "paragraphs", "jsonl" or "auto" (by extension); throws
// Error(Parse) naming the accepted values.
PromptsFormat promptsFormatFromName(const std::string& name);
const char* promptsFormatName(PromptsFormat f);

// ByExtension resolved for this path: Jsonl for `.jsonl`, else Lines.
PromptsFormat resolvePromptsFormat(const std::string& path, PromptsFormat f);

// The example prompts of a file. Lines: every line that is not blank
// (surrounding whitespace trimmed), however short — the user wrote each one
// as a prompt. Paragraphs and JSONL: pieces shorter than minChars are
// dropped (paragraph splitting leaves fragments). Throws Error(Io) for an
// unreadable file, Error(Parse) for a bad JSONL line.
std::vector<std::string> splitPrompts(const std::string& path, PromptsFormat format = PromptsFormat::ByExtension,
                                      size_t minChars = 24);

// Each prompt tokenized and cut to its first maxTokens tokens.
std::vector<std::vector<int32_t>> tokenizePrompts(const Tokenizer& tok, const std::vector<std::string>& prompts, size_t maxTokens = 128);

} // namespace cmf::engine
