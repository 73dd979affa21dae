// MoE expert defrag (§11.1) and routing masks (§5 expert area) on tiny-moe
// converted at q8: the cover rule, kept experts renumbered contiguously and
// role-contiguous, router rows and expert payloads byte-identical to the
// source's, expert_bias gathered, masks remapped, verify clean; and mask
// writing (addMask) keeps every existing mask.
#include "cancel_check.h"
#include "test_support.h"

#include "cmf/format/append.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/encode.h"
#include "cmf/format/error.h"
#include "cmf/format/mask_edit.h"
#include "cmf/format/moe_defrag.h"
#include "cmf/format/verify.h"

#include <QTest>
#include <atomic>
#include <filesystem>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string tmp(const std::string& name) { return cmftest::tempDir() + "/" + name; }

std::string moeQ8() {
    const std::string out = tmp("tiny-moe-q8.cmf");
    if (!fs::exists(out)) {
        cmf::ConvertOptions o;
        o.modelDir = cmftest::dataPath("models/tiny-moe");
        o.output = out;
        o.quant = cmf::DType::Q8Row;
        cmf::convertHf(o, {});
    }
    return out;
}

std::string layer(uint32_t l, const std::string& rest) { return "model.layers." + std::to_string(l) + "." + rest; }
std::string expert(uint32_t l, uint32_t e, const char* role) {
    return layer(l, "mlp.experts." + std::to_string(e) + "." + role + ".weight");
}

// Layer 0: 3 experts reach 90% (100+50+30 of 200); layer 1: 90% is reached
// inside a tie of 10s, broken to the lower indices (expert 6 goes); layer 2: one expert carries everything; layer 3: no
// routing recorded, so every expert stays.
cmf::MoeStats demoStats() {
    return cmf::parseMoeStats(json{{"layers",
                                    {{100, 0, 50, 0, 30, 0, 0, 20},
                                     {40, 10, 10, 10, 10, 10, 10, 0},
                                     {0, 0, 0, 0, 0, 0, 0, 5},
                                     {0, 0, 0, 0, 0, 0, 0, 0}}},
                                   {"tokens", 1234}});
}
const std::vector<std::vector<uint32_t>> kKept = {{0, 2, 4}, {0, 1, 2, 3, 4, 5}, {7}, {0, 1, 2, 3, 4, 5, 6, 7}};

std::vector<float> rowsOf(const cmf::CmfFile& f, const std::string& name, uint64_t r0, uint64_t r1) {
    const auto tb = f.tensorBytes(*f.findTensor(name));
    std::vector<float> out((r1 - r0) * tb.shape.cols);
    cmf::decodeRows(tb, r0, r1, out.data());
    return out;
}

// Checks the defragged file against its source for the demo stats.
void checkDefragged(const cmf::CmfFile& src, const cmf::CmfFile& out, bool routerBytesEqual) {
    QVERIFY(cmf::verify(out).ok());
    QCOMPARE(out.header()["arch"]["moe"]["num_experts"].get<int>(), 8); // nominal
    for (uint32_t l = 0; l < 4; ++l) {
        const auto& k = kKept[l];
        for (uint32_t j = 0; j < 8; ++j)
            for (const char* role : {"gate_proj", "up_proj", "down_proj"}) {
                const auto t = out.findTensor(expert(l, j, role));
                QCOMPARE(t.has_value(), j < k.size());
                if (!t) continue;
                const auto s = *src.findTensor(expert(l, k[j], role));
                QCOMPARE(t->hash, s.hash); // payload copied verbatim
                QVERIFY(t->dims() == s.dims());
                QCOMPARE(t->dtype, s.dtype);
            }
        const std::string router = layer(l, "mlp.gate.weight");
        const auto r = *out.findTensor(router), sr = *src.findTensor(router);
        QCOMPARE(r.dtype, sr.dtype);
        QVERIFY(r.dims() == (std::vector<uint64_t>{k.size(), 256}));
        for (size_t j = 0; j < k.size(); ++j) {
            const auto got = rowsOf(out, router, j, j + 1), want = rowsOf(src, router, k[j], k[j] + 1);
            if (routerBytesEqual) QVERIFY(got == want);
            else QVERIFY(cmf::relativeRmsError(want.data(), got.data(), want.size()) < 0.25);
        }
        // Role-contiguous bank: every gate_proj, then every up_proj, then every down_proj.
        std::vector<uint64_t> at;
        for (const char* role : {"gate_proj", "up_proj", "down_proj"})
            for (uint32_t j = 0; j < k.size(); ++j) at.push_back(*out.directory().find(expert(l, j, role)));
        for (size_t i = 1; i < at.size(); ++i) QCOMPARE(at[i], at[i - 1] + 1);
    }
    const json& p = out.header()["provenance"]["moe_defrag"];
    QCOMPARE(p["cover"].get<double>(), 0.9);
    JCOMPARE(p["kept_per_layer"], json::array({3, 6, 1, 8}));
    JCOMPARE(p["kept_experts"], kKept);
    // Everything outside the expert banks and routers is the source's bytes.
    for (uint64_t i = 0; i < src.directory().count(); ++i) {
        const auto r = src.directory().record(i);
        const std::string n(r.name);
        if (n.find(".mlp.experts.") != std::string::npos || n.find(".mlp.gate.weight") != std::string::npos) continue;
        QCOMPARE(out.findTensor(n)->hash, r.hash);
    }
}

