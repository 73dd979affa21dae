#pragma once
// How every GUI test starts and ends a main window: a throwaway settings
// file, 1280×800, closing never asks; at the end every job is cancelled and
// waited for before the window goes.
#include "app_settings.h"
#include "main_window.h"

#include "jobs/job_runner.h"

#include <QTemporaryDir>

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

} // namespace cmftest
