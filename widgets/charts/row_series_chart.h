#pragma once
// A line chart of one value per row (a quantized tensor's row scales, a vbit
// tensor's bit widths), decimated to at most ~2000 points by keeping each
// bucket's minimum and maximum so spikes stay visible.
#include <QChartView>

#include <vector>

namespace cmfw {

class RowSeriesChart : public QChartView {
    Q_OBJECT
public:
    explicit RowSeriesChart(QWidget* parent = nullptr);
    // secondary may be empty; it gets its own axis on the right.
    void setSeries(const QString& name, const std::vector<float>& values, const QString& secondaryName = {},
                   const std::vector<float>& secondary = {});
    void clear();
    // What the x axis counts ("row" unless told; a column field counts columns). Applies to the next setSeries.
    void setXTitle(const QString& title) { xTitle_ = title; }

private:
    QString xTitle_;
};

} // namespace cmfw
