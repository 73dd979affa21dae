#include "models/arch_table_model.h"

#include "cmf/engine/model.h"

#include <QFont>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

struct Known {
    const char* key;
    const char* label;
    const char* meaning;
};

// Spec §2, §2.1, §2.2 in the spec's order.
const Known kKnown[] = {
    {"arch_name", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Architecture"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Model family tag")},
    {"hidden_size", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Hidden size"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Width of the residual stream")},
    {"intermediate_size", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "FFN size"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Neurons per feed-forward block (nominal after defrag)")},
    {"num_layers", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Layers"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Transformer blocks")},
    {"num_attention_heads", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Attention heads"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Query heads per layer")},
    {"num_kv_heads", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "KV heads"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Key/value heads (grouped-query attention)")},
    {"head_dim", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Head dimension"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Width of one attention head")},
    {"vocab_size", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Vocabulary"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Rows of the embedding matrix")},
    {"layer_types", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Layer types"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Attention kind of each layer")},
    {"rms_norm_eps", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "RMSNorm epsilon"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Added to the variance in every normalization")},
    {"norm_style", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Norm style"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "\"qwen\": x̂·w, \"gemma\": x̂·(1+w) — mandatory for an engine")},
    {"rope_theta", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "RoPE base"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Rotary embedding frequency base of global layers")},
    {"partial_rotary_factor", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Rotary fraction"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Share of each head that is rotated")},
    {"yarn", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "YaRN"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Global long-context RoPE scaling profile")},
    {"attention_heads_per_layer", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Heads per layer"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Overrides the query head count layer by layer")},
    {"sliding_window", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Sliding window"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Window of SlidingAttention layers")},
    {"rope_local_base_freq", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Local RoPE base"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "RoPE base of sliding-window layers")},
    {"local_partial_rotary_factor", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Local rotary fraction"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Rotary fraction of sliding-window layers")},
    {"tie_word_embeddings", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Tied embeddings"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "lm_head reuses the embedding matrix")},
    {"max_position_embeddings", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Context length"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Longest position the model was trained for")},
    {"linear_conv_kernel_dim", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Linear-attention kernel"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Convolution width of linear-attention layers")},
    {"linear_num_key_heads", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Linear-attention key heads"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Key heads of linear-attention layers")},
    {"linear_num_value_heads", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Linear-attention value heads"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Value heads of linear-attention layers")},
    {"linear_key_head_dim", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Linear-attention key dimension"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Width of one key head of linear-attention layers")},
    {"linear_value_head_dim", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Linear-attention value dimension"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Width of one value head of linear-attention layers")},
    {"linear_norm_style", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Linear-attention norm style"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Style of the gated norm inside linear attention (\"qwen\": x̂·w), apart from norm_style")},
    {"mtp", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Multi-token prediction"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Draft head for speculative decoding (§2.1)")},
    {"moe", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Mixture of experts"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Expert FFN configuration (§2.2)")},
    // Beyond §2: the fields the engine honours (README "Arch fields the engine honours").
    {"rope_scaling", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "RoPE scaling"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "RoPE variant of global layers: linear, dynamic, llama3, yarn or longrope")},
    {"rope_local_scaling", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Local RoPE scaling"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "RoPE variant of sliding-window layers")},
    {"hidden_act", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Activation"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Gate activation of the feed-forward blocks")},
    {"embed_scale", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Embedding scale"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Embeddings are multiplied by it (Gemma: √hidden in the weights' dtype)")},
    {"query_pre_attn_scalar", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Query scalar"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Attention scores scale by its inverse square root instead of the head dimension's")},
    {"attn_logit_softcapping", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Attention soft-cap"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Scores become c·tanh(s/c) before the mask")},
    {"final_logit_softcapping", QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Logit soft-cap"),
     QT_TRANSLATE_NOOP("cmfw::ArchTableModel", "Output logits become c·tanh(x/c)")},
};

// The variant a RoPE block names: the spec's yarn block is YaRN, an HF-style
// rope_scaling says it in rope_type (older configs: type).
QString ropeVariant(const std::string& key, const nlohmann::json& v) {
    if (key == "yarn") return u"yarn"_s;
    for (const char* k : {"rope_type", "type"})
        if (v.contains(k) && v[k].is_string()) return QString::fromStdString(v[k].get<std::string>());
    return u"default"_s;
}

const Known* findKnown(const std::string& key) {
    for (const Known& k : kKnown)
        if (key == k.key) return &k;
    return nullptr;
}

QString scalarText(const nlohmann::json& v) {
    if (v.is_string()) return QString::fromStdString(v.get<std::string>());
    if (v.is_null()) return ArchTableModel::tr("none");
    if (v.is_boolean()) return v.get<bool>() ? ArchTableModel::tr("yes") : ArchTableModel::tr("no");
    if (v.is_number_float()) return QString::number(v.get<double>(), 'g', 8);
    return QString::fromStdString(v.dump());
}

