#pragma once
// `verify` (spec §8, §8.1): every tensor hash, the header and directory
// hashes in the envelope reserve, section_hashes, mask tail bits and the
// structure of every tensor payload. Reports ALL problems, not the first.
#include "cmf/format/cmf_file.h"
#include "cmf/format/progress.h"
#include "cmf/format/shards.h"

#include <string>
#include <vector>

namespace cmf {

struct Problem {
    std::string kind;   // header_hash_mismatch, dir_hash_mismatch, tensor_hash_mismatch,
                        // section_hash_mismatch, mask_tail_bits, payload, feature_bits,
                        // uncovered_bytes (a note, or a problem under strict)
    std::string where;  // tensor name, section name or mask name; empty for whole-file problems
    std::string detail; // human text with the stored and actual values
};

struct VerifyReport {
    std::vector<Problem> problems;
    std::vector<Problem> notes; // true of the file but not a failure (non-zero unhashed bytes without strict)
    uint64_t tensorsChecked = 0;
    uint64_t bytesHashed = 0;
    bool ok() const { return problems.empty(); }
};

struct VerifyOptions {
    // Non-zero bytes that no section, tensor or hash covers (coverage.h) fail
    // the check instead of being noted: a fresh file with a payload hidden in
    // its padding fails.
    bool strict = false;
};

// Hashes tensors in parallel (oneTBB), reporting progress in bytes and
// honouring the cancel flag (throws Error(Cancelled)).
VerifyReport verify(const CmfFile& file, const Control& control = {}, const VerifyOptions& options = {});

// A shard set (§10) from any member, already open: every shard verified as above
// (each problem's `where` starts with the shard's file name) and the set's
// consistency — every sibling present, one count, one set identity, no tensor
// in two shards — as a problem of kind "shard_set" when it fails (the member
// itself is still verified then). A file that is not a shard is verified
// alone. Progress runs over the weights of every file.
VerifyReport verifySet(const CmfFile& member, const Control& control = {}, const VerifyOptions& options = {});

} // namespace cmf
