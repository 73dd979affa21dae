#include "views/verify_sign_panel.h"
#include "util/tones.h"

#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "util/explanations.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/trusted_keys.h"
#include "views/trust_dialog.h"

#include <algorithm>

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

const QString kGreen = u"#1b7f3a"_s;
const QString kRed = u"#b01c1c"_s;
const QString kGrey = u"#6b6b6b"_s;

QString firstLocalFile(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) return {};
    for (const QUrl& u : mime->urls())
        if (u.isLocalFile() && QFileInfo(u.toLocalFile()).isFile()) return u.toLocalFile();
    return {};
}

// A public key in groups of 16 hex digits, so that its 64 digits wrap inside
// the panel's 270-pixel column instead of running past its edge (the
// Signature page shows it whole, on one selectable line).
QString groupedKey(const QString& pubkey) {
    QStringList groups;
    for (qsizetype i = 0; i < pubkey.size(); i += 16) groups << pubkey.mid(i, 16);
    return groups.join(u' ');
}

QString keyHtml(const QString& pubkey) { return u"<code>"_s + groupedKey(pubkey).toHtmlEscaped() + u"</code>"_s; }

} // namespace

VerifySignPanel::VerifySignPanel(Services services, QWidget* parent) : QWidget(parent), services_(services) {
    setAcceptDrops(true);
    // Four blocks, arranged by setOrientation(): actions, result, report, key.
    actionsBlock_ = new QWidget(this);
    auto* al = new QVBoxLayout(actionsBlock_);
    al->setContentsMargins(0, 0, 0, 0);
    drop_ = new QFrame(actionsBlock_);
    drop_->setObjectName(QStringLiteral("dropZone"));
    auto* dl = new QVBoxLayout(drop_);
    dl->setContentsMargins(6, 6, 6, 6);
    dl->setSpacing(2);
    dropText_ = new QLabel(tr("Drop a CMF file here to verify it"), drop_);
    dropText_->setAlignment(Qt::AlignCenter);
    dropText_->setWordWrap(true);
    fileLabel_ = new QLabel(tr("No file chosen"), drop_);
    fileLabel_->setAlignment(Qt::AlignCenter);
    fileLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = fileLabel_->font();
    bold.setBold(true);
    fileLabel_->setFont(bold);
    auto* choose = new QPushButton(tr("Choose file…"), drop_);
    dl->addWidget(dropText_);
    dl->addWidget(fileLabel_);
    dl->addWidget(choose, 0, Qt::AlignHCenter);
    al->addWidget(drop_);
    setDropHighlight(false);
    auto* buttons = new QHBoxLayout();
    verify_ = new QPushButton(tr("Verify"), actionsBlock_);
    verify_->setToolTip(tr("Check every hash of the file and its .sig"));
    sign_ = new QPushButton(tr("Sign"), actionsBlock_);
    sign_->setToolTip(tr("Write <file>.sig with your signing key"));
    buttons->addWidget(verify_, 1);
    buttons->addWidget(sign_, 1);
    al->addLayout(buttons);
    auto* prow = new QHBoxLayout();
    progress_ = new QProgressBar(actionsBlock_);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(true);
    cancel_ = new QPushButton(tr("Cancel"), actionsBlock_);
    prow->addWidget(progress_, 1);
    prow->addWidget(cancel_);
    al->addLayout(prow);
    phase_ = new QLabel(actionsBlock_);
    phase_->setWordWrap(true);
    al->addWidget(phase_);
    al->addStretch(1);

    resultBlock_ = new QWidget(this);
    auto* rl = new QVBoxLayout(resultBlock_);
    rl->setContentsMargins(0, 0, 0, 0);
    badge_ = new QLabel(resultBlock_);
    badge_->setAlignment(Qt::AlignCenter);
    QFont bf = badge_->font();
    bf.setBold(true);
    bf.setPointSizeF(bf.pointSizeF() * 1.3);
    badge_->setFont(bf);
    badge_->setMinimumHeight(34);
    rl->addWidget(badge_);
    summary_ = new QLabel(resultBlock_);
    summary_->setWordWrap(true);
    rl->addWidget(summary_);
    signature_ = new QLabel(resultBlock_);
    signature_->setWordWrap(true);
    signature_->setTextFormat(Qt::RichText);
    signature_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rl->addWidget(signature_);
    trust_ = new QPushButton(tr("Trust this signer…"), resultBlock_);
    rl->addWidget(trust_, 0, Qt::AlignLeft);
    rl->addStretch(1);

    report_ = new QTextBrowser(this);
    report_->setOpenLinks(false);
    report_->setAcceptDrops(false);
    report_->setPlaceholderText(tr("What Verify finds is listed here, each problem with what it means."));

    keyBlock_ = new QWidget(this);
    auto* kl = new QVBoxLayout(keyBlock_);
    kl->setContentsMargins(0, 0, 0, 0);
    kl->addWidget(makeHeading(tr("Signing key"), keyBlock_));
    keyLabel_ = new QLabel(keyBlock_);
    keyLabel_->setWordWrap(true);
    keyLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    kl->addWidget(keyLabel_);
    auto* krow = new QHBoxLayout();
    auto* chooseKeyButton = new QPushButton(tr("Choose key…"), keyBlock_);
    auto* genKey = new QPushButton(tr("Generate key…"), keyBlock_);
    krow->addWidget(chooseKeyButton, 1);
    krow->addWidget(genKey, 1);
    kl->addLayout(krow);
    keyWarning_ = new QLabel(keyBlock_);
    keyWarning_->setWordWrap(true);
    keyWarning_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setToneBox(keyWarning_, Tone::Warn, u"QLabel"_s, u"border-radius: 4px; padding: 4px;"_s);
    keyWarning_->hide();
    kl->addWidget(keyWarning_);
    kl->addStretch(1);

    auto* lay = new QBoxLayout(QBoxLayout::TopToBottom, this);
    lay->setContentsMargins(8, 6, 8, 6);
    orientation_ = Qt::Horizontal; // forces the first arrangement
    setOrientation(Qt::Vertical);

    connect(choose, &QPushButton::clicked, this, &VerifySignPanel::chooseFile);
    connect(verify_, &QPushButton::clicked, this, &VerifySignPanel::verify);
    connect(sign_, &QPushButton::clicked, this, [this] {
        if (keyPath_.isEmpty()) chooseKey();
        if (!keyPath_.isEmpty()) sign();
    });
    connect(cancel_, &QPushButton::clicked, this, &VerifySignPanel::cancel);
    connect(chooseKeyButton, &QPushButton::clicked, this, &VerifySignPanel::chooseKey);
    connect(genKey, &QPushButton::clicked, this, &VerifySignPanel::askGenerateKey);
    connect(trust_, &QPushButton::clicked, this, [this] {
        if (outcome_ && TrustDialog::ask(this, services_.trusted, outcome_->signature.pubkey)) showSignature(*outcome_);
    });
    connect(services_.trusted, &TrustedKeyList::changed, this, [this] {
        if (outcome_) showSignature(*outcome_);
    });
    setKeyPath(QString());
    setStatus(Status::Idle);
}

