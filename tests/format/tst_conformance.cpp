// The conformance kit (tests/data/conformance, from an independent
// implementation): every valid file reads exactly as manifest.json says,
// every broken file fails with its listed class or verify reports its
// listed problems, and the shard set merges as the kit describes.
#include "test_support.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/shards.h"
#include "cmf/format/verify.h"

#include <QFile>
#include <QTest>
#include <algorithm>
#include <bit>
#include <cmath>
#include <set>

using nlohmann::json;

namespace {

const json& manifest() {
    static const json m = cmftest::loadJson(cmftest::dataPath("conformance/manifest.json"));
    return m;
}

std::string kitPath(const std::string& rel) { return cmftest::dataPath("conformance/" + rel); }

std::set<std::string> problemKeys(const cmf::VerifyReport& r) {
    std::set<std::string> keys;
    for (const auto& p : r.problems) {
        if (p.kind == "tensor_hash_mismatch" || p.kind == "section_hash_mismatch") keys.insert(p.kind + ":" + p.where);
        else keys.insert(p.kind);
    }
    return keys;
}

bool relClose(double a, double b, double rel) { return std::fabs(a - b) <= rel * std::max(1.0, std::fabs(b)); }

} // namespace

class TestConformance : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void validFile_data();
    void validFile();
    void brokenFile_data();
    void brokenFile();
    void shardSetMergesFromAnyShard_data();
    void shardSetMergesFromAnyShard();
    void shardErrors();
};

void TestConformance::validFile_data() {
    QTest::addColumn<int>("entry");
    const auto& files = manifest()["files"];
    QVERIFY(files.size() >= 19);
    for (size_t i = 0; i < files.size(); ++i)
        QTest::newRow(files[i]["file"].get<std::string>().c_str()) << int(i);
}

