// Defragmentation (§11) on tiny-chat (tests/data/models) converted at f32 and q4t and on the
// kit's masked file: per-layer shapes, the §11 invariants, provenance, no
// masks or index left, verify clean, and the kept neurons' values equal the
// source's dequantized values — exactly at f32, within the quant bound
// otherwise — with down_proj falling back to q8_2f where 32 ∤ the kept width.
#include "cancel_check.h"
#include "test_support.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/defrag.h"
#include "cmf/format/error.h"
#include "cmf/format/mask_edit.h"
#include "cmf/format/verify.h"

#include <QTest>
#include <atomic>
#include <cmath>
#include <filesystem>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string tmp(const std::string& name) { return cmftest::tempDir() + "/" + name; }

std::string converted(const std::string& quant) {
    const std::string out = tmp("demo-" + quant + ".cmf");
    if (!fs::exists(out)) {
        cmf::ConvertOptions o;
        o.modelDir = cmftest::dataPath("models/tiny-chat");
        o.output = out;
        o.quant = *cmf::quantFromName(quant);
        cmf::convertHf(o, {});
    }
    return out;
}

std::string layer(uint32_t l, const char* rest) { return "model.layers." + std::to_string(l) + "." + rest; }

// Keep-sets of different widths per layer — 32 ∤ 500 and 200, 32 | 384 and 704 —
// spread over the whole neuron range.
cmf::KeepSets demoKeep() {
    const uint32_t widths[] = {500, 384, 200, 704};
    cmf::KeepSets keep(4);
    for (uint32_t l = 0; l < 4; ++l)
        for (uint32_t j = 0; j < widths[l]; ++j) keep[l].push_back(uint32_t(uint64_t(j) * 768 / widths[l]) + (l % 2));
    return keep;
}

std::vector<float> decoded(const cmf::CmfFile& f, const std::string& name) { return cmf::decodeAll(f.tensorBytes(*f.findTensor(name))); }

double relRms(const std::vector<float>& ref, const std::vector<float>& got) {
    double num = 0, den = 0;
    for (size_t i = 0; i < ref.size(); ++i) num += double(ref[i] - got[i]) * double(ref[i] - got[i]), den += double(ref[i]) * double(ref[i]);
    return std::sqrt(num / den);
}

// The source's kept rows (gate/up) and kept columns (down) of layer l.
struct Expected {
    std::vector<float> gate, up, down;
};
Expected expectedFor(const cmf::CmfFile& src, uint32_t l, const std::vector<uint32_t>& k) {
    Expected e;
    const auto g = decoded(src, layer(l, "mlp.gate_proj.weight")), u = decoded(src, layer(l, "mlp.up_proj.weight")),
               d = decoded(src, layer(l, "mlp.down_proj.weight"));
    const uint64_t hidden = 256, inter = 768;
    for (auto i : k)
        for (uint64_t c = 0; c < hidden; ++c) e.gate.push_back(g[i * hidden + c]), e.up.push_back(u[i * hidden + c]);
    for (uint64_t r = 0; r < hidden; ++r)
        for (auto i : k) e.down.push_back(d[r * inter + i]);
    return e;
}

using cmftest::expectCancelledCleanly;

} // namespace

class TestDefrag : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void maskToDefragAtF32IsExact() {
        // A task mask written with addMask, read back as keep-sets, baked.
        const std::string src = converted("f32"), masked = tmp("demo-f32-masked.cmf"), out = tmp("demo-f32-defrag.cmf");
        const cmf::KeepSets keep = demoKeep();
        const auto base = cmf::CmfFile::open(src);
        const cmf::MaskLayout layout = cmf::maskLayoutOf(*base);
        cmf::MaskBits bits;
        for (const auto& k : keep) {
            std::vector<bool> row(layout.ffnBits, false);
            for (auto i : k) row[i] = true;
            bits.ffn.push_back(row);
        }
        cmf::NewMask m{"narrow", cmf::buildMaskBlob(layout, bits), false, nullptr, "unit test", json::object(), false};
        cmf::addMask(src, masked, m);
        const auto mf = cmf::CmfFile::open(masked);
        QVERIFY(cmf::keepSetsFromMask(*mf, "narrow") == keep);

