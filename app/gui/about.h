#pragma once
// Help ▸ About: the text of the box, built apart from the dialog so a test can
// read it without a modal window.
#include <QString>

namespace cmfw {

// Rich text: the version, what the workbench does, the Qt version, then the
// build lines `cmf --version` prints (git revision, build type and compiler,
// the CPU features the kernels use on this machine) in a <pre> block, in
// English in every language so a bug report can quote them as they are.
QString aboutText();

} // namespace cmfw
