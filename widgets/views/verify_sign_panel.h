#pragma once
// The Verify/Sign panel. Drop a file on it (or press Verify) to run the full
// hash chain of spec §8/§8.1 and the .sig check of §8.2 in a background job,
// with a progress bar, an ETA and Cancel; the result is a green or red badge
// and every problem with a plain-language explanation. Sign writes <file>.sig
// with a chosen key; Generate creates a key (mode 0600) and says to keep it
// private. The signer of a valid .sig is matched against the trusted keys.
// The panel acts on one file, named in its title; Sign refuses a file that
// does not open or fails verification. Retargeting it to another file stops
// the job it ran for the previous one, whose result is then dropped.
#include "jobs/format_jobs.h"
#include "util/services.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QBoxLayout;
class QFrame;
class QLabel;
class QProgressBar;
class QPushButton;
class QTextBrowser;

namespace cmfw {

class Job;

class VerifySignPanel : public QWidget {
    Q_OBJECT
public:
    enum class Status { Idle, Verifying, Valid, Invalid, Cancelled, Signing, Signed, Refused, Failed };
    Q_ENUM(Status)

    explicit VerifySignPanel(Services services, QWidget* parent = nullptr);

    // Retargets the panel (the same file again changes nothing). In the main
    // window it follows the current tab.
    void setFile(const QString& path);
    const QString& file() const { return file_; }
    // "Verify / Sign — <file name>", for the dock that holds the panel.
    QString title() const;
    // The visible name of the file the panel acts on (its full path as tooltip).
    QString fileLabelText() const;
    QString fileLabelToolTip() const;
    void setKeyPath(const QString& path);
    const QString& keyPath() const { return keyPath_; }

    // Vertical beside the tabs, horizontal in a top or bottom dock.
    void setOrientation(Qt::Orientation o);
    Qt::Orientation orientation() const { return orientation_; }
    // In columns (a bottom dock) the panel's height does not follow its width:
    // the dock's scroll area then gives it the dock's height, down to its
    // minimum, instead of the taller height its wrapped labels would like.
    int heightForWidth(int width) const override { return orientation_ == Qt::Vertical ? QWidget::heightForWidth(width) : -1; }

    Job* verify();
    Job* sign();
    Job* generateKey(const QString& path);
    void cancel();

    Status status() const { return status_; }
    Job* currentJob() const { return job_; }
    const std::optional<VerifyOutcome>& lastOutcome() const { return outcome_; }
    const std::optional<SignOutcome>& lastSign() const { return signed_; }
    QString badgeText() const;
    QString reportText() const; // the problems list as plain text
    QString signatureText() const;
    QString keyWarningText() const;

Q_SIGNALS:
    void fileChanged(const QString& path);
    void statusChanged(cmfw::VerifySignPanel::Status status);
    void verifyFinished(bool ok);
    void signFinished(bool ok);
    void keyGenerated(const QString& path, const QString& pubkey);
    void keyPathChanged(const QString& path);

protected:
    bool event(QEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragLeaveEvent(QDragLeaveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void fitWrappedLabels();
    void setStatus(Status s);
    void setBusy(Job* job, const QString& what);
    void showOutcome(const VerifyOutcome& o);
    void showRefusal(const SignOutcome& s);
    // What a check found, as the report shows it: the open error, or every
    // problem with its explanation (shared by Verify and a refused Sign).
    static QString openErrorHtml(const VerifyOutcome& o);
    static QString problemsHtml(const std::vector<cmf::Problem>& list);
    void takeFile(const QString& path);
    void showSignature(const VerifyOutcome& o);
    void setBadge(const QString& text, const QString& color);
    void chooseFile();
    void chooseKey();
    void askGenerateKey();
    void updateButtons();
    void setDropHighlight(bool on);

    Services services_;
    Qt::Orientation orientation_ = Qt::Vertical;
    QWidget* actionsBlock_;  // drop zone, Verify/Sign, progress
    QWidget* resultBlock_;   // badge, summary, signer
    QWidget* keyBlock_;      // signing key
    QString file_, keyPath_;
    Status status_ = Status::Idle;
    QPointer<Job> job_;
    std::optional<VerifyOutcome> outcome_;
    std::optional<SignOutcome> signed_;

    QFrame* drop_;
    QLabel* dropText_;
    QLabel* fileLabel_;
    QPushButton* verify_;
    QPushButton* sign_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QLabel* phase_;
    QLabel* badge_;
    QLabel* summary_;
    QLabel* signature_;
    QPushButton* trust_;
    QTextBrowser* report_;
    QLabel* keyLabel_;
    QLabel* keyWarning_;
};

} // namespace cmfw
