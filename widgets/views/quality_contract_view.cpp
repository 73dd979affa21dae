#include "views/quality_contract_view.h"

#include "util/format_text.h"
#include "util/labels.h"
#include "util/table_util.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

// The fields of §5.1 in reading order; any other keys a writer adds follow.
const char* const kFields[] = {"metric", "value", "baseline_dense", "masked", "n_samples", "dataset_sha256"};

const QColor kUnmeasured(0xb0, 0x60, 0x00);

QString jsonText(const nlohmann::json& v) {
    if (v.is_null()) return QString();
    if (v.is_string()) return QString::fromStdString(v.get<std::string>());
    if (v.is_number_float()) return Text::value(v.get<double>());
    if (v.is_number_integer()) return Text::count(v.is_number_unsigned() ? v.get<uint64_t>() : uint64_t(std::max<int64_t>(0, v.get<int64_t>())));
    return QString::fromStdString(v.dump());
}

} // namespace

QualityContractView::QualityContractView(QWidget* parent) : QWidget(parent) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    auto* heading = makeHeading(tr("Quality contract"), this);
    heading->setToolTip(tr("§5.1: quality is a held-out contract, not a declaration — a writer without a measured metric writes null."));
    lay->addWidget(heading);
    table_ = new QTableWidget(0, 0, this);
    makeReadOnlyTable(table_);
    table_->verticalHeader()->setVisible(true);
    table_->setWordWrap(false);
    lay->addWidget(table_);
    note_ = makeNote(QString(), this);
    lay->addWidget(note_);
    lay->addStretch(1);
}

void QualityContractView::setTasks(const std::vector<Task>& tasks) {
    std::vector<std::string> keys(std::begin(kFields), std::end(kFields));
    for (const auto& t : tasks)
        if (t.quality.is_object())
            for (const auto& [k, v] : t.quality.items())
                if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
    table_->clear();
    table_->setRowCount(int(keys.size()));
    table_->setColumnCount(int(tasks.size()));
    QStringList rows, cols;
    for (const auto& k : keys) rows << QString::fromStdString(k);
    for (const auto& t : tasks) cols << t.name;
    table_->setVerticalHeaderLabels(rows);
    table_->setHorizontalHeaderLabels(cols);
    bool anyUnmeasured = false;
    for (int c = 0; c < int(tasks.size()); ++c) {
        const auto& q = tasks[size_t(c)].quality;
        const bool measured = q.is_object();
        anyUnmeasured = anyUnmeasured || !measured;
        for (int r = 0; r < int(keys.size()); ++r) {
            QString text;
            if (!measured) text = r == 0 ? tr("NOT MEASURED") : tr("—");
            else if (q.contains(keys[size_t(r)])) text = jsonText(q[keys[size_t(r)]]);
            else text = tr("—");
            // A hash is told apart by its head; the whole of it is in the tooltip and in field().
            const bool hash = measured && keys[size_t(r)] == "dataset_sha256" && text.size() > 16;
            setCell(table_, r, c, hash ? text.left(12) + QStringLiteral("…") : text);
            auto* item = table_->item(r, c);
            item->setData(Qt::UserRole, text);
            item->setToolTip(text); // the pane is narrow: cells elide
            if (!measured) {
                item->setForeground(kUnmeasured);
                if (r == 0) {
                    QFont f = item->font();
                    f.setBold(true);
                    item->setFont(f);
                }
                item->setToolTip(tr("quality is null: the writer measured nothing, so the file makes no quality claim for this task"));
            } else if (keys[size_t(r)] == "dataset_sha256") {
                item->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
                item->setToolTip(text);
            } else if (keys[size_t(r)] == "value" && q.value("metric", std::string()) == "heldout_ppl_ratio") {
                item->setToolTip(tr("masked perplexity ÷ dense perplexity on held-out text: 1.0 = no loss, higher = worse"));
            }
        }
    }
    // The tasks share the pane's width: both stay in view without a scroll bar.
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // As tall as its rows, but allowed to shrink (and scroll) when the pane is short: a fixed height would
    // make the layout overlap the note below it.
    int h = table_->horizontalHeader()->sizeHint().height() + 2 * table_->frameWidth() + 2;
    for (int r = 0; r < table_->rowCount(); ++r) h += table_->rowHeight(r);
    table_->setMaximumHeight(h);
    table_->setMinimumHeight(std::min(h, 90));
    // Said only when it matters: an unmeasured mask. A measured contract speaks for itself (tooltips explain).
    note_->setText(tr("NOT MEASURED: the mask carries no held-out quality (quality = null, §5.1). Its effect "
                      "on the model is unknown; the runtime warns when switching to it."));
    note_->setVisible(anyUnmeasured);
}

QString QualityContractView::field(const QString& key, int col) const {
    for (int r = 0; r < table_->rowCount(); ++r)
        if (table_->verticalHeaderItem(r) && table_->verticalHeaderItem(r)->text() == key)
            return table_->item(r, col) ? table_->item(r, col)->data(Qt::UserRole).toString() : QString();
    return {};
}

} // namespace cmfw
