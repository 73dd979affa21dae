#include "main_window.h"

#include "about.h"
#include "app_settings.h"
#include "demo_model.h"
#include "icons.h"
#include "settings_dialog.h"
#include "shortcuts_dialog.h"

#include "chat/chat_keys.h"
#include "chat/chat_view.h"
#include "serve/serve_view.h"
#include "document/cmf_document.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "util/format_text.h"
#include "util/scrolling_page.h"
#include "util/trusted_keys.h"
#include "jobs/import_jobs.h"
#include "views/file_page.h"
#include "views/import_dialog.h"
#include "views/jobs_view.h"
#include "views/log_view.h"
#include "views/tensors_view.h"
#include "views/verify_sign_panel.h"

#include <algorithm>
#include <tuple>

#include <QAction>
#include <QApplication>
#include "jobs/operation_availability.h"

#include <QCloseEvent>
#include <QGuiApplication>
#include <QScreen>
#include <QScrollArea>
#include <QDockWidget>
#include <QShowEvent>
#include <QLineEdit>
#include <QTimer>
#include <QTabBar>
#include <QUrl>
#include <QDesktopServices>
#include <QClipboard>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

QStringList localFiles(const QMimeData* mime) {
    QStringList out;
    if (!mime || !mime->hasUrls()) return out;
    for (const QUrl& u : mime->urls())
        if (u.isLocalFile() && QFileInfo(u.toLocalFile()).isFile()) out << u.toLocalFile();
    return out;
}

// Folders a drop carries: a Hugging Face folder imports, any other is refused with the reason.
QStringList localFolders(const QMimeData* mime) {
    QStringList out;
    if (!mime || !mime->hasUrls()) return out;
    for (const QUrl& u : mime->urls())
        if (u.isLocalFile() && QFileInfo(u.toLocalFile()).isDir()) out << u.toLocalFile();
    return out;
}

bool carriesPaths(const QMimeData* mime) { return !localFiles(mime).isEmpty() || !localFolders(mime).isEmpty(); }

} // namespace

MainWindow::MainWindow(AppSettings* settings, QWidget* parent) : QMainWindow(parent), settings_(settings) {
    setWindowTitle(tr("CMF Workbench"));
    setObjectName(u"MainWindow"_s);
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    setWindowIcon(appIcon());

    services_.jobs = new JobRunner(this);
    services_.log = new LogModel(this);
    services_.trusted = new TrustedKeyList(this);
    services_.openFile = [this](const QString& path) { openFile(path); };
    services_.trusted->setKeys(settings_->trustedKeys());
    services_.jobs->setThreadCount(settings_->threadCount());
    connect(services_.trusted, &TrustedKeyList::changed, this, [this] {
        settings_->setTrustedKeys(services_.trusted->keys());
    });

    central_ = new QStackedWidget(this);
    tabs_ = new QTabWidget(central_);
    tabs_->setTabsClosable(true);
    tabs_->setMovable(true);
    tabs_->setDocumentMode(true);
    createWelcome();
    central_->addWidget(welcome_);
    central_->addWidget(tabs_);
    setCentralWidget(central_);
    connect(tabs_, &QTabWidget::tabCloseRequested, this, &MainWindow::closeTab);
    connect(tabs_, &QTabWidget::currentChanged, this, [this] { updateActions(); });
    tabs_->tabBar()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(tabs_->tabBar(), &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        const int index = tabs_->tabBar()->tabAt(at);
        if (index < 0) return;
        QMenu* menu = tabMenu(index);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(tabs_->tabBar()->mapToGlobal(at));
    });

    createDocks();
    createActions();
    jobsStatus_ = new QLabel(this);
    statusBar()->addPermanentWidget(jobsStatus_);
    connect(services_.jobs, &JobRunner::runningCountChanged, this, &MainWindow::updateStatus);
    connect(services_.log, &LogModel::messageAdded, this, [this](LogModel::Level, const QString& text) {
        statusBar()->showMessage(text, 8000);
    });
    restoreLayout();
    updateActions();
    updateStatus();
    // Drops anywhere: child widgets that take text drops (line edits, text
    // views) would otherwise swallow a dropped file.
    qApp->installEventFilter(this);
}

MainWindow::~MainWindow() { qApp->removeEventFilter(this); }

