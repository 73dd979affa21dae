#pragma once
// The chat window's keys, in one place: the window installs them and
// Help ▸ Keyboard shortcuts lists them.
#include <QKeySequence>
#include <QList>
#include <QPair>
#include <QString>

namespace cmfw {

QKeySequence sendKey(); // in the input: send the message
QKeySequence stopKey(); // anywhere in the window: stop the reply

// Each key with what it does (translated).
QList<QPair<QKeySequence, QString>> chatShortcuts();

} // namespace cmfw
