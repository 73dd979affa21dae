// The chat window on the demo model, offscreen, checked against the CLI:
// a greedy reply equals `cmf run --chat --greedy`'s text, Stop ends a reply
// mid-way as "cancelled", Regenerate repeats the greedy reply, the code skill
// answers as `cmf run --skill code` does, Edit-and-resend replaces the last
// turn, a saved conversation reloads equal, the template preview equals
// `cmf template --add-generation-prompt`, and closing mid-reply returns at once.
#include "chat/chat_settings_panel.h"
#include "chat/chat_view.h"
#include "chat/conversation_file.h"
#include "chat/conversation_store.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QDir>
#include <QStandardPaths>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

#include <nlohmann/json.hpp>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

constexpr int kTokens = 24; // max tokens in the window and --n for the CLI

QByteArray runCmf(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(CMF_BIN), args);
    if (!p.waitForFinished(120000) || p.exitCode() != 0) {
        qWarning() << "cmf" << args << "failed:" << p.readAllStandardError();
        return {};
    }
    return p.readAllStandardOutput();
}

// `cmf run FILE --prompt P --chat --greedy --n N --json`'s "text".
std::string cliReply(const QString& prompt, const QStringList& extra = {}) {
    const auto out = runCmf(QStringList{u"run"_s, QStringLiteral(CMF_DEMO_MODEL), u"--prompt"_s, prompt, u"--chat"_s, u"--greedy"_s, u"--n"_s,
                                        QString::number(kTokens), u"--json"_s} + extra);
    const auto j = nlohmann::json::parse(out.toStdString(), nullptr, false);
    return j.is_object() && j["text"].is_string() ? j["text"].get<std::string>() : std::string("<cmf run failed>");
}

void writeFile(const QString& path, const std::string& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(text));
}

} // namespace

class TstChatView : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<ChatView> view_;
    QTemporaryDir data_; // the chat data folder (history, presets): the test's own

    bool waitIdle(int ms = 60000) {
        return QTest::qWaitFor([&] { return !view_->controller()->isBusy(); }, ms);
    }
    void send(const QString& text) {
        view_->input()->setPlainText(text);
        QVERIFY(view_->sendButton()->isEnabled());
        QTest::mouseClick(view_->sendButton(), Qt::LeftButton);
        QVERIFY(view_->controller()->isBusy());
        QVERIFY(waitIdle());
    }
    const ChatMessage& last() const { return view_->controller()->messages().back(); }

