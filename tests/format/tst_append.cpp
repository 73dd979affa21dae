// Append-only growth in place (§9): the old bytes never change but for the
// envelope, the grown file opens and verifies, compact shrinks it back to
// the same content, refused or cancelled appends leave the file byte for
// byte as it was, and a process killed at any point of an append leaves
// either the old file or the new one — never a broken one.
#include "test_support.h"

#include "cmf/format/append.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/encode.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/shards.h"
#include "cmf/format/verify.h"

#include <QTest>
#include <atomic>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <random>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string kit(const std::string& rel) { return cmftest::dataPath("conformance/" + rel); }

// A writable copy of a kit file under the test's temporary directory.
std::string freshCopy(const std::string& from, const std::string& name) {
    const std::string to = cmftest::tempDir() + "/" + name;
    fs::remove(to);
    fs::copy_file(from, to);
    fs::permissions(to, fs::perms::owner_read | fs::perms::owner_write);
    return to;
}

// What one test appends: a skill replacing layer 0's gate_proj (§9 naming),
// a new 1-D tensor large enough to span several progress chunks, and a
// header whose registry names the skill.
struct Growth {
    std::vector<uint8_t> skillBytes, bigBytes;
    json header;
    cmf::AppendRequest request() const {
        cmf::AppendRequest r;
        r.tensors.push_back({"skill.demo.model.layers.0.mlp.gate_proj.weight", cmf::DType::Q8Row, {64, 32}, skillBytes.data(),
                             skillBytes.size()});
        r.tensors.push_back({"extra.table", cmf::DType::F16, {bigBytes.size() / 2}, bigBytes.data(), bigBytes.size()});
        r.header = header;
        return r;
    }
};

Growth growthFor(const cmf::CmfFile& f, uint64_t bigElements = 1536 * 1024) {
    Growth g;
    std::vector<float> w(64 * 32);
    for (size_t i = 0; i < w.size(); ++i) w[i] = std::sin(0.37f * float(i)) * 0.1f;
    g.skillBytes = cmf::encode(cmf::DType::Q8Row, {64, 32}, w.data());
    std::vector<float> big(bigElements);
    for (size_t i = 0; i < big.size(); ++i) big[i] = float(int(i % 1000) - 500) / 64.0f;
    g.bigBytes = cmf::encode(cmf::DType::F16, {1, big.size()}, big.data());
    g.header = f.header();
    g.header.erase("section_hashes");
    g.header["skills"] = json::array({{{"id", "demo"}, {"name", "Demo skill"}, {"layers", {0}}}});
    return g;
}

json withoutHashes(json h) {
    h.erase("section_hashes");
    return h;
}

uint64_t dirHashOf(const cmf::CmfFile& f) { return cmf::hash64(f.mapping().data() + f.envelope().dir.off, f.envelope().dir.len); }

} // namespace

class TestAppend : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oldBytesNeverChange() {
        const std::string path = freshCopy(kit("valid/tiny-s42-Q8_ROW.cmf"), "grow.cmf");
        const auto before = cmftest::readBytes(path);
        const auto old = cmf::CmfFile::open(path);
        const Growth g = growthFor(*old);
        const auto report = cmf::appendInPlace(path, g.request());
        QCOMPARE(report.oldSize, uint64_t(before.size()));
        QCOMPARE(report.tensorsAppended, uint64_t(2));
        QVERIFY(report.newDirHash != report.oldDirHash);

        const auto after = cmftest::readBytes(path);
        QCOMPARE(uint64_t(after.size()), report.newSize);
        // Every byte of the old file past the envelope is untouched.
        QVERIFY(std::equal(before.begin() + 128, before.end(), after.begin() + 128));
        QVERIFY(!std::equal(before.begin(), before.begin() + 128, after.begin()));

