// cmf template (FILE.cmf | TEMPLATE.jinja) --messages M.json [--context C.json]
//              [--add-generation-prompt] [--bos S] [--eos S] [--now 2025-01-15T12:00:00]
// Renders a chat template (spec §6.1) exactly as transformers' apply_chat_template would and
// writes the prompt to stdout byte for byte, with nothing appended.
#include "commands.h"

#include "cmf/engine/chat_template.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"
#include "cmf/format/json_error.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

namespace cmfcli {
namespace {

struct Options {
    std::string source;
    std::string messages;
    std::string context;
    std::string bos, eos, now;
    bool addGenerationPrompt = false;
    bool hasBos = false, hasEos = false;
};

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw cmf::Error(cmf::ErrorKind::Io, "cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Key order matters to templates (tojson, dict iteration), so JSON stays ordered.
nlohmann::ordered_json readJson(const std::string& path) {
    const std::string text = readFile(path);
    try {
        return nlohmann::ordered_json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw cmf::Error(cmf::ErrorKind::Parse, cmf::describeJsonError(e, text, path));
    } catch (const nlohmann::json::exception&) {
        throw cmf::Error(cmf::ErrorKind::Parse, path + ": holds a number out of range");
    }
}

bool isCmfPath(const std::string& path) {
    if (path.size() < 4) return false;
    std::string ext = path.substr(path.size() - 4);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext == ".cmf";
}

// The template source: a .cmf file's chat bundle (or the ChatML fallback when it has none),
// otherwise the file itself, byte for byte.
std::string templateSource(const std::string& path) {
    if (!isCmfPath(path)) return readFile(path);
    const auto file = openInput(path);
    const auto& bundle = file->chatBundle();
    if (bundle && !bundle->chatTemplate.empty()) return bundle->chatTemplate;
    std::cerr << "cmf: " << path << ": no chat template in the file; using the ChatML fallback (spec §6.1)\n";
    return cmf::engine::kChatMLFallback;
}

int run(const Options& o) {
    cmf::engine::ChatRequest req;
    cmf::engine::RenderOptions options;
    std::string source;
    try {
        req.messages = readJson(o.messages);
        if (!req.messages.is_array()) throw cmf::Error(cmf::ErrorKind::Parse, o.messages + ": messages must be a JSON array");
        if (!o.context.empty()) {
            auto extra = readJson(o.context);
            if (!extra.is_object()) throw cmf::Error(cmf::ErrorKind::Parse, o.context + ": context must be a JSON object");
            // tools and documents are always passed (as None when absent), like transformers.
            if (extra.contains("tools")) {
                req.tools = extra["tools"];
                extra.erase("tools");
            }
            if (extra.contains("documents")) {
                req.documents = extra["documents"];
                extra.erase("documents");
            }
            req.extra = std::move(extra);
        }
        req.addGenerationPrompt = o.addGenerationPrompt;
        if (o.hasBos) req.bosToken = o.bos;
        if (o.hasEos) req.eosToken = o.eos;
        if (!o.now.empty()) {
            options.now = cmf::engine::LocalTime::parse(o.now);
            if (!options.now) throw cmf::Error(cmf::ErrorKind::Parse, "--now: expected YYYY-MM-DDTHH:MM:SS, got " + o.now);
        }
        source = templateSource(o.source);
    } catch (const std::exception& e) {
        return reportFailure(o.source, e);
    }

    const auto tmpl = cmf::engine::ChatTemplate::parse(source); // a syntax error ends in runChecked
    try {
        const std::string out = tmpl.render(req, options);
        std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
        std::cout.flush();
        return kExitOk;
    } catch (const cmf::engine::TemplateRaisedError& e) {
        // The template refused this conversation: its own message, as transformers shows it.
        std::cerr << "cmf: " << o.source << ": raise_exception: " << e.what() << "\n";
        return kExitCheckFailed;
    } catch (const cmf::Error& e) {
        printError(o.source, e);
        return kExitCheckFailed;
    }
}

int runChecked(const Options& o) {
    try {
        return run(o);
    } catch (const cmf::Error& e) {
        // The template itself does not parse: unusable input.
        printError(o.source, e);
        return kExitUsage;
    }
}

} // namespace

void addTemplate(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand(
        "template", "Render a chat template as transformers' apply_chat_template would; the prompt goes to stdout. "
                    "Exit 0 rendered, 1 the template refused (raise_exception) or failed on this input, "
                    "2 usage, unreadable input or a template that does not parse");
    auto o = std::make_shared<Options>();
    cmd->add_option("SOURCE", o->source, "A .cmf file (its chat bundle's template) or a Jinja template file")->required();
    cmd->add_option("--messages", o->messages, "JSON file holding the messages array")->required();
    cmd->add_option("--context", o->context,
                    "JSON file holding an object of extra template variables (tools, documents, enable_thinking, ...)");
    cmd->add_flag("--add-generation-prompt", o->addGenerationPrompt, "Set add_generation_prompt");
    auto* bos = cmd->add_option("--bos", o->bos, "bos_token (undefined in the template when omitted)");
    auto* eos = cmd->add_option("--eos", o->eos, "eos_token (undefined in the template when omitted)");
    cmd->add_option("--now", o->now, "What strftime_now() sees, e.g. 2025-01-15T12:00:00 (default: the local clock)");
    cmd->callback([=] {
        o->hasBos = bos->count() > 0;
        o->hasEos = eos->count() > 0;
        *exitCode = runChecked(*o);
    });
}

} // namespace cmfcli
