// `cmf run|chat|ppl|tokenize|template` end to end on tiny-chat converted
// at f32, against the reference continuations and perplexity of
// tests/data/models/tiny-chat/reference.json.
#include "cli_support.h"
#include "test_support.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

using nlohmann::json;

namespace {

using clitest::Run;
using clitest::runCmf;

QString s(const std::string& v) { return QString::fromStdString(v); }

const json& reference() {
    static const json r = cmftest::loadJson(cmftest::dataPath("models/tiny-chat/reference.json"));
    return r;
}

const json& prompt(const std::string& name) {
    for (const auto& p : reference()["prompts"])
        if (p["name"] == name) return p;
    throw std::runtime_error("no prompt " + name);
}

QString ids(const json& list) {
    std::string out;
    for (const auto& v : list) {
        if (!out.empty()) out += ',';
        out += std::to_string(v.get<int>());
    }
    return s(out);
}

} // namespace

class TestCliEngine : public QObject {
    Q_OBJECT
    QString model_;
private Q_SLOTS:
    void initTestCase() {
        model_ = s(cmftest::tempDir() + "/demo-f32.cmf");
        const Run r = runCmf({"convert", "--model", s(cmftest::dataPath("models/tiny-chat")), "--quant", "f32", "--output",
                              model_, "--summary"});
        QVERIFY2(r.code == 0, r.err.c_str());
    }
    void helpOnEveryVerb_data() {
        QTest::addColumn<QString>("verb");
        for (const char* v : {"run", "chat", "ppl", "tokenize", "template", "bench"}) QTest::newRow(v) << QString::fromLatin1(v);
    }
    void helpOnEveryVerb() {
        QFETCH(QString, verb);
        const Run r = runCmf({verb, "--help"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find("Usage") != std::string::npos);
    }
    void runChatPromptGivesTheReferenceReply() {
        const auto& p = prompt("chat_arithmetic");
        const Run r = runCmf({"run", model_, "--chat", "--prompt", s(p["messages"][0]["content"]), "--n", "32", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = r.j();
        JCOMPARE(j["prompt_ids"], p["prompt_ids"]);
        JCOMPARE(j["text"], p["greedy_text_until_eos"]);
        JCOMPARE(j["finish"], "eos");
        QVERIFY(j["prefill_tok_s"].get<double>() > 0 && j["decode_tok_s"].get<double>() > 0);
    }
    void runPromptIdsNoStopWithTopLogits() {
        const auto& p = prompt("chat_arithmetic");
        const Run r = runCmf({"run", model_, "--prompt-ids", ids(p["prompt_ids"]), "--n", "32", "--no-stop", "--top-logits", "3", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = r.j();
        JCOMPARE(j["gen_ids"], p["greedy_ids"]); // past the eos at step 8
        JCOMPARE(j["finish"], "length");
        QCOMPARE(j["top"].size(), size_t(32));
        for (size_t i = 0; i < 32; ++i) {
            QCOMPARE(j["top"][i].size(), size_t(3));
            QCOMPARE(j["top"][i][0][0].get<int>(), j["gen_ids"][i].get<int>());
            QVERIFY(j["top"][i][0][1].get<double>() >= j["top"][i][1][1].get<double>());
        }
        const auto& want = p["last_position_logits_top10"];
        for (size_t k = 0; k < 3; ++k) {
            QCOMPARE(j["top"][0][k][0].get<int>(), want[k][0].get<int>());
            QVERIFY(std::fabs(j["top"][0][k][1].get<double>() - want[k][1].get<double>()) < 1e-3);
        }
    }
    void runStreamsTextAndReportsOnStderr() {
        const auto& p = prompt("code_completion");
        const Run r = runCmf({"run", model_, "--prompt", s(p["prompt_text"]), "--n", "32"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(s(r.out), s(p["greedy_text"].get<std::string>() + "\n"));
        QVERIFY(r.err.find("finish: length") != std::string::npos);
    }
    void runErrors() {
        QCOMPARE(runCmf({"run", model_}).code, 2); // no prompt
        QCOMPARE(runCmf({"run", model_, "--prompt-ids", "1,x"}).code, 2);
        const Run big = runCmf({"run", model_, "--prompt-ids", "1,2", "--ctx", "100000"});
        QCOMPARE(big.code, 2);
        QVERIFY(big.err.find("max_position_embeddings") != std::string::npos);
        const Run oov = runCmf({"run", model_, "--prompt-ids", "99999"});
        QCOMPARE(oov.code, 2);
        QVERIFY(oov.err.find("outside the vocabulary") != std::string::npos);
    }
    void chatHoldsAConversation() {
        const auto& a = prompt("chat_definition");
        const auto& b = prompt("chat_arithmetic");
        const std::string input = a["messages"][0]["content"].get<std::string>() + "\n/stats\n/reset\n" +
                                  b["messages"][0]["content"].get<std::string>() + "\n/stats\n/quit\n";
        const Run r = runCmf({"chat", model_, "--greedy", "--max-tokens", "32"}, QByteArray::fromStdString(input));
        QVERIFY2(r.code == 0, r.err.c_str());
        // The reference replies, each on its own line after the prompt marker.
        QVERIFY2(r.out.find("> " + a["greedy_text_until_eos"].get<std::string>() + "\n") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("> " + b["greedy_text_until_eos"].get<std::string>() + "\n") != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("finish: length") != std::string::npos); // the definition runs to the budget
        QVERIFY(r.out.find("finish: eos") != std::string::npos);    // the sum ends itself
        QVERIFY(r.out.find("(conversation cleared)") != std::string::npos);
    }
    void samplingStartsFromTheFilesGenerationDefaults() {
        // tiny-chat's generation_config.json: do_sample true, temperature 0.6, top_k 20, top_p 0.95.
        const auto& p = prompt("chat_arithmetic");
        const QStringList base{"run", model_, "--prompt-ids", ids(p["prompt_ids"]), "--n", "24", "--no-stop", "--json"};
        // cmf run is greedy unless asked: the reference's greedy ids, and says so.
        const json plain = runCmf(base).j();
        JCOMPARE(plain["gen_ids"], json(std::vector<json>(p["greedy_ids"].begin(), p["greedy_ids"].begin() + 24)));
        JCOMPARE(plain["sampling"]["greedy"], true);
        JCOMPARE(plain["sampling"]["from_file"], false);
        // --sample takes every value from the file, the same draw as giving them by hand.
        const json sampled = runCmf(base + QStringList{"--sample", "--seed", "5"}).j();
        JCOMPARE(sampled["sampling"], json({{"greedy", false}, {"from_file", true}, {"temperature", 0.6}, {"top_k", 20}, {"top_p", 0.95},
                                            {"min_p", 0.0}, {"seed", 5}, {"repetition_penalty", 1.0}}));
        const json byHand = runCmf(base + QStringList{"--temp", "0.6", "--top-k", "20", "--top-p", "0.95", "--seed", "5"}).j();
        JCOMPARE(sampled["gen_ids"], byHand["gen_ids"]);
        JCOMPARE(byHand["sampling"]["from_file"], false);
        // A value given goes over the file's, the others stay the file's.
        const json k = runCmf(base + QStringList{"--sample", "--top-k", "3"}).j();
        JCOMPARE(k["sampling"]["top_k"], 3);
        JCOMPARE(k["sampling"]["temperature"], 0.6);
        QCOMPARE(runCmf(base + QStringList{"--sample", "--greedy"}).code, 2);
        // cmf chat follows do_sample and says what it runs; --greedy overrides.
        const Run chat = runCmf({"chat", model_, "--max-tokens", "4"}, "Hi\n/quit\n");
        QVERIFY2(chat.code == 0, chat.err.c_str());
        QVERIFY2(chat.err.find("sampling: temperature 0.6, top-k 20, top-p 0.95, seed 0 (the file's generation defaults; --greedy for argmax)") !=
                     std::string::npos,
                 chat.err.c_str());
        const Run greedy = runCmf({"chat", model_, "--greedy", "--max-tokens", "4"}, "Hi\n/quit\n");
        QVERIFY2(greedy.err.find("greedy (argmax)") != std::string::npos, greedy.err.c_str());
        // cmf info shows the block.
        const Run info = runCmf({"info", model_});
        QVERIFY2(info.out.find("generation defaults: {\"do_sample\":true,\"eos_token_ids\":[8168,8166],\"temperature\":0.6,\"top_k\":20,"
                               "\"top_p\":0.95}") != std::string::npos,
                 info.out.c_str());
    }
    void benchReportsBothPhases() {
        // Keeps the verb working; speed itself is measured by tests/bench, not asserted here.
        const Run r = runCmf({"bench", model_, "--pp", "8", "--tg", "4", "--reps", "2", "--threads", "1", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = r.j();
        QCOMPARE(j["pp_runs"].size(), size_t(2));
        QCOMPARE(j["tg_runs"].size(), size_t(2));
        QVERIFY(j["pp_tok_s"].get<double>() > 0 && j["tg_tok_s"].get<double>() > 0);
        JCOMPARE(j["threads"], 1);
        QVERIFY(j["rss_mb"].get<double>() > 1);
        // f32 tiny-chat: every weight but the embedding table is read per token.
        const double fileBytes = double(QFileInfo(model_).size());
        QVERIFY(j["decode_bytes_per_token"].get<double>() > 0.5 * fileBytes && j["decode_bytes_per_token"].get<double>() < fileBytes);
        QCOMPARE(runCmf({"bench", model_, "--reps", "0"}).code, 2);
        // --depth: the runs start with that many tokens cached; each decode step
        // reads their keys and values (layers × 2 × kv width × 4 bytes per position).
        const Run d = runCmf({"bench", model_, "--pp", "8", "--tg", "4", "--reps", "2", "--threads", "1", "--depth", "300", "--json"});
        QVERIFY2(d.code == 0, d.err.c_str());
        const json k = d.j();
        JCOMPARE(k["depth"], 300);
        QCOMPARE(k["tg_runs"].size(), size_t(2));
        QVERIFY(k["pp_tok_s"].get<double>() > 0 && k["tg_tok_s"].get<double>() > 0);
        const json info = runCmf({"info", model_, "--json"}).j();
        const auto& a = info["header"]["arch"];
        const uint64_t kvw = a.value("num_kv_heads", a["num_attention_heads"].get<uint64_t>()) *
                             a.value("head_dim", a["hidden_size"].get<uint64_t>() / a["num_attention_heads"].get<uint64_t>());
        const double extra = k["decode_bytes_per_token"].get<double>() - j["decode_bytes_per_token"].get<double>();
        QCOMPARE(extra, double(a["num_layers"].get<uint64_t>() * 2 * kvw * 4 * 300));
        QVERIFY2(d.out.find("@ d300") == std::string::npos, d.out.c_str()); // JSON only
        // --kv f16: the cache's positions cost half the bytes (2 per element).
        const Run h = runCmf({"bench", model_, "--pp", "0", "--tg", "4", "--reps", "1", "--depth", "300", "--kv", "f16", "--json"});
        QVERIFY2(h.code == 0, h.err.c_str());
        JCOMPARE(h.j()["kv"], "f16");
        JCOMPARE(k["kv"], "f32");
        // Both read 300 + 4/2 positions on average; f16 saves 2 bytes per element.
        QCOMPARE(k["decode_bytes_per_token"].get<double>() - h.j()["decode_bytes_per_token"].get<double>(),
                 double(a["num_layers"].get<uint64_t>() * 2 * kvw * 2 * 302));
        const Run bad = runCmf({"bench", model_, "--kv", "q8"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.find("f16") != std::string::npos, bad.err.c_str()); // the error lists the valid values
        const Run text = runCmf({"bench", model_, "--pp", "8", "--tg", "4", "--reps", "1", "--depth", "40"});
        QVERIFY2(text.out.find("pp8 @ d40") != std::string::npos && text.out.find("tg4 @ d40") != std::string::npos, text.out.c_str());
    }
    void pplMatchesReference() {
        const auto& want = reference()["heldout_perplexity"]["prose"];
        const Run r = runCmf({"ppl", model_, "--file", s(cmftest::dataPath("models/heldout_prose.txt")), "--ctx", "257", "--stride", "256",
                              "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        JCOMPARE(r.j()["tokens_predicted"], want["tokens_predicted"]);
        QVERIFY(std::fabs(r.j()["perplexity"].get<double>() / want["perplexity"].get<double>() - 1) < 0.005);
        // An f16 KV cache: the same text, a perplexity within 0.1 % of the exact cache's.
        const Run h = runCmf({"ppl", model_, "--file", s(cmftest::dataPath("models/heldout_prose.txt")), "--ctx", "257", "--stride", "256",
                              "--kv", "f16", "--json"});
        QVERIFY2(h.code == 0, h.err.c_str());
        JCOMPARE(h.j()["kv"], "f16");
        const double rel = h.j()["perplexity"].get<double>() / r.j()["perplexity"].get<double>() - 1;
        QVERIFY2(std::fabs(rel) < 1e-3, std::to_string(rel).c_str());
    }
    void pplKlReference() {
        // The held-out prose's first 3000 bytes (~900 tokens): enough windows, quick on a busy machine.
        const QString text = s(cmftest::tempDir() + "/heldout_prose_head.txt");
        {
            QFile in(s(cmftest::dataPath("models/heldout_prose.txt"))), out(text);
            QVERIFY(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
            out.write(in.read(3000));
        }
        // Against itself: no divergence, every argmax the same, one perplexity twice.
        const Run self = runCmf({"ppl", model_, "--file", text, "--ctx", "128", "--stride", "64", "--kl-reference", model_, "--json"});
        QVERIFY2(self.code == 0, self.err.c_str());
        const json j = self.j();
        QCOMPARE(j["kl_divergence"].get<double>(), 0.0);
        QCOMPARE(j["top1_agreement"].get<double>(), 1.0);
        JCOMPARE(j["reference_perplexity"], j["perplexity"]);
        // The windows add up to the whole: 128-token windows every 64 tokens.
        double nll = 0;
        uint64_t n = 0;
        for (const auto& w : j["windows"]) {
            nll += w["nll"].get<double>();
            n += w["tokens_predicted"].get<uint64_t>();
        }
        JCOMPARE(json(n), j["tokens_predicted"]);
        QVERIFY(std::fabs(nll / double(n) - j["nll_per_token"].get<double>()) < 1e-9);
        QCOMPARE(j["windows"][1]["start"].get<int>(), 64);

        // The same model at q4 against f32: a divergence, and the file's perplexity is what ppl alone gives.
        const QString q4 = s(cmftest::tempDir() + "/demo-q4-kl.cmf");
        QCOMPARE(runCmf({"convert", "--model", s(cmftest::dataPath("models/tiny-chat")), "--quant", "q4", "--output", q4}).code, 0);
        const Run kl = runCmf({"ppl", q4, "--file", text, "--ctx", "128", "--stride", "64", "--kl-reference", model_, "--json"});
        QVERIFY2(kl.code == 0, kl.err.c_str());
        const Run alone = runCmf({"ppl", q4, "--file", text, "--ctx", "128", "--stride", "64", "--json"});
        QVERIFY(kl.j()["kl_divergence"].get<double>() > 0);
        QVERIFY(kl.j()["top1_agreement"].get<double>() < 1);
        JCOMPARE(kl.j()["perplexity"], alone.j()["perplexity"]);
        JCOMPARE(kl.j()["reference_perplexity"], j["perplexity"]);
        const Run plain = runCmf({"ppl", q4, "--file", text, "--ctx", "128", "--stride", "64", "--kl-reference", model_});
        QVERIFY2(plain.out.find("KL divergence") != std::string::npos && plain.out.find("top-1 agreement") != std::string::npos,
                 plain.out.c_str());

        // Another tokenizer: refused, naming the mismatch (usage, exit 2).
        const QString llama = s(cmftest::tempDir() + "/llama3-kl.cmf");
        QCOMPARE(runCmf({"convert", "--model", s(cmftest::dataPath("models/tiny-llama3")), "--quant", "f32", "--output", llama}).code, 0);
        const Run other = runCmf({"ppl", model_, "--file", text, "--kl-reference", llama});
        QCOMPARE(other.code, 2);
        QVERIFY2(other.err.find("tokenizer vocabulary") != std::string::npos, other.err.c_str());
        // A reference that is not a CMF file: exit 1, and the message names it.
        const Run broken = runCmf({"ppl", model_, "--file", text, "--kl-reference", text});
        QCOMPARE(broken.code, 1);
        QVERIFY2(broken.err.find("heldout_prose_head.txt") != std::string::npos, broken.err.c_str());
        QVERIFY(runCmf({"ppl", "--help"}).out.find("--kl-reference") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCliEngine)
#include "tst_cli_engine.moc"
