// Every verb that reads a CMF file exits as the README says (issue 18,
// fault 5): 1 when the file is not a valid CMF file, 2 when it cannot be read
// at all (or the command line is wrong) — and says so without copying raw
// file bytes to the terminal (fault 4). Also: --json output stays valid JSON
// on a header with a byte that is not UTF-8 (fault 3), and `cmf sign`
// refuses a file that fails verification unless --force (fault 2).
#include "cli_support.h"
#include "file_builder.h"

#include "cmf/format/directory.h"
#include "cmf/format/verify.h"

#include <QTest>
#include <filesystem>
#include <fstream>

using namespace clitest;
namespace fs = std::filesystem;

namespace {

QString data(const std::string& rel) { return q(cmftest::dataPath(rel)); }

void writeText(const std::string& path, const std::string& s) { std::ofstream(path, std::ios::binary | std::ios::trunc) << s; }

// A copy of a valid kit file whose header has 0xFB in place of the value of
// "layer_types": the header no longer parses.
std::string brokenHeaderFile() {
    auto b = cmftest::readBytes(cmftest::dataPath("conformance/valid/tiny-s42-Q8_ROW.cmf"));
    const uint64_t hoff = 128;
    const std::string header(b.begin() + hoff, b.begin() + hoff + 600);
    const auto at = header.find("\"layer_types\": ");
    if (at == std::string::npos) qFatal("no layer_types in the kit header");
    b[hoff + at + 15] = 0xFB;
    const std::string path = cmftest::tempDir() + "/broken header.cmf";
    cmftest::writeBytes(path, b);
    return path;
}

// The command line of every verb that reads a CMF file, FILE standing for it.
std::vector<QStringList> verbsReading(const QString& FILE) {
    const QString out = tmp("out.cmf"), text = data("models/heldout_prose.txt"), stats = tmp("stats.json");
    const QString messages = tmp("messages.json"), key = tmp("exit.key");
    return {
        {u"info"_qs, FILE},
        {u"info"_qs, FILE, u"--json"_qs},
        {u"verify"_qs, FILE},
        {u"masks"_qs, FILE},
        {u"masks"_qs, FILE, u"--json"_qs},
        {u"dump"_qs, FILE, u"--stats"_qs},
        {u"dump"_qs, FILE, u"--stats"_qs, u"--json"_qs},
        {u"dump"_qs, FILE, u"--tensor"_qs, u"lm_head.weight"_qs, u"--npy"_qs, tmp("x.npy")},
        {u"skill"_qs, u"list"_qs, FILE},
        {u"skill"_qs, u"list"_qs, FILE, u"--json"_qs},
        {u"skill"_qs, u"export"_qs, FILE, u"--base"_qs, kit("valid/tiny-s42-Q8_ROW.cmf"), u"--id"_qs, u"x"_qs, u"--output"_qs, out},
        {u"skill"_qs, u"apply"_qs, FILE, kit("valid/tiny-s42-Q8_ROW.cmf"), u"--output"_qs, out},
        {u"skill"_qs, u"add"_qs, FILE, u"--from"_qs, data("models/tiny-chat-code"), u"--id"_qs, u"x"_qs, u"--prompts"_qs, text,
         u"--quality"_qs, text, u"--output"_qs, out},
        {u"skill"_qs, u"bake"_qs, FILE, u"--files"_qs, text, u"--keep"_qs, u"0.5"_qs, u"--heldout"_qs, text, u"--output"_qs, out},
        {u"calibrate"_qs, FILE, u"--task"_qs, u"t"_qs, u"--corpus"_qs, text, u"--keep"_qs, u"0.5"_qs, u"--output"_qs, out},
        {u"route-stats"_qs, FILE, u"--corpus"_qs, text, u"--output"_qs, stats},
        {u"route"_qs, FILE, u"--prompt"_qs, u"hi"_qs},
        {u"explain"_qs, FILE, u"--prompt"_qs, u"hi"_qs},
        {u"run"_qs, FILE, u"--prompt"_qs, u"hi"_qs, u"--n"_qs, u"1"_qs},
        {u"chat"_qs, FILE},
        {u"ppl"_qs, FILE, u"--file"_qs, text},
        {u"bench"_qs, FILE, u"--pp"_qs, u"4"_qs, u"--tg"_qs, u"2"_qs, u"--reps"_qs, u"1"_qs},
        {u"tokenize"_qs, FILE, u"--text"_qs, u"hi"_qs},
        {u"template"_qs, FILE, u"--messages"_qs, messages},
        {u"requant"_qs, FILE, u"--quant"_qs, u"q8"_qs, u"--output"_qs, out},
        {u"compact"_qs, FILE, u"--output"_qs, out},
        {u"shard"_qs, FILE, u"--max-gb"_qs, u"1"_qs, u"--output-base"_qs, tmp("shards")},
        {u"defrag"_qs, FILE, u"--task"_qs, u"t"_qs, u"--output"_qs, out},
        {u"moe-defrag"_qs, FILE, u"--stats"_qs, stats, u"--cover"_qs, u"0.9"_qs, u"--output"_qs, out},
        {u"moe-mask"_qs, FILE, u"--stats"_qs, stats, u"--cover"_qs, u"0.9"_qs, u"--task"_qs, u"t"_qs, u"--output"_qs, out},
        {u"sign"_qs, FILE, u"--key"_qs, key},
        {u"serve"_qs, FILE, u"--port"_qs, u"0"_qs},
    };
}

bool hasRawInvalidBytes(const std::string& s) { return !cmf::isValidUtf8(s) || s.find('\x1b') != std::string::npos; }

} // namespace

