#pragma once
// How a verb turns a failure into a message and an exit code (README "The
// command line"): 1 when the input is not a valid CMF file or a check failed,
// 2 for bad usage and I/O errors, 130 when Ctrl-C stopped the work.
//
// An error kind alone cannot tell the two apart (the engine says Parse for an
// unknown task name and Bounds for a full context), so the input files are
// opened through openInput()/openModelInput(), which mark every failure that
// is about the file's own bytes as InvalidInput.
#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"
#include "cmf/format/shards.h"

#include <exception>
#include <memory>
#include <string>

namespace cmfcli {

// The input file is not a valid CMF file (or shard set); exit 1.
class InvalidInput : public cmf::Error {
public:
    explicit InvalidInput(const cmf::Error& e) : cmf::Error(e.kind(), e.what()) {}
};

// CmfFile::open / Model::open, with every failure other than Io (cannot read
// the file at all: exit 2) rethrown as InvalidInput.
std::shared_ptr<const cmf::CmfFile> openInput(const std::string& path);
cmf::Model openModelInput(const std::string& path);
// Opens and drops the file: for verbs whose work opens it deep inside the
// engine, so that a broken input still exits 1.
void requireValidInput(const std::string& path);

int exitCodeFor(const std::exception& e);

// "cmf: <path>: <kind>: <message>" on stderr, every byte from a file escaped.
void printError(const std::string& path, const std::exception& e);

// printError and exitCodeFor in one: the catch-all of a verb. With json, a
// reporting verb's --json also gets {"file", "error": {kind, message}} on
// stdout, so its output is JSON whatever happened.
int reportFailure(const std::string& path, const std::exception& e, bool json = false);

} // namespace cmfcli
