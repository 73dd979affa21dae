// cmf keygen --out KEY;  cmf sign FILE --key KEY [--force]
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/printable.h"
#include "cmf/format/signature.h"
#include "cmf/format/verify.h"

#include <iostream>

namespace cmfcli {

void addKeygen(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("keygen", "Create an Ed25519 signing key: a 32-byte hex seed file, mode 0600");
    auto out = std::make_shared<std::string>();
    cmd->add_option("--out", *out, "Key file to create (refuses to overwrite)")->required();
    cmd->callback([=] {
        try {
            const auto seed = cmf::sig::generateSeed();
            cmf::sig::writeKeyFile(*out, seed);
            const auto pk = cmf::sig::publicKeyFromSeed(seed);
            std::cout << "wrote " << *out << "\npubkey " << cmf::toHex(pk.data(), pk.size()) << "\n";
            *exitCode = kExitOk;
        } catch (const std::exception& e) {
            printError(*out, e);
            *exitCode = kExitUsage;
        }
    });
}

namespace {

// A signature says "I vouch for these bytes": the whole hash chain is checked
// first, and a file that fails is not signed unless forced. Returns the
// problems as lines (empty: the file verifies).
std::vector<std::string> verifyBeforeSigning(const std::string& path, const cmf::Control& control) {
    std::vector<std::string> lines;
    try {
        const auto f = cmf::CmfFile::open(path);
        for (const auto& p : cmf::verify(*f, control).problems)
            lines.push_back(p.kind + (p.where.empty() ? "" : " [" + cmf::printable(p.where) + "]") + ": " + cmf::printable(p.detail));
    } catch (const cmf::Error& e) {
        if (e.kind() == cmf::ErrorKind::Io || e.kind() == cmf::ErrorKind::Cancelled) throw;
        lines.push_back(std::string("not a valid CMF file: ") + cmf::errorKindName(e.kind()) + ": " + cmf::printable(e.what()));
    }
    return lines;
}

} // namespace

void addSign(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("sign", "Verify FILE, then write FILE.sig: Ed25519 over the SHA-256 of the whole file (spec §8.2); "
                                           "a file that fails verification is refused (exit 1)");
    auto path = std::make_shared<std::string>();
    auto key = std::make_shared<std::string>();
    auto force = std::make_shared<bool>(false);
    cmd->add_option("FILE", *path, "File to sign")->required();
    cmd->add_option("--key", *key, "Key file written by `cmf keygen`")->required();
    cmd->add_flag("--force", *force, "Sign even when FILE fails verification (says so on stderr)");
    cmd->callback([=] {
        try {
            const auto seed = cmf::sig::readKeyFile(*key);
            TerminalProgress bar("sign");
            const cmf::Control control{bar.callback(), interruptFlag()};
            const auto problems = verifyBeforeSigning(*path, control);
            if (!problems.empty()) {
                bar.finish();
                for (const auto& p : problems) std::cerr << "PROBLEM " << p << "\n";
                if (!*force) {
                    std::cerr << "cmf: " << cmf::printable(*path) << ": fails verification (" << problems.size()
                              << " problem(s)); not signed. --force signs it anyway.\n";
                    *exitCode = kExitCheckFailed;
                    return;
                }
                std::cerr << "cmf: " << cmf::printable(*path) << ": WARNING: signing a file that fails verification (--force)\n";
            }
            const auto s = cmf::sig::signFile(*path, seed, control);
            bar.finish();
            std::cout << "wrote " << cmf::printable(cmf::sig::signaturePath(*path)) << "\nsha256 " << s.sha256 << "\npubkey "
                      << s.pubkey << "\n";
            *exitCode = kExitOk;
        } catch (const std::exception& e) {
            *exitCode = reportFailure(*path, e);
        }
    });
}

} // namespace cmfcli
