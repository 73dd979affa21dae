// cmf masks FILE [--json]
#include "commands.h"
#include "info_json.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/printable.h"

#include <cstdio>
#include <iostream>

namespace cmfcli {
namespace {

void printMasks(const cmf::CmfFile& f) {
    if (!f.masks()) {
        std::printf("%s: no masks section\n", cmf::printable(f.path()).c_str());
        return;
    }
    const auto& s = *f.masks();
    const auto& l = s.layout;
    const std::string dflt = s.defaultTask.empty() ? "none" : "\"" + cmf::printable(s.defaultTask) + "\"";
    std::printf("%u masks, default task %s; %u rows × (%u FFN neurons, %u heads)%s\n", s.nMasks, dflt.c_str(),
                l.rows, l.ffnBits, l.headBits, l.expertBits ? (", " + std::to_string(l.expertBits) + " experts").c_str() : "");
    for (const auto& m : s.masks) {
        std::printf("\n[%u] %s  sparsity %.4f  blob %llu+%llu\n", m.taskId, cmf::printable(m.name).c_str(), m.sparsity,
                    (unsigned long long)m.blobOff, (unsigned long long)m.blobLen);
        std::printf("    quality: %s\n", m.quality.is_null() ? "NOT MEASURED (null)" : cmf::printable(jsonText(m.quality, -1)).c_str());
        std::printf("    %5s %12s %10s %5s%s\n", "layer", "ffn active", "heads", "gate", m.hasExpertFields ? "  experts" : "");
        for (uint32_t r = 0; r < l.rows; ++r) {
            std::printf("    %5u %6u/%-5u %4u/%-5u %5s", r, m.ffnActive[r], l.ffnBits, m.headsActive[r], l.headBits,
                        m.layerGates[r] ? "on" : "off");
            if (m.hasExpertFields) std::printf("  %u/%u", m.expertsActive[r], l.expertBits);
            std::printf("\n");
        }
        for (const auto& t : m.nonZeroTails) std::printf("    WARNING: non-zero tail bits in %s\n", t.c_str());
    }
}

} // namespace

void addMasks(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("masks", "List the task masks of a CMF file with per-layer active counts");
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("FILE", *path, "CMF file")->required();
    cmd->add_flag("--json", *json, "Print as JSON");
    cmd->callback([=] {
        try {
            const auto f = openInput(*path);
            if (*json) {
                nlohmann::json out{{"default_task", f->masks() ? nlohmann::json(f->masks()->defaultTask) : nlohmann::json()},
                                   {"masks", masksJson(*f)}};
                std::cout << jsonText(out) << "\n";
            } else {
                printMasks(*f);
            }
            *exitCode = kExitOk;
        } catch (const std::exception& e) {
            *exitCode = reportFailure(*path, e, *json);
        }
    });
}

} // namespace cmfcli
