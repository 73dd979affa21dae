#pragma once
// Where an installed workbench finds its data (the demo model, translations):
// relative to the executable, <prefix>/bin/../share/cmf-workbench, so a
// package installed under any prefix (/usr, /opt/x, a temporary directory)
// finds its own files. A workbench run from the build tree has no such
// directory and uses the build tree's files instead.
#include <QString>

namespace cmfw {

// <appDir>/../share/cmf-workbench (the GNUInstallDirs layout this build
// installs) as an absolute path when that directory exists, else "".
QString installedDataDir(const QString& appDir);
// The same for this process's executable (QCoreApplication::applicationDirPath()).
QString installedDataDir();

} // namespace cmfw
