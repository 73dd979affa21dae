#pragma once
// What every file page and panel shares, owned by the main window: the job
// runner, the log, and the trusted signer keys.
namespace cmfw {

class JobRunner;
class LogModel;
class TrustedKeyList;

struct Services {
    JobRunner* jobs = nullptr;
    LogModel* log = nullptr;
    TrustedKeyList* trusted = nullptr;
};

} // namespace cmfw
