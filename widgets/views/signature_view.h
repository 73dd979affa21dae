#pragma once
// The detached signature beside the file (spec §8.2): whether <file>.sig
// exists, what it says, whether it matches the file (a background job hashes
// the whole file), who signed it and whether that key is trusted.
#include "jobs/format_jobs.h"
#include "util/services.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QPushButton;

namespace cmfw {

class CmfDocument;
class Job;

class SignatureView : public QWidget {
    Q_OBJECT
public:
    SignatureView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);
    void check();
    bool busy() const;
    const std::optional<SignatureInfo>& info() const { return info_; }
    QString statusText() const;

Q_SIGNALS:
    void checked();
    // Opens the Verify/Sign panel on this file.
    void signRequested(const QString& path);
    void verifyRequested(const QString& path);

private:
    void show(const SignatureInfo& info);
    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    QPointer<Job> job_;
    std::optional<SignatureInfo> info_;
    QLabel* status_;
    QLabel* fields_;
    QPushButton* trust_;
};

} // namespace cmfw
