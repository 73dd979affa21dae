#include "cmf/format/mapped_file.h"
#include "cmf/format/error.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cmf {

namespace {
constexpr uint64_t kHugePage = uint64_t(2) << 20;
} // namespace

HugePageMemory::HugePageMemory(uint64_t size, const std::string& what) : size_(size) {
    // Less than a huge page takes small ones: a 2 MiB page would hold mostly nothing.
    const bool huge = size >= kHugePage;
    length_ = huge ? (size + kHugePage - 1) / kHugePage * kHugePage + kHugePage // room to align
                   : std::max<uint64_t>(size, 1);
    base_ = ::mmap(nullptr, length_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base_ == MAP_FAILED) {
        base_ = nullptr;
        throw Error(ErrorKind::Io, what + ": cannot allocate " + std::to_string(size) + " bytes: " + std::strerror(errno));
    }
    data_ = static_cast<uint8_t*>(base_);
    if (!huge) return;
    data_ = reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(base_) + kHugePage - 1) & ~uintptr_t(kHugePage - 1));
#ifdef MADV_HUGEPAGE
    ::madvise(data_, length_ - uint64_t(data_ - static_cast<uint8_t*>(base_)), MADV_HUGEPAGE);
#endif
}

HugePageMemory::~HugePageMemory() {
    if (base_) ::munmap(base_, length_);
}

void HugePageMemory::seal() const {
    if (size_) ::mprotect(data_, size_, PROT_READ);
}

std::shared_ptr<const MappedFile> MappedFile::open(const std::string& path, Residency residency) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw Error(ErrorKind::Io, path + ": cannot open: " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int e = errno;
        ::close(fd);
        throw Error(ErrorKind::Io, path + ": cannot stat: " + std::strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        throw Error(ErrorKind::Io, path + ": not a regular file");
    }
    std::shared_ptr<MappedFile> f(new MappedFile());
    f->path_ = path;
    f->size_ = uint64_t(st.st_size);
    if (f->size_ > 0 && residency == Residency::Loaded) {
        try {
            f->loaded_ = std::make_unique<HugePageMemory>(f->size_, path + ": loading it");
            uint8_t* to = f->loaded_->data();
            for (uint64_t off = 0; off < f->size_;) {
                const ssize_t n = ::pread(fd, to + off, size_t(std::min<uint64_t>(f->size_ - off, uint64_t(64) << 20)), off_t(off));
                if (n < 0 && errno == EINTR) continue;
                if (n <= 0)
                    throw Error(ErrorKind::Io, path + ": cannot read at byte " + std::to_string(off) + ": " + std::strerror(n < 0 ? errno : EIO));
                off += uint64_t(n);
            }
            f->loaded_->seal();
            f->data_ = to;
        } catch (...) {
            ::close(fd);
            throw;
        }
    } else if (f->size_ > 0) {
        void* p = ::mmap(nullptr, f->size_, PROT_READ, MAP_SHARED, fd, 0);
        if (p == MAP_FAILED) {
            const int e = errno;
            ::close(fd);
            throw Error(ErrorKind::Io, path + ": cannot map: " + std::strerror(e));
        }
        f->data_ = static_cast<const uint8_t*>(p);
        f->mapped_ = true;
    }
    ::close(fd); // the mapping keeps the file alive
    return f;
}

std::shared_ptr<const MappedFile> MappedFile::borrow(const uint8_t* data, uint64_t size, std::string name) {
    std::shared_ptr<MappedFile> f(new MappedFile());
    f->data_ = data;
    f->size_ = size;
    f->path_ = std::move(name);
    return f;
}

MappedFile::~MappedFile() {
    if (mapped_) ::munmap(const_cast<uint8_t*>(data_), size_);
}

void MappedFile::adviseSequential(uint64_t off, uint64_t len) const {
    if (!mapped_ || len == 0 || off >= size_) return;
    const uint64_t page = uint64_t(::sysconf(_SC_PAGESIZE));
    const uint64_t start = off & ~(page - 1);
    const uint64_t end = std::min(size_, off + len);
    ::madvise(const_cast<uint8_t*>(data_) + start, end - start, MADV_SEQUENTIAL);
    ::madvise(const_cast<uint8_t*>(data_) + start, end - start, MADV_WILLNEED);
}

void MappedFile::release(const uint8_t* p, uint64_t len) const {
    if (!mapped_ || p < data_ || p + len > data_ + size_) return;
    const uint64_t page = uint64_t(::sysconf(_SC_PAGESIZE));
    const uint64_t start = (uint64_t(p - data_) + page - 1) & ~(page - 1);
    const uint64_t end = uint64_t(p - data_ + len) & ~(page - 1);
    if (end > start) ::madvise(const_cast<uint8_t*>(data_) + start, end - start, MADV_DONTNEED);
}

} // namespace cmf
