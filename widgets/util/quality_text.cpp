#include "util/quality_text.h"

#include <QCoreApplication>

namespace cmfw {

// The strings keep the Tasks page's translation context, where they were first written.
QString maskQualityText(const nlohmann::json& q) {
    if (q.is_null()) return QCoreApplication::translate("cmfw::TasksView", "not measured");
    if (q.contains("value") && q["value"].is_number())
        return QCoreApplication::translate("cmfw::TasksView", "held-out ppl ×%1 (dense %2)")
            .arg(q["value"].get<double>(), 0, 'f', 3)
            .arg(q.value("baseline_dense", 0.0), 0, 'f', 2);
    return QString::fromStdString(q.dump());
}

QString skillQualityText(const nlohmann::json& q) {
    if (q.is_null()) return QCoreApplication::translate("cmfw::TasksView", "not measured");
    if (q.contains("backbone") && q.contains("overlaid") && q["backbone"].is_number() && q["overlaid"].is_number())
        return QCoreApplication::translate("cmfw::TasksView", "ppl %1 → %2")
            .arg(q["backbone"].get<double>(), 0, 'f', 2)
            .arg(q["overlaid"].get<double>(), 0, 'f', 2);
    return QString::fromStdString(q.dump());
}

} // namespace cmfw
