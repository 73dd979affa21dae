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

// Example prompts in a file: a `.jsonl` file holds one per line (a JSON
// string, or an object with "prompt" or "text"); any other file is split
// into documents at `<|endoftext|>` and each document into paragraphs at
// blank lines. Pieces shorter than minChars are dropped.
std::vector<std::string> splitPrompts(const std::string& path, size_t minChars = 24);

// Each prompt tokenized and cut to its first maxTokens tokens.
std::vector<std::vector<int32_t>> tokenizePrompts(const Tokenizer& tok, const std::vector<std::string>& prompts, size_t maxTokens = 128);

} // namespace cmf::engine
