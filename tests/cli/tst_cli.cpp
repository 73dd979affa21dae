// `cmf info|verify|dump|masks|keygen|sign` end to end on the conformance kit.
#include "cli_support.h"
#include "test_support.h"

#include "cmf/format/cmf_file.h"

#include "cmf/format/hash64.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

#include <array>
#include <bit>
#include <cstdio>
#include <cstring>
#include <map>
#include <sys/stat.h>

using nlohmann::json;

namespace {

using clitest::Run;
using clitest::kit;
using clitest::q;
using clitest::runCmf;
using clitest::tmp;

const json& manifestEntry(const std::string& file) {
    static const json m = cmftest::loadJson(cmftest::dataPath("conformance/manifest.json"));
    for (const auto& f : m["files"])
        if (f["file"] == file) return f;
    throw std::runtime_error("no manifest entry " + file);
}

void copyFresh(const QString& from, const QString& to) {
    QFile::remove(to);
    QFile::remove(to + QStringLiteral(".sig"));
    QVERIFY(QFile::copy(from, to));
    QFile(to).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void helpOnEveryVerb_data() {
        QTest::addColumn<QString>("verb");
        for (const char* v : {"info", "verify", "dump", "masks", "keygen", "sign", "convert", "requant", "compact", "shard"})
            QTest::newRow(v) << QString::fromLatin1(v);
    }
    void helpOnEveryVerb() {
        QFETCH(QString, verb);
        const Run r = runCmf({verb, QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find("Usage") != std::string::npos || r.out.find("usage") != std::string::npos);
    }
    void usageErrors() {
        QCOMPARE(runCmf({}).code, 2);
        QCOMPARE(runCmf({QStringLiteral("info")}).code, 2);
        QCOMPARE(runCmf({QStringLiteral("frobnicate")}).code, 2);
        QCOMPARE(runCmf({QStringLiteral("dump"), kit("valid/tiny-s42-F16.cmf")}).code, 2);
    }
    void infoJsonMatchesManifest() {
        const Run r = runCmf({QStringLiteral("info"), kit("valid/tiny-s42-Q8_ROW.cmf"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const json j = r.j();
        const json& m = manifestEntry("valid/tiny-s42-Q8_ROW.cmf");
        for (const char* k : {"version", "flags", "required_features", "header_off", "header_len", "dir_off", "dir_len",
                              "data_off", "data_len", "masks_off", "masks_len", "vocab_off", "vocab_len", "index_off",
                              "index_len", "header_hash", "dir_hash"})
            JCOMPARE(j["envelope"][k], m["envelope"][k]);
        JCOMPARE(j["header"], m["header"]);
        QCOMPARE(j["tensors"].size(), m["tensors"].size());
        for (size_t i = 0; i < m["tensors"].size(); ++i) {
            JCOMPARE(j["tensors"][i]["name"], m["tensors"][i]["name"]);
            JCOMPARE(j["tensors"][i]["dtype"], m["tensors"][i]["dtype"]);
            JCOMPARE(j["tensors"][i]["dtype_id"], m["tensors"][i]["dtype_id"]);
            JCOMPARE(j["tensors"][i]["shape"], m["tensors"][i]["shape"]);
            JCOMPARE(j["tensors"][i]["off"], m["tensors"][i]["off"]);
            JCOMPARE(j["tensors"][i]["nbytes"], m["tensors"][i]["nbytes"]);
            JCOMPARE(j["tensors"][i]["hash"], m["tensors"][i]["hash64"]);
        }
        QCOMPARE(j["masks"].size(), size_t(2));
        for (size_t i = 0; i < 2; ++i) {
            const auto& mm = m["masks"]["masks"][i];
            JCOMPARE(j["masks"][i]["name"], mm["name"]);
            JCOMPARE(j["masks"][i]["quality"], mm["quality"]);
            JCOMPARE(j["masks"][i]["ffn_active"], mm["ffn_active_per_layer"]);
            JCOMPARE(j["masks"][i]["heads_active"], mm["heads_active_per_layer"]);
            JCOMPARE(j["masks"][i]["layer_gates"], mm["layer_gates"]);
        }
        JCOMPARE(j["skills"], json::array());
        JCOMPARE(j["shards"], json::array());
    }
    void infoSkillsAndShards() {
        json j = runCmf({QStringLiteral("info"), kit("valid/tiny-s42-skills-Q4_BLOCK.cmf"), QStringLiteral("--json")}).j();
        QCOMPARE(j["skills"].size(), size_t(1));
        JCOMPARE(j["skills"][0]["id"], "boost");
        JCOMPARE(j["skills"][0]["tensors"], json({"model.layers.0.mlp.gate_proj.weight"}));
        j = runCmf({QStringLiteral("info"), kit("valid/tiny-s42-Q8_2F-sharded-00002-of-00004.cmf"), QStringLiteral("--json")}).j();
        QCOMPARE(j["shards"].size(), size_t(4));
        for (const auto& s : j["shards"]) QVERIFY(s["present"].get<bool>());
        JCOMPARE(j["shards"][0]["file"], "tiny-s42-Q8_2F-sharded-00001-of-00004.cmf");
    }
    void infoHumanAndErrors() {
        Run r = runCmf({QStringLiteral("info"), kit("valid/tiny-s42-VBIT.cmf")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find("34 tensors") != std::string::npos);
        QVERIFY(r.out.find("NOT MEASURED") != std::string::npos); // the "coding" mask has quality null
        r = runCmf({QStringLiteral("info"), kit("invalid/13-dtype_200.cmf")});
        QCOMPARE(r.code, 1); // not a valid CMF file (README: exit 1), not a usage error
        QVERIFY2(r.err.find("Parse") != std::string::npos && r.err.find("dtype 200") != std::string::npos, r.err.c_str());
    }
    void verifyExitCodesAndJson() {
        Run r = runCmf({QStringLiteral("verify"), kit("valid/tiny-s7-Q4_BLOCK.cmf")});
        QCOMPARE(r.code, 0);
        r = runCmf({QStringLiteral("verify"), kit("invalid/19-flip_tensor_data.cmf"), QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        json j = r.j();
        QVERIFY(!j["ok"].get<bool>());
        JCOMPARE(j["error"], nullptr);
        QCOMPARE(j["problems"].size(), size_t(1));
        JCOMPARE(j["problems"][0]["kind"], "tensor_hash_mismatch");
        JCOMPARE(j["problems"][0]["where"], "model.layers.0.mlp.down_proj.weight");
        JCOMPARE(j["signature"]["present"], false);
        r = runCmf({QStringLiteral("verify"), kit("invalid/01-bad_magic.cmf"), QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        JCOMPARE(r.j()["error"]["kind"], "InvalidMagic");
        r = runCmf({QStringLiteral("verify"), tmp("no-such-file.cmf")});
        QCOMPARE(r.code, 2);
        // --set from shard 2 of the kit's set: all four shards, each problem named by its shard.
        const QString shard2 = kit("valid/tiny-s42-Q8_2F-sharded-00002-of-00004.cmf");
        const json alone = runCmf({QStringLiteral("verify"), shard2, QStringLiteral("--json")}).j();
        const json set = runCmf({QStringLiteral("verify"), shard2, QStringLiteral("--set"), QStringLiteral("--json")}).j();
        QVERIFY(set["ok"].get<bool>());
        JCOMPARE(set["set"], true);
        QVERIFY(set["tensors_checked"].get<uint64_t>() > alone["tensors_checked"].get<uint64_t>());
        uint64_t all = 0;
        for (int k = 1; k <= 4; ++k)
            all += cmf::CmfFile::open(kit(("valid/tiny-s42-Q8_2F-sharded-0000" + std::to_string(k) + "-of-00004.cmf").c_str()).toStdString())
                       ->directory()
                       .count();
        QCOMPARE(set["tensors_checked"].get<uint64_t>(), all);
    }
    void dumpNpyMatchesManifest() {
        const QString out = tmp("down.npy");
        Run r = runCmf({QStringLiteral("dump"), kit("valid/tiny-s42-Q8_2F.cmf"), QStringLiteral("--tensor"),
                     QStringLiteral("model.layers.0.mlp.down_proj.weight"), QStringLiteral("--npy"), out});
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto bytes = cmftest::readBytes(out.toStdString());
        QVERIFY(bytes.size() > 10 && std::memcmp(bytes.data(), "\x93NUMPY\x01\x00", 8) == 0);
        const size_t hlen = bytes[8] | (bytes[9] << 8);
        QCOMPARE((10 + hlen) % 64, size_t(0));
        const std::string header(bytes.begin() + 10, bytes.begin() + 10 + long(hlen));
        QVERIFY2(header.find("'descr': '<f4'") != std::string::npos && header.find("'shape': (32, 64)") != std::string::npos, header.c_str());
        QCOMPARE(bytes.size(), 10 + hlen + 32 * 64 * 4);
        const json& m = manifestEntry("valid/tiny-s42-Q8_2F.cmf");
        for (const auto& t : m["tensors"]) {
            if (t["name"] != "model.layers.0.mlp.down_proj.weight") continue;
            QCOMPARE(cmf::hex64(cmf::hash64(bytes.data() + 10 + hlen, 32 * 64 * 4)), t["dequant"]["f32_hash64"].get<std::string>());
        }
    }
    void dumpSkillReplacement() {
        const QString base = tmp("base.npy"), skill = tmp("skill.npy");
        const QStringList common{QStringLiteral("dump"), kit("valid/tiny-s42-skills-Q4_BLOCK.cmf"), QStringLiteral("--tensor"),
                                 QStringLiteral("model.layers.0.mlp.gate_proj.weight"), QStringLiteral("--npy")};
        QCOMPARE(runCmf(common + QStringList{base}).code, 0);
        QCOMPARE(runCmf(common + QStringList{skill, QStringLiteral("--skill"), QStringLiteral("boost")}).code, 0);
        QVERIFY(cmftest::readBytes(base.toStdString()) != cmftest::readBytes(skill.toStdString()));
        const Run r = runCmf(common + QStringList{skill, QStringLiteral("--skill"), QStringLiteral("nope")});
        QCOMPARE(r.code, 2);
    }
    void dumpStatsMatchManifest() {
        const Run r = runCmf({QStringLiteral("dump"), kit("valid/tiny-s7-VBIT.cmf"), QStringLiteral("--stats"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const json j = r.j();
        const json& m = manifestEntry("valid/tiny-s7-VBIT.cmf");
        QCOMPARE(j["tensors"].size(), m["tensors"].size());
        for (size_t i = 0; i < m["tensors"].size(); ++i) {
            const auto& a = j["tensors"][i];
            const auto& e = m["tensors"][i]["dequant"];
            JCOMPARE(a["name"], m["tensors"][i]["name"]);
            JCOMPARE(a["count"], e["count"]);
            QVERIFY(std::fabs(a["sum"].get<double>() - e["sum"].get<double>()) <= 1e-6 * std::max(1.0, std::fabs(e["sum"].get<double>())));
            QVERIFY(std::fabs(a["abs_sum"].get<double>() - e["sum_abs"].get<double>()) <= 1e-6 * e["sum_abs"].get<double>());
            for (size_t k = 0; k < 8 && k < e["first8"].size(); ++k)
                QCOMPARE(a["first"][k].get<float>(), e["first8"][k].get<float>());
        }
    }
    void dumpStatsOverShards() {
        const Run r = runCmf({QStringLiteral("dump"), kit("valid/tiny-s42-Q8_2F-sharded-00004-of-00004.cmf"), QStringLiteral("--stats"),
                           QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.j()["tensors"].size(), size_t(34));
    }
    void masksJson() {
        const Run r = runCmf({QStringLiteral("masks"), kit("valid/tiny-s42-F16.cmf"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const json j = r.j();
        JCOMPARE(j["default_task"], "general");
        JCOMPARE(j["masks"][1]["name"], "coding");
        JCOMPARE(j["masks"][1]["ffn_active"], json({32, 32}));
        JCOMPARE(j["masks"][1]["quality"], nullptr);
        QCOMPARE(runCmf({QStringLiteral("masks"), kit("valid/tiny-s7-F16.cmf")}).code, 0);
    }
    void convertRequantShardCompact() {
        const QString model = QString::fromStdString(cmftest::dataPath("models/tiny-moe"));
        const QString out = tmp("moe-q8.cmf"), q4 = tmp("moe-q4.cmf"), whole = tmp("moe-whole.cmf");
        Run r = runCmf({QStringLiteral("convert"), QStringLiteral("--model"), model, QStringLiteral("--quant"), QStringLiteral("q8"),
                        QStringLiteral("--output"), out, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        json j = r.j();
        JCOMPARE(j["outputs"], json({out.toStdString()}));
        QCOMPARE(j["tensors"].size(), size_t(135));
        for (const auto& t : j["tensors"])
            if (t["dtype"] == "q8_row") QVERIFY(t["rel_rms"].get<double>() > 0 && t["rel_rms"].get<double>() < 0.02);
        QCOMPARE(runCmf({QStringLiteral("verify"), out}).code, 0);

        r = runCmf({QStringLiteral("requant"), out, QStringLiteral("--quant"), QStringLiteral("q4"), QStringLiteral("--only"),
                    QStringLiteral("experts"), QStringLiteral("--output"), q4, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        size_t copied = 0;
        const json requanted = r.j();
        for (const auto& t : requanted["tensors"]) copied += t["copied"].get<bool>();
        QCOMPARE(copied, size_t(135 - 4 * 8 * 3)); // everything but the 96 expert projections

        r = runCmf({QStringLiteral("shard"), q4, QStringLiteral("--max-gb"), QStringLiteral("0.02"), QStringLiteral("--output-base"),
                    tmp("moe-shard"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json shards = r.j()["outputs"];
        QVERIFY(shards.size() >= 2);
        for (const auto& s : shards) QCOMPARE(runCmf({QStringLiteral("verify"), QString::fromStdString(s.get<std::string>())}).code, 0);

        QCOMPARE(runCmf({QStringLiteral("compact"), q4, QStringLiteral("--output"), whole}).code, 0);
        QCOMPARE(runCmf({QStringLiteral("convert"), QStringLiteral("--model"), model, QStringLiteral("--quant"), QStringLiteral("q9"),
                         QStringLiteral("--output"), out}).code, 2);
        QCOMPARE(runCmf({QStringLiteral("convert"), QStringLiteral("--model"), tmp("nowhere"), QStringLiteral("--output"), out}).code, 2);
    }
    void multimodalConvertAndFamilyInfo() {
        // Gemma 3 4B+ layout: the summary names what was skipped; info shows
        // the RoPE of each layer kind and the Gemma fields.
        const QString model = QString::fromStdString(cmftest::dataPath("models/tiny-gemma3-mm")), out = tmp("gemma3-mm.cmf");
        Run r = runCmf({QStringLiteral("convert"), QStringLiteral("--model"), model, QStringLiteral("--quant"), QStringLiteral("f32"),
                        QStringLiteral("--output"), out});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("skipped 23 source tensors, not part of the text model: multi_modal_projector (2) vision_tower (21)") !=
                     std::string::npos, r.out.c_str());
        r = runCmf({QStringLiteral("info"), out});
        QVERIFY2(r.code == 0, r.err.c_str());
        for (const char* line : {"rope: theta 1000000.0, linear (factor 8.0)\n", "rope of sliding layers: theta 10000.0, default; window 8\n",
                                 "hidden_act gelu_pytorch_tanh, embed_scale 8.0, query_pre_attn_scalar 16\n"})
            QVERIFY2(r.out.find(line) != std::string::npos, (line + std::string(" not in:\n") + r.out).c_str());
        r = runCmf({QStringLiteral("convert"), QStringLiteral("--model"), QString::fromStdString(cmftest::dataPath("models/tiny-llama3")),
                    QStringLiteral("--quant"), QStringLiteral("f32"), QStringLiteral("--output"), tmp("llama3.cmf"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        JCOMPARE(r.j()["skipped"], json::array());
        r = runCmf({QStringLiteral("info"), tmp("llama3.cmf")});
        QVERIFY2(r.out.find("rope: theta 500000.0, llama3 (factor 32.0, high_freq_factor 4.0, low_freq_factor 1.0, "
                            "original_max_position_embeddings 8192)\n") != std::string::npos, r.out.c_str());
    }
    void qwen35ConvertAndInfo() {
        // The released Qwen3.5-MoE layout: the summary names the skipped vision
        // tower and the tensors kept f32; info shows the layer schedule, the
        // linear-attention dims and the MTP block, in text and JSON.
        const QString out = tmp("qwen35-moe.cmf");
        Run r = runCmf({QStringLiteral("convert"), QStringLiteral("--model"), QString::fromStdString(cmftest::dataPath("models/gdn/tiny-qwen3.5-moe")),
                        QStringLiteral("--quant"), QStringLiteral("q8"), QStringLiteral("--output"), out, QStringLiteral("--summary")});
        QVERIFY2(r.code == 0, r.err.c_str());
        for (const char* line : {"skipped 21 source tensors, not part of the text model: visual (21)\n",
                                 "9 tensors: linear-attention recurrence parameter kept f32: q8_row -> f32\n"})
            QVERIFY2(r.out.find(line) != std::string::npos, (line + std::string(" not in:\n") + r.out).c_str());
        r = runCmf({QStringLiteral("info"), out});
        QVERIFY2(r.code == 0, r.err.c_str());
        // MTP: fc, 2 pre-norms, norm + a block of 2 norms, 6 attention tensors, router, 24 experts, 3 shared + its gate = 41.
        for (const char* line : {"layer schedule: LLLF (3 linear attention, 1 full attention)\n",
                                 "linear attention: conv kernel 4, 2 key heads x 16, 4 value heads x 16, gated norm x̂·w (qwen)\n",
                                 "mtp: 1 layer, 41 tensors, 136192 parameters, "})
            QVERIFY2(r.out.find(line) != std::string::npos, (line + std::string(" not in:\n") + r.out).c_str());
        json j = runCmf({QStringLiteral("info"), out, QStringLiteral("--json")}).j();
        JCOMPARE(j["layer_schedule"], json({{"pattern", "LLLF"}, {"counts", {{"LinearAttention", 3}, {"FullAttention", 1}}}}));
        JCOMPARE(j["linear_attention"], json({{"conv_kernel", 4}, {"key_heads", 2}, {"value_heads", 4}, {"key_head_dim", 16},
                                              {"value_head_dim", 16}, {"norm_style", "qwen"}}));
        JCOMPARE(j["mtp"]["layers"], 1);
        JCOMPARE(j["mtp"]["tensors"], 41);
        JCOMPARE(j["mtp"]["parameters"], 136192); // the README's MTP count
        uint64_t bytes = 0;
        for (const auto& t : j["tensors"])
            if (t["name"].get<std::string>().starts_with("model.mtp.")) bytes += t["nbytes"].get<uint64_t>();
        JCOMPARE(j["mtp"]["bytes"], bytes);
        // The summary is the directory added up (the workbench's overview shows the same numbers).
        uint64_t params = 0, allBytes = 0;
        std::map<std::string, uint64_t> perDtype;
        for (const auto& t : j["tensors"]) {
            uint64_t n = 1;
            for (const auto& d : t["shape"]) n *= d.get<uint64_t>();
            params += n, allBytes += t["nbytes"].get<uint64_t>(), ++perDtype[t["dtype"].get<std::string>()];
        }
        JCOMPARE(j["summary"]["tensors"], j["tensors"].size());
        JCOMPARE(j["summary"]["parameters"], params);
        JCOMPARE(j["summary"]["bytes"], allBytes);
        JCOMPARE(j["summary"]["bits_per_weight"], double(allBytes) * 8.0 / double(params));
        for (const auto& d : j["summary"]["dtypes"]) JCOMPARE(d["tensors"], perDtype[d["dtype"].get<std::string>()]);
        JCOMPARE(j["summary"]["dtypes"].size(), perDtype.size());
        r = runCmf({QStringLiteral("info"), out});
        QVERIFY2(r.out.find("\n" + std::to_string(j["tensors"].size()) + " tensors, " + std::to_string(params) + " parameters\n") != std::string::npos,
                 r.out.c_str());
        // A model without either: the schedule alone.
        r = runCmf({QStringLiteral("convert"), QStringLiteral("--model"), QString::fromStdString(cmftest::dataPath("models/tiny-llama3")),
                    QStringLiteral("--quant"), QStringLiteral("f32"), QStringLiteral("--output"), tmp("llama3-info.cmf"), QStringLiteral("--summary")});
        QVERIFY2(r.code == 0, r.err.c_str());
        j = runCmf({QStringLiteral("info"), tmp("llama3-info.cmf"), QStringLiteral("--json")}).j();
        JCOMPARE(j["layer_schedule"]["pattern"], "FF");
        JCOMPARE(j["linear_attention"], nullptr);
        JCOMPARE(j["mtp"], nullptr);
        r = runCmf({QStringLiteral("info"), tmp("llama3-info.cmf")});
        QVERIFY2(r.out.find("layer schedule: FF (2 full attention)\n") != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("mtp:") == std::string::npos && r.out.find("linear attention:") == std::string::npos);
    }
    void runWithDrafts() {
        // --draft lookup and --draft mtp: the same tokens as without, and the
        // figures in JSON; mtp on a file without a head: an error naming lookup;
        // cmf bench --draft: its figures too.
        const QString model = tmp("qwen35-chat.cmf");
        if (!QFileInfo::exists(model))
            QCOMPARE(runCmf({QStringLiteral("convert"), QStringLiteral("--model"), QString::fromStdString(cmftest::dataPath("models/gdn/tiny-qwen3.5")),
                             QStringLiteral("--quant"), QStringLiteral("f32"), QStringLiteral("--output"), model})
                         .code,
                     0);
        const QStringList base{QStringLiteral("run"), model, QStringLiteral("--prompt-ids"), QStringLiteral("5,6,7,5,6,7,5,6,7,5,6,7"),
                               QStringLiteral("--n"), QStringLiteral("40"), QStringLiteral("--no-stop"), QStringLiteral("--json")};
        const Run plain = runCmf(base);
        QVERIFY2(plain.code == 0, plain.err.c_str());
        QVERIFY(!plain.j().contains("drafted"));
        // A model this small is compute-bound: paced by time, drafting would
        // pause before its first block; paced by acceptance it drafts here.
        const QStringList pace{QStringLiteral("--draft-pace"), QStringLiteral("acceptance")};
        const Run drafted = runCmf(base + pace + QStringList{QStringLiteral("--draft"), QStringLiteral("lookup"), QStringLiteral("--draft-max"), QStringLiteral("4")});
        QVERIFY2(drafted.code == 0, drafted.err.c_str());
        const json j = drafted.j();
        JCOMPARE(j["gen_ids"], plain.j()["gen_ids"]);
        QVERIFY(j["drafted"].get<uint64_t>() > 0);
        QVERIFY(j["accepted"].get<uint64_t>() <= j["drafted"].get<uint64_t>());
        // A block of 1 + 4 tokens takes two passes (Runner::kExactBlock = 4): a
        // random model that accepts little makes fewer tokens than passes.
        QVERIFY(j["tokens_per_forward"].get<double>() > 0);
        JCOMPARE(j["acceptance_rate"], double(j["accepted"].get<uint64_t>()) / double(j["drafted"].get<uint64_t>()));
        const Run mtp = runCmf(base + pace + QStringList{QStringLiteral("--draft"), QStringLiteral("mtp"), QStringLiteral("--draft-max"), QStringLiteral("2")});
        QVERIFY2(mtp.code == 0, mtp.err.c_str());
        JCOMPARE(mtp.j()["gen_ids"], plain.j()["gen_ids"]);
        QVERIFY(mtp.j()["drafted"].get<uint64_t>() > 0);
        const QString noHead = tmp("llama3-nohead.cmf");
        QCOMPARE(runCmf({QStringLiteral("convert"), QStringLiteral("--model"), QString::fromStdString(cmftest::dataPath("models/tiny-llama3")),
                         QStringLiteral("--quant"), QStringLiteral("f32"), QStringLiteral("--output"), noHead})
                     .code,
                 0);
        const Run refused = runCmf({QStringLiteral("run"), noHead, QStringLiteral("--prompt-ids"), QStringLiteral("5,6,7"), QStringLiteral("--n"),
                                    QStringLiteral("4"), QStringLiteral("--draft"), QStringLiteral("mtp")});
        QVERIFY(refused.code != 0);
        QVERIFY2(refused.err.find("no MTP head") != std::string::npos && refused.err.find("--draft lookup") != std::string::npos,
                 refused.err.c_str());
        const Run bench = runCmf({QStringLiteral("bench"), model, QStringLiteral("--pp"), QStringLiteral("16"), QStringLiteral("--tg"),
                                  QStringLiteral("24"), QStringLiteral("--reps"), QStringLiteral("1"), QStringLiteral("--draft"),
                                  QStringLiteral("lookup"), QStringLiteral("--json")});
        QVERIFY2(bench.code == 0, bench.err.c_str());
        JCOMPARE(bench.j()["draft"], "lookup");
        QVERIFY(bench.j()["tokens_per_forward"].get<double>() > 0);
        QVERIFY(bench.j()["accepted"].get<uint64_t>() <= bench.j()["drafted"].get<uint64_t>());
    }
    void qwen35ChatAndBench() {
        // Three turns and a /regen on the hybrid model: each turn after the
        // first evaluates fewer tokens than its prompt holds (the checkpoint at
        // the end of the history), /regen one token and the same reply.
        const QString model = tmp("qwen35-chat.cmf");
        QCOMPARE(runCmf({QStringLiteral("convert"), QStringLiteral("--model"), QString::fromStdString(cmftest::dataPath("models/gdn/tiny-qwen3.5")),
                         QStringLiteral("--quant"), QStringLiteral("f32"), QStringLiteral("--output"), model})
                     .code,
                 0);
        const Run r = runCmf({QStringLiteral("chat"), model, QStringLiteral("--greedy"), QStringLiteral("--max-tokens"), QStringLiteral("8")},
                             "Hello there\n/stats\nWhat is two plus two?\n/stats\nTell me more\n/stats\n/regen\n/stats\n/quit\n");
        QVERIFY2(r.code == 0, r.err.c_str());
        // "context U / C tokens; last reply: E prompt tokens evaluated ..., G generated": the prompt had U - G + 1 tokens.
        std::vector<std::array<size_t, 3>> stats;
        for (size_t at = r.out.find("context "); at != std::string::npos; at = r.out.find("context ", at + 1)) {
            size_t used = 0, ctx = 0, evaluated = 0, generated = 0;
            QVERIFY(std::sscanf(r.out.c_str() + at, "context %zu / %zu tokens; last reply: %zu prompt tokens evaluated", &used, &ctx, &evaluated) == 3);
            const size_t g = r.out.find("tok/s), ", at);
            QVERIFY(std::sscanf(r.out.c_str() + g, "tok/s), %zu generated", &generated) == 1);
            stats.push_back({used - generated + 1, evaluated, generated});
        }
        QCOMPARE(stats.size(), size_t(4));
        QCOMPARE(stats[0][1], stats[0][0]); // the first turn runs its whole prompt
        // A turn runs its new tokens and the previous turn's generation prompt
        // (Qwen's `<|im_start|>assistant\n<think>\n\n</think>\n\n`, 9 tokens; the
        // template renders past replies without the empty think block), never
        // the conversation before it: without a checkpoint there, turn 2 would
        // run all of its 51 tokens.
        for (size_t turn : {1, 2}) {
            const size_t fresh = stats[turn][0] - stats[turn - 1][0];
            QVERIFY2(stats[turn][1] >= fresh && stats[turn][1] <= fresh + 11, r.out.c_str());
        }
        QCOMPARE(stats[3][1], size_t(1)); // /regen: the prompt's last token
        // The reply before each /stats line runs from the end of the previous one; the /regen reply equals the third.
        std::vector<size_t> lines;
        for (size_t at = r.out.find("context "); at != std::string::npos; at = r.out.find("context ", at + 1)) lines.push_back(at);
        const auto replyBefore = [&](size_t k) {
            const size_t from = r.out.find('\n', lines[k - 1]) + 1;
            return r.out.substr(from, lines[k] - from);
        };
        QCOMPARE(replyBefore(3), replyBefore(2));
        // bench counts the linear layers' weights and state: every tensor but the
        // MTP head is read per token (the tied embedding as lm_head), plus a
        // few KB of KV cache and recurrent state.
        const Run b = runCmf({QStringLiteral("bench"), model, QStringLiteral("--pp"), QStringLiteral("8"), QStringLiteral("--tg"), QStringLiteral("4"),
                              QStringLiteral("--reps"), QStringLiteral("1"), QStringLiteral("--json")});
        QVERIFY2(b.code == 0, b.err.c_str());
        uint64_t linearBytes = 0, total = 0;
        const json info = runCmf({QStringLiteral("info"), model, QStringLiteral("--json")}).j();
        for (const auto& t : info["tensors"]) {
            const std::string n = t["name"];
            if (n.find(".linear_attn.") != std::string::npos && t["shape"].size() == 2) linearBytes += t["nbytes"].get<uint64_t>();
            if (!n.starts_with("model.mtp.")) total += t["nbytes"].get<uint64_t>();
        }
        QVERIFY(linearBytes > 0);
        const double perToken = b.j()["decode_bytes_per_token"].get<double>();
        QVERIFY2(perToken >= 0.95 * double(total) && perToken < double(total) + 65536,
                 (std::to_string(perToken) + " vs " + std::to_string(total) + ", linear weights " + std::to_string(linearBytes)).c_str());
        // At a depth: the second run goes back to it through the recurrent state's checkpoint.
        const Run deep = runCmf({QStringLiteral("bench"), model, QStringLiteral("--pp"), QStringLiteral("8"), QStringLiteral("--tg"), QStringLiteral("4"),
                                 QStringLiteral("--reps"), QStringLiteral("2"), QStringLiteral("--depth"), QStringLiteral("100"), QStringLiteral("--json")});
        QVERIFY2(deep.code == 0, deep.err.c_str());
        QCOMPARE(deep.j()["tg_runs"].size(), size_t(2));
    }
    void keygenSignVerify() {
        const QString key = tmp("signer.key"), other = tmp("other.key"), model = tmp("signed.cmf");
        QFile::remove(key);
        QFile::remove(other);
        copyFresh(kit("valid/tiny-s42-Q8_ROW.cmf"), model);
        Run r = runCmf({QStringLiteral("keygen"), QStringLiteral("--out"), key});
        QVERIFY2(r.code == 0, r.err.c_str());
        struct stat st {};
        QCOMPARE(::stat(key.toLocal8Bit().constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, mode_t(0600));
        QCOMPARE(runCmf({QStringLiteral("keygen"), QStringLiteral("--out"), key}).code, 2); // never overwrites a key
        QCOMPARE(runCmf({QStringLiteral("keygen"), QStringLiteral("--out"), other}).code, 0);
        const std::string pub = r.out.substr(r.out.find("pubkey ") + 7, 64);

        r = runCmf({QStringLiteral("sign"), model, QStringLiteral("--key"), key});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json sig = cmftest::loadJson((model + QStringLiteral(".sig")).toStdString());
        JCOMPARE(sig["alg"], "ed25519-sha256");
        JCOMPARE(sig["pubkey"], pub);

        r = runCmf({QStringLiteral("verify"), model, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        JCOMPARE(r.j()["signature"]["valid"], true);
        JCOMPARE(r.j()["signature"]["pubkey"], pub);
        QCOMPARE(runCmf({QStringLiteral("verify"), model, QStringLiteral("--pubkey"), QString::fromStdString(pub)}).code, 0);
        std::string wrong = pub;
        wrong[0] = wrong[0] == '0' ? '1' : '0';
        QCOMPARE(runCmf({QStringLiteral("verify"), model, QStringLiteral("--pubkey"), QString::fromStdString(wrong)}).code, 1);
        QCOMPARE(runCmf({QStringLiteral("verify"), model, QStringLiteral("--pubkey"), QStringLiteral("zz")}).code, 2);

        // A different signer's .sig is valid on its own, but not against the pin.
        QCOMPARE(runCmf({QStringLiteral("sign"), model, QStringLiteral("--key"), other}).code, 0);
        QCOMPARE(runCmf({QStringLiteral("verify"), model}).code, 0);
        QCOMPARE(runCmf({QStringLiteral("verify"), model, QStringLiteral("--pubkey"), QString::fromStdString(pub)}).code, 1);

        // Tampering with an unhashed byte (the end of the index section) is caught by the signature alone.
        QCOMPARE(runCmf({QStringLiteral("sign"), model, QStringLiteral("--key"), key}).code, 0);
        {
            QFile f(model);
            QVERIFY(f.open(QIODevice::ReadWrite));
            f.seek(f.size() - 1);
            char c;
            f.getChar(&c);
            f.seek(f.size() - 1);
            f.putChar(char(c ^ 1));
        }
        r = runCmf({QStringLiteral("verify"), model, QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        JCOMPARE(r.j()["signature"]["valid"], false);

        // Pinned signer but no .sig at all.
        copyFresh(kit("valid/tiny-s42-Q8_ROW.cmf"), model);
        QCOMPARE(runCmf({QStringLiteral("verify"), model, QStringLiteral("--pubkey"), QString::fromStdString(pub)}).code, 1);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
