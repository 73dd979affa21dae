// Tasks and skills end to end with the models of tests/data/models, through
// the `cmf` binary: the code donor grafted onto the chat model as a skill
// (quality, routing of held-out prompts, the backbone untouched and every
// old tensor in place), a calibrated mask against its defragged file, and
// the MoE model's route statistics, expert-area mask and moe-defrag file.
#include "cli_support.h"
#include "test_support.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"

#include <QTest>
#include <filesystem>
#include <fstream>
#include <map>

using clitest::q;
using clitest::runCmf;
using clitest::tmp;
namespace fs = std::filesystem;

namespace {


std::string readFile(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeFile(const std::string& p, const std::string& s) { std::ofstream(p, std::ios::binary) << s; }

// The documents of a held-out file (each ends with <|endoftext|>).
std::vector<std::string> docsOf(const std::string& path) {
    const std::string text = readFile(path), sep = "<|endoftext|>";
    std::vector<std::string> docs;
    for (size_t pos = 0; pos < text.size();) {
        const size_t end = text.find(sep, pos);
        if (end == std::string::npos) break;
        docs.push_back(text.substr(pos, end + sep.size() - pos));
        pos = end + sep.size();
        while (pos < text.size() && text[pos] == '\n') ++pos;
    }
    return docs;
}

std::string join(const std::vector<std::string>& docs, size_t from, size_t to) {
    std::string s;
    for (size_t i = from; i < to && i < docs.size(); ++i) s += docs[i] + "\n";
    return s;
}

std::string convert(const std::string& model, const std::string& quant, const std::string& out) {
    cmf::ConvertOptions o;
    o.modelDir = cmftest::dataPath("models/" + model);
    o.output = out;
    o.quant = *cmf::quantFromName(quant);
    cmf::convertHf(o, {});
    return out;
}

double ppl(const std::string& file, const std::string& text, const QStringList& extra = {}) {
    const auto r = runCmf(QStringList{"ppl", q(file), "--file", q(text), "--ctx", "256", "--stride", "128", "--json"} + extra);
    if (r.code != 0) throw std::runtime_error("cmf ppl failed: " + r.err);
    return r.j()["perplexity"].get<double>();
}

struct Fixture {
    std::string dir, codePrompts, codeHeldout, chatPrompts, chatHeldout, prose, backbone, donor;
    std::vector<std::string> codeTest, chatTest; // prompts for routing, unseen when the subspaces were built
};

const Fixture& fixture() {
    static const Fixture f = [] {
        Fixture x;
        x.dir = cmftest::tempDir() + "/skills";
        fs::create_directories(x.dir);
        const auto code = docsOf(cmftest::dataPath("models/heldout_code.txt"));
        const auto chat = docsOf(cmftest::dataPath("models/heldout_chat.txt"));
        // Code: 4 documents build the subspace, the other 4 measure and route.
        x.codePrompts = x.dir + "/code_prompts.txt";
        writeFile(x.codePrompts, join(code, 0, 4));
        x.codeHeldout = x.dir + "/code_heldout.txt";
        writeFile(x.codeHeldout, join(code, 4, code.size()));
        x.chatPrompts = x.dir + "/chat_prompts.txt";
        writeFile(x.chatPrompts, join(chat, 0, chat.size() / 2));
        x.chatHeldout = x.dir + "/chat_heldout.txt";
        writeFile(x.chatHeldout, join(chat, chat.size() / 2, chat.size()));
        x.prose = cmftest::dataPath("models/heldout_prose.txt");
        // Routing prompts: paragraphs of the held-back halves, as `cmf route` gets them.
        for (size_t d = 4; d < code.size(); ++d)
            for (size_t pos = 0; pos < code[d].size() && x.codeTest.size() < 60;) {
                size_t end = code[d].find("\n\n", pos);
                if (end == std::string::npos) end = code[d].size();
                const std::string p = code[d].substr(pos, end - pos);
                if (p.size() >= 80 && p.find("<|endoftext|>") == std::string::npos) x.codeTest.push_back(p);
                pos = end + 2;
            }
        for (size_t d = chat.size() / 2; d < chat.size() && x.chatTest.size() < 60; d += 2) x.chatTest.push_back(chat[d]);
        x.backbone = convert("tiny-chat", "f32", x.dir + "/chat.cmf");
        x.donor = convert("tiny-chat-code", "f32", x.dir + "/code.cmf");
        return x;
    }();
    return f;
}

std::map<std::string, std::pair<uint64_t, uint64_t>> offsetsAndHashes(const std::string& path) {
    const auto f = cmf::CmfFile::open(path);
    std::map<std::string, std::pair<uint64_t, uint64_t>> m;
    for (uint64_t i = 0; i < f->directory().count(); ++i) {
        const auto r = f->directory().record(i);
        m[std::string(r.name)] = {f->envelope().data.off + r.off, r.hash}; // absolute offset in the file
    }
    return m;
}

} // namespace

class TestCliSkills : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { fixture(); }

