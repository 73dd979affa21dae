#include "install_paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace cmfw {

QString installedDataDir(const QString& appDir) {
#ifdef CMF_DATA_RELDIR
    if (appDir.isEmpty()) return {};
    // CMF_DATA_RELDIR: the data directory relative to the bin directory, from
    // GNUInstallDirs at configure time ("../share/cmf-workbench").
    const QFileInfo dir(QDir(appDir).filePath(QStringLiteral(CMF_DATA_RELDIR)));
    return dir.isDir() ? dir.canonicalFilePath() : QString();
#else
    Q_UNUSED(appDir);
    return {};
#endif
}

QString installedDataDir() { return installedDataDir(QCoreApplication::applicationDirPath()); }

} // namespace cmfw