void MainWindow::createWelcome() {
    // Scrolls in a small window, like the file pages, so the window's minimum stays small.
    auto* page = new QWidget();
    auto* outer = new QVBoxLayout(page);
    outer->addStretch(1);
    auto* box = new QWidget(page);
    box->setMaximumWidth(560);
    auto* lay = new QVBoxLayout(box);
    auto* title = new QLabel(tr("CMF Workbench"), box);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 2);
    f.setBold(true);
    title->setFont(f);
    lay->addWidget(title);
    auto* text = new QLabel(tr("Open a CMF file to see everything in it: envelope, header, tensors, masks, skills, "
                               "tokenizer and signature. Drop files anywhere on this window to open them, or on the "
                               "Verify / Sign panel to check their integrity."),
                            box);
    text->setWordWrap(true);
    lay->addWidget(text);
    auto* buttons = new QHBoxLayout();
    auto* open = new QPushButton(tr("Open…"), box);
    buttons->addWidget(open);
    const QString demo = demoModelPath();
    if (!demo.isEmpty()) {
        auto* openDemo = new QPushButton(tr("Open the demo model"), box);
        buttons->addWidget(openDemo);
        connect(openDemo, &QPushButton::clicked, this, [this, demo] { openFile(demo); });
    }
    buttons->addStretch(1);
    lay->addLayout(buttons);
    lay->addWidget(new QLabel(tr("Recent files:"), box));
    welcomeRecent_ = new QListWidget(box);
    welcomeRecent_->setMaximumHeight(180);
    lay->addWidget(welcomeRecent_);
    auto* h = new QHBoxLayout();
    h->addStretch(1);
    h->addWidget(box);
    h->addStretch(1);
    outer->addLayout(h);
    outer->addStretch(2);
    welcome_ = scrollingFrame(page, central_);
    connect(open, &QPushButton::clicked, this, &MainWindow::openDialog);
    connect(welcomeRecent_, &QListWidget::itemActivated, this, [this](QListWidgetItem* it) { openFile(it->data(Qt::UserRole).toString()); });
}

void MainWindow::createDocks() {
    panel_ = new VerifySignPanel(services_, this);
    panel_->setKeyPath(settings_->keyPath());
    connect(panel_, &VerifySignPanel::keyPathChanged, this, [this](const QString& p) { settings_->setKeyPath(p); });
    verifyDock_ = new QDockWidget(panel_->title(), this);
    verifyDock_->setObjectName(u"verifyDock"_s);
    // In a bottom dock the panel's four columns want ~900 pixels; in a
    // narrower window it scrolls rather than holding the window wide.
    panelFrame_ = scrollingFrame(panel_, verifyDock_);
    verifyDock_->setWidget(panelFrame_);
    // The dock's title names the file the panel acts on; the View menu's
    // entry keeps the plain name.
    const QString menuText = verifyDock_->toggleViewAction()->text();
    connect(panel_, &VerifySignPanel::fileChanged, this, [this, menuText] {
        verifyDock_->setWindowTitle(panel_->title());
        verifyDock_->toggleViewAction()->setText(menuText);
    });
    // The panel follows the current tab, so Sign and Verify act on the file on
    // screen (and on nothing once the last tab is closed).
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        FilePage* p = currentPage();
        panel_->setFile(p ? p->document()->path() : QString());
    });
    // The panel lays itself out in columns in a top or bottom dock and in a
    // column beside the tabs.
    connect(verifyDock_, &QDockWidget::dockLocationChanged, this, [this](Qt::DockWidgetArea area) {
        panel_->setOrientation(area == Qt::TopDockWidgetArea || area == Qt::BottomDockWidgetArea ? Qt::Horizontal : Qt::Vertical);
    });
    connect(verifyDock_, &QDockWidget::topLevelChanged, this, [this](bool floating) {
        if (floating) panel_->setOrientation(Qt::Vertical);
    });

    jobsDock_ = new QDockWidget(tr("Jobs"), this);
    jobsDock_->setObjectName(u"jobsDock"_s);
    jobsDock_->setWidget(new JobsView(services_.jobs, jobsDock_));

    logDock_ = new QDockWidget(tr("Log"), this);
    logDock_->setObjectName(u"logDock"_s);
    logDock_->setWidget(new LogView(services_.log, logDock_));

    // Default layout for a 1280×800 screen: the tabs get the full width (the
    // tensor table needs it); Verify / Sign, Jobs and Log share the bottom.
    addDockWidget(Qt::BottomDockWidgetArea, verifyDock_);
    addDockWidget(Qt::BottomDockWidgetArea, jobsDock_);
    addDockWidget(Qt::BottomDockWidgetArea, logDock_);
    tabifyDockWidget(verifyDock_, jobsDock_);
    tabifyDockWidget(jobsDock_, logDock_);
    verifyDock_->raise();
}

