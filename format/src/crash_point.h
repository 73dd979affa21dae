#pragma once
// Test-only crash points (issue 11, tests/cli/tst_crash_safety.cpp). Private
// to format/.
//
// When the environment variable CMF_TEST_KILL_AT_PHASE holds the name of a
// point below, the process raises SIGKILL on itself the first time it reaches
// that point: a test can stop a writer exactly at a critical moment instead of
// hoping that a timed kill lands inside a window of a few microseconds. Unset
// (always, outside tests) it costs one getenv per process and a null test per
// point; nothing else reads the variable.
//
// Writer (writer.cpp; convert, requant, skill apply, defrag ... and
// writeFileAtomic, and TempFile::commit: skill add --output):
//   "temp written"   every byte is in the temporary file, not yet fsynced
//   "temp synced"    fsynced, not yet renamed over the target
//   "renamed"        renamed over the target, directory not yet fsynced
//                    (for a shard set: every shard renamed)
// A shard set (convert_pipeline.cpp Outputs::commitAll; convert
// --shard-max-gb, shard):
//   "shards synced"  every shard complete and fsynced, none renamed yet
//   "first shard renamed"  shard 1 is the new one, the others still the old
// appendInPlace (transform/append.cpp; skill add in place) — the first three
// are also its progress phases:
//   "dead tail dropped"  a dead tail of an earlier killed append was cut off
//   "appending tensors"  after the first chunk of new tensor bytes
//   "writing sections"   after the first chunk of the new sections
//   "synced"             the new tail is durable, the envelope still the old one
//   "envelope written"   the envelope points at the new tail, not yet fsynced
#include <csignal>
#include <cstdlib>
#include <string_view>

namespace cmf::detail {

inline void crashPoint(std::string_view point) {
    static const char* const wanted = std::getenv("CMF_TEST_KILL_AT_PHASE");
    if (wanted != nullptr && point == wanted) std::raise(SIGKILL);
}

} // namespace cmf::detail
