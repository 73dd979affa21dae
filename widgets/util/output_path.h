#pragma once
// Where a job dialog's output goes. A name typed without a folder is written
// beside the input file — not in the process's working directory, which a
// person using the workbench never sees — and gets the operation's extension
// when it has none. Every job dialog resolves its output here and shows the
// result before the job runs.
#include <QString>

namespace cmfw {

// typed: what the person wrote (trimmed here); input: the file the operation
// reads, whose folder anchors a relative name; extension: with its dot
// (".cmf" for a model, ".json" for statistics). Returns an absolute, clean
// path; "~" and "~/…" mean the home folder. A name ending in a slash is a
// folder and keeps its slash (no extension is added, and the dialog refuses
// it). Empty in, empty out.
QString resolveOutputPath(const QString& typed, const QString& input, const QString& extension);

// Whether the file name already ends in an extension: a dot after the first
// character followed by 1–8 letters or digits, at least one a letter — so
// "model.bin" has one and "qwen2.5" does not.
bool hasExtension(const QString& fileName);

} // namespace cmfw