void MainWindow::createActions() {
    auto* file = menuBar()->addMenu(tr("&File"));
    auto* open = file->addAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this, &MainWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    const QString demo = demoModelPath();
    if (!demo.isEmpty()) file->addAction(tr("Open the &demo model"), this, [this, demo] { openFile(demo); });
    file->addAction(tr("&Import Hugging Face model…"), this, &MainWindow::importDialog)->setObjectName(u"importAction"_s);
    file->addSeparator();
    closeTabAction_ = file->addAction(tr("&Close Tab"), this, [this] { closeTab(tabs_->currentIndex()); });
    closeTabAction_->setShortcut(QKeySequence::Close);
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    auto* view = menuBar()->addMenu(tr("&View"));
    auto* overview = view->addAction(tr("O&verview"), this, [this] {
        if (FilePage* p = currentPage()) p->showView(FilePage::View::Overview);
    });
    overview->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0)); // Ctrl+1… keep the views they always had
    viewActions_ << overview;
    const std::pair<FilePage::View, QString> views[] = {
        {FilePage::View::Envelope, tr("&Envelope")},   {FilePage::View::Header, tr("&Header")},
        {FilePage::View::Tensors, tr("&Tensors")},     {FilePage::View::Masks, tr("&Masks")},
        {FilePage::View::Skills, tr("S&kills")},       {FilePage::View::Tokenizer, tr("T&okenizer")},
        {FilePage::View::Signature, tr("Si&gnature")},
    };
    // A view the current file does not have (no MoE router: no routing) says so in the status bar.
    auto show = [this](FilePage::View v, const QString& text) {
        FilePage* p = currentPage();
        if (p && !p->showView(v)) statusBar()->showMessage(tr("%1 has no %2 page").arg(QFileInfo(p->document()->path()).fileName(), QString(text).remove(u'&')), 5000);
    };
    int key = Qt::Key_1;
    for (const auto& [v, text] : views) {
        auto* a = view->addAction(text, this, [show, v = v, text = text] { show(v, text); });
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(key++)));
        viewActions_ << a;
    }
    // The pages added since the first seven: every page of a file is reachable from the menu.
    const std::tuple<FilePage::View, QString, QKeySequence> more[] = {
        {FilePage::View::Bits, tr("&Bit allocation"), QKeySequence(Qt::CTRL | Qt::Key_8)},
        {FilePage::View::Tasks, tr("T&asks && skills"), QKeySequence(Qt::CTRL | Qt::Key_9)},
        {FilePage::View::Routing, tr("Expert &routing"), QKeySequence()},
        {FilePage::View::Quant, tr("&Quantization error"), QKeySequence()},
        {FilePage::View::Measure, tr("Mea&sure"), QKeySequence()},
        {FilePage::View::Shards, tr("Shar&ds"), QKeySequence()},
        {FilePage::View::Architecture, tr("Arc&hitecture"), QKeySequence()},
        {FilePage::View::Playground, tr("Tokenizer &playground"), QKeySequence()},
    };
    for (const auto& [v, text, shortcut] : more) {
        auto* a = view->addAction(text, this, [show, v = v, text = text] { show(v, text); });
        a->setShortcut(shortcut);
        viewActions_ << a;
    }
    view->addSeparator();
    auto* find = view->addAction(tr("&Find tensor…"), this, [this] {
        FilePage* p = currentPage();
        if (!p || !p->showView(FilePage::View::Tensors)) return;
        if (auto* t = p->view<TensorsView>(FilePage::View::Tensors)) {
            t->filterEdit()->setFocus(Qt::ShortcutFocusReason);
            t->filterEdit()->selectAll();
        }
    });
    find->setShortcut(QKeySequence::Find);
    viewActions_ << find;
    view->addSeparator();
    view->addAction(verifyDock_->toggleViewAction());
    view->addAction(jobsDock_->toggleViewAction());
    view->addAction(logDock_->toggleViewAction());

    auto* tools = menuBar()->addMenu(tr("&Tools"));
    verifyAction_ = tools->addAction(style()->standardIcon(QStyle::SP_DialogApplyButton), tr("&Verify"), this, [this] {
        if (FilePage* p = currentPage()) verifyFile(p->document()->path());
        else verifyFile(panel_->file());
    });
    verifyAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    verifyAction_->setToolTip(tr("Check every hash of the current file and its signature"));
    signAction_ = tools->addAction(signIcon(), tr("&Sign…"), this, [this] {
        // The current tab's file, which is the panel's too.
        if (FilePage* p = currentPage()) signFile(p->document()->path());
    });
    signAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    signAction_->setToolTip(tr("Write a detached signature beside the current file"));
    compareAction_ = tools->addAction(tr("&Compare with…"), this, &MainWindow::compareDialog);
    compareAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    compareAction_->setToolTip(tr("Compare the current file with another CMF file: tensors, header and sections"));
    chatAction_ = tools->addAction(tr("C&hat with this model…"), this, [this] { openChat(); });
    chatAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    chatAction_->setObjectName(u"chatAction"_s);
    serveAction_ = tools->addAction(tr("Ser&ve this model…"), this, [this] { openServe(); });
    serveAction_->setObjectName(u"serveAction"_s);
    tools->addSeparator();
    auto* settingsAction = tools->addAction(tr("Se&ttings…"), this, &MainWindow::showSettings);
    settingsAction->setShortcut(QKeySequence::Preferences);

    auto* help = menuBar()->addMenu(tr("&Help"));
    auto* keys = help->addAction(tr("&Keyboard shortcuts"), this, &MainWindow::showShortcuts);
    keys->setShortcut(QKeySequence::HelpContents);
    keys->setObjectName(u"shortcutsAction"_s);
    help->addAction(tr("&About CMF Workbench"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);

    auto* bar = addToolBar(tr("Main"));
    bar->setObjectName(u"mainToolBar"_s);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(open);
    bar->addAction(verifyAction_);
    bar->addAction(signAction_);
    updateRecentMenu();
}

