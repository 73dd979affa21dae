#pragma once
// A page whose content scrolls instead of being cut when the window is small
// (the envelope and overview pages): owner gets a frameless scroll area, and
// the content widget inside it a vertical layout with the pages' margins.
class QScrollArea;
class QVBoxLayout;
class QWidget;

namespace cmfw {

// content inside a frameless scroll area that resizes it to the viewport (down
// to content's minimum, below which it scrolls); the area is parent's child.
QScrollArea* scrollingFrame(QWidget* content, QWidget* parent);

struct ScrollingPage {
    QWidget* content;    // parent for the page's widgets
    QVBoxLayout* layout; // the content's layout
};
ScrollingPage makeScrollingPage(QWidget* owner);

} // namespace cmfw
