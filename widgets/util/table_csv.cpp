#include "util/table_csv.h"

#include <QAbstractItemView>
#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QStandardPaths>
#include <QDir>
#include <QTextStream>
#include <QToolTip>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

QString cell(const QAbstractItemModel& m, const QModelIndex& i, int numberRole) {
    if (numberRole >= 0) {
        const QVariant v = m.data(i, numberRole);
        switch (v.typeId()) {
        case QMetaType::Int: case QMetaType::UInt: case QMetaType::LongLong: case QMetaType::ULongLong:
            return QString::number(v.toLongLong());
        case QMetaType::Double: case QMetaType::Float: return QString::number(v.toDouble(), 'g', 17);
        default: break;
        }
    }
    return m.data(i, Qt::DisplayRole).toString();
}

void rows(const QAbstractItemModel& m, const QModelIndex& parent, int numberRole, QTextStream& out) {
    for (int r = 0; r < m.rowCount(parent); ++r) {
        for (int c = 0; c < m.columnCount(parent); ++c) out << (c ? u","_s : QString()) << csvField(cell(m, m.index(r, c, parent), numberRole));
        out << u'\n';
        const QModelIndex first = m.index(r, 0, parent);
        if (m.hasChildren(first)) rows(m, first, numberRole, out);
    }
}

} // namespace

QString csvField(const QString& s) {
    if (!s.contains(u',') && !s.contains(u'"') && !s.contains(u'\n') && !s.contains(u'\r')) return s;
    return u'"' + QString(s).replace(u"\""_s, u"\"\""_s) + u'"';
}

QString tableCsv(const QAbstractItemModel& m, int numberRole) {
    QString text;
    QTextStream out(&text);
    for (int c = 0; c < m.columnCount(); ++c) out << (c ? u","_s : QString()) << csvField(m.headerData(c, Qt::Horizontal).toString());
    out << u'\n';
    rows(m, {}, numberRole, out);
    return text;
}

void addCsvExport(QAbstractItemView* view, std::function<QString()> suggested, int numberRole) {
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* a = new QAction(QAbstractItemView::tr("Export table as CSV…"), view);
    a->setObjectName(u"exportCsv"_s);
    QObject::connect(a, &QAction::triggered, view, [view, suggested, numberRole] {
        if (!view->model()) return;
        const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString path = QFileDialog::getSaveFileName(view, QAbstractItemView::tr("Export table as CSV"),
                                                          QDir(docs.isEmpty() ? QDir::homePath() : docs).filePath(suggested()),
                                                          QAbstractItemView::tr("CSV files (*.csv)"));
        if (path.isEmpty()) return;
        QFile f(path);
        const QByteArray bytes = tableCsv(*view->model(), numberRole).toUtf8();
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
            QToolTip::showText(view->mapToGlobal(QPoint(0, 0)), QAbstractItemView::tr("Cannot write %1").arg(path), view);
    });
    view->addAction(a);
}

} // namespace cmfw