void TestConformance::validFile() {
    QFETCH(int, entry);
    const json& m = manifest()["files"][size_t(entry)];
    const auto f = cmf::CmfFile::open(kitPath(m["file"]));
    QCOMPARE(f->fileSize(), m["size"].get<uint64_t>());

    // Envelope: every field.
    const auto& e = f->envelope();
    const auto& me = m["envelope"];
    QCOMPARE(cmf::toHex(e.magic, 4), me["magic_hex"].get<std::string>());
    QCOMPARE(e.version, me["version"].get<uint32_t>());
    QCOMPARE(e.flags, me["flags"].get<uint32_t>());
    QCOMPARE(e.requiredFeatures, me["required_features"].get<uint32_t>());
    JCOMPARE(json(cmf::featureNames(e.requiredFeatures)), me["required_features_names"]);
    const std::pair<const char*, cmf::Section> secs[] = {{"header", e.header}, {"dir", e.dir},     {"data", e.data},
                                                         {"masks", e.masks},   {"vocab", e.vocab}, {"index", e.index}};
    for (const auto& [name, s] : secs) {
        QCOMPARE(s.off, me[std::string(name) + "_off"].get<uint64_t>());
        QCOMPARE(s.len, me[std::string(name) + "_len"].get<uint64_t>());
    }
    QCOMPARE(cmf::toHex(e.reserved, 16), me["reserved_hex"].get<std::string>());
    QCOMPARE(cmf::hex64(e.headerHash), me["header_hash"].get<std::string>());
    QCOMPARE(cmf::hex64(e.dirHash), me["dir_hash"].get<std::string>());

    // Header as a JSON value; directory header.
    JCOMPARE(f->header(), m["header"]);
    QCOMPARE(f->directory().count(), m["directory"]["count"].get<uint64_t>());
    QCOMPARE(f->directory().poolOff(), m["directory"]["pool_off"].get<uint64_t>());

    // Every tensor record and its dequantized values.
    const auto& tensors = m["tensors"];
    QCOMPARE(f->directory().count(), uint64_t(tensors.size()));
    for (size_t i = 0; i < tensors.size(); ++i) {
        const auto& mt = tensors[i];
        const auto r = f->directory().record(i);
        const QByteArray where = QByteArray::fromStdString(mt["name"].get<std::string>());
        QCOMPARE(std::string(r.name), mt["name"].get<std::string>());
        QCOMPARE(int(r.dtype), mt["dtype_id"].get<int>());
        QCOMPARE(std::string(cmf::dtypeName(r.dtype)), mt["dtype"].get<std::string>());
        QCOMPARE(int(r.ndim), mt["ndim"].get<int>());
        JCOMPARE(json(r.dims()), mt["shape"]);
        QCOMPARE(r.off, mt["off"].get<uint64_t>());
        QCOMPARE(r.nbytes, mt["nbytes"].get<uint64_t>());
        QCOMPARE(cmf::hex64(r.hash), mt["hash64"].get<std::string>());

        const auto values = cmf::decodeAll(f->tensorBytes(r));
        const auto& dq = mt["dequant"];
        QCOMPARE(uint64_t(values.size()), dq["count"].get<uint64_t>());
        double sum = 0, sumAbs = 0, maxAbs = 0;
        for (float v : values) sum += v, sumAbs += std::fabs(v), maxAbs = std::max(maxAbs, double(std::fabs(v)));
        QVERIFY2(relClose(sum, dq["sum"].get<double>(), 1e-9), where);
        QVERIFY2(relClose(sumAbs, dq["sum_abs"].get<double>(), 1e-9), where);
        QCOMPARE(maxAbs, dq["max_abs"].get<double>());
        for (size_t k = 0; k < dq["first8"].size(); ++k)
            QCOMPARE(std::bit_cast<uint32_t>(values[k]), std::bit_cast<uint32_t>(dq["first8"][k].get<float>()));
        QCOMPARE(cmf::hex64(cmf::hash64(values.data(), values.size() * 4)), dq["f32_hash64"].get<std::string>());
    }

    // Masks: meta verbatim, per-mask fields, popcounts, gates, tails, blob bytes.
    if (m.contains("masks") && !m["masks"].is_null()) {
        QVERIFY(f->masks().has_value());
        const auto& ms = *f->masks();
        const auto& mm = m["masks"];
        QCOMPARE(ms.nMasks, mm["n_masks"].get<uint32_t>());
        QCOMPARE(ms.metaLen, mm["meta_len"].get<uint32_t>());
        JCOMPARE(ms.meta, mm["meta"]);
        QCOMPARE(ms.masks.size(), mm["masks"].size());
        for (size_t i = 0; i < ms.masks.size(); ++i) {
            const auto& a = ms.masks[i];
            const auto& b = mm["masks"][i];
            QCOMPARE(a.name, b["name"].get<std::string>());
            QCOMPARE(a.taskId, b["task_id"].get<uint32_t>());
            QCOMPARE(a.sparsity, b["sparsity"].get<double>());
            JCOMPARE(a.quality, b["quality"]);
            QCOMPARE(a.blobOff, b["blob_off"].get<uint64_t>());
            QCOMPARE(a.blobLen, b["blob_len"].get<uint64_t>());
            JCOMPARE(json(a.ffnActive), b["ffn_active_per_layer"]);
            JCOMPARE(json(a.headsActive), b["heads_active_per_layer"]);
            JCOMPARE(json(a.layerGates), b["layer_gates"]);
            QCOMPARE(a.nonZeroTails.empty(), b["tail_bits_zero"].get<bool>());
            QCOMPARE(cmf::toHex(a.blob, a.blobLen), b["blob_hex"].get<std::string>());
        }
    } else {
        QVERIFY(!f->masks().has_value());
    }

    // Sparse index (§7).
    if (m.contains("sparse_index") && !m["sparse_index"].is_null()) {
        QVERIFY(f->sparseIndex().has_value());
        const auto& idx = *f->sparseIndex();
        const auto& mi = m["sparse_index"];
        QCOMPARE(idx.entries.size(), mi["entries"].size());
        QCOMPARE(idx.trailingBytes, mi["trailing_bytes"].get<uint64_t>());
        for (size_t i = 0; i < idx.entries.size(); ++i) {
            QCOMPARE(idx.entries[i].taskId, mi["entries"][i]["task_id"].get<uint32_t>());
            QCOMPARE(idx.entries[i].layerIdx, mi["entries"][i]["layer_idx"].get<uint32_t>());
            JCOMPARE(json(idx.entries[i].activeFfnGroups), mi["entries"][i]["active_ffn_groups"]);
            JCOMPARE(json(idx.entries[i].activeHeads), mi["entries"][i]["active_heads"]);
        }
    } else {
        QVERIFY(!f->sparseIndex().has_value());
    }

    // Vocab bytes.
    if (m.contains("vocab") && !m["vocab"].is_null()) {
        QCOMPARE(uint64_t(f->vocab().size()), m["vocab"]["len"].get<uint64_t>());
        QCOMPARE(cmf::hex64(cmf::hash64(f->vocab().data(), f->vocab().size())), m["vocab"]["hash64"].get<std::string>());
    } else {
        QVERIFY(f->vocab().empty());
    }

    // Skills registry and replacement tensors.
    const auto& skills = m["header"].contains("skills") ? m["header"]["skills"] : json::array();
    QCOMPARE(f->skills().size(), skills.is_array() ? skills.size() : size_t(0));
    for (const auto& s : f->skills()) {
        for (const auto& t : s.tensors) QVERIFY(f->findTensor(s.tensorPrefix() + t).has_value());
        if (s.id == "boost") JCOMPARE(json(s.tensors), json({"model.layers.0.mlp.gate_proj.weight"}));
    }

    // Verify reports nothing.
    const auto report = cmf::verify(*f);
    QVERIFY2(report.ok(), report.ok() ? "" : report.problems[0].detail.c_str());
    QCOMPARE(report.tensorsChecked, f->directory().count());
}

