#pragma once
// Counts per integer level (a vbit tensor's rows per bit width) as a bar
// chart with one bar per level from the lowest to the highest, so a missing
// level shows as an empty slot. Qt Charts, no animation.
#include <QChartView>

#include <cstdint>
#include <vector>

namespace cmfw {

class LevelHistogram : public QChartView {
    Q_OBJECT
public:
    explicit LevelHistogram(QWidget* parent = nullptr);
    // counts[i] is the count of level firstLevel + i.
    void setCounts(int firstLevel, std::vector<uint64_t> counts, const QString& levelTitle, const QString& countTitle);
    void clear();
    int firstLevel() const { return first_; }
    const std::vector<uint64_t>& counts() const { return counts_; }
    // Count of one level; 0 outside the range.
    uint64_t count(int level) const;

private:
    int first_ = 0;
    std::vector<uint64_t> counts_;
};

} // namespace cmfw