QMenu* MainWindow::tabMenu(int index) {
    auto* menu = new QMenu(this);
    auto* page = qobject_cast<FilePage*>(tabs_->widget(index));
    const QString path = page ? QFileInfo(page->document()->path()).absoluteFilePath() : QString();
    menu->addAction(tr("&Close"), this, [this, page] {
        if (const int i = tabs_->indexOf(page); i >= 0) closeTab(i);
    });
    auto* others = menu->addAction(tr("Close &Others"), this, [this, page] {
        for (int i = tabs_->count() - 1; i >= 0; --i)
            if (tabs_->widget(i) != page) closeTab(i);
    });
    others->setEnabled(tabs_->count() > 1);
    menu->addSeparator();
    menu->addAction(tr("Copy &Path"), this, [path] { QApplication::clipboard()->setText(path); })->setEnabled(!path.isEmpty());
    menu->addAction(tr("Show in &Folder"), this, [path] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(path).absolutePath()));
    })->setEnabled(!path.isEmpty());
    return menu;
}

void MainWindow::restoreLayout() {
    const bool restored = restoreGeometry(settings_->windowGeometry());
    layoutRestored_ = restoreState(settings_->windowState());
    // The first window is 1280 × 800, or what fits the screen: at a scale
    // factor of 1.5 a 1280 × 800 screen has 853 × 533 logical pixels. A saved
    // geometry from a larger screen or a smaller scale is brought back in too.
    const QScreen* scr = screen() ? screen() : QGuiApplication::primaryScreen();
    const QRect avail = scr ? scr->availableGeometry() : QRect(0, 0, 1280, 800);
    const QSize want = restored ? size() : QSize(1280, 800);
    const QSize fit = want.boundedTo(avail.size() * 0.95).expandedTo(QSize(480, 320));
    if (fit != size() || !restored) resize(fit);
    if (!avail.contains(frameGeometry().topLeft()) || !restored) move(avail.center() - rect().center());
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (docksSized_) return;
    docksSized_ = true;
    // What the user set last time is kept (restoreLayout); otherwise the docks
    // start at a fifth of the height, so the page above keeps the room.
    if (!layoutRestored_)
        QTimer::singleShot(0, this, [this] { resizeDocks({verifyDock_}, {std::max(96, height() / 5 - 24)}, Qt::Vertical); });
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    fitPanelDock();
}

