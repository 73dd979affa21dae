// `cmf serve` as a user runs it (QProcess): --port 0 prints the bound
// address as stdout's first line, SIGTERM and Ctrl-C (also mid-reply) stop
// it with exit 0 and free the port, a non-loopback address without a key is
// warned about, CMF_API_KEY is honoured, and bad usage exits 2.
#include "reference_models.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>
#include <arpa/inet.h>
#include <csignal>
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

bool portFree(int port) {
    httplib::Server s;
    const bool ok = s.bind_to_port("127.0.0.1", port);
    return ok;
}

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
