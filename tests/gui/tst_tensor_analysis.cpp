// The computations behind the Tensor detail view (widgets/analysis): value
// statistics equal a sequential pass over cmf::decodeAll — count, sum, abs
// sum, min, max, what `cmf dump --stats` reports — for every tensor of every
// valid conformance file and the demo model; the histogram holds every value;
// previews are slices of decodeAll; row scales match the layouts of §3.2; the
// .npy writer writes what NumPy reads; the tokenizer summary of the demo model.
#include "analysis/npy_writer.h"
#include "analysis/quant_scales.h"
#include "analysis/tensor_preview.h"
#include "analysis/tensor_stats.h"
#include "analysis/tokenizer_summary.h"
#include "test_support.h"

#include "cmf/format/error.h"
#include "cmf/format/half.h"
#include "cmf/format/shards.h"

#include <QDir>
#include <QTest>

#include <atomic>
#include <cmath>
#include <numeric>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

struct Reference {
    uint64_t count = 0;
    double sum = 0, absSum = 0, min = INFINITY, max = -INFINITY;
};

// What `cmf dump --stats` computes: a sequential double sum over decodeAll.
Reference reference(const std::vector<float>& v) {
    Reference r;
    r.count = v.size();
    for (float x : v) {
        r.sum += x;
        r.absSum += std::fabs(x);
        r.min = std::min(r.min, double(x));
        r.max = std::max(r.max, double(x));
    }
    return r;
}

QStringList validFiles() {
    QStringList out;
    const QDir dir(QString::fromStdString(cmftest::dataPath("conformance/valid")));
    for (const QString& f : dir.entryList({u"*.cmf"_s})) out << dir.filePath(f);
    out << QStringLiteral(CMF_DEMO_MODEL);
    return out;
}

} // namespace

class TstTensorAnalysis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void statsEqualDecodeAll_data();
    void statsEqualDecodeAll();
    void statsHonourCancel();
    void previewIsASliceOfDecodeAll();
    void rowScalesOfQ8Row();
    void rowScalesOfVbit();
    void rowScalesOfQ4Block();
    void npyRoundTrip();
    void npyCancelLeavesNothing();
    void tokenizerOfTheDemoModel();
    void tokenizerThatIsNotJson();
};

void TstTensorAnalysis::statsEqualDecodeAll_data() {
    QTest::addColumn<QString>("path");
    for (const QString& f : validFiles()) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
}

void TstTensorAnalysis::statsEqualDecodeAll() {
    QFETCH(QString, path);
    const auto model = cmf::Model::open(path.toStdString());
    for (const auto& t : model.tensors()) {
        const auto bytes = model.tensorBytes(t);
        const auto values = cmf::decodeAll(bytes);
        const Reference want = reference(values);
        const TensorStats got = computeTensorStats(bytes, {}, 64);
        const QByteArray name(t.record.name.data(), qsizetype(t.record.name.size()));
        QVERIFY2(got.count == want.count, name.constData());
        QVERIFY2(got.sum == want.sum, name.constData()); // same order of additions: bit-equal
        QVERIFY2(got.absSum == want.absSum, name.constData());
        QVERIFY2(got.min == want.min && got.max == want.max, name.constData());
        QVERIFY2(got.maxAbs == std::max(std::fabs(want.min), std::fabs(want.max)), name.constData());
        const uint64_t zeros = uint64_t(std::count(values.begin(), values.end(), 0.0f));
        QVERIFY2(got.zeros == zeros, name.constData());
        QVERIFY2(std::accumulate(got.histogram.begin(), got.histogram.end(), uint64_t(0)) == got.count, name.constData());
        QVERIFY2(std::fabs(got.mean - want.sum / double(want.count)) <= 1e-12 * std::max(1.0, std::fabs(got.mean)),
                 name.constData());
        double sq = 0;
        for (float x : values) sq += (x - got.mean) * (x - got.mean);
        QVERIFY2(std::fabs(got.std - std::sqrt(sq / double(values.size()))) <= 1e-9 * std::max(1e-9, got.std), name.constData());
    }
}

