// Issue 25: the chat window keeps its conversations and branches.
//   - a conversation survives closing the window: a new window lists it in
//     the history sidebar and opening it restores the messages exactly;
//   - search (titles and message text), rename (on disk too), delete (after
//     the confirmation; Cancel keeps it);
//   - switching while a reply runs is refused and corrupts nothing;
//   - editing a middle message makes a branch: the old branch comes back by
//     the transcript's "‹" link with its original continuation exactly, and
//     both branches save and reload;
//   - presets save, apply and survive a restart; Default is the file's defaults.
// Greedy replies on the demo model, in a temporary data folder.
#include "gui_checks.h"
#include "chat/chat_preset_bar.h"
#include "chat/chat_settings_panel.h"
#include "chat/chat_view.h"
#include "chat/conversation_file.h"
#include "chat/conversation_store.h"
#include "chat/history_sidebar.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>

using namespace cmfw;
using namespace Qt::StringLiterals;
using cmftest::clickLink;
using cmftest::contrast;

namespace {

constexpr int kTokens = 16;

// Answers the next message box with `button`, once it is shown.
void answerNextMessageBox(QMessageBox::StandardButton button) {
    QTimer::singleShot(0, [button] {
        QTRY_VERIFY(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()));
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        box->button(button)->click();
    });
}

} // namespace

class TstChatHistory : public QObject {
    Q_OBJECT
    std::unique_ptr<QTemporaryDir> data_;
    std::unique_ptr<ChatView> view_;

    void open() {
        view_ = std::make_unique<ChatView>(QStringLiteral(CMF_DEMO_MODEL));
        view_->show();
        QVERIFY(QTest::qWaitFor([&] { return view_->controller()->isLoaded(); }, 60000));
        ChatSettings s = view_->settingsPanel()->settings();
        s.sampling.greedy = true;
        s.maxTokens = kTokens;
        view_->settingsPanel()->setSettings(s);
    }
    // Destroys the window (its writes finish first) and opens a new one on the same data folder.
    void restart() {
        view_.reset();
        open();
        QVERIFY(waitListed());
    }
    bool waitIdle() { return QTest::qWaitFor([&] { return !view_->controller()->isBusy(); }, 60000); }
    // The sidebar has caught up with the folder: every write and the listing after it are done.
    bool waitListed() {
        view_->history()->waitForWrites();
        // Listings done before are delivered first, so that the one caught below is the one asked for now.
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        QSignalSpy listed(view_->history(), &HistorySidebar::listed);
        view_->history()->reload();
        return listed.wait(10000);
    }
    void send(const QString& text) {
        view_->input()->setPlainText(text);
        view_->sendInput();
        QVERIFY(view_->controller()->isBusy());
        QVERIFY(waitIdle());
        QCOMPARE(view_->controller()->messages().back().role, std::string("assistant"));
    }
    const ChatMessages& messages() const { return view_->controller()->messages(); }
    QStringList files() const { return QDir(conversationsDirectory()).entryList({u"*.json"_s}, QDir::Files); }

private Q_SLOTS:
    void init() {
        data_ = std::make_unique<QTemporaryDir>();
        setChatDataDirectory(data_->path());
        open();
    }
    void cleanup() {
        view_.reset();
        data_.reset();
    }

    void survivesARestart() {
        QVERIFY(waitListed());
        QVERIFY(view_->history()->conversations().empty());
        send(u"What does the word anchor mean?"_s);
        send(u"What is 12 + 30?"_s);
        const ChatMessages before = messages();
        QCOMPARE(before.size(), size_t(4));
        restart();
        QVERIFY(messages().empty()); // a new window starts a new conversation
        const auto& listed = view_->history()->conversations();
        QCOMPARE(listed.size(), size_t(1));
        QCOMPARE(listed[0].title, u"What does the word anchor mean?"_s);
        QCOMPARE(listed[0].messages, size_t(4));
        QCOMPARE(view_->history()->list()->count(), 1);
        // Clicking it opens it.
        auto* list = view_->history()->list();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
        QVERIFY(QTest::qWaitFor([&] { return messages().size() == 4; }, 10000));
        QVERIFY(messages() == before);
        QCOMPARE(view_->conversationPath(), listed[0].path);
        // Going on appends to the same file, not a new one.
        send(u"What does the word water mean?"_s);
        QVERIFY(waitListed());
        QCOMPARE(files().size(), 1);
        QCOMPARE(loadConversation(listed[0].path).messages.size(), size_t(6));
    }

