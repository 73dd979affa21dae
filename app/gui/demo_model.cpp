#include "demo_model.h"

#include <QFileInfo>

namespace cmfw {

QString demoModelPath() {
#ifdef CMF_DEMO_MODEL
    const QString path = QString::fromUtf8(CMF_DEMO_MODEL);
    return QFileInfo::exists(path) ? path : QString();
#else
    return {};
#endif
}

} // namespace cmfw
