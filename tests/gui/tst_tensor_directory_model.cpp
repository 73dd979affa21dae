// TensorDirectoryModel (widgets/models): every operation under Qt's
// QAbstractItemModelTester; row counts, filters (substring and regex), sorting
// on every column as numbers, grouping by layer, and persistent indexes that
// follow their tensor through a sort. On the demo model, the conformance files
// and a built file of many tensors.
#include "document/cmf_document.h"
#include "file_builder.h"
#include "models/tensor_directory_model.h"
#include "models/tensor_name.h"
#include "models/tensor_summary.h"
#include "test_support.h"

#include "cmf/format/cmf_file.h"

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace cmfw;
using namespace Qt::StringLiterals;
using Model = TensorDirectoryModel;

namespace {

std::shared_ptr<const TensorSource> sourceOf(const std::string& path) {
    return TensorSource::fromFile(cmf::CmfFile::open(path));
}

// The demo model as converted, before its masks and skill (47 tensors).
QString demoPath() { return QStringLiteral(CMF_DEMO_BASE); }

// A file of n small tensors with layer-structured names, like a MoE model.
std::string manyTensors(int n) {
    const std::string path = cmftest::tempDir() + "/many-" + std::to_string(n) + ".cmf";
    if (QFile::exists(QString::fromStdString(path))) return path;
    cmftest::FileBuilder b;
    b.addRaw("model.embed_tokens.weight", 1, {16, 8}, std::vector<uint8_t>(256, 1));
    for (int i = 0; i < n; ++i) {
        const char* proj = i % 3 == 0 ? "gate_proj" : i % 3 == 1 ? "up_proj" : "down_proj";
        b.addRaw("model.layers." + std::to_string(i / 30) + ".mlp.experts." + std::to_string((i / 3) % 10) + "." + proj +
                     ".weight",
                 1, {uint32_t(1 + i % 7), 4}, std::vector<uint8_t>(size_t(2 * 4 * (1 + i % 7)), uint8_t(i)));
    }
    b.addRaw("model.norm.weight", 1, {8}, std::vector<uint8_t>(16, 2));
    b.addRaw("lm_head.weight", 1, {16, 8}, std::vector<uint8_t>(256, 3));
    b.writeTo(path);
    return path;
}

QStringList names(const Model& m) {
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        if (!m.isGroupRow(r)) out << m.index(r, Model::Name).data().toString();
    return out;
}

// Every tensor name of the source matching pred, in directory order.
template <class Pred>
QStringList expected(const TensorSource& s, Pred pred) {
    QStringList out;
    for (uint64_t i = 0; i < s.count(); ++i) {
        const QString n = QString::fromUtf8(s.record(i).name.data(), qsizetype(s.record(i).name.size()));
        if (pred(n)) out << n;
    }
    return out;
}

} // namespace

class TstTensorDirectoryModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void testerOnEveryValidFile_data();
    void testerOnEveryValidFile();
    void demoModelShowsTheDirectory();
    void substringFilter();
    void regexFilter();
    void invalidRegexKeepsTheFilter();
    void sortsEveryColumnAsNumbers_data();
    void sortsEveryColumnAsNumbers();
    void sortKeepsSelection();
    void groupsByLayer();
    void collapseAndExpandAGroup();
    void shardSetHasAShardColumn();
    void summaryCountsBytesPerDtypeAndFamily();
    void tensorNames();
};

void TstTensorDirectoryModel::testerOnEveryValidFile_data() {
    QTest::addColumn<QString>("path");
    for (const QString& f : QDir(QString::fromStdString(cmftest::dataPath("conformance/valid"))).entryList({u"*.cmf"_s}))
        QTest::newRow(f.toUtf8().constData()) << QString::fromStdString(cmftest::dataPath("conformance/valid/" + f.toStdString()));
    QTest::newRow("demo") << demoPath();
    QTest::newRow("many") << QString::fromStdString(manyTensors(300));
}

void TstTensorDirectoryModel::testerOnEveryValidFile() {
    QFETCH(QString, path);
    Model m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto doc = CmfDocument::open(path);
    QVERIFY(doc->ok());
    m.setSource(doc->tensors());
    QCOMPARE(uint64_t(m.rowCount()), doc->tensors()->count());
    // Every operation a person can do, with the tester watching.
    for (int c = 0; c < m.columnCount(); ++c) {
        m.sort(c, Qt::AscendingOrder);
        m.sort(c, Qt::DescendingOrder);
    }
    m.sort(-1);
    QVERIFY(m.setFilter(u"layers.0"_s, Model::FilterMode::Substring));
    m.setGroupByLayer(true);
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.isGroupRow(r)) {
            m.toggleGroup(r);
            m.toggleGroup(r);
        }
    m.sort(Model::Bytes, Qt::DescendingOrder);
    QVERIFY(m.setFilter(u"weight$"_s, Model::FilterMode::Regex));
    m.setGroupByLayer(false);
    QVERIFY(m.setFilter(QString(), Model::FilterMode::Substring));
    QCOMPARE(uint64_t(m.rowCount()), doc->tensors()->count());
}

