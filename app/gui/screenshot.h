#pragma once
// --screenshot: renders one view of a file offscreen into a PNG and exits,
// so tests and people can look at what the workbench shows without a display.
#include <QSize>
#include <QString>

namespace cmfw {

struct ScreenshotOptions {
    QString output;
    QString view; // one of screenshotViewList(); empty: overview
    QSize size{1280, 800};
    QString file;
    int timeoutMs = 120000; // for the jobs the view starts
    // --view chat: a JSON list of steps played with greedy sampling before the
    // capture: {"user": TEXT} sends and waits for the reply, {"skill": ID|"auto"|"none"}
    // and {"task": NAME|"none"} switch for the next reply, {"max_tokens": N} limits replies.
    QString chatScript;
    // Also write the view's first heatmap at full resolution (PNG, or SVG by extension), cellScale px per cell.
    QString exportCells;
    int cellScale = 1;
};

// --view chat: opens a chat window on the file, plays chatScript, captures the chat window.
// Returns the process exit code: 0 written, 2 bad view or unwritable output.
// Errors are printed on stderr.
int runScreenshot(const ScreenshotOptions& options);

// The views --view takes, for --help and the unknown-view error: one list.
QString screenshotViewList();

// "1280x800" -> QSize; invalid size when malformed.
QSize parseSize(const QString& text);

} // namespace cmfw
