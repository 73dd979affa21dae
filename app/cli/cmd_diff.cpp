// cmf diff A B [--json] [--no-values]
// Exit codes follow diff(1): 0 identical, 1 different, 2 trouble.
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/format/diff.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/printable.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

namespace cmfcli {
namespace {

struct Options {
    std::string a, b;
    bool json = false;
    bool noValues = false;
};

nlohmann::json sideJson(const std::optional<cmf::DiffSide>& s) {
    if (!s) return nullptr;
    return {{"dtype", cmf::dtypeName(s->dtype)}, {"shape", s->shape}, {"bytes", s->nbytes}, {"hash", cmf::hex64(s->hash)}};
}

// JSON has no infinity: an infinite NMSE is null, with the note saying why.
nlohmann::json nmseJson(const std::optional<double>& v) {
    if (!v || !std::isfinite(*v)) return nullptr;
    return *v;
}

std::string sectionStatus(const cmf::SectionDiff& s) {
    if (!s.aBytes && !s.bBytes) return "absent";
    if (!s.bBytes) return "only_a";
    if (!s.aBytes) return "only_b";
    return s.same() ? "same" : "changed";
}

nlohmann::json sectionSide(const std::optional<uint64_t>& bytes, const std::optional<uint64_t>& hash) {
    if (!bytes) return nullptr;
    return {{"bytes", *bytes}, {"hash", cmf::hex64(*hash)}};
}

nlohmann::json reportJson(const Options& o, const cmf::DiffReport& r) {
    nlohmann::json tensors = nlohmann::json::array();
    for (const auto& t : r.tensors) {
        nlohmann::json j{{"name", t.name}, {"status", cmf::diffStatusName(t.status)}, {"a", sideJson(t.a)},
                         {"b", sideJson(t.b)}, {"nmse", nmseJson(t.nmse)}};
        if (!t.note.empty()) j["note"] = t.note;
        tensors.push_back(std::move(j));
    }
    nlohmann::json header = nlohmann::json::array();
    for (const auto& h : r.header)
        header.push_back({{"op", cmf::headerOpName(h.op)}, {"path", h.path}, {"a", h.a}, {"b", h.b}});
    nlohmann::json sections = nlohmann::json::array();
    for (const auto& s : r.sections)
        sections.push_back({{"name", s.name}, {"status", sectionStatus(s)}, {"a", sectionSide(s.aBytes, s.aHash)},
                            {"b", sectionSide(s.bBytes, s.bHash)}});
    nlohmann::json counts;
    for (auto s : {cmf::DiffStatus::Same, cmf::DiffStatus::Changed, cmf::DiffStatus::OnlyA, cmf::DiffStatus::OnlyB})
        counts[std::string(cmf::diffStatusName(s))] = r.count(s);
    return {{"a", {{"path", o.a}, {"tensors", r.tensorsA}}},
            {"b", {{"path", o.b}, {"tensors", r.tensorsB}}},
            {"identical", r.identical()},
            {"values_compared", !o.noValues},
            {"counts", counts},
            {"tensors", tensors},
            {"header", header},
            {"sections", sections},
            {"error", nullptr}};
}

std::string shapeText(const std::vector<uint64_t>& s) {
    std::string out = "[";
    for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    return out + "]";
}

// "a", or "a -> b" when the sides differ; a tensor on one side only shows
// that side (its status says which).
template <class F>
std::string sides(const cmf::TensorDiff& t, F text) {
    if (!t.a || !t.b) return text(t.a ? *t.a : *t.b);
    const std::string a = text(*t.a), b = text(*t.b);
    return a == b ? a : a + " -> " + b;
}

std::string nmseText(const cmf::TensorDiff& t) {
    if (t.nmse && std::isinf(*t.nmse)) return "inf (" + t.note + ")";
    if (t.nmse) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3e", *t.nmse);
        return buf;
    }
    return t.note.empty() ? "-" : "- (" + t.note + ")";
}

std::string statusWord(cmf::DiffStatus s) {
    switch (s) {
    case cmf::DiffStatus::Same: return "same";
    case cmf::DiffStatus::Changed: return "changed";
    case cmf::DiffStatus::OnlyA: return "only in A";
    case cmf::DiffStatus::OnlyB: return "only in B";
    }
    return "?";
}

// One line of a header value for the terminal, cut at max bytes.
std::string shortJson(const nlohmann::json& v, size_t max = 240) {
    return cmf::printablePrefix(jsonText(v, -1), max);
}

void printReport(const Options& o, const cmf::DiffReport& r) {
    std::printf("A: %s (%llu tensors)\nB: %s (%llu tensors)\n\n", o.a.c_str(), (unsigned long long)r.tensorsA, o.b.c_str(),
                (unsigned long long)r.tensorsB);
    std::printf("tensors:  %llu same, %llu changed, %llu only in A, %llu only in B\n",
                (unsigned long long)r.count(cmf::DiffStatus::Same), (unsigned long long)r.count(cmf::DiffStatus::Changed),
                (unsigned long long)r.count(cmf::DiffStatus::OnlyA), (unsigned long long)r.count(cmf::DiffStatus::OnlyB));
    std::printf("header:   %s\n", r.header.empty() ? "same" : (std::to_string(r.header.size()) + " difference(s)").c_str());
    std::string secs;
    for (const auto& s : r.sections) {
        std::string st = sectionStatus(s);
        if (st == "only_a") st = "only in A";
        if (st == "only_b") st = "only in B";
        secs += (secs.empty() ? "" : ", ") + s.name + " " + st;
    }
    std::printf("sections: %s\n", secs.c_str());

    // Every tensor that is not the same, with its two sides.
    struct Row {
        std::string status, name, dtype, shape, bytes, nmse;
    };
    std::vector<Row> rows;
    for (const auto& t : r.tensors) {
        if (t.status == cmf::DiffStatus::Same) continue;
        rows.push_back({statusWord(t.status), t.name, sides(t, [](const cmf::DiffSide& s) { return std::string(cmf::dtypeName(s.dtype)); }),
                        sides(t, [](const cmf::DiffSide& s) { return shapeText(s.shape); }),
                        sides(t, [](const cmf::DiffSide& s) { return std::to_string(s.nbytes); }), nmseText(t)});
    }
    if (!rows.empty()) {
        Row head{"status", "tensor", "dtype", "shape", "bytes", "nmse"};
        size_t w[5] = {head.status.size(), head.name.size(), head.dtype.size(), head.shape.size(), head.bytes.size()};
        for (const auto& x : rows) {
            w[0] = std::max(w[0], x.status.size());
            w[1] = std::max(w[1], x.name.size());
            w[2] = std::max(w[2], x.dtype.size());
            w[3] = std::max(w[3], x.shape.size());
            w[4] = std::max(w[4], x.bytes.size());
        }
        std::printf("\n");
        auto line = [&](const Row& x) {
            std::printf("%-*s  %-*s  %-*s  %-*s  %*s  %s\n", int(w[0]), x.status.c_str(), int(w[1]), x.name.c_str(), int(w[2]),
                        x.dtype.c_str(), int(w[3]), x.shape.c_str(), int(w[4]), x.bytes.c_str(), x.nmse.c_str());
        };
        line(head);
        for (const auto& x : rows) line(x);
    }
    if (!r.header.empty()) {
        std::printf("\nheader (section_hashes left out: the sections line compares those bytes):\n");
        for (const auto& h : r.header) {
            switch (h.op) {
            case cmf::HeaderChange::Op::Add: std::printf("  + %s: %s\n", h.path.c_str(), shortJson(h.b).c_str()); break;
            case cmf::HeaderChange::Op::Remove: std::printf("  - %s: %s\n", h.path.c_str(), shortJson(h.a).c_str()); break;
            case cmf::HeaderChange::Op::Replace:
                std::printf("  ~ %s: %s -> %s\n", h.path.c_str(), shortJson(h.a, 58).c_str(), shortJson(h.b, 58).c_str());
                break;
            }
        }
    }
    std::printf("\n%s\n", r.identical() ? "identical" : "files differ");
}

int run(const Options& o) {
    std::string where = o.a;
    try {
        const cmf::Model a = cmf::Model::open(o.a);
        where = o.b;
        const cmf::Model b = cmf::Model::open(o.b);
        where = o.a + " vs " + o.b;
        TerminalProgress bar(o.json ? "" : "diff");
        const cmf::Control control{o.json ? cmf::ProgressFn{} : bar.callback(), interruptFlag()};
        cmf::DiffOptions options;
        options.values = !o.noValues;
        const auto report = cmf::diff(a, b, options, control);
        bar.finish();
        if (o.json) std::cout << jsonText(reportJson(o, report)) << "\n";
        else printReport(o, report);
        return report.identical() ? kExitOk : kExitCheckFailed;
    } catch (const cmf::Error& e) {
        if (o.json)
            std::cout << jsonText(nlohmann::json{{"a", {{"path", o.a}}}, {"b", {{"path", o.b}}}, {"identical", nullptr},
                                        {"error", {{"kind", cmf::errorKindName(e.kind())}, {"where", cmf::printable(where)}, {"message", cmf::printable(e.what())}}}})
                      << "\n";
        printError(where, e);
        // Like diff(1): 2 for any trouble, a broken input file included.
        return e.kind() == cmf::ErrorKind::Cancelled ? kExitInterrupted : kExitUsage;
    } catch (const std::exception& e) {
        printError(where, e);
        return kExitUsage;
    }
}

} // namespace

void addDiff(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand(
        "diff", "Compare two CMF files: tensors (dtype, shape, payload hash, NMSE of the values), header and sections; "
                "exit 0 identical, 1 different, 2 usage or I/O error");
    cmd->footer(
        "A tensor is 'same' when dtype, shape and the directory's hash64 agree; the stored hashes are trusted (run verify "
        "to check them). For changed tensors of equal shape, NMSE = sum((a-b)^2) / sum(a^2) over the dequantized values. "
        "The header is compared key by key (JSON pointers), without section_hashes: the masks, vocab and index sections "
        "are compared byte for byte instead.");
    auto o = std::make_shared<Options>();
    cmd->add_option("A", o->a, "CMF file (any shard of a set)")->required();
    cmd->add_option("B", o->b, "CMF file to compare with A")->required();
    cmd->add_flag("--json", o->json, "Print every tensor, the header and the section differences as JSON");
    cmd->add_flag("--no-values", o->noValues, "Do not decode changed tensors for their NMSE (reads directories only)");
    cmd->callback([=] { *exitCode = run(*o); });
}

} // namespace cmfcli
