#pragma once
// Shared pieces of the filter implementations (filter_*.cpp) and the list of filters that the
// registry in filters.cpp exposes by name.
#include "chat/builtins.h"
#include "chat/objects.h"
#include "chat/value.h"

#include <functional>
#include <string>
#include <vector>

namespace cmf::engine::chat {

// jinja2's soft_str: strings (and Markup) unchanged, anything else through str().
Value softStr(const Value& v);
// A generator value over precomputed items (reversed iterators and the like).
Value makeGenerator(std::vector<Value> items, std::string reprName, std::string typeName = "generator");
// The result of a jinja2 filter that is a generator function (map, select, unique, batch, ...):
// `produce` computes the items now, but a failure is kept and raised only when iteration
// reaches it, as Python would.
Value lazyGenerator(std::string reprName, const std::function<void(std::vector<Value>&)>& produce);
// jinja2's make_attrgetter: "a.b.0" looks up item by item with environment.getitem; a
// non-null default replaces Undefined results; lowercase applies ignore_case.
std::function<Value(const Value&)> attrGetter(Interpreter& in, const Value& attribute, bool lowercase,
                                              const Value& defaultValue = Value::none());
// make_multi_attrgetter: "a,b" gives a list key per item (sort's attribute).
std::function<Value(const Value&)> multiAttrGetter(Interpreter& in, const Value& attribute, bool lowercase);
// ignore_case: str values lowercased, others unchanged.
Value ignoreCase(const Value& v);
int64_t requireInt(const Value& v, const char* what);

#define CMF_FILTER(name) Value name(Interpreter& in, const Value& v, CallArgs& args)

// filter_text.cpp
CMF_FILTER(filterCapitalize);
CMF_FILTER(filterCenter);
CMF_FILTER(filterEscape);
CMF_FILTER(filterForceescape);
CMF_FILTER(filterFormat);
CMF_FILTER(filterIndent);
CMF_FILTER(filterLower);
CMF_FILTER(filterUpper);
CMF_FILTER(filterReplace);
CMF_FILTER(filterSafe);
CMF_FILTER(filterString);
CMF_FILTER(filterTitle);
CMF_FILTER(filterTrim);
CMF_FILTER(filterTruncate);
CMF_FILTER(filterUrlencode);
CMF_FILTER(filterWordcount);
CMF_FILTER(filterXmlattr);
// filter_seq.cpp
CMF_FILTER(filterAttribute);
CMF_FILTER(filterBatch);
CMF_FILTER(filterDefault);
CMF_FILTER(filterDictsort);
CMF_FILTER(filterFirst);
CMF_FILTER(filterGroupby);
CMF_FILTER(filterItems);
CMF_FILTER(filterJoin);
CMF_FILTER(filterLast);
CMF_FILTER(filterLength);
CMF_FILTER(filterList);
CMF_FILTER(filterMap);
CMF_FILTER(filterMax);
CMF_FILTER(filterMin);
CMF_FILTER(filterReject);
CMF_FILTER(filterRejectattr);
CMF_FILTER(filterReverse);
CMF_FILTER(filterSelect);
CMF_FILTER(filterSelectattr);
CMF_FILTER(filterSlice);
CMF_FILTER(filterSort);
CMF_FILTER(filterSum);
CMF_FILTER(filterUnique);
// filter_misc.cpp
CMF_FILTER(filterAbs);
CMF_FILTER(filterFilesizeformat);
CMF_FILTER(filterFloat);
CMF_FILTER(filterInt);
CMF_FILTER(filterRound);
CMF_FILTER(filterTojson);
CMF_FILTER(filterUnsupported);

// Python's int(str, base) and float(str); false when Python would raise ValueError.
bool parsePyInt(std::string_view text, int base, int64_t& out);
bool parsePyFloat(std::string_view text, double& out);

} // namespace cmf::engine::chat
