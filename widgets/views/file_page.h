#pragma once
// One tab: an open file. A navigation tree (Overview — shown first —,
// Envelope, Header, Tensors, Masks, Skills, Tokenizer, Signature, and Shards
// for a shard) beside the selected view; views are created when first shown, so the jobs some of them
// start (a signature check hashes the whole file) run only when asked for. A
// file that did not open shows the error view instead.
#include "util/services.h"

#include <QMap>
#include <QWidget>

#include <memory>
#include <optional>

class QStackedWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace cmfw {

class CmfDocument;
class CompareView;

class FilePage : public QWidget {
    Q_OBJECT
public:
    enum class View { Overview, Envelope, Header, Tensors, Tensor, Masks, Skills, Tokenizer, Signature, Routing, Quant, Tasks, Shards, Compare, Bits, Architecture, Measure, Playground, Error };
    Q_ENUM(View)

    FilePage(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);

    const std::shared_ptr<const CmfDocument>& document() const { return doc_; }
    bool isError() const;
    // Selects the view (creating it); false when the file has no such view.
    bool showView(View v);
    View currentView() const { return current_; }
    // Opens the tensor detail; false when no tensor has this name.
    bool showTensor(const QString& name);
    void showTensorIndex(uint64_t index);
    // Compares this file (A) with other (B) in the Compare view, created on
    // first use and listed in the tree; null for a file that did not open.
    CompareView* showCompare(const QString& other);
    QWidget* viewWidget(View v) const { return views_.value(v, nullptr); }
    template <class T>
    T* view(View v) const {
        return qobject_cast<T*>(viewWidget(v));
    }
    QTreeWidget* navigation() const { return nav_; }

    static std::optional<View> viewFromName(const QString& name);
    static QString viewName(View v);

Q_SIGNALS:
    void verifyRequested(const QString& path);
    void signRequested(const QString& path);
    // The overview's next steps that belong to the main window (a chat window, the Compare file dialog).
    void chatRequested(const QString& path);
    void compareRequested(const QString& path);
    // Open another file in its own tab (a row of the Shards page).
    void openRequested(const QString& path);
    void viewChanged(cmfw::FilePage::View view);

private:
    QWidget* ensureView(View v);
    QTreeWidgetItem* item(View v) const;
    void addItem(View v, const QString& text, QTreeWidgetItem* parent = nullptr);

    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    QTreeWidget* nav_ = nullptr;
    // Puts a view on the stack inside its own scroll area.
    void addToStack(QWidget* view);
    // The stack's page that holds view (its scroll area).
    QWidget* stackFrame(QWidget* view) const;

    QStackedWidget* stack_ = nullptr;
    QMap<View, QWidget*> views_;
    QMap<View, QTreeWidgetItem*> items_;
    View current_ = View::Overview;
};

} // namespace cmfw
