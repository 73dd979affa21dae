// `cmf serve` as a user runs it (QProcess): --port 0 prints the bound
// address as stdout's first line, SIGTERM and Ctrl-C (also mid-reply) stop
// it with exit 0 and free the port, a non-loopback address without a key is
// warned about, CMF_API_KEY is honoured, and bad usage exits 2.
#include "port_check.h"
#include "reference_models.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>
#include <arpa/inet.h>
#include <csignal>
#include <filesystem>
#include <set>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <httplib.h>
#include <nlohmann/json.hpp>
#include <thread>

namespace {

QString tinyChat() { return QString::fromStdString(cmftest::converted("tiny-chat", "f32")); }

// Starts `cmf serve FILE --port 0 ARGS` and returns the port from its first line (0 on failure).
int startServe(QProcess& p, const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CMF_BIN), QStringList{"serve", tinyChat(), "--port", "0"} + args);
    if (!p.waitForStarted(10000)) return 0;
    while (!p.canReadLine())
        if (!p.waitForReadyRead(20000)) return 0;
    const QString line = QString::fromUtf8(p.readLine()).trimmed();
    if (!line.startsWith("http://127.0.0.1:") && !line.startsWith("http://0.0.0.0:")) return 0;
    return line.section(':', 2).toInt();
}

int stopWith(QProcess& p, int sig) {
    ::kill(pid_t(p.processId()), sig);
    if (!p.waitForFinished(20000)) return -1;
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

using cmftest::portFree;

} // namespace

class TestServeCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void addressFirstThenSigtermExitsZero() {
        QProcess p;
        const int port = startServe(p, {"--quiet"});
        QVERIFY(port > 0);
        httplib::Client c("127.0.0.1", port);
        auto r = c.Get("/health");
        QVERIFY(r);
        QCOMPARE(r->status, 200);
        QCOMPARE(stopWith(p, SIGTERM), 0);
        QVERIFY(portFree(port));
    }

    // Ctrl-C while a reply streams: the reply is cut, the process exits 0.
    void sigintMidReplyExitsZero() {
        QProcess p;
        const int port = startServe(p, {});
        QVERIFY(port > 0);
        std::atomic<int> chunks{0};
        std::thread streaming([&] {
            httplib::Client c("127.0.0.1", port);
            c.set_read_timeout(60, 0);
            httplib::Request req;
            req.method = "POST";
            req.path = "/v1/chat/completions";
            req.body = nlohmann::json{{"messages", {{{"role", "user"}, {"content", "Tell me about the sea."}}}},
                                      {"max_tokens", 2000}, {"ignore_eos", true}, {"stream", true}, {"temperature", 0}}
                           .dump();
            req.set_header("Content-Type", "application/json");
            req.content_receiver = [&](const char*, size_t, uint64_t, uint64_t) {
                ++chunks;
                std::this_thread::sleep_for(std::chrono::milliseconds(2)); // a slow reader: the reply is still running at the signal
                return true;
            };
            c.send(req);
        });
        for (int i = 0; i < 1000 && chunks < 5; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        QVERIFY(chunks >= 5);
        QCOMPARE(stopWith(p, SIGINT), 0);
        streaming.join();
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains("cancelled"), qPrintable(err));
        QVERIFY(portFree(port));
    }

    void nonLoopbackWithoutKeyWarns() {
        {
            QProcess p;
            QVERIFY(startServe(p, {"--host", "0.0.0.0"}) > 0);
            QCOMPARE(stopWith(p, SIGTERM), 0);
            const QString err = QString::fromUtf8(p.readAllStandardError());
            QVERIFY2(err.contains("WARNING") && err.contains("without an API key"), qPrintable(err));
        }
        {
            QProcess p;
            QVERIFY(startServe(p, {"--host", "0.0.0.0", "--api-key", "k"}) > 0);
            QCOMPARE(stopWith(p, SIGTERM), 0);
            QVERIFY(!QString::fromUtf8(p.readAllStandardError()).contains("WARNING"));
        }
        // Loopback without a key: no warning either.
        QProcess p;
        QVERIFY(startServe(p, {}) > 0);
        QCOMPARE(stopWith(p, SIGTERM), 0);
        QVERIFY(!QString::fromUtf8(p.readAllStandardError()).contains("WARNING"));
    }

    void keyFromTheEnvironment() {
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("CMF_API_KEY", "from-env");
        QProcess p;
        const int port = startServe(p, {"--quiet"}, env);
        QVERIFY(port > 0);
        httplib::Client c("127.0.0.1", port);
        QCOMPARE(c.Get("/v1/models")->status, 401);
        c.set_bearer_token_auth("from-env");
        QCOMPARE(c.Get("/v1/models")->status, 200);
        QCOMPARE(stopWith(p, SIGTERM), 0);
    }

    // skill auto: the reply carries the routing decision and every record's
    // energy, the same as `cmf run --skill auto --json` gives for the prompt,
    // and the same text. The file gets its subspaces from `cmf skill add`
    // (the code donor of tests/data, the backbone's own record from chat).
    void skillAutoReportsTheRouting() {
        const std::string dir = cmftest::tempDir();
        const std::string grown = dir + "/routed.cmf";
        std::filesystem::copy_file(cmftest::converted("tiny-chat", "f32"), grown, std::filesystem::copy_options::overwrite_existing);
        QProcess add;
        add.start(QStringLiteral(CMF_BIN),
                  {"skill", "add", QString::fromStdString(grown), "--from", QString::fromStdString(cmftest::dataPath("models/tiny-chat-code")),
                   "--id", "code", "--prompts", QString::fromStdString(cmftest::dataPath("models/heldout_code.txt")), "--backbone-prompts",
                   QString::fromStdString(cmftest::dataPath("models/heldout_chat.txt")), "--prompts-format", "paragraphs", "--quality",
                   QString::fromStdString(cmftest::dataPath("models/heldout_code.txt"))});
        QVERIFY(add.waitForFinished(300000));
        QVERIFY2(add.exitCode() == 0, add.readAllStandardError().constData());

        QProcess p;
        p.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
        p.start(QStringLiteral(CMF_BIN), {"serve", QString::fromStdString(grown), "--port", "0", "--quiet"});
        QVERIFY(p.waitForStarted(10000));
        while (!p.canReadLine()) QVERIFY(p.waitForReadyRead(20000));
        const int port = QString::fromUtf8(p.readLine()).trimmed().section(':', 2).toInt();
        httplib::Client c("127.0.0.1", port);
        c.set_read_timeout(60, 0);
        std::set<std::string> routedTo;
        // The first 400 bytes of the code and the chat texts the subspaces came from.
        const auto head = [](const std::string& rel) {
            const auto bytes = cmftest::readBytes(cmftest::dataPath(rel));
            return std::string(bytes.begin(), bytes.begin() + 400);
        };
        for (const std::string& prompt : {head("models/heldout_code.txt"), head("models/heldout_chat.txt")}) {
            const nlohmann::json body = {{"messages", {{{"role", "user"}, {"content", prompt}}}}, {"temperature", 0}, {"max_tokens", 16}, {"skill", "auto"}};
            auto r = c.Post("/v1/chat/completions", body.dump(), "application/json");
            QVERIFY(r);
            QCOMPARE(r->status, 200);
            const auto j = nlohmann::json::parse(r->body);
            QProcess run;
            run.start(QStringLiteral(CMF_BIN), {"run", QString::fromStdString(grown), "--chat", "--prompt", QString::fromStdString(prompt),
                                                 "--skill", "auto", "--greedy", "--n", "16", "--json"});
            QVERIFY(run.waitForFinished(60000));
            const auto want = nlohmann::json::parse(run.readAllStandardOutput().toStdString());
            QCOMPARE(j["choices"][0]["message"]["content"].get<std::string>(), want["text"].get<std::string>());
            JCOMPARE(j["cmf"]["skill"], want["skill"]);
            const auto& energies = j["cmf"]["routing"]["energies"];
            QCOMPARE(energies.size(), want["energies"].size());
            QVERIFY(energies.size() == 2); // the code skill and the backbone's own record
            for (size_t i = 0; i < energies.size(); ++i) {
                JCOMPARE(energies[i]["id"], want["energies"][i]["id"]);
                QCOMPARE(energies[i]["energy"].get<double>(), want["energies"][i]["energy"].get<double>());
            }
            const bool backbone = j["cmf"]["routing"]["backbone"].get<bool>();
            QCOMPARE(j["cmf"]["skill"].is_null(), backbone);
            routedTo.insert(backbone ? "backbone" : j["cmf"]["skill"].get<std::string>());
        }
        // The two prompts route apart: the decision is the prompt's, not a constant.
        QCOMPARE(routedTo, (std::set<std::string>{"backbone", "code"}));
        // A per-request blend: every record weighted by softmax(-E/T), as `cmf run --blend` does it.
        const std::string prompt = head("models/heldout_code.txt");
        const nlohmann::json body = {{"messages", {{{"role", "user"}, {"content", prompt}}}}, {"temperature", 0}, {"max_tokens", 16},
                                     {"skill", "auto"}, {"blend", 0.5}};
        auto r = c.Post("/v1/chat/completions", body.dump(), "application/json");
        QVERIFY(r);
        const auto j = nlohmann::json::parse(r->body);
        QCOMPARE(j["cmf"]["skill"].get<std::string>(), std::string("blend"));
        QProcess run;
        run.start(QStringLiteral(CMF_BIN), {"run", QString::fromStdString(grown), "--chat", "--prompt", QString::fromStdString(prompt), "--skill",
                                             "auto", "--blend", "0.5", "--greedy", "--n", "16", "--json"});
        QVERIFY(run.waitForFinished(60000));
        QCOMPARE(j["choices"][0]["message"]["content"].get<std::string>(),
                 nlohmann::json::parse(run.readAllStandardOutput().toStdString())["text"].get<std::string>());
        QCOMPARE(stopWith(p, SIGTERM), 0);
    }

    void badUsageExitsTwo() {
        const auto run = [](const QStringList& args) {
            QProcess p;
            p.start(QStringLiteral(CMF_BIN), args);
            p.waitForFinished(60000);
            return std::make_pair(p.exitCode(), QString::fromUtf8(p.readAllStandardError()));
        };
        auto [code, err] = run({"serve", tinyChat(), "--port", "0", "--task", "nope"});
        QCOMPARE(code, 2);
        QVERIFY2(err.contains("'nope'"), qPrintable(err));
        std::tie(code, err) = run({"serve", tinyChat(), "--port", "70000"});
        QCOMPARE(code, 2);
        // A port in use.
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
        QCOMPARE(::listen(fd, 1), 0);
        socklen_t len = sizeof addr;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
        const int port = ntohs(addr.sin_port);
        std::tie(code, err) = run({"serve", tinyChat(), "--port", QString::number(port)});
        QCOMPARE(code, 2);
        QVERIFY2(err.contains("cannot listen on 127.0.0.1:" + QString::number(port)), qPrintable(err));
        ::close(fd);
        QProcess help;
        help.start(QStringLiteral(CMF_BIN), {"serve", "--help"});
        help.waitForFinished(10000);
        QCOMPARE(help.exitCode(), 0);
        const QString text = QString::fromUtf8(help.readAllStandardOutput());
        for (const char* opt : {"--host", "--port", "--api-key", "--ctx", "--threads", "--parallel", "--task", "--skill", "--draft", "--draft-max"})
            QVERIFY2(text.contains(opt), opt);
    }
};

QTEST_GUILESS_MAIN(TestServeCli)
#include "tst_serve_cli.moc"
