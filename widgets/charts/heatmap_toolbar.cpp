#include "charts/heatmap_toolbar.h"

#include "charts/heatmap_widget.h"

#include <QHBoxLayout>
#include <QMenu>
#include <QToolButton>

namespace cmfw {

HeatmapToolbar::HeatmapToolbar(QList<HeatmapWidget*> targets, QWidget* parent) : QWidget(parent), targets_(std::move(targets)) {
    auto* lay = new QHBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(2);
    auto button = [&](const QString& text, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        lay->addWidget(b);
        return b;
    };
    auto first = [this] { return targets_.isEmpty() ? nullptr : targets_.first(); };
    connect(button(tr("Fit"), tr("Fit the whole grid into the view (0)")), &QToolButton::clicked, this, [first] {
        if (auto* h = first()) h->fit();
    });
    connect(button(tr("+"), tr("Zoom in (+ or the mouse wheel)")), &QToolButton::clicked, this, [first] {
        if (auto* h = first()) h->zoomIn();
    });
    connect(button(tr("−"), tr("Zoom out (−)")), &QToolButton::clicked, this, [first] {
        if (auto* h = first()) h->zoomOut();
    });
    // The export menus list the heatmaps by title when there is more than one.
    enum class Export { Shown, Cells, Csv };
    auto exportButton = [&](const QString& text, const QString& tip, Export kind) {
        auto* b = button(text, tip);
        b->setPopupMode(QToolButton::InstantPopup);
        auto* menu = new QMenu(b);
        b->setMenu(menu);
        connect(menu, &QMenu::aboutToShow, this, [this, menu, kind] {
            menu->clear();
            for (HeatmapWidget* h : targets_) {
                if (!h->isVisible()) continue;
                const QString name = h->title().isEmpty() ? tr("Heatmap") : h->title();
                menu->addAction(name + QStringLiteral("…"), h,
                                kind == Export::Shown   ? &HeatmapWidget::askExportPng
                                : kind == Export::Cells ? &HeatmapWidget::askExportCells
                                                        : &HeatmapWidget::askExportCsv);
            }
        });
    };
    exportButton(tr("PNG"), tr("Export a heatmap as shown, as a PNG image"), Export::Shown);
    exportButton(tr("Cells"), tr("Export a heatmap's grid at full resolution, a chosen number of pixels per cell, as PNG or SVG"), Export::Cells);
    exportButton(tr("CSV"), tr("Export a heatmap's values as CSV"), Export::Csv);
}

void HeatmapToolbar::setTargets(QList<HeatmapWidget*> targets) { targets_ = std::move(targets); }

} // namespace cmfw
