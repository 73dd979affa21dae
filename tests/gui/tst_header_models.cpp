// HeaderJsonModel and ArchTableModel (widgets/models) under
// QAbstractItemModelTester: every field of the header is shown, unknown
// fields are shown and marked, search keeps matches in context.
#include "file_builder.h"
#include "models/arch_table_model.h"
#include "models/header_json_model.h"
#include "test_support.h"

#include "cmf/format/cmf_file.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

// Depth-first count of all nodes.
int countNodes(const QAbstractItemModel& m, const QModelIndex& parent = {}) {
    int n = 0;
    for (int r = 0; r < m.rowCount(parent); ++r) n += 1 + countNodes(m, m.index(r, 0, parent));
    return n;
}

int countJson(const nlohmann::json& j) {
    int n = 0;
    if (j.is_structured())
        for (const auto& v : j) n += 1 + countJson(v);
    return n;
}

QModelIndex findKey(const QAbstractItemModel& m, const QString& path, const QModelIndex& parent = {}) {
    for (int r = 0; r < m.rowCount(parent); ++r) {
        const QModelIndex i = m.index(r, 0, parent);
        if (i.data(HeaderJsonModel::PathRole).toString() == path) return i;
        const QModelIndex deeper = findKey(m, path, i);
        if (deeper.isValid()) return deeper;
    }
    return {};
}

nlohmann::json headerWithExtras() {
    cmftest::FileBuilder b;
    nlohmann::json h = b.header;
    h["my_tool_notes"] = {{"reviewed", true}, {"by", "alice"}};
    h["arch"]["moe"] = {{"num_experts", 8}, {"top_k", 2}, {"moe_intermediate_size", 16}};
    h["arch"]["layer_types"] = {"FullAttention", "FullAttention", "LinearAttention"};
    h["arch"]["exotic_knob"] = 7;
    return h;
}

} // namespace

class TstHeaderModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jsonTreeShowsEveryNode_data();
    void jsonTreeShowsEveryNode();
    void unknownFieldsAreShownAndMarked();
    void searchKeepsMatchesInContext();
    void archTable();
    void archTableOfTheDemoModel();
};

void TstHeaderModels::jsonTreeShowsEveryNode_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("demo") << QStringLiteral(CMF_DEMO_MODEL);
    QTest::newRow("skills") << QString::fromStdString(cmftest::dataPath("conformance/valid/tiny-s42-skills-Q4_BLOCK.cmf"));
    QTest::newRow("shard") << QString::fromStdString(cmftest::dataPath("conformance/valid/tiny-s42-Q8_2F-sharded-00001-of-00004.cmf"));
}

void TstHeaderModels::jsonTreeShowsEveryNode() {
    QFETCH(QString, path);
    const auto f = cmf::CmfFile::open(path.toStdString());
    HeaderJsonModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setJson(f->header());
    QCOMPARE(countNodes(m), countJson(f->header()));
    QCOMPARE(m.rowCount(), int(f->header().size()));
}

void TstHeaderModels::unknownFieldsAreShownAndMarked() {
    HeaderJsonModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setJson(headerWithExtras());
    const QModelIndex notes = findKey(m, u"my_tool_notes"_s);
    QVERIFY(notes.isValid());
    QCOMPARE(notes.data(HeaderJsonModel::KnownRole).toBool(), false);
    QVERIFY(notes.data(Qt::FontRole).value<QFont>().italic());
    QCOMPARE(m.rowCount(notes), 2); // its children are shown too
    const QModelIndex knob = findKey(m, u"arch.exotic_knob"_s);
    QVERIFY(knob.isValid());
    QCOMPARE(knob.data(HeaderJsonModel::KnownRole).toBool(), false);
    QCOMPARE(findKey(m, u"arch.hidden_size"_s).data(HeaderJsonModel::KnownRole).toBool(), true);
    QCOMPARE(findKey(m, u"format"_s).siblingAtColumn(HeaderJsonModel::Value).data().toString(), u"\"cmf\""_s);
    QCOMPARE(findKey(m, u"arch.moe"_s).siblingAtColumn(HeaderJsonModel::Value).data().toString(), u"{3 key(s)}"_s);
    QCOMPARE(findKey(m, u"arch.layer_types[2]"_s).siblingAtColumn(HeaderJsonModel::Value).data().toString(),
             u"\"LinearAttention\""_s);
}

void TstHeaderModels::searchKeepsMatchesInContext() {
    HeaderJsonModel m;
    m.setJson(headerWithExtras());
    QSortFilterProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&m);
    proxy.setRecursiveFilteringEnabled(true);
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy.setFilterKeyColumn(-1);
    proxy.setFilterFixedString(u"TOP_K"_s);
    // arch > moe > top_k survives, with its ancestors and nothing else.
    QCOMPARE(proxy.rowCount(), 1);
    const QModelIndex arch = proxy.index(0, 0);
    QCOMPARE(arch.data().toString(), u"arch"_s);
    QCOMPARE(proxy.rowCount(arch), 1);
    const QModelIndex moe = proxy.index(0, 0, arch);
    QCOMPARE(proxy.rowCount(moe), 1);
    QCOMPARE(proxy.index(0, 0, moe).data().toString(), u"top_k"_s);
    proxy.setFilterFixedString(u"alice"_s); // values are searched too
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data().toString(), u"my_tool_notes"_s);
}

