#pragma once
// Tools ▸ Serve this model…: the workbench side of `cmf serve` (the same
// cmf::server::Server, on its own threads). Start and stop it with a host,
// port, key and slots; while it runs, a live log of the requests it answered
// (client, tokens in and out, tokens/s, status), its counters, and
// copyable curl / Python / JavaScript snippets for the address it serves.
// Closing the window stops the server and frees the port.
#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;
class QTimer;

namespace cmf::engine {
class Model;
}
namespace cmf::server {
class Server;
struct RequestRecord;
} // namespace cmf::server

namespace cmfw {

class ServeView : public QWidget {
    Q_OBJECT
public:
    explicit ServeView(const QString& modelPath, QWidget* parent = nullptr);
    ~ServeView() override;

    bool isServing() const;
    int port() const;        // the bound port while serving (0 = none)
    QString baseUrl() const; // http://HOST:PORT/v1 while serving

    QLineEdit* hostEdit() const { return host_; }
    QSpinBox* portBox() const { return port_; }
    QLineEdit* keyEdit() const { return key_; }
    QSpinBox* slotsBox() const { return slots_; }
    QPushButton* startButton() const { return start_; }
    QTableWidget* log() const { return log_; }
    QLabel* statusLabel() const { return status_; }
    QPlainTextEdit* snippet(int i) const;

public Q_SLOTS:
    void startServing();
    void stopServing();

Q_SIGNALS:
    void servingChanged(bool serving);
    void requestLogged(); // a row was added to the log

private:
    void addRecord(const cmf::server::RequestRecord& r);
    void updateCounters();
    void updateSnippets();
    void setControlsEnabled(bool enabled);

    QString modelPath_;
    std::shared_ptr<const cmf::engine::Model> model_;
    std::unique_ptr<cmf::server::Server> server_;
    QFutureWatcher<std::shared_ptr<const cmf::engine::Model>> loading_;
    QLineEdit *host_, *key_;
    QSpinBox *port_, *slots_;
    QPushButton *start_, *copy_;
    QLabel *status_, *counters_;
    QTableWidget* log_;
    QTabWidget* snippets_;
    QTimer* refresh_;
};

} // namespace cmfw