void VerifySignPanel::setOrientation(Qt::Orientation o) {
    if (o == orientation_) return;
    orientation_ = o;
    auto* lay = static_cast<QBoxLayout*>(layout());
    while (lay->count() > 0) delete lay->takeAt(0); // items only; the blocks stay children of the panel
    if (o == Qt::Vertical) {
        lay->setDirection(QBoxLayout::TopToBottom);
        lay->addWidget(actionsBlock_);
        lay->addWidget(resultBlock_);
        lay->addWidget(report_, 1);
        lay->addWidget(keyBlock_);
        for (QWidget* w : {actionsBlock_, resultBlock_, keyBlock_}) {
            w->setMinimumWidth(0);
            w->setMaximumWidth(QWIDGETSIZE_MAX);
        }
    } else {
        // In a bottom dock: four columns, the report taking what is left.
        lay->setDirection(QBoxLayout::LeftToRight);
        lay->addWidget(actionsBlock_, 0);
        lay->addWidget(resultBlock_, 0);
        lay->addWidget(report_, 1);
        lay->addWidget(keyBlock_, 0);
        actionsBlock_->setFixedWidth(270);
        resultBlock_->setFixedWidth(270);
        keyBlock_->setFixedWidth(250);
    }
    lay->setSpacing(o == Qt::Vertical ? 6 : 12);
    fitWrappedLabels();
}