private Q_SLOTS:
    void initTestCase() { setChatDataDirectory(data_.path()); }
    void init() {
        view_ = std::make_unique<ChatView>(QStringLiteral(CMF_DEMO_MODEL));
        view_->show();
        QVERIFY(QTest::qWaitFor([&] { return view_->controller()->isLoaded(); }, 60000));
        ChatSettings s = view_->settingsPanel()->settings();
        s.sampling.greedy = true;
        s.maxTokens = kTokens;
        view_->settingsPanel()->setSettings(s);
        QCOMPARE(view_->controller()->settings().maxTokens, uint32_t(kTokens));
    }
    void cleanup() { view_.reset(); }

    void greedyReplyEqualsCli() {
        const QString prompt = u"What does the word anchor mean?"_s;
        QSignalSpy deltas(view_->controller(), &ChatController::delta);
        send(prompt);
        QVERIFY(deltas.count() > 1); // it streamed
        QCOMPARE(view_->controller()->messages().size(), size_t(2));
        const std::string expected = cliReply(prompt);
        QCOMPARE(last().text, expected);
        QCOMPARE(last().stats["tokens"].get<int>(), kTokens);
        QCOMPARE(last().stats["finish"].get<std::string>(), std::string("length"));
        QVERIFY(last().stats["ttft_s"].is_number());
        QVERIFY(last().stats["decode_tok_s"].get<double>() > 0);
        // The stats line is in the transcript.
        QVERIFY2(view_->transcript()->toPlainText().contains(u"finish: length"_s), qPrintable(view_->transcript()->toPlainText()));
        QVERIFY(view_->settingsPanel()->contextMeter()->value() > 0);
    }

    void stopHaltsMidReply() {
        const QString prompt = u"What does the word anchor mean?"_s;
        view_->controller()->setPacing(40); // slow enough that Stop lands mid-reply
        int seen = 0;
        connect(view_->controller(), &ChatController::delta, this, [&] {
            if (++seen == 1) QTest::mouseClick(view_->stopButton(), Qt::LeftButton);
        });
        view_->input()->setPlainText(prompt);
        view_->sendInput();
        QVERIFY(waitIdle());
        QCOMPARE(last().stats["finish"].get<std::string>(), std::string("cancelled"));
        const std::string full = cliReply(prompt);
        QVERIFY(!last().text.empty());
        QVERIFY(last().text.size() < full.size());
        QVERIFY(full.rfind(last().text, 0) == 0); // a prefix of the greedy reply
        // Within one token: the one streamed when Stop was pressed, at most one more.
        QVERIFY2(last().stats["tokens"].get<int>() <= 2, last().stats.dump().c_str());
    }

    // Speculative decoding from the panel: prompt lookup gives the same
    // greedy reply, and its acceptance is in the reply's stats line; the demo
    // has no MTP head, so MTP is not offered.
    void promptLookupKeepsTheReply() {
        const QString prompt = u"Repeat after me: the cat sat on the mat, the cat sat on the mat."_s;
        send(prompt);
        const std::string plain = last().text;
        auto* box = view_->settingsPanel()->draftBox();
        QCOMPARE(box->findData(u"mtp"_s), -1);
        box->setCurrentIndex(box->findData(u"lookup"_s));
        QCOMPARE(view_->controller()->settings().draft, std::string("lookup"));
        QTest::mouseClick(view_->regenerateButton(), Qt::LeftButton);
        QVERIFY(waitIdle());
        QCOMPARE(last().text, plain);
        QCOMPARE(last().stats["draft"].get<std::string>(), std::string("lookup"));
        // The demo is compute-bound (its prefill costs about what decode does per
        // token), so drafting may pause before any block: the count is there,
        // whatever it is (cmf run --draft-pace acceptance, tst_cli, pins drafting on).
        QVERIFY(last().stats.contains("drafted"));
        QVERIFY2(view_->transcript()->toPlainText().contains(u"lookup drafts: "_s), qPrintable(view_->transcript()->toPlainText()));
        // The choice is part of the settings a saved conversation carries.
        QCOMPARE(ChatSettings::fromJson(view_->controller()->settings().toJson()).draft, std::string("lookup"));
    }

    void regenerateRepeatsGreedyReply() {
        send(u"What does the word anchor mean?"_s);
        const std::string first = last().text;
        QVERIFY(view_->regenerateButton()->isEnabled());
        QTest::mouseClick(view_->regenerateButton(), Qt::LeftButton);
        QVERIFY(view_->controller()->isBusy());
        QVERIFY(waitIdle());
        QCOMPARE(view_->controller()->messages().size(), size_t(2));
        QCOMPARE(last().text, first);
        QCOMPARE(last().stats["finish"].get<std::string>(), std::string("length"));
    }

    void codeSkillEqualsCli() {
        auto* box = view_->settingsPanel()->skillBox();
        const int i = box->findData(u"code"_s);
        QVERIFY(i > 0);
        box->setCurrentIndex(i);
        QCOMPARE(view_->controller()->settings().skill, std::string("code"));
        const QString prompt = u"Write a Python function that adds two numbers."_s;
        send(prompt);
        QCOMPARE(last().stats["skill"].get<std::string>(), std::string("code"));
        QCOMPARE(last().text, cliReply(prompt, {u"--skill"_s, u"code"_s}));
        QVERIFY(last().text != cliReply(prompt)); // the skill changes the reply
        // Auto: the reply is labelled with the chosen record and the energies.
        box->setCurrentIndex(box->findData(u"auto"_s));
        send(prompt);
        QVERIFY(last().stats["energies"].is_array() && last().stats["energies"].size() >= 2);
        QVERIFY(view_->transcript()->toPlainText().contains(u"auto → "_s));
        // Auto routes the user's last message, as `cmf explain --prompt` scores it — not the templated
        // conversation, whose system turn and markup would outweigh a short question.
        const QString question = u"def add(a, b):"_s;
        send(question);
        const auto explained = nlohmann::json::parse(
            runCmf({u"explain"_s, QStringLiteral(CMF_DEMO_MODEL), u"--prompt"_s, question, u"--json"_s}).toStdString());
        QCOMPARE(last().stats["energies"].size(), explained["energies"].size());
        for (size_t i = 0; i < explained["energies"].size(); ++i) {
            QCOMPARE(last().stats["energies"][i]["id"].get<std::string>(), explained["energies"][i]["id"].get<std::string>());
            QCOMPARE(last().stats["energies"][i]["energy"].get<double>(), explained["energies"][i]["energy"].get<double>());
        }
        QCOMPARE(last().stats["skill"].get<std::string>(), explained["chosen"].is_string() ? explained["chosen"].get<std::string>() : std::string());
    }

    void editAndResend() {
        send(u"What does the word anchor mean?"_s);
        view_->editLast();
        QCOMPARE(view_->input()->toPlainText(), u"What does the word anchor mean?"_s);
        const QString edited = u"What does the word harbor mean?"_s;
        view_->input()->setPlainText(edited);
        view_->sendInput();
        QVERIFY(waitIdle());
        QCOMPARE(view_->controller()->messages().size(), size_t(2));
        QCOMPARE(view_->controller()->messages()[0].text, edited.toStdString());
        QCOMPARE(last().text, cliReply(edited));
    }

    void saveAndReload() {
        QTemporaryDir dir;
        ChatSettings s = view_->settingsPanel()->settings();
        s.system = "You are terse.";
        s.sampling.repetitionPenalty = 1.1f;
        s.task = "chat";
        view_->settingsPanel()->setSettings(s);
        send(u"What does the word anchor mean?"_s);
        const QString path = dir.path() + u"/c.json"_s;
        view_->saveTo(path);
        const auto saved = loadConversation(path);
        QVERIFY(!saved.modelDirHash.isEmpty());
        QCOMPARE(saved.modelDirHash, modelDirHash(QStringLiteral(CMF_DEMO_MODEL)));
        const auto messages = view_->controller()->messages();
        const auto settings = view_->controller()->settings();
        view_.reset();
        view_ = std::make_unique<ChatView>(QStringLiteral(CMF_DEMO_MODEL));
        QVERIFY(QTest::qWaitFor([&] { return view_->controller()->isLoaded(); }, 60000));
        QVERIFY(view_->controller()->messages().empty());
        view_->loadFrom(path);
        QVERIFY(view_->controller()->messages() == messages);
        QCOMPARE(view_->controller()->settings().toJson().dump(), settings.toJson().dump());
        QCOMPARE(view_->settingsPanel()->settings().toJson().dump(), settings.toJson().dump());
        QVERIFY(view_->transcript()->toPlainText().contains(QString::fromStdString(messages.back().text).left(10)));
    }

    void previewEqualsCmfTemplate() {
        QTemporaryDir dir;
        send(u"What does the word anchor mean?"_s);
        const QString pending = u"And the word ship?"_s;
        view_->input()->setPlainText(pending);
        view_->updatePreview();
        nlohmann::ordered_json msgs = nlohmann::ordered_json::array();
        for (const auto& m : view_->controller()->messages()) msgs.push_back({{"role", m.role}, {"content", m.text}});
        msgs.push_back({{"role", "user"}, {"content", pending.toStdString()}});
        writeFile(dir.path() + u"/m.json"_s, msgs.dump());
        writeFile(dir.path() + u"/ctx.json"_s, R"({"enable_thinking": false})");
        const QByteArray cli = runCmf({u"template"_s, QStringLiteral(CMF_DEMO_MODEL), u"--messages"_s, dir.path() + u"/m.json"_s, u"--context"_s,
                                       dir.path() + u"/ctx.json"_s, u"--add-generation-prompt"_s});
        QVERIFY(!cli.isEmpty());
        QCOMPARE(view_->previewText(), QString::fromUtf8(cli));
        // The token count is the prompt `cmf run --chat` evaluates for a one-turn conversation.
        view_->controller()->clear();
        view_->input()->setPlainText(u"What does the word anchor mean?"_s);
        view_->updatePreview();
        const auto run = nlohmann::json::parse(runCmf({u"run"_s, QStringLiteral(CMF_DEMO_MODEL), u"--prompt"_s, u"What does the word anchor mean?"_s,
                                                       u"--chat"_s, u"--n"_s, u"1"_s, u"--json"_s})
                                                   .toStdString());
        QCOMPARE(view_->previewTokens(), int(run["prompt_ids"].size()));
    }

    void saveStartsInTheDocumentsFolder() {
        const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString path = view_->defaultSavePath(u".json"_s);
        QCOMPARE(QFileInfo(path).absolutePath(), QDir(docs.isEmpty() ? QDir::homePath() : docs).absolutePath());
        QVERIFY2(QFileInfo(path).fileName().startsWith(u"tiny-chat chat "_s) && path.endsWith(u".json"_s), qPrintable(path));
    }

    void clearResetsTheMeterAndTheNotice() {
        send(u"What is 2 + 3?"_s);
        QVERIFY(view_->settingsPanel()->contextMeter()->value() > 0);
        view_->statusLabel()->setText(u"The conversation is longer than the context: the oldest 3 messages were left out"_s);
        QTest::mouseClick(view_->clearButton(), Qt::LeftButton);
        QVERIFY(view_->controller()->messages().empty());
        QCOMPARE(view_->settingsPanel()->contextMeter()->value(), 0);
        QVERIFY(view_->statusLabel()->text().isEmpty());
    }

    void escStopsAReply() {
        view_->controller()->setPacing(200);
        view_->input()->setPlainText(u"What does the word anchor mean?"_s);
        view_->sendInput();
        QVERIFY(QTest::qWaitFor([&] { return !last().text.empty(); }, 30000));
        QTest::keyClick(view_->input(), Qt::Key_Escape);
        QVERIFY(waitIdle(5000));
        QCOMPARE(last().stats["finish"].get<std::string>(), std::string("cancelled"));
    }

    void buttonsStayPutWhileGeneratingAndEditing() {
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
        // A notice of three lines is replaced by the one-line "Generating…" when the reply starts.
        view_->statusLabel()->setText(u"first line\nsecond line\nthird line"_s);
        QTest::qWait(20);
        const QPoint stop = view_->stopButton()->mapTo(view_.get(), QPoint()), regen = view_->regenerateButton()->mapTo(view_.get(), QPoint());
        view_->controller()->setPacing(100);
        view_->input()->setPlainText(u"What is 4 + 4?"_s);
        view_->sendInput();
        QVERIFY(view_->controller()->isBusy());
        QTest::qWait(50); // "Generating…" is in the status line now
        QVERIFY(!view_->statusLabel()->text().isEmpty());
        QCOMPARE(view_->stopButton()->mapTo(view_.get(), QPoint()), stop); // Stop is where Send was clicked beside
        view_->controller()->stop();
        QVERIFY(waitIdle());
        view_->controller()->setPacing(0);
        view_->editLast(); // "Send" reads "Resend edited" now
        QCOMPARE(view_->sendButton()->text(), u"Resend edited"_s);
        QCOMPARE(view_->regenerateButton()->mapTo(view_.get(), QPoint()), regen);
        QCOMPARE(view_->stopButton()->mapTo(view_.get(), QPoint()), stop);
    }

    void closingMidReplyStopsAtOnce() {
        view_->controller()->setPacing(200); // a 24-token reply would take ~5 s
        view_->input()->setPlainText(u"What does the word anchor mean?"_s);
        view_->sendInput();
        QVERIFY(QTest::qWaitFor([&] { return !last().text.empty(); }, 30000));
        QElapsedTimer t;
        t.start();
        view_->close();
        view_.reset(); // cancel + join
        QVERIFY2(t.elapsed() < 1500, qPrintable(QString::number(t.elapsed())));
    }
};

QTEST_MAIN(TstChatView)
#include "tst_chat_view.moc"
