#include "demo_model.h"

#include "install_paths.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace cmfw {

QString demoModelPath(const QString& appDir) {
    const QString data = installedDataDir(appDir);
    if (!data.isEmpty()) {
        const QString path = data + QStringLiteral("/demo/tiny-chat.cmf");
        return QFileInfo::exists(path) ? path : QString();
    }
#ifdef CMF_DEMO_MODEL
    const QString path = QString::fromUtf8(CMF_DEMO_MODEL);
    return QFileInfo::exists(path) ? path : QString();
#else
    return {};
#endif
}

QString demoModelPath() { return demoModelPath(QCoreApplication::applicationDirPath()); }

} // namespace cmfw