void VerifySignPanel::fitWrappedLabels() {
    // In columns the layout gives a wrapped label only its one-line minimum
    // (a horizontal row cannot pass a height-for-width down), so a new key's
    // warning or a long signer line would be cut: each wrapped label of a
    // column is held at the height its text needs at the column's width.
    // Beside the tabs (one column) the layout does this itself.
    for (QWidget* block : {actionsBlock_, resultBlock_, keyBlock_})
        for (QLabel* l : block->findChildren<QLabel*>(Qt::FindDirectChildrenOnly)) {
            if (!l->wordWrap()) continue;
            const int need = orientation_ == Qt::Horizontal && !l->isHidden() && !l->text().isEmpty()
                                 ? l->heightForWidth(block->maximumWidth())
                                 : 0;
            if (l->minimumHeight() != need) l->setMinimumHeight(need);
        }
}

bool VerifySignPanel::event(QEvent* e) {
    // A label's text or visibility changed: the panel's layout is redone; the heights follow first.
    if (e->type() == QEvent::LayoutRequest) fitWrappedLabels();
    return QWidget::event(e);
}

void VerifySignPanel::setDropHighlight(bool on) {
    if (on) setToneBox(drop_, Tone::Accent, u"QFrame#dropZone"_s, u"border: 2px dashed "_s + toneHex(Tone::Accent) + u"; border-radius: 6px;"_s);
    else setToneBox(drop_, Tone::Muted, u"QFrame#dropZone"_s, u"border: 2px dashed "_s + toneHex(Tone::Muted) + u"; border-radius: 6px; background: transparent;"_s);
}

void VerifySignPanel::setFile(const QString& path) {
    const QString abs = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    if (abs == file_) return; // the same file: its result and running job stay
    if (job_ && job_->isRunning()) {
        // The job was for the file the panel named before; what it finds is
        // no longer about what the panel shows, so it stops and is dropped.
        services_.log->info(abs.isEmpty() ? tr("%1 stopped: the Verify / Sign panel no longer has a file").arg(job_->title())
                                          : tr("%1 stopped: the Verify / Sign panel now acts on %2")
                                                .arg(job_->title(), QFileInfo(abs).fileName()));
        job_->cancel();
    }
    job_ = nullptr;
    file_ = abs;
    fileLabel_->setText(file_.isEmpty() ? tr("No file chosen") : QFileInfo(file_).fileName());
    fileLabel_->setToolTip(QDir::toNativeSeparators(file_));
    outcome_.reset();
    signed_.reset();
    setStatus(Status::Idle);
    Q_EMIT fileChanged(file_);
}

QString VerifySignPanel::title() const {
    return file_.isEmpty() ? tr("Verify / Sign") : tr("Verify / Sign — %1").arg(QFileInfo(file_).fileName());
}

QString VerifySignPanel::fileLabelText() const { return fileLabel_->text(); }

QString VerifySignPanel::fileLabelToolTip() const { return fileLabel_->toolTip(); }

void VerifySignPanel::setKeyPath(const QString& path) {
    const bool changed = path != keyPath_;
    keyPath_ = path;
    keyLabel_->setText(path.isEmpty() ? tr("No key chosen. Sign needs a private key file; generate one if you have none.")
                                      : QFileInfo(path).fileName());
    keyLabel_->setToolTip(path);
    updateButtons();
    if (changed) Q_EMIT keyPathChanged(path);
}

void VerifySignPanel::updateButtons() {
    const bool busy = job_ && job_->isRunning();
    verify_->setEnabled(!file_.isEmpty() && !busy);
    sign_->setEnabled(!file_.isEmpty() && !busy);
    cancel_->setEnabled(busy);
}

