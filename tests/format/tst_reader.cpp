// The reader on files built here, one broken rule at a time: hostile
// offsets, counts and shapes near 2^64 give their spec error, never a crash
// or a huge allocation; verify reports every problem, honours cancel.
#include "file_builder.h"
#include "test_support.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/verify.h"

#include <QTest>
#include <atomic>
#include <cstring>
#include <fstream>
#include <set>

using cmftest::FileBuilder;
using nlohmann::json;

namespace {

std::shared_ptr<const cmf::CmfFile> openBytes(const std::vector<uint8_t>& b) {
    return cmf::CmfFile::fromMapping(cmf::MappedFile::borrow(b.data(), b.size(), "memory"));
}

// Opening must fail with this kind; returns the message.
std::string openError(const std::vector<uint8_t>& b, cmf::ErrorKind kind) {
    try {
        openBytes(b);
    } catch (const cmf::Error& e) {
        if (e.kind() != kind)
            return std::string("WRONG KIND ") + cmf::errorKindName(e.kind()) + ": " + e.what();
        return e.what();
    }
    return "OPENED";
}

#define EXPECT_OPEN_ERROR(bytes, kind, words)                                                  \
    do {                                                                                       \
        const std::string msg = openError(bytes, kind);                                        \
        QVERIFY2(msg.find(words) != std::string::npos, msg.c_str());                           \
    } while (0)

// Offset of directory record i inside the file.
uint64_t recordOff(const std::vector<uint8_t>& f, uint64_t i) { return cmftest::getU64(f, 0x20) + 16 + 56 * i; }

std::vector<uint8_t> maskBlob(uint8_t ffnByte, uint8_t headByte, uint8_t gates) {
    // 2 layers × (64 FFN bits = 8 bytes) + 2 × 1 head byte + 1 gate byte
    std::vector<uint8_t> b(8 * 2, ffnByte);
    b.push_back(headByte);
    b.push_back(headByte);
    b.push_back(gates);
    return b;
}

json maskMeta(size_t n) {
    json meta{{"default_task", "general"}, {"masks", json::array()}};
    for (size_t i = 0; i < n; ++i)
        meta["masks"].push_back({{"task_id", i}, {"name", "task" + std::to_string(i)}, {"sparsity", 0.5}, {"quality", nullptr}});
    return meta;
}

} // namespace

class TestReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void basicFileOpensAndVerifiesClean() {
        const auto bytes = FileBuilder::minimalModel().build();
        const auto f = openBytes(bytes);
        QCOMPARE(f->directory().count(), uint64_t(3));
        QCOMPARE(f->envelope().data.off % 4096, uint64_t(0));
        QVERIFY(cmf::verify(*f).ok());
        QVERIFY(f->findTensor("model.norm.weight").has_value());
        QVERIFY(!f->findTensor("nope").has_value());
    }
    // Residency::Loaded (the engine's): the same bytes as the mapping, in
    // memory of its own, 2 MiB-aligned for huge pages, and the same file once parsed.
    void loadedEqualsMapped() {
        const auto write = [](const std::string& path, const std::vector<uint8_t>& b) {
            std::ofstream out(path, std::ios::binary);
            out.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
        };
        const auto model = FileBuilder::minimalModel().build();
        std::vector<uint8_t> bytes(3 * 1024 * 1024 + 5); // more than one 2 MiB page, not a whole number of them
        for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = uint8_t(i * 131 + i / 4099);
        const std::string path = cmftest::tempDir() + "/loaded.bin", modelPath = cmftest::tempDir() + "/loaded.cmf";
        write(path, bytes);
        write(modelPath, model);
        const auto mapped = cmf::MappedFile::open(path), loaded = cmf::MappedFile::open(path, cmf::Residency::Loaded);
        QCOMPARE(mapped->residency(), cmf::Residency::Mapped);
        QCOMPARE(loaded->residency(), cmf::Residency::Loaded);
        QCOMPARE(loaded->size(), uint64_t(bytes.size()));
        QVERIFY(loaded->data() != mapped->data());
        QCOMPARE(reinterpret_cast<uintptr_t>(loaded->data()) % (uintptr_t(2) << 20), uintptr_t(0));
        QVERIFY(std::memcmp(loaded->data(), bytes.data(), bytes.size()) == 0);
        const auto f = cmf::CmfFile::open(modelPath, cmf::Residency::Loaded);
        QCOMPARE(f->mapping().residency(), cmf::Residency::Loaded);
        QCOMPARE(f->directory().count(), uint64_t(3));
        QVERIFY(f->findTensor("model.norm.weight").has_value());
        try {
            cmf::MappedFile::open(cmftest::tempDir() + "/does-not-exist.cmf", cmf::Residency::Loaded);
            QFAIL("loaded a missing file");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Io);
        }
    }
    void missingAndEmptyFiles() {
        try {
            cmf::CmfFile::open(cmftest::tempDir() + "/does-not-exist.cmf");
            QFAIL("opened a missing file");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Io);
        }
        EXPECT_OPEN_ERROR(std::vector<uint8_t>{}, cmf::ErrorKind::Bounds, "shorter than the 128-byte envelope");
        // Fewer bytes than the magic: a start of it is a cut file, anything else is no CMF file at all.
        EXPECT_OPEN_ERROR((std::vector<uint8_t>{'C', 'M'}), cmf::ErrorKind::Bounds, "file is 2 bytes, shorter than the 128-byte envelope");
        EXPECT_OPEN_ERROR((std::vector<uint8_t>{'a', 'b'}), cmf::ErrorKind::InvalidMagic, "not a CMF file (no CMF magic): the file is 2 bytes, 6162");
        const std::string text = "hello world, this is a text file\n";
        EXPECT_OPEN_ERROR(std::vector<uint8_t>(text.begin(), text.end()), cmf::ErrorKind::InvalidMagic, "not a CMF file (no CMF magic): magic is 68656c6c");
    }
    void featureBits() {
        auto b = FileBuilder::minimalModel();
        b.features = cmf::TensorDir | cmf::LoopMasks | cmf::SkillFile; // known bits 5 and 6 open
        QVERIFY(openBytes(b.build())->envelope().has(cmf::SkillFile));
        b.features = cmf::TensorDir | cmf::HotPacks; // reserved bit 4 is refused like an unknown bit
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::UnsupportedFeature, "HOT_PACKS");
    }
    void absentSectionWithLength() {
        auto bytes = FileBuilder::minimalModel().build();
        cmftest::putU64(bytes, 0x48, 10); // masks_off 0, masks_len 10
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "masks section");
    }
    void sectionInsideEnvelope() {
        auto bytes = FileBuilder::minimalModel().build();
        cmftest::putU64(bytes, 0x10, 64);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "overlaps the envelope");
    }
    void directoryCountNear2to64() {
        auto bytes = FileBuilder::minimalModel().build();
        cmftest::putU64(bytes, cmftest::getU64(bytes, 0x20), ~0ull / 56 + 5);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "do not fit");
        cmftest::putU64(bytes, cmftest::getU64(bytes, 0x20), ~0ull);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "do not fit");
    }
    void poolOffOutside() {
        auto bytes = FileBuilder::minimalModel().build();
        cmftest::putU64(bytes, cmftest::getU64(bytes, 0x20) + 8, ~0ull - 3);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "pool_off");
    }
    void nameRunsPastPool() {
        auto bytes = FileBuilder::minimalModel().build();
        cmftest::putU32(bytes, recordOff(bytes, 1), 0xFFFFFFF0u);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "name pool");
    }
    void tensorOffsetNear2to64() {
        auto bytes = FileBuilder::minimalModel().build();
        cmftest::putU64(bytes, recordOff(bytes, 2) + 32, ~0ull - 63); // 64-aligned, wraps with nbytes
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "exceed data_len");
        bytes = FileBuilder::minimalModel().build();
        cmftest::putU64(bytes, recordOff(bytes, 2) + 40, ~0ull);
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Bounds, "exceed data_len");
    }
    void shapeProductOverflows() {
        auto b = FileBuilder::minimalModel();
        b.addRaw("huge", 0, {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu}, {});
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "overflows");
    }
    void shapeTailMustBeZero() {
        auto bytes = FileBuilder::minimalModel().build();
        cmftest::putU32(bytes, recordOff(bytes, 1) + 8 + 4 * 3, 7); // ndim 1, shape[3] = 7
        EXPECT_OPEN_ERROR(bytes, cmf::ErrorKind::Parse, "tail must be zero");
    }
    void twoDimOnlyDtypes() {
        auto b = FileBuilder::minimalModel();
        b.addRaw("q8.3d", 3, {2, 2, 32}, std::vector<uint8_t>(2 * 2 * 32 + 4));
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "2-D tensors only");
        auto c = FileBuilder::minimalModel();
        c.addRaw("q4t.odd", 11, {2, 40}, std::vector<uint8_t>(100));
        EXPECT_OPEN_ERROR(c.build(), cmf::ErrorKind::Parse, "in % 32");
    }
    void reservedDtypeOpensButDoesNotDecode() {
        auto b = FileBuilder::minimalModel();
        b.addRaw("mix", 5, {4}, std::vector<uint8_t>(16));
        const auto bytes = b.build();
        const auto f = openBytes(bytes);
        try {
            cmf::decodeAll(f->tensorBytes(*f->findTensor("mix")));
            QFAIL("decoded a reserved dtype");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Parse);
        }
    }
    void headerNestingBomb() {
        auto b = FileBuilder::minimalModel();
        b.rawHeader = std::string(5000, '[') + std::string(5000, ']');
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "nests deeper");
        b.rawHeader = "[1, 2]";
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "not an object");
    }
    void masksBlobOutsideSection() {
        auto b = FileBuilder::minimalModel();
        auto sec = FileBuilder::masksSection(maskMeta(1), {maskBlob(0xFF, 0x0F, 0x03)});
        // Point the blob past the section by rewriting the meta in place (same width).
        std::string s(sec.begin(), sec.end());
        const auto pos = s.find("\"blob_off\":");
        QVERIFY(pos != std::string::npos);
        const uint64_t oldOff = sec.size() - 19;
        const std::string from = "\"blob_off\":" + std::to_string(oldOff);
        const std::string to = "\"blob_off\":" + std::to_string(oldOff + 8);
        QVERIFY(s.find(from) != std::string::npos);
        s.replace(s.find(from), from.size(), to);
        b.masks = std::vector<uint8_t>(s.begin(), s.end());
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Bounds, "outside the blob area");
    }
    void masksCountMismatch() {
        auto b = FileBuilder::minimalModel();
        auto sec = FileBuilder::masksSection(maskMeta(1), {maskBlob(0xFF, 0x0F, 0x03)});
        cmftest::putU32(sec, 0, 2);
        b.masks = sec;
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "n_masks");
    }
    void masksPopcountsAndTails() {
        auto b = FileBuilder::minimalModel();
        // Task 1: heads byte 0x1F sets a fifth bit beyond 4 heads (a phantom head).
        b.masks = FileBuilder::masksSection(maskMeta(2), {maskBlob(0xFF, 0x0F, 0x03), maskBlob(0x55, 0x1F, 0x01)});
        const auto bytes = b.build();
        const auto f = openBytes(bytes);
        QVERIFY(f->masks().has_value());
        const auto& m = f->masks()->masks;
        QCOMPARE(m[0].ffnActive, (std::vector<uint32_t>{64, 64}));
        QCOMPARE(m[0].headsActive, (std::vector<uint32_t>{4, 4}));
        QCOMPARE(m[1].ffnActive, (std::vector<uint32_t>{32, 32}));
        QCOMPARE(m[1].headsActive, (std::vector<uint32_t>{4, 4})); // phantom bit not counted
        QCOMPARE(m[1].layerGates, (std::vector<bool>{true, false}));
        QVERIFY(m[1].nonZeroTails.size() == 2);
        QVERIFY(m[1].ffnBit(f->masks()->layout, 0, 0));
        QVERIFY(!m[1].ffnBit(f->masks()->layout, 0, 1));
        const auto report = cmf::verify(*f);
        QCOMPARE(report.problems.size(), size_t(2));
        QCOMPARE(report.problems[0].kind, std::string("mask_tail_bits"));
        QCOMPARE(report.problems[0].where, std::string("task1"));
    }
    void masksNeedArch() {
        auto b = FileBuilder::minimalModel();
        b.header["arch"].erase("num_layers");
        b.masks = FileBuilder::masksSection(maskMeta(1), {maskBlob(0xFF, 0x0F, 0x03)});
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "num_layers");
    }
    void sparseIndexEntryPastSection() {
        auto b = FileBuilder::minimalModel();
        std::vector<uint8_t> idx(8 + 16, 0);
        cmftest::putU32(idx, 0, 1);
        cmftest::putU32(idx, 8 + 8, 1000); // 1000 groups that are not there
        b.index = idx;
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Bounds, "index section");
        cmftest::putU32(idx, 0, 0xFFFFFFFFu);
        b.index = idx;
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Bounds, "cannot fit");
    }
    void standaloneSkillRecord() {
        auto b = FileBuilder::minimalModel();
        b.features = cmf::TensorDir | cmf::SkillFile;
        b.addF16("skill.gfx.model.norm.weight", {32}, 9);
        b.header["skills"] = json::array({{{"id", "gfx"}, {"layers", {0, 1}}, {"base_dir_hash", "9f22593eb458bc6f"},
                                           {"base_arch", "test"}, {"task", "specialist"}}});
        const auto bytes = b.build();
        const auto f = openBytes(bytes);
        QCOMPARE(f->skills().size(), size_t(1));
        QCOMPARE(*f->skills()[0].baseDirHash, 0x9f22593eb458bc6full);
        QCOMPARE(f->skills()[0].tensors, std::vector<std::string>{"model.norm.weight"});
        QVERIFY(cmf::verify(*f).ok());
        b.features = cmf::TensorDir; // the binding without its feature bit
        const auto bytes2 = b.build();
        const auto report = cmf::verify(*openBytes(bytes2));
        QCOMPARE(report.problems.size(), size_t(1));
        QCOMPARE(report.problems[0].kind, std::string("feature_bits"));
        b.header["skills"][0]["base_dir_hash"] = "not-hex";
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "base_dir_hash");
    }
    void chatBundle() {
        auto b = FileBuilder::minimalModel();
        QVERIFY(!openBytes(b.build())->chatBundle().has_value()); // absent: ChatML fallback
        b.header["tokenizer_config"] = {{"chat_template", "{{ messages }}"}, {"eos_token_ids", {7, 9}},
                                        {"bos_token_id", nullptr}, {"pad_token_id", 3}};
        const auto bytes = b.build();
        const auto f = openBytes(bytes);
        QVERIFY(f->chatBundle().has_value());
        QCOMPARE(f->chatBundle()->chatTemplate, std::string("{{ messages }}"));
        QCOMPARE(f->chatBundle()->eosTokenIds, (std::vector<int64_t>{7, 9}));
        QVERIFY(!f->chatBundle()->bosTokenId.has_value());
        QCOMPARE(*f->chatBundle()->padTokenId, int64_t(3));
        b.header["tokenizer_config"]["eos_token_ids"] = {7, "nine"};
        EXPECT_OPEN_ERROR(b.build(), cmf::ErrorKind::Parse, "eos_token_ids");
    }
    void verifyReportsEveryProblem() {
        auto b = FileBuilder::minimalModel();
        b.vocab = std::vector<uint8_t>{'{', '}'};
        auto bytes = b.build();
        const uint64_t data = cmftest::getU64(bytes, 0x30);
        bytes[data + 5] ^= 1;            // tensor 0
        bytes[data + 8192 + 64 + 3] ^= 1; // tensor 2 (after the 64-byte norm)
        bytes[cmftest::getU64(bytes, 0x50)] ^= 1; // vocab
        bytes[128 + 2] ^= 0x20;          // header byte: JSON still parses ("format" -> "fOrmat")
        const auto f = openBytes(bytes);
        const auto report = cmf::verify(*f);
        std::set<std::string> kinds;
        for (const auto& p : report.problems) kinds.insert(p.kind + ":" + p.where);
        QCOMPARE(kinds, (std::set<std::string>{"tensor_hash_mismatch:model.embed_tokens.weight",
                                               "tensor_hash_mismatch:lm_head.weight", "section_hash_mismatch:vocab",
                                               "header_hash_mismatch:header"}));
    }
    void verifyProgressAndCancel() {
        auto b = FileBuilder::minimalModel();
        for (int i = 0; i < 50; ++i) b.addF16(std::string("t").append(std::to_string(i)), {64, 64}, uint32_t(i));
        const auto bytes = b.build();
        const auto f = openBytes(bytes);
        std::atomic<uint64_t> last{0}, total{0};
        cmf::Control c{[&](uint64_t d, uint64_t t, std::string_view) { last = std::max<uint64_t>(last, d); total = t; }, nullptr};
        QVERIFY(cmf::verify(*f, c).ok());
        QCOMPARE(last.load(), total.load());
        QVERIFY(total > 50 * 64 * 64 * 2);
        std::atomic<bool> stop{true};
        try {
            cmf::verify(*f, cmf::Control{{}, &stop});
            QFAIL("verify ignored the cancel flag");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Cancelled);
        }
    }
    void payloadProblemsAreReported() {
        auto b = FileBuilder::minimalModel();
        // vbit [2, 32]: widths 4 and 2 (2 is not a level).
        std::vector<uint8_t> v{4, 2};
        v.resize(2 + 2 * 2 + 16 + 8, 0);
        b.addRaw("bad.vbit", 8, {2, 32}, v);
        const auto bytes = b.build();
        const auto f = openBytes(bytes);
        const auto report = cmf::verify(*f);
        QCOMPARE(report.problems.size(), size_t(1));
        QCOMPARE(report.problems[0].kind, std::string("payload"));
        QCOMPARE(report.problems[0].where, std::string("bad.vbit"));
    }
};

QTEST_GUILESS_MAIN(TestReader)
#include "tst_reader.moc"
