#include "views/signature_view.h"
#include "util/tones.h"
#include "util/tones.h"

#include "document/cmf_document.h"
#include "jobs/job.h"
#include "models/log_model.h"
#include "util/labels.h"
#include "util/trusted_keys.h"
#include "views/trust_dialog.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

SignatureView::SignatureView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), services_(services) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    lay->addWidget(makeTitle(tr("Signature"), this));
    lay->addWidget(makeNote(tr("A detached Ed25519 signature <file>.sig proves who published the file: it signs the "
                               "SHA-256 of the whole file, so the container itself is never rewritten (spec §8.2). "
                               "Its absence is not an error."),
                            this));
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_->setTextFormat(Qt::RichText);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_->setMargin(8);
    lay->addWidget(status_);
    fields_ = new QLabel(this);
    fields_->setTextFormat(Qt::RichText);
    fields_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    fields_->setWordWrap(true);
    lay->addWidget(fields_);
    auto* buttons = new QHBoxLayout();
    auto* again = new QPushButton(tr("Check again"), this);
    auto* verify = new QPushButton(tr("Verify the whole file…"), this);
    auto* sign = new QPushButton(tr("Sign…"), this);
    trust_ = new QPushButton(tr("Trust this signer…"), this);
    trust_->hide();
    buttons->addWidget(again);
    buttons->addWidget(verify);
    buttons->addWidget(sign);
    buttons->addWidget(trust_);
    buttons->addStretch(1);
    lay->addLayout(buttons);
    lay->addStretch(1);
    connect(again, &QPushButton::clicked, this, &SignatureView::check);
    connect(verify, &QPushButton::clicked, this, [this] { Q_EMIT verifyRequested(doc_->path()); });
    connect(sign, &QPushButton::clicked, this, [this] { Q_EMIT signRequested(doc_->path()); });
    connect(trust_, &QPushButton::clicked, this, [this] {
        if (!info_) return;
        if (TrustDialog::ask(this, services_.trusted, info_->check.pubkey)) show(*info_);
    });
    connect(services_.trusted, &TrustedKeyList::changed, this, [this] {
        if (info_) show(*info_);
    });
    onThemeChange(this, [this] { // the status box's fill is the theme's
        if (info_) show(*info_);
    });
    check();
}

bool SignatureView::busy() const { return job_ && job_->isRunning(); }

QString SignatureView::statusText() const { return status_->text(); }

void SignatureView::check() {
    status_->setText(tr("Checking %1.sig against the file…").arg(doc_->fileName()));
    status_->setStyleSheet(QString());
    job_ = services_.jobs->start(u"signature:"_s + doc_->path(), tr("Check signature of %1").arg(doc_->fileName()),
                                 jobs::checkSignature(doc_->path()), [](const QVariant& v) {
                                     const auto i = v.value<SignatureInfo>();
                                     return !i.check.present ? tr("no signature") : i.check.valid ? tr("valid") : tr("INVALID");
                                 });
    connect(job_, &Job::succeeded, this, [this](const QVariant& v) { show(v.value<SignatureInfo>()); });
    connect(job_, &Job::failed, this, [this](const QString&, const QString& m) {
        status_->setText(tr("Could not check the signature: %1").arg(m.toHtmlEscaped()));
    });
    connect(job_, &Job::finished, this, [this] { Q_EMIT checked(); });
}

void SignatureView::show(const SignatureInfo& info) {
    info_ = info;
    const auto& c = info.check;
    const auto trusted = c.pubkey.empty() ? std::nullopt : services_.trusted->find(QString::fromStdString(c.pubkey));
    QString text;
    QString style;
    if (!c.present) {
        text = tr("<b>Not signed.</b> There is no %1 beside the file.").arg(QFileInfo(info.sigPath).fileName().toHtmlEscaped());
        style = u"background: "_s + toneFill(Tone::Muted).name() + u";"_s;
    } else if (c.valid) {
        text = tr("<b>Signature valid.</b> The file is exactly what the holder of this key signed.");
        text += u"<br>" + (trusted ? tr("Signer: <b>%1</b> (in your trusted keys).").arg(trusted->name.toHtmlEscaped())
                                   : tr("The signer is <b>not</b> in your trusted keys: anyone can make a valid signature "
                                        "with their own key. Check the key below with its owner before trusting it."));
        style = u"background: "_s + toneFill(trusted ? Tone::Good : Tone::Warn).name() + u";"_s;
    } else {
        text = tr("<b>Signature INVALID:</b> %1").arg(QString::fromStdString(c.detail).toHtmlEscaped());
        style = u"background: "_s + toneFill(Tone::Bad).name() + u";"_s;
    }
    status_->setText(text);
    status_->setStyleSheet(u"QLabel { "_s + style + u" border-radius: 4px; }");
    trust_->setVisible(c.present && c.valid && !trusted);
    if (c.present) {
        auto row = [](const QString& k, const QString& v) -> QString {
            return u"<tr><td style='padding-right:12px'>"_s + k + u"</td><td><code>" + v.toHtmlEscaped() + u"</code></td></tr>";
        };
        fields_->setText(u"<table>"_s + row(tr("File"), info.sigPath) + row(tr("Algorithm"), info.alg) +
                         row(tr("Public key"), info.pubkey) + row(tr("SHA-256"), info.sha256) +
                         row(tr("Signature"), info.sig.left(64) + (info.sig.size() > 64 ? u"…"_s : QString())) +
                         u"</table>");
    } else {
        fields_->clear();
    }
}

} // namespace cmfw
