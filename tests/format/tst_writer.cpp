// The writer and the rewrites over it: layout rules, atomicity, masks
// sections, compact, shard and requant round trips on the conformance kit.
#include "test_support.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/shards.h"
#include "cmf/format/verify.h"
#include "cmf/format/writer.h"

#include <QTest>
#include <algorithm>
#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string kit(const std::string& rel) { return cmftest::dataPath("conformance/" + rel); }

// A fresh empty folder under the test's temporary directory.
std::string freshDir(const std::string& name) {
    const std::string d = cmftest::tempDir() + "/" + name;
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

size_t filesIn(const std::string& dir) { return size_t(std::distance(fs::directory_iterator(dir), fs::directory_iterator())); }

// Every tensor of a has the same name, dtype, shape and bytes in b.
void expectSameTensors(const cmf::Model& a, const cmf::Model& b) {
    QCOMPARE(a.tensors().size(), b.tensors().size());
    for (const auto& t : a.tensors()) {
        const auto j = b.find(t.record.name);
        QVERIFY2(j.has_value(), std::string(t.record.name).c_str());
        const auto& u = b.tensors()[*j];
        QCOMPARE(u.record.dtype, t.record.dtype);
        QVERIFY(u.record.dims() == t.record.dims());
        const auto x = a.tensorBytes(t), y = b.tensorBytes(u);
        QCOMPARE(x.nbytes, y.nbytes);
        QVERIFY(std::equal(x.data, x.data + x.nbytes, y.data));
    }
}

} // namespace

