// Issue 25: the tokenizer playground, offscreen. Its ids equal the fixtures'
// expected ids (Hugging Face tokenizers, an independent implementation) and
// `cmf tokenize --json` (the binary) for each fixture tokenizer, with and
// without special tokens added, and with special-token text split; decoding
// ids gives the fixtures' decoded text, a bad id is named; vocabulary search
// by id, text and regex finds the entries tokenizer.json holds (kind, merge
// rank); the chat template renders as `cmf template` does, and its tokens
// are `cmf tokenize`'s; a long text is tokenized off the GUI thread; the page
// is in the file's tree and `--view playground` names it.
#include "gui_checks.h"
#include "file_builder.h"
#include "jobs/job_runner.h"
#include "models/vocab_table_model.h"
#include "test_support.h"
#include "analysis/token_playground.h"
#include "document/cmf_document.h"
#include "util/services.h"
#include "util/token_colors.h"
#include "views/file_page.h"
#include "views/playground_view.h"

#include "cmf/format/cmf_file.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QPlainTextEdit>
#include <QProcess>
#include <QTableView>
#include <QTextBrowser>
#include <QTest>
#include <QTreeWidget>

#include <cmath>
#include <fstream>
#include <map>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

const char* const kFamilies[] = {"qwen3", "llama3", "deepseek_v3", "llama2", "mistral", "gemma3", "bert"};

QString tmp(const QString& name) { return QString::fromStdString(cmftest::tempDir()) + u'/' + name; }

// A minimal model carrying the family's tokenizer.json as its vocab section.
QString fixtureCmf(const std::string& family, const std::string& chatTemplate = {}) {
    const QString path = tmp(QString::fromStdString(family) + (chatTemplate.empty() ? u""_s : u"-tmpl"_s) + u".cmf");
    if (QFile::exists(path)) return path;
    auto b = cmftest::FileBuilder::minimalModel();
    b.vocab = cmftest::readBytes(cmftest::dataPath("tokenizers/" + family + "/tokenizer.json"));
    if (!chatTemplate.empty()) b.header["tokenizer_config"] = {{"chat_template", chatTemplate}};
    b.writeTo(path.toStdString());
    return path;
}

struct Case {
    std::string text;
    bool addSpecial = false;
    std::vector<int32_t> ids;
    std::string decoded, decodedSkip;
};

const std::map<std::string, std::vector<Case>>& cases() {
    static const auto all = [] {
        std::map<std::string, std::vector<Case>> m;
        std::ifstream in(cmftest::dataPath("tokenizers/cases.jsonl"));
        std::string line;
        while (std::getline(in, line)) {
            const auto j = nlohmann::json::parse(line);
            m[j["family"]].push_back(Case{j["text"], j["add_special_tokens"], j["ids"].get<std::vector<int32_t>>(), j["decoded"],
                                          j["decoded_skip_special"]});
        }
        return m;
    }();
    return all;
}

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runCmf(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(CMF_BIN), args);
    if (!p.waitForFinished(120000)) return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

std::vector<int32_t> cliIds(const QString& file, const std::string& text, bool addSpecial, bool split = false) {
    const QString textFile = tmp(u"text.txt"_s);
    cmftest::writeBytes(textFile.toStdString(), std::vector<uint8_t>(text.begin(), text.end()));
    QStringList args{u"tokenize"_s, file, u"--text-file"_s, textFile, u"--json"_s};
    if (!addSpecial) args << u"--no-add-special"_s;
    if (split) args << u"--split-special"_s;
    const Run r = runCmf(args);
    if (r.exitCode != 0) qWarning() << r.err;
    return nlohmann::json::parse(r.out.toStdString())["ids"].get<std::vector<int32_t>>();
}

bool waitIdle(const PlaygroundView& v, int ms = 60000) {
    QElapsedTimer t;
    t.start();
    while (v.busy() && t.elapsed() < ms) QTest::qWait(5);
    return !v.busy();
}

// A view on `file`, loaded.
struct Fixture {
    JobRunner jobs;
    std::unique_ptr<PlaygroundView> view;
    explicit Fixture(const QString& file) {
        Services s;
        s.jobs = &jobs;
        view = std::make_unique<PlaygroundView>(CmfDocument::open(file), s);
        view->resize(1000, 700);
        view->show();
    }
};

} // namespace

class TestPlaygroundView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void encodeMatchesFixturesAndCli_data();
    void encodeMatchesFixturesAndCli();
    void splitSpecialMatchesCli();
    void decode();
    void vocabularySearch();
    void templateMatchesCli();
    void templateErrors();
    void longTextOffTheGuiThread();
    void countsAndSpans();
    void filePageAndColours();
};

