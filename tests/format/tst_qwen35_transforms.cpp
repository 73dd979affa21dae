// The rewrites on converted tiny Qwen3.5 files (tests/data/models/gdn):
// requant, shard, compact, diff, defrag of the dense FFN and moe-defrag.
// These are format-level: they must carry the linear-attention tensors
// (conv1d.weight [conv_dim, 1, K], A_log, dt_bias without .weight), the
// gated q_proj, the MTP block and the split experts through unharmed.
#include "test_support.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/defrag.h"
#include "cmf/format/diff.h"
#include "cmf/format/moe_defrag.h"
#include "cmf/format/shards.h"
#include "cmf/format/verify.h"

#include <QTest>
#include <filesystem>
#include <map>
#include <tuple>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string tmp(const std::string& name) { return cmftest::tempDir() + "/" + name; }

std::string converted(const std::string& model, const std::string& quant) {
    const std::string out = tmp(model + "-" + quant + ".cmf");
    if (!fs::exists(out)) {
        cmf::ConvertOptions o;
        o.modelDir = cmftest::dataPath("models/gdn/" + model);
        o.output = out;
        o.quant = *cmf::quantFromName(quant);
        cmf::convertHf(o, {});
    }
    return out;
}

bool isLinearAttention(const std::string& n) { return n.find(".linear_attn.") != std::string::npos; }
bool isRecurrence(const std::string& n) {
    return n.ends_with(".linear_attn.conv1d.weight") || n.ends_with(".linear_attn.A_log") || n.ends_with(".linear_attn.dt_bias");
}

void requireValid(const std::string& path) {
    const auto v = cmf::verify(*cmf::CmfFile::open(path));
    QVERIFY2(v.ok(), v.ok() ? "" : (path + ": " + v.problems[0].detail).c_str());
}

// name -> (dtype, shape, hash) of every tensor of a model.
std::map<std::string, std::tuple<cmf::DType, std::vector<uint64_t>, uint64_t>> directoryOf(const cmf::Model& m) {
    std::map<std::string, std::tuple<cmf::DType, std::vector<uint64_t>, uint64_t>> out;
    for (const auto& t : m.tensors()) out[std::string(t.record.name)] = {t.record.dtype, t.record.dims(), t.record.hash};
    return out;
}

std::vector<float> decoded(const cmf::CmfFile& f, const std::string& name) { return cmf::decodeAll(f.tensorBytes(*f.findTensor(name))); }

} // namespace

class TestQwen35Transforms : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void requantKeepsTheRecurrenceF32() {
        const std::string in = converted("tiny-qwen3.5-moe", "q8"), out = tmp("moe-requant-q4t.cmf");
        const auto report = cmf::requant({in, out, cmf::DType::Q4Tiled, "", {}});
        requireValid(out);
        const auto a = cmf::CmfFile::open(in), b = cmf::CmfFile::open(out);
        QCOMPARE(b->directory().count(), a->directory().count());
        int recurrence = 0, requantized = 0;
        for (const auto& t : report.tensors) {
            const auto rb = b->findTensor(t.name), ra = a->findTensor(t.name);
            QVERIFY(rb && ra);
            QCOMPARE(rb->dims(), ra->dims());
            if (isRecurrence(t.name)) {
                ++recurrence; // already f32: copied byte for byte, never rounded
                QVERIFY2(t.copied, t.name.c_str());
                QCOMPARE(rb->dtype, cmf::DType::F32);
                QCOMPARE(rb->hash, ra->hash);
            } else if (rb->dims().size() == 2 && rb->dims()[1] % 32 == 0 && rb->count() >= 32) {
                ++requantized;
                QCOMPARE(rb->dtype, cmf::DType::Q4Tiled);
            }
        }
        QCOMPARE(recurrence, 9);
        QVERIFY(requantized > 150); // projections, split experts, the MTP block

