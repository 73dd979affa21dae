#include "cli_errors.h"
#include "commands.h"
#include "json_text.h"

#include "cmf/format/printable.h"

#include <iostream>

namespace cmfcli {
namespace {

template <class Open>
auto asInput(Open&& open) {
    try {
        return open();
    } catch (const cmf::Error& e) {
        if (e.kind() == cmf::ErrorKind::Io || e.kind() == cmf::ErrorKind::Cancelled) throw;
        throw InvalidInput(e);
    }
}

} // namespace

std::shared_ptr<const cmf::CmfFile> openInput(const std::string& path) {
    return asInput([&] { return cmf::CmfFile::open(path); });
}

cmf::Model openModelInput(const std::string& path) {
    return asInput([&] { return cmf::Model::open(path); });
}

void requireValidInput(const std::string& path) { (void)openModelInput(path); }

int exitCodeFor(const std::exception& e) {
    if (dynamic_cast<const InvalidInput*>(&e)) return kExitCheckFailed;
    if (const auto* ce = dynamic_cast<const cmf::Error*>(&e))
        if (ce->kind() == cmf::ErrorKind::Cancelled) return kExitInterrupted;
    return kExitUsage;
}

void printError(const std::string& path, const std::exception& e) {
    std::cerr << "cmf: " << cmf::printable(path) << ": ";
    if (const auto* ce = dynamic_cast<const cmf::Error*>(&e)) std::cerr << cmf::errorKindName(ce->kind()) << ": ";
    std::cerr << cmf::printable(e.what()) << "\n";
}

int reportFailure(const std::string& path, const std::exception& e, bool json) {
    printError(path, e);
    if (json) {
        const auto* ce = dynamic_cast<const cmf::Error*>(&e);
        const nlohmann::json out{{"file", cmf::printable(path)},
                                 {"error", {{"kind", ce ? cmf::errorKindName(ce->kind()) : "Error"}, {"message", cmf::printable(e.what())}}}};
        std::cout << jsonText(out) << "\n";
    }
    return exitCodeFor(e);
}

} // namespace cmfcli