void MainWindow::fitPanelDock() {
    // A window tall enough to spare it never squeezes the Verify / Sign panel
    // below what it needs (a 1280 × 800 screen's first window is 760 high: a
    // fifth would leave it 4 pixels short, behind a scroll bar, and a new
    // key's warning would be cut); a smaller window lets it scroll, so the
    // window itself can stay small.
    const int need = height() >= 700 ? panel_->minimumSizeHint().height() : 0;
    if (panelFrame_->minimumHeight() != need) panelFrame_->setMinimumHeight(need);
}

void MainWindow::updateRecentMenu() {
    recentMenu_->clear();
    welcomeRecent_->clear();
    // Files deleted or moved since they were opened are dropped, not offered.
    for (const QString& path : settings_->recentFiles())
        if (!QFileInfo::exists(path)) settings_->removeRecentFile(path);
    const QStringList recent = settings_->recentFiles();
    for (const QString& path : recent) {
        recentMenu_->addAction(QFileInfo(path).fileName() + u"   " + QFileInfo(path).absolutePath(), this,
                               [this, path] { openFile(path); });
        auto* it = new QListWidgetItem(QFileInfo(path).fileName() + u"  —  " + QFileInfo(path).absolutePath(), welcomeRecent_);
        it->setData(Qt::UserRole, path);
        it->setToolTip(path);
    }
    if (recent.isEmpty()) recentMenu_->addAction(tr("(none)"))->setEnabled(false);
    else {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("Clear list"), this, [this] {
            for (const QString& p : settings_->recentFiles()) settings_->removeRecentFile(p);
            updateRecentMenu();
        });
    }
}

void MainWindow::updateActions() {
    FilePage* p = currentPage();
    closeTabAction_->setEnabled(p != nullptr);
    signAction_->setEnabled(p != nullptr);
    compareAction_->setEnabled(p && !p->isError());
    // A file that cannot be chatted with (no tokenizer, no arch) disables both, and says why.
    const QString why = p ? chatUnavailable(*p->document()) : (demoModelPath().isEmpty() ? tr("No file is open.") : QString());
    chatAction_->setEnabled(why.isEmpty());
    serveAction_->setEnabled(why.isEmpty());
    chatAction_->setToolTip(why.isEmpty() ? tr("Talk to the current file (the demo model when none is open) on the CPU engine") : why);
    serveAction_->setToolTip(why.isEmpty() ? tr("Serve the current file (the demo model when none is open) to other programs over the OpenAI chat API") : why);
    for (QAction* a : std::as_const(viewActions_)) a->setEnabled(p && !p->isError());
    central_->setCurrentWidget(tabs_->count() > 0 ? static_cast<QWidget*>(tabs_) : welcome_);
    setWindowTitle(p ? tr("%1 — CMF Workbench").arg(p->document()->fileName()) : tr("CMF Workbench"));
}

void MainWindow::updateStatus() {
    const int n = services_.jobs->runningCount();
    jobsStatus_->setText(n ? tr("%n job(s) running", nullptr, n) : QString());
}

