#include "settings_dialog.h"

#include "app_settings.h"
#include "translations.h"

#include "util/theme.h"
#include "util/trusted_keys.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

namespace cmfw {

SettingsDialog::SettingsDialog(AppSettings* settings, TrustedKeyList* trusted, QWidget* parent)
    : QDialog(parent), settings_(settings), trusted_(trusted) {
    setWindowTitle(tr("Settings"));
    resize(720, 460);
    auto* lay = new QVBoxLayout(this);
    auto* form = new QFormLayout();
    language_ = new QComboBox(this);
    language_->addItem(tr("System default"), QString());
    for (const QString& code : availableLanguages()) language_->addItem(languageName(code), code);
    language_->setCurrentIndex(std::max(0, language_->findData(settings_->language())));
    form->addRow(tr("Language:"), language_);
    restartNote_ = new QLabel(tr("The language changes when the workbench starts next time."), this);
    restartNote_->setVisible(false);
    form->addRow(QString(), restartNote_);
    threads_ = new QSpinBox(this);
    threads_->setRange(0, 256);
    threads_->setSpecialValueText(tr("automatic (%1)").arg(QThread::idealThreadCount()));
    threads_->setValue(settings_->threadCount());
    threads_->setToolTip(tr("Threads used for hashing and decoding; automatic uses one per core."));
    form->addRow(tr("Worker threads:"), threads_);
    theme_ = new QComboBox(this);
    theme_->addItem(tr("Follow the system"), themeName(Theme::System));
    theme_->addItem(tr("Light"), themeName(Theme::Light));
    theme_->addItem(tr("Dark"), themeName(Theme::Dark));
    theme_->setCurrentIndex(std::max(0, theme_->findData(settings_->theme())));
    form->addRow(tr("Theme:"), theme_);
    fontSize_ = new QSpinBox(this);
    fontSize_->setRange(0, 48);
    fontSize_->setSuffix(tr(" pt"));
    fontSize_->setSpecialValueText(tr("system (%1 pt)").arg(systemFontSize()));
    fontSize_->setValue(settings_->fontSize());
    fontSize_->setToolTip(tr("The size of the interface's text; tables, charts and heatmap labels follow it."));
    form->addRow(tr("Font size:"), fontSize_);
    lay->addLayout(form);

    lay->addWidget(new QLabel(tr("Trusted signer keys (a valid .sig by one of these is shown as trusted):"), this));
    keys_ = new QTableWidget(0, 2, this);
    keys_->setHorizontalHeaderLabels({tr("Name"), tr("Ed25519 public key")});
    keys_->horizontalHeader()->setStretchLastSection(true);
    keys_->verticalHeader()->setVisible(false);
    keys_->setSelectionBehavior(QAbstractItemView::SelectRows);
    keys_->setColumnWidth(0, 180);
    for (const auto& k : trusted_->keys()) addKeyRow(k.name, k.pubkey);
    lay->addWidget(keys_, 1);
    auto* kb = new QHBoxLayout();
    auto* add = new QPushButton(tr("Add key…"), this);
    auto* remove = new QPushButton(tr("Remove"), this);
    kb->addWidget(add);
    kb->addWidget(remove);
    kb->addStretch(1);
    lay->addLayout(kb);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    lay->addWidget(buttons);

    connect(language_, &QComboBox::currentIndexChanged, this, [this] {
        restartNote_->setVisible(language_->currentData().toString() != settings_->language());
    });
    connect(add, &QPushButton::clicked, this, &SettingsDialog::addKey);
    connect(remove, &QPushButton::clicked, this, [this] {
        const auto rows = keys_->selectionModel()->selectedRows();
        for (int i = int(rows.size()) - 1; i >= 0; --i) keys_->removeRow(rows[i].row());
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void SettingsDialog::addKeyRow(const QString& name, const QString& pubkey) {
    const int r = keys_->rowCount();
    keys_->insertRow(r);
    keys_->setItem(r, 0, new QTableWidgetItem(name));
    auto* key = new QTableWidgetItem(pubkey);
    key->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    keys_->setItem(r, 1, key);
}

void SettingsDialog::addKey() {
    bool ok = false;
    const QString key = QInputDialog::getText(this, tr("Add trusted key"), tr("Ed25519 public key (64 hex digits):"),
                                              QLineEdit::Normal, QString(), &ok);
    if (!ok) return;
    if (TrustedKeyList::normalise(key).isEmpty()) {
        QMessageBox::warning(this, tr("Add trusted key"), tr("A public key is 64 hexadecimal digits."));
        return;
    }
    const QString name = QInputDialog::getText(this, tr("Add trusted key"), tr("Name:"), QLineEdit::Normal, QString(), &ok);
    if (ok) addKeyRow(name.trimmed(), TrustedKeyList::normalise(key));
}

void SettingsDialog::accept() {
    QList<TrustedKey> keys;
    for (int r = 0; r < keys_->rowCount(); ++r) {
        const QString key = TrustedKeyList::normalise(keys_->item(r, 1) ? keys_->item(r, 1)->text() : QString());
        if (key.isEmpty()) {
            QMessageBox::warning(this, tr("Settings"), tr("Row %1: a public key is 64 hexadecimal digits.").arg(r + 1));
            return;
        }
        keys << TrustedKey{keys_->item(r, 0) ? keys_->item(r, 0)->text() : QString(), key};
    }
    trusted_->setKeys(keys);
    settings_->setTrustedKeys(trusted_->keys());
    settings_->setLanguage(language_->currentData().toString());
    settings_->setThreadCount(threads_->value());
    settings_->setTheme(theme_->currentData().toString());
    settings_->setFontSize(fontSize_->value());
    // Both take effect at once, in every window.
    applyTheme(themeFromName(settings_->theme()).value_or(Theme::System));
    applyFontSize(settings_->fontSize());
    settings_->sync();
    QDialog::accept();
}

} // namespace cmfw
