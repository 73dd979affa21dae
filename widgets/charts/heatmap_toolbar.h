#pragma once
// A row of small buttons over one or more heatmaps: fit, zoom in, zoom out,
// and export (PNG as shown, CSV of the values) of each heatmap by its title.
// Zoom acts on the first heatmap; heatmaps linked to it (linkView) follow.
#include <QList>
#include <QWidget>

namespace cmfw {

class HeatmapWidget;

class HeatmapToolbar : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapToolbar(QList<HeatmapWidget*> targets, QWidget* parent = nullptr);
    // Replaces the heatmaps the buttons act on (the menus are rebuilt on opening).
    void setTargets(QList<HeatmapWidget*> targets);

private:
    QList<HeatmapWidget*> targets_;
};

} // namespace cmfw
