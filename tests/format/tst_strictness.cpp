// What the spec implies beyond §1.2's list (issue 18, fault 6), and bytes
// made safe to show (faults 3 and 4):
// - required_features without bit 0 (TENSOR_DIR, "always set in v2") is a Parse error;
// - live sections that share bytes are a Bounds error naming both;
// - bytes no section, tensor or hash covers: zero in every file our writers
//   make, a verify note when not (a problem under strict), gone after compact;
// - printable() and the header's JSON error message: valid UTF-8, no raw
//   file bytes, no library jargon, the section and the file offset named.
#include "file_builder.h"
#include "test_support.h"

#include "cmf/format/append.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/coverage.h"
#include "cmf/format/directory.h"
#include "cmf/format/error.h"
#include "cmf/format/printable.h"
#include "cmf/format/verify.h"

#include <QTest>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace {

std::string kit(const std::string& rel) { return cmftest::dataPath("conformance/" + rel); }

std::string tmp(const std::string& name) { return cmftest::tempDir() + "/" + name; }

// Open bytes as a file; the error it raises (kind, message), or nullopt.
std::optional<std::pair<cmf::ErrorKind, std::string>> openError(const std::vector<uint8_t>& bytes, const std::string& name) {
    const std::string path = tmp(name);
    cmftest::writeBytes(path, bytes);
    try {
        cmf::CmfFile::open(path);
        return std::nullopt;
    } catch (const cmf::Error& e) {
        return std::make_pair(e.kind(), std::string(e.what()));
    }
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

} // namespace

