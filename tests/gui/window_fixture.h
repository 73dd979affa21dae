#pragma once
// How every GUI test starts and ends a main window: a throwaway settings
// file, 1280×800, closing never asks; at the end every job is cancelled and
// waited for before the window goes.
#include "app_settings.h"
#include "main_window.h"

#include "jobs/job_runner.h"

#include <QCoreApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

namespace cmftest {

inline void openWindow(std::unique_ptr<QTemporaryDir>& dir, std::unique_ptr<cmfw::AppSettings>& settings,
                       std::unique_ptr<cmfw::MainWindow>& w) {
    dir = std::make_unique<QTemporaryDir>();
    settings = std::make_unique<cmfw::AppSettings>(dir->path() + QStringLiteral("/settings.ini"));
    w = std::make_unique<cmfw::MainWindow>(settings.get());
    w->resize(1280, 800);
    w->show();
    w->setCloseConfirmation([](int) { return true; });
}

inline void closeWindow(std::unique_ptr<cmfw::AppSettings>& settings, std::unique_ptr<cmfw::MainWindow>& w) {
    w->jobs()->cancelAll();
    w->jobs()->waitForAll(30000);
    w.reset();
    settings.reset();
}

// Sends a drag of urls followed by a drop onto w, as a window system would.
inline bool dropOn(QWidget* w, const QStringList& paths) {
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& p : paths) urls << QUrl::fromLocalFile(p);
    mime.setUrls(urls);
    const QPointF pos(w->width() / 2.0, w->height() / 2.0);
    QDragEnterEvent enter(pos.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &enter);
    if (!enter.isAccepted()) return false;
    QDropEvent drop(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &drop);
    return drop.isAccepted();
}

} // namespace cmftest
