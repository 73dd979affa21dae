#pragma once
// What a person sees when a file is not a valid CMF v2 file: exactly what is
// wrong (the library's message names the field, offset or tensor), what that
// means in plain words, which rule of the spec it breaks, and the file's first
// bytes. Never a silent failure.
#include "document/cmf_document.h"

#include <QWidget>

#include <memory>

class QLabel;

namespace cmfw {

class ErrorView : public QWidget {
    Q_OBJECT
public:
    explicit ErrorView(std::shared_ptr<const CmfDocument> doc, QWidget* parent = nullptr);
    QString titleText() const;
    QString messageText() const;

private:
    std::shared_ptr<const CmfDocument> doc_;
    QLabel* title_;
    QLabel* message_;
};

} // namespace cmfw
