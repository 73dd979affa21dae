// cmf keygen --out KEY;  cmf sign FILE --key KEY
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/signature.h"

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

void addSign(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("sign", "Write FILE.sig: Ed25519 over the SHA-256 of the whole file (spec §8.2)");
    auto path = std::make_shared<std::string>();
    auto key = std::make_shared<std::string>();
    cmd->add_option("FILE", *path, "File to sign")->required();
    cmd->add_option("--key", *key, "Key file written by `cmf keygen`")->required();
    cmd->callback([=] {
        try {
            const auto seed = cmf::sig::readKeyFile(*key);
            TerminalProgress bar("sign");
            const auto s = cmf::sig::signFile(*path, seed, cmf::Control{bar.callback(), interruptFlag()});
            bar.finish();
            std::cout << "wrote " << cmf::sig::signaturePath(*path) << "\nsha256 " << s.sha256 << "\npubkey " << s.pubkey << "\n";
            *exitCode = kExitOk;
        } catch (const std::exception& e) {
            printError(*path, e);
            *exitCode = kExitUsage;
        }
    });
}

} // namespace cmfcli
