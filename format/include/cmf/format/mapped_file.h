#pragma once
// A read-only view of a whole file: mmap for files on disk, the file read
// into private memory (Residency::Loaded), or a borrowed buffer (fuzzing,
// tests). Mapped, cold pages cost no resident memory.
#include <cstdint>
#include <memory>
#include <string>

namespace cmf {

// How a file's bytes are held. Mapped: from the page cache, read lazily and
// shared with other processes. Loaded: read once into private memory that
// the kernel is asked to back with 2 MiB pages (transparent huge pages).
// Decode streams every weight once per token; through 4 KiB pages of a file
// mapping that read ~27 GB/s where 2 MiB pages of private memory read ~34
// (this machine kind, 2 threads): the hardware prefetchers stop at every
// page, and the TLB misses every 4 KiB. The engine copies the weights decode
// streams into HugePageMemory by default, and loads whole files when
// CMF_WEIGHTS=loaded asks (engine/src/weight_residency.h, Model::open).
enum class Residency { Mapped, Loaded };

// Private memory the kernel is asked to back with 2 MiB pages (transparent
// huge pages, a hint: without THP it is 4 KiB pages), aligned to 2 MiB and
// zero-filled (less than 2 MiB: 4 KiB pages, page-aligned); writable until seal(). Throws Error(Io) naming `what` when
// the memory cannot be had.
class HugePageMemory {
public:
    HugePageMemory(uint64_t size, const std::string& what);
    ~HugePageMemory();
    HugePageMemory(const HugePageMemory&) = delete;
    HugePageMemory& operator=(const HugePageMemory&) = delete;
    uint8_t* data() const { return data_; }
    uint64_t size() const { return size_; }
    void seal() const; // read-only from now on, as a mapping is

private:
    void* base_ = nullptr;
    uint64_t length_ = 0, size_ = 0;
    uint8_t* data_ = nullptr;
};

class MappedFile {
public:
    // Maps (or loads) path read-only. Throws Error(Io) naming the path and errno text.
    static std::shared_ptr<const MappedFile> open(const std::string& path, Residency residency = Residency::Mapped);
    // Wraps bytes owned by the caller; they must outlive every user.
    static std::shared_ptr<const MappedFile> borrow(const uint8_t* data, uint64_t size, std::string name);

    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const uint8_t* data() const { return data_; }
    uint64_t size() const { return size_; }
    const std::string& path() const { return path_; }
    Residency residency() const { return loaded_ ? Residency::Loaded : Residency::Mapped; }
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
    std::unique_ptr<HugePageMemory> loaded_; // Loaded: the bytes in private memory
    std::string path_;
};

} // namespace cmf
