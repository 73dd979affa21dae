#pragma once
// Which operations can run on a file, and why not: the Tasks page disables
// the buttons of those that cannot (the reason as the tooltip), the main
// window its Chat and Serve actions, the operation dialog offers the file's
// own tasks and skills as choices. One place, so that a button and its
// dialog never disagree.
#include "jobs/model_jobs.h"

#include <QString>
#include <QStringList>

namespace cmfw {

class CmfDocument;

// Empty when `kind` can run on the document, else a sentence saying why not.
QString operationUnavailable(const CmfDocument& doc, ModelOperation::Kind kind);
// Empty when the document can be chatted with (and served), else why not.
QString chatUnavailable(const CmfDocument& doc);

// The file's task masks and skills by name, for the dialogs' drop-downs.
struct OperationChoices {
    QStringList tasks;  // mask names, in catalog order
    QStringList skills; // skill ids
    static OperationChoices of(const CmfDocument& doc);
};

} // namespace cmfw
