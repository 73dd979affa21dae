// Every line of tests/data/tokenizers/cases.jsonl: ids and tokens of encode,
// decode and decode(skip_special_tokens) must equal what Hugging Face's
// `tokenizers` produced (see tests/data/tokenizers/README.md), and streaming
// the ids through a StreamDecoder must give decode()'s text.
#include "cmf/engine/tokenizer.h"

#include "test_support.h"

#include <QtTest>

#include <fstream>
#include <map>
#include <memory>

using cmf::engine::StreamDecoder;
using cmf::engine::Tokenizer;
using nlohmann::json;

namespace {

bool validUtf8(const std::string& s) {
    size_t i = 0;
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        const size_t n = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0;
        if (n == 0 || i + n > s.size()) return false;
        for (size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
        i += n;
    }
    return true;
}

} // namespace

class TstTokenizerFixtures : public QObject {
    Q_OBJECT

    std::vector<json> cases_;
    std::map<std::string, std::shared_ptr<Tokenizer>> tokenizers_;

    // Each family's tokenizer.json (2-15 MB) is loaded once.
    const Tokenizer& tokenizer(const std::string& family) {
        auto& t = tokenizers_[family];
        if (!t) t = std::make_shared<Tokenizer>(Tokenizer::fromFile(cmftest::dataPath("tokenizers/" + family + "/tokenizer.json")));
        return *t;
    }

    void addRows() {
        QTest::addColumn<int>("index");
        std::map<std::string, int> perFamily;
        for (size_t i = 0; i < cases_.size(); ++i) {
            const std::string family = cases_[i]["family"];
            QTest::addRow("%s/%d", family.c_str(), perFamily[family]++) << static_cast<int>(i);
        }
    }

private Q_SLOTS:
    void initTestCase() {
        std::ifstream in(cmftest::dataPath("tokenizers/cases.jsonl"));
        QVERIFY(in);
        std::string line;
        while (std::getline(in, line))
            if (!line.empty()) cases_.push_back(json::parse(line));
        QCOMPARE(cases_.size(), size_t(1554));
    }

    void encodeDecode_data() { addRows(); }
    void encodeDecode() {
        QFETCH(int, index);
        const json& c = cases_[static_cast<size_t>(index)];
        const Tokenizer& tok = tokenizer(c["family"]);
        const std::string text = c["text"];
        const bool add = c["add_special_tokens"];

        const auto enc = tok.encodeWithTokens(text, add);
        JCOMPARE(enc.ids, c["ids"]);
        JCOMPARE(enc.tokens, c["tokens"]);
        JCOMPARE(tok.encode(text, add), c["ids"]);

        const std::vector<int32_t> ids = c["ids"];
        JCOMPARE(tok.decode(ids, false), c["decoded"]);
        JCOMPARE(tok.decode(ids, true), c["decoded_skip_special"]);
    }

    void streamDecode_data() { addRows(); }
    void streamDecode() {
        QFETCH(int, index);
        const json& c = cases_[static_cast<size_t>(index)];
        const Tokenizer& tok = tokenizer(c["family"]);
        const std::vector<int32_t> ids = c["ids"];
        for (const bool skip : {false, true}) {
            StreamDecoder stream(tok, skip);
            std::string all;
            for (const int32_t id : ids) {
                const std::string piece = stream.step(id);
                QVERIFY2(validUtf8(piece), ("step emitted broken UTF-8 for id " + std::to_string(id)).c_str());
                all += piece;
            }
            all += stream.flush();
            JCOMPARE(all, tok.decode(ids, skip));
        }
    }
};

QTEST_GUILESS_MAIN(TstTokenizerFixtures)
#include "tst_tokenizer_fixtures.moc"
