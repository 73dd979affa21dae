#include "cmf/format/append.h"

#include "cmf/format/chat_bundle.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"

#include "crash_point.h"
#include "layout_encode.h"
#include "tensor_produce.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cmf {
namespace {

uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

std::string ioError(const std::string& path, const char* what) { return path + ": " + what + ": " + std::strerror(errno); }

// Progress granularity: a cancel or a crash can land between any two chunks.
constexpr uint64_t kChunk = 1u << 20;

// The open file, locked; on failure before commit it is cut back to its old
// length (or to the end of its sections, once a dead tail was dropped), so a
// refused or cancelled append leaves it byte for byte as it was.
class TailWriter {
public:
    TailWriter(const std::string& path) : path_(path) {
        fd_ = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
        if (fd_ < 0) throw Error(ErrorKind::Io, ioError(path, "cannot open for appending"));
        if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
            const bool busy = errno == EWOULDBLOCK;
            ::close(fd_);
            if (busy) throw Error(ErrorKind::Io, path + ": another process is appending to this file");
            throw Error(ErrorKind::Io, ioError(path, "cannot lock"));
        }
        struct stat st {};
        if (::fstat(fd_, &st) != 0) {
            ::close(fd_);
            throw Error(ErrorKind::Io, ioError(path, "cannot stat"));
        }
        oldSize_ = restoreSize_ = uint64_t(st.st_size);
    }
    // A descriptor the caller holds open read-write under its exclusive flock
    // (a writer.h TempFile): borrowed, neither locked again nor closed.
    TailWriter(int fd, const std::string& path) : path_(path), fd_(fd), owned_(false) {
        struct stat st {};
        if (::fstat(fd_, &st) != 0) throw Error(ErrorKind::Io, ioError(path, "cannot stat"));
        oldSize_ = restoreSize_ = uint64_t(st.st_size);
    }
    ~TailWriter() {
        if (!committed_ && touched_) {
            // Best effort: the old envelope still addresses the old sections,
            // so even if this fails the file opens as the old one.
            if (::ftruncate(fd_, off_t(restoreSize_)) == 0) ::fsync(fd_);
        }
        if (owned_) ::close(fd_); // also drops the lock
    }
    TailWriter(const TailWriter&) = delete;
    TailWriter& operator=(const TailWriter&) = delete;

    uint64_t oldSize() const { return oldSize_; }

    // Cuts the file to `end` (the last byte its envelope addresses): what a
    // killed append left past it is dead — no envelope ever pointed there.
    // Safe under the exclusive lock; returns the bytes dropped.
    uint64_t dropDeadTail(uint64_t end) {
        if (oldSize_ <= end) return 0;
        touched_ = true;
        if (::ftruncate(fd_, off_t(end)) != 0) throw Error(ErrorKind::Io, ioError(path_, "cannot cut off the dead tail"));
        restoreSize_ = end;
        return oldSize_ - end;
    }

    void writeAt(uint64_t off, const uint8_t* p, uint64_t n) {
        touched_ = true;
        while (n > 0) {
            const ssize_t w = ::pwrite(fd_, p, std::min<uint64_t>(n, 1u << 30), off_t(off));
            if (w < 0) {
                if (errno == EINTR) continue;
                throw Error(ErrorKind::Io, ioError(path_, "write failed"));
            }
            p += w, off += uint64_t(w), n -= uint64_t(w);
        }
    }
    void sync() {
        if (::fsync(fd_) != 0) throw Error(ErrorKind::Io, ioError(path_, "fsync failed"));
    }
    void commit() { committed_ = true; }

private:
    std::string path_;
    int fd_ = -1;
    uint64_t oldSize_ = 0, restoreSize_ = 0;
    bool owned_ = true, touched_ = false, committed_ = false;
};

// Writes bytes in chunks, reporting progress and honouring cancel between them.
struct Progress {
    const Control& control;
    uint64_t done = 0, total = 0;
    void write(TailWriter& w, uint64_t off, const uint8_t* p, uint64_t n, std::string_view phase) {
        for (uint64_t k = 0; k < n; k += kChunk) {
            control.checkCancel();
            const uint64_t len = std::min(kChunk, n - k);
            w.writeAt(off + k, p + k, len);
            done += len;
            detail::crashPoint(phase);
            control.report(done, total, phase);
        }
    }
};

