#pragma once
// Writes a CMF v2 file exactly as §1–§8 lay it out: envelope, header JSON,
// directory, weight blob (data_off on 4096, every tensor on 64, zero padding),
// then masks, vocab and index. Tensors stream to disk one at a time, so memory
// stays bounded by what the caller holds, not by the model. The header and the
// directory have a size known up front (names, count, section hashes), so the
// blob is written first at its final offset and the front is filled in last.
//
// Atomic: everything goes to a temporary sibling of the target; commit()
// fsyncs and renames it over the target. A Writer destroyed without commit()
// (failure, cancel) removes its temporary file and leaves the target untouched.
//
// Crash safety (issue 11): a killed writer leaves the target as it was (or
// absent) plus a stale temporary `<target>.tmp-XXXXXX`. The rule that cleans
// it up: a writer holds an exclusive flock on its temporary file from creation
// until it is renamed over the target or removed, and every writer for target
// T starts by removing each `T.tmp-XXXXXX` (exactly 6 letters or digits, a
// regular file) that it CAN lock — a lock that is free means its owner is gone
// (the kernel drops a flock with the last descriptor, however the process
// ended). A live writer's temporary file is never removed. Files of another
// target, or names of another shape, are never touched. A temporary of a
// temporary (`T.tmp-XXXXXX.tmp-YYYYYY`, a Writer that targeted a TempFile)
// counts as T's and is removed by the same rule.
#include "cmf/format/dtype.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cmf {

struct WriterSections {
    std::optional<std::vector<uint8_t>> masks; // §5 section bytes
    std::optional<std::vector<uint8_t>> vocab; // §6 tokenizer.json bytes
    std::optional<std::vector<uint8_t>> index; // §7 (deprecation-pending; pass only to preserve it)
};

class Writer {
public:
    // header: the final header JSON; the writer sets "section_hashes".
    // names: every tensor, in the order they will be written (on-disk order).
    // extraFeatures: bits the content cannot imply (LOOP_MASKS).
    Writer(std::string target, nlohmann::json header, std::vector<std::string> names, WriterSections sections,
           uint32_t extraFeatures = 0);
    ~Writer();
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;

    // Appends the next tensor (must be names[i] in order). Throws Error(Parse)
    // on an out-of-order name, Error(Io) on a write failure.
    void write(const std::string& name, DType dtype, const std::vector<uint64_t>& shape, const uint8_t* data, uint64_t nbytes);

    // Writes sections, directory, header and envelope; fsync; rename over the target.
    void commit();

    // commit() in its steps, for a set of files that must appear together (a
    // shard set, convert_pipeline.h): prepare() every one — complete and
    // fsynced, each still a locked temporary — then renameOver() every one,
    // then finish() every one (close, fsync the directory).
    void prepare();
    void renameOver();
    void finish();

    // hash64 of the directory as it will be written — names, dtypes, shapes,
    // offsets and every tensor's hash — once every tensor is written: what a
    // shard set's identity is made of (convert_pipeline.cpp).
    uint64_t directoryHash() const;

    // Replaces the header before prepare() by one whose text has the same
    // length (the directory and the blob are already placed behind it): a
    // value known only once every tensor is written, in a field reserved at
    // its final width. Throws Error(Parse) when the length differs.
    void restampHeader(nlohmann::json header);

    const std::string& target() const { return target_; }
    uint64_t bytesWritten() const { return pos_; }

private:
    struct Record {
        DType dtype;
        std::vector<uint64_t> shape;
        uint64_t off, nbytes, hash;
    };
    void writeAt(uint64_t off, const void* data, uint64_t n);
    void abandon() noexcept;
    std::vector<uint8_t> directoryBytes() const;

    std::string target_, temp_;
    int fd_ = -1;
    nlohmann::json header_;
    std::string headerText_;
    std::vector<std::string> names_;
    std::vector<Record> records_;
    WriterSections sections_;
    uint32_t features_ = 0;
    uint64_t dirLen_ = 0, dataOff_ = 0, pos_ = 0;
    bool prepared_ = false;
};

// The size of the file a Writer made with these arguments leaves once each
// names[i] was written with tensorBytes[i] bytes (the layout above; the
// header gets the section hashes the Writer adds). sectionBytes: the masks,
// vocab and index sections' sizes, 0 for an absent one. What a converter's
// plan quotes before it encodes anything (convert.h planConvert).
uint64_t plannedFileBytes(const nlohmann::json& header, const std::vector<std::string>& names,
                          const std::vector<uint64_t>& tensorBytes, const uint64_t (&sectionBytes)[3]);

// A masks section (§5) from its meta JSON and one blob per meta["masks"][i]:
// fills blob_off/blob_len, aligns each blob to 8, pads with zeros.
std::vector<uint8_t> buildMasksSection(nlohmann::json meta, const std::vector<std::vector<uint8_t>>& blobs);

// Atomic replacement for small files (.sig, .npy, reports): temp sibling,
// fsync, rename. Throws Error(Io). Follows the temporary-file rule above.
void writeFileAtomic(const std::string& path, const void* data, uint64_t n);

// A temporary sibling `target.tmp-XXXXXX` under the rule above, for a file
// made by other means than one Writer — a copy grown by appendInPlace, a file
// measured before it is rewritten — and renamed over the target when done.
// Created and locked at once (stale temporaries of the target go first); the
// destructor removes it (failure, cancel) unless commit() renamed it.
class TempFile {
public:
    explicit TempFile(std::string target);
    ~TempFile();
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    const std::string& path() const { return path_; }
    int fd() const { return fd_; } // read-write, holding the lock

    // A Writer renamed a new file over path(): lock that one. Throws
    // Error(Io) when the name no longer leads to a file we could lock (a
    // cleaner took it in the moment between the rename and this).
    void relock();

    // fsync, rename over the target (still locked), close, fsync the
    // directory. Crash points "temp synced" and "renamed", as Writer's.
    void commit();

private:
    std::string target_, path_;
    int fd_ = -1;
};

// Removes the stale temporary files of `target` (the rule above); returns how
// many. Writer and writeFileAtomic call it themselves; never throws.
size_t removeStaleTemporaries(const std::string& target) noexcept;

} // namespace cmf
