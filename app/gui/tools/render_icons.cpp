// cmf_render_icons OUTDIR: writes the workbench's window icon (icons.cpp,
// appIcon()) as OUTDIR/<N>x<N>/apps/cmf-workbench.png for the hicolor theme,
// so the installed icon and the one in the title bar are the same drawing.
// Run at build time, offscreen.
#include "icons.h"

#include <QDir>
#include <QGuiApplication>
#include <QPixmap>

#include <cstdio>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: cmf_render_icons OUTDIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    const QIcon icon = cmfw::appIcon();
    for (int size : {16, 32, 48, 64, 128, 256}) {
        const QString dir = out.filePath(QStringLiteral("%1x%1/apps").arg(size));
        const QString file = dir + QStringLiteral("/cmf-workbench.png");
        const QPixmap pm = icon.pixmap(QSize(size, size));
        if (pm.size() != QSize(size, size) || !QDir().mkpath(dir) || !pm.save(file, "PNG")) {
            std::fprintf(stderr, "cmf_render_icons: cannot write %s\n", qPrintable(file));
            return 1;
        }
    }
    return 0;
}
