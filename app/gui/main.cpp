// cmf-workbench: the Qt desktop workbench for CMF v2 files.
//   cmf-workbench [FILE...]
//   cmf-workbench --screenshot OUT.png [--view NAME] [--size WxH] [--theme light|dark] [FILE]
//   cmf-workbench --screenshot OUT.png --view chat [--chat-script S.json] [FILE]
#include "app_settings.h"
#include "build_info.h"
#include "demo_model.h"
#include "main_window.h"
#include "screenshot.h"
#include "translations.h"

#include "document/cmf_document.h"
#include "util/theme.h"
#include "views/file_page.h"

#include <QApplication>
#include <QCommandLineParser>

#include <algorithm>
#include <cstdio>
#include <cstring>

using namespace Qt::StringLiterals;

int main(int argc, char** argv) {
    // --screenshot renders without a display, and --version and --help only
    // print: the platform is chosen before QApplication exists.
    for (int i = 1; i < argc; ++i)
        for (const char* printOnly : {"--version", "-v", "--help", "-h", "-?", "--help-all"})
            if ((std::strncmp(argv[i], "--screenshot", 12) == 0 || std::strcmp(argv[i], printOnly) == 0) &&
                qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
                qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    QApplication::setOrganizationName(u"cmf-workbench"_s);
    QApplication::setApplicationName(u"cmf-workbench"_s);
    QApplication::setApplicationVersion(QString::fromLatin1(cmf::build::version()));
    // The installed .desktop entry (packaging/linux): lets the desktop match
    // the windows to it (Wayland).
    QGuiApplication::setDesktopFileName(QStringLiteral(CMF_APP_ID));

    QCommandLineParser parser;
    parser.setApplicationDescription(u"CMF Workbench: open, inspect, verify and sign CMF v2 model files."_s);
    parser.addHelpOption();
    // Not addVersionOption(): ours prints the same lines as `cmf --version`
    // (revision, build, CPU features), not only the version.
    const QCommandLineOption version({u"v"_s, u"version"_s}, u"Displays version information."_s);
    parser.addOption(version);
    parser.addPositionalArgument(u"FILE"_s, u"CMF files to open"_s, u"[FILE...]"_s);
    const QCommandLineOption shot(u"screenshot"_s, u"Render a view offscreen into OUT.png and exit."_s, u"OUT"_s);
    const QCommandLineOption view(u"view"_s,
                                  u"View to show (default: overview, the first page): "_s + cmfw::screenshotViewList() +
                                      u". compare:OTHER shows FILE against OTHER; serve, the server on a free port after one request; "
                                      "import[:DIR], the Hugging Face import dialog and its preview (default DIR: the demo model's source folder)."_s,
                                  u"NAME"_s);
    const QCommandLineOption chatScript(u"chat-script"_s,
                                        u"With --view chat: a JSON list of steps ({\"user\": TEXT}, {\"skill\": ID|auto|none}, "
                                        "{\"task\": NAME|none}, {\"draft\": none|lookup|mtp}) played with greedy sampling before the capture."_s,
                                        u"S.json"_s);
    const QCommandLineOption size(u"size"_s, u"Window size for --screenshot (default 1280x800)."_s, u"WxH"_s, u"1280x800"_s);
    const QCommandLineOption language(u"language"_s, u"Interface language: en, ru, zh_CN (default: settings, else the system locale)."_s,
                                      u"LANG"_s);
    const QCommandLineOption cells(u"export-cells"_s,
                                   u"With --screenshot: also write the view's first heatmap (a mask bitmap, the bit allocation) at full resolution, PNG or SVG by extension."_s,
                                   u"OUT"_s);
    const QCommandLineOption theme(u"theme"_s, u"Appearance: light, dark or system (default: settings, else system)."_s, u"THEME"_s);
    const QCommandLineOption fontSize(u"font-size"_s, u"Interface font size in points (default: settings, else the system's)."_s, u"PT"_s);
    const QCommandLineOption cellScale(u"cell-scale"_s, u"Pixels per cell for --export-cells (default 1)."_s, u"N"_s, u"1"_s);
    parser.addOptions({shot, view, chatScript, size, language, theme, fontSize, cells, cellScale});
    parser.process(app);
    if (parser.isSet(version)) {
        std::fputs(cmf::build::versionText("cmf-workbench").c_str(), stdout);
        return 0;
    }

    cmfw::AppSettings settings;
    cmfw::installTranslations(&app, parser.isSet(language) ? parser.value(language) : settings.language());
    QApplication::setApplicationDisplayName(QCoreApplication::translate("cmfw::MainWindow", "CMF Workbench"));

    // A screenshot starts from the defaults, not the user's settings: the same picture on every machine.
    const bool screenshot = parser.isSet(shot);
    const QString themeText = parser.isSet(theme) ? parser.value(theme) : screenshot ? u"system"_s : settings.theme();
    const auto chosen = cmfw::themeFromName(themeText);
    if (!chosen) {
        std::fprintf(stderr, "cmf-workbench: --theme wants light, dark or system, not '%s'\n", themeText.toLocal8Bit().constData());
        return 2;
    }
    cmfw::applyTheme(*chosen);
    bool sizeOk = true;
    const int points = parser.isSet(fontSize) ? parser.value(fontSize).toInt(&sizeOk) : screenshot ? 0 : settings.fontSize();
    if (!sizeOk || points < 0 || points > 48) {
        std::fprintf(stderr, "cmf-workbench: --font-size wants points from 1 to 48 (0 = the system's)\n");
        return 2;
    }
    cmfw::applyFontSize(points);

    const QStringList files = parser.positionalArguments();
    if (parser.isSet(shot)) {
        cmfw::ScreenshotOptions o;
        o.output = parser.value(shot);
        o.view = parser.value(view);
        o.chatScript = parser.value(chatScript);
        o.exportCells = parser.value(cells);
        o.cellScale = std::max(1, parser.value(cellScale).toInt());
        o.size = cmfw::parseSize(parser.value(size));
        if (!o.size.isValid()) {
            std::fprintf(stderr, "cmf-workbench: --size wants WxH, e.g. 1280x800\n");
            return 2;
        }
        if (files.size() > 1) {
            std::fprintf(stderr, "cmf-workbench: --screenshot takes one FILE\n");
            return 2;
        }
        o.file = files.isEmpty() ? cmfw::demoModelPath() : files.first();
        return cmfw::runScreenshot(o);
    }

    cmfw::MainWindow w(&settings);
    w.show();
    cmfw::FilePage* last = nullptr;
    for (const QString& f : files) last = w.openFile(f);
    if (last && parser.isSet(view)) {
        const QString v = parser.value(view);
        if (v.startsWith(u"tensor:")) last->showTensor(v.mid(7));
        else if (v == u"verify") w.verifyFile(last->document()->path());
        else if (v.startsWith(u"compare:")) w.compareFiles(last->document()->path(), v.mid(8));
        else if (v == u"chat") w.openChat(last->document()->path());
        else if (const auto kind = cmfw::FilePage::viewFromName(v)) last->showView(*kind);
    }
    return app.exec();
}