void TstTensorAnalysis::statsHonourCancel() {
    const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
    std::atomic<bool> cancel{true};
    cmf::Control c;
    c.cancel = &cancel;
    try {
        computeTensorStats(f->tensorBytes(f->directory().record(0)), c);
        QFAIL("no Cancelled error");
    } catch (const cmf::Error& e) {
        QCOMPARE(e.kind(), cmf::ErrorKind::Cancelled);
    }
}

void TstTensorAnalysis::previewIsASliceOfDecodeAll() {
    const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
    const auto rec = *f->findTensor("model.layers.2.mlp.down_proj.weight"); // vbit_ro [256, 768]
    const auto bytes = f->tensorBytes(rec);
    const auto all = cmf::decodeAll(bytes);
    const TensorPreview p = computePreview(bytes, 250, 64, 40);
    QCOMPARE(p.row0, 250u);
    QCOMPARE(p.rows, 6u); // clipped at the last row
    QCOMPARE(p.cols, 40u);
    QCOMPARE(p.totalCols, 768u);
    for (uint64_t r = 0; r < p.rows; ++r)
        for (uint64_t c = 0; c < p.cols; ++c) QCOMPARE(p.at(r, c), all[(250 + r) * 768 + c]);
}

void TstTensorAnalysis::rowScalesOfQ8Row() {
    const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
    const auto rec = *f->findTensor("model.layers.0.self_attn.q_proj.weight"); // q8_row [256, 256]
    QCOMPARE(rec.dtype, cmf::DType::Q8Row);
    const auto bytes = f->tensorBytes(rec);
    const RowScales s = readRowScales(bytes);
    QCOMPARE(s.kind, RowScales::Kind::RowScale);
    QCOMPARE(s.scaleMean.size(), size_t(256));
    // w = q · scale: the largest |w| of a row is 127 · scale (absmax / 127).
    const auto all = cmf::decodeAll(bytes);
    for (size_t r = 0; r < 256; r += 37) {
        float absmax = 0;
        for (size_t c = 0; c < 256; ++c) absmax = std::max(absmax, std::fabs(all[r * 256 + c]));
        QVERIFY(std::fabs(absmax - 127.0f * s.scaleMean[r]) <= 1e-6f * std::max(1.0f, absmax));
    }
}

void TstTensorAnalysis::rowScalesOfVbit() {
    const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
    const auto rec = *f->findTensor("model.layers.1.mlp.gate_proj.weight"); // vbit_ro [768, 256]
    QCOMPARE(rec.dtype, cmf::DType::VBitRo);
    const RowScales s = readRowScales(f->tensorBytes(rec));
    QCOMPARE(s.kind, RowScales::Kind::GroupScales);
    QCOMPARE(s.bits.size(), size_t(768));
    for (uint8_t b : s.bits) QVERIFY(b == 3 || b == 4 || b == 5 || b == 6 || b == 8);
    for (size_t r = 0; r < 768; ++r) QVERIFY(s.scaleMin[r] <= s.scaleMean[r] && s.scaleMean[r] <= s.scaleMax[r]);
}

void TstTensorAnalysis::rowScalesOfQ4Block() {
    const auto f = cmf::CmfFile::open(cmftest::dataPath("conformance/valid/tiny-s42-Q4_BLOCK.cmf"));
    for (uint64_t i = 0; i < f->directory().count(); ++i) {
        const auto rec = f->directory().record(i);
        if (rec.dtype != cmf::DType::Q4Block) continue;
        const auto bytes = f->tensorBytes(rec);
        const RowScales s = readRowScales(bytes);
        QCOMPARE(s.kind, RowScales::Kind::GroupScales);
        QCOMPARE(s.scaleMax.size(), size_t(bytes.shape.rows));
        // w = (q − 8) · scale with q in 0..15: |w| ≤ 8 · the largest scale of the row.
        const auto all = cmf::decodeAll(bytes);
        for (uint64_t r = 0; r < bytes.shape.rows; ++r)
            for (uint64_t c = 0; c < bytes.shape.cols; ++c)
                QVERIFY(std::fabs(all[r * bytes.shape.cols + c]) <= 8.0f * s.scaleMax[r] * (1 + 1e-6f));
        return;
    }
    QFAIL("no q4_block tensor");
}