        // A file whose recurrence tensors an explicit --keep rule put at bf16 (f16 for
        // the 1-D ones): requant re-encodes them to f32 (lossless), with the reason.
        cmf::ConvertOptions o;
        o.modelDir = cmftest::dataPath("models/gdn/tiny-qwen3.5");
        o.output = tmp("dense-kept-bf16.cmf");
        o.quant = cmf::DType::Q8Row;
        o.keep = {{"A_log|dt_bias|conv1d", cmf::DType::BF16}};
        cmf::convertHf(o, {});
        const std::string bf16 = o.output, q8 = tmp("dense-requant-q8.cmf");
        QCOMPARE(cmf::CmfFile::open(bf16)->findTensor("model.layers.2.linear_attn.A_log")->dtype, cmf::DType::F16); // 1-D: §3.2
        QCOMPARE(cmf::CmfFile::open(bf16)->findTensor("model.layers.2.linear_attn.conv1d.weight")->dtype, cmf::DType::BF16);
        const auto r2 = cmf::requant({bf16, q8, cmf::DType::Q8Row, "", {}});
        requireValid(q8);
        const auto src = cmf::CmfFile::open(bf16), dst = cmf::CmfFile::open(q8);
        for (const auto& t : r2.tensors)
            if (isRecurrence(t.name)) {
                QCOMPARE(t.dtype, cmf::DType::F32);
                QCOMPARE(t.reason, std::string("linear-attention recurrence parameter kept f32: q8_row -> f32"));
                QCOMPARE(decoded(*dst, t.name), decoded(*src, t.name));
                ++recurrence;
            }
        QCOMPARE(recurrence, 9 + 9);
    }

    void shardCompactDiff() {
        const std::string in = converted("tiny-qwen3.5-cond-untied", "q8");
        const auto single = cmf::Model::open(in);
        // Shards of about 0.4 MB of f32: the directory splits across several files.
        const auto sharded = cmf::shard(in, 0.0004, tmp("cond-shard"));
        QVERIFY(sharded.outputs.size() >= 3);
        for (const auto& p : sharded.outputs) requireValid(p);
        const auto set = cmf::Model::open(sharded.outputs.back());
        QVERIFY(directoryOf(set) == directoryOf(single));
        JCOMPARE(set.primary().header()["arch"], single.primary().header()["arch"]);

        cmf::compact(in, tmp("cond-compact.cmf"));
        requireValid(tmp("cond-compact.cmf"));
        QVERIFY(directoryOf(cmf::Model::open(tmp("cond-compact.cmf"))) == directoryOf(single));

        // diff: the set equals the single file tensor by tensor; a requant of the
        // projections changes them and nothing of the recurrence.
        const auto same = cmf::diff(single, set);
        QCOMPARE(same.count(cmf::DiffStatus::Same), same.tensorsA);
        const std::string q4 = tmp("cond-q4.cmf");
        cmf::requant({in, q4, cmf::DType::Q4Block, "proj", {}});
        const auto d = cmf::diff(single, cmf::Model::open(q4));
        QCOMPARE(d.tensorsA, d.tensorsB);
        for (const auto& t : d.tensors) {
            const bool proj = t.name.find("proj") != std::string::npos && !isRecurrence(t.name);
            QVERIFY2(t.status == (proj ? cmf::DiffStatus::Changed : cmf::DiffStatus::Same), t.name.c_str());
            if (proj) QVERIFY2(t.nmse && *t.nmse > 0 && *t.nmse < 0.05, t.name.c_str());
        }
    }

    void defragDenseFfn() {
        // Keep 96 of 192 neurons in layers 0 and 3, 64 in 1 and 2 (LLLF: linear and full layers alike).
        const std::string in = converted("tiny-qwen3.5", "f32"), out = tmp("dense-defrag.cmf");
        const uint32_t widths[] = {96, 64, 64, 96};
        cmf::KeepSets keep(4);
        for (uint32_t l = 0; l < 4; ++l)
            for (uint32_t j = 0; j < widths[l]; ++j) keep[l].push_back(j * 192 / widths[l] + l % 2);
        const auto report = cmf::defrag(in, keep, out, "half");
        requireValid(out);
        QCOMPARE(report.postIntermediateMax, 96u);
        const auto a = cmf::CmfFile::open(in), b = cmf::CmfFile::open(out);
        QCOMPARE(b->directory().count(), a->directory().count());
        for (uint32_t l = 0; l < 4; ++l) {
            const std::string p = "model.layers." + std::to_string(l) + ".mlp.";
            QCOMPARE(b->findTensor(p + "gate_proj.weight")->dims(), (std::vector<uint64_t>{widths[l], 64}));
            QCOMPARE(b->findTensor(p + "down_proj.weight")->dims(), (std::vector<uint64_t>{64, widths[l]}));
            // The kept rows are the source's rows, exactly (f32).
            const auto src = decoded(*a, p + "up_proj.weight"), got = decoded(*b, p + "up_proj.weight");
            for (uint32_t j = 0; j < widths[l]; ++j)
                QVERIFY(std::equal(got.begin() + j * 64, got.begin() + (j + 1) * 64, src.begin() + keep[l][j] * 64));
        }
        // Linear attention, the gated attention and the MTP block (its own FFN included) are untouched.
        for (uint64_t i = 0; i < a->directory().count(); ++i) {
            const auto r = a->directory().record(i);
            const std::string n(r.name);
            if (n.find(".mlp.") != std::string::npos && !n.starts_with("model.mtp.")) continue;
            QVERIFY2(b->findTensor(n)->hash == r.hash, n.c_str());
            QVERIFY(b->findTensor(n)->dims() == r.dims());
        }
        QVERIFY(b->findTensor("model.layers.0.linear_attn.conv1d.weight")->dims() == (std::vector<uint64_t>{128, 1, 4}));
        JCOMPARE(b->header()["arch"]["layer_types"], a->header()["arch"]["layer_types"]);
        JCOMPARE(b->header()["arch"]["linear_norm_style"], "qwen");
    }

    void moeDefragSplitExperts() {
        // Layer l routes only to experts l, l+1 and (l+4) % 8 (counts 50, 30, 20): cover 0.8 keeps the first two.
        const std::string in = converted("tiny-qwen3.5-moe", "q4t"), out = tmp("moe-defrag.cmf");
        json stats = {{"layers", json::array()}};
        for (uint32_t l = 0; l < 4; ++l) {
            json row = json::array({0, 0, 0, 0, 0, 0, 0, 0});
            row[l] = 50, row[l + 1] = 30, row[(l + 4) % 8] = 20;
            stats["layers"].push_back(row);
        }
        const auto report = cmf::moeDefrag(in, cmf::parseMoeStats(stats), 0.8, out);
        requireValid(out);
        const auto a = cmf::CmfFile::open(in), b = cmf::CmfFile::open(out);
        for (uint32_t l = 0; l < 4; ++l) {
            QCOMPARE(report.kept[l], (std::vector<uint32_t>{l, l + 1}));
            const std::string p = "model.layers." + std::to_string(l) + ".mlp.";
            QCOMPARE(b->findTensor(p + "gate.weight")->dims(), (std::vector<uint64_t>{2, 64}));
            for (uint32_t e = 0; e < 2; ++e)
                for (const char* role : {"gate_proj", "up_proj", "down_proj"}) {
                    const std::string kept = p + "experts." + std::to_string(e) + "." + role + ".weight";
                    const std::string orig = p + "experts." + std::to_string(l + e) + "." + role + ".weight";
                    QCOMPARE(b->findTensor(kept)->hash, a->findTensor(orig)->hash); // copied verbatim
                }
            QVERIFY(!b->findTensor(p + "experts.2.gate_proj.weight"));
            // The shared expert and its gate stay.
            QCOMPARE(b->findTensor(p + "shared_expert.up_proj.weight")->hash, a->findTensor(p + "shared_expert.up_proj.weight")->hash);
            QCOMPARE(b->findTensor(p + "shared_expert_gate.weight")->hash, a->findTensor(p + "shared_expert_gate.weight")->hash);
        }
        // Everything outside the trunk's expert banks is unchanged: linear attention, the MTP block's 8 experts.
        for (uint64_t i = 0; i < a->directory().count(); ++i) {
            const std::string n(a->directory().record(i).name);
            if (n.starts_with("model.layers.") && (n.find(".mlp.experts.") != std::string::npos || n.ends_with(".mlp.gate.weight"))) continue;
            QVERIFY2(b->findTensor(n) && b->findTensor(n)->hash == a->directory().record(i).hash, n.c_str());
        }
        QVERIFY(b->findTensor("model.mtp.layers.0.mlp.experts.7.down_proj.weight"));
        // Each layer's remaining bank is role-contiguous.
        std::vector<std::string> bank;
        for (uint64_t i = 0; i < b->directory().count(); ++i) {
            const std::string n(b->directory().record(i).name);
            if (n.starts_with("model.layers.1.mlp.experts.")) bank.push_back(n);
        }
        QCOMPARE(bank, (std::vector<std::string>{
                           "model.layers.1.mlp.experts.0.gate_proj.weight", "model.layers.1.mlp.experts.1.gate_proj.weight",
                           "model.layers.1.mlp.experts.0.up_proj.weight", "model.layers.1.mlp.experts.1.up_proj.weight",
                           "model.layers.1.mlp.experts.0.down_proj.weight", "model.layers.1.mlp.experts.1.down_proj.weight"}));
        for (const auto& n : bank) QVERIFY(!isLinearAttention(n));
    }
};

QTEST_GUILESS_MAIN(TestQwen35Transforms)
#include "tst_qwen35_transforms.moc"
