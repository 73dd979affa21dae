#pragma once
// datetime.strftime() of a naive local time as Python computes it on Linux: Python expands
// %f, %z and %Z itself and hands the rest to glibc's strftime in the C locale. Implemented
// here so the result never depends on the process locale (Qt sets one) or time zone.
#include "chat/interpreter.h"

#include <string>
#include <string_view>

namespace cmf::engine::chat {

std::string pyStrftime(std::string_view format, const LocalTimeFields& t);

} // namespace cmf::engine::chat
