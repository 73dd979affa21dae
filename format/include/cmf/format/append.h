#pragma once
// Append-only growth in place (spec §9 "Append-only growth", claim 11).
//
// New tensors go to the tail of the EXISTING file (each on 64 bytes, inside a
// data section that now reaches them), then fresh copies of the masks, vocab
// and index sections, the header and the directory; the 128-byte envelope is
// rewritten in place LAST, after an fsync of everything before it. Nothing
// else of the existing file is ever written: previously written tensors keep
// their bytes and offsets, and until the envelope write lands the envelope
// still addresses the old sections, intact. A crash at any earlier point
// leaves the old file, valid, followed by dead bytes — which readers never
// see, because they navigate only through the envelope (§1), and which
// `verify` does not count as a problem (§1.2 only refuses a section past EOF).
// A failure or a cancel truncates the file back to its old length: byte for
// byte the old file. `compact` rewrites a grown file without its dead tails.
//
// Dead tail of a killed append: the next append, under its exclusive lock and
// once the request is validated, cuts the file back to the last byte the
// envelope addresses before it writes, and lays its tail out from there — so a
// retried append gives the same bytes an uninterrupted one would have. (A
// failure or cancel after that point leaves the old file without the dead
// tail.) Bytes inside the addressed range are never cut: the dead header and
// directory copies of earlier successful appends stay until `compact`.
//
// Single files only: a shard set is refused (its registry and sections live
// in shard 1, its tensors anywhere). An exclusive flock keeps two appenders
// from interleaving.
#include "cmf/format/dtype.h"
#include "cmf/format/progress.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cmf {

struct AppendTensor {
    std::string name;
    DType dtype = DType::F16;
    std::vector<uint64_t> shape;
    const uint8_t* data = nullptr; // the caller keeps the bytes alive during the call
    uint64_t nbytes = 0;
};

struct AppendRequest {
    std::vector<AppendTensor> tensors;
    // The new header JSON (e.g. with a skills record added); nullopt keeps the
    // old one. section_hashes is recomputed either way.
    std::optional<nlohmann::json> header;
    // A new masks section (§5); an empty vector removes it; nullopt keeps the old one.
    std::optional<std::vector<uint8_t>> masks;
};

struct AppendReport {
    uint64_t oldSize = 0, newSize = 0;
    uint64_t tensorsAppended = 0, tensorBytes = 0;
    uint64_t oldDirHash = 0, newDirHash = 0; // hash64 of the directory bytes (§8.1)
    uint64_t deadTailDropped = 0; // bytes a killed earlier append had left past the old sections
};

// Validates the whole result first with the reader's own parsers (directory,
// masks, skills registry, payload structure), so a refused request writes
// nothing. Progress is counted in bytes written; the phases are "appending
// tensors", "writing sections", "synced" and, once the file is the new one,
// "envelope written" (the last cancel point is before that write). The test
// crash points of format/src/crash_point.h carry the same names.
// Throws Error(Parse) for a bad request or a sharded file, Error(Io),
// Error(Cancelled).
AppendReport appendInPlace(const std::string& path, const AppendRequest& request, const Control& control = {});

// The same on a file the caller holds open read-write under its exclusive
// flock — a writer.h TempFile (a copy grown before it is renamed into place),
// whose lock must not be dropped: the descriptor is used, not locked again
// or closed.
AppendReport appendInPlace(int lockedFd, const std::string& path, const AppendRequest& request, const Control& control = {});

} // namespace cmf