class TestCliExitCodes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        writeText(tmp("messages.json").toStdString(), R"([{"role": "user", "content": "hi"}])");
        writeText(tmp("stats.json").toStdString(), R"({"layers": [[1, 2]]})");
        QCOMPARE(runCmf({u"keygen"_qs, u"--out"_qs, tmp("exit.key")}).code, 0);
    }

    void brokenFileExitsOne() {
        const QString broken = q(brokenHeaderFile());
        for (const auto& args : verbsReading(broken)) {
            const Run r = runCmf(args);
            const QByteArray cmd = args.join(u' ').toUtf8();
            QVERIFY2(r.code == 1, (cmd + " -> exit " + QByteArray::number(r.code) + ": " + QByteArray::fromStdString(r.err)).constData());
            QVERIFY2(!hasRawInvalidBytes(r.err) && !hasRawInvalidBytes(r.out), cmd.constData());
            QVERIFY2(r.err.find("\\xfb") != std::string::npos || r.err.find("PROBLEM") != std::string::npos, (cmd + ": " + QByteArray::fromStdString(r.err)).constData());
            QVERIFY2(r.err.find("json.exception") == std::string::npos, cmd.constData());
            if (args.contains(u"--json"_qs)) {
                QVERIFY2(nlohmann::json::accept(r.out), (cmd + ": " + QByteArray::fromStdString(r.out)).constData());
                QVERIFY(r.j().contains("error"));
            }
        }
    }

    void missingFileExitsTwo() {
        const QString missing = tmp("no such file.cmf");
        for (const auto& args : verbsReading(missing)) {
            if (args[0] == u"sign"_qs) continue; // the key is read first; below
            const Run r = runCmf(args);
            QVERIFY2(r.code == 2, (args.join(u' ').toUtf8() + " -> exit " + QByteArray::number(r.code)).constData());
        }
        QCOMPARE(runCmf({u"sign"_qs, missing, u"--key"_qs, tmp("exit.key")}).code, 2);
        QCOMPARE(runCmf({u"info"_qs, kit("valid/tiny-s42-Q8_ROW.cmf"), u"--no-such-option"_qs}).code, 2);
        // diff keeps diff(1)'s codes: 2 for any trouble.
        QCOMPARE(runCmf({u"diff"_qs, q(brokenHeaderFile()), kit("valid/tiny-s42-Q8_ROW.cmf")}).code, 2);
    }

    // A wrong name is bad usage (2), and the message lists the names there are.
    void badNamesListTheValidOnes() {
        const QString demo = q(CMF_DEMO_MODEL);
        const struct {
            QStringList args;
            const char* says;
        } cases[] = {
            {{u"run"_qs, demo, u"--prompt"_qs, u"hi"_qs, u"--kv"_qs, u"q3"_qs}, "unknown KV cache type \"q3\"; one of: f32 f16"},
            {{u"run"_qs, demo, u"--prompt"_qs, u"hi"_qs, u"--draft"_qs, u"fast"_qs}, "unknown draft source \"fast\"; one of: none lookup mtp"},
            {{u"run"_qs, demo, u"--prompt"_qs, u"hi"_qs, u"--skill"_qs, u"nope"_qs}, "no skill 'nope'"},
            {{u"run"_qs, demo, u"--prompt"_qs, u"hi"_qs, u"--task"_qs, u"nope"_qs}, "(it has: chat, chat-lite)"},
            {{u"defrag"_qs, demo, u"--task"_qs, u"nope"_qs, u"--output"_qs, tmp("d.cmf")}, "(it has: chat, chat-lite)"},
            {{u"requant"_qs, demo, u"--quant"_qs, u"q9"_qs, u"--output"_qs, tmp("r.cmf")}, "unknown quant \"q9\"; one of: f32 f16"},
            {{u"skill"_qs, u"add"_qs, demo, u"--from"_qs, data("models/tiny-chat-code"), u"--id"_qs, u"x"_qs, u"--prompts"_qs,
              data("models/heldout_code.txt"), u"--quality"_qs, data("models/heldout_code.txt"), u"--tensors"_qs, u"mlp"_qs},
             "unknown tensor family \"mlp\"; one of: ffn attn all"},
        };
        for (const auto& c : cases) {
            const Run r = runCmf(c.args);
            QVERIFY2(r.code == 2 && r.err.find(c.says) != std::string::npos, (c.args.join(u' ').toStdString() + " -> " + r.err).c_str());
        }
        // The skill list names the file's skills.
        const Run r = runCmf({u"run"_qs, demo, u"--prompt"_qs, u"hi"_qs, u"--skill"_qs, u"nope"_qs});
        QVERIFY2(r.err.find("(it has: code, backbone)") != std::string::npos, r.err.c_str());
    }

    void verifyJsonOnANonUtf8Header() {
        const Run r = runCmf({u"verify"_qs, q(brokenHeaderFile()), u"--json"_qs});
        QCOMPARE(r.code, 1);
        QVERIFY2(nlohmann::json::accept(r.out), r.out.c_str());
        const auto j = r.j();
        QCOMPARE(j["ok"].get<bool>(), false);
        QCOMPARE(j["error"]["kind"].get<std::string>(), std::string("Parse"));
        const std::string m = j["error"]["message"];
        QVERIFY2(m.find("header JSON is not valid JSON at byte") != std::string::npos && m.find("\\xfb") != std::string::npos, m.c_str());
    }

    void verifyStrictFailsOnAHiddenPayload() {
        auto b = cmftest::readBytes(cmftest::dataPath("conformance/valid/tiny-s42-Q8_ROW.cmf"));
        const uint64_t dirEnd = cmftest::getU64(b, 0x20) + cmftest::getU64(b, 0x28);
        b[dirEnd + 1] = 'X';
        const std::string path = cmftest::tempDir() + "/padded.cmf";
        cmftest::writeBytes(path, b);
        Run r = runCmf({u"verify"_qs, q(path), u"--json"_qs});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.j()["notes"].size(), size_t(1));
        QCOMPARE(r.j()["notes"][0]["kind"].get<std::string>(), std::string("uncovered_bytes"));
        r = runCmf({u"verify"_qs, q(path)});
        QVERIFY2(r.out.find("NOTE uncovered_bytes") != std::string::npos && r.out.find("OK") != std::string::npos, r.out.c_str());
        r = runCmf({u"verify"_qs, q(path), u"--strict"_qs, u"--json"_qs});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.j()["problems"][0]["kind"].get<std::string>(), std::string("uncovered_bytes"));
    }

    void signRefusesAFileThatFailsVerification() {
        const std::string path = cmftest::tempDir() + "/tampered.cmf";
        fs::copy_file(cmftest::dataPath("conformance/invalid/19-flip_tensor_data.cmf"), path, fs::copy_options::overwrite_existing);
        Run r = runCmf({u"sign"_qs, q(path), u"--key"_qs, tmp("exit.key")});
        QCOMPARE(r.code, 1);
        QVERIFY(!fs::exists(path + ".sig"));
        QVERIFY2(r.err.find("tensor_hash_mismatch [model.layers.0.mlp.down_proj.weight]") != std::string::npos &&
                     r.err.find("not signed") != std::string::npos,
                 r.err.c_str());
        r = runCmf({u"sign"_qs, q(path), u"--key"_qs, tmp("exit.key"), u"--force"_qs});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.find("WARNING: signing a file that fails verification (--force)") != std::string::npos, r.err.c_str());
        QVERIFY(fs::exists(path + ".sig"));
        // A good file signs as before, and the signature verifies.
        const std::string good = cmftest::tempDir() + "/good.cmf";
        fs::copy_file(cmftest::dataPath("conformance/valid/tiny-s42-Q8_ROW.cmf"), good, fs::copy_options::overwrite_existing);
        r = runCmf({u"sign"_qs, q(good), u"--key"_qs, tmp("exit.key")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.err.find("WARNING") == std::string::npos);
        r = runCmf({u"verify"_qs, q(good), u"--json"_qs});
        QCOMPARE(r.code, 0);
        QVERIFY(r.j()["signature"]["valid"].get<bool>());
    }
};

QTEST_GUILESS_MAIN(TestCliExitCodes)
#include "tst_cli_exit_codes.moc"