class TestWriter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rewriteOfKitFileIsValidAndLaidOut() {
        const auto src = cmf::CmfFile::open(kit("valid/tiny-s42-Q8_2F.cmf"));
        const std::string dir = freshDir("layout"), out = dir + "/copy.cmf";
        json header = src->header();
        header.erase("section_hashes");
        std::vector<std::string> names;
        for (uint64_t i = 0; i < src->directory().count(); ++i) names.emplace_back(src->directory().record(i).name);
        cmf::WriterSections sec;
        const auto copy = [&](const cmf::Section& s) { const auto sp = src->section(s); return std::vector<uint8_t>(sp.begin(), sp.end()); };
        sec.masks = copy(src->envelope().masks);
        sec.vocab = copy(src->envelope().vocab);
        {
            cmf::Writer w(out, header, names, sec);
            for (uint64_t i = 0; i < src->directory().count(); ++i) {
                const auto r = src->directory().record(i);
                const auto b = src->tensorBytes(r);
                w.write(std::string(r.name), r.dtype, r.dims(), b.data, b.nbytes);
            }
            w.commit();
        }
        QCOMPARE(filesIn(dir), size_t(1)); // no temporary left behind
        const auto f = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*f).ok());
        QCOMPARE(f->envelope().data.off % 4096, uint64_t(0));
        QCOMPARE(f->envelope().header.off, uint64_t(128));
        QCOMPARE(f->envelope().requiredFeatures, uint32_t(cmf::TensorDir | cmf::BinaryMasks | cmf::Quant2F));
        QVERIFY(f->envelope().masks.off < f->envelope().vocab.off); // masks, then vocab
        QVERIFY(!f->envelope().index.present());
        QVERIFY(f->envelope().headerHash != 0 && f->envelope().dirHash != 0);
        QVERIFY(f->header()["section_hashes"].contains("masks") && f->header()["section_hashes"].contains("vocab"));
        for (uint64_t i = 0; i < f->directory().count(); ++i) {
            const auto r = f->directory().record(i), s = src->directory().record(i);
            QCOMPARE(r.off % 64, uint64_t(0));
            QCOMPARE(r.hash, s.hash);
            QCOMPARE(r.off, s.off); // same order and alignment as the reference writer
        }
        // Padding between tensors is zero.
        const auto* data = f->mapping().data() + f->envelope().data.off;
        for (uint64_t i = 0; i + 1 < f->directory().count(); ++i) {
            const auto r = f->directory().record(i), n = f->directory().record(i + 1);
            for (uint64_t k = r.off + r.nbytes; k < n.off; ++k) QCOMPARE(int(data[k]), 0);
        }
        QCOMPARE(f->masks()->masks.size(), src->masks()->masks.size());
    }
    void abandonedWriterLeavesNothing() {
        const std::string dir = freshDir("abandon"), out = dir + "/model.cmf";
        { std::ofstream(out) << "old contents"; }
        try {
            cmf::Writer w(out, json{{"format", "cmf"}}, {"a", "b"}, {});
            const float v[32] = {};
            w.write("a", cmf::DType::F32, {32}, reinterpret_cast<const uint8_t*>(v), sizeof v);
            w.write("c", cmf::DType::F32, {32}, reinterpret_cast<const uint8_t*>(v), sizeof v); // out of order
            QFAIL("out-of-order write accepted");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Parse);
        }
        QCOMPARE(filesIn(dir), size_t(1));
        std::ifstream in(out);
        std::string s;
        std::getline(in, s);
        QCOMPARE(s, std::string("old contents"));
        try {
            cmf::Writer w(out, json{{"format", "cmf"}}, {"a"}, {});
            w.commit(); // "a" never written
            QFAIL("commit with a missing tensor accepted");
        } catch (const cmf::Error&) {
        }
        QCOMPARE(filesIn(dir), size_t(1));
    }
    void masksSectionRoundTrip() {
        json meta{{"default_task", "general"},
                  {"masks", {{{"task_id", 0}, {"name", "general"}, {"sparsity", 0.0}, {"quality", nullptr}},
                             {{"task_id", 1}, {"name", "half"}, {"sparsity", 0.5}, {"quality", nullptr}}}}};
        std::vector<uint8_t> a(19, 0), b(19, 0);
        for (int i = 0; i < 16; ++i) a[size_t(i)] = 0xFF, b[size_t(i)] = 0x0F;
        a[16] = a[17] = 0x0F, a[18] = 0x03;
        b[16] = b[17] = 0x03, b[18] = 0x01;
        const auto sec = cmf::buildMasksSection(meta, {a, b});
        json header{{"arch", {{"num_layers", 2}, {"intermediate_size", 64}, {"num_attention_heads", 4}}}};
        const auto set = cmf::MaskSet::parse(sec.data(), sec.size(), header, false);
        QCOMPARE(set.masks.size(), size_t(2));
        for (const auto& m : set.masks) QCOMPARE(m.blobOff % 8, uint64_t(0));
        QVERIFY(std::equal(a.begin(), a.end(), set.masks[0].blob));
        QVERIFY(std::equal(b.begin(), b.end(), set.masks[1].blob));
        QCOMPARE(set.masks[1].ffnActive, (std::vector<uint32_t>{32, 32}));
        QCOMPARE(set.masks[1].headsActive, (std::vector<uint32_t>{2, 2}));
    }
    void planShardsIsGreedy() {
        QCOMPARE(cmf::planShards({10, 10, 10, 10}, 25), (std::vector<uint32_t>{0, 0, 1, 1}));
        QCOMPARE(cmf::planShards({30, 5, 30}, 25), (std::vector<uint32_t>{0, 1, 2})); // an oversized tensor gets a shard
        QCOMPARE(cmf::planShards({1, 2, 3}, 0), (std::vector<uint32_t>{0, 0, 0}));
    }
    void shardRoundTrip() {
        const std::string dir = freshDir("shard");
        const auto report = cmf::shard(kit("valid/tiny-s42-Q8_2F.cmf"), 0.00005, dir + "/tiny", {});
        QVERIFY(report.outputs.size() >= 3);
        for (const auto& p : report.outputs) {
            const auto f = cmf::CmfFile::open(p); // every shard verifies alone
            QVERIFY2(cmf::verify(*f).ok(), p.c_str());
            QVERIFY(cmf::parseShardName(p).has_value());
        }
        const auto merged = cmf::Model::open(report.outputs.back());
        QCOMPARE(merged.files().size(), report.outputs.size());
        expectSameTensors(cmf::Model::open(kit("valid/tiny-s42-Q8_2F.cmf")), merged);
        QVERIFY(merged.files()[0]->masks().has_value());
        QVERIFY(!merged.files()[1]->masks().has_value() && merged.files()[1]->vocab().empty());
        JCOMPARE(merged.files()[1]->header()["tokenizer_config"], nullptr);
        // requant (with nothing selected) merges the set back into one file.
        const std::string whole = dir + "/whole.cmf";
        cmf::requant({report.outputs[1], whole, cmf::DType::Q8Row, "^$", {}}, {});
        QVERIFY(!cmf::Model::open(whole).sharded());
        expectSameTensors(merged, cmf::Model::open(whole));
    }
    // A shard set cancelled part-way, with every shard's temporary open:
    // nothing of the new set remains, the old set is as it was.
    void cancelledShardSetLeavesTheOldSet() {
        const std::string dir = freshDir("shard-cancel");
        const auto old = cmf::shard(kit("valid/tiny-s42-Q8_2F.cmf"), 0.00005, dir + "/tiny", {});
        std::vector<std::vector<uint8_t>> before;
        for (const auto& p : old.outputs) before.push_back(cmftest::readBytes(p));
        std::atomic<bool> stop{false};
        std::atomic<int> reports{0}; // reported from the pipeline's threads
        const cmf::Control control{[&](uint64_t, uint64_t, std::string_view) { stop = ++reports >= 3; }, &stop};
        try {
            cmf::shard(kit("valid/tiny-s42-Q8_2F.cmf"), 0.00005, dir + "/tiny", control);
            QFAIL("not cancelled");
        } catch (const cmf::Error& e) {
            QCOMPARE(int(e.kind()), int(cmf::ErrorKind::Cancelled));
        }
        QCOMPARE(filesIn(dir), old.outputs.size());
        for (size_t i = 0; i < old.outputs.size(); ++i) QVERIFY(cmftest::readBytes(old.outputs[i]) == before[i]);
    }

    // writer.h's TempFile: a temporary of the rule, locked for its whole life
    // (also after relock(), once a Writer renamed a file over it), removed
    // unless committed; a temporary of a temporary is the target's too.
    void tempFileFollowsTheRule() {
        const std::string dir = freshDir("tempfile"), out = dir + "/model.cmf";
        {
            cmf::TempFile t(out);
            QCOMPARE(t.path().size(), out.size() + 11);
            QVERIFY(t.path().rfind(out + ".tmp-", 0) == 0);
            QCOMPARE(cmf::removeStaleTemporaries(out), size_t(0)); // locked: kept
            QVERIFY(fs::exists(t.path()));
        }
        QCOMPARE(filesIn(dir), size_t(0)); // not committed: removed

        {
            cmf::TempFile t(out);
            cmf::Writer w(t.path(), json{{"format", "cmf"}}, {}, {});
            w.commit(); // renamed over the TempFile's name: relock takes the new file
            t.relock();
            QCOMPARE(cmf::removeStaleTemporaries(out), size_t(0));
            QCOMPARE(filesIn(dir), size_t(1));
            t.commit();
        }
        QCOMPARE(filesIn(dir), size_t(1));
        QVERIFY(cmf::CmfFile::open(out)->header()["format"] == "cmf");

        for (const char* n : {".tmp-Dead01", ".tmp-Dead01.tmp-Dead02", ".tmp-Dead01.cut", ".tmp-Dead01.tmp-x"})
            std::ofstream(out + n) << "left by a killed writer";
        QCOMPARE(cmf::removeStaleTemporaries(out), size_t(2));
        QVERIFY(fs::exists(out + ".tmp-Dead01.cut") && fs::exists(out + ".tmp-Dead01.tmp-x")); // not the rule's names
    }

    void compactDropsDeadTails() {
        // Simulate append-only growth (§9): a second copy of the header and
        // directory at the tail, the envelope pointing at it, the old ones dead.
        auto bytes = cmftest::readBytes(kit("valid/tiny-s42-Q8_ROW.cmf"));
        uint64_t hOff, hLen, dOff, dLen;
        std::memcpy(&hOff, bytes.data() + 0x10, 8);
        std::memcpy(&hLen, bytes.data() + 0x18, 8);
        std::memcpy(&dOff, bytes.data() + 0x20, 8);
        std::memcpy(&dLen, bytes.data() + 0x28, 8);
        const std::vector<uint8_t> header(bytes.begin() + long(hOff), bytes.begin() + long(hOff + hLen));
        const std::vector<uint8_t> dirBytes(bytes.begin() + long(dOff), bytes.begin() + long(dOff + dLen));
        const uint64_t newH = bytes.size();
        bytes.insert(bytes.end(), header.begin(), header.end());
        const uint64_t newD = bytes.size();
        bytes.insert(bytes.end(), dirBytes.begin(), dirBytes.end());
        std::memcpy(bytes.data() + 0x10, &newH, 8);
        std::memcpy(bytes.data() + 0x20, &newD, 8);
        const std::string dir = freshDir("compact"), grown = dir + "/grown.cmf", out = dir + "/compact.cmf";
        std::ofstream(grown, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        QVERIFY(cmf::verify(*cmf::CmfFile::open(grown)).ok());
        cmf::compact(grown, out, {});
        QVERIFY(fs::file_size(out) < fs::file_size(grown));
        const auto a = cmf::CmfFile::open(grown), b = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*b).ok());
        expectSameTensors(cmf::Model::open(grown), cmf::Model::open(out));
        json ha = a->header(), hb = b->header();
        ha.erase("section_hashes");
        hb.erase("section_hashes");
        JCOMPARE(hb, ha);
        QVERIFY(std::ranges::equal(a->vocab(), b->vocab()));
        QVERIFY(std::ranges::equal(a->section(a->envelope().masks), b->section(b->envelope().masks)));
        QVERIFY(std::ranges::equal(a->section(a->envelope().index), b->section(b->envelope().index)));
    }
    void requantCopiesUntouchedTensors() {
        const std::string dir = freshDir("requant"), out = dir + "/q4.cmf";
        cmf::RequantOptions o{kit("valid/tiny-s42-F32.cmf"), out, cmf::DType::Q4Block, "mlp\\.", {}};
        const auto report = cmf::requant(o, {});
        const auto src = cmf::Model::open(o.input), dst = cmf::Model::open(out);
        QVERIFY(cmf::verify(dst.primary()).ok());
        size_t requanted = 0;
        for (const auto& t : src.tensors()) {
            const std::string name(t.record.name);
            const auto& u = dst.tensors()[*dst.find(name)];
            if (name.find("mlp.") != std::string::npos) {
                QCOMPARE(u.record.dtype, cmf::DType::Q4Block);
                ++requanted;
            } else {
                QCOMPARE(u.record.hash, t.record.hash); // byte for byte
                QCOMPARE(u.record.dtype, t.record.dtype);
            }
        }
        QCOMPARE(requanted, size_t(9)); // 3 projections × (2 layers + the MTP block)
        for (const auto& t : report.tensors)
            if (!t.copied) QVERIFY2(t.relRms > 0 && t.relRms < 0.2, t.name.c_str());
    }
};

QTEST_GUILESS_MAIN(TestWriter)
#include "tst_writer.moc"