void TstHeaderModels::archTable() {
    ArchTableModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto h = headerWithExtras();
    m.setArch(h["arch"]);
    QStringList keys;
    for (int r = 0; r < m.rowCount(); ++r) keys << m.index(r, 0).data(ArchTableModel::KeyRole).toString();
    // The spec's order first, nested blocks flattened, unknown fields last.
    QCOMPARE(keys.first(), u"arch_name"_s);
    QVERIFY(keys.indexOf(u"hidden_size"_s) < keys.indexOf(u"num_layers"_s));
    QVERIFY(keys.contains(u"moe.top_k"_s));
    QCOMPARE(keys.last(), u"exotic_knob"_s);
    const int knob = int(keys.indexOf(u"exotic_knob"_s));
    QCOMPARE(m.index(knob, ArchTableModel::Meaning).data().toString(), u"not defined by the spec"_s);
    QCOMPARE(m.index(knob, 0).data(ArchTableModel::KnownRole).toBool(), false);
    const int types = int(keys.indexOf(u"layer_types"_s));
    QCOMPARE(m.index(types, ArchTableModel::Value).data().toString(), u"FullAttention ×2, LinearAttention  (3 item(s))"_s);
    QCOMPARE(m.index(keys.indexOf(u"hidden_size"_s), ArchTableModel::Field).data().toString(), u"Hidden size"_s);

    // A hybrid schedule: one letter per layer, the counts, and the state a
    // linear layer keeps ((4−1)·(2·2·16 + 4·16) + 4·16·16 floats = 1408 × 4 bytes).
    nlohmann::json hybrid = {{"layer_types", {"LinearAttention", "LinearAttention", "LinearAttention", "FullAttention"}},
                             {"linear_num_key_heads", 2}, {"linear_num_value_heads", 4}, {"linear_key_head_dim", 16},
                             {"linear_value_head_dim", 16}, {"linear_conv_kernel_dim", 4}};
    m.setArch(hybrid);
    keys.clear();
    for (int r = 0; r < m.rowCount(); ++r) keys << m.index(r, 0).data(ArchTableModel::KeyRole).toString();
    const int schedule = int(keys.indexOf(u"layer_types.schedule"_s));
    QCOMPARE(schedule, int(keys.indexOf(u"layer_types"_s)) + 1);
    QCOMPARE(m.index(schedule, ArchTableModel::Value).data().toString(), u"LLLF  (3 linear-attention layer(s), 1 full-attention layer(s))"_s);
    QVERIFY2(m.index(schedule, ArchTableModel::Meaning).data().toString().contains(QLocale().formattedDataSize(1408 * 4)),
             qPrintable(m.index(schedule, ArchTableModel::Meaning).data().toString()));
    for (const auto& k : {u"linear_key_head_dim"_s, u"linear_value_head_dim"_s})
        QVERIFY2(m.index(int(keys.indexOf(k)), 0).data(ArchTableModel::KnownRole).toBool(), qPrintable(k));

    // The RoPE variant of each layer kind and the Gemma fields, named.
    nlohmann::json gemma = {{"rope_theta", 1e6}, {"rope_scaling", {{"rope_type", "linear"}, {"factor", 8.0}}},
                            {"rope_local_scaling", {{"type", "llama3"}, {"factor", 8.0}}}, {"embed_scale", 8.0},
                            {"query_pre_attn_scalar", 16}, {"attn_logit_softcapping", 50.0}, {"final_logit_softcapping", 30.0}};
    m.setArch(gemma);
    keys.clear();
    for (int r = 0; r < m.rowCount(); ++r) keys << m.index(r, 0).data(ArchTableModel::KeyRole).toString();
    auto value = [&](const QString& key) { return m.index(int(keys.indexOf(key)), ArchTableModel::Value).data().toString(); };
    QCOMPARE(value(u"rope_scaling"_s), u"linear"_s);
    QCOMPARE(value(u"rope_local_scaling"_s), u"llama3"_s);
    QCOMPARE(value(u"rope_scaling.factor"_s), u"8"_s);
    for (const auto& k : {u"embed_scale"_s, u"query_pre_attn_scalar"_s, u"attn_logit_softcapping"_s, u"final_logit_softcapping"_s}) {
        const int row = int(keys.indexOf(k));
        QVERIFY2(row >= 0 && m.index(row, 0).data(ArchTableModel::KnownRole).toBool(), qPrintable(k));
        QVERIFY(m.index(row, ArchTableModel::Field).data().toString() != k); // a label, not the raw key
    }
    QCOMPARE(m.index(int(keys.indexOf(u"attn_logit_softcapping"_s)), ArchTableModel::Field).data().toString(), u"Attention soft-cap"_s);
}

void TstHeaderModels::archTableOfTheDemoModel() {
    const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
    ArchTableModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setArch(f->header()["arch"]);
    QMap<QString, QString> v;
    for (int r = 0; r < m.rowCount(); ++r)
        v[m.index(r, 0).data(ArchTableModel::KeyRole).toString()] = m.index(r, ArchTableModel::Value).data().toString();
    QCOMPARE(v[u"arch_name"_s], u"qwen3"_s);
    QCOMPARE(v[u"hidden_size"_s], u"256"_s);
    QCOMPARE(v[u"num_layers"_s], u"4"_s);
    QCOMPARE(v[u"norm_style"_s], u"qwen"_s);
    QCOMPARE(v[u"rms_norm_eps"_s], u"1e-06"_s);
    QCOMPARE(v[u"tie_word_embeddings"_s], u"no"_s);
    QCOMPARE(v[u"moe"_s], u"none"_s);
}

QTEST_MAIN(TstHeaderModels)
#include "tst_header_models.moc"