void checkShape(const AppendTensor& t) {
    if (t.name.empty() || t.name.size() > 0xFFFF)
        throw Error(ErrorKind::Parse, "append: tensor name length " + std::to_string(t.name.size()) + " is outside [1, 65535]");
    if (t.shape.size() > 6) throw Error(ErrorKind::Parse, "append: tensor " + t.name + " has more than 6 dimensions");
    for (auto d : t.shape)
        if (d > 0xFFFFFFFFull) throw Error(ErrorKind::Parse, "append: tensor " + t.name + " has a dimension past u32");
    if (t.data == nullptr && t.nbytes != 0) throw Error(ErrorKind::Parse, "append: tensor " + t.name + " has no bytes");
}

AppendReport appendTo(TailWriter& out, const std::string& path, const AppendRequest& request, const Control& control);

} // namespace

AppendReport appendInPlace(const std::string& path, const AppendRequest& request, const Control& control) {
    TailWriter out(path); // lock first, then read: the snapshot cannot change under us
    return appendTo(out, path, request, control);
}

AppendReport appendInPlace(int lockedFd, const std::string& path, const AppendRequest& request, const Control& control) {
    TailWriter out(lockedFd, path);
    return appendTo(out, path, request, control);
}

namespace {

AppendReport appendTo(TailWriter& out, const std::string& path, const AppendRequest& request, const Control& control) {
    const auto file = CmfFile::open(path);
    if (file->fileSize() != out.oldSize())
        throw Error(ErrorKind::Io, path + ": the file changed size while it was being opened");
    if (file->shard())
        throw Error(ErrorKind::Parse, path + ": shard " + std::to_string(file->shard()->no) + " of " +
                                          std::to_string(file->shard()->count) +
                                          " (§10); append works on a single file — merge the set with requant first");
    const Envelope& old = file->envelope();
    const Directory& oldDir = file->directory();

    // The new header and sections.
    nlohmann::json header = request.header ? *request.header : file->header();
    if (!header.is_object()) throw Error(ErrorKind::Parse, "append: the header must be a JSON object");
    if (header.contains("shard") && !header["shard"].is_null())
        throw Error(ErrorKind::Parse, "append: the new header carries a shard tag; append works on single files");
    std::optional<std::vector<uint8_t>> masks, vocab, index;
    auto copyOf = [&](const Section& s) -> std::optional<std::vector<uint8_t>> {
        if (!s.present() || s.len == 0) return std::nullopt;
        const auto span = file->section(s);
        return std::vector<uint8_t>(span.begin(), span.end());
    };
    masks = request.masks ? (request.masks->empty() ? std::nullopt : request.masks) : copyOf(old.masks);
    vocab = copyOf(old.vocab);
    index = copyOf(old.index);
    nlohmann::json sh = nlohmann::json::object();
    if (masks) sh["masks"] = hex64(hash64(masks->data(), masks->size()));
    if (vocab) sh["vocab"] = hex64(hash64(vocab->data(), vocab->size()));
    if (index) sh["index"] = hex64(hash64(index->data(), index->size()));
    header["section_hashes"] = sh;
    const std::string headerText = header.dump();

    // The new directory: every old record verbatim, then the appended tensors
    // from the first 64-byte boundary at or after the last byte the envelope
    // addresses. Dead bytes a killed append left past that byte are cut off
    // first (below), so a retried append lays the file out exactly as an
    // uninterrupted one would have.
    uint64_t addressedEnd = kEnvelopeSize;
    for (const Section* s : {&old.header, &old.dir, &old.data, &old.masks, &old.vocab, &old.index})
        if (s->present()) addressedEnd = std::max(addressedEnd, s->end());
    std::vector<detail::DirEntry> entries;
    std::vector<DType> dtypes;
    std::set<std::string, std::less<>> names;
    for (uint64_t i = 0; i < oldDir.count(); ++i) {
        const TensorRecord r = oldDir.record(i);
        entries.push_back({std::string(r.name), r.dtype, r.dims(), r.off, r.nbytes, r.hash});
        dtypes.push_back(r.dtype);
        names.insert(std::string(r.name));
    }
    uint64_t pos = alignUp(std::max(addressedEnd, old.data.off), kTensorAlign);
    uint64_t dataEnd = old.data.end(), tensorBytes = 0;
    std::vector<uint64_t> tensorAt;
    for (const auto& t : request.tensors) {
        checkShape(t);
        if (!names.insert(t.name).second)
            throw Error(ErrorKind::Parse, "append: tensor " + t.name + " is already in " + path + " (or twice in the request)");
        const TensorShape s = detail::shapeOf(t.shape, [&] {
            uint64_t n = 1;
            for (auto d : t.shape) n *= d;
            return n;
        }());
        if (dtypeDecodable(t.dtype)) {
            try {
                validatePayload(TensorBytes{t.dtype, s, t.data, t.nbytes});
            } catch (const Error& e) {
                throw Error(e.kind(), "append: tensor " + t.name + ": " + e.what());
            }
        }
        pos = alignUp(pos, kTensorAlign);
        tensorAt.push_back(pos);
        entries.push_back({t.name, t.dtype, t.shape, pos - old.data.off, t.nbytes, hash64(t.data, t.nbytes)});
        dtypes.push_back(t.dtype);
        pos += t.nbytes;
        dataEnd = pos;
        tensorBytes += t.nbytes;
    }
    const std::vector<uint8_t> dir = detail::encodeDirectory(entries);

    // Tail sections after the new tensors, unpadded, in §1 order, then the
    // header and the directory.
    Envelope env;
    env.version = kFormatVersion;
    env.flags = old.flags;
    env.data = {old.data.off, dataEnd - old.data.off};
    const std::optional<std::vector<uint8_t>>* tail[] = {&masks, &vocab, &index};
    Section* slots[] = {&env.masks, &env.vocab, &env.index};
    for (int s = 0; s < 3; ++s) {
        if (!*tail[s]) continue;
        *slots[s] = {pos, (*tail[s])->size()};
        pos += (*tail[s])->size();
    }
    env.header = {pos, headerText.size()};
    pos += headerText.size();
    env.dir = {pos, dir.size()};
    pos += dir.size();
    env.requiredFeatures = detail::contentFeatures(dtypes, masks.has_value(), header) |
                           (old.requiredFeatures & (LoopMasks | Quant2F));
    env.headerHash = hash64(headerText.data(), headerText.size());
    env.dirHash = hash64(dir.data(), dir.size());

    // Refuse anything the reader would refuse, before a byte is written.
    {
        const Directory check = Directory::parse(dir.data(), dir.size(), env.data.len);
        std::vector<std::string_view> all;
        for (uint64_t i = 0; i < check.count(); ++i) all.push_back(check.record(i).name);
        try {
            if (masks) MaskSet::parse(masks->data(), masks->size(), header, env.has(LoopMasks));
            parseSkills(header, all);
            parseChatBundle(header);
        } catch (const Error& e) {
            throw Error(e.kind(), "append: the new header or masks would not open: " + std::string(e.what()));
        }
    }

    control.checkCancel(); // nothing written yet: a cancel here leaves even a dead tail in place
    const uint64_t deadTail = out.dropDeadTail(addressedEnd);
    if (deadTail) detail::crashPoint("dead tail dropped");
    Progress progress{control, 0, tensorBytes + (pos - dataEnd)};
    for (size_t i = 0; i < request.tensors.size(); ++i)
        progress.write(out, tensorAt[i], request.tensors[i].data, request.tensors[i].nbytes, "appending tensors");
    for (int s = 0; s < 3; ++s)
        if (*tail[s]) progress.write(out, slots[s]->off, (*tail[s])->data(), (*tail[s])->size(), "writing sections");
    progress.write(out, env.header.off, reinterpret_cast<const uint8_t*>(headerText.data()), headerText.size(), "writing sections");
    progress.write(out, env.dir.off, dir.data(), dir.size(), "writing sections");
    out.sync(); // the tail is durable before the envelope points at it
    detail::crashPoint("synced");
    control.report(progress.total, progress.total, "synced");
    control.checkCancel(); // the last point at which the file is still the old one

    const auto envBytes = detail::encodeEnvelope(env);
    out.writeAt(0, envBytes.data(), envBytes.size());
    out.commit(); // from here on the file is the new one; a failed sync below does not undo it
    detail::crashPoint("envelope written");
    control.report(progress.total, progress.total, "envelope written");
    out.sync();

    AppendReport report;
    report.oldSize = out.oldSize();
    report.newSize = pos;
    report.deadTailDropped = deadTail;
    report.tensorsAppended = request.tensors.size();
    report.tensorBytes = tensorBytes;
    report.oldDirHash = hash64(file->mapping().data() + old.dir.off, old.dir.len);
    report.newDirHash = env.dirHash;
    return report;
}

} // namespace
} // namespace cmf
