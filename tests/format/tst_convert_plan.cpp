// planConvert (issue 24, the import dialog's preview) against what convertHf
// then writes with the same options: the same tensors in the same order, the
// same dtype and fallback reason for each, the same payload bytes and file
// sizes — exactly, except vbit, where the plan is an upper bound.
#include "test_support.h"

#include "cmf/format/convert.h"
#include "cmf/format/error.h"

#include <QTest>
#include <filesystem>

namespace fs = std::filesystem;

namespace {

std::string modelDir(const std::string& name) {
    return name == "tiny-chat" ? cmftest::dataPath("../../resources/demo-model") : cmftest::dataPath("models/" + name);
}

cmf::ConvertOptions options(const std::string& model, const std::string& quant, const std::string& out) {
    cmf::ConvertOptions o;
    o.modelDir = modelDir(model);
    o.output = out;
    o.quant = *cmf::quantFromName(quant);
    return o;
}

} // namespace

class TestConvertPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void planEqualsConversion_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("quant");
        QTest::addColumn<QString>("keep");     // NAME_REGEX=DTYPE, or empty
        QTest::addColumn<double>("shardMaxGb");
        for (const char* m : {"tiny-chat", "tiny-moe"}) {
            const QString model = QString::fromLatin1(m);
            QTest::newRow((std::string(m) + "/q8").c_str()) << model << QStringLiteral("q8") << QString() << 0.0;
            QTest::newRow((std::string(m) + "/q4tp+keep").c_str())
                << model << QStringLiteral("q4tp") << QStringLiteral("down_proj=q8") << 0.0;
            QTest::newRow((std::string(m) + "/q4 sharded").c_str()) << model << QStringLiteral("q4") << QString() << 0.02;
            QTest::newRow((std::string(m) + "/q1t").c_str()) << model << QStringLiteral("q1t") << QString() << 0.0;
            QTest::newRow((std::string(m) + "/q1s").c_str()) << model << QStringLiteral("q1s") << QString() << 0.0;
            QTest::newRow((std::string(m) + "/vbit").c_str()) << model << QStringLiteral("vbit") << QString() << 0.0;
        }
        // A multimodal checkpoint: its vision tower is skipped, in the plan as in the file.
        QTest::newRow("tiny-gemma3-mm/q8") << QStringLiteral("tiny-gemma3-mm") << QStringLiteral("q8") << QString() << 0.0;
    }
    void planEqualsConversion() {
        QFETCH(QString, model);
        QFETCH(QString, quant);
        QFETCH(QString, keep);
        QFETCH(double, shardMaxGb);
        const std::string dir = cmftest::tempDir() + "/plan-" + model.toStdString() + "-" + quant.toStdString() +
                                (keep.isEmpty() ? "" : "-keep") + (shardMaxGb > 0 ? "-sharded" : "");
        fs::create_directories(dir);
        auto o = options(model.toStdString(), quant.toStdString(), dir + "/out.cmf");
        o.shardMaxGb = shardMaxGb;
        o.encode.meanBits = 5;
        if (!keep.isEmpty()) {
            const auto eq = keep.indexOf(QLatin1Char('='));
            o.keep.push_back({keep.left(eq).toStdString(), *cmf::quantFromName(keep.mid(eq + 1).toStdString())});
        }
        const cmf::ConvertPlan plan = cmf::planConvert(o);
        const cmf::ConvertReport report = cmf::convertHf(o, {});

        QCOMPARE(plan.outputs, report.outputs);
        if (shardMaxGb > 0) QVERIFY2(plan.outputs.size() > 1, "the threshold should split these models");
        QCOMPARE(plan.skipped, report.skipped);
        if (model == QLatin1String("tiny-gemma3-mm")) QVERIFY(!plan.skipped.empty());
        QCOMPARE(plan.tensors.size(), report.tensors.size());
        const bool vbit = quant == QLatin1String("vbit");
        QCOMPARE(plan.exact, !vbit);
        for (size_t i = 0; i < plan.tensors.size(); ++i) {
            const auto& p = plan.tensors[i];
            const auto& r = report.tensors[i];
            QCOMPARE(p.name, r.name);
            QCOMPARE(p.dtype, r.dtype);
            QCOMPARE(p.reason, r.reason);
            QCOMPARE(p.shape, r.shape);
            QCOMPARE(p.sourceBytes, r.sourceBytes);
            const bool estimated = std::ranges::find(plan.estimated, i) != plan.estimated.end();
            if (estimated) {
                QVERIFY2(r.bytes <= p.bytes, p.name.c_str());
                QVERIFY2(double(r.bytes) >= 0.85 * double(p.bytes), p.name.c_str());
            } else {
                QVERIFY2(p.bytes == r.bytes, (p.name + " " + std::to_string(p.bytes) + " vs " + std::to_string(r.bytes)).c_str());
            }
        }
        uint64_t total = 0;
        for (size_t k = 0; k < plan.outputs.size(); ++k) {
            const uint64_t size = fs::file_size(plan.outputs[k]);
            total += size;
            if (plan.exact) QCOMPARE(plan.outputBytes[k], size);
        }
        QCOMPARE(report.outputBytes, total);
        if (plan.exact) QCOMPARE(plan.fileBytes, total);
        else QVERIFY(total <= plan.fileBytes && double(total) >= 0.85 * double(plan.fileBytes));
        fs::remove_all(dir);
    }

    // A tensor that cannot take the request falls back, with the reason the
    // conversion gives: the 1-D norms are f16 (§3.2), the untied lm_head of
    // the q4 family stays q8_row.
    void fallbacksCarryTheirReason() {
        const auto plan = cmf::planConvert(options("tiny-chat", "q4t", cmftest::tempDir() + "/never-written.cmf"));
        bool norm = false, head = false;
        for (const auto& t : plan.tensors) {
            if (t.shape.size() == 1) {
                QCOMPARE(t.dtype, cmf::DType::F16);
                QVERIFY2(t.reason.find("always f16") != std::string::npos, t.reason.c_str());
                norm = true;
            }
            if (t.name == "lm_head.weight") {
                QCOMPARE(t.dtype, cmf::DType::Q8Row);
                head = true;
            }
        }
        QVERIFY(norm && head);
        QVERIFY(!fs::exists(cmftest::tempDir() + "/never-written.cmf"));
    }

    // One read of the folder for every quant; each plan is the single plan.
    void everyQuantAtOnce() {
        auto o = options("tiny-moe", "q8", cmftest::tempDir() + "/x.cmf");
        std::vector<cmf::DType> quants;
        for (const auto& n : cmf::quantNames()) quants.push_back(*cmf::quantFromName(n));
        const auto plans = cmf::planConvert(o, quants);
        QCOMPARE(plans.size(), quants.size());
        for (size_t k = 0; k < quants.size(); ++k) {
            o.quant = quants[k];
            QCOMPARE(plans[k].fileBytes, cmf::planConvert(o).fileBytes);
        }
        // Smaller quants make smaller files.
        QVERIFY(plans[0].fileBytes > plans[3].fileBytes); // f32 > q8
        QVERIFY(plans[3].fileBytes > plans[7].fileBytes); // q8 > q4tp
    }

    // planRequant against requant: a model converted at q8, requantized at
    // several quants, some tensors only; the sizes are the file's.
    void requantPlanEqualsRequant_data() {
        QTest::addColumn<QString>("quant");
        QTest::addColumn<QString>("only");
        QTest::newRow("q4tp all") << QStringLiteral("q4tp") << QString();
        QTest::newRow("q4 attention") << QStringLiteral("q4") << QStringLiteral("self_attn");
        QTest::newRow("f16 mlp") << QStringLiteral("f16") << QStringLiteral("mlp\\.");
        QTest::newRow("q1t all") << QStringLiteral("q1t") << QString();
    }
    void requantPlanEqualsRequant() {
        QFETCH(QString, quant);
        QFETCH(QString, only);
        const std::string base = cmftest::tempDir() + "/requant-plan-base.cmf", out = cmftest::tempDir() + "/requant-plan-out.cmf";
        if (!fs::exists(base)) cmf::convertHf(options("tiny-moe", "q8", base), {});
        cmf::RequantOptions r{base, out, *cmf::quantFromName(quant.toStdString()), only.toStdString(), {}};
        const auto plan = cmf::planRequant(r);
        const auto report = cmf::requant(r, {});
        QCOMPARE(plan.tensors.size(), report.tensors.size());
        for (size_t i = 0; i < plan.tensors.size(); ++i) {
            QCOMPARE(plan.tensors[i].name, report.tensors[i].name);
            QCOMPARE(plan.tensors[i].dtype, report.tensors[i].dtype);
            QCOMPARE(plan.tensors[i].bytes, report.tensors[i].bytes);
            QCOMPARE(plan.tensors[i].copied, report.tensors[i].copied);
        }
        QCOMPARE(plan.fileBytes, uint64_t(fs::file_size(out)));
        fs::remove(out);
    }

    void folderWithoutConfigFails() {
        const std::string dir = cmftest::tempDir() + "/not-a-model";
        fs::create_directories(dir);
        cmf::ConvertOptions o;
        o.modelDir = dir;
        o.output = dir + "/x.cmf";
        QVERIFY_THROWS_EXCEPTION(cmf::Error, cmf::planConvert(o));
    }
};

QTEST_GUILESS_MAIN(TestConvertPlan)
#include "tst_convert_plan.moc"