using cmftest::expectCancelledCleanly;

} // namespace

class TestMoeDefrag : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void coverRule() {
        QVERIFY(cmf::moeKeepSets(demoStats(), 0.9) == kKept);
        // 0.91 needs the fourth expert of layer 0 (180 < 182), and the tied expert 6 of layer 1 (90 < 91).
        const auto more = cmf::moeKeepSets(demoStats(), 0.91);
        QCOMPARE(more[0], (std::vector<uint32_t>{0, 2, 4, 7}));
        QCOMPARE(more[1], (std::vector<uint32_t>{0, 1, 2, 3, 4, 5, 6}));
        // cover 1 keeps only experts that were ever routed to.
        QCOMPARE(cmf::moeKeepSets(demoStats(), 1.0)[2], std::vector<uint32_t>{7});
        const auto bits = cmf::moeExpertMask(demoStats(), 0.9);
        QCOMPARE(bits[0], (std::vector<bool>{true, false, true, false, true, false, false, false}));
        QCOMPARE(bits[3], std::vector<bool>(8, true));
        // "counts" is accepted; bad input is refused.
        QVERIFY(cmf::parseMoeStats(json{{"counts", {{1, 2}, nullptr}}}).layers[1].empty());
        auto refused = [](auto fn) {
            try {
                fn();
            } catch (const cmf::Error& e) {
                return e.kind() == cmf::ErrorKind::Parse;
            }
            return false;
        };
        QVERIFY(refused([] { cmf::parseMoeStats(json{{"layers", {{1, -2}}}}); }));
        QVERIFY(refused([] { cmf::parseMoeStats(json{{"experts", {{1}}}}); }));
        QVERIFY(refused([] { cmf::moeKeepSets(demoStats(), 0.0); }));
        QVERIFY(refused([] { cmf::moeKeepSets(demoStats(), 1.5); }));
    }

    void defragKeepsRoutersAndExpertsByteExact() {
        const std::string src = moeQ8(), out = tmp("moe-defrag.cmf");
        const auto report = cmf::moeDefrag(src, demoStats(), 0.9, out);
        QCOMPARE(report.routerCopy, std::string("verbatim rows"));
        QCOMPARE(report.expertsBefore, (std::vector<uint32_t>{8, 8, 8, 8}));
        QVERIFY(std::abs(report.massKept[0] - 0.9) < 1e-12);
        QCOMPARE(report.massKept[3], 1.0);
        QVERIFY(report.write.outputBytes < report.inputBytes);
        const auto a = cmf::CmfFile::open(src), b = cmf::CmfFile::open(out);
        QCOMPARE(a->findTensor(layer(0, "mlp.gate.weight"))->dtype, cmf::DType::F16); // the converter's router dtype
        checkDefragged(*a, *b, true);
    }

    void q8AndVbitRouters() {
        // q8_row rows copy verbatim; vbit rows cannot (a row's width varies) and re-encode.
        const std::string q8 = tmp("moe-router-q8.cmf"), vb = tmp("moe-router-vbit.cmf");
        cmf::requant({moeQ8(), q8, cmf::DType::Q8Row, "mlp\\.gate\\.weight$", {}}, {});
        cmf::requant({moeQ8(), vb, cmf::DType::VBit, "mlp\\.gate\\.weight$", {}}, {});
        const auto r8 = cmf::moeDefrag(q8, demoStats(), 0.9, tmp("moe-defrag-q8.cmf"));
        QCOMPARE(r8.routerCopy, std::string("verbatim rows"));
        checkDefragged(*cmf::CmfFile::open(q8), *cmf::CmfFile::open(tmp("moe-defrag-q8.cmf")), true);
        QCOMPARE(cmf::CmfFile::open(tmp("moe-defrag-q8.cmf"))->findTensor(layer(1, "mlp.gate.weight"))->dtype, cmf::DType::Q8Row);
        const auto rv = cmf::moeDefrag(vb, demoStats(), 0.9, tmp("moe-defrag-vbit.cmf"));
        QVERIFY(rv.routerCopy.find("re-encoded") == 0);
        checkDefragged(*cmf::CmfFile::open(vb), *cmf::CmfFile::open(tmp("moe-defrag-vbit.cmf")), false);
    }

    void expertBiasIsGathered() {
        // tiny-moe has no expert_bias; append one (§2.2: [num_experts], selection only).
        const std::string path = tmp("moe-bias.cmf"), out = tmp("moe-bias-defrag.cmf");
        fs::copy_file(moeQ8(), path, fs::copy_options::overwrite_existing);
        std::vector<float> bias = {0.5f, -1, 2, -3, 4, -5, 6, -7};
        const auto bytes = cmf::encode(cmf::DType::F32, {1, 8}, bias.data());
        cmf::AppendRequest r;
        r.tensors.push_back({layer(0, "mlp.expert_bias"), cmf::DType::F32, {8}, bytes.data(), bytes.size()});
        cmf::appendInPlace(path, r);
        cmf::moeDefrag(path, demoStats(), 0.9, out);
        const auto f = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*f).ok());
        QCOMPARE(cmf::decodeAll(f->tensorBytes(*f->findTensor(layer(0, "mlp.expert_bias")))), (std::vector<float>{0.5f, 2, 4}));
    }

    void routingMaskAndItsRemap() {
        const std::string src = moeQ8(), masked = tmp("moe-masked.cmf"), out = tmp("moe-masked-defrag.cmf");
        const auto f = cmf::CmfFile::open(src);
        cmf::NewMask m;
        m.name = "code";
        m.hasExpertFields = true;
        m.blob = cmf::buildMaskBlob(cmf::maskLayoutOf(*f), cmf::moeMaskBits(*f, demoStats(), 0.9));
        const auto added = cmf::addMask(src, masked, m);
        QCOMPARE(added.taskId, 0u);
        QVERIFY(std::abs(added.expertSparsity - (1.0 - 18.0 / 32.0)) < 1e-12);
        const auto mf = cmf::CmfFile::open(masked);
        QVERIFY(cmf::verify(*mf).ok());
        const cmf::Mask* mask = mf->masks()->find("code");
        QVERIFY(mask && mask->hasExpertFields && mask->quality.is_null());
        QCOMPARE(mask->expertsActive, (std::vector<uint32_t>{3, 6, 1, 8}));
        QCOMPARE(mask->ffnActive, (std::vector<uint32_t>{768, 768, 768, 768})); // FFN area all-ones
        JCOMPARE(mf->masks()->meta["default_task"], nullptr);
        const auto& l = mf->masks()->layout;
        for (uint32_t e = 0; e < 8; ++e) QCOMPARE(mask->expertBit(l, 0, e), e == 0 || e == 2 || e == 4);

        // After the cut the mask's routable experts are the renumbered kept ones.
        const auto report = cmf::moeDefrag(masked, demoStats(), 0.9, out);
        const auto d = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*d).ok());
        const cmf::Mask* dm = d->masks()->find("code");
        QCOMPARE(dm->expertsActive, (std::vector<uint32_t>{3, 6, 1, 8}));
        for (uint32_t e = 0; e < 8; ++e) QCOMPARE(dm->expertBit(l, 0, e), e < 3);
        QVERIFY(!report.notes.empty());
        // Wrong stats are refused before anything is written.
        try {
            cmf::moeMaskBits(*f, cmf::parseMoeStats(json{{"layers", {{1, 2, 3}, {1}, {1}, {1}}}}), 0.9);
            QFAIL("stats with 3 experts were accepted for an 8-expert router");
        } catch (const cmf::Error& e) {
            QCOMPARE(int(e.kind()), int(cmf::ErrorKind::Parse));
        }
        try {
            cmf::moeDefrag(src, cmf::parseMoeStats(json{{"layers", {{1, 1, 1, 1, 1, 1, 1, 1}}}}), 0.9, tmp("never.cmf"));
            QFAIL("stats for 1 layer were accepted for 4");
        } catch (const cmf::Error& e) {
            QVERIFY(std::string(e.what()).find("1 layers") != std::string::npos);
        }
        QVERIFY(!fs::exists(tmp("never.cmf")));
    }

    void cancelLeavesNothing() {
        expectCancelledCleanly("moe-defrag", [](const std::string& out, const cmf::Control& c) {
            cmf::moeDefrag(moeQ8(), demoStats(), 0.9, out, c);
        });
        expectCancelledCleanly("add-mask", [](const std::string& out, const cmf::Control& c) {
            const auto f = cmf::CmfFile::open(moeQ8());
            cmf::NewMask m;
            m.name = "x";
            m.blob = cmf::buildMaskBlob(cmf::maskLayoutOf(*f), {});
            cmf::addMask(moeQ8(), out, m, c);
        });
    }

    void addMaskKeepsExistingMasks() {
        const std::string src = cmftest::dataPath("conformance/valid/tiny-s42-Q8_ROW.cmf"), out = tmp("kit-3masks.cmf");
        const auto in = cmf::CmfFile::open(src);
        const cmf::MaskLayout l = cmf::maskLayoutOf(*in);
        cmf::MaskBits bits;
        bits.ffn = {std::vector<bool>(64, false), {}};
        bits.ffn[0][5] = true;
        bits.heads = {{true, false, true, false}};
        bits.gates = {true, false};
        cmf::NewMask m{"tiny", cmf::buildMaskBlob(l, bits), false, nullptr, {}, json{{"provenance", "unit test"}}, false};
        const auto r = cmf::addMask(src, out, m);
        QCOMPARE(r.taskId, 2u);
        QVERIFY(std::abs(r.sparsity - (1.0 - 65.0 / 128.0)) < 1e-12);
        const auto f = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*f).ok());
        QCOMPARE(f->masks()->masks.size(), size_t(3));
        for (size_t i = 0; i < 2; ++i) {
            const auto& a = in->masks()->masks[i];
            const auto& b = f->masks()->masks[i];
            QCOMPARE(b.name, a.name);
            QVERIFY(std::equal(a.blob, a.blob + a.blobLen, b.blob));
            JCOMPARE(b.quality, a.quality);
        }
        const cmf::Mask& t = f->masks()->masks[2];
        QCOMPARE(t.ffnActive, (std::vector<uint32_t>{1, 64}));
        QCOMPARE(t.headsActive, (std::vector<uint32_t>{2, 4}));
        QCOMPARE(t.layerGates, (std::vector<bool>{true, false}));
        QCOMPARE(t.meta["provenance"].get<std::string>(), std::string("unit test"));
        JCOMPARE(f->masks()->meta["default_task"], "general"); // unchanged
        QVERIFY(std::ranges::equal(f->section(f->envelope().index), in->section(in->envelope().index)));
        // A second "tiny" is refused unless replacing, which keeps its task id.
        try {
            cmf::addMask(out, tmp("kit-dup.cmf"), m);
            QFAIL("a duplicate mask name was accepted");
        } catch (const cmf::Error&) {
        }
        m.replace = true;
        m.blob = cmf::buildMaskBlob(l, {});
        const auto again = cmf::addMask(out, tmp("kit-replaced.cmf"), m);
        QVERIFY(again.replaced);
        QCOMPARE(again.taskId, 2u);
        QCOMPARE(cmf::CmfFile::open(tmp("kit-replaced.cmf"))->masks()->masks.size(), size_t(3));
        QCOMPARE(again.sparsity, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestMoeDefrag)
#include "tst_moe_defrag.moc"
