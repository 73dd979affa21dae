#include "serve/serve_view.h"

#include "cmf/engine/model.h"
#include "cmf/server/server.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

bool loopback(const QString& host) { return host == u"127.0.0.1"_s || host == u"localhost"_s || host == u"::1"_s || host.startsWith(u"127."_s); }

QTableWidgetItem* cell(const QString& text, bool number = false) {
    auto* i = new QTableWidgetItem(text);
    if (number) i->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return i;
}

} // namespace

ServeView::ServeView(const QString& modelPath, QWidget* parent) : QWidget(parent), modelPath_(modelPath) {
    setWindowTitle(tr("Serve %1").arg(QFileInfo(modelPath).fileName()));
    resize(900, 640);
    auto* layout = new QVBoxLayout(this);

    auto* form = new QFormLayout;
    host_ = new QLineEdit(u"127.0.0.1"_s, this);
    host_->setObjectName(u"serveHost"_s);
    host_->setToolTip(tr("127.0.0.1: this machine only. 0.0.0.0: every interface (set a key then)"));
    port_ = new QSpinBox(this);
    port_->setObjectName(u"servePort"_s);
    port_->setRange(0, 65535);
    port_->setValue(8080);
    port_->setSpecialValueText(tr("any free port"));
    key_ = new QLineEdit(this);
    key_->setObjectName(u"serveKey"_s);
    key_->setEchoMode(QLineEdit::PasswordEchoOnEdit);
    key_->setPlaceholderText(tr("none: no Authorization header needed"));
    slots_ = new QSpinBox(this);
    slots_->setObjectName(u"serveSlots"_s);
    slots_->setRange(1, 16);
    slots_->setToolTip(tr("Replies generated at once, each with its own KV cache; more requests wait in a queue"));
    form->addRow(tr("Host"), host_);
    form->addRow(tr("Port"), port_);
    form->addRow(tr("API key"), key_);
    form->addRow(tr("Slots"), slots_);
    layout->addLayout(form);

    auto* row = new QHBoxLayout;
    start_ = new QPushButton(tr("Start"), this);
    start_->setObjectName(u"serveStart"_s);
    status_ = new QLabel(tr("Not serving"), this);
    status_->setObjectName(u"serveStatus"_s);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_->setWordWrap(true);
    row->addWidget(start_);
    row->addWidget(status_, 1);
    layout->addLayout(row);
    counters_ = new QLabel(this);
    counters_->setObjectName(u"serveCounters"_s);
    layout->addWidget(counters_);

    log_ = new QTableWidget(0, 8, this);
    log_->setObjectName(u"serveLog"_s);
    log_->setHorizontalHeaderLabels({tr("Time"), tr("Client"), tr("Request"), tr("Status"), tr("Tokens in"), tr("Tokens out"), tr("Tokens/s"),
                                     tr("Seconds")});
    log_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    log_->verticalHeader()->hide();
    log_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    log_->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(log_, 2);

    snippets_ = new QTabWidget(this);
    for (const QString& name : {u"curl"_s, u"Python"_s, u"JavaScript"_s}) {
        auto* text = new QPlainTextEdit(snippets_);
        text->setReadOnly(true);
        text->setFont(QFont(u"monospace"_s));
        snippets_->addTab(text, name);
    }
    copy_ = new QPushButton(tr("Copy snippet"), this);
    layout->addWidget(snippets_, 1);
    layout->addWidget(copy_, 0, Qt::AlignRight);

    refresh_ = new QTimer(this);
    refresh_->setInterval(500);
    connect(refresh_, &QTimer::timeout, this, &ServeView::updateCounters);
    connect(start_, &QPushButton::clicked, this, [this] { isServing() ? stopServing() : startServing(); });
    connect(copy_, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(snippet(snippets_->currentIndex())->toPlainText());
    });
    connect(&loading_, &QFutureWatcherBase::finished, this, [this] {
        try {
            model_ = loading_.result();
        } catch (const std::exception& e) {
            status_->setText(tr("Error: %1").arg(QString::fromUtf8(e.what())));
            setControlsEnabled(true);
            return;
        }
        startServing();
    });
    updateSnippets();
    updateCounters();
}

ServeView::~ServeView() {
    loading_.waitForFinished();
    stopServing(); // before the widgets the log callback writes to go away
}

bool ServeView::isServing() const { return server_ && server_->running(); }
int ServeView::port() const { return isServing() ? server_->port() : 0; }
QString ServeView::baseUrl() const {
    if (!isServing()) return {};
    const QString host = QString::fromStdString(server_->host());
    const QString shown = host == u"0.0.0.0"_s ? u"127.0.0.1"_s : host;
    return u"http://%1:%2/v1"_s.arg(shown).arg(server_->port());
}
QPlainTextEdit* ServeView::snippet(int i) const { return static_cast<QPlainTextEdit*>(snippets_->widget(i)); }

void ServeView::setControlsEnabled(bool enabled) {
    for (QWidget* w : std::initializer_list<QWidget*>{host_, port_, key_, slots_}) w->setEnabled(enabled);
    start_->setEnabled(true);
}

