#include "util/scrolling_page.h"

#include <QFrame>
#include <QScrollArea>
#include <QVBoxLayout>

namespace cmfw {

QScrollArea* scrollingFrame(QWidget* content, QWidget* parent) {
    auto* scroll = new QScrollArea(parent);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    return scroll;
}

ScrollingPage makeScrollingPage(QWidget* owner) {
    auto* outer = new QVBoxLayout(owner);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* content = new QWidget();
    outer->addWidget(scrollingFrame(content, owner));
    auto* lay = new QVBoxLayout(content);
    lay->setContentsMargins(12, 10, 12, 12);
    return {content, lay};
}

} // namespace cmfw
