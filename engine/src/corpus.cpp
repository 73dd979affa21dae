#include "cmf/engine/corpus.h"

#include "cmf/format/error.h"
#include "cmf/format/json_error.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cmf::engine {

std::string readTextFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::Io, "cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::vector<int32_t>> tokenizeFiles(const Tokenizer& tok, const std::vector<std::string>& paths) {
    std::vector<std::vector<int32_t>> out;
    for (const auto& p : paths) out.push_back(tok.encode(readTextFile(p), false));
    return out;
}

namespace {

std::string trim(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

void splitInto(const std::string& text, const std::string& sep, std::vector<std::string>& out) {
    size_t pos = 0;
    while (pos <= text.size()) {
        const size_t next = std::min(text.find(sep, pos), text.size());
        out.push_back(text.substr(pos, next - pos));
        pos = next + sep.size();
    }
}

} // namespace

PromptsFormat promptsFormatFromName(const std::string& name) {
    if (name == "lines") return PromptsFormat::Lines;
    if (name == "paragraphs") return PromptsFormat::Paragraphs;
    if (name == "jsonl") return PromptsFormat::Jsonl;
    if (name == "auto" || name.empty()) return PromptsFormat::ByExtension;
    throw Error(ErrorKind::Parse, "prompts format \"" + name + "\": use lines, paragraphs, jsonl or auto");
}

const char* promptsFormatName(PromptsFormat f) {
    switch (f) {
    case PromptsFormat::Lines: return "lines";
    case PromptsFormat::Paragraphs: return "paragraphs";
    case PromptsFormat::Jsonl: return "jsonl";
    case PromptsFormat::ByExtension: break;
    }
    return "auto";
}

PromptsFormat resolvePromptsFormat(const std::string& path, PromptsFormat f) {
    if (f != PromptsFormat::ByExtension) return f;
    const bool jsonl = path.size() >= 6 && path.compare(path.size() - 6, 6, ".jsonl") == 0;
    return jsonl ? PromptsFormat::Jsonl : PromptsFormat::Lines;
}

std::vector<std::string> splitPrompts(const std::string& path, PromptsFormat format, size_t minChars) {
    const std::string text = readTextFile(path);
    std::vector<std::string> out;
    switch (resolvePromptsFormat(path, format)) {
    case PromptsFormat::Jsonl: {
        std::istringstream in(text);
        std::string line;
        for (size_t n = 1; std::getline(in, line); ++n) {
            if (trim(line).empty()) continue;
            try {
                const auto j = nlohmann::json::parse(line);
                const auto p = j.is_string() ? j.get<std::string>() : j.value("prompt", j.value("text", std::string()));
                if (p.size() >= minChars) out.push_back(p);
            } catch (const nlohmann::json::parse_error& e) {
                throw Error(ErrorKind::Parse, describeJsonError(e, line, path + ":" + std::to_string(n)));
            } catch (const nlohmann::json::exception&) {
                throw Error(ErrorKind::Parse, path + ":" + std::to_string(n) + ": not a JSON string or {\"prompt\": …} object");
            }
        }
        break;
    }
    case PromptsFormat::Lines: {
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);)
            if (auto t = trim(line); !t.empty()) out.push_back(std::move(t));
        break;
    }
    default: {
        std::vector<std::string> docs, paragraphs;
        splitInto(text, "<|endoftext|>", docs);
        for (const auto& d : docs) splitInto(d, "\n\n", paragraphs);
        for (auto& p : paragraphs)
            if (auto t = trim(p); t.size() >= minChars) out.push_back(std::move(t));
    }
    }
    return out;
}

std::vector<std::vector<int32_t>> tokenizePrompts(const Tokenizer& tok, const std::vector<std::string>& prompts, size_t maxTokens) {
    std::vector<std::vector<int32_t>> out;
    for (const auto& p : prompts) {
        auto ids = tok.encode(p, false);
        if (ids.size() > maxTokens) ids.resize(maxTokens);
        if (!ids.empty()) out.push_back(std::move(ids));
    }
    return out;
}

} // namespace cmf::engine
