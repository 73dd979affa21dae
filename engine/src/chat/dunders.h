#pragma once
// Python's private and special attributes (__class__, __len__, _Namespace__attrs, ...): they
// exist on every object, so jinja2's sandbox finds them and refuses them, which a template
// observes as an empty Undefined rather than an error.
#include "chat/value.h"

#include <string_view>

namespace cmf::engine::chat {

bool hasPrivateAttribute(const Value& v, std::string_view name);

} // namespace cmf::engine::chat
