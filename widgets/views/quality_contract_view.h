#pragma once
// A mask's quality contract (spec §5.1) side by side for one or two tasks:
// metric, value, dense baseline, masked result, samples and the held-out
// dataset's hash. A null contract is shown as NOT MEASURED, never as a number:
// the format forbids declaring quality that was not measured.
#include <QWidget>

#include <nlohmann/json.hpp>

class QLabel;
class QTableWidget;

namespace cmfw {

class QualityContractView : public QWidget {
    Q_OBJECT
public:
    explicit QualityContractView(QWidget* parent = nullptr);
    struct Task {
        QString name;
        nlohmann::json quality; // null = not measured
    };
    void setTasks(const std::vector<Task>& tasks);
    QTableWidget* table() const { return table_; }
    // The whole text of a field ("metric", "value", "baseline_dense", "masked", "n_samples", "dataset_sha256")
    // for task column col (the table shows a long hash shortened).
    QString field(const QString& key, int col) const;

private:
    QTableWidget* table_;
    QLabel* note_;
};

} // namespace cmfw
