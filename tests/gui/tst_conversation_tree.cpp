// Issue 25: a conversation with branches — editing or regenerating message i
// adds an alternative there and keeps the old continuation; switching shows
// each branch's own continuation; deleting removes a message and what
// follows on its branch; the tree saves and reloads, and a version-1 file
// (no branches, hand-written here) loads as one path.
#include "chat/conversation_file.h"
#include "chat/conversation_tree.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

ChatMessage msg(const char* role, const char* text) { return {role, text, nlohmann::json::object()}; }

std::vector<std::string> texts(const ChatMessages& m) {
    std::vector<std::string> out;
    for (const auto& x : m) out.push_back(x.text);
    return out;
}

using Texts = std::vector<std::string>;

} // namespace

class TstConversationTree : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aListIsOnePath() {
        const ConversationTree t({msg("user", "a"), msg("assistant", "A"), msg("user", "b"), msg("assistant", "B")});
        QCOMPARE(texts(t.activePath()), (Texts{"a", "A", "b", "B"}));
        QVERIFY(!t.hasBranches());
        for (const auto& m : t.activePath()) QCOMPARE(m.alternatives, size_t(1));
    }

    void editInTheMiddleKeepsTheOldContinuation() {
        ConversationTree t({msg("user", "a"), msg("assistant", "A"), msg("user", "b"), msg("assistant", "B"), msg("user", "c"), msg("assistant", "C")});
        t.branchAt(2, msg("user", "b2"));
        t.append(msg("assistant", "B2"));
        QCOMPARE(texts(t.activePath()), (Texts{"a", "A", "b2", "B2"}));
        QCOMPARE(t.activePath()[2].alternatives, size_t(2));
        QCOMPARE(t.activePath()[2].alternative, size_t(1));
        QCOMPARE(t.activePath()[1].alternatives, size_t(1));
        QVERIFY(t.switchTo(2, 0));
        QCOMPARE(texts(t.activePath()), (Texts{"a", "A", "b", "B", "c", "C"}));
        QVERIFY(t.switchTo(2, 1));
        QCOMPARE(texts(t.activePath()), (Texts{"a", "A", "b2", "B2"}));
        QVERIFY(!t.switchTo(2, 2));
        QVERIFY(!t.switchTo(9, 0));
        // A regenerated reply on the edited branch: three levels of alternatives, each remembered.
        t.branchAt(3, msg("assistant", "B2'"));
        QCOMPARE(texts(t.activePath()), (Texts{"a", "A", "b2", "B2'"}));
        QVERIFY(t.switchTo(2, 0));
        QVERIFY(t.switchTo(2, 1));
        QCOMPARE(texts(t.activePath()), (Texts{"a", "A", "b2", "B2'"})); // the branch keeps the reply it showed last
    }

    void deleteRemovesWhatFollowsOnThatBranch() {
        ConversationTree t({msg("user", "a"), msg("assistant", "A"), msg("user", "b"), msg("assistant", "B")});
        t.branchAt(2, msg("user", "b2"));
        t.append(msg("assistant", "B2"));
        QCOMPARE(t.subtreeSize(2), size_t(2));
        QCOMPARE(t.removeAt(2), size_t(2)); // b2 and B2
        QCOMPARE(texts(t.activePath()), (Texts{"a", "A", "b", "B"})); // the other alternative takes its place
        QCOMPARE(t.activePath()[2].alternatives, size_t(1));
        QCOMPARE(t.nodeCount(), size_t(4));
        QCOMPARE(t.removeAt(1), size_t(3));
        QCOMPARE(texts(t.activePath()), (Texts{"a"}));
        QCOMPARE(t.removeAt(0), size_t(1));
        QVERIFY(t.empty());
    }

    void savesAndReloadsEveryBranch() {
        ConversationTree t({msg("user", "a"), msg("assistant", "A"), msg("user", "b"), msg("assistant", "B")});
        t.branchAt(0, msg("user", "a2"));
        t.append({"assistant", "A2", nlohmann::json{{"finish", "stop"}}});
        t.switchTo(0, 0);
        QTemporaryDir dir;
        const QString path = dir.path() + u"/c.json"_s;
        Conversation c;
        c.modelPath = u"/models/m.cmf"_s;
        c.modelDirHash = u"0123456789abcdef"_s;
        c.messages = t.activePath();
        c.tree = t;
        c.title = u"Named"_s;
        c.created = QDateTime::currentDateTimeUtc();
        saveConversation(c, path);
        const Conversation back = loadConversation(path);
        QCOMPARE(texts(back.messages), (Texts{"a", "A", "b", "B"}));
        QCOMPARE(back.title, u"Named"_s);
        QVERIFY(back.tree.hasBranches());
        ConversationTree u = back.tree;
        QVERIFY(u.switchTo(0, 1));
        QCOMPARE(texts(u.activePath()), (Texts{"a2", "A2"}));
        QCOMPARE(u.activePath()[1].stats["finish"].get<std::string>(), std::string("stop"));
        // "messages" holds the path shown, for a reader that knows no branches.
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto j = nlohmann::json::parse(f.readAll().toStdString());
        QCOMPARE(j["messages"].size(), size_t(4));
        QCOMPARE(j["messages"][0]["content"].get<std::string>(), std::string("a"));
    }

    void aVersionOneFileLoadsAsOnePath() {
        QTemporaryDir dir;
        const QString path = dir.path() + u"/v1.json"_s;
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "cmf-workbench-chat", "version": 1,
                   "model": {"path": "/m.cmf", "dir_hash": ""},
                   "settings": {"system": "Be brief."},
                   "messages": [{"role": "user", "content": "hi"},
                                {"role": "assistant", "content": "hello", "stats": {"finish": "stop"}}]})");
        f.close();
        const Conversation c = loadConversation(path);
        QCOMPARE(texts(c.messages), (Texts{"hi", "hello"}));
        QVERIFY(!c.tree.hasBranches());
        QCOMPARE(texts(c.tree.activePath()), (Texts{"hi", "hello"}));
        QCOMPARE(c.settings.system, std::string("Be brief."));
        QCOMPARE(conversationTitle(c), u"hi"_s); // no title: the first user message
    }

    // A conversation as long as tst_chat_limits' (10,000 messages) is made, branched and switched at once:
    // building it walks it once, not once per message.
    void aLongConversationIsQuick() {
        ChatMessages m;
        for (int i = 0; i < 10000; ++i) m.push_back({i % 2 ? "assistant" : "user", "message " + std::to_string(i), nlohmann::json::object()});
        QElapsedTimer t;
        t.start();
        ConversationTree tree(m);
        tree.branchAt(5000, msg("user", "edited"));
        QCOMPARE(tree.activePath().size(), size_t(5001));
        QVERIFY(tree.switchTo(5000, 0));
        const ChatMessages back = tree.activePath();
        const qint64 ms = t.elapsed();
        QCOMPARE(back.size(), size_t(10000));
        QCOMPARE(back[9999].text, std::string("message 9999"));
        qInfo("10,000 messages: built, branched at 5,000 and switched back in %lld ms", static_cast<long long>(ms));
        QVERIFY2(ms < 1000, qPrintable(QString::number(ms)));
    }

    void aMalformedTreeIsRefused() {
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 ConversationTree::fromJson(nlohmann::json::parse(R"({"nodes": [{"parent": 1, "role": "user", "content": "x"}]})")));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, ConversationTree::fromJson(nlohmann::json::parse(
                                                         R"({"nodes": [{"parent": -1, "role": "user", "content": "x", "active": 3},
                                                                       {"parent": 0, "role": "assistant", "content": "y"}]})")));
    }
};

QTEST_MAIN(TstConversationTree)
#include "tst_conversation_tree.moc"