void TstTensorDirectoryModel::demoModelShowsTheDirectory() {
    const auto src = sourceOf(CMF_DEMO_BASE);
    Model m;
    m.setSource(src);
    QCOMPARE(m.rowCount(), 47);
    QCOMPARE(m.columnCount(), int(Model::Shard)); // no shard column for a single file
    // Row 0 is record 0, read straight from the mapping.
    const auto r0 = src->record(0);
    QCOMPARE(m.index(0, Model::Name).data().toString(), QString::fromUtf8(r0.name.data(), qsizetype(r0.name.size())));
    QCOMPARE(m.index(0, Model::DType).data().toString(), u"q8_row"_s);
    QCOMPARE(m.index(0, Model::Shape).data().toString(), u"[8192, 256]"_s);
    QCOMPARE(m.index(0, Model::Elements).data(Model::SortRole).toULongLong(), 8192ull * 256);
    QCOMPARE(m.index(0, Model::Bytes).data(Model::SortRole).toULongLong(), r0.nbytes);
    QCOMPARE(m.index(0, Model::Hash).data().toString(), QStringLiteral("%1").arg(r0.hash, 16, 16, QLatin1Char('0')));
    QCOMPARE(m.index(0, Model::Offset).data(Model::SortRole).toULongLong(), src->absoluteOffset(0));
    const double bpw = m.index(0, Model::BitsPerWeight).data(Model::SortRole).toDouble();
    QCOMPARE(bpw, double(r0.nbytes) * 8.0 / double(8192 * 256));
    QCOMPARE(m.matchedBytes(), [&] {
        uint64_t b = 0;
        for (uint64_t i = 0; i < src->count(); ++i) b += src->record(i).nbytes;
        return b;
    }());
}

void TstTensorDirectoryModel::substringFilter() {
    const auto src = sourceOf(CMF_DEMO_BASE);
    Model m;
    m.setSource(src);
    QVERIFY(m.setFilter(u"MLP"_s, Model::FilterMode::Substring)); // case-insensitive
    QCOMPARE(names(m), expected(*src, [](const QString& n) { return n.contains(u"mlp"_s); }));
    QCOMPARE(m.rowCount(), 12); // gate, up, down in 4 layers
    QVERIFY(m.setFilter(u"layers.3.self_attn"_s, Model::FilterMode::Substring));
    QCOMPARE(names(m), expected(*src, [](const QString& n) { return n.contains(u"layers.3.self_attn"_s); }));
    QVERIFY(m.setFilter(u"no such tensor"_s, Model::FilterMode::Substring));
    QCOMPARE(m.rowCount(), 0);
    QCOMPARE(m.matchedBytes(), 0u);
}

void TstTensorDirectoryModel::regexFilter() {
    const auto src = sourceOf(CMF_DEMO_BASE);
    Model m;
    m.setSource(src);
    const QString pattern = uR"(^model\.layers\.[13]\.mlp\.(gate|up)_proj\.weight$)"_s;
    QVERIFY(m.setFilter(pattern, Model::FilterMode::Regex));
    const QRegularExpression re(pattern);
    QCOMPARE(names(m), expected(*src, [&](const QString& n) { return re.match(n).hasMatch(); }));
    QCOMPARE(m.rowCount(), 4);
    QVERIFY(m.setFilter(u"norm"_s, Model::FilterMode::Regex));
    QCOMPARE(m.rowCount(), int(expected(*src, [](const QString& n) { return n.contains(u"norm"_s); }).size()));
}

void TstTensorDirectoryModel::invalidRegexKeepsTheFilter() {
    Model m;
    m.setSource(sourceOf(CMF_DEMO_BASE));
    QVERIFY(m.setFilter(u"mlp"_s, Model::FilterMode::Regex));
    const int before = m.rowCount();
    QVERIFY(!m.setFilter(u"layers.(["_s, Model::FilterMode::Regex));
    QVERIFY(!m.filterError().isEmpty());
    QCOMPARE(m.rowCount(), before);
    QVERIFY(m.setFilter(u"layers.(["_s, Model::FilterMode::Substring)); // fine as plain text
    QCOMPARE(m.rowCount(), 0);
}

void TstTensorDirectoryModel::sortsEveryColumnAsNumbers_data() {
    QTest::addColumn<int>("column");
    for (int c = 0; c < int(Model::Shard); ++c) QTest::newRow(qPrintable(QString::number(c))) << c;
}

