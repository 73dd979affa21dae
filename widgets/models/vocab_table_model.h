#pragma once
// The rows of a vocabulary search (tokenizer playground): id, the token as
// the vocabulary spells it, what it decodes to (both with spaces and control
// characters made visible), its kind and its BPE merge rank.
#include <QAbstractTableModel>

#include <cstdint>
#include <memory>
#include <vector>

namespace cmfw {

struct PlaygroundTokenizer;

class VocabTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Token, Text, Kind, MergeRank, ColumnCount };

    explicit VocabTableModel(QObject* parent = nullptr);
    void setRows(std::shared_ptr<const PlaygroundTokenizer> tok, std::vector<int32_t> ids);
    const std::vector<int32_t>& ids() const { return ids_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const PlaygroundTokenizer> tok_;
    std::vector<int32_t> ids_;
};

} // namespace cmfw
