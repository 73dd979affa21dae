#pragma once
// What every file page and panel shares, owned by the main window: the job
// runner, the log, the trusted signer keys, and opening a file.
#include <QString>

#include <functional>

namespace cmfw {

class JobRunner;
class LogModel;
class TrustedKeyList;

struct Services {
    JobRunner* jobs = nullptr;
    LogModel* log = nullptr;
    TrustedKeyList* trusted = nullptr;
    // Opens a file in a tab (a job's output); may be empty.
    std::function<void(const QString&)> openFile;
};

} // namespace cmfw
