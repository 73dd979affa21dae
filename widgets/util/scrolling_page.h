#pragma once
// A page whose content scrolls instead of being cut when the window is small
// (the envelope and overview pages): owner gets a frameless scroll area, and
// the content widget inside it a vertical layout with the pages' margins.
class QVBoxLayout;
class QWidget;

namespace cmfw {

struct ScrollingPage {
    QWidget* content;    // parent for the page's widgets
    QVBoxLayout* layout; // the content's layout
};
ScrollingPage makeScrollingPage(QWidget* owner);

} // namespace cmfw
