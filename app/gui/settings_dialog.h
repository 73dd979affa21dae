#pragma once
// Settings: interface language (default: the system locale), worker threads,
// the theme (light, dark, or the system's) and the font size,
// and the trusted signer keys that verification compares a .sig's signer to.
#include <QDialog>

class QComboBox;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace cmfw {

class AppSettings;
class TrustedKeyList;

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    SettingsDialog(AppSettings* settings, TrustedKeyList* trusted, QWidget* parent = nullptr);
    void accept() override;

    QComboBox* languageBox() const { return language_; }
    QSpinBox* threadsBox() const { return threads_; }
    QTableWidget* keysTable() const { return keys_; }
    QComboBox* themeBox() const { return theme_; }
    QSpinBox* fontSizeBox() const { return fontSize_; }

private:
    void addKeyRow(const QString& name, const QString& pubkey);
    void addKey();

    AppSettings* settings_;
    TrustedKeyList* trusted_;
    QComboBox* language_;
    QLabel* restartNote_;
    QSpinBox* threads_;
    QComboBox* theme_;
    QSpinBox* fontSize_;
    QTableWidget* keys_;
};

} // namespace cmfw
