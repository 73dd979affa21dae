#include "views/trust_dialog.h"

#include "util/trusted_keys.h"

#include <QCoreApplication>
#include <QInputDialog>
#include <QString>

namespace cmfw {

bool TrustDialog::ask(QWidget* parent, TrustedKeyList* keys, const std::string& pubkey) {
    return ask(parent, keys, QString::fromStdString(pubkey));
}

bool TrustDialog::ask(QWidget* parent, TrustedKeyList* keys, const QString& pubkey) {
    bool ok = false;
    const QString name = QInputDialog::getText(
        parent, QCoreApplication::translate("cmfw::TrustDialog", "Trust signer"),
        QCoreApplication::translate("cmfw::TrustDialog",
                                    "Public key:\n%1\n\nCompare it with the key its owner gave you. Name to remember it by:")
            .arg(pubkey),
        QLineEdit::Normal, QString(), &ok);
    if (!ok || name.trimmed().isEmpty()) return false;
    return keys->add(name.trimmed(), pubkey);
}

} // namespace cmfw