void TestConformance::brokenFile_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("errorClass"); // empty: opens
    QTest::addColumn<QStringList>("problems");
    auto add = [](const json& list) {
        for (const auto& c : list) {
            QStringList problems;
            if (c["expected"]["verify_problems"].is_array())
                for (const auto& p : c["expected"]["verify_problems"]) problems << QString::fromStdString(p.get<std::string>());
            const QString cls = c["expected"]["open"] == "error" ? QString::fromStdString(c["expected"]["error_class"].get<std::string>()) : QString();
            QTest::newRow(c["file"].get<std::string>().c_str()) << QString::fromStdString(c["file"].get<std::string>()) << cls << problems;
        }
    };
    QVERIFY(manifest()["invalid"].size() == 25);
    add(manifest()["invalid"]);
    add(manifest()["edge_cases"]);
}

void TestConformance::brokenFile() {
    QFETCH(QString, file);
    QFETCH(QString, errorClass);
    QFETCH(QStringList, problems);
    const std::string path = kitPath(file.toStdString());
    if (!errorClass.isEmpty()) {
        try {
            cmf::CmfFile::open(path);
            QFAIL("opened a file that must be refused");
        } catch (const cmf::Error& e) {
            QCOMPARE(QString::fromLatin1(cmf::errorKindName(e.kind())), errorClass);
            QVERIFY(std::string(e.what()).size() > 10); // says what and where
        }
        return;
    }
    const auto f = cmf::CmfFile::open(path);
    const auto report = cmf::verify(*f);
    std::set<std::string> expected;
    for (const auto& p : problems) expected.insert(p.toStdString());
    QCOMPARE(problemKeys(report), expected);
}

void TestConformance::shardSetMergesFromAnyShard_data() {
    QTest::addColumn<QString>("file");
    for (const auto& f : manifest()["sharded_sets"][0]["files"]) QTest::newRow(f.get<std::string>().c_str()) << QString::fromStdString(f.get<std::string>());
}

