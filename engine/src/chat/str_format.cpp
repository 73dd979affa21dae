// str.format(): replacement fields with auto or manual numbering, attribute and item lookup
// through jinja2's sandbox (as its SandboxedFormatter does), conversions and nested specs.
#include "chat/strformat.h"

#include "chat/errors.h"
#include "chat/format_spec.h"
#include "chat/interpreter.h"
#include "chat/protocol.h"
#include "chat/pyops.h"

#include <charconv>

namespace cmf::engine::chat {
namespace {

class Formatter {
public:
    Formatter(Interpreter& in, CallArgs& args, bool markup) : in_(in), args_(args), markup_(markup) {}

    std::string run(std::string_view fmt, int depth) {
        if (depth > 2) fail(Fault::Value, "Max string recursion exceeded");
        std::string out;
        size_t i = 0;
        while (i < fmt.size()) {
            const char c = fmt[i];
            if (c == '}') {
                if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
                    out += '}';
                    i += 2;
                    continue;
                }
                fail(Fault::Value, "Single '}' encountered in format string");
            }
            if (c != '{') {
                out += c;
                ++i;
                continue;
            }
            if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
                out += '{';
                i += 2;
                continue;
            }
            // Find the matching brace, allowing nested {} in the format spec.
            size_t j = i + 1;
            int level = 1;
            while (j < fmt.size() && level) {
                if (fmt[j] == '{') ++level;
                else if (fmt[j] == '}') --level;
                if (level) ++j;
            }
            if (level) fail(Fault::Value, "expected '}' before end of string");
            out += field(fmt.substr(i + 1, j - i - 1), depth);
            checkBytes(out.size());
            i = j + 1;
        }
        return out;
    }

private:
    std::string field(std::string_view f, int depth) {
        size_t end = 0;
        int bracket = 0;
        while (end < f.size()) {
            if (f[end] == '[') ++bracket;
            else if (f[end] == ']') --bracket;
            else if (bracket == 0 && (f[end] == '!' || f[end] == ':')) break;
            ++end;
        }
        const std::string_view name = f.substr(0, end);
        char conversion = 0;
        std::string_view spec;
        if (end < f.size() && f[end] == '!') {
            if (end + 1 >= f.size()) fail(Fault::Value, "end of string while looking for conversion specifier");
            conversion = f[end + 1];
            end += 2;
            if (end < f.size() && f[end] != ':') fail(Fault::Value, "expected ':' after conversion specifier");
        }
        if (end < f.size() && f[end] == ':') spec = f.substr(end + 1);
        Value v = lookup(name);
        if (conversion == 'r') v = Value::str(repr(v));
        else if (conversion == 'a') v = Value::str(repr(v));
        else if (conversion == 's') v = Value::str(toStr(v), v.isMarkup());
        else if (conversion) fail(Fault::Value, std::string("Unknown conversion specifier ") + conversion);
        const std::string resolvedSpec = spec.find('{') != std::string_view::npos ? run(spec, depth + 1) : std::string(spec);
        std::string text = formatValue(v, resolvedSpec);
        if (markup_ && !v.isMarkup()) text = escapeHtml(text);
        return text;
    }

    Value lookup(std::string_view name) {
        size_t i = 0;
        while (i < name.size() && name[i] != '.' && name[i] != '[') ++i;
        const std::string_view first = name.substr(0, i);
        Value obj;
        if (first.empty() || (first[0] >= '0' && first[0] <= '9')) {
            size_t index;
            if (first.empty()) {
                if (manual_) fail(Fault::Value, "cannot switch from manual field specification to automatic field numbering");
                auto_ = true;
                index = next_++;
            } else {
                if (auto_) fail(Fault::Value, "cannot switch from automatic field numbering to manual field specification");
                manual_ = true;
                index = 0;
                for (const char c : first) {
                    if (c < '0' || c > '9') fail(Fault::Runtime, "KeyError: '" + std::string(first) + "'");
                    index = index * 10 + static_cast<size_t>(c - '0');
                    if (index > 1000000) break;
                }
            }
            if (index >= args_.pos.size())
                fail(Fault::Runtime, "IndexError: Replacement index " + std::to_string(index) + " out of range for positional args tuple");
            obj = args_.pos[index];
        } else {
            bool found = false;
            for (const auto& [k, v] : args_.kw)
                if (k == first) {
                    obj = v;
                    found = true;
                }
            if (!found) fail(Fault::Runtime, "KeyError: '" + std::string(first) + "'");
        }
        while (i < name.size()) {
            if (name[i] == '.') {
                size_t j = ++i;
                while (j < name.size() && name[j] != '.' && name[j] != '[') ++j;
                if (j == i) fail(Fault::Value, "Empty attribute in format string");
                obj = in_.getAttr(obj, name.substr(i, j - i));
                i = j;
            } else if (name[i] == '[') {
                const size_t close = name.find(']', i);
                if (close == std::string_view::npos) fail(Fault::Value, "Missing ']' in format string");
                const std::string_view key = name.substr(i + 1, close - i - 1);
                if (key.empty()) fail(Fault::Value, "Empty attribute in format string");
                bool digits = true;
                for (const char c : key) digits = digits && c >= '0' && c <= '9';
                int64_t n = 0;
                if (digits) std::from_chars(key.data(), key.data() + key.size(), n);
                obj = in_.getItem(obj, digits ? Value::integer(n) : Value::str(std::string(key)));
                i = close + 1;
            } else {
                fail(Fault::Value, "Only '.' or '[' may follow ']' in format field specifier");
            }
        }
        return obj;
    }

    Interpreter& in_;
    CallArgs& args_;
    bool markup_;
    bool auto_ = false, manual_ = false;
    size_t next_ = 0;
};

} // namespace

Value strFormat(Interpreter& in, const Value& fmt, CallArgs& args) {
    Formatter f(in, args, fmt.isMarkup());
    return Value::str(f.run(fmt.asStr(), 0), fmt.isMarkup());
}

} // namespace cmf::engine::chat
