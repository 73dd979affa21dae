// The layer plan (engine/layer_plan.h) of real models against what their
// files and Hugging Face configs say independently of the engine: every
// model.* / lm_head.* tensor of the directory read by exactly one operator,
// the mixer of each layer as the header's arch.layer_types names it, MoE
// experts and top-k as config.json has them, the MTP head's depth.
#include "reference_models.h"
#include "test_support.h"

#include "cmf/engine/layer_plan.h"
#include "cmf/format/dtype.h"

#include <QTest>
#include <algorithm>
#include <map>
#include <set>

using namespace cmf::engine;

namespace {

std::string gdnModel(const std::string& name) {
    const std::string out = cmftest::tempDir() + "/" + name + "-q8.cmf";
    if (!std::filesystem::exists(out)) {
        cmf::ConvertOptions o;
        o.modelDir = cmftest::dataPath("models/gdn/" + name);
        o.output = out;
        o.quant = *cmf::quantFromName("q8");
        cmf::convertHf(o, {});
    }
    return out;
}

void collect(const std::vector<PlanOp>& ops, std::multiset<std::string>& names) {
    for (const auto& op : ops)
        for (const auto& t : op.tensors) names.insert(t.name);
}

// Every tensor name the plan lists (an lm_head tied to the embedding counts once, as the embedding).
std::multiset<std::string> planNames(const ModelPlan& p) {
    std::multiset<std::string> n;
    collect(p.input, n);
    for (const auto& l : p.layers) collect(l.ops, n);
    collect(p.output, n);
    collect(p.mtpInput, n);
    for (const auto& l : p.mtpLayers) collect(l.ops, n);
    collect(p.mtpOutput, n);
    return n;
}

bool hasFact(const PlanOp& op, const std::string& fact) { return std::find(op.facts.begin(), op.facts.end(), fact) != op.facts.end(); }

const PlanOp* findOp(const LayerPlan& l, OpKind k) {
    for (const auto& op : l.ops)
        if (op.kind == k) return &op;
    return nullptr;
}

// The directory's text-model tensors, each read once by the plan; the plan
// names nothing the directory lacks and its records are the directory's.
void checkCoverage(const Model& m, const ModelPlan& p, bool tied) {
    std::multiset<std::string> names = planNames(p);
    if (tied) { // lm_head (and the MTP head's) reads the embedding again
        const size_t heads = p.mtpOutput.empty() ? 1 : 2;
        QCOMPARE(names.count("model.embed_tokens.weight"), 1 + heads);
        for (size_t i = 0; i < heads; ++i) names.erase(names.find("model.embed_tokens.weight"));
    } else if (!p.mtpOutput.empty()) {
        names.erase(names.find("lm_head.weight"));
    }
    std::set<std::string> expected;
    for (const auto& t : m.file().tensors()) {
        const std::string n(t.record.name);
        if (n.starts_with("model.") || n.starts_with("lm_head.")) expected.insert(n);
    }
    QCOMPARE(names.size(), expected.size());
    QVERIFY(std::set<std::string>(names.begin(), names.end()) == expected);
    // dtype and dims as the directory records them
    for (const auto& l : p.layers)
        for (const auto& op : l.ops)
            for (const auto& t : op.tensors) {
                const auto& r = m.file().tensors()[*m.file().find(t.name)].record;
                QCOMPARE(t.dtype, r.dtype);
                QCOMPARE(t.nbytes, r.nbytes);
                QVERIFY(t.shape == r.dims());
            }
}

std::vector<std::string> layerTypes(const Model& m) {
    std::vector<std::string> out;
    const auto& a = m.header()["arch"];
    if (a.contains("layer_types") && a["layer_types"].is_array())
        for (const auto& t : a["layer_types"]) out.push_back(t.get<std::string>());
    return out;
}

} // namespace

class TestLayerPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void demoModel() {
        const auto m = Model::open(cmftest::converted("demo-model", "q8"));
        const auto cfg = cmftest::loadJson(cmftest::modelDir("demo-model") + "/config.json");
        const ModelPlan p = layerPlan(*m);
        QCOMPARE(p.layers.size(), cfg["num_hidden_layers"].get<size_t>());
        checkCoverage(*m, p, cfg["tie_word_embeddings"].get<bool>());
        const uint64_t qRows = cfg["num_attention_heads"].get<uint64_t>() * cfg["head_dim"].get<uint64_t>();
        for (const auto& l : p.layers) {
            QCOMPARE(l.mixer, MixerKind::FullAttention);
            QCOMPARE(l.ffn, FfnKind::Dense);
            QCOMPARE(layerSignature(l), layerSignature(p.layers[0])); // Qwen3: every layer alike
            QCOMPARE(l.ops.size(), size_t(4));                         // input norm, attention, post-attention norm, MLP
            const PlanOp* att = findOp(l, OpKind::Attention);
            QVERIFY(att);
            QVERIFY(hasFact(*att, "q/k norm")); // Qwen3 has q_norm / k_norm
            QCOMPARE(att->tensors.front().name, l.prefix + "self_attn.q_proj.weight");
            QVERIFY((att->tensors.front().shape == std::vector<uint64_t>{qRows, cfg["hidden_size"].get<uint64_t>()}));
            const PlanOp* mlp = findOp(l, OpKind::DenseMlp);
            QVERIFY(mlp && hasFact(*mlp, "silu, " + std::to_string(cfg["intermediate_size"].get<int>()) + " neurons"));
        }
        QVERIFY(p.mtpInput.empty() && p.mtpLayers.empty());
        QCOMPARE(p.output.back().tensors.front().name, std::string("lm_head.weight"));
    }

    void tinyMoe() {
        const auto m = Model::open(cmftest::converted("tiny-moe", "q8"));
        const auto cfg = cmftest::loadJson(cmftest::modelDir("tiny-moe") + "/config.json");
        const ModelPlan p = layerPlan(*m);
        checkCoverage(*m, p, false);
        const size_t experts = cfg["num_experts"].get<size_t>();
        for (const auto& l : p.layers) {
            QCOMPARE(l.ffn, FfnKind::MoE);
            const PlanOp* moe = findOp(l, OpKind::Moe);
            QVERIFY(moe);
            QVERIFY(hasFact(*moe, "top-" + std::to_string(cfg["num_experts_per_tok"].get<int>()) + " of " + std::to_string(experts) + " experts"));
            QCOMPARE(hasFact(*moe, "norm top-k"), cfg["norm_topk_prob"].get<bool>());
            QCOMPARE(moe->tensors.size(), 1 + 3 * experts); // the router and each expert's gate, up, down
            QCOMPARE(moe->tensors.front().name, l.prefix + "mlp.gate.weight");
            QCOMPARE(moe->tensors.front().shape.front(), uint64_t(experts));
        }
    }

    void qwen35() {
        const auto m = Model::open(gdnModel("tiny-qwen3.5"));
        const auto cfg = cmftest::loadJson(cmftest::dataPath("models/gdn/tiny-qwen3.5/config.json"));
        const ModelPlan p = layerPlan(*m);
        checkCoverage(*m, p, cfg["tie_word_embeddings"].get<bool>());
        const auto types = layerTypes(*m);
        QCOMPARE(types.size(), p.layers.size());
        const auto hfTypes = cfg["layer_types"].get<std::vector<std::string>>();
        for (size_t i = 0; i < p.layers.size(); ++i) {
            const auto& l = p.layers[i];
            QCOMPARE(l.mixer == MixerKind::LinearAttention, types[i] == "LinearAttention");
            QCOMPARE(l.mixer == MixerKind::LinearAttention, hfTypes[i] == "linear_attention");
            if (l.mixer == MixerKind::LinearAttention) {
                const PlanOp* gdn = findOp(l, OpKind::LinearAttention);
                QVERIFY(gdn && hasFact(*gdn, "conv kernel " + std::to_string(cfg["linear_conv_kernel_dim"].get<int>())));
                QVERIFY(!findOp(l, OpKind::Attention));
            } else {
                const PlanOp* att = findOp(l, OpKind::Attention);
                QVERIFY(att);
                QCOMPARE(hasFact(*att, "output gate (q_proj ×2, sigmoid)"), cfg["attn_output_gate"].get<bool>());
                // partial_rotary_factor 0.25 of head_dim 64: 16 rotary dims
                const int rot = int(cfg["head_dim"].get<int>() * cfg["partial_rotary_factor"].get<double>());
                const bool found = std::any_of(att->facts.begin(), att->facts.end(), [&](const std::string& f) {
                    return f.find(", " + std::to_string(rot) + "/" + std::to_string(cfg["head_dim"].get<int>()) + " dims") != std::string::npos;
                });
                QVERIFY(found);
            }
        }
        // Linear layers alike, the full one different: they fold apart.
        QVERIFY(layerSignature(p.layers[0]) == layerSignature(p.layers[1]));
        QVERIFY(layerSignature(p.layers[0]) != layerSignature(p.layers[3]));
        QCOMPARE(p.mtpLayers.size(), cfg["mtp_num_hidden_layers"].get<size_t>());
        QCOMPARE(p.mtpInput.size(), size_t(1));
        QVERIFY(hasFact(p.output.back(), "tied to embed_tokens"));
    }

    void gemma3Sandwich() {
        const auto m = Model::open(cmftest::converted("tiny-gemma3", "f32"));
        const auto cfg = cmftest::loadJson(cmftest::modelDir("tiny-gemma3") + "/config.json");
        const ModelPlan p = layerPlan(*m);
        checkCoverage(*m, p, true);
        const auto types = layerTypes(*m);
        QCOMPARE(types.size(), p.layers.size());
        for (size_t i = 0; i < p.layers.size(); ++i) {
            const auto& l = p.layers[i];
            QCOMPARE(l.mixer == MixerKind::SlidingAttention, types[i] == "SlidingAttention");
            const PlanOp* att = findOp(l, OpKind::Attention);
            QVERIFY(att);
            QCOMPARE(hasFact(*att, "window " + std::to_string(cfg["sliding_window"].get<int>())), l.mixer == MixerKind::SlidingAttention);
            // Gemma 3: sandwich norms, (1+w) style
            QVERIFY(findOp(l, OpKind::PreFfnNorm) && findOp(l, OpKind::PostFfnNorm));
            QVERIFY(hasFact(*findOp(l, OpKind::InputNorm), "rms (1+w)"));
        }
        QVERIFY(std::any_of(p.input.front().facts.begin(), p.input.front().facts.end(),
                            [](const std::string& f) { return f.starts_with("scale "); })); // √hidden embedding scale
    }
};

QTEST_GUILESS_MAIN(TestLayerPlan)
#include "tst_layer_plan.moc"
