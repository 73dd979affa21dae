#pragma once

namespace cmf::engine {

const char* libraryName();

} // namespace cmf::engine