    void codeSkillGraftsRoutesAndLeavesTheBackbone() {
        const auto& f = fixture();
        const std::string file = f.dir + "/grown.cmf";
        fs::copy_file(f.backbone, file, fs::copy_options::overwrite_existing);
        const auto before = offsetsAndHashes(file);
        const double chatBefore = ppl(file, f.chatHeldout);
        const auto r = runCmf({"skill", "add", q(file), "--from", q(cmftest::dataPath("models/tiny-chat-code")), "--id", "code",
                               "--prompts", q(f.codePrompts), "--backbone-prompts", q(f.chatPrompts), "--prompts-format", "paragraphs",
                               "--quality", q(f.codeHeldout), "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto rep = r.j();
        // Append-only: every older tensor keeps its offset and hash.
        const auto after = offsetsAndHashes(file);
        for (const auto& [name, oh] : before) {
            QVERIFY2(after.count(name), name.c_str());
            QVERIFY2(after.at(name) == oh, name.c_str());
        }
        QVERIFY(after.size() > before.size());
        QCOMPARE(runCmf({"verify", q(file)}).code, 0);

        // Quality: the skill recovers at least 80% of the donor's gain on
        // held-out code, and the registry records what was measured.
        const double backbone = rep["quality"]["backbone"], overlaid = rep["quality"]["overlaid"];
        const double donor = ppl(f.donor, f.codeHeldout);
        qInfo("held-out code perplexity: backbone %.4f, overlaid %.4f, donor %.4f", backbone, overlaid, donor);
        QVERIFY(donor < backbone);
        QVERIFY2(backbone - overlaid >= 0.8 * (backbone - donor), std::to_string(overlaid).c_str());
        QCOMPARE(ppl(file, f.codeHeldout), backbone); // the record's backbone figure is the file's own
        QVERIFY(std::fabs(ppl(file, f.codeHeldout, {"--skill", "code"}) - overlaid) < 1e-9 * overlaid);
        const auto file2 = cmf::CmfFile::open(file);
        bool recorded = false;
        for (const auto& s : file2->skills())
            if (s.id == "code") recorded = s.quality["overlaid"] == rep["quality"]["overlaid"] && s.quality["backbone"] == rep["quality"]["backbone"];
        QVERIFY(recorded);
        // Chat with the skill off: unchanged.
        QCOMPARE(ppl(file, f.chatHeldout), chatBefore);

        // Routing on prompts that built neither subspace.
        size_t codeHits = 0, chatHits = 0;
        for (const auto& p : f.codeTest) codeHits += runCmf({"route", q(file), "--prompt", q(p)}).out == "code\n";
        for (const auto& p : f.chatTest) chatHits += runCmf({"route", q(file), "--prompt", q(p)}).out == "backbone\n";
        qInfo("routing: %zu/%zu code prompts -> code, %zu/%zu chat prompts -> backbone", codeHits, f.codeTest.size(), chatHits,
              f.chatTest.size());
        QVERIFY(f.codeTest.size() >= 20 && f.chatTest.size() >= 20);
        QVERIFY(codeHits >= 0.9 * double(f.codeTest.size()));
        QVERIFY(chatHits >= 0.9 * double(f.chatTest.size()));
        const auto ex = runCmf({"explain", q(file), "--prompt", q(f.codeTest.front()), "--json"});
        QCOMPARE(ex.code, 0);
        QVERIFY(ex.j()["energies"].size() == 2);
        QVERIFY(runCmf({"explain", q(file), "--prompt", q(f.codeTest.front())}).out.find("<- chosen") != std::string::npos);

        // cmf run --skill code gives the donor's greedy tokens.
        const QStringList gen{"--prompt", "def fibonacci(n):", "--n", "24", "--json"};
        const auto withSkill = runCmf(QStringList{"run", q(file), "--skill", "code"} + gen);
        const auto fromDonor = runCmf(QStringList{"run", q(f.donor)} + gen);
        QVERIFY(withSkill.j()["gen_ids"] == fromDonor.j()["gen_ids"]);
        const auto autoRun = runCmf(QStringList{"run", q(file), "--skill", "auto"} + gen);
        QVERIFY2(autoRun.j()["skill"] == "code", autoRun.out.c_str());
        QVERIFY(autoRun.j()["energies"].size() == 2);
        // A blend at a low temperature is all but the winner: the donor's tokens again.
        const auto blended = runCmf(QStringList{"run", q(file), "--skill", "auto", "--blend", "0.001"} + gen);
        QVERIFY2(blended.code == 0, blended.err.c_str());
        QVERIFY(blended.j()["skill"] == "blend");
        QVERIFY(blended.j()["gen_ids"] == fromDonor.j()["gen_ids"]);

        // The memory estimate: with the skill, its replacements are read instead
        // of the tensors they replace (counted from the directory here).
        const auto info = [&](const QStringList& extra) {
            return runCmf(QStringList{"info", q(file), "--json"} + extra).j()["memory"];
        };
        const auto plain = info({}), skilled = info({"--skill", "code"});
        int64_t delta = 0;
        {
            const auto g = cmf::CmfFile::open(file);
            for (uint64_t i = 0; i < g->directory().count(); ++i) {
                const auto r = g->directory().record(i);
                const std::string name(r.name);
                if (name.rfind("skill.code.", 0) != 0) continue;
                const auto base = *g->findTensor(name.substr(11));
                const auto size = [](const cmf::TensorRecord& t) { return int64_t(t.ndim == 1 ? t.count() * 4 : t.nbytes); };
                delta += size(r) - size(base);
            }
        }
        QCOMPARE(skilled["weights"].get<int64_t>() - plain["weights"].get<int64_t>(), delta);
        QCOMPARE(plain["kv_per_token"].get<uint64_t>(), uint64_t(4 * 2 * 2 * 64 * 4)); // layers × (K, V) × kv heads × head_dim × f32
        QCOMPARE(info({"--ctx", "100"})["kv"].get<uint64_t>(), 100 * plain["kv_per_token"].get<uint64_t>());

        // Compaction: an equal file without the dead tails.
        const std::string compacted = f.dir + "/compacted.cmf";
        QCOMPARE(runCmf({"compact", q(file), "--output", q(compacted)}).code, 0);
        QVERIFY(fs::file_size(compacted) < fs::file_size(file));
        QCOMPARE(ppl(compacted, f.codeHeldout, {"--skill", "code"}), ppl(file, f.codeHeldout, {"--skill", "code"}));
        // A second skill with the same id is refused, the file untouched.
        const auto size = fs::file_size(file);
        const auto again = runCmf({"skill", "add", q(file), "--from", q(cmftest::dataPath("models/tiny-chat-code")), "--id", "code",
                                   "--prompts", q(f.codePrompts), "--quality", q(f.codeHeldout)});
        QCOMPARE(again.code, 2);
        QVERIFY(again.err.find("already has a skill 'code'") != std::string::npos);
        QCOMPARE(fs::file_size(file), size);
    }

    void calibratedMaskEqualsItsDefraggedFile() {
        const auto& f = fixture();
        const std::string masked = f.dir + "/masked.cmf", cut = f.dir + "/cut.cmf";
        const auto c = runCmf({"calibrate", q(f.backbone), "--task", "chat", "--corpus", q(f.chatPrompts), "--keep", "0.5", "--heldout",
                               q(f.chatHeldout), "--output", q(masked), "--json"});
        QVERIFY2(c.code == 0, c.err.c_str());
        const auto cj = c.j();
        QVERIFY(std::fabs(cj["sparsity"].get<double>() - 0.5) < 1e-9);
        QVERIFY(cj["quality"]["value"].get<double>() > 1.0); // half the FFN costs something, and it was measured
        const auto d = runCmf({"defrag", q(masked), "--task", "chat", "--output", q(cut)});
        QVERIFY2(d.code == 0, d.err.c_str());
        QVERIFY(fs::file_size(cut) < fs::file_size(masked));
        const QStringList gen{"--prompt", "What does the word anchor mean?", "--chat", "--n", "32", "--no-stop", "--json"};
        const auto a = runCmf(QStringList{"run", q(masked), "--task", "chat"} + gen), b = runCmf(QStringList{"run", q(cut)} + gen);
        QVERIFY(a.j()["gen_ids"] == b.j()["gen_ids"]);
        const double pm = ppl(masked, f.chatHeldout, {"--task", "chat"}), pc = ppl(cut, f.chatHeldout);
        QVERIFY2(std::fabs(pm - pc) <= 0.001 * pm, (std::to_string(pm) + " vs " + std::to_string(pc)).c_str());
        // The mask's recorded quality is what ppl measures under it.
        QVERIFY(std::fabs(cj["quality"]["masked"].get<double>() - pm) < 1e-9 * pm);
    }

    // cmf chat switches tasks between replies without reloading: the dense,
    // masked and dense-again replies equal what separate runs give.
    void chatSwitchesTasksLive() {
        const auto& f = fixture();
        const std::string masked = f.dir + "/masked.cmf"; // written by the test before
        const std::string ask = "What does the word harbor mean?";
        const auto r = runCmf({"chat", q(masked), "--greedy", "--max-tokens", "24"},
                              QByteArray::fromStdString(ask + "\n/reset\n/task chat\n" + ask + "\n/reset\n/task none\n" + ask + "\n"));
        QVERIFY2(r.code == 0, r.err.c_str());
        const QStringList gen{"--prompt", q(ask), "--chat", "--n", "24"};
        const std::string dense = runCmf(QStringList{"run", q(masked)} + gen + QStringList{"--json"}).j()["text"];
        const std::string task = runCmf(QStringList{"run", q(masked), "--task", "chat"} + gen + QStringList{"--json"}).j()["text"];
        QVERIFY(!dense.empty() && !task.empty() && dense != task);
        const size_t a = r.out.find(dense), b = r.out.find(task, a + dense.size()), c = r.out.find(dense, b + task.size());
        QVERIFY2(a != std::string::npos && b != std::string::npos && c != std::string::npos, r.out.c_str());
    }

    // A prompts file of the reference tool's kind — one prompt a line — gives
    // one prompt per line (it gave one paragraph, and a refusal); a file of
    // one line is refused, naming how it was read, before anything is written.
    void promptsFileIsOnePromptPerLine() {
        const auto& f = fixture();
        std::string lines;
        for (size_t i = 0; i < 24; ++i) lines += "Write a Python function that returns the " + std::to_string(i + 1) + "th prime.\n" + (i % 5 ? "" : "\n");
        const std::string prompts = f.dir + "/lines.txt", one = f.dir + "/one.txt", quality = f.dir + "/short-quality.txt";
        writeFile(prompts, lines);
        writeFile(one, "Write a Python function that sorts a list of numbers.\n\n");
        writeFile(quality, readFile(f.codeHeldout).substr(0, 1500));
        const std::string out = f.dir + "/lines-skill.cmf";
        auto add = [&](const std::string& p, const std::string& o) {
            return runCmf({"skill", "add", q(f.backbone), "--from", q(cmftest::dataPath("models/tiny-chat-code")), "--id", "code",
                           "--prompts", q(p), "--quality", q(quality), "--ctx", "64", "--output", q(o), "--json"});
        };
        const auto r = add(prompts, out);
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto file = cmf::CmfFile::open(out);
        QCOMPARE(file->skills().size(), size_t(1));
        QCOMPARE(file->skills()[0].raw["provenance"]["prompts"].get<size_t>(), size_t(24));

        const std::string refusedOut = f.dir + "/one-skill.cmf";
        const auto refused = add(one, refusedOut);
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.find("1 example prompt read one prompt per line (blank lines skipped); a routing subspace needs at least two") !=
                     std::string::npos,
                 refused.err.c_str());
        QVERIFY(!fs::exists(refusedOut));
    }

    // A one-task specialist from a corpus; as a standalone skill file it
    // re-creates the specialist byte for byte on its base, and only there.
    void bakeExportApply() {
        const auto& f = fixture();
        const std::string spec = f.dir + "/specialist.cmf", skill = f.dir + "/chat-lite.skill.cmf", applied = f.dir + "/applied.cmf";
        const auto b = runCmf({"skill", "bake", q(f.backbone), "--files", q(f.chatPrompts), "--keep", "0.5", "--heldout", q(f.chatHeldout),
                               "--output", q(spec), "--json"});
        QVERIFY2(b.code == 0, b.err.c_str());
        const auto bj = b.j();
        QVERIFY(fs::file_size(spec) < fs::file_size(f.backbone));
        QVERIFY(std::fabs(bj["quality"]["specialist"].get<double>() - ppl(spec, f.chatHeldout)) < 1e-9 * ppl(spec, f.chatHeldout));
        QVERIFY(cmf::CmfFile::open(spec)->header()["provenance"]["bake"]["quality"] == bj["quality"]);
        QCOMPARE(runCmf({"verify", q(spec)}).code, 0);

        const auto e = runCmf({"skill", "export", q(spec), "--base", q(f.backbone), "--id", "chat-lite", "--output", q(skill)});
        QVERIFY2(e.code == 0, e.err.c_str());
        QVERIFY(fs::file_size(skill) < fs::file_size(spec));
        const auto refused = runCmf({"run", q(skill), "--prompt", "hi"});
        QVERIFY(refused.code != 0 && refused.err.find("cmf skill apply") != std::string::npos);
        const auto a = runCmf({"skill", "apply", q(f.backbone), q(skill), "--output", q(applied)});
        QVERIFY2(a.code == 0, a.err.c_str());
        QVERIFY(readFile(applied) == readFile(spec));
        const std::string wrong = f.dir + "/wrong.cmf";
        const auto w = runCmf({"skill", "apply", q(f.donor), q(skill), "--output", q(wrong)});
        QVERIFY(w.code != 0);
        QVERIFY(!fs::exists(wrong));
    }

    void moeRouteStatsMaskAndDefrag() {
        const auto& f = fixture();
        const std::string moe = convert("tiny-moe", "q8", f.dir + "/moe.cmf");
        const std::string codeStats = f.dir + "/code_stats.json", proseStats = f.dir + "/prose_stats.json";
        QCOMPARE(runCmf({"route-stats", q(moe), "--corpus", q(f.codePrompts), "--output", q(codeStats)}).code, 0);
        QCOMPARE(runCmf({"route-stats", q(moe), "--corpus", q(f.prose), "--output", q(proseStats)}).code, 0);
        const auto cs = cmftest::loadJson(codeStats), ps = cmftest::loadJson(proseStats);
        // Per layer: the share of routing mass the two corpora put on the same experts.
        double minOverlap = 1;
        for (size_t l = 0; l < cs["layers"].size(); ++l) {
            double ct = 0, pt = 0, overlap = 0;
            for (size_t e = 0; e < cs["layers"][l].size(); ++e) ct += cs["layers"][l][e].get<double>(), pt += ps["layers"][l][e].get<double>();
            for (size_t e = 0; e < cs["layers"][l].size(); ++e)
                overlap += std::min(cs["layers"][l][e].get<double>() / ct, ps["layers"][l][e].get<double>() / pt);
            qInfo("layer %zu: code/prose routing overlap %.3f", l, overlap);
            minOverlap = std::min(minOverlap, overlap);
        }
        QVERIFY(minOverlap < 0.9); // measurably different somewhere

        const std::string maskFile = f.dir + "/moe_masked.cmf", cut = f.dir + "/moe_cut.cmf";
        QCOMPARE(runCmf({"moe-mask", q(moe), "--stats", q(codeStats), "--cover", "0.95", "--task", "code", "--output", q(maskFile)}).code, 0);
        // Its quality was not measured: running under it says so.
        const auto warned = runCmf({"run", q(maskFile), "--task", "code", "--prompt", "x = 1", "--n", "2"});
        QVERIFY(warned.err.find("no measured quality") != std::string::npos);
        const auto d = runCmf({"moe-defrag", q(moe), "--stats", q(codeStats), "--cover", "0.95", "--output", q(cut)});
        QVERIFY2(d.code == 0, d.err.c_str());
        QVERIFY(fs::file_size(cut) < fs::file_size(moe));
        const QStringList gen{"--prompt", "def parse(line):\n    ", "--n", "32", "--no-stop", "--json"};
        QVERIFY(runCmf(QStringList{"run", q(maskFile), "--task", "code"} + gen).j()["gen_ids"] == runCmf(QStringList{"run", q(cut)} + gen).j()["gen_ids"]);
        const double full = ppl(moe, f.codeHeldout), defragged = ppl(cut, f.codeHeldout);
        qInfo("held-out code perplexity: all experts %.4f, moe-defrag cover 0.95 %.4f; %llu -> %llu bytes", full, defragged,
              (unsigned long long)fs::file_size(moe), (unsigned long long)fs::file_size(cut));
        QVERIFY(defragged <= 1.05 * full);
    }
};

QTEST_GUILESS_MAIN(TestCliSkills)
#include "tst_cli_skills.moc"