void VerifySignPanel::setStatus(Status s) {
    status_ = s;
    const bool busy = s == Status::Verifying || s == Status::Signing;
    progress_->setVisible(busy);
    cancel_->setVisible(busy);
    phase_->setVisible(busy);
    if (busy || s == Status::Idle) {
        badge_->hide();
        summary_->clear();
        signature_->clear();
        trust_->hide();
        report_->clear();
    }
    if (s == Status::Idle)
        summary_->setText(file_.isEmpty() ? tr("Drop a file or choose one, then Verify or Sign.")
                                          : tr("Verify checks every hash of %1 and its signature.").arg(QFileInfo(file_).fileName()));
    updateButtons();
    Q_EMIT statusChanged(s);
}

void VerifySignPanel::setBadge(const QString& text, const QString& color) {
    badge_->setText(text);
    badge_->setStyleSheet(u"QLabel { color: white; background: "_s + color + u"; border-radius: 6px; padding: 6px; }");
    badge_->show();
}

QString VerifySignPanel::badgeText() const { return badge_->isVisibleTo(this) ? badge_->text() : QString(); }

QString VerifySignPanel::reportText() const { return report_->toPlainText(); }

QString VerifySignPanel::signatureText() const { return signature_->text(); }

QString VerifySignPanel::keyWarningText() const { return keyWarning_->isVisibleTo(this) ? keyWarning_->text() : QString(); }

void VerifySignPanel::setBusy(Job* job, const QString& what) {
    job_ = job;
    progress_->setValue(0);
    progress_->setFormat(QStringLiteral("%p%"));
    phase_->setText(what);
    const quint64 id = job->id();
    connect(job, &Job::progressChanged, this, [this, id](double f, const QString& phase) {
        if (!job_ || job_->id() != id) return;
        if (f >= 0) progress_->setValue(int(f * 1000));
        QString text = JobRunner::phaseText(phase);
        const double eta = job_->etaSeconds();
        if (eta >= 0) text += u" · " + tr("about %1 left").arg(Text::duration(int64_t(eta * 1000)));
        phase_->setText(text);
    });
    updateButtons();
}

Job* VerifySignPanel::verify() {
    if (file_.isEmpty()) return nullptr;
    outcome_.reset();
    const QString name = QFileInfo(file_).fileName();
    // One verification at a time in this panel: a new one supersedes the old.
    Job* job = services_.jobs->start(u"verify-panel"_s, tr("Verify %1").arg(name), jobs::verify(file_), [](const QVariant& v) {
        const auto o = v.value<VerifyOutcome>();
        if (!o.opened) return tr("not a valid CMF file");
        return o.ok() ? tr("valid") : tr("%n problem(s)", nullptr, int(o.report.problems.size() + (o.signature.present && !o.signature.valid)));
    });
    setStatus(Status::Verifying);
    setBusy(job, tr("Verifying %1…").arg(name));
    const quint64 id = job->id();
    connect(job, &Job::succeeded, this, [this, id](const QVariant& v) {
        if (!job_ || job_->id() != id) return;
        showOutcome(v.value<VerifyOutcome>());
    });
    connect(job, &Job::failed, this, [this, id, name](const QString& kind, const QString& message) {
        if (!job_ || job_->id() != id) return;
        setStatus(Status::Failed);
        setBadge(tr("ERROR"), kRed);
        summary_->setText(tr("Could not verify: %1 (%2)").arg(message, kind));
        services_.log->error(tr("Verify %1 failed: %2").arg(name, message));
        Q_EMIT verifyFinished(false);
    });
    connect(job, &Job::finished, this, [this, id, name](Job::State state) {
        if (!job_ || job_->id() != id) return;
        if (state == Job::State::Cancelled || state == Job::State::Superseded) {
            // Nothing of a cancelled run is kept: no badge, no partial report.
            outcome_.reset();
            setStatus(Status::Cancelled);
            summary_->setText(tr("Verification cancelled; nothing was changed."));
            services_.log->info(tr("Verify %1 cancelled").arg(name));
            Q_EMIT verifyFinished(false);
        }
        updateButtons();
    });
    return job;
}

QString VerifySignPanel::openErrorHtml(const VerifyOutcome& o) {
    return u"<p><b>"_s + Explain::errorTitle(o.openErrorKind).toHtmlEscaped() + u"</b><br><code>" + o.openError.toHtmlEscaped() +
           u"</code></p><p>" + Explain::errorExplanation(o.openErrorKind).toHtmlEscaped() + u"</p>";
}

