#pragma once
// Runs a verb that writes files: a progress bar on a terminal, Ctrl-C as a
// clean cancel (the library removes its temporary file), errors through
// printError, and the exit code of cli_errors.h. Shared by skill, defrag,
// moe-defrag and moe-mask.
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/format/error.h"

#include <string>

namespace cmfcli {

// job(control) does the work and prints its own result; `what` labels the
// bar and prefixes error messages. Sets *exitCode as cli_errors.h says: 0, 1
// when an input is not a valid CMF file (open them with requireValidInput
// first), 2 on any other error, 130 when interrupted.
template <class Job>
void runWriteJob(const std::string& what, bool quiet, int* exitCode, Job job) {
    try {
        TerminalProgress bar(what);
        const cmf::Control control{quiet ? cmf::ProgressFn{} : bar.callback(), interruptFlag()};
        job(control, bar);
        *exitCode = kExitOk;
    } catch (const std::exception& e) {
        *exitCode = reportFailure(what, e);
    }
}

// "12.3 MB"
std::string megabytes(uint64_t bytes);

} // namespace cmfcli