        const auto grown = cmf::CmfFile::open(path);
        const auto v = cmf::verify(*grown);
        QVERIFY2(v.ok(), v.problems.empty() ? "" : (v.problems[0].kind + " " + v.problems[0].detail).c_str());
        QCOMPARE(grown->envelope().data.off, old->envelope().data.off);
        QVERIFY(grown->envelope().header.off >= before.size()); // re-emitted at the tail
        // Old tensors: same offsets, same hashes.
        for (uint64_t i = 0; i < old->directory().count(); ++i) {
            const auto r = old->directory().record(i);
            const auto n = grown->findTensor(r.name);
            QVERIFY(n.has_value());
            QCOMPARE(n->off, r.off);
            QCOMPARE(n->hash, r.hash);
        }
        // New tensors: where the directory says, with their bytes.
        const auto big = grown->findTensor("extra.table");
        QVERIFY(big.has_value());
        const auto tb = grown->tensorBytes(*big);
        QVERIFY(std::equal(g.bigBytes.begin(), g.bigBytes.end(), tb.data));
        QCOMPARE(big->off % 64, uint64_t(0));
        QVERIFY(grown->envelope().data.off + big->off >= before.size());
        // Header replaced, registry parsed, sections carried over unchanged.
        JCOMPARE(withoutHashes(grown->header()), g.header);
        QCOMPARE(grown->skills().size(), size_t(1));
        QCOMPARE(grown->skills()[0].tensors, std::vector<std::string>{"model.layers.0.mlp.gate_proj.weight"});
        QVERIFY(std::ranges::equal(grown->vocab(), old->vocab()));
        QVERIFY(std::ranges::equal(grown->section(grown->envelope().masks), old->section(old->envelope().masks)));
        QVERIFY(std::ranges::equal(grown->section(grown->envelope().index), old->section(old->envelope().index)));
        QVERIFY(grown->masks().has_value());
        QCOMPARE(grown->envelope().requiredFeatures, old->envelope().requiredFeatures);
    }

    void compactGivesAnEqualSmallerFile() {
        const std::string path = freshCopy(kit("valid/tiny-s42-Q8_ROW.cmf"), "grow-compact.cmf");
        const Growth g = growthFor(*cmf::CmfFile::open(path), 4096);
        cmf::appendInPlace(path, g.request());
        // A second append over the first: header only, the skills record renamed.
        json h2 = g.header;
        h2["skills"][0]["name"] = "Demo skill, second edition";
        cmf::AppendRequest header2;
        header2.header = h2;
        cmf::appendInPlace(path, header2);
        const std::string out = cmftest::tempDir() + "/compacted.cmf";
        cmf::compact(path, out, {});
        QVERIFY(fs::file_size(out) < fs::file_size(path));
        const auto a = cmf::CmfFile::open(path), b = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*b).ok());
        JCOMPARE(withoutHashes(b->header()), h2);
        JCOMPARE(withoutHashes(a->header()), h2);
        QCOMPARE(b->directory().count(), a->directory().count());
        for (uint64_t i = 0; i < a->directory().count(); ++i) {
            const auto r = a->directory().record(i), s = b->directory().record(i);
            QCOMPARE(s.name, r.name);
            QCOMPARE(s.hash, r.hash);
            QCOMPARE(s.dtype, r.dtype);
            QVERIFY(std::equal(a->tensorBytes(r).data, a->tensorBytes(r).data + r.nbytes, b->tensorBytes(s).data));
        }
        QVERIFY(std::ranges::equal(a->vocab(), b->vocab()));
        QVERIFY(std::ranges::equal(a->section(a->envelope().masks), b->section(b->envelope().masks)));
        QCOMPARE(b->envelope().requiredFeatures, a->envelope().requiredFeatures);
    }

    void refusalsAndCancelLeaveTheFileAsItWas() {
        const std::string path = freshCopy(kit("valid/tiny-s42-Q8_ROW.cmf"), "refuse.cmf");
        const auto before = cmftest::readBytes(path);
        const Growth g = growthFor(*cmf::CmfFile::open(path), 4096);
        auto expectRefused = [&](cmf::AppendRequest r, cmf::ErrorKind kind, const cmf::Control& c = {}) {
            try {
                cmf::appendInPlace(path, r, c);
                QFAIL("append accepted");
            } catch (const cmf::Error& e) {
                QCOMPARE(int(e.kind()), int(kind));
            }
            QVERIFY(cmftest::readBytes(path) == before);
        };
        auto dup = g.request();
        dup.tensors[1].name = "model.norm.weight"; // already in the file
        expectRefused(dup, cmf::ErrorKind::Parse);
        auto shortPayload = g.request();
        shortPayload.tensors[0].nbytes -= 1; // q8_row of [64, 32] needs 2176 bytes
        expectRefused(shortPayload, cmf::ErrorKind::Bounds);
        auto noArch = g.request();
        noArch.header->erase("arch"); // the masks section could no longer be parsed
        expectRefused(noArch, cmf::ErrorKind::Parse);
        auto badSkill = g.request();
        (*badSkill.header)["skills"] = json::array({{{"name", "no id"}}});
        expectRefused(badSkill, cmf::ErrorKind::Parse);
        std::atomic<bool> stop{true};
        expectRefused(g.request(), cmf::ErrorKind::Cancelled, cmf::Control{{}, &stop});
        // Cancel raised midway: the tail written so far is cut off again.
        std::atomic<bool> later{false};
        cmf::Control midway{[&](uint64_t, uint64_t, std::string_view) { later = true; }, &later};
        expectRefused(g.request(), cmf::ErrorKind::Cancelled, midway);
        QVERIFY(cmf::verify(*cmf::CmfFile::open(path)).ok());
    }

    void shardedFilesAreRefused() {
        const std::string path = freshCopy(kit("valid/tiny-s42-Q8_2F-sharded-00002-of-00004.cmf"), "shard-00002-of-00004.cmf");
        const auto before = cmftest::readBytes(path);
        cmf::AppendRequest r;
        r.header = cmf::CmfFile::open(path)->header();
        try {
            cmf::appendInPlace(path, r);
            QFAIL("a shard was appended to");
        } catch (const cmf::Error& e) {
            QCOMPARE(int(e.kind()), int(cmf::ErrorKind::Parse));
            QVERIFY(std::string(e.what()).find("shard 2 of 4") != std::string::npos);
        }
        QVERIFY(cmftest::readBytes(path) == before);
    }

    // The child appends and is killed — by itself at its k-th progress report
    // (every boundary: mid-tensor chunks, sections, after the fsync, after the
    // envelope write), or by the parent after a random delay. Whatever the
    // moment, the file then opens and verifies as the old file or the new one.
    void killedAppendLeavesOldOrNew() {
        const std::string pristine = freshCopy(kit("valid/tiny-s42-Q8_ROW.cmf"), "crash-pristine.cmf");
        const std::string path = cmftest::tempDir() + "/crash.cmf";
        const auto old = cmf::CmfFile::open(pristine);
        const json oldHeader = withoutHashes(old->header());
        const uint64_t oldDir = dirHashOf(*old);
        const Growth g = growthFor(*old);

        // A complete run counts the progress reports.
        fs::copy_file(pristine, path, fs::copy_options::overwrite_existing);
        int reports = 0;
        cmf::appendInPlace(path, g.request(), cmf::Control{[&](uint64_t, uint64_t, std::string_view) { ++reports; }, nullptr});
        QVERIFY(reports >= 6); // 3+ chunks of the big tensor, sections, synced, envelope written

        std::mt19937 rng(20240611);
        int sawOld = 0, sawNew = 0;
        const int randomKills = 12;
        for (int round = 0; round < reports + randomKills; ++round) {
            fs::copy_file(pristine, path, fs::copy_options::overwrite_existing);
            const int killAt = round < reports ? round + 1 : 0;
            const pid_t pid = ::fork();
            QVERIFY(pid >= 0);
            if (pid == 0) {
                int n = 0;
                cmf::Control c{[&](uint64_t, uint64_t, std::string_view) {
                                   if (++n == killAt) ::raise(SIGKILL);
                               },
                               nullptr};
                try {
                    cmf::appendInPlace(path, g.request(), c);
                } catch (...) {
                    ::_exit(3);
                }
                ::_exit(0);
            }
            if (killAt == 0) {
                ::usleep(std::uniform_int_distribution<int>(0, 20000)(rng));
                ::kill(pid, SIGKILL);
            }
            int status = 0;
            QCOMPARE(::waitpid(pid, &status, 0), pid);
            if (killAt) QVERIFY2(WIFSIGNALED(status), ("child survived report " + std::to_string(killAt)).c_str());
            else QVERIFY(WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) == 0));

            const auto f = cmf::CmfFile::open(path); // throws (fails the test) on a broken file
            const auto v = cmf::verify(*f);
            QVERIFY2(v.ok(), ("round " + std::to_string(round) + ": " + (v.problems.empty() ? "" : v.problems[0].detail)).c_str());
            if (dirHashOf(*f) == oldDir) {
                JCOMPARE(withoutHashes(f->header()), oldHeader);
                QVERIFY(!f->findTensor("extra.table"));
                ++sawOld;
            } else {
                JCOMPARE(withoutHashes(f->header()), g.header);
                const auto big = f->findTensor("extra.table");
                QVERIFY2(big.has_value(), ("round " + std::to_string(round)).c_str());
                QVERIFY(std::equal(g.bigBytes.begin(), g.bigBytes.end(), f->tensorBytes(*big).data));
                ++sawNew;
            }
            // A killed append can be followed by a good one.
            if (round == reports / 2) {
                cmf::appendInPlace(path, g.request());
                QVERIFY(cmf::verify(*cmf::CmfFile::open(path)).ok());
            }
        }
        QVERIFY(sawOld >= reports - 1); // every kill before the envelope write
        QVERIFY(sawNew >= 1);           // the kill after it
    }
};

QTEST_GUILESS_MAIN(TestAppend)
#include "tst_append.moc"
