#pragma once
// The file drawn as one bar, each section (envelope, header, directory,
// weights, masks, vocab, index, and the bytes in between) as a coloured
// segment proportional to its size, with a legend and hover tooltips.
#include <QColor>
#include <QString>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace cmfw {

class SectionBar : public QWidget {
    Q_OBJECT
public:
    struct Segment {
        QString name;
        uint64_t off = 0, len = 0;
        QColor color;
    };
    explicit SectionBar(QWidget* parent = nullptr);
    // Segments in any order; they are drawn by offset.
    void setSegments(uint64_t fileSize, std::vector<Segment> segments);
    const std::vector<Segment>& segments() const { return segments_; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF barRect() const;
    int segmentAt(const QPointF& p) const;
    int legendHeight(int width) const;
    uint64_t fileSize_ = 0;
    std::vector<Segment> segments_;
};

} // namespace cmfw
