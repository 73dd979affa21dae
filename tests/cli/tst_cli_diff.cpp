// `cmf diff` end to end: tiny-chat against a copy with a few tensors
// requantized (exactly those changed, with NMSE > 0), against itself
// (identical, exit 0), files with different tensor sets, --no-values, the
// readable table and the errors (exit 2).
#include "cli_support.h"
#include "file_builder.h"
#include "test_support.h"

#include "cmf/format/cmf_file.h"

#include <QFile>
#include <QTest>
#include <set>

using nlohmann::json;

namespace {

using clitest::Run;
using clitest::q;
using clitest::runCmf;
using clitest::tmp;

QString s(const char* text) { return QString::fromUtf8(text); }

// The two tensors the requantized copy re-encodes (q8_row -> q4_block).
const std::set<std::string> kRequantized = {"model.layers.1.self_attn.q_proj.weight", "model.layers.1.self_attn.k_proj.weight"};
const char* kOnly = "^model\\.layers\\.1\\.self_attn\\.[qk]_proj\\.weight$";

QString demoQ8() {
    const QString out = tmp("demo-q8.cmf");
    if (!QFile::exists(out)) {
        const Run r = runCmf({s("convert"), s("--model"), q(cmftest::dataPath("models/tiny-chat")), s("--quant"), s("q8"),
                              s("--output"), out, s("--summary")});
        if (r.code != 0) throw std::runtime_error("convert failed: " + r.err);
    }
    return out;
}

QString requantized() {
    const QString out = tmp("demo-requant.cmf");
    if (!QFile::exists(out)) {
        const Run r = runCmf({s("requant"), demoQ8(), s("--quant"), s("q4"), s("--only"), s(kOnly), s("--output"), out});
        if (r.code != 0) throw std::runtime_error("requant failed: " + r.err);
    }
    return out;
}

std::set<std::string> namesWithStatus(const json& report, const std::string& status) {
    std::set<std::string> out;
    for (const auto& t : report["tensors"])
        if (t["status"] == status) out.insert(t["name"].get<std::string>());
    return out;
}

} // namespace

