#pragma once
// A rows × columns grid of values (mask bitmaps, vbit row widths, bits per
// weight by layer and family, expert routing) painted from a QImage with one
// pixel per cell, scaled nearest-neighbour, so 100k+ cells repaint fast.
// Around the grid: a title, row and column labels, optional bars beside each
// row (sparsity per layer ...) and a legend (a colour bar, or the categories
// with their cell counts). Wheel / + / - zoom, 0 fits, dragging pans, hovering
// shows row, column, value and the caller's text; PNG (as shown) and CSV (the
// values) export from the context menu or by call.
#include <QAbstractScrollArea>
#include <QColor>
#include <QImage>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace cmfw {

class HeatmapWidget : public QAbstractScrollArea {
    Q_OBJECT
public:
    enum class ColorScale {
        Sequential,  // low → high along a perceptually ordered ramp (viridis)
        Categorical, // each value is a category with its own colour and name
    };
    struct Category {
        float value = 0;
        QColor color; // kBlank: the palette's blank-cell shade (light or dark with the theme)
        QString name;
    };
    static QColor blankCategory() { return QColor(0, 0, 0, 1); } // a colour no category uses: "blank"
    // Extra tooltip text for a cell (appended to row, column and value).
    using TooltipFn = std::function<QString(int row, int col, float value)>;
    using FormatFn = std::function<QString(float value)>;

    explicit HeatmapWidget(QWidget* parent = nullptr);

    // rows × cols values, row-major. NaN marks a cell without a value: drawn
    // blank, named by the missing label, written empty in CSV. A size that does
    // not match values.size() clears the widget.
    void setData(int rows, int cols, std::vector<float> values);
    void clear();
    int rows() const { return rows_; }
    int cols() const { return cols_; }
    float value(int row, int col) const;
    const std::vector<float>& values() const { return values_; }
    // One pixel per cell, as painted (scaled) into the view.
    const QImage& image() const { return image_; }

    void setTitle(const QString& title);
    QString title() const { return title_; }
    // Empty lists label rows and columns by index.
    void setRowLabels(const QStringList& labels);
    void setColumnLabels(const QStringList& labels);
    // Off for a grid stacked under a linked one that shows the same columns.
    void setColumnLabelsVisible(bool on);
    QString rowLabel(int row) const;
    QString columnLabel(int col) const;
    // What rows and columns are (the corner above the row labels, the title line, tooltips; rows also name the CSV corner).
    void setAxisTitles(const QString& rows, const QString& cols);
    void setMissingLabel(const QString& text); // the legend's name for NaN cells
    void setEmptyText(const QString& text);    // shown instead of a grid without cells

    // Sequential with the data's finite min/max, or a fixed range.
    void setSequential(std::optional<std::pair<double, double>> range = std::nullopt);
    // Categorical: values equal to a category's value get its colour; others a
    // neutral grey. The legend lists each category with its cell count.
    void setCategories(std::vector<Category> categories);
    ColorScale colorScale() const { return scale_; }
    const std::vector<Category>& categories() const { return categories_; }
    // Cells whose value is exactly v.
    uint64_t countOf(float v) const;
    // How values are written in the tooltip, the legend and inside cells.
    void setValueFormatter(FormatFn fmt);
    QString formatValue(float v) const;
    // Writes each cell's value inside it when the cell is big enough.
    void setShowCellValues(bool on);

    void setTooltipProvider(TooltipFn fn);
    // The tooltip of a cell: row, column, value, then the provider's text.
    QString tooltipText(int row, int col) const;

    // One bar per row to the right of the grid, length value / max.
    void setRowBars(std::vector<float> values, const QString& title, float max = 1.f, FormatFn fmt = {});
    const std::vector<float>& rowBars() const { return bars_; }

    // Zoom 1 = fit: the grid fills the view (cells need not be square). Wheel
    // zooms at the cursor, zoomIn/zoomOut at the centre.
    double zoom() const { return zoom_; }
    void setZoom(double z);
    void zoomIn();
    void zoomOut();
    void fit();
    // Keeps zoom and scroll position of two grids of the same shape together.
    void linkView(HeatmapWidget* other);

    // The cell under a viewport point; nullopt outside the grid. x = column, y = row.
    std::optional<QPoint> cellAt(QPoint viewportPos) const;
    // A cell's rectangle in viewport coordinates (may lie outside the visible area).
    QRectF cellRect(int row, int col) const;
    QRect gridRect() const;

    // The widget as shown (labels, legend, scroll bars).
    QImage renderImage();
    bool exportPng(const QString& path);
    // The values: a header line (corner, column labels), then per row its label and values.
    QString toCsv() const;
    bool exportCsv(const QString& path) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public Q_SLOTS:
    void askExportPng();
    void askExportCsv();
    // The grid at full resolution (charts/heatmap_export.h): asks for the scale
    // (pixels per cell) and the file, PNG or SVG by its extension.
    void askExportCells();

Q_SIGNALS:
    void cellHovered(int row, int col, float value);
    void cellClicked(int row, int col, float value);
    void viewChanged(); // zoom or scroll position

protected:
    void paintEvent(QPaintEvent* e) override;
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void leaveEvent(QEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;
    bool viewportEvent(QEvent* e) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    struct Margins {
        int left = 0, top = 0, right = 0, bottom = 0;
    };
    Margins margins() const;
    QSizeF cellSize() const;
    void rebuildImage();
    QRgb missingColor() const;
    QRgb categoryColor(const Category& c) const;
    QRgb colorOf(float v) const;
    void updateScrollBars();
    void zoomAt(double factor, QPointF viewportPos);
    void paintLabels(QPainter& p, const QRect& grid, QSizeF cell, int r0, int r1, int c0, int c1);
    void paintBars(QPainter& p, const QRect& grid, QSizeF cell, int r0, int r1);
    int paintLegend(QPainter* p, int x, int y, int right) const;
    bool legendOnTitleLine() const;
    int legendRight() const;
    void paintCellValues(QPainter& p, QSizeF cell, int r0, int r1, int c0, int c1);
    std::optional<int> barRowAt(QPoint viewportPos) const;

    int rows_ = 0, cols_ = 0;
    std::vector<float> values_;
    QImage image_;
    QString title_, rowTitle_, colTitle_, missingLabel_, emptyText_;
    QStringList rowLabels_, colLabels_;
    ColorScale scale_ = ColorScale::Sequential;
    std::optional<std::pair<double, double>> fixedRange_;
    double lo_ = 0, hi_ = 1; // the range in use
    std::vector<Category> categories_;
    std::vector<uint64_t> categoryCounts_;
    uint64_t missing_ = 0;
    FormatFn format_;
    bool cellValues_ = false;
    bool colLabelsVisible_ = true;
    TooltipFn tooltip_;
    std::vector<float> bars_;
    QString barsTitle_;
    float barsMax_ = 1.f;
    FormatFn barsFormat_;
    double zoom_ = 1.0;
    std::optional<QPoint> hover_;
    std::optional<QPoint> dragFrom_;
    QPoint dragScroll_;
    bool syncing_ = false;
};

} // namespace cmfw
