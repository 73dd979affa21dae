// `cmf skill export|apply|list`, `cmf defrag`, `cmf moe-defrag` and
// `cmf moe-mask` end to end: exit codes, JSON reports, the files they write
// (checked with the library and with `cmf verify`), and clear errors.
#include "cli_support.h"
#include "skill_builder.h"
#include "test_support.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/hash64.h"

#include <QFile>
#include <QTest>
#include <fstream>

using nlohmann::json;

namespace {

using clitest::Run;
using clitest::kit;
using clitest::q;
using clitest::runCmf;
using clitest::tmp;

// `cmf convert` of a model folder, once per test process.
QString convertOnce(const std::string& dir, const char* quant, const char* name) {
    const QString out = tmp(name);
    if (!QFile::exists(out)) {
        const Run r = runCmf({QStringLiteral("convert"), QStringLiteral("--model"), q(dir), QStringLiteral("--quant"), QString::fromLatin1(quant),
                              QStringLiteral("--output"), out, QStringLiteral("--summary")});
        if (r.code != 0) throw std::runtime_error("convert failed: " + r.err);
    }
    return out;
}

QString demoQ8() { return convertOnce(cmftest::dataPath("models/tiny-chat"), "q8", "demo-q8.cmf"); }
QString moeQ8() { return convertOnce(cmftest::dataPath("models/tiny-moe"), "q8", "moe-q8.cmf"); }

QString writeStats(const char* name, const json& j) {
    const QString path = tmp(name);
    std::ofstream(path.toStdString()) << j.dump();
    return path;
}

const json kStats = {{"layers", {{100, 0, 50, 0, 30, 0, 0, 20}, {40, 10, 10, 10, 10, 10, 10, 0}, {0, 0, 0, 0, 0, 0, 0, 5}, {1, 1, 1, 1, 1, 1, 1, 1}}}};

} // namespace

