#include "chat/history_sidebar.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QThreadPool>
#include <QVBoxLayout>

#include <memory>

using namespace Qt::StringLiterals;

namespace cmfw {

HistorySidebar::HistorySidebar(QWidget* parent) : QWidget(parent), pool_(new QThreadPool(this)) {
    setObjectName(u"chatHistory"_s);
    pool_->setMaxThreadCount(1); // in order: see the header
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    new_ = new QPushButton(tr("New conversation"), this);
    new_->setObjectName(u"chatHistoryNew"_s);
    l->addWidget(new_);
    search_ = new QLineEdit(this);
    search_->setObjectName(u"chatHistorySearch"_s);
    search_->setPlaceholderText(tr("Search conversations"));
    search_->setClearButtonEnabled(true);
    l->addWidget(search_);
    list_ = new QListWidget(this);
    list_->setObjectName(u"chatHistoryList"_s);
    list_->setWordWrap(true);
    list_->setTextElideMode(Qt::ElideRight);
    list_->setUniformItemSizes(false);
    list_->setSpacing(2);
    l->addWidget(list_, 1);
    auto* row = new QHBoxLayout();
    rename_ = new QPushButton(tr("Rename…"), this);
    delete_ = new QPushButton(tr("Delete…"), this);
    row->addWidget(rename_);
    row->addWidget(delete_);
    l->addLayout(row);
    connect(new_, &QPushButton::clicked, this, [this] {
        if (switching_) Q_EMIT newRequested();
    });
    connect(search_, &QLineEdit::textChanged, this, &HistorySidebar::fill);
    connect(list_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        const QString path = item->data(Qt::UserRole).toString();
        if (switching_ && path != current_) Q_EMIT openRequested(path);
    });
    connect(list_, &QListWidget::currentItemChanged, this, [this] {
        rename_->setEnabled(!selectedPath().isEmpty());
        delete_->setEnabled(!selectedPath().isEmpty());
    });
    connect(rename_, &QPushButton::clicked, this, &HistorySidebar::renameCurrentItem);
    connect(delete_, &QPushButton::clicked, this, &HistorySidebar::deleteCurrentItem);
    rename_->setEnabled(false);
    delete_->setEnabled(false);
}

HistorySidebar::~HistorySidebar() { waitForWrites(); }

void HistorySidebar::run(std::function<void()> work, std::function<void()> done) {
    // The result comes back to the GUI thread, if the sidebar still exists.
    QPointer<HistorySidebar> self(this);
    pool_->start([self, work = std::move(work), done = std::move(done)] {
        work();
        if (done)
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [self, done] {
                    if (self) done();
                },
                Qt::QueuedConnection);
    });
}

void HistorySidebar::addButtonRow(const QList<QWidget*>& buttons) {
    auto* row = new QHBoxLayout();
    for (QWidget* b : buttons) {
        b->setParent(this);
        row->addWidget(b);
    }
    static_cast<QVBoxLayout*>(layout())->addLayout(row);
}

void HistorySidebar::waitForWrites() { pool_->waitForDone(); }

void HistorySidebar::setModel(const QString& modelPath, const QString& dirHash) {
    modelPath_ = modelPath;
    dirHash_ = dirHash;
    reload();
}

void HistorySidebar::reload() {
    auto result = std::make_shared<std::vector<StoredConversation>>();
    const QString dir = conversationsDirectory(), model = modelPath_, hash = dirHash_;
    run([result, dir, model, hash] { *result = listConversations(dir, model, hash); },
        [this, result] {
            all_ = std::move(*result);
            fill();
            Q_EMIT listed();
        });
}

std::vector<StoredConversation> HistorySidebar::shown() const {
    std::vector<StoredConversation> out;
    for (const auto& c : all_)
        if (matchesSearch(c, search_->text())) out.push_back(c);
    return out;
}

void HistorySidebar::fill() {
    const QString keep = selectedPath().isEmpty() ? current_ : selectedPath();
    list_->clear();
    const QLocale locale;
    for (const auto& c : shown()) {
        const QString title = c.title.isEmpty() ? tr("(no messages)") : c.title;
        auto* item = new QListWidgetItem(title + u'\n' + locale.toString(c.updated.toLocalTime(), QLocale::ShortFormat) + u" · "_s +
                                             tr("%n message(s)", nullptr, int(c.messages)),
                                         list_);
        item->setData(Qt::UserRole, c.path);
        item->setToolTip(title);
        if (c.path == current_) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
        if (c.path == keep) list_->setCurrentItem(item);
    }
}

void HistorySidebar::setCurrent(const QString& path) {
    current_ = path;
    list_->setCurrentItem(nullptr); // the selection follows the conversation shown
    fill();
}

void HistorySidebar::setSwitchingEnabled(bool enabled) {
    switching_ = enabled;
    new_->setEnabled(enabled);
    list_->setToolTip(enabled ? QString() : tr("Stop the reply to open another conversation"));
}

QString HistorySidebar::selectedPath() const {
    const QListWidgetItem* item = list_->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

void HistorySidebar::save(const Conversation& c, const QString& path) {
    run([this, c, path] {
        try {
            QDir().mkpath(QFileInfo(path).absolutePath());
            saveConversation(c, path);
        } catch (const std::exception& e) {
            const QString message = QString::fromUtf8(e.what());
            QMetaObject::invokeMethod(this, [this, message] { Q_EMIT failed(message); }, Qt::QueuedConnection);
        }
    });
    reload();
}

void HistorySidebar::rename(const QString& path, const QString& title) {
    run([this, path, title] {
        try {
            renameConversation(path, title);
        } catch (const std::exception& e) {
            const QString message = QString::fromUtf8(e.what());
            QMetaObject::invokeMethod(this, [this, message] { Q_EMIT failed(message); }, Qt::QueuedConnection);
        }
    });
    Q_EMIT renamed(path, title.trimmed());
    reload();
}

bool HistorySidebar::remove(const QString& path, bool confirm) {
    if (path.isEmpty()) return false;
    if (confirm) {
        QString title;
        for (const auto& c : all_)
            if (c.path == path) title = c.title;
        const auto answer = QMessageBox::question(this, tr("Delete conversation"),
                                                  tr("Delete the conversation “%1” and all its branches? This cannot be undone.").arg(title),
                                                  QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Yes) return false;
    }
    run([path] { QFile::remove(path); });
    Q_EMIT removed(path);
    reload();
    return true;
}

void HistorySidebar::renameCurrentItem() {
    const QString path = selectedPath();
    if (path.isEmpty()) return;
    QString title;
    for (const auto& c : all_)
        if (c.path == path) title = c.title;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename conversation"), tr("Title:"), QLineEdit::Normal, title, &ok);
    if (ok) rename(path, name);
}

void HistorySidebar::deleteCurrentItem() { remove(selectedPath()); }

} // namespace cmfw
