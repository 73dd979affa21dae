#pragma once
// The Architecture view's diagram as geometry: the layer plan (engine's
// layer_plan.h) laid out top to bottom — embedding → layers → final norm →
// lm_head (→ MTP head) — each operator a box listing its tensors (name,
// dtype, shape, bytes, and the overlay's mark), consecutive identical layers
// folded into one frame "× N". One layout feeds the painter (screen, PNG)
// and the SVG writer, so both show the same thing.
#include "views/architecture_overlay.h"

#include "cmf/engine/layer_plan.h"

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QSet>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <vector>

namespace cmfw {

// Geometry, in pixels (the painter and the SVG writer place text by them).
namespace archgeom {
constexpr qreal kMargin = 16, kPad = 8, kFramePad = 12, kStripe = 5, kGap = 26, kBar = 56, kMinOpWidth = 560;
}

// A run of consecutive layers drawn as one frame (count 1: a single layer).
struct ArchGroup {
    bool mtp = false; // of the MTP head's layers
    size_t first = 0, count = 1;
    bool operator==(const ArchGroup&) const = default;
};

// Consecutive layers fold when their operators, facts, tensor dtypes and
// shapes (layerSignature) and the overlay's marks on them are equal.
std::vector<ArchGroup> foldLayers(const std::vector<cmf::engine::LayerPlan>& layers, const ArchitectureOverlay& overlay, bool mtp);

struct ArchItem {
    enum class Kind { Frame, Op, Row, Arrow, Label };
    Kind kind = Kind::Label;
    QRectF rect;
    QString title;     // Frame, Op: the bold first line; Label: its text
    QStringList lines; // Frame, Op: the lines below the title (facts)
    qreal besideTitle = 0; // Op: > 0, the first line sits on the title's row at this x offset from the text's left
    int accent = -1;   // Op, Frame: the cmf::engine::OpKind / MixerKind it is coloured by
    // Row: the tensor it opens (the first layer's, the first expert's) and its cells.
    QString tensor;
    QStringList cells; // shown name, dtype, shape, bytes
    bool hasMark = false;
    TensorMark mark;
    // Frame: which group; expandable = a fold of several layers, or one shown unfolded.
    int group = -1;
    bool expandable = false, expanded = false;
    qsizetype toggleKey = -1; // the key a click on the title adds to or removes from the expanded set
    QString tooltip;
    bool strong = false; // Label: a section title (bold), else a muted note
};

struct ArchLayout {
    QSizeF size;
    std::vector<ArchItem> items;
    qreal columns[5] = {}; // x of each row cell (name, dtype, shape, bytes, mark) from the row's left edge
    qreal lineHeight = 0;
    std::vector<ArchGroup> groups; // the frames' groups, in order (ArchItem::group indexes it)
    // Every tensor a row shows (full directory names), in order.
    QStringList shownTensors() const;
    // The row opening `tensor`, or nullptr.
    const ArchItem* rowOf(const QString& tensor) const;
    const ArchItem* itemAt(const QPointF& p) const; // the innermost item: a row before its op before its frame
};

// expanded: the first layer of each group the user opened (mtp groups offset by 1 << 30).
ArchLayout layoutArchitecture(const cmf::engine::ModelPlan& plan, const ArchitectureOverlay& overlay, const QSet<qsizetype>& expanded,
                              const QFont& font);
inline qsizetype expandKey(const ArchGroup& g) { return qsizetype(g.first) + (g.mtp ? (qsizetype(1) << 30) : 0); }

// An operator's accent (a stripe, a bar): mid-saturated hues readable on light and dark backgrounds.
QColor accentColor(int opKind);
// The operator's title, translated.
QString opTitle(cmf::engine::OpKind k);

} // namespace cmfw
