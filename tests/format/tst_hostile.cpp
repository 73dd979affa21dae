// Hostile files (issue 11): one test per crafted defect. Each asserts the
// exact spec error kind (§1.2, §3, §5, §10) and a message naming the problem,
// and runs the parse under an allocation guard: this binary replaces the
// global operator new, and while a guard is armed any single allocation over
// 64 MiB, or more than 256 MiB in all, throws std::bad_alloc (reported as a
// failure) instead of being attempted, and the guard then stands down. So "never a huge allocation" is
// checked by the reader's own allocations, not by the machine's memory.
#include "file_builder.h"
#include "test_support.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/shards.h"
#include "cmf/format/verify.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <cstring>
#include <fstream>
#include <new>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

using cmftest::FileBuilder;
using cmftest::getU64;
using cmftest::putU32;
using cmftest::putU64;
using nlohmann::json;

// ---------------------------------------------------------------------------
// Allocation guard.

namespace alloc {

constexpr uint64_t kMaxSingle = 64ull << 20;
constexpr uint64_t kMaxTotal = 256ull << 20;

std::atomic<bool> armed{false};
std::atomic<uint64_t> largest{0}, total{0}, calls{0};

void* allocate(std::size_t n, std::size_t align) {
    if (armed.load(std::memory_order_relaxed)) {
        calls.fetch_add(1, std::memory_order_relaxed);
        const uint64_t sum = total.fetch_add(n, std::memory_order_relaxed) + n;
        uint64_t big = largest.load(std::memory_order_relaxed);
        while (n > big && !largest.compare_exchange_weak(big, n, std::memory_order_relaxed)) {
        }
        if (n > kMaxSingle || sum > kMaxTotal) {
            // Trip once, then stand down: unwinding may allocate too (some
            // destructors do), and a throw there would terminate.
            armed = false;
            throw std::bad_alloc();
        }
    }
    void* p;
    if (align > alignof(std::max_align_t))
        p = std::aligned_alloc(align, (n + align - 1) / align * align);
    else
        p = std::malloc(n ? n : 1);
    if (!p) throw std::bad_alloc();
    return p;
}

// Arms the guard for its lifetime and starts the counters from zero.
struct Scope {
    Scope() {
        largest = 0;
        total = 0;
        calls = 0;
        armed = true;
    }
    ~Scope() { armed = false; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
};

} // namespace alloc

void* operator new(std::size_t n) { return alloc::allocate(n, 0); }
void* operator new[](std::size_t n) { return alloc::allocate(n, 0); }
void* operator new(std::size_t n, std::align_val_t a) { return alloc::allocate(n, std::size_t(a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return alloc::allocate(n, std::size_t(a)); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    try {
        return alloc::allocate(n, 0);
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
    try {
        return alloc::allocate(n, 0);
    } catch (...) {
        return nullptr;
    }
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    try {
        return alloc::allocate(n, std::size_t(a));
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    try {
        return alloc::allocate(n, std::size_t(a));
    } catch (...) {
        return nullptr;
    }
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

// ---------------------------------------------------------------------------

namespace {

// What a call did: threw a cmf::Error (kind + message), hit the allocation
// guard, or returned.
struct Outcome {
    std::optional<cmf::ErrorKind> kind;
    std::string message;
    bool allocationCap = false;
    uint64_t largest = 0;

    std::string describe() const {
        if (allocationCap) return "hit the allocation guard (largest request " + std::to_string(largest) + " bytes)";
        if (!kind) return "no error";
        return std::string(cmf::errorKindName(*kind)) + ": " + message;
    }
};

template <class F>
Outcome guarded(F&& f) {
    Outcome o;
    {
        alloc::Scope scope;
        try {
            f();
        } catch (const cmf::Error& e) {
            o.kind = e.kind();
            o.message = e.what();
        } catch (const std::bad_alloc&) {
            o.allocationCap = true;
        }
    }
    o.largest = alloc::largest;
    return o;
}

Outcome openOutcome(const std::vector<uint8_t>& b) {
    return guarded([&] { cmf::CmfFile::fromMapping(cmf::MappedFile::borrow(b.data(), b.size(), "memory")); });
}

// Fails the test unless f throws a cmf::Error of this kind whose message
// contains every one of words, without tripping the allocation guard.
#define EXPECT_ERROR(outcome, expectedKind, ...)                                                               \
    do {                                                                                                       \
        const Outcome o_ = (outcome);                                                                          \
        QVERIFY2(!o_.allocationCap && o_.kind && *o_.kind == (expectedKind),                                   \
                 ("expected " + std::string(cmf::errorKindName(expectedKind)) + ", got " + o_.describe()).c_str()); \
        for (const std::string& w_ : std::initializer_list<std::string>{__VA_ARGS__})                         \
            QVERIFY2(o_.message.find(w_) != std::string::npos,                                                 \
                     ("message lacks \"" + w_ + "\": " + o_.message).c_str());                                 \
        QVERIFY2(o_.largest < alloc::kMaxSingle, o_.describe().c_str());                                       \
    } while (0)

#define EXPECT_OPEN_ERROR(bytes, expectedKind, ...) EXPECT_ERROR(openOutcome(bytes), expectedKind, __VA_ARGS__)

uint64_t dirOff(const std::vector<uint8_t>& f) { return getU64(f, 0x20); }
uint64_t recordOff(const std::vector<uint8_t>& f, uint64_t i) { return dirOff(f) + 16 + 56 * i; }

// Recomputes the envelope's directory hash after a record was patched, so the
// file is consistent apart from what the test means to change.
void rehashDirectory(std::vector<uint8_t>& f) {
    putU64(f, 0x78, cmf::hash64(f.data() + dirOff(f), getU64(f, 0x28)));
}

// A masks section with verbatim meta text: [n][meta_len][meta], zero-filled
// to total bytes (blob_off values in the meta are whatever the test wrote).
std::vector<uint8_t> rawMasks(uint32_t n, const std::string& meta, uint64_t total) {
    std::vector<uint8_t> s(std::max<uint64_t>(total, 8 + meta.size()), 0);
    putU32(s, 0, n);
    putU32(s, 4, uint32_t(meta.size()));
    std::memcpy(s.data() + 8, meta.data(), meta.size());
    return s;
}

json oneMaskMeta() {
    json meta{{"default_task", "t"}, {"masks", json::array()}};
    meta["masks"].push_back({{"name", "t"}, {"quality", nullptr}});
    return meta;
}

std::string tmp(const std::string& name) { return cmftest::tempDir() + "/" + name; }

void writeBytes(const std::string& path, const std::vector<uint8_t>& b) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
    if (!f) qFatal("cannot write %s", path.c_str());
}

// Writes b, then extends the file to size with a hole (no disk blocks).
void writeSparse(const std::string& path, const std::vector<uint8_t>& b, uint64_t size) {
    writeBytes(path, b);
    if (::truncate(path.c_str(), off_t(size)) != 0) qFatal("cannot extend %s", path.c_str());
}

FileBuilder shard(uint32_t no, uint32_t count) {
    FileBuilder b;
    b.addF16("shard" + std::to_string(no) + ".weight", {4, 32}, no);
    b.header["shard"] = {{"no", no}, {"count", count}};
    return b;
}

const char* kSectionNames[] = {"header", "directory", "data", "masks", "vocab", "index"};

} // namespace

class TestHostile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The guard itself: a request over the cap fails, a small one is seen.
    // Without this, every "no huge allocation" check below could pass vacuously.
    void allocationGuardWorks() {
        const Outcome big = guarded([] { std::vector<uint8_t> v(alloc::kMaxSingle + 1); });
        QVERIFY(big.allocationCap);
        const Outcome many = guarded([] {
            std::vector<std::vector<uint8_t>> keep;
            for (int i = 0; i < 8; ++i) keep.emplace_back(48ull << 20);
        });
        QVERIFY(many.allocationCap);
        const Outcome small = guarded([] { std::vector<uint8_t> v(1 << 20); });
        QVERIFY(!small.allocationCap);
        QVERIFY(small.largest >= (1u << 20));
        QVERIFY(small.largest < alloc::kMaxSingle);
    }

    // §1.2: every section inside the file, without u64 wrap → Bounds.
    void envelopeSectionNear2to64_data() {
        QTest::addColumn<int>("slot");
        QTest::addColumn<quint64>("off");
        QTest::addColumn<quint64>("len");
        QTest::addColumn<QString>("words");
        for (int s = 0; s < 6; ++s) {
            const std::string n = kSectionNames[s];
            QTest::newRow((n + " off 2^64-4096").c_str()) << s << quint64(~0ull - 4095) << quint64(16) << "past the end";
            QTest::newRow((n + " len 2^64-1").c_str()) << s << quint64(128) << quint64(~0ull) << "overflows u64";
            QTest::newRow((n + " off+len = 2^64").c_str()) << s << quint64(1ull << 63) << quint64(1ull << 63) << "overflows u64";
            QTest::newRow((n + " both 2^64-1").c_str()) << s << quint64(~0ull) << quint64(~0ull) << "overflows u64";
        }
    }
    void envelopeSectionNear2to64() {
        QFETCH(int, slot);
        QFETCH(quint64, off);
        QFETCH(quint64, len);
        QFETCH(QString, words);
        auto bytes = FileBuilder::minimalModel().build();
        putU64(bytes, 0x10 + 16 * slot, off);
        putU64(bytes, 0x18 + 16 * slot, len);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, std::string(kSectionNames[slot]) + " section", words.toStdString());
    }

    // header_len huge, wrapping, and one byte past the end of the file.
    void headerJsonLengthHuge() {
        auto bytes = FileBuilder::minimalModel().build();
        putU64(bytes, 0x18, ~0ull);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "header section", "overflows u64");
        putU64(bytes, 0x18, ~0ull - 128); // 128 + len = 2^64 - 1: no wrap, far past EOF
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "header section", "past the end");
        putU64(bytes, 0x18, bytes.size() - 128 + 1);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "header section", "past the end");
    }

