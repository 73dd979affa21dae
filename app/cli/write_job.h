#pragma once
// Runs a verb that writes files: a progress bar on a terminal, Ctrl-C as a
// clean cancel (the library removes its temporary file), errors through
// printError, and the exit code of commands.h. Shared by skill, defrag,
// moe-defrag and moe-mask.
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/format/error.h"

#include <string>

namespace cmfcli {

// job(control) does the work and prints its own result; `what` labels the
// bar and prefixes error messages. Sets *exitCode: 0, 2 on any error, 130
// when interrupted.
template <class Job>
void runWriteJob(const std::string& what, bool quiet, int* exitCode, Job job) {
    try {
        TerminalProgress bar(what);
        const cmf::Control control{quiet ? cmf::ProgressFn{} : bar.callback(), interruptFlag()};
        job(control, bar);
        *exitCode = kExitOk;
    } catch (const cmf::Error& e) {
        printError(what, e);
        *exitCode = e.kind() == cmf::ErrorKind::Cancelled ? kExitInterrupted : kExitUsage;
    } catch (const std::exception& e) {
        printError(what, e);
        *exitCode = kExitUsage;
    }
}

// "12.3 MB"
std::string megabytes(uint64_t bytes);

} // namespace cmfcli
