#pragma once
// A read-only view of a whole file: mmap for files on disk, or a borrowed
// buffer (fuzzing, tests). Cold pages cost no resident memory.
#include <cstdint>
#include <memory>
#include <string>

namespace cmf {

class MappedFile {
public:
    // Maps path read-only. Throws Error(Io) naming the path and errno text.
    static std::shared_ptr<const MappedFile> open(const std::string& path);
    // Wraps bytes owned by the caller; they must outlive every user.
    static std::shared_ptr<const MappedFile> borrow(const uint8_t* data, uint64_t size, std::string name);

    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const uint8_t* data() const { return data_; }
    uint64_t size() const { return size_; }
    const std::string& path() const { return path_; }
    // Advise the kernel that [off, off+len) will be read front to back soon.
    void adviseSequential(uint64_t off, uint64_t len) const;
    // Drops [p, p+len) from this process's resident set once it has been
    // used (whole pages inside the range only); the page cache keeps them.
    void release(const uint8_t* p, uint64_t len) const;

private:
    MappedFile() = default;
    const uint8_t* data_ = nullptr;
    uint64_t size_ = 0;
    bool mapped_ = false;
    std::string path_;
};

} // namespace cmf