    void searchRenameDelete() {
        send(u"What does the word anchor mean?"_s);
        const std::string anchorReply = messages().back().text;
        QVERIFY(view_->newConversation());
        QVERIFY(messages().empty());
        send(u"What is 12 + 30?"_s);
        QVERIFY(waitListed());
        auto* h = view_->history();
        QCOMPARE(h->conversations().size(), size_t(2));
        QCOMPARE(h->conversations()[0].title, u"What is 12 + 30?"_s); // newest first
        QCOMPARE(h->conversations()[1].title, u"What does the word anchor mean?"_s);
        // Search: a title word, then a word only in the anchor reply's text.
        h->searchBox()->setText(u"ANCHOR"_s);
        QCOMPARE(h->shown().size(), size_t(1));
        QCOMPARE(h->list()->count(), 1);
        QString replyWord;
        for (const QString& w : QString::fromStdString(anchorReply).split(u' ', Qt::SkipEmptyParts))
            if (w.size() >= 5 && w.front().isLetter() && !w.contains(u"anchor"_s, Qt::CaseInsensitive)) {
                replyWord = w;
                break;
            }
        QVERIFY2(!replyWord.isEmpty(), anchorReply.c_str());
        h->searchBox()->setText(replyWord);
        QVERIFY(!h->shown().empty());
        QCOMPARE(h->shown()[0].title, u"What does the word anchor mean?"_s);
        h->searchBox()->setText(u"zzzz-not-said"_s);
        QCOMPARE(h->list()->count(), 0);
        h->searchBox()->clear();
        QCOMPARE(h->list()->count(), 2);
        // Rename the older one: the file says so, and the list.
        const QString older = h->conversations()[1].path;
        h->rename(older, u"Anchors"_s);
        QVERIFY(waitListed());
        QCOMPARE(loadConversation(older).title, u"Anchors"_s);
        QCOMPARE(h->conversations()[1].title, u"Anchors"_s);
        // Rename the one shown: its next autosave keeps the new title.
        const QString current = view_->conversationPath();
        QCOMPARE(current, h->conversations()[0].path);
        h->rename(current, u"Sums"_s);
        send(u"What is 2 + 3?"_s);
        QVERIFY(waitListed());
        QCOMPARE(loadConversation(current).title, u"Sums"_s);
        // Delete: Cancel keeps it, Yes removes the file.
        answerNextMessageBox(QMessageBox::Cancel);
        QVERIFY(!h->remove(older));
        QVERIFY(QFile::exists(older));
        answerNextMessageBox(QMessageBox::Yes);
        QVERIFY(h->remove(older));
        QVERIFY(waitListed());
        QVERIFY(!QFile::exists(older));
        QCOMPARE(h->conversations().size(), size_t(1));
        // Deleting the conversation shown empties the window.
        QVERIFY(h->remove(current, false));
        QVERIFY(waitListed());
        QVERIFY(messages().empty());
        QVERIFY(h->conversations().empty());
        QVERIFY(files().isEmpty());
    }

    void switchingWhileAReplyRunsIsRefused() {
        send(u"What does the word anchor mean?"_s);
        const QString first = view_->conversationPath();
        QVERIFY(view_->newConversation());
        view_->controller()->setPacing(100);
        view_->input()->setPlainText(u"What is 12 + 30?"_s);
        view_->sendInput();
        QVERIFY(view_->controller()->isBusy());
        QVERIFY(!view_->openFromHistory(first));
        QVERIFY(!view_->newConversation());
        QVERIFY(!view_->history()->newButton()->isEnabled());
        QCOMPARE(messages().size(), size_t(2));
        QCOMPARE(messages()[0].text, std::string("What is 12 + 30?"));
        view_->controller()->stop();
        QVERIFY(waitIdle());
        QVERIFY(view_->history()->newButton()->isEnabled());
        QVERIFY(waitListed());
        // Both conversations are whole on disk.
        QCOMPARE(view_->history()->conversations().size(), size_t(2));
        QCOMPARE(loadConversation(first).messages.size(), size_t(2));
        QCOMPARE(loadConversation(view_->conversationPath()).messages.size(), size_t(2));
    }

    void editingAMiddleMessageBranches() {
        send(u"What does the word anchor mean?"_s);
        send(u"What is 12 + 30?"_s);
        send(u"What does the word water mean?"_s);
        const ChatMessages original = messages();
        QCOMPARE(original.size(), size_t(6));
        // Edit message 2 (the sum) through the transcript's Edit link and resend.
        QVERIFY(clickLink(view_->transcript(), u"cmf-edit:2"_s));
        QCOMPARE(view_->input()->toPlainText(), u"What is 12 + 30?"_s);
        QCOMPARE(view_->sendButton()->text(), u"Resend edited"_s);
        view_->input()->setPlainText(u"What is 20 + 22?"_s);
        view_->sendInput();
        QVERIFY(waitIdle());
        const ChatMessages edited = messages();
        QCOMPARE(edited.size(), size_t(4));
        QCOMPARE(edited[0].text, original[0].text);
        QCOMPARE(edited[1].text, original[1].text);
        QCOMPARE(edited[2].text, std::string("What is 20 + 22?"));
        QCOMPARE(edited[2].alternatives, size_t(2));
        QCOMPARE(edited[2].alternative, size_t(1));
        QVERIFY(view_->transcript()->toPlainText().contains(u"2/2"_s));
        // The old branch comes back with its continuation exactly.
        QVERIFY(clickLink(view_->transcript(), u"cmf-branch:2/0"_s));
        QVERIFY(messages() == original);
        QCOMPARE(messages()[2].alternative, size_t(0));
        QVERIFY(view_->transcript()->toPlainText().contains(QString::fromStdString(original[5].text).left(20)));
        QVERIFY(view_->transcript()->toPlainText().contains(u"1/2"_s));
        // Regenerating the last reply of the old branch adds an alternative there (greedy: the same text).
        QVERIFY(view_->controller()->regenerateAt(5));
        QVERIFY(waitIdle());
        QCOMPARE(messages()[5].alternatives, size_t(2));
        QCOMPARE(messages()[5].text, original[5].text);
        // Both branches are saved: a new window reloads them.
        const QString path = view_->conversationPath();
        restart();
        QVERIFY(view_->openFromHistory(path));
        QVERIFY(QTest::qWaitFor([&] { return messages().size() == 6; }, 10000));
        for (size_t i = 0; i < 5; ++i) QVERIFY(messages()[i] == original[i]);
        QVERIFY(view_->controller()->switchBranch(2, 1));
        QVERIFY(messages() == edited);
        // The file still loads for a reader of the active path only: "messages" is what was shown last.
        QVERIFY(waitListed());
        QCOMPARE(loadConversation(path).messages.size(), edited.size());
    }

