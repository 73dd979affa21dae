#pragma once
// The workbench window: one tab per open file, the Verify/Sign panel, the
// Jobs and Log docks, menus, recent files and settings. Files open by
// File ▸ Open, recent files, the command line, or a drop anywhere on the
// window (a drop on the Verify/Sign panel opens and verifies it). The panel
// follows the current tab: it always acts on the file on screen.
#include "util/services.h"

#include <QMainWindow>

#include <functional>
#include <memory>

class QAction;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QMimeData;
class QScrollArea;
class QStackedWidget;
class QTabWidget;

namespace cmfw {

class AppSettings;
class ChatView;
class ServeView;
class CompareView;
class FilePage;
class ImportDialog;
class JobRunner;
class LogModel;
class TrustedKeyList;
class VerifySignPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(AppSettings* settings, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens path in a new tab (or focuses its tab). A file that is not a
    // valid CMF file opens too, in the error view. Never null.
    FilePage* openFile(const QString& path);
    int fileCount() const;
    FilePage* page(int index) const;
    FilePage* currentPage() const;
    void closeTab(int index);

    // Opens path (or brings its tab to the front), shows the Verify/Sign
    // panel on it and starts verifying or signing.
    void verifyFile(const QString& path);
    void signFile(const QString& path);
    // Opens a (or focuses its tab) and compares it with b in the page's
    // Compare view; null when a is not a valid CMF file.
    CompareView* compareFiles(const QString& a, const QString& b);
    // Opens a chat window on path (a top-level window that deletes itself on
    // close, stopping its reply); the current file, else the demo model, when empty.
    // Null when there is nothing to chat with.
    ChatView* openChat(const QString& path = {});
    // Tools ▸ Serve this model…: a window running the OpenAI-compatible server over path (default: the current file).
    ServeView* openServe(const QString& path = {});

    // Opens every local file the drop carries and imports every Hugging Face
    // folder (one with config.json); any other folder is logged as ignored,
    // with the reason. True when the drop carried a file or a folder.
    bool openDropped(const QMimeData* mime);
    // File ▸ Import Hugging Face model… on folder: the import dialog, shown
    // (it deletes itself on close; on success it opens the result in a tab).
    ImportDialog* importFolder(const QString& folder);

    VerifySignPanel* verifyPanel() const { return panel_; }
    JobRunner* jobs() const { return services_.jobs; }
    LogModel* log() const { return services_.log; }
    TrustedKeyList* trustedKeys() const { return services_.trusted; }
    QTabWidget* tabs() const { return tabs_; }
    // The tab bar's context menu for tab `index` (Close, Close Others, Copy Path, Show in Folder); the caller owns it.
    QMenu* tabMenu(int index);
    QDockWidget* verifyDock() const { return verifyDock_; }
    QDockWidget* jobsDock() const { return jobsDock_; }
    QDockWidget* logDock() const { return logDock_; }

    // Asked when the window closes with jobs running (tests replace the
    // dialog); returning false keeps the window open.
    void setCloseConfirmation(std::function<bool(int running)> confirm) { confirmClose_ = std::move(confirm); }

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createActions();
    void createDocks();
    void createWelcome();
    void updateRecentMenu();
    void updateActions();
    void updateStatus();
    void openDialog();
    void importDialog();
    void compareDialog();
    void showSettings();
    void showAbout();
    void showShortcuts(); // Help ▸ Keyboard shortcuts
    void restoreLayout();
    void fitPanelDock(); // the Verify / Sign dock keeps the panel whole on a tall enough window
    bool isInsidePanel(QObject* o) const;

    AppSettings* settings_;
    Services services_;
    QStackedWidget* central_;
    QWidget* welcome_;
    QListWidget* welcomeRecent_;
    QTabWidget* tabs_;
    VerifySignPanel* panel_;
    QScrollArea* panelFrame_; // the panel's scroll area in its dock
    QDockWidget* verifyDock_;
    QDockWidget* jobsDock_;
    QDockWidget* logDock_;
    // The bottom docks' first height (a fifth of the window) is set once the
    // window has its size, unless a saved layout says otherwise.
    bool layoutRestored_ = false, docksSized_ = false;
    QMenu* recentMenu_;
    QLabel* jobsStatus_;
    QAction* closeTabAction_;
    QAction* verifyAction_;
    QAction* signAction_;
    QAction* compareAction_;
    QAction* chatAction_;
    QAction* serveAction_;
    QList<QAction*> viewActions_;
    std::function<bool(int)> confirmClose_;
    bool closing_ = false;
};

} // namespace cmfw
