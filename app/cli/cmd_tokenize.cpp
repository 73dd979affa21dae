// cmf tokenize SRC (--text T | --text-file F) [--no-add-special] [--split-special] [--json]
// cmf tokenize SRC --decode 1,2,3 [--skip-special] [--json]
// SRC is a CMF file (its tokenizer section, spec §6) or a tokenizer.json.
#include "commands.h"

#include "cmf/engine/tokenizer.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <stdexcept>

namespace cmfcli {
namespace {

struct TokenizeOptions {
    std::string source;
    std::string text;
    std::string textFile;
    std::string decode;
    bool noAddSpecial = false;
    bool splitSpecial = false;
    bool skipSpecial = false;
    bool json = false;
};

// A tokenizer.json is a JSON object; anything else is opened as a CMF file.
cmf::engine::Tokenizer loadTokenizer(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw cmf::Error(cmf::ErrorKind::Io, "cannot open");
    char c = 0;
    while (in.get(c) && std::isspace(static_cast<unsigned char>(c))) {
    }
    if (in && c == '{') return cmf::engine::Tokenizer::fromFile(path);
    const auto file = openInput(path);
    const auto vocab = file->vocab();
    if (vocab.empty())
        throw cmf::Error(cmf::ErrorKind::Parse, "the file has no tokenizer (its vocab section is absent, spec §6)");
    try {
        return cmf::engine::Tokenizer::fromJson(std::string_view(reinterpret_cast<const char*>(vocab.data()), vocab.size()));
    } catch (const cmf::Error& e) {
        throw InvalidInput(e); // the file's own vocab section is broken
    }
}

std::string readText(const std::string& path) {
    if (path == "-") return std::string(std::istreambuf_iterator<char>(std::cin), {});
    std::ifstream in(path, std::ios::binary);
    if (!in) throw cmf::Error(cmf::ErrorKind::Io, "cannot open");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// "1,2,3" (spaces allowed too) -> ids.
std::vector<int32_t> parseIds(const std::string& list) {
    std::vector<int32_t> ids;
    std::string item;
    std::istringstream in(list);
    while (std::getline(in, item, ',')) {
        std::istringstream words(item);
        std::string w;
        while (words >> w) {
            size_t used = 0;
            long long v = -1;
            try {
                v = std::stoll(w, &used);
            } catch (const std::exception&) {
            }
            if (used != w.size() || v < 0 || v > INT32_MAX)
                throw std::invalid_argument("--decode: \"" + w + "\" is not a token id (expected e.g. 1,2,3)");
            ids.push_back(static_cast<int32_t>(v));
        }
    }
    return ids;
}

// Invalid UTF-8 cannot occur in tokenizer output, but never let dump() throw.
std::string dumpJson(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void printEncoding(const cmf::engine::Encoding& e, bool addSpecial) {
    std::printf("%zu tokens%s\n", e.ids.size(), addSpecial ? "" : " (no special tokens added)");
    for (size_t i = 0; i < e.ids.size(); ++i)
        std::printf("%6zu  %8d  %s\n", i, e.ids[i], dumpJson(nlohmann::json(e.tokens[i])).c_str());
}

} // namespace

void addTokenize(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand(
        "tokenize", "Encode text to token ids, or decode ids to text, with a CMF file's tokenizer or a tokenizer.json");
    auto o = std::make_shared<TokenizeOptions>();
    cmd->add_option("SRC", o->source, "CMF file (its tokenizer section) or tokenizer.json")->required();
    auto* text = cmd->add_option("--text", o->text, "Text to encode");
    auto* file = cmd->add_option("--text-file", o->textFile, "Encode the bytes of this file (- reads stdin)");
    auto* decode = cmd->add_option("--decode", o->decode, "Decode these ids (e.g. 1,2,3) and print the text exactly");
    text->excludes(file)->excludes(decode);
    file->excludes(decode);
    cmd->add_flag("--no-add-special", o->noAddSpecial, "Do not add the special tokens of the post-processor (BOS, [CLS]...)")
        ->excludes(decode);
    cmd->add_flag("--split-special", o->splitSpecial,
                  "Read special-token text in the input (e.g. <|im_start|>) as ordinary text, like HF's split_special_tokens")
        ->excludes(decode);
    cmd->add_flag("--skip-special", o->skipSpecial, "Leave special tokens out of the decoded text")->needs(decode);
    cmd->add_flag("--json", o->json,
                  "Print JSON: {\"ids\": [...], \"tokens\": [...]}, or {\"text\": \"...\"} with --decode");
    cmd->callback([=] {
        if (text->count() + file->count() + decode->count() != 1) {
            std::cerr << "cmf tokenize: give one of --text, --text-file or --decode\n";
            *exitCode = kExitUsage;
            return;
        }
        std::string input = o->text;
        if (file->count()) {
            try {
                input = readText(o->textFile);
            } catch (const std::exception& e) {
                printError(o->textFile, e);
                *exitCode = kExitUsage;
                return;
            }
        }
        try {
            const auto tok = loadTokenizer(o->source);
            if (decode->count()) {
                const std::string out = tok.decode(parseIds(o->decode), o->skipSpecial);
                if (o->json) std::cout << dumpJson({{"text", out}}) << "\n";
                else std::cout << out; // exactly as decoded: no newline of ours
            } else {
                const bool add = !o->noAddSpecial;
                const auto e = tok.encodeWithTokens(input, add, o->splitSpecial);
                if (o->json) std::cout << dumpJson({{"ids", e.ids}, {"tokens", e.tokens}}) << "\n";
                else printEncoding(e, add);
            }
            std::cout.flush();
            *exitCode = kExitOk;
        } catch (const std::exception& e) {
            *exitCode = reportFailure(o->source, e);
        }
    });
}

} // namespace cmfcli
