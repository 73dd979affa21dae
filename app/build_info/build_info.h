#pragma once
// What this build is, for `cmf --version`, `cmf-workbench --version` and the
// workbench's About box: one source so the three always agree.
#include <string>
#include <vector>

namespace cmf::build {

const char* version();   // "0.1.0", the project version
const char* revision();  // `git describe --always --dirty` at build time, "unknown" without git
const char* buildType(); // "Release", "Debug", ...
const char* compiler();  // "GNU 12.2.0"

// The lines of `--version`:
//   "<program> 0.1.0"
//   "revision 3f2c1ab-dirty"
//   "build Release, GNU 12.2.0, Linux x86_64"
//   "cpu avx2 fma f16c avx512f ... (kernels: row-dot avx2, ...)"
// The cpu line is what this CPU reports now, not what the build machine had.
std::vector<std::string> versionLines(const std::string& program);
// versionLines joined with '\n', with a final newline.
std::string versionText(const std::string& program);

} // namespace cmf::build