FilePage* MainWindow::openFile(const QString& path) {
    const QString abs = QFileInfo(path).absoluteFilePath();
    for (int i = 0; i < tabs_->count(); ++i) {
        if (page(i)->document()->path() == abs) {
            tabs_->setCurrentIndex(i);
            return page(i);
        }
    }
    const auto doc = CmfDocument::open(abs);
    auto* p = new FilePage(doc, services_, tabs_);
    // A page asks for its own file, whatever the panel showed before.
    connect(p, &FilePage::verifyRequested, this, [this, p] { verifyFile(p->document()->path()); });
    connect(p, &FilePage::signRequested, this, [this, p] { signFile(p->document()->path()); });
    // The overview's buttons run what the Tools menu runs, on this page's file.
    connect(p, &FilePage::chatRequested, this, [this, p] { openChat(p->document()->path()); });
    connect(p, &FilePage::openRequested, this, [this](const QString& other) { openFile(other); });
    connect(p, &FilePage::compareRequested, this, [this, p] {
        tabs_->setCurrentWidget(p); // compareDialog() compares the current tab's file
        compareDialog();
    });
    const int index = tabs_->addTab(p, doc->fileName());
    tabs_->setTabToolTip(index, abs);
    if (!doc->ok()) {
        tabs_->setTabIcon(index, style()->standardIcon(QStyle::SP_MessageBoxCritical));
        services_.log->error(tr("%1 is not a valid CMF file: %2").arg(doc->fileName(), doc->error()->message));
    } else {
        services_.log->info(tr("Opened %1 (%2, %n tensor(s)) in %3 ms", nullptr, int(doc->tensors()->count()))
                                .arg(doc->fileName(), Text::bytes(doc->fileSize()))
                                .arg(doc->openMs(), 0, 'f', 1));
        if (const auto& e = doc->shardError()) services_.log->warning(tr("Shard set of %1: %2").arg(doc->fileName(), e->message));
    }
    // Recent files are files that open: one that fails (or is gone) leaves the list.
    if (doc->ok()) settings_->addRecentFile(abs);
    else settings_->removeRecentFile(abs);
    if (QFileInfo::exists(abs)) settings_->setLastDirectory(QFileInfo(abs).absolutePath());
    updateRecentMenu();
    tabs_->setCurrentIndex(index); // and the panel follows (currentChanged)
    updateActions();
    return p;
}

int MainWindow::fileCount() const { return tabs_->count(); }

FilePage* MainWindow::page(int index) const { return qobject_cast<FilePage*>(tabs_->widget(index)); }

FilePage* MainWindow::currentPage() const { return qobject_cast<FilePage*>(tabs_->currentWidget()); }

void MainWindow::closeTab(int index) {
    FilePage* p = page(index);
    if (!p) return;
    tabs_->removeTab(index);
    // Jobs of this page hold the file by shared pointer; the page can go now.
    p->deleteLater();
    updateActions();
}

void MainWindow::verifyFile(const QString& path) {
    if (path.isEmpty()) return;
    verifyDock_->show();
    verifyDock_->raise();
    openFile(path); // its tab to the front, and the panel onto it
    panel_->setFile(path);
    panel_->verify();
}

void MainWindow::signFile(const QString& path) {
    if (path.isEmpty()) return;
    verifyDock_->show();
    verifyDock_->raise();
    openFile(path);
    panel_->setFile(path);
    if (panel_->keyPath().isEmpty()) {
        services_.log->warning(tr("Choose or generate a signing key in the Verify / Sign panel first."));
        return;
    }
    panel_->sign();
}

bool MainWindow::openDropped(const QMimeData* mime) {
    const QStringList files = localFiles(mime);
    for (const QString& f : files) openFile(f);
    const QStringList folders = localFolders(mime);
    for (const QString& d : folders) {
        if (const QString why = notAModelFolderReason(d); !why.isEmpty())
            services_.log->warning(tr("Ignored the dropped folder: %1.").arg(why));
        else
            importFolder(d);
    }
    return !files.isEmpty() || !folders.isEmpty();
}

ImportDialog* MainWindow::importFolder(const QString& folder) {
    // A window of its own, so the file tabs stay usable while it previews and converts.
    auto* dialog = new ImportDialog(folder, services_, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    settings_->setLastDirectory(QFileInfo(dialog->folder()).absolutePath());
    return dialog;
}

void MainWindow::importDialog() {
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Import a Hugging Face model folder"), settings_->lastDirectory());
    if (folder.isEmpty()) return;
    if (const QString why = notAModelFolderReason(folder); !why.isEmpty()) {
        QMessageBox::warning(this, tr("Not a Hugging Face model"), tr("%1.").arg(why));
        return;
    }
    importFolder(folder);
}

void MainWindow::openDialog() {
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open CMF files"), settings_->lastDirectory(),
                                                            tr("CMF files (*.cmf);;All files (*)"));
    for (const QString& p : paths) openFile(p);
}

CompareView* MainWindow::compareFiles(const QString& a, const QString& b) {
    if (a.isEmpty() || b.isEmpty()) return nullptr;
    FilePage* p = openFile(a);
    if (p->isError()) return nullptr; // openFile logged why
    services_.log->info(tr("Comparing %1 with %2").arg(p->document()->fileName(), QFileInfo(b).fileName()));
    return p->showCompare(b);
}

