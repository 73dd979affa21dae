#include "views/architecture_layout.h"

#include "util/format_text.h"

#include "cmf/format/dtype.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QRegularExpression>

#include <QHash>

#include <algorithm>
#include <cmath>
#include <map>

using namespace Qt::StringLiterals;
using cmf::engine::LayerPlan;
using cmf::engine::ModelPlan;
using cmf::engine::OpKind;
using cmf::engine::PlanOp;

namespace cmfw {
namespace {

using namespace archgeom;

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString dtypeText(cmf::DType t) {
    const auto n = cmf::dtypeName(t);
    return QString::fromLatin1(n.data(), qsizetype(n.size()));
}

// One row of an operator box: a tensor, or a run of experts' tensors alike
// (mlp.experts.{0–63}.gate_proj.weight) that would otherwise be hundreds of rows.
struct Row {
    QString shown, tensor, dtype, shape;
    uint64_t bytes = 0;
    size_t members = 1;
    bool hasMark = false;
    TensorMark mark;
};

std::vector<Row> rowsOf(const PlanOp& op, const LayerPlan* layer, const ArchitectureOverlay& overlay) {
    static const QRegularExpression expert(u"^(.*\\.experts\\.)(\\d+)(\\..+)$"_s);
    std::vector<Row> rows;
    std::map<QString, size_t> runs; // stem|suffix|dtype|shape → row
    std::map<size_t, std::pair<uint64_t, uint64_t>> range; // row → first, last expert
    std::map<size_t, std::pair<double, size_t>> marks;     // row → sum of keep, marked members
    for (const auto& t : op.tensors) {
        const QString full = qs(t.name);
        const QString shown = layer ? qs(cmf::engine::localName(*layer, t.name)) : full;
        const QString dtype = dtypeText(t.dtype), shape = Text::shape(t.shape);
        const auto mark = overlay.marks.constFind(full);
        const auto m = expert.match(shown);
        if (m.hasMatch()) {
            const QString key = m.captured(1) + u'|' + m.captured(3) + u'|' + dtype + u'|' + shape;
            const uint64_t e = m.captured(2).toULongLong();
            if (auto it = runs.find(key); it != runs.end()) {
                Row& r = rows[it->second];
                ++r.members;
                r.bytes += t.nbytes;
                range[it->second].second = e;
                if (mark != overlay.marks.cend()) {
                    marks[it->second].first += mark->keep < 0 ? 1 : mark->keep;
                    ++marks[it->second].second;
                } else {
                    marks[it->second].first += 1;
                }
                continue;
            }
            runs[key] = rows.size();
            range[rows.size()] = {e, e};
            marks[rows.size()] = {mark != overlay.marks.cend() ? (mark->keep < 0 ? 1 : mark->keep) : 1.0, mark != overlay.marks.cend() ? 1u : 0u};
            rows.push_back({m.captured(1) + u"{%1}"_s + m.captured(3), full, dtype, shape, t.nbytes, 1, false, {}});
            continue;
        }
        Row r{shown, full, dtype, shape, t.nbytes, 1, false, {}};
        if (mark != overlay.marks.cend()) {
            r.hasMark = true;
            r.mark = *mark;
        }
        rows.push_back(std::move(r));
    }
    for (auto& [i, fl] : range) {
        Row& r = rows[i];
        r.shown = r.shown.arg(fl.first == fl.second ? QString::number(fl.first) : u"%1–%2"_s.arg(fl.first).arg(fl.second));
        if (r.members > 1) r.shape = QCoreApplication::translate("cmfw::ArchitectureView", "%1 × %2").arg(r.members).arg(r.shape);
        if (const auto& [sum, marked] = marks[i]; marked > 0) {
            r.hasMark = true;
            r.mark.replaced = overlay.kind == ArchitectureOverlay::Kind::Skill;
            r.mark.keep = r.mark.replaced ? -1 : sum / double(r.members); // a skill replaces, it keeps no share
            r.mark.text = r.mark.replaced ? QCoreApplication::translate("cmfw::ArchitectureView", "%1 of %2 replaced").arg(marked).arg(r.members)
                                          : QCoreApplication::translate("cmfw::ArchitectureView", "%1 of %2 read").arg(Text::percent(r.mark.keep)).arg(r.members);
        }
    }
    return rows;
}

// The overlay's marks on a layer by local name: part of what folds.
QString markKey(const LayerPlan& l, const ArchitectureOverlay& o) {
    QString k;
    for (const auto& op : l.ops)
        for (const auto& t : op.tensors)
            if (const auto m = o.marks.constFind(qs(t.name)); m != o.marks.cend())
                k += qs(cmf::engine::localName(l, t.name)) + u'=' + m->text + u';';
    return k;
}

// Greedy word wrap of "a · b · c" facts into lines at most width wide.
QStringList wrapFacts(const std::vector<std::string>& facts, const QFontMetricsF& fm, qreal width) {
    QStringList lines;
    QString line;
    for (const auto& f : facts) {
        const QString s = qs(f);
        const QString candidate = line.isEmpty() ? s : line + u"  ·  "_s + s;
        if (!line.isEmpty() && fm.horizontalAdvance(candidate) > width) {
            lines << line;
            line = s;
        } else {
            line = candidate;
        }
    }
    if (!line.isEmpty()) lines << line;
    return lines;
}

QString groupTitle(const ArchGroup& g) {
    if (g.count == 1) return g.mtp ? QCoreApplication::translate("cmfw::ArchitectureView", "MTP layer %1").arg(g.first) : QCoreApplication::translate("cmfw::ArchitectureView", "Layer %1").arg(g.first);
    return (g.mtp ? QCoreApplication::translate("cmfw::ArchitectureView", "MTP layers %1–%2") : QCoreApplication::translate("cmfw::ArchitectureView", "Layers %1–%2")).arg(g.first).arg(g.first + g.count - 1) + u"  × "_s + QString::number(g.count);
}

QString mixerText(cmf::engine::MixerKind k) {
    switch (k) {
    case cmf::engine::MixerKind::FullAttention: return QCoreApplication::translate("cmfw::ArchitectureView", "full attention");
    case cmf::engine::MixerKind::SlidingAttention: return QCoreApplication::translate("cmfw::ArchitectureView", "sliding attention");
    case cmf::engine::MixerKind::LinearAttention: return QCoreApplication::translate("cmfw::ArchitectureView", "linear attention (Gated DeltaNet)");
    }
    return {};
}

QFont bolder(QFont f) {
    f.setBold(true);
    return f;
}

class Builder {
public:
    explicit Builder(const QFont& font) : font_(font), fm_(font), boldFm_(bolder(font)) {
        line_ = std::ceil(fm_.height() * 1.3);
    }

