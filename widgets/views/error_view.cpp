#include "views/error_view.h"
#include "util/tones.h"

#include "util/explanations.h"
#include "util/format_text.h"
#include "util/labels.h"

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

// The first bytes as hex and as text, like `xxd | head -2`.
QString firstBytes(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray b = f.read(32); // a few bytes: no real I/O cost on the GUI thread
    QString out;
    for (qsizetype row = 0; row < b.size(); row += 16) {
        QString hex, text;
        for (qsizetype i = row; i < std::min(b.size(), row + 16); ++i) {
            const auto c = uchar(b[i]);
            hex += QStringLiteral("%1 ").arg(c, 2, 16, QLatin1Char('0'));
            text += (c >= 0x20 && c < 0x7f) ? QChar(char16_t(c)) : QChar(u'.');
        }
        out += QStringLiteral("%1  %2 %3\n").arg(row, 8, 16, QLatin1Char('0')).arg(hex, -48).arg(text);
    }
    return out.trimmed();
}

} // namespace

ErrorView::ErrorView(std::shared_ptr<const CmfDocument> doc, QWidget* parent) : QWidget(parent), doc_(std::move(doc)) {
    const OpenError err = doc_->error().value_or(OpenError{});
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(24, 20, 24, 20);
    auto* top = new QHBoxLayout();
    auto* icon = new QLabel(this);
    icon->setPixmap(QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical).pixmap(48, 48));
    top->addWidget(icon, 0, Qt::AlignTop);
    auto* titles = new QVBoxLayout();
    title_ = makeTitle(Explain::errorTitle(err.kind), this);
    titles->addWidget(title_);
    const QFileInfo fi(doc_->path());
    titles->addWidget(makeNote(tr("%1 could not be opened as a CMF v2 file.").arg(doc_->path()), this));
    top->addLayout(titles, 1);
    lay->addLayout(top);

    auto* grid = new QGridLayout();
    grid->setColumnStretch(1, 1);
    grid->setVerticalSpacing(10);
    int r = 0;
    auto row = [&](const QString& name, QWidget* value) {
        auto* n = makeHeading(name, this);
        grid->addWidget(n, r, 0, Qt::AlignTop);
        grid->addWidget(value, r++, 1);
    };
    message_ = makeValue(err.message, this, true);
    message_->setWordWrap(true);
    setTone(message_, Tone::Bad);
    row(tr("What is wrong"), message_);
    row(tr("Error kind"), makeValue(Explain::errorKindName(err.kind), this, true));
    auto* meaning = makeValue(Explain::errorExplanation(err.kind), this);
    meaning->setWordWrap(true);
    row(tr("What it means"), meaning);
    const QString rule = Explain::errorSpecRule(err.kind);
    if (!rule.isEmpty()) {
        auto* l = makeValue(rule, this);
        l->setWordWrap(true);
        row(tr("Rule"), l);
    }
    if (fi.exists()) {
        row(tr("File size"), makeValue(tr("%1 bytes (%2)").arg(Text::count(uint64_t(fi.size())), Text::bytes(uint64_t(fi.size()))), this));
        const QString bytes = firstBytes(doc_->path());
        if (!bytes.isEmpty()) row(tr("First bytes"), makeValue(bytes, this, true));
    }
    lay->addLayout(grid);
    lay->addWidget(makeNote(tr("A CMF reader must refuse such a file rather than read it as best it can (spec §1.2). "
                               "If you expected a valid file, it was probably truncated or changed after it was written: "
                               "download or copy it again."),
                            this));
    lay->addStretch(1);
}

QString ErrorView::titleText() const { return title_->text(); }

QString ErrorView::messageText() const { return message_->text(); }

} // namespace cmfw
