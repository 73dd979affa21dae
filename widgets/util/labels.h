#pragma once
// The few label styles the views share: a page title, a section heading and
// a wrapped explanatory note.
class QLabel;
class QString;
class QWidget;

namespace cmfw {

QLabel* makeTitle(const QString& text, QWidget* parent = nullptr);
QLabel* makeHeading(const QString& text, QWidget* parent = nullptr);
QLabel* makeNote(const QString& text, QWidget* parent = nullptr);
// A selectable value label (hashes, paths, keys).
QLabel* makeValue(const QString& text, QWidget* parent = nullptr, bool monospace = false);

} // namespace cmfw
