#include "views/header_view.h"

#include "document/cmf_document.h"
#include "models/arch_table_model.h"
#include "models/header_json_model.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/table_util.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace cmfw {

HeaderView::HeaderView(std::shared_ptr<const CmfDocument> doc, QWidget* parent) : QWidget(parent), doc_(std::move(doc)) {
    const cmf::CmfFile& f = *doc_->file();
    const auto& h = f.header();

    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    lay->addWidget(makeTitle(tr("Header"), this));
    QString summary = tr("%1 of JSON at offset %2.").arg(Text::bytes(f.envelope().header.len), Text::offset(f.envelope().header.off));
    if (h.contains("quant_type") && h["quant_type"].is_string())
        summary += u' ' + tr("Default quantization: %1 (informational; each tensor's dtype is the truth).")
                              .arg(QString::fromStdString(h["quant_type"].get<std::string>()));
    lay->addWidget(makeNote(summary, this));

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    lay->addWidget(split, 1);

    // Left: arch as a table.
    auto* left = new QWidget(split);
    auto* ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 0, 4);
    ll->addWidget(makeHeading(tr("Architecture (arch)"), left));
    arch_ = new ArchTableModel(this);
    arch_->setArch(h.contains("arch") ? h["arch"] : nlohmann::json());
    archTable_ = new QTableView(left);
    archTable_->setModel(arch_);
    makeReadOnlyTable(archTable_);
        archTable_->horizontalHeader()->setSectionResizeMode(ArchTableModel::Field, QHeaderView::ResizeToContents);
    archTable_->horizontalHeader()->setSectionResizeMode(ArchTableModel::Value, QHeaderView::Interactive);
    archTable_->horizontalHeader()->setStretchLastSection(true);
    archTable_->resizeColumnToContents(ArchTableModel::Value);
    archTable_->setColumnWidth(ArchTableModel::Value, std::clamp(archTable_->columnWidth(ArchTableModel::Value), 120, 320));
    ll->addWidget(archTable_, 1);
    if (arch_->rowCount() == 0) ll->addWidget(makeNote(tr("The header has no arch block."), left));

    // Right: the JSON tree with search.
    auto* right = new QWidget(split);
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 4, 0, 0);
    auto* bar = new QHBoxLayout();
    bar->addWidget(makeHeading(tr("JSON"), right));
    search_ = new QLineEdit(right);
    search_->setPlaceholderText(tr("Search keys and values…"));
    search_->setClearButtonEnabled(true);
    bar->addWidget(search_, 1);
    auto* expand = new QPushButton(tr("Expand all"), right);
    auto* collapse = new QPushButton(tr("Collapse"), right);
    bar->addWidget(expand);
    bar->addWidget(collapse);
    rl->addLayout(bar);

    json_ = new HeaderJsonModel(this);
    json_->setJson(h);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(json_);
    proxy_->setRecursiveFilteringEnabled(true); // keep the ancestors of a match
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setFilterKeyColumn(-1);
    tree_ = new QTreeView(right);
    tree_->setModel(proxy_);
    tree_->setUniformRowHeights(true);
    tree_->setAlternatingRowColors(true);
    tree_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tree_->header()->setStretchLastSection(false);
    tree_->header()->setSectionResizeMode(HeaderJsonModel::Value, QHeaderView::Stretch);
    tree_->expandToDepth(0);
    tree_->resizeColumnToContents(HeaderJsonModel::Key);
    tree_->setColumnWidth(HeaderJsonModel::Key, std::max(tree_->columnWidth(HeaderJsonModel::Key), 160));
    tree_->resizeColumnToContents(HeaderJsonModel::Type);
    rl->addWidget(tree_, 1);
    auto* legend = makeNote(tr("Fields in italics are not defined by the spec; readers ignore them, the workbench shows them."), right);
    rl->addWidget(legend);

    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({260, 300});

    connect(search_, &QLineEdit::textChanged, this, &HeaderView::setSearch);
    connect(expand, &QPushButton::clicked, tree_, &QTreeView::expandAll);
    connect(collapse, &QPushButton::clicked, tree_, [this] { tree_->collapseAll(); });
}

void HeaderView::setSearch(const QString& text) {
    if (search_->text() != text) search_->setText(text);
    proxy_->setFilterFixedString(text);
    if (text.isEmpty()) {
        tree_->collapseAll();
        tree_->expandToDepth(0);
    } else {
        tree_->expandAll(); // show every match in context
    }
}

} // namespace cmfw