    struct OpBlock {
        const PlanOp* op;
        const LayerPlan* layer;
        std::vector<Row> rows;
    };

    // First pass: rows of every operator, to size the columns once for all boxes.
    void measure(const std::vector<Row>& rows) {
        const QFontMetricsF fm(font_);
        for (const auto& r : rows) {
            w_[0] = std::max(w_[0], fm.horizontalAdvance(r.shown));
            w_[1] = std::max(w_[1], fm.horizontalAdvance(r.dtype));
            w_[2] = std::max(w_[2], fm.horizontalAdvance(r.shape));
            w_[3] = std::max(w_[3], fm.horizontalAdvance(Text::bytes(r.bytes)));
            if (r.hasMark) // a skill's mark is drawn bold
                w_[4] = std::max(w_[4], (r.mark.replaced ? boldFm_ : fm_).horizontalAdvance(r.mark.text) + (r.mark.keep >= 0 ? kBar + kPad : 0));
        }
    }

    void finishColumns(ArchLayout& l) {
        const qreal sep = 3 * kPad;
        qreal x = kStripe + kPad;
        for (int i = 0; i < 5; ++i) {
            l.columns[i] = x;
            x += w_[i] + (w_[i] > 0 ? sep : 0);
        }
        opWidth_ = std::max(kMinOpWidth, x - sep + 2 * kPad);
        l.lineHeight = line_;
    }

