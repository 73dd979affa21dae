#include "util/output_path.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace cmfw {

bool hasExtension(const QString& fileName) {
    const qsizetype dot = fileName.lastIndexOf(u'.');
    if (dot <= 0) return false; // none, or a hidden file's leading dot
    const QStringView suffix = QStringView(fileName).mid(dot + 1);
    if (suffix.isEmpty() || suffix.size() > 8) return false;
    bool letter = false;
    for (const QChar c : suffix) {
        if (!c.isLetterOrNumber()) return false;
        letter |= c.isLetter();
    }
    return letter;
}

QString resolveOutputPath(const QString& typed, const QString& input, const QString& extension) {
    QString t = typed.trimmed();
    if (t.isEmpty()) return {};
    if (t == u"~") t = QDir::homePath() + u'/';
    else if (t.startsWith(u"~/")) t = QDir::homePath() + t.mid(1);
    const bool folder = t.endsWith(u'/') || t.endsWith(QDir::separator());
    if (QDir::isRelativePath(t)) t = QFileInfo(input).absoluteDir().filePath(t);
    QString path = QDir::cleanPath(t);
    if (folder) return path.endsWith(u'/') ? path : path + u'/';
    if (!hasExtension(QFileInfo(path).fileName())) path += extension;
    return path;
}

} // namespace cmfw