QString VerifySignPanel::problemsHtml(const std::vector<cmf::Problem>& list) {
    QString html;
    for (const auto& p : list) {
        html += u"<p><b>"_s + Explain::problemTitle(p.kind).toHtmlEscaped() + u"</b>";
        if (!p.where.empty()) html += u" — <code>" + QString::fromStdString(p.where).toHtmlEscaped() + u"</code>";
        html += u"<br>" + Explain::problemExplanation(p.kind).toHtmlEscaped();
        html += u"<br><span style='color:" + toneHex(Tone::Muted) + u"'><code>" + QString::fromStdString(p.detail).toHtmlEscaped() + u"</code></span></p>";
    }
    return html;
}

void VerifySignPanel::showOutcome(const VerifyOutcome& o) {
    outcome_ = o;
    const QString name = QFileInfo(o.path).fileName();
    const bool ok = o.ok();
    setStatus(ok ? Status::Valid : Status::Invalid);
    QString html;
    if (!o.opened) {
        setBadge(u"✘ "_s + tr("NOT A VALID CMF FILE"), kRed);
        summary_->setText(Explain::errorTitle(o.openErrorKind));
        html = openErrorHtml(o);
        services_.log->error(tr("%1 is not a valid CMF file: %2").arg(name, o.openError));
    } else {
        const int nProblems = int(o.report.problems.size()) + (o.signature.present && !o.signature.valid ? 1 : 0);
        setBadge(ok ? u"✔ "_s + tr("VALID") : u"✘ "_s + tr("INVALID"), ok ? kGreen : kRed);
        summary_->setText(tr("%n tensor(s), %1 hashed in %2.", nullptr, int(o.report.tensorsChecked))
                              .arg(Text::bytes(o.report.bytesHashed), Text::duration(o.ms)) +
                          u' ' + (ok ? tr("Every hash matches.") : tr("%n problem(s) found.", nullptr, nProblems)));
        html = problemsHtml(o.report.problems);
        if (o.signature.present && !o.signature.valid) {
            html += u"<p><b>"_s + Explain::problemTitle("signature").toHtmlEscaped() + u"</b> — <code>" +
                    QString(name + u".sig").toHtmlEscaped() + u"</code><br>" + Explain::problemExplanation("signature").toHtmlEscaped() +
                    u"<br><span style='color:" + toneHex(Tone::Muted) + u"'><code>" + QString::fromStdString(o.signature.detail).toHtmlEscaped() +
                    u"</code></span></p>";
        }
        if (ok)
            html = u"<p><b>"_s + tr("No problems.").toHtmlEscaped() + u"</b> " +
                   tr("Every tensor hash, the header and directory hashes and the section hashes match what the file "
                      "recorded when it was written; every tensor payload has the structure its dtype requires.")
                       .toHtmlEscaped() +
                   u"</p>";
        // True of the file but no failure: bytes that no hash covers (verify --strict fails on them).
        if (!o.report.notes.empty())
            html += u"<p><i>"_s + tr("Note:").toHtmlEscaped() + u"</i></p>" + problemsHtml(o.report.notes);
        if (ok) services_.log->info(tr("%1 verified: every hash matches").arg(name));
        else services_.log->warning(tr("%1 failed verification: %n problem(s)", nullptr, nProblems).arg(name));
    }
    report_->setHtml(html);
    showSignature(o);
    Q_EMIT verifyFinished(ok);
}