class TestStrictness : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tensorDirBitIsRequired() {
        auto b = cmftest::FileBuilder::minimalModel();
        QVERIFY(!openError(b.build(), "with-bit0.cmf")); // the builder's default sets it
        b.features = 0;
        const auto err = openError(b.build(), "no-bit0.cmf");
        QVERIFY(err);
        QCOMPARE(err->first, cmf::ErrorKind::Parse);
        QVERIFY2(contains(err->second, "TENSOR_DIR") && contains(err->second, "0x0C"), err->second.c_str());
    }

    void overlappingSectionsAreRefused() {
        const auto good = cmftest::readBytes(kit("valid/tiny-s42-Q8_ROW.cmf"));
        const uint64_t dataOff = cmftest::getU64(good, 0x30), dataLen = cmftest::getU64(good, 0x38);
        const uint64_t masksOff = cmftest::getU64(good, 0x40);
        QVERIFY(masksOff >= dataOff + dataLen);
        // data_len grows by 8: the blob now runs into the masks section
        // (still inside the file, every tensor still in bounds).
        auto b = good;
        cmftest::putU64(b, 0x38, masksOff - dataOff + 8);
        auto err = openError(b, "data-into-masks.cmf");
        QVERIFY(err);
        QCOMPARE(err->first, cmf::ErrorKind::Bounds);
        QVERIFY2(contains(err->second, "data section [" + std::to_string(dataOff) + ", ") && contains(err->second, "masks section [" + std::to_string(masksOff)),
                 err->second.c_str());
        // The vocab section pointed into the header.
        b = good;
        cmftest::putU64(b, 0x50, 130);
        cmftest::putU64(b, 0x58, 16);
        err = openError(b, "vocab-in-header.cmf");
        QVERIFY(err);
        QCOMPARE(err->first, cmf::ErrorKind::Bounds);
        QVERIFY2(contains(err->second, "header section [128, ") && contains(err->second, "overlaps the vocab section [130, 146)"),
                 err->second.c_str());
        // Sections that merely touch are fine: every valid kit file has them back to back.
        QVERIFY(!openError(good, "good.cmf"));
    }

    void everyFileWeWriteHasNoUncoveredBytes() {
        // The kit's valid files (written by the reference) and what our
        // writer makes of each (compact is a plain rewrite through it).
        int files = 0;
        for (const auto& entry : fs::directory_iterator(kit("valid"))) {
            if (entry.path().extension() != ".cmf") continue;
            const auto f = cmf::CmfFile::open(entry.path().string());
            const auto u = cmf::findUncoveredBytes(*f);
            QVERIFY2(u.nonZeroBytes == 0, entry.path().filename().c_str());
            if (f->shard()) continue; // compact takes a single file
            const std::string out = tmp("rewritten-" + entry.path().filename().string());
            cmf::compact(entry.path().string(), out);
            const auto g = cmf::CmfFile::open(out);
            const auto w = cmf::findUncoveredBytes(*g);
            QCOMPARE(w.nonZeroBytes, uint64_t(0));
            QVERIFY(w.uncoveredBytes > 0); // alignment padding exists, it is just zero
            QVERIFY(cmf::verify(*g, {}, {.strict = true}).ok());
            ++files;
        }
        QVERIFY(files >= 10);
    }

    void hiddenPayloadIsANoteAndFailsStrict() {
        auto b = cmftest::readBytes(kit("valid/tiny-s42-Q8_ROW.cmf"));
        const uint64_t dataOff = cmftest::getU64(b, 0x30);
        const uint64_t dirEnd = cmftest::getU64(b, 0x20) + cmftest::getU64(b, 0x28);
        QVERIFY(dataOff - dirEnd >= 16); // padding before the 4096-aligned blob
        const char payload[] = "hidden!";
        std::copy(payload, payload + 7, b.begin() + long(dirEnd + 4));
        const std::string path = tmp("hidden.cmf");
        cmftest::writeBytes(path, b);
        const auto f = cmf::CmfFile::open(path);
        const auto u = cmf::findUncoveredBytes(*f);
        QCOMPARE(u.nonZeroBytes, uint64_t(7));
        QCOMPARE(u.regions.size(), size_t(1));
        QCOMPARE(u.regions[0].off, dirEnd);
        QCOMPARE(u.regions[0].off + u.regions[0].len, dataOff);

        const auto lax = cmf::verify(*f);
        QVERIFY(lax.ok()); // every hash still holds
        QCOMPARE(lax.notes.size(), size_t(1));
        QCOMPARE(lax.notes[0].kind, std::string("uncovered_bytes"));
        QVERIFY2(contains(lax.notes[0].detail, "7 non-zero byte(s) in 1 region(s)") &&
                     contains(lax.notes[0].detail, "[" + std::to_string(dirEnd) + ", " + std::to_string(dataOff) + ")"),
                 lax.notes[0].detail.c_str());
        const auto strict = cmf::verify(*f, {}, {.strict = true});
        QVERIFY(!strict.ok());
        QCOMPARE(strict.problems.size(), size_t(1));
        QCOMPARE(strict.problems[0].kind, std::string("uncovered_bytes"));

        // A payload between two tensors of the blob, too.
        auto c = cmftest::readBytes(kit("valid/tiny-s42-Q8_ROW.cmf"));
        const auto g = cmf::CmfFile::open(kit("valid/tiny-s42-Q8_ROW.cmf"));
        bool poked = false;
        for (uint64_t i = 0; i < g->directory().count() && !poked; ++i) {
            const auto r = g->directory().record(i);
            const uint64_t end = r.off + r.nbytes;
            if (end % 64 == 0) continue; // no padding after this one
            c[dataOff + end] = 0x5A;
            poked = true;
        }
        QVERIFY(poked);
        cmftest::writeBytes(tmp("between.cmf"), c);
        QCOMPARE(cmf::findUncoveredBytes(*cmf::CmfFile::open(tmp("between.cmf"))).nonZeroBytes, uint64_t(1));

        // compact removes them.
        cmf::compact(path, tmp("hidden-compacted.cmf"));
        const auto h = cmf::CmfFile::open(tmp("hidden-compacted.cmf"));
        QCOMPARE(cmf::findUncoveredBytes(*h).nonZeroBytes, uint64_t(0));
        QVERIFY(cmf::verify(*h, {}, {.strict = true}).ok());
    }

    void deadTailsOfGrowthAreNotedUntilCompact() {
        const std::string path = tmp("grown.cmf");
        fs::remove(path);
        fs::copy_file(kit("valid/tiny-s42-Q8_ROW.cmf"), path);
        fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
        const auto before = cmf::CmfFile::open(path);
        const std::vector<uint8_t> extra(64, 0x11);
        cmf::AppendRequest req;
        req.tensors.push_back({"extra.table", cmf::DType::F16, {32}, extra.data(), extra.size()});
        auto header = before->header();
        header.erase("section_hashes");
        header["provenance"]["note"] = "grown in place";
        req.header = header;
        cmf::appendInPlace(path, req);
        const auto grown = cmf::CmfFile::open(path);
        const auto report = cmf::verify(*grown);
        QVERIFY(report.ok());
        // The old header and directory are still there, addressed by nothing.
        QCOMPARE(report.notes.size(), size_t(1));
        QVERIFY(cmf::findUncoveredBytes(*grown).nonZeroBytes >= before->envelope().header.len);
        QVERIFY(!cmf::verify(*grown, {}, {.strict = true}).ok());
        cmf::compact(path, tmp("grown-compacted.cmf"));
        QVERIFY(cmf::verify(*cmf::CmfFile::open(tmp("grown-compacted.cmf")), {}, {.strict = true}).ok());
    }

    void printableEscapesWhatIsNotText() {
        QCOMPARE(cmf::printable("model.layers.0"), std::string("model.layers.0"));
        QCOMPARE(cmf::printable("\"layer_types\": \xfb"), std::string("\"layer_types\": \\xfb"));
        QCOMPARE(cmf::printable("a\x1b[2Jb"), std::string("a\\x1b[2Jb")); // no terminal escapes
        QCOMPARE(cmf::printable("caf\xc3\xa9\tok\n"), std::string("caf\xc3\xa9\tok\n"));
        QCOMPARE(cmf::printable("\xc0\xae"), std::string("\\xc0\\xae"));         // overlong '.'
        QCOMPARE(cmf::printable("\xed\xa0\x80"), std::string("\\xed\\xa0\\x80")); // a surrogate
        QCOMPARE(cmf::printable("\xe2\x82"), std::string("\\xe2\\x82"));         // cut sequence
        QCOMPARE(cmf::printablePrefix("abcdef", 3), std::string("abc\u2026"));
        QCOMPARE(cmf::printablePrefix("ab\xc3\xa9z", 3), std::string("ab\u2026")); // never inside a sequence
        std::string all;
        for (int c = 0; c < 256; ++c) all += char(c);
        QVERIFY(cmf::isValidUtf8(cmf::printable(all)));
    }

    void headerJsonErrorSaysWhereInOurWords() {
        auto b = cmftest::readBytes(kit("valid/tiny-s42-Q8_ROW.cmf"));
        const uint64_t hoff = cmftest::getU64(b, 0x10), hlen = cmftest::getU64(b, 0x18);
        const std::string header(b.begin() + long(hoff), b.begin() + long(hoff + hlen));
        const auto key = header.find("\"rms_norm_eps\": ");
        QVERIFY(key != std::string::npos);
        const uint64_t at = key + 16; // the value's first byte
        b[hoff + at] = 0xFB;
        const auto err = openError(b, "raw-byte-in-header.cmf");
        QVERIFY(err);
        QCOMPARE(err->first, cmf::ErrorKind::Parse);
        const std::string& m = err->second;
        QVERIFY2(contains(m, "header JSON is not valid JSON at byte " + std::to_string(at)), m.c_str());
        QVERIFY2(contains(m, "(file offset " + std::to_string(hoff + at) + ")"), m.c_str());
        QVERIFY2(contains(m, "\"rms_norm_eps\": \\xfb"), m.c_str()); // the bytes there, escaped
        QVERIFY2(!contains(m, "json.exception") && !contains(m, "last read"), m.c_str());
        QVERIFY(cmf::isValidUtf8(m));
        // The kit's own broken header says what was expected at byte 0.
        const auto syntax = openError(cmftest::readBytes(kit("invalid/21-header_json_syntax.cmf")), "syntax.cmf");
        QVERIFY(syntax);
        QVERIFY2(contains(syntax->second, "header JSON is not valid JSON at byte") && !contains(syntax->second, "json.exception"),
                 syntax->second.c_str());
    }

    void nonUtf8NameIsQuotedEscaped() {
        const auto err = openError(cmftest::readBytes(kit("invalid/14-name_not_utf8.cmf")), "name.cmf");
        QVERIFY(err);
        QCOMPARE(err->first, cmf::ErrorKind::Parse);
        QVERIFY2(contains(err->second, "not valid UTF-8: \"\\xff"), err->second.c_str());
        QVERIFY(cmf::isValidUtf8(err->second));
    }
};

QTEST_GUILESS_MAIN(TestStrictness)
#include "tst_strictness.moc"