// Bytes of one LinearAttention layer's recurrent state per sequence (float32
// conv inputs and delta-rule state), from the arch.linear_* fields; 0 when
// one is missing.
uint64_t linearStateBytes(const nlohmann::json& arch) {
    auto n = [&](const char* k) -> uint64_t {
        return arch.contains(k) && arch[k].is_number_integer() && arch[k].get<int64_t>() > 0 ? arch[k].get<uint64_t>() : 0;
    };
    cmf::engine::ModelConfig::Linear d;
    d.keyHeads = uint32_t(n("linear_num_key_heads"));
    d.valueHeads = uint32_t(n("linear_num_value_heads"));
    d.keyDim = uint32_t(n("linear_key_head_dim"));
    d.valueDim = uint32_t(n("linear_value_head_dim"));
    d.kernel = uint32_t(n("linear_conv_kernel_dim"));
    if (!d.keyHeads || !d.valueHeads || !d.keyDim || !d.valueDim || !d.kernel) return 0;
    return d.stateFloats() * sizeof(float);
}

} // namespace

ArchTableModel::ArchTableModel(QObject* parent) : QAbstractTableModel(parent) {}

QString ArchTableModel::compactArray(const nlohmann::json& a) {
    QStringList parts;
    size_t i = 0;
    while (i < a.size()) {
        size_t j = i + 1;
        while (j < a.size() && a[j] == a[i]) ++j;
        const QString item = a[i].is_structured() ? QString::fromStdString(a[i].dump()) : scalarText(a[i]);
        parts << (j - i > 1 ? item + u" ×" + QString::number(j - i) : item);
        i = j;
    }
    return parts.join(u", ");
}

void ArchTableModel::addRow(const std::string& key, const nlohmann::json& v) {
    Row r;
    r.key = QString::fromStdString(key);
    const std::string top = key.substr(0, key.find('.'));
    const Known* k = findKnown(key);
    r.known = findKnown(top) != nullptr;
    r.label = k ? tr(k->label) : r.key;
    r.meaning = k ? tr(k->meaning) : r.known ? QString() : tr("not defined by the spec");
    r.value = v.is_array() ? compactArray(v) + u"  (" + tr("%n item(s)", nullptr, int(v.size())) + u')'
                           : scalarText(v);
    rows_.push_back(std::move(r));
}

// One letter per layer — L linear attention, F full, S sliding window — and
// what each kind keeps per sequence: the view a hybrid model needs.
void ArchTableModel::addSchedule(const nlohmann::json& arch, const nlohmann::json& types) {
    QString letters;
    int linear = 0, full = 0, sliding = 0;
    for (const auto& t : types) {
        const bool l = t == "LinearAttention", sw = t == "SlidingAttention";
        letters += l ? u'L' : sw ? u'S' : u'F';
        linear += l, sliding += sw, full += !l && !sw;
    }
    Row r;
    r.key = u"layer_types.schedule"_s;
    r.label = tr("Layer schedule");
    QStringList parts;
    if (linear) parts << tr("%n linear-attention layer(s)", nullptr, linear);
    if (full) parts << tr("%n full-attention layer(s)", nullptr, full);
    if (sliding) parts << tr("%n sliding-window layer(s)", nullptr, sliding);
    r.value = letters + u"  (" + parts.join(u", ") + u')';
    const uint64_t state = linearStateBytes(arch);
    r.meaning = linear && state ? tr("L: linear attention, a recurrent state of %1 per sequence and layer, no KV cache; F: full attention; "
                                     "S: sliding-window attention")
                                      .arg(QLocale().formattedDataSize(qint64(state)))
                                : tr("L: linear attention; F: full attention; S: sliding-window attention");
    rows_.push_back(std::move(r));
}

void ArchTableModel::setArch(const nlohmann::json& arch) {
    beginResetModel();
    rows_.clear();
    if (arch.is_object()) {
        auto addEntry = [&](const std::string& key, const nlohmann::json& v) {
            if (v.is_object()) { // yarn, moe, mtp: one row per field
                if (const Known* k = findKnown(key)) {
                    Row head;
                    head.key = QString::fromStdString(key);
                    head.label = tr(k->label);
                    head.meaning = tr(k->meaning);
                    head.value = key == "yarn" || key == "rope_scaling" || key == "rope_local_scaling"
                                     ? ropeVariant(key, v)
                                     : tr("%n field(s)", nullptr, int(v.size()));
                    rows_.push_back(head);
                }
                for (auto it = v.begin(); it != v.end(); ++it) addRow(key + "." + it.key(), it.value());
            } else {
                addRow(key, v);
                if (key == "layer_types" && v.is_array()) addSchedule(arch, v);
            }
        };
        // The spec's fields in the spec's order, then everything else as written.
        for (const Known& k : kKnown)
            if (arch.contains(k.key)) addEntry(k.key, arch[k.key]);
        for (auto it = arch.begin(); it != arch.end(); ++it)
            if (!findKnown(it.key())) addEntry(it.key(), it.value());
    }
    endResetModel();
}

int ArchTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int ArchTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ArchTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = rows_[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Field: return r.label;
        case Value: return r.value;
        case Meaning: return r.meaning;
        }
        return {};
    case Qt::ToolTipRole: return QString(r.key + u": " + r.value);
    case Qt::FontRole:
        if (!r.known) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case KeyRole: return r.key;
    case KnownRole: return r.known;
    }
    return {};
}

QVariant ArchTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Field: return tr("Field");
    case Value: return tr("Value");
    case Meaning: return tr("Meaning");
    }
    return {};
}

} // namespace cmfw
