#include "views/section_bar.h"

#include "util/format_text.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace cmfw {

namespace {
constexpr int kBarHeight = 34;
constexpr int kSwatch = 12;
constexpr int kLegendGap = 18;

// One legend entry per name: gaps between sections share one entry.
std::vector<SectionBar::Segment> legendEntries(const std::vector<SectionBar::Segment>& segments) {
    std::vector<SectionBar::Segment> out;
    for (const auto& s : segments) {
        auto it = std::find_if(out.begin(), out.end(), [&](const auto& o) { return o.name == s.name; });
        if (it == out.end()) out.push_back(s);
        else it->len += s.len;
    }
    return out;
}
} // namespace

SectionBar::SectionBar(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void SectionBar::setSegments(uint64_t fileSize, std::vector<Segment> segments) {
    fileSize_ = fileSize;
    std::stable_sort(segments.begin(), segments.end(), [](const Segment& a, const Segment& b) { return a.off < b.off; });
    segments_ = std::move(segments);
    updateGeometry();
    update();
}

QSize SectionBar::sizeHint() const { return {600, heightForWidth(600)}; }

QSize SectionBar::minimumSizeHint() const { return {200, heightForWidth(std::max(200, width()))}; }

int SectionBar::heightForWidth(int w) const { return kBarHeight + 12 + legendHeight(w); }

QRectF SectionBar::barRect() const { return QRectF(1, 1, width() - 2, kBarHeight); }

// Legend entries flow left to right and wrap; every entry has the same layout.
int SectionBar::legendHeight(int w) const {
    const QFontMetrics fm(font());
    int x = 0, lines = segments_.empty() ? 0 : 1;
    for (const auto& s : legendEntries(segments_)) {
        const int itemW = kSwatch + 6 + fm.horizontalAdvance(s.name + u"  " + Text::bytes(s.len)) + kLegendGap;
        if (x > 0 && x + itemW > w) {
            ++lines;
            x = 0;
        }
        x += itemW;
    }
    return lines * (fm.height() + 6);
}

void SectionBar::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF bar = barRect();
    p.setPen(Qt::NoPen);
    p.setBrush(palette().color(QPalette::Base));
    p.drawRect(bar);
    if (fileSize_ > 0) {
        for (const auto& s : segments_) {
            const double x0 = bar.left() + bar.width() * double(s.off) / double(fileSize_);
            double w = bar.width() * double(s.len) / double(fileSize_);
            w = std::max(w, s.len > 0 ? 1.5 : 0.0); // a tiny section still shows as a hairline
            p.setBrush(s.color);
            p.drawRect(QRectF(x0, bar.top(), w, bar.height()));
        }
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(bar);

    // Legend.
    const QFontMetrics fm(font());
    int x = 0, y = int(bar.bottom()) + 10;
    for (const auto& s : legendEntries(segments_)) {
        const QString text = s.name + u"  " + Text::bytes(s.len);
        const int itemW = kSwatch + 6 + fm.horizontalAdvance(text) + kLegendGap;
        if (x > 0 && x + itemW > width()) {
            x = 0;
            y += fm.height() + 6;
        }
        p.setPen(Qt::NoPen);
        p.setBrush(s.color);
        p.drawRect(QRectF(x, y + (fm.height() - kSwatch) / 2.0, kSwatch, kSwatch));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QPoint(x + kSwatch + 6, y + fm.ascent()), text);
        x += itemW;
    }
}

int SectionBar::segmentAt(const QPointF& pos) const {
    const QRectF bar = barRect();
    if (!bar.contains(pos) || fileSize_ == 0) return -1;
    const double at = (pos.x() - bar.left()) / bar.width() * double(fileSize_);
    // The smallest segment under the cursor wins, so hairlines can be hovered.
    int best = -1;
    const double slack = double(fileSize_) * 3.0 / bar.width();
    for (size_t i = 0; i < segments_.size(); ++i) {
        const auto& s = segments_[i];
        if (at + slack >= double(s.off) && at - slack <= double(s.off + s.len))
            if (best < 0 || s.len < segments_[size_t(best)].len) best = int(i);
    }
    return best;
}

bool SectionBar::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const int i = segmentAt(he->pos());
        if (i >= 0) {
            const auto& s = segments_[size_t(i)];
            QToolTip::showText(he->globalPos(),
                               tr("%1\noffset %2\nlength %3 (%4 of the file)")
                                   .arg(s.name, Text::offset(s.off), Text::bytes(s.len),
                                        Text::percent(double(s.len) / double(std::max<uint64_t>(1, fileSize_)))),
                               this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(e);
}

} // namespace cmfw