class TestCliTransforms : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void helpOnEveryVerb_data() {
        QTest::addColumn<QStringList>("verb");
        QTest::newRow("skill") << QStringList{QStringLiteral("skill")};
        for (const char* s : {"export", "apply", "list"})
            QTest::newRow((std::string("skill ") + s).c_str()) << QStringList{QStringLiteral("skill"), QString::fromLatin1(s)};
        for (const char* v : {"defrag", "moe-defrag", "moe-mask"}) QTest::newRow(v) << QStringList{QString::fromLatin1(v)};
    }
    void helpOnEveryVerb() {
        QFETCH(QStringList, verb);
        const Run r = runCmf(verb + QStringList{QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find("Usage") != std::string::npos);
    }

    void skillExportApplyList() {
        const QString base = demoQ8(), spec = tmp("spec.cmf"), skill = tmp("code.skill.cmf"), out = tmp("applied.cmf");
        QCOMPARE(runCmf({QStringLiteral("requant"), base, QStringLiteral("--quant"), QStringLiteral("q4t"), QStringLiteral("--only"),
                         QStringLiteral("layers\\.1\\.mlp"), QStringLiteral("--output"), spec})
                     .code,
                 0);
        Run r = runCmf({QStringLiteral("skill"), QStringLiteral("export"), spec, QStringLiteral("--base"), base, QStringLiteral("--id"),
                        QStringLiteral("code"), QStringLiteral("--task"), QStringLiteral("coding"), QStringLiteral("-o"), skill,
                        QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json exported = r.j();
        QCOMPARE(exported["carried"].size(), size_t(3)); // layer 1's gate, up and down projections
        QVERIFY(exported["byte_exact_apply"].get<bool>());
        QVERIFY(exported["skill_bytes"].get<uint64_t>() < exported["specialist_bytes"].get<uint64_t>() / 4);
        const std::string baseHash = cmf::hex64(cmf::CmfFile::open(base.toStdString())->envelope().dirHash);
        JCOMPARE(exported["base_dir_hash"], baseHash);

        r = runCmf({QStringLiteral("skill"), QStringLiteral("list"), skill, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json listed = r.j();
        QCOMPARE(listed.size(), size_t(1));
        JCOMPARE(listed[0]["id"], "code");
        JCOMPARE(listed[0]["tensors"], 3);
        JCOMPARE(listed[0]["base_dir_hash"], baseHash);
        JCOMPARE(listed[0]["task"], "coding");
        JCOMPARE(listed[0]["layers"], json::array({1}));
        JCOMPARE(listed[0]["quality"], nullptr);
        JCOMPARE(listed[0]["has_selection"], false);
        QVERIFY(listed[0]["bytes"].get<uint64_t>() > 0);
        r = runCmf({QStringLiteral("skill"), QStringLiteral("list"), skill});
        QVERIFY(r.out.find("standalone: base directory " + baseHash) != std::string::npos);
        QVERIFY(r.out.find("NOT MEASURED") != std::string::npos);
        r = runCmf({QStringLiteral("skill"), QStringLiteral("list"), base});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find("no skills") != std::string::npos);

        r = runCmf({QStringLiteral("skill"), QStringLiteral("apply"), base, skill, QStringLiteral("--output"), out});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(r.out.find("byte for byte") != std::string::npos);
        QVERIFY(cmftest::readBytes(out.toStdString()) == cmftest::readBytes(spec.toStdString()));
        QCOMPARE(runCmf({QStringLiteral("verify"), out}).code, 0);
        // A skill file is not a model: run-time tools refuse it, verify accepts it.
        QCOMPARE(runCmf({QStringLiteral("verify"), skill}).code, 0);

        // Onto another base: refused with both hashes named, unless --force.
        const QString other = tmp("other-base.cmf"), forced = tmp("forced.cmf");
        QCOMPARE(runCmf({QStringLiteral("requant"), base, QStringLiteral("--quant"), QStringLiteral("q4"), QStringLiteral("--only"),
                         QStringLiteral("layers\\.0\\.self_attn\\.q_proj"), QStringLiteral("--output"), other})
                     .code,
                 0);
        const std::string otherHash = cmf::hex64(cmf::CmfFile::open(other.toStdString())->envelope().dirHash);
        r = runCmf({QStringLiteral("skill"), QStringLiteral("apply"), other, skill, QStringLiteral("-o"), forced});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(baseHash) != std::string::npos && r.err.find(otherHash) != std::string::npos, r.err.c_str());
        QVERIFY(r.err.find("HashMismatch") != std::string::npos);
        QVERIFY(!QFile::exists(forced));
        r = runCmf({QStringLiteral("skill"), QStringLiteral("apply"), other, skill, QStringLiteral("-o"), forced, QStringLiteral("--force"),
                    QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        JCOMPARE(r.j()["forced"], true);
        JCOMPARE(r.j()["identical_to_specialist"], false);
        QCOMPARE(runCmf({QStringLiteral("verify"), forced}).code, 0);

        // Usage errors and unreadable input: exit 2 with a message.
        r = runCmf({QStringLiteral("skill"), QStringLiteral("apply"), base, spec, QStringLiteral("-o"), tmp("x.cmf")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.find("not a standalone skill") != std::string::npos);
        QCOMPARE(runCmf({QStringLiteral("skill"), QStringLiteral("export"), spec, QStringLiteral("--base"), base, QStringLiteral("--id"),
                         QStringLiteral("a.b"), QStringLiteral("-o"), tmp("y.cmf")})
                     .code,
                 2);
        QCOMPARE(runCmf({QStringLiteral("skill"), QStringLiteral("list"), tmp("nowhere.cmf")}).code, 2);
        QCOMPARE(runCmf({QStringLiteral("skill")}).code, 2);
    }

    // A specialist with a skill of its own: exported under a new id, the own
    // skill travels with its tensors under their own names and apply gives
    // the specialist back byte for byte; under the own skill's id the export
    // is refused, saying why; against a base that carries the skill only the
    // other changes are cut.
    void skillExportOfASpecialistWithItsOwnSkill() {
        const QString base = demoQ8(), plain = tmp("spec-q4-layer1.cmf");
        QCOMPARE(runCmf({QStringLiteral("requant"), base, QStringLiteral("--quant"), QStringLiteral("q4t"), QStringLiteral("--only"),
                         QStringLiteral("layers\\.1\\.mlp"), QStringLiteral("--output"), plain})
                     .code,
                 0);
        const std::vector<std::string> replaced = {"model.layers.2.mlp.up_proj.weight"};
        const QString spec = q(cmftest::withOwnSkill(plain.toStdString(), tmp("spec-own.cmf").toStdString(), "chat", replaced, 0.5f));
        const QString skill = tmp("own.skill.cmf"), out = tmp("own-applied.cmf");
        auto exportAs = [&](const QString& from, const QString& onto, const char* id, const QString& to) {
            return runCmf({QStringLiteral("skill"), QStringLiteral("export"), from, QStringLiteral("--base"), onto, QStringLiteral("--id"),
                           QString::fromLatin1(id), QStringLiteral("-o"), to, QStringLiteral("--json")});
        };
        Run r = exportAs(spec, base, "code", skill);
        QVERIFY2(r.code == 0, r.err.c_str());
        const json exported = r.j();
        r = runCmf({QStringLiteral("skill"), QStringLiteral("list"), skill, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(r.j().size(), size_t(2));
        JCOMPARE(r.j()[0]["id"], "chat");
        JCOMPARE(r.j()[0]["tensors"], 1);
        JCOMPARE(r.j()[1]["id"], "code");
        JCOMPARE(r.j()[1]["tensors"], 3);
        JCOMPARE(exported["own_skills"], json::array({"chat"}));
        QCOMPARE(exported["carried"].size(), size_t(4)); // layer 1's three projections and the own skill's tensor
        r = runCmf({QStringLiteral("skill"), QStringLiteral("apply"), base, skill, QStringLiteral("--output"), out});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("byte for byte") != std::string::npos, r.out.c_str());
        QVERIFY(cmftest::readBytes(out.toStdString()) == cmftest::readBytes(spec.toStdString()));

        const QString refused = tmp("same-id.skill.cmf");
        r = exportAs(spec, base, "chat", refused);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("already has a skill \"chat\"") != std::string::npos && r.err.find("choose another --id") != std::string::npos,
                 r.err.c_str());
        QVERIFY(!QFile::exists(refused));

        const QString skilledBase = q(cmftest::withOwnSkill(base.toStdString(), tmp("base-skilled.cmf").toStdString(), "chat", replaced, 0.5f));
        r = exportAs(spec, skilledBase, "code", skill);
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(r.j()["carried"].size(), size_t(3)); // the skill tensor is the base's own
        r = runCmf({QStringLiteral("skill"), QStringLiteral("apply"), skilledBase, skill, QStringLiteral("--output"), out});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(cmftest::readBytes(out.toStdString()) == cmftest::readBytes(spec.toStdString()));
    }

    void defragFromTaskMask() {
        const QString out = tmp("kit-defrag.cmf");
        Run r = runCmf({QStringLiteral("defrag"), kit("valid/tiny-s42-Q8_ROW.cmf"), QStringLiteral("--task"), QStringLiteral("coding"),
                        QStringLiteral("--output"), out, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = r.j();
        JCOMPARE(j["kept_per_layer"], json::array({32, 32}));
        JCOMPARE(j["pre_intermediate"], 64);
        JCOMPARE(j["post_intermediate_max"], 32);
        QCOMPARE(j["pruned_ratio"].get<double>(), 0.5);
        QVERIFY(j["output_bytes"].get<uint64_t>() < j["input_bytes"].get<uint64_t>());
        QCOMPARE(runCmf({QStringLiteral("verify"), out}).code, 0);
        const json info = runCmf({QStringLiteral("info"), out, QStringLiteral("--json")}).j();
        JCOMPARE(info["masks"], json::array());
        r = runCmf({QStringLiteral("defrag"), kit("valid/tiny-s42-Q8_ROW.cmf"), QStringLiteral("--task"), QStringLiteral("coding"),
                    QStringLiteral("--output"), tmp("kit-defrag2.cmf")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find("kept per layer: 32 32") != std::string::npos);
        r = runCmf({QStringLiteral("defrag"), kit("valid/tiny-s42-Q8_ROW.cmf"), QStringLiteral("--task"), QStringLiteral("poetry"),
                    QStringLiteral("--output"), tmp("never.cmf")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("general, coding") != std::string::npos, r.err.c_str());
        QVERIFY(!QFile::exists(tmp("never.cmf")));
        r = runCmf({QStringLiteral("defrag"), demoQ8(), QStringLiteral("--task"), QStringLiteral("any"), QStringLiteral("-o"), tmp("never.cmf")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.find("no masks section") != std::string::npos);
    }

    void moeMaskAndDefrag() {
        const QString model = moeQ8(), stats = writeStats("stats.json", kStats), masked = tmp("moe-masked.cmf"), cut = tmp("moe-cut.cmf");
        Run r = runCmf({QStringLiteral("moe-mask"), model, QStringLiteral("--stats"), stats, QStringLiteral("--cover"), QStringLiteral("0.9"),
                        QStringLiteral("--task"), QStringLiteral("code"), QStringLiteral("--output"), masked, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        JCOMPARE(r.j()["routable_per_layer"], json::array({3, 6, 1, 8}));
        JCOMPARE(r.j()["quality"], nullptr);
        QCOMPARE(runCmf({QStringLiteral("verify"), masked}).code, 0);
        const json masks = runCmf({QStringLiteral("masks"), masked, QStringLiteral("--json")}).j();
        QCOMPARE(masks["masks"].size(), size_t(1));
        JCOMPARE(masks["masks"][0]["name"], "code");
        JCOMPARE(masks["masks"][0]["quality"], nullptr);
        JCOMPARE(masks["masks"][0]["experts_active"], json::array({3, 6, 1, 8}));
        // Same name again: refused unless --replace.
        QCOMPARE(runCmf({QStringLiteral("moe-mask"), masked, QStringLiteral("--stats"), stats, QStringLiteral("--cover"), QStringLiteral("0.5"),
                         QStringLiteral("--task"), QStringLiteral("code"), QStringLiteral("--output"), tmp("dup.cmf")})
                     .code,
                 2);
        r = runCmf({QStringLiteral("moe-mask"), masked, QStringLiteral("--stats"), stats, QStringLiteral("--cover"), QStringLiteral("0.5"),
                    QStringLiteral("--task"), QStringLiteral("code"), QStringLiteral("--output"), tmp("dup.cmf"), QStringLiteral("--replace")});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(r.out.find("replaced") != std::string::npos);

        r = runCmf({QStringLiteral("moe-defrag"), masked, QStringLiteral("--stats"), stats, QStringLiteral("--cover"), QStringLiteral("0.9"),
                    QStringLiteral("--output"), cut, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = r.j();
        JCOMPARE(j["kept_per_layer"], json::array({3, 6, 1, 8}));
        JCOMPARE(j["kept_experts"][0], json::array({0, 2, 4}));
        JCOMPARE(j["router_rows"], "verbatim rows");
        QVERIFY(j["output_bytes"].get<uint64_t>() < j["input_bytes"].get<uint64_t>());
        QCOMPARE(runCmf({QStringLiteral("verify"), cut}).code, 0);
        const json info = runCmf({QStringLiteral("info"), cut, QStringLiteral("--json")}).j();
        size_t experts = 0;
        for (const auto& t : info["tensors"]) experts += t["name"].get<std::string>().find(".mlp.experts.") != std::string::npos;
        QCOMPARE(experts, size_t(3 * (3 + 6 + 1 + 8)));
        r = runCmf({QStringLiteral("moe-defrag"), masked, QStringLiteral("--stats"), stats, QStringLiteral("--cover"), QStringLiteral("0.9"),
                    QStringLiteral("-o"), tmp("cut2.cmf")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find("3/8 6/8 1/8 8/8") != std::string::npos);

        // Bad stats and covers: exit 2, nothing written.
        const QString wrong = writeStats("wrong.json", json{{"layers", {{1, 2}, {1, 2}, {1, 2}, {1, 2}}}});
        const QString garbage = writeStats("garbage.json", json("not stats"));
        for (const QString& s : {wrong, garbage, tmp("missing.json")}) {
            r = runCmf({QStringLiteral("moe-defrag"), model, QStringLiteral("--stats"), s, QStringLiteral("--cover"), QStringLiteral("0.9"),
                        QStringLiteral("-o"), tmp("never.cmf")});
            QCOMPARE(r.code, 2);
            QVERIFY(!r.err.empty());
        }
        QCOMPARE(runCmf({QStringLiteral("moe-mask"), model, QStringLiteral("--stats"), wrong, QStringLiteral("--cover"), QStringLiteral("0.9"),
                         QStringLiteral("--task"), QStringLiteral("t"), QStringLiteral("-o"), tmp("never.cmf")})
                     .code,
                 2);
        for (const char* cover : {"0", "1.5"})
            QCOMPARE(runCmf({QStringLiteral("moe-defrag"), model, QStringLiteral("--stats"), stats, QStringLiteral("--cover"),
                             QString::fromLatin1(cover), QStringLiteral("-o"), tmp("never.cmf")})
                         .code,
                     2);
        QVERIFY(!QFile::exists(tmp("never.cmf")));
        r = runCmf({QStringLiteral("moe-defrag"), demoQ8(), QStringLiteral("--stats"), stats, QStringLiteral("--cover"), QStringLiteral("0.9"),
                    QStringLiteral("-o"), tmp("never.cmf")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("no MoE layer") != std::string::npos, r.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliTransforms)
#include "tst_cli_transforms.moc"
