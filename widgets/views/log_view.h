#pragma once
// The Log dock: the LogModel's messages, newest at the bottom.
#include <QListView>

namespace cmfw {

class LogModel;

class LogView : public QListView {
    Q_OBJECT
public:
    explicit LogView(LogModel* model, QWidget* parent = nullptr);
};

} // namespace cmfw