        const auto report = cmf::defrag(masked, cmf::keepSetsFromMask(*mf, "narrow"), out, "narrow");
        QCOMPARE(report.preIntermediate, 768u);
        QCOMPARE(report.postIntermediateMax, 704u);
        QCOMPARE(report.keptPerLayer, (std::vector<int64_t>{500, 384, 200, 704}));
        QVERIFY(report.fallbacks.empty()); // f32 has no column-group rule
        QVERIFY(std::abs(report.prunedRatio - (1.0 - 1788.0 / 3072.0)) < 1e-12);
        QVERIFY(report.write.outputBytes < report.inputBytes);

        const auto f = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*f).ok());
        QVERIFY(!f->masks() && !f->envelope().masks.present() && !f->envelope().index.present());
        QVERIFY(!f->envelope().has(cmf::BinaryMasks));
        QVERIFY(std::ranges::equal(f->vocab(), base->vocab()));
        QCOMPARE(f->header()["arch"]["intermediate_size"].get<uint32_t>(), 704u);
        const json& p = f->header()["provenance"]["defrag"];
        QCOMPARE(p["source_task"].get<std::string>(), std::string("narrow"));
        QCOMPARE(p["pre_intermediate"].get<uint32_t>(), 768u);
        QCOMPARE(p["post_intermediate_max"].get<uint32_t>(), 704u);
        JCOMPARE(p["kept_per_layer"], json::array({500, 384, 200, 704}));
        QVERIFY(std::abs(p["pruned_ratio"].get<double>() - report.prunedRatio) < 1e-15);

        for (uint32_t l = 0; l < 4; ++l) {
            const auto k = keep[l];
            const auto g = *f->findTensor(layer(l, "mlp.gate_proj.weight"));
            const auto u = *f->findTensor(layer(l, "mlp.up_proj.weight"));
            const auto d = *f->findTensor(layer(l, "mlp.down_proj.weight"));
            QVERIFY(g.dims() == (std::vector<uint64_t>{k.size(), 256}));
            QVERIFY(u.dims() == (std::vector<uint64_t>{k.size(), 256}));
            QVERIFY(d.dims() == (std::vector<uint64_t>{256, k.size()}));
            QCOMPARE(d.dtype, cmf::DType::F32);
            const Expected e = expectedFor(*base, l, k);
            QVERIFY(decoded(*f, layer(l, "mlp.gate_proj.weight")) == e.gate);
            QVERIFY(decoded(*f, layer(l, "mlp.up_proj.weight")) == e.up);
            QVERIFY(decoded(*f, layer(l, "mlp.down_proj.weight")) == e.down);
        }
        // Everything else is the source's bytes.
        for (uint64_t i = 0; i < base->directory().count(); ++i) {
            const auto r = base->directory().record(i);
            if (std::string(r.name).find(".mlp.") != std::string::npos) continue;
            QCOMPARE(f->findTensor(r.name)->hash, r.hash);
        }
    }

    void quantizedDownProjFallsBackToQ8_2F() {
        const std::string src = converted("q4t"), out = tmp("demo-q4t-defrag.cmf");
        const cmf::KeepSets keep = demoKeep();
        const auto report = cmf::defrag(src, keep, out, {});
        const auto base = cmf::CmfFile::open(src), f = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*f).ok());
        QVERIFY(f->envelope().has(cmf::Quant2F));
        QCOMPARE(report.fallbacks.size(), size_t(2)); // layers 0 and 2: 500 and 200 kept
        QVERIFY(report.fallbacks[0].find(layer(0, "mlp.down_proj.weight")) == 0);
        QVERIFY(report.fallbacks[1].find(layer(2, "mlp.down_proj.weight")) == 0);
        QVERIFY(f->header()["provenance"]["defrag"]["source_task"].is_null());
        for (uint32_t l = 0; l < 4; ++l) {
            const bool whole = keep[l].size() % 32 == 0;
            QCOMPARE(f->findTensor(layer(l, "mlp.gate_proj.weight"))->dtype, cmf::DType::Q4Tiled);
            QCOMPARE(f->findTensor(layer(l, "mlp.down_proj.weight"))->dtype, whole ? cmf::DType::Q4Tiled : cmf::DType::Q8_2F);
            const Expected e = expectedFor(*base, l, keep[l]);
            // q4 again over q4 values: within q4's bound; q8_2f over them: within q8's.
            QVERIFY(relRms(e.gate, decoded(*f, layer(l, "mlp.gate_proj.weight"))) < 0.2);
            QVERIFY(relRms(e.up, decoded(*f, layer(l, "mlp.up_proj.weight"))) < 0.2);
            QVERIFY(relRms(e.down, decoded(*f, layer(l, "mlp.down_proj.weight"))) < (whole ? 0.2 : 0.02));
        }
    }

    void kitMaskKeepsTheMtpBlockAndDropsTheIndex() {
        // The conformance kit's F32 file: two masks, an MTP block, a sparse index.
        const std::string src = cmftest::dataPath("conformance/valid/tiny-s42-F32.cmf"), out = tmp("kit-defrag.cmf");
        const auto in = cmf::CmfFile::open(src);
        QVERIFY(in->envelope().index.present());
        const auto keep = cmf::keepSetsFromMask(*in, "coding");
        cmf::defrag(src, keep, out, "coding");
        const auto f = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*f).ok());
        QVERIFY(!f->envelope().index.present() && !f->envelope().masks.present());
        for (uint32_t l = 0; l < 2; ++l)
            QCOMPARE(uint64_t(f->findTensor(layer(l, "mlp.gate_proj.weight"))->shape[0]), uint64_t(keep[l].size()));
        QCOMPARE(f->findTensor("model.mtp.layers.0.mlp.gate_proj.weight")->hash,
                 in->findTensor("model.mtp.layers.0.mlp.gate_proj.weight")->hash);
        QVERIFY(keep[0].size() < 64);
    }

    void cancelLeavesNothing() {
        expectCancelledCleanly("defrag", [](const std::string& out, const cmf::Control& c) {
            cmf::defrag(converted("f32"), demoKeep(), out, {}, c);
        });
    }

    void badKeepSetsAreRefused() {
        const std::string src = converted("f32"), out = tmp("refused.cmf");
        auto kindOf = [&](cmf::KeepSets k) {
            try {
                cmf::defrag(src, k, out);
            } catch (const cmf::Error& e) {
                return int(e.kind());
            }
            return -1;
        };
        auto k = demoKeep();
        k.pop_back();
        QCOMPARE(kindOf(k), int(cmf::ErrorKind::Parse)); // 3 sets for 4 layers
        k = demoKeep();
        std::swap(k[1][0], k[1][1]);
        QCOMPARE(kindOf(k), int(cmf::ErrorKind::Parse)); // not ascending
        k = demoKeep();
        k[2].push_back(768);
        QCOMPARE(kindOf(k), int(cmf::ErrorKind::Parse)); // out of range
        k = demoKeep();
        k[3].clear();
        QCOMPARE(kindOf(k), int(cmf::ErrorKind::Parse)); // an empty layer
        QVERIFY(!fs::exists(out));
        try {
            cmf::keepSetsFromMask(*cmf::CmfFile::open(cmftest::dataPath("conformance/valid/tiny-s42-F32.cmf")), "poetry");
            QFAIL("an unknown task was accepted");
        } catch (const cmf::Error& e) {
            QVERIFY(std::string(e.what()).find("general, coding") != std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestDefrag)
#include "tst_defrag.moc"
