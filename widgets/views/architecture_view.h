#pragma once
// Architecture: a diagram of what a forward pass of this model runs — the
// engine's layer plan (cmf/engine/layer_plan.h: the operators the runner
// dispatches, from the same Layer fields) — embedding → layers → final norm
// → lm_head (→ MTP head), each operator with the tensors it reads (dtype,
// shape, bytes). Identical consecutive layers fold into one frame "× N"
// (click its title to show each layer); a click on a tensor opens it in the
// tensor detail. An overlay shows what a task mask turns off (share of rows
// and columns still read, skipped layers, experts no longer routable) or
// which tensors a skill replaces. Exports PNG and SVG.
//
// The model is opened (mapped, norms decoded) in a background job, so a
// large file never blocks the window; no weight is read into memory.
#include "views/architecture_layout.h"
#include "util/services.h"

#include "cmf/engine/layer_plan.h"
#include "cmf/engine/model.h"

#include <QImage>
#include <QMetaType>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;

namespace cmfw {

class CmfDocument;
class Job;

// The opened model and its plan, as the job delivers them.
struct ArchitectureData {
    std::shared_ptr<const cmf::engine::Model> model;
    std::shared_ptr<const cmf::engine::ModelPlan> plan;
};

// The painted diagram; sized to its layout (the page scrolls around it).
class ArchitectureCanvas : public QWidget {
    Q_OBJECT
public:
    explicit ArchitectureCanvas(QWidget* parent = nullptr);
    void setDiagram(ArchLayout layout);
    const ArchLayout& diagram() const { return layout_; }
    // Where the row of `tensor` is, in widget coordinates (null when not shown).
    QPoint pointOf(const QString& tensor) const;
    // The frame title of group `group`, in widget coordinates.
    QPoint titleOf(int group) const;
    QImage render(qreal devicePixelRatio = 1) const;
    QSize sizeHint() const override;

Q_SIGNALS:
    void tensorClicked(const QString& name);
    void toggleRequested(qsizetype key);

protected:
    void paintEvent(QPaintEvent*) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void leaveEvent(QEvent*) override;
    bool event(QEvent* e) override;

private:
    QPointF offset() const; // the diagram is centred when the canvas is wider
    const ArchItem* itemAt(const QPoint& p) const;
    ArchLayout layout_;
    QString hovered_;
};

class ArchitectureView : public QWidget {
    Q_OBJECT
public:
    ArchitectureView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);

    // The plan shown (null until the job delivered it).
    const cmf::engine::ModelPlan* operators() const { return data_.plan.get(); }
    const ArchLayout& diagram() const { return canvas_->diagram(); }
    ArchitectureCanvas* canvas() const { return canvas_; }
    QComboBox* overlayPicker() const { return overlay_; }
    const ArchitectureOverlay& overlay() const { return overlayData_; }
    QString statusText() const;
    bool isLoaded() const { return data_.plan != nullptr; }
    // Picks the overlay by its item data in overlayPicker(): "" none, "mask:NAME", "skill:ID";
    // false when the picker has no such entry.
    bool setOverlay(const QString& key);
    // Unfolds (or folds again) a group of identical layers.
    void toggle(qsizetype key);
    bool exportPng(const QString& path) const;
    bool exportSvg(const QString& path) const;
    QString svg() const;

Q_SIGNALS:
    void tensorActivated(const QString& name);
    void loaded();

private:
    void load();
    void show(ArchitectureData data);
    void relayout();
    void applyOverlay(int index);
    void askExport(bool svg);

    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    ArchitectureData data_;
    ArchitectureOverlay overlayData_;
    QSet<qsizetype> expanded_;
    QComboBox* overlay_ = nullptr;
    QPushButton* png_ = nullptr;
    QPushButton* svgButton_ = nullptr;
    QLabel* status_ = nullptr;
    ArchitectureCanvas* canvas_ = nullptr;
};

} // namespace cmfw

Q_DECLARE_METATYPE(cmfw::ArchitectureData)
