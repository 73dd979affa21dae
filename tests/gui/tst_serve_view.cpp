// Tools ▸ Serve this model… on the demo model, offscreen: Start serves (the
// model loads off the GUI thread), a client's chat completion is answered
// and appears in the log with its status and tokens, the snippets name the
// bound address, Stop frees the port, and closing the window while serving
// stops the server too.
#include "port_check.h"
#include "serve/serve_view.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

#include <httplib.h>
#include <nlohmann/json.hpp>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

using cmftest::portFree;

bool startOnAnyPort(ServeView& v) {
    v.portBox()->setValue(0);
    QTest::mouseClick(v.startButton(), Qt::LeftButton);
    return QTest::qWaitFor([&] { return v.isServing(); }, 60000);
}

} // namespace

class TstServeView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void requestAppearsInTheLogAndStopFreesThePort() {
        ServeView v(QStringLiteral(CMF_DEMO_MODEL));
        v.show();
        QVERIFY2(startOnAnyPort(v), qPrintable(v.statusLabel()->text()));
        const int port = v.port();
        QVERIFY(port > 0);
        QVERIFY(!portFree(port));
        QVERIFY2(v.statusLabel()->text().contains(v.baseUrl()), qPrintable(v.statusLabel()->text()));
        for (int i = 0; i < 3; ++i) QVERIFY2(v.snippet(i)->toPlainText().contains(v.baseUrl()), qPrintable(v.snippet(i)->toPlainText()));

        nlohmann::json reply;
        {
            httplib::Client client("127.0.0.1", port);
            client.set_read_timeout(60, 0);
            const nlohmann::json body{{"model", "tiny-chat.cmf"},
                                      {"messages", {{{"role", "user"}, {"content", "What does the word anchor mean?"}}}},
                                      {"max_tokens", 8},
                                      {"temperature", 0}};
            const auto res = client.Post("/v1/chat/completions", body.dump(), "application/json");
            QVERIFY(res);
            QCOMPARE(res->status, 200);
            reply = nlohmann::json::parse(res->body);
        } // the client's connection closed
        QCOMPARE(reply["usage"]["completion_tokens"].get<int>(), 8);
        // The log row arrives through the GUI thread's event loop.
        QVERIFY(QTest::qWaitFor([&] { return v.log()->rowCount() >= 1; }, 10000));
        const int row = v.log()->rowCount() - 1;
        QVERIFY2(v.log()->item(row, 2)->text().contains(u"/v1/chat/completions"_s), qPrintable(v.log()->item(row, 2)->text()));
        QCOMPARE(v.log()->item(row, 3)->text(), u"200"_s);
        QCOMPARE(v.log()->item(row, 5)->text(), u"8"_s);
        QVERIFY(v.log()->item(row, 4)->text().toInt() > 5);

        QTest::mouseClick(v.startButton(), Qt::LeftButton); // Stop
        QVERIFY(!v.isServing());
        QVERIFY(QTest::qWaitFor([&] { return portFree(port); }, 5000));
        httplib::Client after("127.0.0.1", port);
        QVERIFY(!after.Get("/health")); // nothing answers any more
    }

    void closingTheWindowStopsTheServer() {
        auto* v = new ServeView(QStringLiteral(CMF_DEMO_MODEL));
        v->setAttribute(Qt::WA_DeleteOnClose);
        v->show();
        QVERIFY(startOnAnyPort(*v));
        const int port = v->port();
        QVERIFY(!portFree(port));
        QPointer<ServeView> alive(v);
        v->close(); // deletes it (deferred)
        QVERIFY(QTest::qWaitFor([&] { return alive.isNull(); }, 5000));
        QVERIFY(portFree(port));
    }
};

QTEST_MAIN(TstServeView)
#include "tst_serve_view.moc"