    void deletingAMessage() {
        send(u"What does the word anchor mean?"_s);
        send(u"What is 12 + 30?"_s);
        const ChatMessages before = messages();
        // Delete the first reply: it and the two after it on this branch go, after the question.
        answerNextMessageBox(QMessageBox::Yes);
        QVERIFY(clickLink(view_->transcript(), u"cmf-delete:1"_s));
        QCOMPARE(messages().size(), size_t(1));
        QVERIFY(messages()[0] == before[0]);
        QVERIFY(waitListed());
        QCOMPARE(loadConversation(view_->conversationPath()).messages.size(), size_t(1));
        answerNextMessageBox(QMessageBox::Cancel);
        QVERIFY(!view_->deleteMessage(0));
        QCOMPARE(messages().size(), size_t(1));
    }

    void presetsSaveAndApply() {
        auto* bar = view_->presetBar();
        auto* panel = view_->settingsPanel();
        // What a fresh window starts from is Default.
        ChatView fresh(QStringLiteral(CMF_DEMO_MODEL));
        const ChatSettings defaults = fresh.settingsPanel()->settings();
        ChatSettings s = panel->settings();
        s.system = "Answer in one sentence.";
        s.sampling.greedy = false;
        s.sampling.temperature = 0.3f;
        s.sampling.topK = 5;
        s.maxTokens = 33;
        s.ctx = 1024;
        panel->setSettings(s);
        QVERIFY(bar->saveAs(u"Terse"_s));
        QCOMPARE(bar->currentName(), u"Terse"_s);
        QVERIFY(QFile::exists(presetsPath(QStringLiteral(CMF_DEMO_MODEL), modelDirHash(QStringLiteral(CMF_DEMO_MODEL)))));
        // Default: no system prompt, the file's sampling and reply length; the context stays.
        QVERIFY(bar->apply(u"Default"_s));
        QCOMPARE(panel->settings().system, std::string());
        QCOMPARE(panel->settings().sampling.temperature, defaults.sampling.temperature);
        QCOMPARE(panel->settings().sampling.topK, defaults.sampling.topK);
        QCOMPARE(panel->settings().sampling.greedy, defaults.sampling.greedy);
        QCOMPARE(panel->settings().maxTokens, defaults.maxTokens);
        QCOMPARE(panel->settings().ctx, uint32_t(1024));
        QCOMPARE(view_->controller()->settings().system, std::string());
        // The saved one, picked from the list as a user does.
        auto* box = bar->box();
        box->setCurrentIndex(box->findText(u"Terse"_s));
        Q_EMIT box->activated(box->currentIndex());
        QCOMPARE(panel->settings().system, std::string("Answer in one sentence."));
        QCOMPARE(panel->settings().sampling.temperature, 0.3f);
        QCOMPARE(panel->settings().sampling.topK, 5);
        QCOMPARE(panel->settings().maxTokens, uint32_t(33));
        QCOMPARE(view_->controller()->settings().sampling.topK, 5);
        // A new window lists it; deleting it is for good.
        restart();
        bar = view_->presetBar();
        QCOMPARE(bar->presets().size(), size_t(1));
        QCOMPARE(bar->presets()[0].name, u"Terse"_s);
        QCOMPARE(bar->box()->count(), 2);
        QVERIFY(bar->apply(u"Terse"_s));
        QCOMPARE(view_->settingsPanel()->settings().system, std::string("Answer in one sentence."));
        QVERIFY(bar->remove(u"Terse"_s));
        restart();
        QVERIFY(view_->presetBar()->presets().empty());
        QCOMPARE(view_->presetBar()->box()->count(), 1);
    }
};

QTEST_MAIN(TstChatHistory)
#include "tst_chat_history.moc"