    // §3: count near 2^64, count whose ·56 wraps to a small number, and a
    // count one record too many for dir_len.
    void directoryCountNear2to64() {
        const auto good = FileBuilder::minimalModel().build();
        for (const uint64_t count : {~0ull, 1ull << 63, ~0ull / 56 + 1, (1ull << 58) + 1}) {
            auto bytes = good;
            putU64(bytes, dirOff(bytes), count);
            EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "directory: count " + std::to_string(count), "do not fit");
        }
    }
    void directoryCountJustTooBig() {
        auto bytes = FileBuilder::minimalModel().build();
        const uint64_t dirLen = getU64(bytes, 0x28);
        const uint64_t fits = (dirLen - 16) / 56;
        putU64(bytes, dirOff(bytes), fits + 1);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "count " + std::to_string(fits + 1), "do not fit in " + std::to_string(dirLen));
    }

    // A directory that really is 2^24 records long (a sparse file: the holes
    // read as zeros). The count fits dir_len, so only record 0 can say the
    // file is junk; before the fix the reader first reserved a name table
    // for all 16.7 M records (a 128 MiB+ allocation).
    void directoryCountFitsSparseFile() {
        auto bytes = FileBuilder::minimalModel().build();
        const uint64_t count = 1ull << 24;
        const uint64_t off = (bytes.size() + 7) / 8 * 8;
        const uint64_t len = 16 + count * 56;
        bytes.resize(off + 16, 0);
        putU64(bytes, off, count);
        putU64(bytes, off + 8, len); // empty name pool
        putU64(bytes, 0x20, off);
        putU64(bytes, 0x28, len);
        const std::string path = tmp("sparse-directory.cmf");
        writeSparse(path, bytes, off + len);
        EXPECT_ERROR(guarded([&] { cmf::CmfFile::open(path); }), cmf::ErrorKind::Parse, "directory record 0", "empty tensor name");
        ::unlink(path.c_str());
    }

    // name_off/name_len (u32/u16 in §3, so 2^32 is the largest reachable)
    // at their maxima, and a name one byte past the end of the pool.
    void nameBoundsNear2to32() {
        auto bytes = FileBuilder::minimalModel().build();
        putU32(bytes, recordOff(bytes, 0), 0xFFFFFFFFu);
        bytes[recordOff(bytes, 0) + 4] = 0xFF;
        bytes[recordOff(bytes, 0) + 5] = 0xFF;
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "directory record 0", "4294967295", "+65535", "runs past the name pool");
    }
    void nameLengthPastEnd() {
        auto bytes = FileBuilder::minimalModel().build();
        const uint64_t r = recordOff(bytes, 2); // the last name in the pool
        const uint16_t len = uint16_t(bytes[r + 4] | bytes[r + 5] << 8);
        bytes[r + 4] = uint8_t(len + 1);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "directory record 2", "runs past the name pool");
        bytes[r + 4] = 0xFF;
        bytes[r + 5] = 0xFF;
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "directory record 2", "runs past the name pool");
    }

    // Shapes: dims are u32 (§3), so 64-bit trouble is in the product.
    void shapeElementCountFitsButBytesDoNot() {
        auto b = FileBuilder::minimalModel();
        b.addRaw("big.f16", 1, {0xFFFFFFFFu, 0xFFFFFFFFu}, {}); // 2^64 - 2^33 + 1 elements, ×2 bytes
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Bounds, "(big.f16)", "takes 2^64-1 or more bytes");
        auto c = FileBuilder::minimalModel();
        c.addRaw("big.f32", 0, {0xFFFFFFFFu, 0xFFFFFFFFu}, std::vector<uint8_t>(64));
        EXPECT_OPEN_ERROR(c.build(), cmf::ErrorKind::Bounds, "(big.f32)", "nbytes 64", "2^64-1 or more bytes");
        auto d = FileBuilder::minimalModel();
        d.addRaw("big.vbit", 8, {0xFFFFFFFFu, 0xFFFFFFE0u}, {}); // variable length: a minimum near 2^63
        EXPECT_OPEN_ERROR(d.build(), cmf::ErrorKind::Bounds, "(big.vbit)", "nbytes 0 is below the");
    }
    void shapeProductOverflows() {
        auto b = FileBuilder::minimalModel();
        b.addRaw("wrap3", 1, {0xFFFFFFFFu, 0xFFFFFFFFu, 2}, {});
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "(wrap3)", "element count overflows u64");
        auto c = FileBuilder::minimalModel();
        c.addRaw("wrap6", 0, {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu}, {});
        EXPECT_OPEN_ERROR(c.build(), cmf::ErrorKind::Parse, "(wrap6)", "element count overflows u64");
        // A leading 0 makes the count 0, but the row length (rows x cols view
        // of every tensor) would still wrap.
        auto d = FileBuilder::minimalModel();
        d.addRaw("empty.wrap", 1, {0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu}, {});
        EXPECT_OPEN_ERROR(d.build(), cmf::ErrorKind::Parse, "(empty.wrap)", "row length", "overflows u64");
        auto e = FileBuilder::minimalModel();
        e.addRaw("empty", 1, {0, 0xFFFFFFFFu, 0xFFFFFFFFu}, {}); // 0 elements, a row length that fits
        const auto bytes = e.build();
        const Outcome o = openOutcome(bytes);
        QVERIFY2(!o.kind && !o.allocationCap, o.describe().c_str());
    }
    // §1.2: ndim > 6 → Parse; ndim is a u8, so 255 is "huge".
    void ndimHuge() {
        for (const uint8_t ndim : {uint8_t(7), uint8_t(128), uint8_t(255)}) {
            auto bytes = FileBuilder::minimalModel().build();
            bytes[recordOff(bytes, 1) + 7] = ndim;
            EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Parse, "(model.norm.weight)", "ndim " + std::to_string(ndim) + " > 6");
        }
    }

    // §1.2: off + nbytes within data_len, no wrap → Bounds.
    void tensorOffsetAndSizeNear2to64_data() {
        QTest::addColumn<quint64>("off");
        QTest::addColumn<quint64>("nbytes");
        QTest::newRow("off 2^64-64") << quint64(~0ull - 63) << quint64(64);
        QTest::newRow("nbytes 2^64-1") << quint64(0) << quint64(~0ull);
        QTest::newRow("off+nbytes = 2^64 exactly") << quint64(64) << quint64(~0ull - 63);
        QTest::newRow("off+nbytes wraps to 64") << quint64(128) << quint64(~0ull - 63);
        QTest::newRow("both 2^63") << quint64(1ull << 63) << quint64(1ull << 63);
    }
    void tensorOffsetAndSizeNear2to64() {
        QFETCH(quint64, off);
        QFETCH(quint64, nbytes);
        auto bytes = FileBuilder::minimalModel().build();
        putU64(bytes, recordOff(bytes, 2) + 32, off);
        putU64(bytes, recordOff(bytes, 2) + 40, nbytes);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "directory record 2 (lm_head.weight)", "exceed data_len");
    }
    void tensorOutsideDataSection() {
        auto bytes = FileBuilder::minimalModel().build();
        const uint64_t dataLen = getU64(bytes, 0x38);
        const uint64_t nbytes = getU64(bytes, recordOff(bytes, 1) + 40);
        // Just past the end (64-aligned), and the first aligned offset that no longer fits.
        for (const uint64_t off : {dataLen + 64, (dataLen - nbytes + 64) / 64 * 64}) {
            putU64(bytes, recordOff(bytes, 1) + 32, off);
            EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "(model.norm.weight)", "bytes [" + std::to_string(off),
                              "exceed data_len " + std::to_string(dataLen));
        }
    }

    // The spec does not make overlapping payloads an error (§1.2 lists no such
    // rule; §3/§4 leave the blob to the directory), so the reader accepts
    // them as documented in directory.h: both records name the same bytes,
    // each is hashed and verified on its own.
    void overlappingPayloadsAreAccepted() {
        FileBuilder b;
        b.addF16("a", {4, 32}, 1);
        b.addF16("b", {4, 32}, 2);
        auto bytes = b.build();
        putU64(bytes, recordOff(bytes, 1) + 32, getU64(bytes, recordOff(bytes, 0) + 32)); // b.off = a.off
        putU64(bytes, recordOff(bytes, 1) + 48, getU64(bytes, recordOff(bytes, 0) + 48)); // and a's hash
        rehashDirectory(bytes);
        std::shared_ptr<const cmf::CmfFile> f;
        const Outcome o = guarded([&] { f = cmf::CmfFile::fromMapping(cmf::MappedFile::borrow(bytes.data(), bytes.size(), "m")); });
        QVERIFY2(!o.kind && !o.allocationCap, o.describe().c_str());
        const auto a = f->tensorBytes(*f->findTensor("a")), bb = f->tensorBytes(*f->findTensor("b"));
        QCOMPARE(bb.data, a.data);
        QCOMPARE(bb.nbytes, a.nbytes);
        const auto report = cmf::verify(*f);
        QVERIFY2(report.ok(), report.problems.empty() ? "" : report.problems[0].detail.c_str());
        QCOMPARE(report.bytesHashed, 2 * a.nbytes); // shared bytes count once per record
        // The shared bytes are checked against each record's own hash.
        putU64(bytes, recordOff(bytes, 1) + 48, 0x1234);
        rehashDirectory(bytes);
        const auto f2 = cmf::CmfFile::fromMapping(cmf::MappedFile::borrow(bytes.data(), bytes.size(), "m2"));
        const auto r2 = cmf::verify(*f2);
        QCOMPARE(r2.problems.size(), size_t(1));
        QCOMPARE(r2.problems[0].kind, std::string("tensor_hash_mismatch"));
        QCOMPARE(r2.problems[0].where, std::string("b"));
    }

    // Overlap lets a small directory name the same gigabyte 20000 times
    // (20 TB of "tensors" in a 1 GiB sparse file). verify used to build one
    // chunk entry per 4 MiB per record up front — 5 M entries, a 100+ MiB
    // table — before hashing a byte. Now it works in bounded batches; the
    // test cancels after the first chunk, so nothing big is hashed either.
    void overlappingPayloadsDoNotAmplifyVerify() {
        constexpr uint32_t kRecords = 20000;
        constexpr uint64_t kTensorBytes = 1ull << 30;
        FileBuilder b;
        for (uint32_t i = 0; i < kRecords; ++i) b.addRaw(std::string("t").append(std::to_string(i)), 1, {32}, std::vector<uint8_t>(64));
        auto bytes = b.build();
        const uint64_t dataOff = getU64(bytes, 0x30);
        for (uint32_t i = 0; i < kRecords; ++i) {
            putU32(bytes, recordOff(bytes, i) + 8, uint32_t(kTensorBytes / 2)); // f16 [2^29]
            putU64(bytes, recordOff(bytes, i) + 32, 0);
            putU64(bytes, recordOff(bytes, i) + 40, kTensorBytes);
        }
        putU64(bytes, 0x38, kTensorBytes);
        bytes.resize(dataOff);
        const std::string path = tmp("overlap-amplify.cmf");
        writeSparse(path, bytes, dataOff + kTensorBytes);

        std::shared_ptr<const cmf::CmfFile> f;
        const Outcome opened = guarded([&] { f = cmf::CmfFile::open(path); });
        QVERIFY2(!opened.kind && !opened.allocationCap, opened.describe().c_str());
        std::atomic<bool> stop{false};
        std::atomic<uint64_t> reportedTotal{0};
        cmf::Control control{[&](uint64_t done, uint64_t total, std::string_view) {
                                 reportedTotal = total;
                                 if (done > 0) stop = true;
                             },
                             &stop};
        const Outcome o = guarded([&] { cmf::verify(*f, control); });
        EXPECT_ERROR(o, cmf::ErrorKind::Cancelled, "cancelled");
        QCOMPARE(reportedTotal.load(), uint64_t(kRecords) * kTensorBytes);
        f.reset();
        ::unlink(path.c_str());
    }

    // §5: blob_off/blob_len outside the section, near 2^64, and wrapping.
    void masksBlobOutsideSection_data() {
        QTest::addColumn<QString>("blobOff");
        QTest::addColumn<QString>("blobLen");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("words");
        const int bounds = int(cmf::ErrorKind::Bounds), parse = int(cmf::ErrorKind::Parse);
        QTest::newRow("off past the section") << "8192" << "19" << bounds << "outside the blob area";
        QTest::newRow("off 2^64-8") << "18446744073709551608" << "19" << bounds << "outside the blob area";
        QTest::newRow("len 2^64-1") << "256" << "18446744073709551615" << bounds << "outside the blob area";
        QTest::newRow("off+len wraps") << "256" << "18446744073709551360" << bounds << "outside the blob area";
        QTest::newRow("off+len = 2^64") << "18446744073709551360" << "256" << bounds << "outside the blob area";
        QTest::newRow("off inside the meta") << "8" << "19" << bounds << "outside the blob area";
        QTest::newRow("off 2^64 (not a u64)") << "18446744073709551616" << "19" << parse << "not unsigned integers";
        QTest::newRow("negative len") << "256" << "-19" << parse << "not unsigned integers";
        QTest::newRow("off not aligned") << "257" << "19" << bounds << "not aligned to 8";
        QTest::newRow("len below the arch") << "256" << "18" << bounds << "below the 19 bytes";
    }
    void masksBlobOutsideSection() {
        QFETCH(QString, blobOff);
        QFETCH(QString, blobLen);
        QFETCH(int, kind);
        QFETCH(QString, words);
        auto b = FileBuilder::minimalModel();
        const std::string meta = R"({"default_task":"t","masks":[{"name":"t","blob_off":)" + blobOff.toStdString() +
                                 R"(,"blob_len":)" + blobLen.toStdString() + "}]}";
        b.masks = rawMasks(1, meta, 512);
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind(kind), "masks section: mask 0 (t)", words.toStdString());
    }
    void masksMetaLenPastSection() {
        auto b = FileBuilder::minimalModel();
        auto sec = rawMasks(0, R"({"masks":[]})", 64);
        for (const uint32_t metaLen : {0xFFFFFFFFu, uint32_t(64 - 8 + 1)}) {
            putU32(sec, 4, metaLen);
            b.masks = sec;
            EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Bounds, "meta_len " + std::to_string(metaLen), "runs past the section");
        }
    }

    // Many masks pointing at one blob: each mask's popcount tables cost
    // 8 bytes per row, so 64 masks over a 2 MiB blob of 2^20 rows used to
    // allocate ~1 GiB. The blobs must now fit the area side by side.
    void masksSharingOneBlob() {
        auto b = FileBuilder::minimalModel();
        b.header["arch"]["num_layers"] = 1 << 20;
        b.header["arch"]["intermediate_size"] = 8;
        b.header["arch"]["num_attention_heads"] = 8;
        const uint64_t need = (1ull << 20) * 2 + (1ull << 17);
        json meta{{"default_task", "m0"}, {"masks", json::array()}};
        for (int i = 0; i < 64; ++i) meta["masks"].push_back({{"name", std::string("m").append(std::to_string(i))}, {"blob_off", 8192}, {"blob_len", need}});
        b.masks = rawMasks(64, meta.dump(), 8192 + need);
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Bounds, "mask 1 (m1)", "cannot share one blob");

        // One mask of the same geometry is fine, and costs memory in proportion.
        json one{{"default_task", "m0"}, {"masks", json::array()}};
        one["masks"].push_back({{"name", "m0"}, {"blob_off", 8192}, {"blob_len", need}});
        b.masks = rawMasks(1, one.dump(), 8192 + need);
        const auto bytes = b.build();
        const Outcome o = openOutcome(bytes);
        QVERIFY2(!o.kind && !o.allocationCap, o.describe().c_str());
    }
    // A 0-wide dimension makes rows of 0 bytes: millions of rows in a few bytes.
    void masksZeroWidthRows() {
        for (const char* key : {"intermediate_size", "num_attention_heads", "num_layers"}) {
            auto b = FileBuilder::minimalModel();
            b.header["arch"][key] = 0;
            b.masks = FileBuilder::masksSection(oneMaskMeta(), {std::vector<uint8_t>(32)});
            EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, std::string("arch.") + key, "is 0");
        }
    }
    // LOOP_MASKS: rows = layers × loops, from the file; it used to wrap u32
    // (2 layers × 2^31 loops = 0 rows) or truncate the loop count (2^32+1 → 1).
    void masksLoopRowsOverflow() {
        for (const uint64_t loops : {uint64_t(1) << 31, (uint64_t(1) << 32) + 1, uint64_t(1) << 63, (uint64_t(1) << 23) + 1}) {
            auto b = FileBuilder::minimalModel();
            b.features = cmf::TensorDir | cmf::BinaryMasks | cmf::LoopMasks;
            b.header["arch"]["num_loops"] = loops;
            b.masks = FileBuilder::masksSection(oneMaskMeta(), {std::vector<uint8_t>(32)});
            EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "2 layers x " + std::to_string(loops) + " loops", "mask rows");
        }
    }
    // Deeply nested meta JSON: parsing is iterative, but copying it into each
    // Mask recursed once per level and overflowed the stack.
    void masksMetaNestingBomb() {
        auto b = FileBuilder::minimalModel();
        const std::string deep = std::string(300000, '[') + std::string(300000, ']');
        const std::string meta = R"({"masks":[{"name":"t","blob_off":8,"blob_len":19,"x":)" + deep + "}]}";
        b.masks = rawMasks(1, meta, 8 + meta.size() + 64);
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "masks section", "nests deeper than 128");
    }
    // Non-zero tail bits in every row of 2^16 rows: reported by name for the
    // first few rows and counted for the rest, not one string per row.
    void masksTailReportsAreBounded() {
        auto b = FileBuilder::minimalModel();
        b.header["arch"]["num_layers"] = 1 << 16;
        b.header["arch"]["intermediate_size"] = 4; // 4 tail bits per ffn byte
        b.header["arch"]["num_attention_heads"] = 8;
        const uint64_t rows = 1u << 16;
        std::vector<uint8_t> blob(rows * 2 + rows / 8, 0);
        for (uint64_t r = 0; r < rows; ++r) blob[r] = 0xFF; // ffn rows: 4 live bits + 4 tail bits
        b.masks = FileBuilder::masksSection(oneMaskMeta(), {blob});
        const auto bytes = b.build();
        std::shared_ptr<const cmf::CmfFile> f;
        const Outcome o = guarded([&] { f = cmf::CmfFile::fromMapping(cmf::MappedFile::borrow(bytes.data(), bytes.size(), "m")); });
        QVERIFY2(!o.kind && !o.allocationCap, o.describe().c_str());
        const auto& m = f->masks()->masks.at(0);
        QCOMPARE(m.ffnActive.size(), size_t(rows));
        QCOMPARE(m.ffnActive[0], 4u);
        QCOMPARE(m.nonZeroTails.size(), size_t(17));
        QCOMPARE(m.nonZeroTails.front(), std::string("ffn row 0"));
        QCOMPARE(m.nonZeroTails.back(), std::to_string(rows - 16) + " more rows");
    }

    // §7: an entry that claims 2^32-1 groups and heads.
    void sparseIndexEntryCountsNear2to32() {
        auto b = FileBuilder::minimalModel();
        std::vector<uint8_t> idx(8 + 16 + 8, 0);
        putU32(idx, 0, 1);
        putU32(idx, 8 + 8, 0xFFFFFFFFu);
        putU32(idx, 8 + 12, 0xFFFFFFFFu);
        b.index = idx;
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Bounds, "index section: entry 0", "runs past the section");
    }

    // A 1 GiB index (a hole in a sparse file) whose count fits it: entry 1 is
    // junk. Before, the reader reserved 56 bytes per claimed entry (3.7 GB)
    // before reading entry 0.
    void sparseIndexCountFitsSparseFile() {
        auto bytes = FileBuilder::minimalModel().build();
        const uint64_t n = 1ull << 26;
        const uint64_t off = (bytes.size() + 7) / 8 * 8;
        const uint64_t len = 8 + n * 16;
        bytes.resize(off + 8 + 32, 0);
        putU32(bytes, off, uint32_t(n));
        putU32(bytes, off + 8 + 16 + 8, 0xFFFFFFFFu); // entry 1: 2^32-1 groups
        putU64(bytes, 0x60, off);
        putU64(bytes, 0x68, len);
        const std::string path = tmp("sparse-index.cmf");
        writeSparse(path, bytes, off + len);
        EXPECT_ERROR(guarded([&] { cmf::CmfFile::open(path); }), cmf::ErrorKind::Bounds, "index section: entry 1",
                     "runs past the section");
        ::unlink(path.c_str());
    }

    // §9: registry lookups must not be quadratic. Ids longer than the small
    // string buffer made the old matcher allocate a "skill.{id}." string for
    // every (directory name, skill) pair: 9 M allocations here.
    void skillsRegistryScalesLinearly() {
        constexpr int kSkills = 3000;
        FileBuilder b;
        b.header["skills"] = json::array();
        for (int i = 0; i < kSkills; ++i) {
            char id[32];
            std::snprintf(id, sizeof id, "specialist-%08d", i);
            b.header["skills"].push_back({{"id", id}});
            b.addRaw(std::string("skill.") + id + ".w", 1, {1}, std::vector<uint8_t>(2));
        }
        const auto bytes = b.build();
        std::shared_ptr<const cmf::CmfFile> f;
        const Outcome o = guarded([&] { f = cmf::CmfFile::fromMapping(cmf::MappedFile::borrow(bytes.data(), bytes.size(), "m")); });
        QVERIFY2(!o.kind && !o.allocationCap, o.describe().c_str());
        const uint64_t calls = alloc::calls;
        QVERIFY2(calls < 300000, std::to_string(calls).c_str());
        QCOMPARE(f->skills().size(), size_t(kSkills));
        for (const auto& s : f->skills()) QCOMPARE(s.tensors, std::vector<std::string>{"w"});
    }
    // Matching by sorted ids: neighbours that share a prefix, ids with dots.
    void skillsTensorMatching() {
        FileBuilder b;
        b.header["skills"] = json::array({{{"id", "a"}}, {{"id", "ab"}}, {{"id", "a-b"}}, {{"id", "v1.2"}}});
        for (const char* n : {"skill.a.x", "skill.ab.y", "skill.a-b.z", "skill.abc.q", "skill.a.", "skill.ab", "skill.v1.2.w",
                              "skill.v1.3.w", "skills.a.x"})
            b.addRaw(n, 1, {1}, std::vector<uint8_t>(2));
        const auto bytes = b.build();
        const auto f = cmf::CmfFile::fromMapping(cmf::MappedFile::borrow(bytes.data(), bytes.size(), "m"));
        std::map<std::string, std::vector<std::string>> got;
        for (const auto& s : f->skills()) got[s.id] = s.tensors;
        QCOMPARE(got["a"], std::vector<std::string>{"x"});
        QCOMPARE(got["ab"], std::vector<std::string>{"y"});
        QCOMPARE(got["a-b"], std::vector<std::string>{"z"});
        QCOMPARE(got["v1.2"], std::vector<std::string>{"w"});
    }
    // "a" and "a.b" make skill.a.b.x mean two things (§9 names are
    // skill.{id}.{name}); nesting them also listed each name once per level.
    void skillsNestedIdsAreAmbiguous() {
        FileBuilder b;
        b.addF16("x", {1}, 1);
        b.header["skills"] = json::array({{{"id", "a.b"}}, {{"id", "a"}}});
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "skills[1]", "\"a\" and \"a.b\"", "ambiguous");
        b.header["skills"] = json::array({{{"id", "a"}}, {{"id", "b"}}, {{"id", "a"}}});
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "skills[2]", "duplicate skill id \"a\"");
    }

    // §10: a missing sibling, a count mismatch, a missing first shard.
    void shardMissingSibling() {
        const std::string base = tmp("missing");
        shard(1, 3).writeTo(base + "-00001-of-00003.cmf");
        shard(2, 3).writeTo(base + "-00002-of-00003.cmf");
        EXPECT_ERROR(guarded([&] { cmf::Model::open(base + "-00002-of-00003.cmf"); }), cmf::ErrorKind::Io,
                     "missing sibling shard missing-00003-of-00003.cmf", "(3 of 3)");
    }
    void shardFirstMissing() {
        const std::string base = tmp("nofirst");
        shard(2, 2).writeTo(base + "-00002-of-00002.cmf");
        EXPECT_ERROR(guarded([&] { cmf::Model::open(base + "-00002-of-00002.cmf"); }), cmf::ErrorKind::Io,
                     "missing its first shard nofirst-00001-of-00002.cmf");
    }
    void shardCountMismatch() {
        // The name says 2 shards, shard 1's header says 3.
        const std::string a = tmp("count-a");
        shard(1, 3).writeTo(a + "-00001-of-00002.cmf");
        shard(2, 2).writeTo(a + "-00002-of-00002.cmf");
        EXPECT_ERROR(guarded([&] { cmf::Model::open(a + "-00001-of-00002.cmf"); }), cmf::ErrorKind::Parse,
                     "shard count mismatch", "the name says 2, the header says 3");
        // A sibling whose header disagrees with shard 1 about the count.
        const std::string c = tmp("count-c");
        shard(1, 2).writeTo(c + "-00001-of-00002.cmf");
        shard(2, 5).writeTo(c + "-00002-of-00002.cmf");
        EXPECT_ERROR(guarded([&] { cmf::Model::open(c + "-00001-of-00002.cmf"); }), cmf::ErrorKind::Parse,
                     "count-c-00002-of-00002.cmf", "shard count mismatch", "header says 2 of 5");
    }
    void shardNumberMismatch() {
        // Shard 1 saved under shard 2's name would look itself up as sibling 2.
        const std::string base = tmp("renamed");
        shard(1, 2).writeTo(base + "-00002-of-00002.cmf");
        EXPECT_ERROR(guarded([&] { cmf::Model::open(base + "-00002-of-00002.cmf"); }), cmf::ErrorKind::Parse,
                     "shard number mismatch", "the name says shard 2");
        // The intact set opens and merges.
        const std::string ok = tmp("intact");
        shard(1, 2).writeTo(ok + "-00001-of-00002.cmf");
        shard(2, 2).writeTo(ok + "-00002-of-00002.cmf");
        const auto m = cmf::Model::open(ok + "-00002-of-00002.cmf");
        QCOMPARE(m.files().size(), size_t(2));
        QVERIFY(m.find("shard2.weight").has_value());
    }
    // Shards of two writes under one set's names (a kill between the renames
    // of a set): each valid alone, refused together, naming the stray shard.
    void shardFromAnotherWrite() {
        auto stamped = [](uint32_t no, const char* set) {
            FileBuilder b = shard(no, 2);
            b.header["shard"]["set"] = set;
            return b;
        };
        const std::string mixed = tmp("mixed");
        stamped(1, "00000000000000aa").writeTo(mixed + "-00001-of-00002.cmf");
        stamped(2, "00000000000000bb").writeTo(mixed + "-00002-of-00002.cmf");
        EXPECT_ERROR(guarded([&] { cmf::Model::open(mixed + "-00002-of-00002.cmf"); }), cmf::ErrorKind::Parse,
                     "mixed-00002-of-00002.cmf belongs to another write", "set 00000000000000bb", "shard 1 says 00000000000000aa");
        // A sibling without the stamp next to a stamped shard 1 is another write too.
        const std::string half = tmp("half");
        stamped(1, "00000000000000aa").writeTo(half + "-00001-of-00002.cmf");
        shard(2, 2).writeTo(half + "-00002-of-00002.cmf");
        EXPECT_ERROR(guarded([&] { cmf::Model::open(half + "-00001-of-00002.cmf"); }), cmf::ErrorKind::Parse,
                     "belongs to another write", "set (none)");
        // The same stamp on both: one set.
        const std::string same = tmp("same");
        stamped(1, "00000000000000aa").writeTo(same + "-00001-of-00002.cmf");
        stamped(2, "00000000000000aa").writeTo(same + "-00002-of-00002.cmf");
        QCOMPARE(cmf::Model::open(same + "-00001-of-00002.cmf").files().size(), size_t(2));
        // A stamp that is not a string is a malformed shard block.
        FileBuilder bad = shard(1, 2);
        bad.header["shard"]["set"] = 7;
        EXPECT_OPEN_ERROR(bad.build(), cmf::ErrorKind::Parse, "\"shard\".\"set\" must be a string");
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
