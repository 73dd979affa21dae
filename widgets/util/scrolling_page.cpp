#include "util/scrolling_page.h"

#include <QFrame>
#include <QScrollArea>
#include <QVBoxLayout>

namespace cmfw {

ScrollingPage makeScrollingPage(QWidget* owner) {
    auto* outer = new QVBoxLayout(owner);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(owner);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    auto* content = new QWidget(scroll);
    scroll->setWidget(content);
    auto* lay = new QVBoxLayout(content);
    lay->setContentsMargins(12, 10, 12, 12);
    return {content, lay};
}

} // namespace cmfw