class TestCliDiff : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void help() {
        const Run r = runCmf({s("diff"), s("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find("Usage") != std::string::npos);
        QVERIFY(r.out.find("--no-values") != std::string::npos);
        QVERIFY(r.out.find("NMSE") != std::string::npos);
    }

    void requantizedTensorsAreExactlyTheChangedOnes() {
        const QString a = demoQ8(), b = requantized();
        const auto fa = cmf::CmfFile::open(a.toStdString());
        for (const auto& n : kRequantized) QVERIFY2(fa->findTensor(n), n.c_str()); // the regex picks real tensors

        const Run r = runCmf({s("diff"), a, b, s("--json")});
        QVERIFY2(r.code == 1, r.err.c_str()); // like diff(1): they differ
        const json j = r.j();
        JCOMPARE(j["identical"], false);
        JCOMPARE(j["error"], nullptr);
        QCOMPARE(j["tensors"].size(), size_t(fa->directory().count())); // every tensor has a row
        QCOMPARE(namesWithStatus(j, "changed"), kRequantized);
        QCOMPARE(namesWithStatus(j, "same").size(), size_t(fa->directory().count()) - kRequantized.size());
        QVERIFY(namesWithStatus(j, "only_a").empty());
        QVERIFY(namesWithStatus(j, "only_b").empty());
        JCOMPARE(j["counts"], (json{{"same", fa->directory().count() - 2}, {"changed", 2}, {"only_a", 0}, {"only_b", 0}}));
        for (const auto& t : j["tensors"]) {
            if (t["status"] == "changed") {
                JCOMPARE(t["a"]["dtype"], "q8_row");
                JCOMPARE(t["b"]["dtype"], "q4_block");
                JCOMPARE(t["a"]["shape"], t["b"]["shape"]);
                QVERIFY(t["a"]["bytes"].get<uint64_t>() > t["b"]["bytes"].get<uint64_t>());
                QVERIFY2(t["nmse"].is_number() && t["nmse"].get<double>() > 0 && t["nmse"].get<double>() < 0.05,
                         t.dump().c_str());
            } else {
                JCOMPARE(t["nmse"], 0.0);
                JCOMPARE(t["a"], t["b"]);
            }
        }
        // requant records itself in the provenance; nothing else in the header moves.
        QCOMPARE(j["header"].size(), size_t(1));
        JCOMPARE(j["header"][0]["op"], "add");
        JCOMPARE(j["header"][0]["path"], "/provenance/requant");
        JCOMPARE(j["header"][0]["b"]["quant"], "q4_block");
        for (const auto& sec : j["sections"]) QVERIFY2(sec["status"] == "same" || sec["status"] == "absent", sec.dump().c_str());

        // The table: counts first, then only the changed tensors.
        const Run t = runCmf({s("diff"), a, b});
        QCOMPARE(t.code, 1);
        QVERIFY2(t.out.find("2 changed, 0 only in A, 0 only in B") != std::string::npos, t.out.c_str());
        for (const auto& n : kRequantized) QVERIFY(t.out.find(n) != std::string::npos);
        QVERIFY(t.out.find("q8_row -> q4_block") != std::string::npos);
        QVERIFY(t.out.find("model.layers.0.self_attn.q_proj.weight") == std::string::npos); // same: not listed
        QVERIFY(t.out.find("+ /provenance/requant") != std::string::npos);
        QVERIFY(t.out.find("files differ") != std::string::npos);
    }

    void noValues() {
        const Run r = runCmf({s("diff"), demoQ8(), requantized(), s("--json"), s("--no-values")});
        QCOMPARE(r.code, 1);
        const json j = r.j();
        JCOMPARE(j["values_compared"], false);
        QCOMPARE(namesWithStatus(j, "changed"), kRequantized);
        for (const auto& t : j["tensors"])
            if (t["status"] == "changed") {
                JCOMPARE(t["nmse"], nullptr);
                JCOMPARE(t["note"], "values not compared");
            }
    }

    void fileAgainstItself() {
        const Run r = runCmf({s("diff"), demoQ8(), demoQ8(), s("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = r.j();
        JCOMPARE(j["identical"], true);
        QCOMPARE(namesWithStatus(j, "same").size(), j["tensors"].size());
        QVERIFY(j["header"].empty());
        const Run t = runCmf({s("diff"), demoQ8(), demoQ8()});
        QCOMPARE(t.code, 0);
        QVERIFY(t.out.find("identical") != std::string::npos);
    }

    void differentTensorSets() {
        cmftest::FileBuilder fa, fb;
        fa.header = {{"format", "cmf"}, {"version", 2}, {"arch", {{"hidden_size", 8}, {"layer_types", {"A", "B"}}}}};
        fb.header = {{"format", "cmf"}, {"version", 2}, {"arch", {{"hidden_size", 16}, {"layer_types", {"A", "C"}}}}};
        fa.addF16("kept", {4, 8}, 1);
        fb.addF16("kept", {4, 8}, 1);
        fa.addF16("reshaped", {4, 8}, 2);
        fb.addF16("reshaped", {8, 4}, 2);
        fa.addF16("gone", {8}, 3);
        fb.addF16("new", {8}, 4);
        const QString a = tmp("sets-a.cmf"), b = tmp("sets-b.cmf");
        fa.writeTo(a.toStdString());
        fb.writeTo(b.toStdString());
        const Run r = runCmf({s("diff"), a, b, s("--json")});
        QVERIFY2(r.code == 1, r.err.c_str());
        const json j = r.j();
        QCOMPARE(namesWithStatus(j, "same"), std::set<std::string>{"kept"});
        QCOMPARE(namesWithStatus(j, "changed"), std::set<std::string>{"reshaped"});
        QCOMPARE(namesWithStatus(j, "only_a"), std::set<std::string>{"gone"});
        QCOMPARE(namesWithStatus(j, "only_b"), std::set<std::string>{"new"});
        for (const auto& t : j["tensors"]) {
            if (t["name"] == "gone") JCOMPARE(t["b"], nullptr);
            if (t["name"] == "new") JCOMPARE(t["a"], nullptr);
            if (t["name"] == "reshaped") {
                JCOMPARE(t["nmse"], nullptr);
                JCOMPARE(t["note"], "shapes differ");
            }
        }
        JCOMPARE(j["header"], (json::array({{{"op", "replace"}, {"path", "/arch/hidden_size"}, {"a", 8}, {"b", 16}},
                                            {{"op", "replace"}, {"path", "/arch/layer_types/1"}, {"a", "B"}, {"b", "C"}}})));
        const Run t = runCmf({s("diff"), a, b});
        QVERIFY(t.out.find("only in A") != std::string::npos && t.out.find("only in B") != std::string::npos);
        QVERIFY(t.out.find("[4, 8] -> [8, 4]") != std::string::npos);
        QVERIFY(t.out.find("~ /arch/hidden_size: 8 -> 16") != std::string::npos);
    }

    void errors() {
        const QString missing = tmp("no-such-file.cmf");
        Run r = runCmf({s("diff"), demoQ8(), missing});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(missing.toStdString()) != std::string::npos, r.err.c_str());
        r = runCmf({s("diff"), missing, demoQ8(), s("--json")});
        QCOMPARE(r.code, 2);
        const json j = r.j();
        JCOMPARE(j["error"]["where"], missing.toStdString());
        JCOMPARE(j["identical"], nullptr);
        QCOMPARE(runCmf({s("diff"), demoQ8()}).code, 2); // B is required
    }
};

QTEST_GUILESS_MAIN(TestCliDiff)
#include "tst_cli_diff.moc"