void TestConformance::shardSetMergesFromAnyShard() {
    QFETCH(QString, file);
    const json& set = manifest()["sharded_sets"][0];
    const auto model = cmf::Model::open(kitPath(file.toStdString()));
    QCOMPARE(model.files().size(), set["count"].get<size_t>());
    QCOMPARE(model.primary().path(), kitPath(set["open"]));
    QCOMPARE(model.tensors().size(), set["merged_tensor_count"].get<size_t>());
    const auto whole = cmf::CmfFile::open(kitPath("valid/tiny-s42-Q8_2F.cmf"));
    for (size_t i = 0; i < set["tensors"].size(); ++i) {
        const auto& mt = set["tensors"][i];
        const auto idx = model.find(mt["name"].get<std::string>());
        QVERIFY(idx.has_value());
        const auto& t = model.tensors()[*idx];
        QCOMPARE(t.shard + 1, mt["shard_no"].get<uint32_t>());
        QCOMPARE(std::string(cmf::dtypeName(t.record.dtype)), mt["dtype"].get<std::string>());
        JCOMPARE(json(t.record.dims()), mt["shape"]);
        QCOMPARE(cmf::hex64(t.record.hash), mt["hash64"].get<std::string>());
        // Byte-identical to the unsharded file.
        const auto a = model.tensorBytes(t);
        const auto b = whole->tensorBytes(*whole->findTensor(t.record.name));
        QCOMPARE(a.nbytes, b.nbytes);
        QVERIFY(std::equal(a.data, a.data + a.nbytes, b.data));
    }
    // Masks, vocab and index live only in shard 1.
    QVERIFY(model.files()[0]->masks().has_value());
    QVERIFY(!model.files()[0]->vocab().empty());
    for (size_t s = 1; s < model.files().size(); ++s) {
        QVERIFY(!model.files()[s]->masks().has_value());
        QVERIFY(model.files()[s]->vocab().empty());
        QVERIFY(!model.files()[s]->sparseIndex().has_value());
    }
}

void TestConformance::shardErrors() {
    const auto& set = manifest()["sharded_sets"][0]["files"];
    const std::string dir = cmftest::tempDir();
    auto copySet = [&](const std::string& base, int nameCount, const std::vector<int>& shards) {
        for (int k : shards) {
            char name[64];
            std::snprintf(name, sizeof name, "-%05d-of-%05d.cmf", k, nameCount);
            QFile::remove(QString::fromStdString(dir + "/" + base + name));
            QVERIFY(QFile::copy(QString::fromStdString(kitPath(set[size_t(k - 1)])), QString::fromStdString(dir + "/" + base + name)));
        }
    };
    auto expectError = [](const std::string& path, cmf::ErrorKind kind, const char* words) {
        try {
            cmf::Model::open(path);
            QFAIL("opened a broken shard set");
        } catch (const cmf::Error& e) {
            QCOMPARE(QString::fromLatin1(cmf::errorKindName(e.kind())), QString::fromLatin1(cmf::errorKindName(kind)));
            QVERIFY2(std::string(e.what()).find(words) != std::string::npos, e.what());
        }
    };
    // A missing sibling.
    copySet("gap", 4, {1, 2, 4});
    expectError(dir + "/gap-00002-of-00004.cmf", cmf::ErrorKind::Io, "missing sibling");
    // The name's count disagrees with the header's.
    copySet("five", 5, {1, 2, 3, 4});
    expectError(dir + "/five-00001-of-00005.cmf", cmf::ErrorKind::Parse, "count mismatch");
    // A non-first shard under shard 1's name.
    copySet("whole", 4, {1, 2, 3, 4});
    QFile::remove(QString::fromStdString(dir + "/whole-00001-of-00004.cmf"));
    QVERIFY(QFile::copy(QString::fromStdString(kitPath(set[1])), QString::fromStdString(dir + "/whole-00001-of-00004.cmf")));
    expectError(dir + "/whole-00003-of-00004.cmf", cmf::ErrorKind::Parse, "non-first shard");
    // A non-first shard whose name does not lead to shard 1.
    QFile::remove(QString::fromStdString(dir + "/lonely.cmf"));
    QVERIFY(QFile::copy(QString::fromStdString(kitPath(set[2])), QString::fromStdString(dir + "/lonely.cmf")));
    expectError(dir + "/lonely.cmf", cmf::ErrorKind::Parse, "opened directly");
    // ... while each shard still opens on its own.
    QVERIFY(cmf::CmfFile::open(dir + "/lonely.cmf")->shard()->no == 3);
}

QTEST_GUILESS_MAIN(TestConformance)
#include "tst_conformance.moc"