void TestPlaygroundView::encodeMatchesFixturesAndCli_data() {
    QTest::addColumn<QString>("family");
    for (const char* f : kFamilies) QTest::newRow(f) << QString::fromLatin1(f);
}

void TestPlaygroundView::encodeMatchesFixturesAndCli() {
    QFETCH(QString, family);
    const std::string fam = family.toStdString();
    const QString file = fixtureCmf(fam);
    QElapsedTimer loadTimer;
    loadTimer.start();
    Fixture fx(file);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY2(fx.view->ready(), qPrintable(fx.view->loadError()));
    qInfo("%s: loaded with its vocabulary table in %lld ms", fam.c_str(), loadTimer.elapsed()); // a figure, not a check
    // The screenshot default: a sample text already tokenized.
    QVERIFY(!fx.view->ids().empty());

    // Every fixture text the text box holds unchanged (it turns \r and U+0000
    // into other characters), with and without the post-processor's tokens;
    // each compared with the fixture, a spread of them with the binary too.
    int compared = 0, withCli = 0;
    const auto& list = cases().at(fam);
    for (size_t i = 0; i < list.size(); ++i) {
        const Case& c = list[i];
        const QString text = textFromUtf8(c.text);
        fx.view->setAddSpecialTokens(c.addSpecial);
        fx.view->setText(text);
        QVERIFY(waitIdle(*fx.view));
        if (fx.view->findChild<QPlainTextEdit*>(u"playgroundInput"_s)->toPlainText() != text) continue;
        QVERIFY2(fx.view->encodeError().isEmpty(), qPrintable(fx.view->encodeError()));
        QVERIFY2(fx.view->ids() == c.ids, (fam + ": " + nlohmann::json(c.text).dump()).c_str());
        ++compared;
        if (i % 48 == 0 || (c.addSpecial && withCli < 5)) {
            QVERIFY2(fx.view->ids() == cliIds(file, c.text, c.addSpecial), (fam + ": cli, " + nlohmann::json(c.text).dump()).c_str());
            ++withCli;
        }
    }
    QVERIFY2(compared > 150, qPrintable(QString::number(compared)));
    QVERIFY(withCli >= 6);
}

void TestPlaygroundView::splitSpecialMatchesCli() {
    const QString file = fixtureCmf("qwen3");
    Fixture fx(file);
    QVERIFY(waitIdle(*fx.view));
    const std::string text = "<|im_start|>user\nHi<|im_end|>";
    fx.view->setText(QString::fromStdString(text));
    QVERIFY(waitIdle(*fx.view));
    // Recognised: <|im_start|> is 151644, <|im_end|> 151645 (tokenizer.json added_tokens).
    QCOMPARE(fx.view->ids().front(), 151644);
    QCOMPARE(fx.view->ids().back(), 151645);
    QVERIFY(fx.view->ids() == cliIds(file, text, true));
    fx.view->setRecogniseSpecialTokens(false);
    QVERIFY(waitIdle(*fx.view));
    const auto split = fx.view->ids();
    QVERIFY(std::find(split.begin(), split.end(), 151644) == split.end());
    QVERIFY(std::find(split.begin(), split.end(), 151645) == split.end());
    QVERIFY(split.size() > 6); // "<", "|", "im", "_start" ... as ordinary text
    QVERIFY(split == cliIds(file, text, true, true));
    // Non-special added tokens stay recognised: <think> is 151667, not special.
    fx.view->setText(u"<think>x</think>"_s);
    QVERIFY(waitIdle(*fx.view));
    QCOMPARE(fx.view->ids().front(), 151667);
}

