#include "chat/chat_keys.h"

#include <QCoreApplication>

namespace cmfw {

QKeySequence sendKey() { return QKeySequence(Qt::CTRL | Qt::Key_Return); }
QKeySequence stopKey() { return QKeySequence(Qt::Key_Escape); }

QList<QPair<QKeySequence, QString>> chatShortcuts() {
    return {{sendKey(), QCoreApplication::translate("cmfw::ChatView", "Send the message")},
            {stopKey(), QCoreApplication::translate("cmfw::ChatView", "Stop the reply")}};
}

} // namespace cmfw
