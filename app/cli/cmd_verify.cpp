// cmf verify FILE [--json] [--strict] [--pubkey HEX]
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/format/error.h"
#include "cmf/format/printable.h"
#include "cmf/format/signature.h"
#include "cmf/format/verify.h"

#include <iostream>
#include <nlohmann/json.hpp>

namespace cmfcli {
namespace {

struct Options {
    std::string path;
    std::string pubkey;
    bool json = false;
    bool strict = false;
    bool set = false;
};

// Problem texts quote file bytes (names, stored values): escaped for JSON and terminals alike.
nlohmann::json problemsJson(const std::vector<cmf::Problem>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& p : list)
        out.push_back({{"kind", p.kind}, {"where", cmf::printable(p.where)}, {"detail", cmf::printable(p.detail)}});
    return out;
}

void printProblems(const char* label, const std::vector<cmf::Problem>& list) {
    for (const auto& p : list)
        std::cout << label << " " << p.kind << (p.where.empty() ? "" : " [" + cmf::printable(p.where) + "]") << ": "
                  << cmf::printable(p.detail) << "\n";
}

int run(const Options& o) {
    nlohmann::json out{{"file", cmf::printable(o.path)}, {"ok", false}, {"error", nullptr}, {"problems", nlohmann::json::array()},
                       {"notes", nlohmann::json::array()}, {"strict", o.strict}, {"set", o.set},
                       {"signature", {{"present", false}, {"valid", false}, {"pubkey", nullptr}}}};
    int code = kExitOk;
    try {
        const auto f = cmf::CmfFile::open(o.path);
        TerminalProgress bar(o.json ? "" : "verify");
        const cmf::Control control{o.json ? cmf::ProgressFn{} : bar.callback(), interruptFlag()};
        const auto report = o.set ? cmf::verifySet(*f, control, {.strict = o.strict}) : cmf::verify(*f, control, {.strict = o.strict});
        const auto sig = cmf::sig::checkSignature(
            o.path, o.pubkey.empty() ? std::nullopt : std::optional<std::string>(o.pubkey), control);
        bar.finish();
        out["problems"] = problemsJson(report.problems);
        out["notes"] = problemsJson(report.notes);
        out["signature"] = {{"present", sig.present}, {"valid", sig.valid},
                            {"pubkey", sig.pubkey.empty() ? nlohmann::json() : nlohmann::json(sig.pubkey)}};
        if (!sig.detail.empty()) out["signature"]["detail"] = cmf::printable(sig.detail);
        out["tensors_checked"] = report.tensorsChecked;
        out["bytes_hashed"] = report.bytesHashed;
        const bool sigOk = sig.valid || (!sig.present && o.pubkey.empty());
        out["ok"] = report.ok() && sigOk;
        code = out["ok"].get<bool>() ? kExitOk : kExitCheckFailed;
        if (!o.json) {
            printProblems("PROBLEM", report.problems);
            printProblems("NOTE", report.notes);
            if (sig.present || !o.pubkey.empty())
                std::cout << "signature: " << (sig.valid ? "valid" : "INVALID") << (sig.pubkey.empty() ? "" : ", signer " + sig.pubkey)
                          << (sig.detail.empty() ? "" : " (" + cmf::printable(sig.detail) + ")") << "\n";
            std::cout << cmf::printable(o.path) << ": " << (code == kExitOk ? "OK" : "FAILED") << " — " << report.tensorsChecked
                      << " tensors, " << report.bytesHashed << " bytes hashed, " << report.problems.size() << " problem(s)";
            if (!report.notes.empty()) std::cout << ", " << report.notes.size() << " note(s)";
            std::cout << "\n";
        }
    } catch (const cmf::Error& e) {
        // An open failure is a verification failure (exit 1); an unreadable
        // file or a malformed --pubkey is an I/O or usage error (exit 2).
        const bool usage = e.kind() == cmf::ErrorKind::Io || e.kind() == cmf::ErrorKind::Signature;
        code = e.kind() == cmf::ErrorKind::Cancelled ? kExitInterrupted : usage ? kExitUsage : kExitCheckFailed;
        out["error"] = {{"kind", cmf::errorKindName(e.kind())}, {"message", cmf::printable(e.what())}};
        if (!o.json) printError(o.path, e);
    }
    if (o.json) std::cout << jsonText(out) << "\n";
    return code;
}

} // namespace

void addVerify(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("verify", "Check every hash of a CMF file and its detached signature; "
                                             "exit 0 valid, 1 invalid, 2 usage or I/O error");
    auto o = std::make_shared<Options>();
    cmd->add_option("FILE", o->path, "CMF file")->required();
    cmd->add_flag("--json", o->json, "Print the report as JSON");
    cmd->add_flag("--strict", o->strict,
                  "Fail on non-zero bytes that no section, tensor or hash covers (otherwise a note; `cmf compact` removes them)");
    cmd->add_flag("--set", o->set,
                  "FILE is a shard: verify every shard of its set and the set's consistency (siblings, count, set identity, no tensor twice)");
    cmd->add_option("--pubkey", o->pubkey, "Require a valid FILE.sig made by this Ed25519 public key (64 hex digits)");
    cmd->callback([=] { *exitCode = run(*o); });
}

} // namespace cmfcli