void TestPlaygroundView::decode() {
    Fixture fx(fixtureCmf("llama2"));
    QVERIFY(waitIdle(*fx.view));
    int n = 0;
    for (const Case& c : cases().at("llama2")) {
        if (c.ids.empty() || n > 40) continue;
        QStringList items;
        for (int32_t id : c.ids) items << QString::number(id);
        // Alternate the three spellings: "1, 2, 3", "1 2 3" and "[1,2,3]".
        const QString in = n % 3 == 0 ? items.join(u", "_s) : n % 3 == 1 ? items.join(u' ') : u'[' + items.join(u',') + u']';
        fx.view->setSkipSpecial(false);
        fx.view->setDecodeInput(in);
        QVERIFY(waitIdle(*fx.view));
        QVERIFY2(fx.view->decodeError().isEmpty(), qPrintable(fx.view->decodeError()));
        QCOMPARE(fx.view->decodedText().toUtf8().toStdString(), c.decoded);
        fx.view->setSkipSpecial(true);
        QVERIFY(waitIdle(*fx.view));
        QCOMPARE(fx.view->decodedText().toUtf8().toStdString(), c.decodedSkip);
        ++n;
    }
    QVERIFY(n > 30);
    // llama2's vocabulary has ids 0 to 31999.
    fx.view->setDecodeInput(u"1, 15043, 32000"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY2(fx.view->decodeError().contains(u"32000"_s) && fx.view->decodeError().contains(u"31999"_s), qPrintable(fx.view->decodeError()));
    QVERIFY(fx.view->decodedText().isEmpty());
    fx.view->setDecodeInput(u"1, abc"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY2(fx.view->decodeError().contains(u"\"abc\""_s), qPrintable(fx.view->decodeError()));
    fx.view->setDecodeInput(u"[1, -5]"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY2(fx.view->decodeError().contains(u"-5"_s), qPrintable(fx.view->decodeError()));
    fx.view->setDecodeInput(u"[1, \"x\"]"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY(!fx.view->decodeError().isEmpty());
}

void TestPlaygroundView::vocabularySearch() {
    const auto json = cmftest::loadJson(cmftest::dataPath("tokenizers/qwen3/tokenizer.json"));
    const auto& vocab = json["model"]["vocab"];
    const auto& merges = json["model"]["merges"];
    Fixture fx(fixtureCmf("qwen3"));
    QVERIFY(waitIdle(*fx.view));
    QAbstractItemModelTester tester(fx.view->vocabTable()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto* model = fx.view->vocabTable()->model();

    // By id: one row, the vocabulary's own spelling.
    fx.view->setSearch(PlaygroundView::SearchMode::Id, u"1879"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY(fx.view->searchIds() == std::vector<int32_t>{1879});
    QCOMPARE(vocab["Ġworld"].get<int>(), 1879);
    QCOMPARE(model->data(model->index(0, VocabTableModel::Token)).toString(), u"Ġworld"_s);
    QCOMPARE(model->data(model->index(0, VocabTableModel::Text)).toString(), u"\u2423world"_s); // the space made visible
    QCOMPARE(model->data(model->index(0, VocabTableModel::Kind)).toString(), u"normal"_s);
    // Its merge rank: the first line of model.merges that makes "Ġworld".
    int64_t rank = -1;
    for (size_t i = 0; i < merges.size() && rank < 0; ++i)
        if (merges[i][0].get<std::string>() + merges[i][1].get<std::string>() == "Ġworld") rank = int64_t(i);
    QVERIFY(rank >= 0);
    QCOMPARE(model->data(model->index(0, VocabTableModel::MergeRank)).toString(), QString::number(rank));
    // A single byte is a base token: no merge makes it.
    fx.view->setSearch(PlaygroundView::SearchMode::Id, QString::number(vocab["a"].get<int>()));
    QVERIFY(waitIdle(*fx.view));
    QCOMPARE(model->data(model->index(0, VocabTableModel::MergeRank)).toString(), QString());

    // Out of range and not a number.
    fx.view->setSearch(PlaygroundView::SearchMode::Id, u"999999"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY(fx.view->searchIds().empty());
    QVERIFY(fx.view->searchError().contains(u"999999"_s));

    // By regex: exactly the vocabulary entries that match, counted from tokenizer.json.
    fx.view->setSearch(PlaygroundView::SearchMode::Regex, u"^Ġworld"_s);
    QVERIFY(waitIdle(*fx.view));
    std::vector<int32_t> expected;
    for (const auto& [k, v] : vocab.items())
        if (k.rfind("Ġworld", 0) == 0) expected.push_back(v.get<int32_t>());
    std::sort(expected.begin(), expected.end());
    QVERIFY(expected.size() > 2);
    QVERIFY(fx.view->searchIds() == expected);
    fx.view->setSearch(PlaygroundView::SearchMode::Regex, u"(unclosed"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY(!fx.view->searchError().isEmpty());

    // By text: special and added tokens with their kinds (tokenizer.json added_tokens).
    fx.view->setSearch(PlaygroundView::SearchMode::Text, u"<|im_end|>"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY(fx.view->searchIds() == std::vector<int32_t>{151645});
    QCOMPARE(model->data(model->index(0, VocabTableModel::Kind)).toString(), u"special"_s);
    fx.view->setSearch(PlaygroundView::SearchMode::Text, u"<think>"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY(fx.view->searchIds() == std::vector<int32_t>{151667});
    QCOMPARE(model->data(model->index(0, VocabTableModel::Kind)).toString(), u"added"_s);
    // A space typed matches the text a token decodes to: " world" is Ġworld.
    fx.view->setSearch(PlaygroundView::SearchMode::Text, u" world"_s);
    QVERIFY(waitIdle(*fx.view));
    const auto ids = fx.view->searchIds();
    QVERIFY(std::find(ids.begin(), ids.end(), 1879) != ids.end());

    // Everything: 151,669 ids, capped rows and a note.
    fx.view->setSearch(PlaygroundView::SearchMode::Text, QString());
    QVERIFY(waitIdle(*fx.view));
    QCOMPARE(fx.view->searchTotal(), size_t(vocab.size() + json["added_tokens"].size()));
    QCOMPARE(fx.view->searchIds().size(), PlaygroundView::kMaxRows);

    // Byte-fallback tokens are their own kind (llama2: <0x0A> is id 13).
    Fixture llama(fixtureCmf("llama2"));
    QVERIFY(waitIdle(*llama.view));
    llama.view->setSearch(PlaygroundView::SearchMode::Id, u"13"_s);
    QVERIFY(waitIdle(*llama.view));
    auto* lm = llama.view->vocabTable()->model();
    QCOMPARE(lm->data(lm->index(0, VocabTableModel::Token)).toString(), u"<0x0A>"_s);
    QCOMPARE(lm->data(lm->index(0, VocabTableModel::Kind)).toString(), u"byte"_s);
}

void TestPlaygroundView::templateMatchesCli() {
    const QString demo = QStringLiteral(CMF_DEMO_MODEL);
    Fixture fx(demo);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY(fx.view->ready());
    const QList<QPair<QString, QString>> conv = {
        {u"system"_s, u"You are terse."_s}, {u"user"_s, u"What does the word anchor mean?"_s},
        {u"assistant"_s, u"A heavy object that holds a ship in place."_s}, {u"user"_s, u"And 2 + 3?"_s}};
    nlohmann::ordered_json messages = nlohmann::ordered_json::array();
    for (const auto& [r, c] : conv) messages.push_back({{"role", r.toStdString()}, {"content", c.toStdString()}});
    const QString messagesFile = tmp(u"messages.json"_s);
    const std::string dumped = messages.dump();
    cmftest::writeBytes(messagesFile.toStdString(), std::vector<uint8_t>(dumped.begin(), dumped.end()));
    // bos/eos as a chat session passes them: the bundle's ids spelled by the tokenizer.
    const auto file = cmf::CmfFile::open(demo.toStdString());
    const auto& bundle = file->chatBundle();
    QVERIFY(bundle);
    const auto vocabJson = nlohmann::json::parse(file->vocab().begin(), file->vocab().end());
    auto spell = [&](int64_t id) -> std::string {
        for (const auto& a : vocabJson["added_tokens"])
            if (a["id"] == id) return a["content"];
        for (const auto& [k, v] : vocabJson["model"]["vocab"].items())
            if (v == id) return k;
        return {};
    };
    for (const bool gen : {true, false}) {
        fx.view->setConversation(conv);
        fx.view->setAddGenerationPrompt(gen);
        QVERIFY(waitIdle(*fx.view));
        QVERIFY2(fx.view->renderError().isEmpty(), qPrintable(fx.view->renderError()));
        QStringList args{u"template"_s, demo, u"--messages"_s, messagesFile};
        if (gen) args << u"--add-generation-prompt"_s;
        if (bundle->bosTokenId) args << u"--bos"_s << QString::fromStdString(spell(*bundle->bosTokenId));
        if (!bundle->eosTokenIds.empty()) args << u"--eos"_s << QString::fromStdString(spell(bundle->eosTokenIds.front()));
        const Run r = runCmf(args);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(fx.view->renderedText().toUtf8(), r.out);
        QVERIFY(fx.view->renderedIds() == cliIds(demo, r.out.toStdString(), false));
    }
}

void TestPlaygroundView::templateErrors() {
    {
        Fixture fx(fixtureCmf("qwen3", "{% if messages %}{{ raise_exception('roles must alternate') }}{% endif %}"));
        QVERIFY(waitIdle(*fx.view));
        QVERIFY(waitIdle(*fx.view));
        QVERIFY2(fx.view->renderError().contains(u"roles must alternate"_s), qPrintable(fx.view->renderError()));
        QVERIFY(fx.view->renderedIds().empty());
    }
    {
        Fixture fx(fixtureCmf("llama2", "{% for m in messages %}{{ m.content | nosuchfilter }}{% endfor %}"));
        QVERIFY(waitIdle(*fx.view));
        QVERIFY2(fx.view->renderError().contains(u"template:"_s), qPrintable(fx.view->renderError()));
    }
}

void TestPlaygroundView::longTextOffTheGuiThread() {
    const QString file = fixtureCmf("qwen3");
    Fixture fx(file);
    QVERIFY(waitIdle(*fx.view));
    std::string text;
    while (text.size() < 400000) text += "The quick brown fox jumps over the lazy dog, 12345 times; naïve café. ";
    QElapsedTimer longTimer;
    longTimer.start();
    fx.view->setText(QString::fromStdString(text));
    const qint64 setMs = longTimer.elapsed();
    // Not tokenized in setText: it waits for typing to pause, then runs on the pool.
    QVERIFY(fx.view->busy());
    QVERIFY(waitIdle(*fx.view));
    qInfo("%zu bytes: setText returned in %lld ms, tokens shown after %lld ms", text.size(), setMs, longTimer.elapsed());
    QVERIFY(fx.view->ids() == cliIds(file, text, true));
    QVERIFY(fx.view->countsText().startsWith(QString::number(fx.view->ids().size()).left(1)));
    // Only the first kMaxSpans spans are drawn, and the view says so.
    QVERIFY(fx.view->spans()->toPlainText().contains(u"are shown"_s));
}

void TestPlaygroundView::countsAndSpans() {
    Fixture fx(fixtureCmf("llama2"));
    QVERIFY(waitIdle(*fx.view));
    // "Hello world" with <s>: [1, 15043, 3186] (cases.jsonl), 11 characters, 11 bytes.
    fx.view->setAddSpecialTokens(true);
    fx.view->setText(u"Hello world"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY((fx.view->ids() == std::vector<int32_t>{1, 15043, 3186}));
    const QString counts = fx.view->countsText();
    QVERIFY2(counts.contains(u"3 tokens"_s) && counts.contains(u"11 characters"_s) && counts.contains(u"11 bytes"_s) &&
                 counts.contains(u"3.67 bytes per token"_s),
             qPrintable(counts));
    // "é" is 2 bytes, 1 character; an emoji not in llama2's vocabulary falls back to bytes <0xF0><0x9F>...
    fx.view->setText(u"é🙂"_s);
    QVERIFY(waitIdle(*fx.view));
    QVERIFY2(fx.view->countsText().contains(u"2 characters"_s) && fx.view->countsText().contains(u"6 bytes"_s), qPrintable(fx.view->countsText()));
    const QString shown = fx.view->spans()->toPlainText();
    QVERIFY2(shown.contains(u"<0xF0>"_s), qPrintable(shown));
    QVERIFY(shown.contains(u"<s>"_s));
}

void TestPlaygroundView::filePageAndColours() {
    QCOMPARE(FilePage::viewFromName(u"playground"_s), std::optional(FilePage::View::Playground));
    QCOMPARE(FilePage::viewName(FilePage::View::Playground), u"playground"_s);
    JobRunner jobs;
    Services s;
    s.jobs = &jobs;
    FilePage page(CmfDocument::open(QStringLiteral(CMF_DEMO_MODEL)), s);
    QVERIFY(page.showView(FilePage::View::Playground));
    QVERIFY(page.view<PlaygroundView>(FilePage::View::Playground));
    QVERIFY(jobs.waitForAll(60000));
    // The tree lists it under Tokenizer.
    const auto found = page.navigation()->findItems(u"Playground"_s, Qt::MatchRecursive | Qt::MatchExactly);
    QCOMPARE(found.size(), 1);
    QVERIFY(found.front()->parent() && found.front()->parent()->text(0) == u"Tokenizer"_s);
    // Span colours: text readable on every background, light and dark (WCAG contrast >= 4.5).
    using cmftest::contrast;
    for (const bool dark : {false, true}) {
        const TokenColors c = tokenColors(dark);
        QVERIFY(c.normal.size() >= 2);
        for (const QColor& bg : c.normal) QVERIFY2(contrast(bg, c.text) >= 4.5, qPrintable(bg.name()));
        for (const QColor& bg : {c.special, c.added, c.byte}) QVERIFY2(contrast(bg, c.markText) >= 4.5, qPrintable(bg.name()));
    }
}

QTEST_MAIN(TestPlaygroundView)
#include "tst_playground_view.moc"
