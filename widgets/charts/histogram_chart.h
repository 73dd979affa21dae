#pragma once
// The histogram of a tensor's dequantized values: equal-width bins between
// the minimum and the maximum, drawn as a filled step curve on value axes.
#include <QChartView>

#include <cstdint>
#include <vector>

namespace cmfw {

class HistogramChart : public QChartView {
    Q_OBJECT
public:
    explicit HistogramChart(QWidget* parent = nullptr);
    void setHistogram(const std::vector<uint64_t>& bins, double lo, double hi);
    void clear();
    void setLogScale(bool on);
    bool logScale() const { return log_; }

private:
    void rebuild();
    std::vector<uint64_t> bins_;
    double lo_ = 0, hi_ = 0;
    bool log_ = false;
};

} // namespace cmfw