void VerifySignPanel::showRefusal(const SignOutcome& s) {
    const QString name = QFileInfo(s.path).fileName();
    setStatus(Status::Refused);
    setBadge(u"✘ "_s + tr("NOT SIGNED"), kRed);
    if (!s.check.opened) {
        summary_->setText(tr("Not signed: %1 is not a valid CMF file (%2).").arg(name, Explain::errorTitle(s.check.openErrorKind)));
        report_->setHtml(openErrorHtml(s.check));
        services_.log->error(tr("Refused to sign %1: it is not a valid CMF file: %2").arg(name, s.check.openError));
    } else {
        const int n = int(s.check.report.problems.size());
        summary_->setText(tr("Not signed: %1 fails verification (%n problem(s)); no .sig was written.", nullptr, n).arg(name));
        report_->setHtml(u"<p>"_s +
                         tr("A signature vouches for the file's bytes; these no longer match what the file recorded when "
                            "it was written, so it is not signed.")
                             .toHtmlEscaped() +
                         u"</p>" + problemsHtml(s.check.report.problems));
        services_.log->error(tr("Refused to sign %1: it fails verification, %n problem(s)", nullptr, n).arg(name));
    }
    Q_EMIT signFinished(false);
}

void VerifySignPanel::showSignature(const VerifyOutcome& o) {
    trust_->hide();
    if (!o.opened) {
        signature_->clear();
        return;
    }
    const auto& s = o.signature;
    if (!s.present) {
        signature_->setText(tr("Not signed (no .sig beside the file)."));
        return;
    }
    const QString key = keyHtml(QString::fromStdString(s.pubkey));
    if (!s.valid) {
        signature_->setText(u"<span style='color:"_s + toneHex(Tone::Bad) + u"'>" + tr("Signature INVALID.") + u"</span> " +
                            (s.pubkey.empty() ? QString() : tr("Claimed signer: %1").arg(key)));
        return;
    }
    const auto trusted = services_.trusted->find(QString::fromStdString(s.pubkey));
    QString text = u"<span style='color:"_s + toneHex(Tone::Good) + u"'>" + tr("Signature valid.") + u"</span> " + tr("Signer: %1").arg(key);
    if (trusted)
        text += u"<br>" + tr("Trusted key: <b>%1</b>").arg(trusted->name.toHtmlEscaped());
    else
        text += u"<br><span style='color:" + toneHex(Tone::Warn) + u"'>" + tr("This signer is not in your trusted keys.") + u"</span>";
    signature_->setText(text);
    trust_->setVisible(!trusted);
}

void VerifySignPanel::cancel() {
    if (job_ && job_->isRunning()) job_->cancel();
}

Job* VerifySignPanel::sign() {
    if (file_.isEmpty() || keyPath_.isEmpty()) return nullptr;
    const QString name = QFileInfo(file_).fileName();
    Job* job = services_.jobs->start(u"sign-panel"_s, tr("Sign %1").arg(name), jobs::sign(file_, keyPath_), [](const QVariant& v) {
        const auto o = v.value<SignOutcome>();
        if (o.refused()) return o.check.opened ? tr("refused: fails verification") : tr("refused: not a valid CMF file");
        return tr("wrote %1").arg(QFileInfo(o.sigPath).fileName());
    });
    outcome_.reset();
    signed_.reset();
    setStatus(Status::Signing);
    setBusy(job, tr("Verifying and signing %1…").arg(name));
    const quint64 id = job->id();
    connect(job, &Job::succeeded, this, [this, id](const QVariant& v) {
        if (!job_ || job_->id() != id) return;
        signed_ = v.value<SignOutcome>();
        if (signed_->refused()) {
            showRefusal(*signed_);
            return;
        }
        setStatus(Status::Signed);
        setBadge(u"✔ "_s + tr("SIGNED"), kGreen);
        const auto trusted = services_.trusted->find(signed_->pubkey);
        summary_->setText(tr("Wrote %1.").arg(QFileInfo(signed_->sigPath).fileName()));
        signature_->setText(tr("Signer: %1").arg(keyHtml(signed_->pubkey)) +
                            (trusted ? u"<br>" + tr("Trusted key: <b>%1</b>").arg(trusted->name.toHtmlEscaped()) : QString()));
        services_.log->info(tr("Signed %1: wrote %2").arg(QFileInfo(signed_->path).fileName(), signed_->sigPath));
        Q_EMIT signFinished(true);
    });
    connect(job, &Job::failed, this, [this, id, name](const QString&, const QString& message) {
        if (!job_ || job_->id() != id) return;
        setStatus(Status::Failed);
        setBadge(tr("NOT SIGNED"), kRed);
        summary_->setText(tr("Signing failed: %1").arg(message));
        services_.log->error(tr("Signing %1 failed: %2").arg(name, message));
        Q_EMIT signFinished(false);
    });
    connect(job, &Job::finished, this, [this, id](Job::State state) {
        if (!job_ || job_->id() != id) return;
        if (state == Job::State::Cancelled || state == Job::State::Superseded) {
            setStatus(Status::Cancelled);
            summary_->setText(tr("Signing cancelled; no .sig was written."));
            Q_EMIT signFinished(false);
        }
        updateButtons();
    });
    return job;
}