void TstTensorDirectoryModel::sortsEveryColumnAsNumbers() {
    QFETCH(int, column);
    const auto src = sourceOf(manyTensors(400)); // layers 0..13
    Model m;
    m.setSource(src);
    for (const auto order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
        m.sort(column, order);
        QCOMPARE(uint64_t(m.rowCount()), src->count());
        for (int r = 1; r < m.rowCount(); ++r) {
            const QVariant a = m.index(r - 1, column).data(Model::SortRole), b = m.index(r, column).data(Model::SortRole);
            if (column == Model::Name) {
                const QByteArray x = a.toString().toUtf8(), y = b.toString().toUtf8();
                const int c = naturalCompare({x.constData(), size_t(x.size())}, {y.constData(), size_t(y.size())});
                QVERIFY2(order == Qt::AscendingOrder ? c <= 0 : c >= 0, qPrintable(a.toString() + u" / " + b.toString()));
            } else if (column == Model::DType || column == Model::Shape) {
                continue; // by dtype name / by dims, checked below
            } else {
                // Numbers compare as numbers: 9 before 10, never "10" before "9".
                QVERIFY(a.typeId() != QMetaType::QString);
                const bool ok = order == Qt::AscendingOrder ? QVariant::compare(a, b) <= 0 : QVariant::compare(a, b) >= 0;
                QVERIFY2(ok, qPrintable(a.toString() + u" / " + b.toString()));
            }
        }
    }
    if (column == Model::Name) {
        // Natural order: layers.2 comes before layers.10.
        m.sort(Model::Name, Qt::AscendingOrder);
        const QStringList n = names(m);
        QVERIFY(n.indexOf(u"model.layers.2.mlp.experts.0.gate_proj.weight"_s) <
                n.indexOf(u"model.layers.10.mlp.experts.0.gate_proj.weight"_s));
    }
    if (column == Model::DType) {
        m.sort(Model::DType, Qt::AscendingOrder);
        for (int r = 1; r < m.rowCount(); ++r)
            QVERIFY(m.index(r - 1, column).data().toString() <= m.index(r, column).data().toString());
    }
}

void TstTensorDirectoryModel::sortKeepsSelection() {
    const auto src = sourceOf(CMF_DEMO_BASE);
    Model m;
    m.setSource(src);
    const uint64_t lm = *src->find("lm_head.weight");
    const QPersistentModelIndex p(m.index(m.rowOfTensor(lm), Model::Bytes));
    m.sort(Model::Name, Qt::DescendingOrder);
    QVERIFY(p.isValid());
    QCOMPARE(m.tensorAt(p.row()), int64_t(lm));
    QCOMPARE(p.column(), int(Model::Bytes));
    m.sort(-1);
    QCOMPARE(p.row(), int(lm)); // directory order again
}

void TstTensorDirectoryModel::groupsByLayer() {
    const auto src = sourceOf(CMF_DEMO_BASE);
    Model m;
    m.setSource(src);
    m.setGroupByLayer(true);
    // Groups: outside the layers (embed, norm, lm_head), layers 0..3.
    QStringList groups;
    std::set<int> layers;
    int currentLayer = -100;
    for (int r = 0; r < m.rowCount(); ++r) {
        if (m.isGroupRow(r)) {
            groups << m.index(r, Model::Name).data(Model::SortRole).toString();
            currentLayer = m.groupLayerAt(r);
            QCOMPARE(m.index(r, Model::Name).data(Model::IsGroupRole).toBool(), true);
            QCOMPARE(m.index(r, Model::Name).data(Model::TensorIndexRole).toLongLong(), -1);
        } else {
            const int layer = layerOf(src->record(uint64_t(m.tensorAt(r))).name);
            QCOMPARE(layer, currentLayer); // every tensor sits under its own layer's header
            layers.insert(layer);
        }
    }
    QCOMPARE(groups, (QStringList{u"Outside the layers"_s, u"Layer 0"_s, u"Layer 1"_s, u"Layer 2"_s, u"Layer 3"_s}));
    QCOMPARE(m.rowCount(), 47 + 5);
    // A group row sums its tensors.
    uint64_t layer0 = 0;
    for (uint64_t i = 0; i < src->count(); ++i)
        if (layerOf(src->record(i).name) == 0) layer0 += src->record(i).nbytes;
    int header0 = -1;
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.isGroupRow(r) && m.groupLayerAt(r) == 0) header0 = r;
    QCOMPARE(m.index(header0, Model::Bytes).data(Model::SortRole).toULongLong(), layer0);
    // Grouping and filtering compose: only groups with a match remain.
    QVERIFY(m.setFilter(u"down_proj"_s, Model::FilterMode::Substring));
    QCOMPARE(m.rowCount(), 4 + 4);
}

