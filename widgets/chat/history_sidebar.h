#pragma once
// The chat window's history: the conversations held with this model
// (conversation_store.h), newest first, with their titles and dates; a
// search over titles and message text; New, Rename and Delete (which asks
// first). Clicking a conversation asks the window to open it.
//
// Every read and write of the folder runs on a pool of one thread, in the
// order it was asked for — an autosave, then a rename, then the list — so
// the GUI thread never waits on a long conversation's JSON and two writes
// never race on one file.
#include "chat/conversation_store.h"

#include <QWidget>

#include <functional>
#include <vector>

class QLineEdit;
class QListWidget;
class QPushButton;
class QThreadPool;

namespace cmfw {

class HistorySidebar : public QWidget {
    Q_OBJECT
public:
    explicit HistorySidebar(QWidget* parent = nullptr);
    ~HistorySidebar() override;

    // The model whose conversations are listed; lists them.
    void setModel(const QString& modelPath, const QString& dirHash);
    // Reads the folder again (in the background); listed() follows.
    void reload();
    // The conversation the window shows: highlighted ("" = a new one, not saved yet).
    void setCurrent(const QString& path);
    const QString& current() const { return current_; }
    // While a reply runs the window cannot switch: the list and New are refused.
    void setSwitchingEnabled(bool enabled);

    // Writes c to path (in order with the rest), then lists again.
    void save(const Conversation& c, const QString& path);
    void rename(const QString& path, const QString& title);
    // Removes the file, after asking when confirm is set.
    bool remove(const QString& path, bool confirm = true);
    // Adds a row of the window's own buttons under the list (Save…, Load…, Export…: conversations too).
    void addButtonRow(const QList<QWidget*>& buttons);
    // Blocks until every write asked for so far is done (closing the window, tests).
    void waitForWrites();

    // What is listed: the model's conversations, and those the search keeps.
    const std::vector<StoredConversation>& conversations() const { return all_; }
    std::vector<StoredConversation> shown() const;
    QLineEdit* searchBox() const { return search_; }
    QListWidget* list() const { return list_; }
    QPushButton* newButton() const { return new_; }
    QPushButton* renameButton() const { return rename_; }
    QPushButton* deleteButton() const { return delete_; }

Q_SIGNALS:
    void openRequested(const QString& path);
    void newRequested();
    void renamed(const QString& path, const QString& title);
    void removed(const QString& path);
    void listed(); // conversations() is up to date with the folder
    void failed(const QString& message);

private:
    void run(std::function<void()> work, std::function<void()> done = {});
    void fill();
    void renameCurrentItem();
    void deleteCurrentItem();
    QString selectedPath() const;

    QLineEdit* search_;
    QListWidget* list_;
    QPushButton *new_, *rename_, *delete_;
    QThreadPool* pool_;
    QString modelPath_, dirHash_, current_;
    std::vector<StoredConversation> all_;
    bool switching_ = true;
};

} // namespace cmfw
