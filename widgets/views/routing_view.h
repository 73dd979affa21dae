#pragma once
// Expert routing of a MoE model: route statistics (per layer, how many tokens
// selected each expert) over a prompt or a text file, run as a background
// job, shown as a layers × experts heatmap of selection frequency; a second
// corpus beside it with the per-layer overlap of the two; a click on an
// expert lists its tensors and sizes; statistics saved and loaded as the same
// JSON `cmf route-stats` writes.
#include "util/services.h"

#include <QWidget>

#include <memory>
#include <nlohmann/json.hpp>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTableWidget;

namespace cmfw {

class CmfDocument;
class HeatmapWidget;
class Job;

class RoutingView : public QWidget {
    Q_OBJECT
public:
    RoutingView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);

    // A built-in sample (prose and a little code) for a first look.
    static QString sampleText();

    // Runs statistics over text (slot 0 = A, 1 = B) in the background.
    Job* runOnText(int slot, const QString& text);
    Job* runOnFile(int slot, const QString& path);
    // Shows statistics in a slot (as `cmf route-stats` writes them).
    void setStats(int slot, const nlohmann::json& stats);
    const nlohmann::json& stats(int slot) const { return stats_[slot]; }
    bool saveStats(int slot, const QString& path) const;
    bool loadStats(int slot, const QString& path);

    HeatmapWidget* heatmap(int slot) const { return maps_[slot]; }
    QTableWidget* overlapTable() const { return overlap_; }
    QTableWidget* expertTensors() const { return expertTensors_; }
    // Per layer Σ_e min(pA, pB) of the two selection distributions.
    static std::vector<double> overlap(const nlohmann::json& a, const nlohmann::json& b);

Q_SIGNALS:
    void statsReady(int slot);

public Q_SLOTS:
    void showExpert(int layer, int expert);

private:
    void refreshOverlap();
    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    nlohmann::json stats_[2];
    HeatmapWidget* maps_[2] = {};
    QLabel* captions_[2] = {};
    QPlainTextEdit* prompt_ = nullptr;
    QTableWidget* overlap_ = nullptr;
    QTableWidget* expertTensors_ = nullptr;
};

} // namespace cmfw