void ServeView::startServing() {
    if (isServing()) return;
    setControlsEnabled(false);
    if (!model_) { // the model loads off the GUI thread, then this runs again
        start_->setEnabled(false);
        status_->setText(tr("Loading %1…").arg(QFileInfo(modelPath_).fileName()));
        const std::string path = modelPath_.toStdString();
        loading_.setFuture(QtConcurrent::run([path] { return cmf::engine::Model::open(path); }));
        return;
    }
    cmf::server::ServerOptions o;
    o.host = host_->text().trimmed().toStdString();
    o.port = port_->value();
    o.apiKey = key_->text().toStdString();
    o.parallel = uint32_t(slots_->value());
    try {
        server_ = std::make_unique<cmf::server::Server>(model_, o);
        QPointer<ServeView> self(this);
        // Called on the server's threads: the row is added on the GUI thread.
        server_->setRequestLog([self](const cmf::server::RequestRecord& r) {
            QMetaObject::invokeMethod(
                qApp, [self, r] {
                    if (self) self->addRecord(r);
                },
                Qt::QueuedConnection);
        });
        server_->start();
    } catch (const std::exception& e) {
        server_.reset();
        status_->setText(tr("Error: %1").arg(QString::fromUtf8(e.what())));
        setControlsEnabled(true);
        return;
    }
    start_->setText(tr("Stop"));
    const QString host = host_->text().trimmed();
    QString text = tr("Serving %1 at %2").arg(QString::fromStdString(server_->modelId()), baseUrl());
    if (!loopback(host) && key_->text().isEmpty())
        text += u" — "_s + tr("listening beyond this machine without a key: anyone who can reach port %1 can use this model").arg(port());
    status_->setText(text);
    updateSnippets();
    refresh_->start();
    Q_EMIT servingChanged(true);
}

void ServeView::stopServing() {
    if (!server_) return;
    server_->stop();
    updateCounters();
    server_.reset();
    refresh_->stop();
    start_->setText(tr("Start"));
    status_->setText(tr("Stopped; the port is free"));
    setControlsEnabled(true);
    updateSnippets();
    Q_EMIT servingChanged(false);
}

void ServeView::addRecord(const cmf::server::RequestRecord& r) {
    const int row = log_->rowCount();
    log_->insertRow(row);
    log_->setItem(row, 0, cell(QDateTime::currentDateTime().toString(u"HH:mm:ss"_s)));
    log_->setItem(row, 1, cell(QString::fromStdString(r.client)));
    QString what = QString::fromStdString(r.method + " " + r.path);
    if (r.stream) what += u" "_s + tr("(stream)");
    if (r.cancelled) what += u" "_s + tr("(cancelled)");
    log_->setItem(row, 2, cell(what));
    log_->setItem(row, 3, cell(QString::number(r.status), true));
    log_->setItem(row, 4, cell(QString::number(r.promptTokens), true));
    log_->setItem(row, 5, cell(QString::number(r.completionTokens), true));
    log_->setItem(row, 6, cell(r.tokensPerSecond > 0 ? QString::number(r.tokensPerSecond, 'f', 1) : QString(), true));
    log_->setItem(row, 7, cell(QString::number(r.seconds, 'f', 2), true));
    log_->scrollToBottom();
    updateCounters();
    Q_EMIT requestLogged();
}

void ServeView::updateCounters() {
    if (!server_) {
        counters_->clear();
        return;
    }
    const auto c = server_->counters();
    counters_->setText(tr("Requests: %1 (%2 completed, %3 cancelled, %4 refused with the queue full, %5 failed) · tokens: %6 prompt, %7 completion")
                           .arg(c.requests)
                           .arg(c.completed)
                           .arg(c.cancelled)
                           .arg(c.rejected)
                           .arg(c.failed)
                           .arg(c.promptTokens)
                           .arg(c.completionTokens));
}

void ServeView::updateSnippets() {
    const QString base = isServing() ? baseUrl() : u"http://127.0.0.1:%1/v1"_s.arg(port_->value() ? port_->value() : 8080);
    const QString model = isServing() ? QString::fromStdString(server_->modelId()) : QFileInfo(modelPath_).fileName();
    const QString key = key_->text().isEmpty() ? u"none"_s : key_->text();
    const QString auth = key_->text().isEmpty() ? QString() : u" \\\n  -H \"Authorization: Bearer %1\""_s.arg(key);
    snippet(0)->setPlainText(u"curl %1/chat/completions \\\n  -H \"Content-Type: application/json\"%2 \\\n"
                             "  -d '{\"model\": \"%3\", \"messages\": [{\"role\": \"user\", \"content\": \"Hello!\"}]}'\n"_s.arg(base, auth, model));
    snippet(1)->setPlainText(u"from openai import OpenAI\n\nclient = OpenAI(base_url=\"%1\", api_key=\"%2\")\n"
                             "reply = client.chat.completions.create(\n    model=\"%3\",\n"
                             "    messages=[{\"role\": \"user\", \"content\": \"Hello!\"}],\n)\nprint(reply.choices[0].message.content)\n"_s
                                 .arg(base, key, model));
    snippet(2)->setPlainText(u"import OpenAI from \"openai\";\n\nconst client = new OpenAI({ baseURL: \"%1\", apiKey: \"%2\" });\n"
                             "const stream = await client.chat.completions.create({\n  model: \"%3\",\n"
                             "  messages: [{ role: \"user\", content: \"Hello!\" }],\n  stream: true,\n});\n"
                             "for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? \"\");\n"_s
                                 .arg(base, key, model));
}

} // namespace cmfw