Job* VerifySignPanel::generateKey(const QString& path) {
    Job* job = services_.jobs->start(QString(), tr("Generate key %1").arg(QFileInfo(path).fileName()), jobs::generateKey(path),
                                     [](const QVariant& v) { return tr("public key %1").arg(v.value<KeygenOutcome>().pubkey.left(16) + u'…'); });
    connect(job, &Job::succeeded, this, [this](const QVariant& v) {
        const auto k = v.value<KeygenOutcome>();
        setKeyPath(k.keyPath);
        // Your own key: trusted for your own verifications.
        services_.trusted->add(tr("My key (%1)").arg(QFileInfo(k.keyPath).fileName()), k.pubkey);
        keyWarning_->setText(tr("⚠ Keep %1 private. Anyone who has this file can sign models in your name. It was saved "
                                "readable only by you (mode 0600); back it up somewhere safe and never share it. Share the "
                                "public key instead:\n%2")
                                 .arg(QDir::toNativeSeparators(k.keyPath), groupedKey(k.pubkey)));
        keyWarning_->show();
        services_.log->warning(tr("Generated signing key %1 — keep it private; public key %2").arg(k.keyPath, k.pubkey));
        Q_EMIT keyGenerated(k.keyPath, k.pubkey);
    });
    connect(job, &Job::failed, this, [this](const QString&, const QString& message) {
        keyWarning_->setText(tr("Could not create the key: %1").arg(message));
        keyWarning_->show();
        services_.log->error(tr("Key generation failed: %1").arg(message));
    });
    return job;
}

void VerifySignPanel::chooseFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose a file to verify or sign"),
                                                      file_.isEmpty() ? QDir::homePath() : QFileInfo(file_).absolutePath(),
                                                      tr("CMF files (*.cmf);;All files (*)"));
    if (!path.isEmpty()) takeFile(path);
}

void VerifySignPanel::takeFile(const QString& path) {
    // In the main window the file opens in a tab (or its tab comes to the
    // front), which retargets the panel: what it acts on is always on screen.
    if (services_.openFile) services_.openFile(path);
    setFile(path);
}

void VerifySignPanel::chooseKey() {
    const QString dir = keyPath_.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/keys"
                                           : QFileInfo(keyPath_).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose your private signing key"), dir,
                                                      tr("Key files (*.key);;All files (*)"));
    if (!path.isEmpty()) setKeyPath(path);
}

void VerifySignPanel::askGenerateKey() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/keys";
    QDir().mkpath(dir);
    const QString path = QFileDialog::getSaveFileName(this, tr("Save a new PRIVATE signing key"), dir + u"/signing.key",
                                                      tr("Key files (*.key)"));
    if (path.isEmpty()) return;
    if (QFileInfo::exists(path)) {
        // The library refuses to overwrite a key: a lost key cannot be recovered.
        keyWarning_->setText(tr("%1 already exists; keys are never overwritten. Choose another name.").arg(path));
        keyWarning_->show();
        return;
    }
    generateKey(path);
}

void VerifySignPanel::dragEnterEvent(QDragEnterEvent* event) {
    if (!firstLocalFile(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
        setDropHighlight(true);
    }
}

void VerifySignPanel::dragLeaveEvent(QDragLeaveEvent*) { setDropHighlight(false); }

void VerifySignPanel::dropEvent(QDropEvent* event) {
    setDropHighlight(false);
    const QString path = firstLocalFile(event->mimeData());
    if (path.isEmpty()) return;
    event->acceptProposedAction();
    takeFile(path);
    verify();
}

} // namespace cmfw
