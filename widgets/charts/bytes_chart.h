#pragma once
// A horizontal bar chart of bytes per category (dtype, tensor family), in
// the unit that suits the largest bar. Qt Charts, no animation, so an
// offscreen screenshot shows the final picture.
#include <QChartView>
#include <QString>

#include <cstdint>
#include <vector>

class QChart;

namespace cmfw {

class BytesChart : public QChartView {
    Q_OBJECT
public:
    struct Bar {
        QString label;
        uint64_t bytes = 0;
        uint64_t count = 0; // tensors, shown in the label
    };
    explicit BytesChart(const QString& title, QWidget* parent = nullptr);
    // Bars with zero bytes are left out; the rest are drawn largest first.
    void setBars(std::vector<Bar> bars);
    int barCount() const { return int(bars_.size()); }
    const std::vector<Bar>& bars() const { return bars_; }

protected:
    void changeEvent(QEvent* e) override;

private:
    QString title_;
    std::vector<Bar> bars_;
};

} // namespace cmfw
