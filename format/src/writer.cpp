#include "cmf/format/writer.h"
#include "cmf/format/directory.h"
#include "cmf/format/envelope.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"

#include "crash_point.h"
#include "layout_encode.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <filesystem>
#include <unistd.h>

namespace cmf {
namespace {

uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

// The front of the file: envelope, header, directory, then the blob on a page.
uint64_t directoryLength(size_t count, uint64_t namePool) { return kDirHeaderSize + count * kDirRecordSize + namePool; }
uint64_t dataOffset(uint64_t headerLen, uint64_t dirLen) { return alignUp(kEnvelopeSize + headerLen + dirLen, kDataAlign); }

void putU32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }

std::string ioError(const std::string& path, const char* what) { return path + ": " + what + ": " + std::strerror(errno); }

constexpr const char* kTempSuffix = ".tmp-";
constexpr size_t kTempRandom = 6; // mkstemp's XXXXXX

bool sameFile(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

// mkstemp in the target's directory, so rename() stays on one filesystem;
// stale temporaries of the same target go first (writer.h). The new file is
// flocked for its whole life. Between mkstemp and flock a cleaner could take
// it for stale and remove it: then the name no longer leads to our file, and
// we take another name.
int makeTemp(const std::string& target, std::string& temp) {
    removeStaleTemporaries(target);
    for (int attempt = 0; attempt < 16; ++attempt) {
        temp = target + kTempSuffix + std::string(kTempRandom, 'X');
        std::vector<char> buf(temp.begin(), temp.end());
        buf.push_back('\0');
        const int fd = ::mkostemp(buf.data(), O_CLOEXEC); // a child process must not inherit the lock
        if (fd < 0) throw Error(ErrorKind::Io, ioError(target, "cannot create a temporary file beside it"));
        temp.assign(buf.data());
        int rc;
        while ((rc = ::flock(fd, LOCK_EX)) != 0 && errno == EINTR) {
        }
        // No flock on this filesystem: no cleaner can lock the file either, so
        // it is never taken for stale; carry on unlocked.
        struct stat mine {}, named {};
        if (rc != 0 || (::fstat(fd, &mine) == 0 && ::lstat(temp.c_str(), &named) == 0 && sameFile(mine, named))) {
            ::fchmod(fd, 0644);
            return fd;
        }
        ::close(fd);
    }
    throw Error(ErrorKind::Io, target + ": cannot keep a temporary file beside it (removed as soon as created)");
}

// prefix + 6 letters or digits, and then any number of ".tmp-" + 6 more: a
// temporary of the target, or of one of its temporaries (a file made in a
// TempFile by a Writer that targeted it, as skill bake does).
bool isTemporaryName(std::string_view name, std::string_view prefix) {
    if (!name.starts_with(prefix)) return false;
    name.remove_prefix(prefix.size());
    const std::string_view nested = kTempSuffix;
    while (true) {
        if (name.size() < kTempRandom ||
            !std::all_of(name.begin(), name.begin() + kTempRandom, [](unsigned char c) { return std::isalnum(c) != 0; }))
            return false;
        name.remove_prefix(kTempRandom);
        if (name.empty()) return true;
        if (!name.starts_with(nested)) return false;
        name.remove_prefix(nested.size());
    }
}

void syncDir(const std::string& path) {
    const auto dir = std::filesystem::path(path).parent_path();
    const int d = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (d >= 0) {
        ::fsync(d);
        ::close(d);
    }
}

} // namespace

Writer::Writer(std::string target, nlohmann::json header, std::vector<std::string> names, WriterSections sections,
               uint32_t extraFeatures)
    : target_(std::move(target)), header_(std::move(header)), names_(std::move(names)), sections_(std::move(sections)),
      features_(TensorDir | extraFeatures) {
    if (!header_.is_object()) throw Error(ErrorKind::Parse, "writer: header must be a JSON object");
    // An empty section is an absent one (offset 0), with no hash to check.
    for (auto* s : {&sections_.masks, &sections_.vocab, &sections_.index})
        if (*s && (*s)->empty()) s->reset();
    nlohmann::json sh = nlohmann::json::object();
    if (sections_.masks) sh["masks"] = hex64(hash64(sections_.masks->data(), sections_.masks->size()));
    if (sections_.vocab) sh["vocab"] = hex64(hash64(sections_.vocab->data(), sections_.vocab->size()));
    if (sections_.index) sh["index"] = hex64(hash64(sections_.index->data(), sections_.index->size()));
    header_["section_hashes"] = sh;
    headerText_ = header_.dump();

    uint64_t pool = 0;
    for (const auto& n : names_) {
        if (n.empty() || n.size() > 0xFFFF) throw Error(ErrorKind::Parse, "writer: tensor name length " + std::to_string(n.size()));
        pool += n.size();
    }
    dirLen_ = directoryLength(names_.size(), pool);
    dataOff_ = dataOffset(headerText_.size(), dirLen_);
    pos_ = dataOff_;
    fd_ = makeTemp(target_, temp_);
}

Writer::~Writer() {
    abandon(); // after the rename only the descriptor is left to close
}

void Writer::abandon() noexcept {
    if (!temp_.empty()) ::unlink(temp_.c_str()); // still locked: no cleaner races the unlink
    temp_.clear();
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

void Writer::writeAt(uint64_t off, const void* data, uint64_t n) {
    const auto* p = static_cast<const uint8_t*>(data);
    while (n > 0) {
        const ssize_t w = ::pwrite(fd_, p, std::min<uint64_t>(n, 1u << 30), off_t(off));
        if (w < 0) {
            if (errno == EINTR) continue;
            throw Error(ErrorKind::Io, ioError(temp_, "write failed"));
        }
        p += w, off += uint64_t(w), n -= uint64_t(w);
    }
}

void Writer::write(const std::string& name, DType dtype, const std::vector<uint64_t>& shape, const uint8_t* data, uint64_t nbytes) {
    if (records_.size() >= names_.size() || names_[records_.size()] != name)
        throw Error(ErrorKind::Parse, "writer: tensor " + name + " written out of the declared order");
    if (shape.size() > kMaxDims) throw Error(ErrorKind::Parse, "writer: tensor " + name + " has more than 6 dimensions");
    for (auto d : shape)
        if (d > 0xFFFFFFFFull) throw Error(ErrorKind::Parse, "writer: tensor " + name + " has a dimension past u32");
    // Zero padding up to the 64-byte boundary is implicit: the file is sparse
    // until written, and unwritten bytes read as zero.
    pos_ = alignUp(pos_, kTensorAlign);
    writeAt(pos_, data, nbytes);
    records_.push_back({dtype, shape, pos_ - dataOff_, nbytes, hash64(data, nbytes)});
    pos_ += nbytes;
}

std::vector<uint8_t> Writer::directoryBytes() const {
    std::vector<detail::DirEntry> entries;
    entries.reserve(records_.size());
    for (size_t i = 0; i < records_.size(); ++i) {
        const Record& r = records_[i];
        entries.push_back({names_[i], r.dtype, r.shape, r.off, r.nbytes, r.hash});
    }
    return detail::encodeDirectory(entries);
}

uint64_t Writer::directoryHash() const {
    if (records_.size() != names_.size())
        throw Error(ErrorKind::Parse, "writer: the directory of " + target_ + " is asked for before every tensor is written");
    const auto dir = directoryBytes();
    return hash64(dir.data(), dir.size());
}

void Writer::restampHeader(nlohmann::json header) {
    if (prepared_) throw Error(ErrorKind::Parse, "writer: the header of " + target_ + " restamped after it was written");
    header["section_hashes"] = header_["section_hashes"];
    std::string text = header.dump();
    if (text.size() != headerText_.size())
        throw Error(ErrorKind::Parse, "writer: a restamped header of " + target_ + " is " + std::to_string(text.size()) +
                                          " bytes where " + std::to_string(headerText_.size()) + " were reserved");
    header_ = std::move(header);
    headerText_ = std::move(text);
}

void Writer::prepare() {
    if (records_.size() != names_.size())
        throw Error(ErrorKind::Parse, "writer: " + std::to_string(names_.size() - records_.size()) + " declared tensors were not written");
    Envelope env;
    env.version = kFormatVersion;
    // Masks, vocab and index follow the blob in that order, unpadded.
    const std::optional<std::vector<uint8_t>>* tail[] = {&sections_.masks, &sections_.vocab, &sections_.index};
    Section* slots[] = {&env.masks, &env.vocab, &env.index};
    const uint64_t dataLen = pos_ - dataOff_;
    for (int s = 0; s < 3; ++s) {
        if (!*tail[s]) continue;
        const auto& bytes = **tail[s];
        *slots[s] = {pos_, bytes.size()};
        writeAt(pos_, bytes.data(), bytes.size());
        pos_ += bytes.size();
    }

    std::vector<DType> dtypes;
    for (const Record& r : records_) dtypes.push_back(r.dtype);
    const std::vector<uint8_t> dir = directoryBytes();

    env.requiredFeatures = features_ | detail::contentFeatures(dtypes, sections_.masks.has_value(), header_);
    env.header = {kEnvelopeSize, headerText_.size()};
    env.dir = {kEnvelopeSize + headerText_.size(), dir.size()};
    env.data = {dataOff_, dataLen};
    env.headerHash = hash64(headerText_.data(), headerText_.size());
    env.dirHash = hash64(dir.data(), dir.size());
    writeAt(kEnvelopeSize, headerText_.data(), headerText_.size());
    writeAt(kEnvelopeSize + headerText_.size(), dir.data(), dir.size());
    // The blob may end before data_off when there are no tensors: extend.
    if (::ftruncate(fd_, off_t(pos_)) != 0) throw Error(ErrorKind::Io, ioError(temp_, "cannot size"));
    const auto envBytes = detail::encodeEnvelope(env);
    writeAt(0, envBytes.data(), envBytes.size()); // the envelope last: until now the file has no magic
    detail::crashPoint("temp written");
    if (::fsync(fd_) != 0) throw Error(ErrorKind::Io, ioError(temp_, "fsync failed"));
    detail::crashPoint("temp synced");
    prepared_ = true;
}

void Writer::renameOver() {
    if (!prepared_) throw Error(ErrorKind::Parse, "writer: " + target_ + " renamed before it was prepared");
    // Renamed while still open, so still locked: a cleaner never sees the
    // finished file as a stale temporary.
    if (::rename(temp_.c_str(), target_.c_str()) != 0) throw Error(ErrorKind::Io, ioError(target_, "cannot rename the finished file over"));
    temp_.clear(); // the target is the new file; a failed finish() does not undo that
}

void Writer::finish() {
    const int closed = ::close(fd_);
    fd_ = -1;
    syncDir(target_);
    if (closed != 0) throw Error(ErrorKind::Io, ioError(target_, "close failed"));
}

void Writer::commit() {
    prepare();
    renameOver();
    detail::crashPoint("renamed");
    finish();
}

uint64_t plannedFileBytes(const nlohmann::json& header, const std::vector<std::string>& names,
                          const std::vector<uint64_t>& tensorBytes, const uint64_t (&sectionBytes)[3]) {
    // The header as the constructor completes it: a hash (16 hex digits) per present section.
    nlohmann::json h = header, sh = nlohmann::json::object();
    const char* keys[] = {"masks", "vocab", "index"};
    for (int s = 0; s < 3; ++s)
        if (sectionBytes[s]) sh[keys[s]] = hex64(0);
    h["section_hashes"] = sh;
    uint64_t pool = 0;
    for (const auto& n : names) pool += n.size();
    uint64_t pos = dataOffset(h.dump().size(), directoryLength(names.size(), pool));
    for (const uint64_t b : tensorBytes) pos = alignUp(pos, kTensorAlign) + b; // as write()
    for (const uint64_t b : sectionBytes) pos += b;                            // as prepare(), unpadded
    return pos;
}

std::vector<uint8_t> buildMasksSection(nlohmann::json meta, const std::vector<std::vector<uint8_t>>& blobs) {
    if (!meta.is_object() || !meta.contains("masks") || !meta["masks"].is_array() || meta["masks"].size() != blobs.size())
        throw Error(ErrorKind::Parse, "masks: meta[\"masks\"] must list one entry per blob");
    // blob_off values change the meta's length, which moves the blobs: iterate
    // until the text length is stable (two rounds in practice).
    std::string text;
    uint64_t metaLen = 0;
    for (int round = 0; round < 8; ++round) {
        uint64_t off = alignUp(8 + metaLen, 8);
        for (size_t i = 0; i < blobs.size(); ++i) {
            meta["masks"][i]["blob_off"] = off;
            meta["masks"][i]["blob_len"] = blobs[i].size();
            off = alignUp(off + blobs[i].size(), 8);
        }
        text = meta.dump();
        if (text.size() == metaLen) break;
        metaLen = text.size();
    }
    std::vector<uint8_t> out(8 + text.size(), 0);
    putU32(out.data(), uint32_t(blobs.size()));
    putU32(out.data() + 4, uint32_t(text.size()));
    std::memcpy(out.data() + 8, text.data(), text.size());
    for (size_t i = 0; i < blobs.size(); ++i) {
        const uint64_t off = meta["masks"][i]["blob_off"].get<uint64_t>();
        out.resize(off + blobs[i].size(), 0);
        if (!blobs[i].empty()) std::memcpy(out.data() + off, blobs[i].data(), blobs[i].size());
    }
    return out;
}

void writeFileAtomic(const std::string& path, const void* data, uint64_t n) {
    std::string temp;
    const int fd = makeTemp(path, temp);
    const auto* p = static_cast<const uint8_t*>(data);
    bool ok = true;
    while (ok && n > 0) {
        const ssize_t w = ::write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        ok = w > 0;
        if (ok) p += w, n -= uint64_t(w);
    }
    if (ok) detail::crashPoint("temp written");
    ok = ok && ::fsync(fd) == 0;
    if (ok) detail::crashPoint("temp synced");
    // Renamed (or removed) before the close drops the lock (writer.h).
    if (!ok || ::rename(temp.c_str(), path.c_str()) != 0) {
        const std::string msg = ioError(path, "cannot write");
        ::unlink(temp.c_str());
        ::close(fd);
        throw Error(ErrorKind::Io, msg);
    }
    detail::crashPoint("renamed");
    const bool closed = ::close(fd) == 0;
    syncDir(path);
    if (!closed) throw Error(ErrorKind::Io, ioError(path, "close failed"));
}

TempFile::TempFile(std::string target) : target_(std::move(target)) { fd_ = makeTemp(target_, path_); }

TempFile::~TempFile() {
    if (!path_.empty()) ::unlink(path_.c_str()); // still locked: no cleaner races the unlink
    if (fd_ >= 0) ::close(fd_);
}

void TempFile::relock() {
    const int fd = ::open(path_.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) throw Error(ErrorKind::Io, ioError(path_, "the temporary file is gone"));
    int rc;
    while ((rc = ::flock(fd, LOCK_EX)) != 0 && errno == EINTR) {
    }
    // As in makeTemp: locked, and the name still leads to the file we locked.
    struct stat mine {}, named {};
    if (rc == 0 && !(::fstat(fd, &mine) == 0 && ::lstat(path_.c_str(), &named) == 0 && sameFile(mine, named))) {
        ::close(fd);
        throw Error(ErrorKind::Io, path_ + ": the temporary file was removed by another process while it was being replaced");
    }
    ::close(fd_); // the replaced file's descriptor: that file has no name any more
    fd_ = fd;
}

void TempFile::commit() {
    if (::fsync(fd_) != 0) throw Error(ErrorKind::Io, ioError(path_, "fsync failed"));
    detail::crashPoint("temp synced");
    if (::rename(path_.c_str(), target_.c_str()) != 0) throw Error(ErrorKind::Io, ioError(target_, "cannot rename the finished file over"));
    path_.clear();
    detail::crashPoint("renamed");
    const int closed = ::close(fd_);
    fd_ = -1;
    syncDir(target_);
    if (closed != 0) throw Error(ErrorKind::Io, ioError(target_, "close failed"));
}

size_t removeStaleTemporaries(const std::string& target) noexcept {
    namespace fs = std::filesystem;
    try {
        const fs::path t(target);
        const fs::path dir = t.parent_path().empty() ? fs::path(".") : t.parent_path();
        const std::string prefix = t.filename().string() + kTempSuffix;
        // Collect first: removing entries while a directory is being read is
        // allowed, but then whether the iteration sees them is unspecified.
        std::vector<fs::path> candidates;
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            if (isTemporaryName(it->path().filename().string(), prefix)) candidates.push_back(it->path());
        }
        size_t removed = 0;
        for (const auto& c : candidates) {
            const int fd = ::open(c.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
            if (fd < 0) continue;
            // Locked by us, and the name still leads to the file we locked (not
            // to a new temporary that took a freed name): its writer is gone.
            struct stat opened {}, named {};
            if (::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0 &&
                ::lstat(c.c_str(), &named) == 0 && sameFile(opened, named) && ::unlink(c.c_str()) == 0)
                ++removed;
            ::close(fd);
        }
        return removed;
    } catch (...) {
        return 0; // best effort: a stale temporary is litter, not damage
    }
}

} // namespace cmf