ChatView* MainWindow::openChat(const QString& path) {
    QString file = path;
    if (file.isEmpty()) {
        if (FilePage* p = currentPage(); p && !p->isError()) file = p->document()->path();
        else file = demoModelPath();
    }
    if (file.isEmpty()) return nullptr;
    // A window of its own: a conversation is worth keeping beside the file's tabs.
    auto* chat = new ChatView(file, this);
    chat->setWindowFlag(Qt::Window);
    chat->setAttribute(Qt::WA_DeleteOnClose);
    chat->show();
    services_.log->info(tr("Chat opened on %1").arg(QFileInfo(file).fileName()));
    return chat;
}

ServeView* MainWindow::openServe(const QString& path) {
    QString file = path;
    if (file.isEmpty()) {
        if (FilePage* p = currentPage(); p && !p->isError()) file = p->document()->path();
        else file = demoModelPath();
    }
    if (file.isEmpty()) return nullptr;
    // A window of its own; closing it stops the server and frees the port.
    auto* serve = new ServeView(file, this);
    serve->setWindowFlag(Qt::Window);
    serve->setAttribute(Qt::WA_DeleteOnClose);
    serve->show();
    services_.log->info(tr("Serve window opened on %1").arg(QFileInfo(file).fileName()));
    return serve;
}

void MainWindow::compareDialog() {
    FilePage* p = currentPage();
    if (!p || p->isError()) return;
    const QString other = QFileDialog::getOpenFileName(this, tr("Compare %1 with").arg(p->document()->fileName()),
                                                       settings_->lastDirectory(), tr("CMF files (*.cmf);;All files (*)"));
    if (!other.isEmpty()) compareFiles(p->document()->path(), other);
}

void MainWindow::showSettings() {
    SettingsDialog dialog(settings_, services_.trusted, this);
    if (dialog.exec() == QDialog::Accepted) services_.jobs->setThreadCount(settings_->threadCount());
}

void MainWindow::showShortcuts() {
    QList<ShortcutRow> rows = menuShortcuts(menuBar());
    for (const auto& [keys, what] : chatShortcuts()) rows.push_back({tr("Chat window"), what, keys});
    auto* dialog = new ShortcutsDialog(rows, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About CMF Workbench"), aboutText());
}

bool MainWindow::isInsidePanel(QObject* o) const {
    for (auto* w = qobject_cast<QWidget*>(o); w; w = w->parentWidget())
        if (w == panel_) return true;
    return false;
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    const auto t = event->type();
    // The panel grows (a key warning, a long report): its dock follows.
    if (t == QEvent::LayoutRequest && watched == panel_) QTimer::singleShot(0, this, &MainWindow::fitPanelDock);
    if (t != QEvent::DragEnter && t != QEvent::DragMove && t != QEvent::Drop) return QMainWindow::eventFilter(watched, event);
    auto* w = qobject_cast<QWidget*>(watched);
    // Only this window's widgets; the Verify/Sign panel takes its own drops.
    if (!w || w->window() != this || watched == this || isInsidePanel(watched)) return QMainWindow::eventFilter(watched, event);
    auto* de = static_cast<QDropEvent*>(event);
    if (!carriesPaths(de->mimeData())) return QMainWindow::eventFilter(watched, event);
    de->acceptProposedAction();
    if (t == QEvent::Drop) openDropped(de->mimeData());
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (carriesPaths(event->mimeData())) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    if (openDropped(event->mimeData())) event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    const int running = services_.jobs->runningCount();
    if (running > 0 && !closing_) {
        const bool yes = confirmClose_ ? confirmClose_(running)
                                       : QMessageBox::question(this, tr("Jobs are running"),
                                                               tr("%n job(s) are still running. Cancel them and close?", nullptr, running),
                                                               QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
        if (!yes) {
            event->ignore();
            return;
        }
        closing_ = true;
        statusBar()->showMessage(tr("Cancelling jobs…"));
        services_.jobs->cancelAll();
        // Jobs stop at their next check; nothing they were writing is left behind.
        services_.jobs->waitForAll(15000);
    }
    settings_->setWindowLayout(saveGeometry(), saveState());
    settings_->setTrustedKeys(services_.trusted->keys());
    settings_->sync();
    event->accept();
}

} // namespace cmfw