void TstTensorAnalysis::npyRoundTrip() {
    const std::string path = cmftest::tempDir() + "/t.npy";
    const std::vector<float> v = {1.5f, -2.0f, 0.0f, 3.25f, 4.0f, -0.5f};
    writeNpyF32(path, {2, 3}, v.data(), v.size());
    const auto bytes = cmftest::readBytes(path);
    const std::string header = npyHeader({2, 3});
    QCOMPARE(header.size() % 64, size_t(0));
    QVERIFY(header.find("'shape': (2, 3)") != std::string::npos);
    QVERIFY(header.find("'descr': '<f4'") != std::string::npos);
    QCOMPARE(bytes.size(), header.size() + v.size() * 4);
    QCOMPARE(std::memcmp(header.data(), bytes.data(), header.size()), 0);
    QCOMPARE(std::memcmp(bytes.data() + header.size(), v.data(), v.size() * 4), 0);
    QVERIFY(npyHeader({7}).find("'shape': (7,)") != std::string::npos);
    QVERIFY(npyHeader({}).find("'shape': ()") != std::string::npos);
}

void TstTensorAnalysis::npyCancelLeavesNothing() {
    const QString dir = QString::fromStdString(cmftest::tempDir()) + u"/npycancel"_s;
    QDir().mkpath(dir);
    std::vector<float> v(3u << 20, 1.0f);
    std::atomic<bool> cancel{true};
    cmf::Control c;
    c.cancel = &cancel;
    try {
        writeNpyF32(QString(dir + u"/x.npy"_s).toStdString(), {v.size()}, v.data(), v.size(), c);
        QFAIL("not cancelled");
    } catch (const cmf::Error& e) {
        QCOMPARE(e.kind(), cmf::ErrorKind::Cancelled);
    }
    QCOMPARE(QDir(dir).entryList(QDir::Files).size(), 0); // no partial file, no temporary
    try {
        writeNpyF32("/nonexistent-dir/x.npy", {1}, v.data(), 1);
        QFAIL("no error");
    } catch (const cmf::Error& e) {
        QCOMPARE(e.kind(), cmf::ErrorKind::Io);
    }
}

void TstTensorAnalysis::tokenizerOfTheDemoModel() {
    const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
    const auto& cb = f->chatBundle();
    QVERIFY(cb);
    std::vector<int64_t> ids = cb->eosTokenIds;
    const TokenizerSummary s = summarizeTokenizer(f->vocab(), ids);
    QVERIFY2(s.error.empty(), s.error.c_str());
    QCOMPARE(s.modelType, std::string("BPE"));
    QCOMPARE(s.bytes, f->envelope().vocab.len);
    QVERIFY(s.vocabSize > 8000);
    QVERIFY(s.merges > 0);
    QVERIFY(!s.added.empty());
    QCOMPARE(s.tokenText.at(8168), std::string("<|im_end|>"));
    QCOMPARE(s.tokenText.at(8166), std::string("<|endoftext|>"));
    QVERIFY(std::any_of(s.added.begin(), s.added.end(), [](const auto& a) { return a.special && a.content == "<|im_start|>"; }));
}

void TstTensorAnalysis::tokenizerThatIsNotJson() {
    const std::string text = "not json at all";
    const TokenizerSummary s = summarizeTokenizer({reinterpret_cast<const uint8_t*>(text.data()), text.size()}, {});
    QVERIFY(!s.error.empty());
    const std::string other = R"({"version": "1.0"})";
    const TokenizerSummary t = summarizeTokenizer({reinterpret_cast<const uint8_t*>(other.data()), other.size()}, {});
    QVERIFY(t.error.find("model") != std::string::npos);
}

QTEST_GUILESS_MAIN(TstTensorAnalysis)
#include "tst_tensor_analysis.moc"