    qreal opWidth() const { return opWidth_; }
    qreal frameWidth() const { return opWidth_ + 2 * kFramePad; }
    qreal line() const { return line_; }

    // Lays out one operator box at (x, y); returns its height.
    qreal op(ArchLayout& l, const OpBlock& b, qreal x, qreal y) {
        ArchItem box;
        box.kind = ArchItem::Kind::Op;
        box.accent = int(b.op->kind);
        box.title = opTitle(b.op->kind);
        // The facts wrap under the title when they do not fit beside it.
        const qreal textWidth = opWidth_ - kStripe - 3 * kPad;
        box.lines = wrapFacts(b.op->facts, fm_, textWidth);
        // A short first line (a norm's style) sits beside the title: one row less per box.
        const qreal beside = boldFm_.horizontalAdvance(box.title) + 3 * kPad;
        if (!box.lines.isEmpty() && beside + fm_.horizontalAdvance(box.lines.front()) <= textWidth) box.besideTitle = beside;
        const qreal top = y;
        y += kPad + line_ * (1 + box.lines.size() - (box.besideTitle > 0 ? 1 : 0));
        for (const auto& r : b.rows) {
            ArchItem row;
            row.kind = ArchItem::Kind::Row;
            row.rect = QRectF(x, y, opWidth_, line_);
            row.tensor = r.tensor;
            row.cells = {r.shown, r.dtype, r.shape, Text::bytes(r.bytes)};
            row.hasMark = r.hasMark;
            row.mark = r.mark;
            row.accent = box.accent;
            row.tooltip = r.members > 1 ? QCoreApplication::translate("cmfw::ArchitectureView", "%1 tensors alike; click to open %2").arg(r.members).arg(r.tensor)
                                        : QCoreApplication::translate("cmfw::ArchitectureView", "%1\n%2, %3, %4; click to open it").arg(r.tensor, r.dtype, r.shape, Text::bytes(r.bytes));
            l.items.push_back(std::move(row));
            y += line_;
        }
        y += kPad;
        box.rect = QRectF(x, top, opWidth_, y - top);
        l.items.push_back(std::move(box));
        return y - top;
    }

private:
    QFont font_;
    QFontMetricsF fm_, boldFm_;
    qreal line_ = 18;
    qreal w_[5] = {};
    qreal opWidth_ = kMinOpWidth;
};

} // namespace

std::vector<ArchGroup> foldLayers(const std::vector<LayerPlan>& layers, const ArchitectureOverlay& overlay, bool mtp) {
    std::vector<ArchGroup> groups;
    std::string prev;
    QString prevMarks;
    for (size_t i = 0; i < layers.size(); ++i) {
        const std::string sig = cmf::engine::layerSignature(layers[i]);
        const QString marks = markKey(layers[i], overlay);
        if (!groups.empty() && sig == prev && marks == prevMarks) ++groups.back().count;
        else groups.push_back({mtp, i, 1});
        prev = sig;
        prevMarks = marks;
    }
    return groups;
}

QColor accentColor(int opKind) {
    // Hues apart per family of operator; saturation and value in the middle so
    // a stripe or bar stands out on a light and on a dark base alike.
    int hue = 210;
    switch (OpKind(opKind)) {
    case OpKind::Embedding: hue = 190; break;
    case OpKind::InputNorm:
    case OpKind::PostAttnNorm:
    case OpKind::PreFfnNorm:
    case OpKind::PostFfnNorm:
    case OpKind::FinalNorm: hue = 45; break;
    case OpKind::Attention: hue = 215; break;
    case OpKind::LinearAttention: hue = 280; break;
    case OpKind::DenseMlp: hue = 135; break;
    case OpKind::Moe: hue = 15; break;
    case OpKind::LmHead: hue = 330; break;
    case OpKind::MtpInput: hue = 170; break;
    }
    return QColor::fromHsv(hue, 170, 205);
}

QString opTitle(OpKind k) {
    switch (k) {
    case OpKind::Embedding: return QCoreApplication::translate("cmfw::ArchitectureView", "Embedding");
    case OpKind::InputNorm: return QCoreApplication::translate("cmfw::ArchitectureView", "Input norm");
    case OpKind::Attention: return QCoreApplication::translate("cmfw::ArchitectureView", "Attention");
    case OpKind::LinearAttention: return QCoreApplication::translate("cmfw::ArchitectureView", "Gated DeltaNet (linear attention)");
    case OpKind::PostAttnNorm: return QCoreApplication::translate("cmfw::ArchitectureView", "Post-attention norm");
    case OpKind::PreFfnNorm: return QCoreApplication::translate("cmfw::ArchitectureView", "Pre-FFN norm");
    case OpKind::DenseMlp: return QCoreApplication::translate("cmfw::ArchitectureView", "MLP");
    case OpKind::Moe: return QCoreApplication::translate("cmfw::ArchitectureView", "Mixture of experts");
    case OpKind::PostFfnNorm: return QCoreApplication::translate("cmfw::ArchitectureView", "Post-FFN norm");
    case OpKind::FinalNorm: return QCoreApplication::translate("cmfw::ArchitectureView", "Final norm");
    case OpKind::LmHead: return QCoreApplication::translate("cmfw::ArchitectureView", "LM head");
    case OpKind::MtpInput: return QCoreApplication::translate("cmfw::ArchitectureView", "MTP input");
    }
    return {};
}

QStringList ArchLayout::shownTensors() const {
    QStringList out;
    for (const auto& i : items)
        if (i.kind == ArchItem::Kind::Row) out << i.tensor;
    return out;
}

const ArchItem* ArchLayout::rowOf(const QString& tensor) const {
    for (const auto& i : items)
        if (i.kind == ArchItem::Kind::Row && i.tensor == tensor) return &i;
    return nullptr;
}

const ArchItem* ArchLayout::itemAt(const QPointF& p) const {
    const ArchItem* best = nullptr;
    for (const auto& i : items) {
        if (!i.rect.contains(p)) continue;
        if (i.kind == ArchItem::Kind::Row) return &i;
        if (!best || (best->kind == ArchItem::Kind::Frame && i.kind == ArchItem::Kind::Op)) best = &i;
    }
    return best;
}

ArchLayout layoutArchitecture(const ModelPlan& plan, const ArchitectureOverlay& overlay, const QSet<qsizetype>& expanded, const QFont& font) {
    ArchLayout l;
    Builder b(font);

    // The blocks top to bottom: a list of operators outside any frame, or a group's frame.
    struct Block {
        std::vector<Builder::OpBlock> ops;
        int group = -1; // ≥ 0: a frame
        QString label;  // a section label before it
    };
    std::vector<Block> blocks;
    QHash<int, qsizetype> openFrames; // frame → the key that folds or unfolds it (-1: a layer alike to none)
    const auto loose = [&](const std::vector<PlanOp>& ops, QString label = {}) {
        if (ops.empty()) return;
        Block blk;
        blk.label = std::move(label);
        for (const auto& op : ops) blk.ops.push_back({&op, nullptr, rowsOf(op, nullptr, overlay)});
        blocks.push_back(std::move(blk));
    };
    const auto framed = [&](const std::vector<LayerPlan>& layers, bool mtp) {
        for (const ArchGroup& g : foldLayers(layers, overlay, mtp)) {
            // An opened fold shows each of its layers in its own frame, each one click from folding again.
            const bool open = g.count > 1 && expanded.contains(expandKey(g));
            for (size_t k = 0; k < (open ? g.count : 1); ++k) {
                const ArchGroup shown = open ? ArchGroup{mtp, g.first + k, 1} : g;
                Block blk;
                blk.group = int(l.groups.size());
                l.groups.push_back(shown);
                const LayerPlan& lp = layers[shown.first];
                for (const auto& op : lp.ops) blk.ops.push_back({&op, &lp, rowsOf(op, &lp, overlay)});
                openFrames.insert(blk.group, g.count > 1 ? expandKey(g) : -1);
                blocks.push_back(std::move(blk));
            }
        }
    };
    loose(plan.input);
    framed(plan.layers, false);
    loose(plan.output);
    loose(plan.mtpInput, QCoreApplication::translate("cmfw::ArchitectureView", "MTP head: drafts token t+2 from the hidden state after the final norm"));
    framed(plan.mtpLayers, true);
    loose(plan.mtpOutput);

    for (const auto& blk : blocks)
        for (const auto& ob : blk.ops) b.measure(ob.rows);
    b.finishColumns(l);

    const qreal frameX = kMargin, opX = kMargin + kFramePad, line = b.line();
    qreal y = kMargin;
    ArchItem summary;
    summary.kind = ArchItem::Kind::Label;
    QStringList facts;
    for (const auto& f : plan.facts) facts << qs(f);
    summary.title = facts.join(u"  ·  "_s);
    summary.rect = QRectF(frameX, y, b.frameWidth(), line);
    l.items.push_back(summary);
    y += line + kPad;
    bool first = true;
    for (const auto& blk : blocks) {
        if (!blk.label.isEmpty()) {
            y += kPad;
            ArchItem label;
            label.kind = ArchItem::Kind::Label;
            label.title = blk.label;
            label.strong = true;
            label.rect = QRectF(frameX, y, b.frameWidth(), line);
            l.items.push_back(label);
            y += line + kPad;
            first = true; // the MTP head starts a new chain: no arrow from lm_head into it
        }
        if (blk.group < 0) {
            for (const auto& ob : blk.ops) {
                if (!first) {
                    ArchItem arrow;
                    arrow.kind = ArchItem::Kind::Arrow;
                    arrow.rect = QRectF(opX + b.opWidth() / 2 - 6, y, 12, kGap);
                    l.items.push_back(arrow);
                    y += kGap;
                }
                first = false;
                y += b.op(l, ob, opX, y);
            }
            continue;
        }
        if (!first) {
            ArchItem arrow;
            arrow.kind = ArchItem::Kind::Arrow;
            arrow.rect = QRectF(opX + b.opWidth() / 2 - 6, y, 12, kGap);
            l.items.push_back(arrow);
            y += kGap;
        }
        first = false;
        const ArchGroup& g = l.groups[size_t(blk.group)];
        const LayerPlan& lp = *blk.ops.front().layer;
        ArchItem frame;
        frame.kind = ArchItem::Kind::Frame;
        frame.group = blk.group;
        frame.accent = int(lp.mixer);
        frame.title = groupTitle(g);
        frame.lines = {mixerText(lp.mixer) + u"  ·  "_s + (lp.ffn == cmf::engine::FfnKind::MoE ? QCoreApplication::translate("cmfw::ArchitectureView", "MoE") : QCoreApplication::translate("cmfw::ArchitectureView", "dense MLP")) + u"  ·  "_s +
                       (g.count > 1 ? QCoreApplication::translate("cmfw::ArchitectureView", "tensors of %1").arg(qs(lp.prefix)) : qs(lp.prefix))};
        frame.toggleKey = openFrames.value(blk.group, -1);
        frame.expanded = frame.toggleKey >= 0 && g.count == 1;
        frame.expandable = frame.toggleKey >= 0;
        if (frame.expandable)
            frame.tooltip = frame.expanded ? QCoreApplication::translate("cmfw::ArchitectureView", "Click the title to fold the identical layers again") : QCoreApplication::translate("cmfw::ArchitectureView", "Click the title to show each layer");
        const qreal top = y;
        y += kFramePad + line * 2 + kPad;
        for (size_t k = 0; k < blk.ops.size(); ++k) {
            y += b.op(l, blk.ops[k], opX, y);
            if (k + 1 < blk.ops.size()) y += kPad;
        }
        y += kFramePad;
        frame.rect = QRectF(frameX, top, b.frameWidth(), y - top);
        l.items.push_back(std::move(frame));
    }
    l.size = QSizeF(kMargin * 2 + b.frameWidth(), y + kMargin);
    return l;
}

} // namespace cmfw
