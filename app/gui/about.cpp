#include "about.h"

#include "build_info.h"

#include <QCoreApplication>
#include <QStringList>

#include <string>
#include <vector>

namespace cmfw {

QString aboutText() {
    // The context and text of MainWindow's earlier About box: its existing
    // translations keep working.
    QString text = QCoreApplication::translate("cmfw::MainWindow",
                                               "<h3>CMF Workbench %1</h3><p>Open, inspect, verify and sign CMF v2 model files.</p>"
                                               "<p>Qt %2</p>")
                       .arg(QString::fromLatin1(cmf::build::version()), QString::fromLatin1(qVersion()));
    // Skip "cmf-workbench 0.1.0": the heading says it.
    const std::vector<std::string> lines = cmf::build::versionLines("cmf-workbench");
    QStringList build;
    for (size_t i = 1; i < lines.size(); ++i) build << QString::fromStdString(lines[i]).toHtmlEscaped();
    // Monospace, lines kept, but wrapped at spaces: the cpu line (features and
    // kernels) is wider than the box and a <pre> would run past its edge.
    text += QStringLiteral("<p style=\"white-space: pre-wrap; font-family: monospace\">") + build.join(u'\n') + QStringLiteral("</p>");
    return text;
}

} // namespace cmfw