void TstTensorDirectoryModel::collapseAndExpandAGroup() {
    Model m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setSource(sourceOf(CMF_DEMO_BASE));
    m.setGroupByLayer(true);
    int header1 = -1;
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.isGroupRow(r) && m.groupLayerAt(r) == 1) header1 = r;
    QVERIFY(header1 > 0);
    const int before = m.rowCount();
    m.toggleGroup(header1);
    QCOMPARE(m.rowCount(), before - 11); // 11 tensors per layer in the demo model
    QVERIFY(m.index(header1, Model::Name).data().toString().startsWith(u"▸"_s));
    m.toggleGroup(header1);
    QCOMPARE(m.rowCount(), before);
    QVERIFY(m.index(header1, Model::Name).data().toString().startsWith(u"▾"_s));
}

void TstTensorDirectoryModel::shardSetHasAShardColumn() {
    const auto doc = CmfDocument::open(QString::fromStdString(
        cmftest::dataPath("conformance/valid/tiny-s42-Q8_2F-sharded-00003-of-00004.cmf")));
    QVERIFY(doc->ok());
    QVERIFY(doc->model());
    Model m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setSource(doc->tensors());
    QCOMPARE(m.rowCount(), 34); // the merged directory of all four shards
    QCOMPARE(m.columnCount(), int(Model::ColumnCount));
    std::set<int> shards;
    for (int r = 0; r < m.rowCount(); ++r) shards.insert(m.index(r, Model::Shard).data(Model::SortRole).toInt());
    QCOMPARE(shards, (std::set<int>{1, 2, 3, 4}));
    m.sort(Model::Shard, Qt::DescendingOrder);
    QCOMPARE(m.index(0, Model::Shard).data(Model::SortRole).toInt(), 4);
}

void TstTensorDirectoryModel::summaryCountsBytesPerDtypeAndFamily() {
    const auto src = sourceOf(CMF_DEMO_BASE);
    const TensorSummary s = TensorSummary::ofAll(*src);
    QCOMPARE(s.total.tensors, 47u);
    QCOMPARE(s.byDType[uint8_t(cmf::DType::F16)].tensors, 17u);
    QCOMPARE(s.byDType[uint8_t(cmf::DType::Q8Row)].tensors, 18u);
    QCOMPARE(s.byDType[uint8_t(cmf::DType::VBitRo)].tensors, 12u);
    QCOMPARE(s.byFamily[size_t(TensorFamily::Embeddings)].tensors, 2u);
    QCOMPARE(s.byFamily[size_t(TensorFamily::Ffn)].tensors, 12u);
    QCOMPARE(s.byFamily[size_t(TensorFamily::Attention)].tensors, 16u);
    uint64_t bytes = 0;
    for (const auto& b : s.byFamily) bytes += b.bytes;
    QCOMPARE(bytes, s.total.bytes);
}

void TstTensorDirectoryModel::tensorNames() {
    QCOMPARE(layerOf("model.layers.12.mlp.gate_proj.weight"), 12);
    QCOMPARE(layerOf("skill.sql.model.layers.3.mlp.gate_proj.weight"), 3);
    QCOMPARE(layerOf("model.embed_tokens.weight"), kNoLayer);
    QCOMPARE(layerOf("model.mtp.layers.0.self_attn.q_proj.weight"), kMtpLayer);
    QCOMPARE(layerOf("model.sublayers.3.x"), kNoLayer);
    QCOMPARE(familyOf("model.layers.0.mlp.experts.7.up_proj.weight"), TensorFamily::Experts);
    QCOMPARE(familyOf("model.layers.0.mlp.gate.weight"), TensorFamily::Experts); // the MoE router
    QCOMPARE(familyOf("model.layers.0.mlp.gate_proj.weight"), TensorFamily::Ffn);
    QCOMPARE(familyOf("model.layers.0.self_attn.q_proj.weight"), TensorFamily::Attention);
    QCOMPARE(familyOf("model.layers.0.self_attn.q_norm.weight"), TensorFamily::Norms);
    QCOMPARE(familyOf("lm_head.weight"), TensorFamily::Embeddings);
    QCOMPARE(familyOf("skill.sql.model.layers.3.mlp.gate_proj.weight"), TensorFamily::Skills);
    QVERIFY(naturalCompare("layers.2.x", "layers.10.x") < 0);
    QVERIFY(naturalCompare("layers.10.x", "layers.2.x") > 0);
    QVERIFY(naturalCompare("a", "a") == 0);
    QVERIFY(naturalCompare("a.007", "a.7") > 0); // equal values: fewer leading zeros first
    QVERIFY(containsFolded("Model.Layers.3", "layers.3"));
    QVERIFY(!containsFolded("model", "models"));
}

QTEST_MAIN(TstTensorDirectoryModel)
#include "tst_tensor_directory_model.moc"
