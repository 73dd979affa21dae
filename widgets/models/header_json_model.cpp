#include "models/header_json_model.h"

#include <QFont>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

QString jsonTypeName(const nlohmann::json& j) {
    switch (j.type()) {
    case nlohmann::json::value_t::object: return HeaderJsonModel::tr("object");
    case nlohmann::json::value_t::array: return HeaderJsonModel::tr("array");
    case nlohmann::json::value_t::string: return HeaderJsonModel::tr("string");
    case nlohmann::json::value_t::boolean: return HeaderJsonModel::tr("boolean");
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: return HeaderJsonModel::tr("integer");
    case nlohmann::json::value_t::number_float: return HeaderJsonModel::tr("number");
    case nlohmann::json::value_t::null: return HeaderJsonModel::tr("null");
    default: return {};
    }
}

} // namespace

HeaderJsonModel::HeaderJsonModel(QObject* parent) : QAbstractItemModel(parent) {}

bool HeaderJsonModel::isKnownTopLevel(const std::string& key) {
    static const char* const known[] = {"format", "version", "arch", "quant_type", "provenance", "tokenizer_config",
                                        "skills", "shard", "section_hashes"};
    return std::any_of(std::begin(known), std::end(known), [&](const char* k) { return key == k; });
}

bool HeaderJsonModel::isKnownArch(const std::string& key) {
    static const char* const known[] = {"arch_name", "hidden_size", "intermediate_size", "num_layers",
                                        "num_attention_heads", "num_kv_heads", "head_dim", "vocab_size", "layer_types",
                                        "rms_norm_eps", "norm_style", "rope_theta", "yarn", "attention_heads_per_layer",
                                        "sliding_window", "rope_local_base_freq", "local_partial_rotary_factor",
                                        "partial_rotary_factor", "tie_word_embeddings", "max_position_embeddings",
                                        "linear_conv_kernel_dim", "linear_num_key_heads", "linear_num_value_heads",
                                        "mtp", "moe"};
    return std::any_of(std::begin(known), std::end(known), [&](const char* k) { return key == k; });
}

void HeaderJsonModel::setJson(const nlohmann::json& json) {
    beginResetModel();
    json_ = json;
    nodes_.clear();
    roots_.clear();
    build(json_, -1, QString(), 0);
    endResetModel();
}

void HeaderJsonModel::build(const nlohmann::json& j, int parent, QString path, int depth) {
    auto add = [&](const QString& key, const nlohmann::json& v, bool known) {
        const int id = int(nodes_.size());
        Node n;
        n.key = key;
        n.value = &v;
        n.parent = parent;
        n.known = known;
        n.path = path.isEmpty() ? key : path + (key.startsWith(u'[') ? QString() : u"."_s) + key;
        auto& siblings = parent < 0 ? roots_ : nodes_[size_t(parent)].children;
        n.row = int(siblings.size());
        siblings.push_back(id);
        nodes_.push_back(std::move(n));
        if (v.is_structured()) build(v, id, nodes_[size_t(id)].path, depth + 1);
    };
    if (j.is_object()) {
        const bool top = depth == 0;
        const bool arch = depth == 1 && path == u"arch";
        for (auto it = j.begin(); it != j.end(); ++it) {
            const bool known = top ? isKnownTopLevel(it.key()) : arch ? isKnownArch(it.key()) : true;
            add(QString::fromStdString(it.key()), it.value(), known);
        }
    } else if (j.is_array()) {
        for (size_t i = 0; i < j.size(); ++i) add(u"["_s + QString::number(i) + u']', j[i], true);
    }
}

QModelIndex HeaderJsonModel::index(int row, int column, const QModelIndex& parent) const {
    if (column < 0 || column >= ColumnCount || row < 0) return {};
    const auto& siblings = parent.isValid() ? nodes_[size_t(parent.internalId())].children : roots_;
    if (row >= int(siblings.size())) return {};
    return createIndex(row, column, quintptr(siblings[size_t(row)]));
}

QModelIndex HeaderJsonModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const int p = nodes_[size_t(child.internalId())].parent;
    if (p < 0) return {};
    return createIndex(nodes_[size_t(p)].row, 0, quintptr(p));
}

int HeaderJsonModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return int(roots_.size());
    if (parent.column() != 0) return 0;
    return int(nodes_[size_t(parent.internalId())].children.size());
}

int HeaderJsonModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QString HeaderJsonModel::valueText(const nlohmann::json& j) const {
    if (j.is_object()) return tr("{%n key(s)}", nullptr, int(j.size()));
    if (j.is_array()) return tr("[%n item(s)]", nullptr, int(j.size()));
    if (j.is_string()) {
        const QString s = QString::fromStdString(j.get<std::string>());
        // Long strings (a chat template) show their first line; the tooltip has more.
        QString first = s.section(u'\n', 0, 0);
        if (first.size() > 200) first = first.left(200);
        return u"\"" + first + (first.size() < s.size() ? u"…\""_s : u"\""_s);
    }
    return QString::fromStdString(j.dump());
}

QVariant HeaderJsonModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const Node& n = nodes_[size_t(index.internalId())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Key: return n.key;
        case Value: return valueText(*n.value);
        case Type: return jsonTypeName(*n.value);
        }
        return {};
    case Qt::ToolTipRole:
        if (!n.known) return tr("Not defined by the spec. Readers ignore unknown fields (additive evolution, §1.1); "
                                "it is shown so nothing in the file is hidden.");
        if (index.column() == Value && n.value->is_string()) {
            const QString s = QString::fromStdString(n.value->get<std::string>());
            return s.size() > 4000 ? s.left(4000) + u"…"_s : s;
        }
        return n.path;
    case Qt::FontRole:
        if (!n.known) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case KnownRole: return n.known;
    case PathRole: return n.path;
    }
    return {};
}

QVariant HeaderJsonModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Key: return tr("Key");
    case Value: return tr("Value");
    case Type: return tr("Type");
    }
    return {};
}

} // namespace cmfw
