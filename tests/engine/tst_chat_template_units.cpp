// Unit tests of the chat template engine on its own: each construct against renders of
// Python jinja2 (set up as transformers does; the expected strings in kRenders were produced by
// it), then errors with their positions, raise_exception, the sandbox, limits and the API.
#include "test_support.h"

#include "cmf/engine/chat_template.h"

#include <QtTest>

#include <atomic>
#include <thread>

using cmf::engine::ChatRequest;
using cmf::engine::ChatTemplate;
using cmf::engine::LocalTime;
using cmf::engine::RenderOptions;
using cmf::engine::TemplateRaisedError;
using cmf::engine::TemplateRuntimeError;
using nlohmann::ordered_json;

namespace {

struct RenderCase {
    const char* name;
    const char* source;
    const char* context; // JSON object
    const char* expected;
};

// Expected output from jinja2 3.1.6 with transformers' environment (fixed clock 2025-01-15 12:00).
const RenderCase kRenders[] = {
    {"print_scalars",
     "{{ 1 }}|{{ -7 }}|{{ 1.0 }}|{{ 2.50 }}|{{ 1e16 }}|{{ 1.5e-5 }}|{{ 0.1 + 0.2 }}|{{ none }}|{{ true }}|{{ False }}|{{ missing }}",
     "{}",
     "1|-7|1.0|2.5|1e+16|1.5e-05|0.30000000000000004|None|True|False|"},
    {"print_containers",
     "{{ [1, 'a', \"it's\", 'say \"hi\"', none, true, 1.0] }}|{{ {'k': [1], 'n': none} }}|{{ (1,) }}|{{ () }}|{{ [[]] }}",
     "{}",
     "[1, 'a', \"it's\", 'say \"hi\"', None, True, 1.0]|{'k': [1], 'n': None}|(1,)|()|[[]]"},
    {"print_context_values",
     "{{ xs }}|{{ d }}|{{ n }}|{{ f }}|{{ msgs[0] }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "[1, 2, 3]|{'b': 1, 'a': [1, 'x']}|None|1.5|{'role': 'system', 'content': 'sys'}"},
    {"print_string_escapes",
     "{{ ['a\\nb', 'tab\\t', 'back\\\\slash', '\\x00', '\\u00e9', '\\U0001F600', '\xc3\xa9""'] }}",
     "{}",
     "['a\\nb', 'tab\\t', 'back\\\\slash', '\\x00', '\xc3\xa9""', '\xf0\x9f\x98\x80""', '\xc3\xa9""']"},
    {"string_literal_escapes",
     "{{ 'it\\'s' }}|{{ \"q\\\"\" }}|{{ '\\x41\\u00e9\\101' }}|{{ 'a\\qb' }}|{{ 'a' 'b' \"c\" }}",
     "{}",
     "it's|q\"|A\xc3\xa9""A|a\\qb|abc"},
    {"arithmetic",
     "{{ 7 / 2 }}|{{ 4 / 2 }}|{{ 7 // 2 }}|{{ -7 // 2 }}|{{ 7 % 3 }}|{{ -7 % 3 }}|{{ 7.5 % 2 }}|{{ 2 ** 10 }}|{{ 2 ** -1 }}|{{ 2 ** 3 ** 2 }}|{{ 1 + 2 * 3 }}|{{ -2 ** 2 }}",
     "{}",
     "3.5|2.0|3|-4|1|2|1.5|1024|0.5|64|7|4"},
    {"concat_and_repeat",
     "{{ 'a' ~ 1 ~ none ~ true ~ [1] }}|{{ 'ab' * 2 }}|{{ [0] * 2 + [1] }}|{{ 'a' + 'b' }}",
     "{}",
     "a1NoneTrue[1]|abab|[0, 0, 1]|ab"},
    {"comparisons",
     "{{ 1 == 1.0 }}|{{ '' != false }}|{{ 0 == false }}|{{ [1] == [1] }}|{{ (1,) == [1] }}|{{ {'a': 1} == {'a': 1.0} }}|{{ 1 < 2 < 3 }}|{{ 'a' < 'b' }}|{{ [1, 2] < [1, 3] }}",
     "{}",
     "True|True|True|True|False|True|True|True|True"},
    {"membership",
     "{{ 1 in xs }}|{{ 5 not in xs }}|{{ 'a' in d }}|{{ 'ell' in 'hello' }}|{{ 'x' in missing }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "True|True|True|True|False"},
    {"logic_returns_operands",
     "{{ none or 'x' }}|{{ 0 and 'y' }}|{{ 'a' and 'b' }}|{{ not none }}|{{ [] or {} }}",
     "{}",
     "x|0|b|True|{}"},
    {"ternary",
     "{{ 'a' if true else 'b' }}|{{ 'yes' if false }}|{{ (1 if none else 2) + 1 }}",
     "{}",
     "a||3"},
    {"slices",
     "{{ xs[0] }}|{{ xs[-1] }}|{{ xs[5] }}|{{ xs[1:] }}|{{ xs[:-1] }}|{{ xs[::-1] }}|{{ xs[::2] }}|{{ 'h\xc3\xa9""llo'[1:3] }}|{{ 'hello'[-1] }}|{{ xs.1 }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "1|3||[2, 3]|[1, 2]|[3, 2, 1]|[1, 3]|\xc3\xa9""l|o|2"},
    {"trim_blocks",
     "{% if true %}\nyes\n{% endif %}\nend",
     "{}",
     "yes\nend"},
    {"lstrip_blocks",
     "  {% if true %}\n    yes\n  {% endif %}\nend",
     "{}",
     "    yes\nend"},
    {"lstrip_not_for_variables",
     "  {{ 'x' }}\n  {% if true %}y{% endif %}",
     "{}",
     "  x\ny"},
    {"minus_markers",
     "a  {{- 'b' -}}  c\n  {%- if true -%}\n  d\n{%- endif %}",
     "{}",
     "abcd"},
    {"plus_markers",
     "a  {%+ if true %}b{% endif +%}\nc",
     "{}",
     "a  b\nc"},
    {"comment_trim",
     "x\n  {# note #}\ny{#- strip -#}   z",
     "{}",
     "x\nyz"},
    {"raw_block",
     "{% raw %}{{ not rendered }}{% endraw %}|{%- raw -%}  kept  {%- endraw %}",
     "{}",
     "{{ not rendered }}|kept"},
    {"loop_whitespace",
     "{% for x in xs %}\n  {{ x }}\n{% endfor %}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "  1\n  2\n  3\n"},
    {"unicode_whitespace_stripped_by_minus",
     "a\xe3\x80\x80""{%- if true %}b{% endif %}",
     "{}",
     "ab"},
    {"loop_variables",
     "{% for x in xs %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.length }};{% endfor %}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "1032TrueFalse3;2121FalseFalse3;3210FalseTrue3;"},
    {"loop_prev_next_cycle",
     "{% for x in xs %}[{{ loop.previtem }}|{{ loop.nextitem }}|{{ loop.cycle('a', 'b') }}]{% endfor %}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "[|2|a][1|3|b][2||a]"},
    {"loop_filter_and_else",
     "{% for x in xs if x > 1 %}{{ x }}/{{ loop.length }} {% else %}none{% endfor %}|{% for x in [] %}x{% else %}empty{% endfor %}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "2/2 3/2 |empty"},
    {"loop_break_continue",
     "{% for x in xs %}{% if x == 2 %}{% continue %}{% endif %}{{ x }}{% endfor %}|{% for x in xs %}{% if x == 2 %}{% break %}{% endif %}{{ x }}{% endfor %}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "13|1"},
    {"loop_unpacking",
     "{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}{% for k, v in d|dictsort %}{{ k }}{% endfor %}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "b=1;a=[1, 'x'];ab"},
    {"loop_nested_loop_var",
     "{% for a in [1, 2] %}{% for b in 'xy' %}{{ loop.index }}{{ a }}{{ b }} {% endfor %}{% endfor %}",
     "{}",
     "11x 21y 12x 22y "},
    {"loop_recursive",
     "{% for n in [{'v': 1, 'c': [{'v': 2, 'c': []}]}] recursive %}<{{ n.v }}@{{ loop.depth }}{{ loop(n.c) }}>{% endfor %}",
     "{}",
     "<1@1<2@2>>"},
    {"loop_changed",
     "{% for x in 'aab' %}{{ loop.changed(x) }} {% endfor %}",
     "{}",
     "True False True "},
    {"range",
     "{{ range(3)|list }}|{{ range(5, 0, -2)|list }}|{{ range(3) }}|{{ range(10)[2:5] }}",
     "{}",
     "[0, 1, 2]|[5, 3, 1]|range(0, 3)|range(2, 5)"},
    {"set_in_loop_does_not_leak",
     "{% set y = 0 %}{% for x in xs %}{{ y }}{% set y = x %}{{ y }} {% endfor %}{{ y }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "01 02 03 0"},
    {"set_in_if_is_visible",
     "{% if true %}{% set z = 'set' %}{% endif %}{{ z }}",
     "{}",
     "set"},
    {"namespace_outlives_loop",
     "{% set ns = namespace(total=0, seen=[]) %}{% for x in xs %}{% set ns.total = ns.total + x %}{% endfor %}{{ ns.total }}|{{ ns }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "6|<Namespace {'total': 6, 'seen': []}>"},
    {"shadowing_context_variable",
     "{% set xs = xs[1:] %}{{ xs }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "[2, 3]"},
    {"loop_reads_variable_set_later",
     "{% for x in [1] %}[{{ later }}]{% endfor %}{% set later = 'now' %}{{ later }}",
     "{\"later\": \"ctx\"}",
     "[]now"},
    {"macro_defaults_varargs_kwargs",
     "{% macro m(a, b=2, c=a) %}{{ a }}-{{ b }}-{{ c }}-{{ varargs }}-{{ kwargs }}{% endmacro %}{{ m(1) }}|{{ m(1, 3, 4, 5, k=6) }}|{{ m(b=9, a=8) }}",
     "{}",
     "1-2-1-()-{}|1-3-4-(5,)-{'k': 6}|8-9-8-()-{}"},
    {"macro_missing_argument_is_undefined",
     "{% macro m(a) %}[{{ a }}]{% endmacro %}{{ m() }}|{{ m }}",
     "{}",
     "[]|<Macro 'm'>"},
    {"macro_recursion",
     "{% macro t(n) %}{% if n > 0 %}({{ t(n - 1) }}){% endif %}{% endmacro %}{{ t(4) }}",
     "{}",
     "(((())))"},
    {"macro_result_filtered",
     "{% macro m() %}  padded  {% endmacro %}[{{ m()|trim }}]",
     "{}",
     "[padded]"},
    {"call_block_with_caller_args",
     "{% macro outer() %}[{{ caller(1, 2) }}]{% endmacro %}{% call(a, b) outer() %}{{ a + b }}{% endcall %}",
     "{}",
     "[3]"},
    {"set_block_and_filter",
     "{% set x %}v={{ f }}{% endset %}[{{ x }}]{% set y | upper %}up{% endset %}{{ y }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "[v=1.5]UP"},
    {"filter_block",
     "{% filter upper %}hello {{ s|trim }}{% endfilter %}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "HELLO HELLO, WORLD"},
    {"with_block",
     "{% with a = 1, b = 2 %}{{ a + b }}{% endwith %}[{{ a }}]",
     "{}",
     "3[]"},
    {"generation_block",
     "{% for m in msgs %}{% generation %}<{{ m.role }}>{% endgeneration %}{% endfor %}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "<system><user>"},
    {"string_filters",
     "{{ s|trim }}|{{ s|upper }}|{{ s|lower }}|{{ s|title }}|{{ 'hello world'|capitalize }}|{{ s|length }}|{{ s|wordcount }}|{{ s|replace('l', 'L') }}|{{ 'x'|center(5) }}|",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "Hello, World|  HELLO, WORLD  |  hello, world  |  Hello, World  |Hello world|16|2|  HeLLo, WorLd  |  x  |"},
    {"trim_chars",
     "{{ 'xxhixx'|trim('x') }}|{{ missing|trim }}|",
     "{}",
     "hi||"},
    {"sequence_filters",
     "{{ xs|join(',') }}|{{ xs|first }}|{{ xs|last }}|{{ xs|sum }}|{{ xs|max }}|{{ xs|min }}|{{ xs|reverse|list }}|{{ xs|list }}|{{ 'abc'|list }}|{{ xs|length }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "1,2,3|1|3|6|3|1|[3, 2, 1]|[1, 2, 3]|['a', 'b', 'c']|3"},
    {"sort_unique",
     "{{ ['b', 'A', 'c', 'a']|sort }}|{{ ['b', 'A', 'c', 'a']|sort(case_sensitive=true) }}|{{ ['b', 'A', 'a']|unique|list }}|{{ [{'a': 2}, {'a': 1}]|sort(attribute='a') }}",
     "{}",
     "['A', 'a', 'b', 'c']|['A', 'a', 'b', 'c']|['b', 'A']|[{'a': 1}, {'a': 2}]"},
    {"select_reject_map",
     "{{ msgs|selectattr('role', 'equalto', 'user')|list }}|{{ msgs|rejectattr('role', 'equalto', 'user')|map(attribute='content')|list }}|{{ xs|select('odd')|list }}|{{ xs|reject('odd')|list }}|{{ ['1', '2']|map('int')|sum }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "[{'role': 'user', 'content': 'hi'}]|['sys']|[1, 3]|[2]|3"},
    {"selectattr_undefined_test",
     "{{ msgs|selectattr('tool_calls', 'undefined')|list|length }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "2"},
    {"default_filter",
     "{{ missing|default('d') }}|{{ ''|default('d') }}|{{ ''|default('d', true) }}|{{ none|d('x') }}",
     "{}",
     "d||d|None"},
    {"int_float_round_abs",
     "{{ '42'|int }}|{{ '4.7'|int }}|{{ 'x'|int(7) }}|{{ '0x1A'|int(0, 16) }}|{{ 3.9|int }}|{{ '1.5'|float }}|{{ 2.5|round }}|{{ 2.675|round(2) }}|{{ 1234|round(-2) }}|{{ 1.5|round(0, 'floor') }}|{{ -3|abs }}",
     "{}",
     "42|4|7|26|3|1.5|2.0|2.67|1200|1.0|3"},
    {"dict_filters",
     "{{ d|dictsort }}|{{ d|items|list }}|{{ d|string }}|{{ {'b': 2, 'a': 1}|dictsort(by='value') }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "[('a', [1, 'x']), ('b', 1)]|[('b', 1), ('a', [1, 'x'])]|{'b': 1, 'a': [1, 'x']}|[('a', 1), ('b', 2)]"},
    {"indent_filter",
     "{{ 'a\\nb\\n\\nc'|indent(2) }}|{{ 'a\\nb'|indent(2, true) }}|{{ 'a\\n\\nb'|indent(2, blank=true) }}",
     "{}",
     "a\n  b\n\n  c|  a\n  b|a\n  \n  b"},
    {"batch_slice_groupby",
     "{{ [1, 2, 3, 4, 5]|batch(2)|list }}|{{ [1, 2, 3, 4, 5]|slice(2)|list }}|{% for g in msgs|groupby('role') %}{{ g.grouper }}:{{ g.list|length }} {% endfor %}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "[[1, 2], [3, 4], [5]]|[[1, 2, 3], [4, 5]]|system:1 user:1 "},
    {"truncate_wordcount_urlencode",
     "{{ 'hello world foo bar'|truncate(9) }}|{{ 'a b&c'|urlencode }}|{{ {'q': 'x y'}|urlencode }}",
     "{}",
     "hello...|a%20b%26c|q=x+y"},
    {"format_filter_and_percent",
     "{{ '%s=%d'|format('a', 3) }}|{{ '%5.2f|%-4s|%03d|%x' % (3.14159, 'ab', 7, 255) }}|{{ '%(a)s' % {'a': 1} }}",
     "{}",
     "a=3| 3.14|ab  |007|ff|1"},
    {"escape_and_safe",
     "{{ '<b>&'|e }}|{{ '<b>'|safe }}|{{ ('<b>'|safe) + '<i>' }}|{{ ('<b>'|safe) ~ '<i>' }}",
     "{}",
     "&lt;b&gt;&amp;|<b>|<b>&lt;i&gt;|<b><i>"},
    {"tojson_transformers",
     "{{ d|tojson }}|{{ msgs|tojson(separators=(',', ':')) }}|{{ '\xc3\xa9""<>&\\'\"'|tojson }}|{{ 1.0|tojson }}|{{ none|tojson }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "{\"b\": 1, \"a\": [1, \"x\"]}|[{\"role\":\"system\",\"content\":\"sys\"},{\"role\":\"user\",\"content\":\"hi\"}]|\"\xc3\xa9""<>&'\\\"\"|1.0|null"},
    {"tojson_indent",
     "{{ {'a': [1, {}], 'b': []}|tojson(indent=2) }}",
     "{}",
     "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": []\n}"},
    {"tojson_sort_keys_ascii",
     "{{ {'b': 1, 'a': '\xc3\xa9""'}|tojson(sort_keys=true, ensure_ascii=true) }}",
     "{}",
     "{\"a\": \"\\u00e9\", \"b\": 1}"},
    {"tests",
     "{{ x is defined }}{{ xs is defined }}{{ n is none }}{{ s is string }}{{ d is mapping }}{{ xs is iterable }}{{ s is iterable }}{{ missing is iterable }}{{ xs is sequence }}{{ 3 is odd }}{{ 4 is even }}{{ 9 is divisibleby 3 }}{{ true is true }}{{ 1 is true }}{{ 1 is number }}{{ 1.5 is float }}{{ 1 is integer }}{{ 2 is eq 2 }}{{ 3 is gt 2 }}{{ 'A' is upper }}{{ xs is not none }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "FalseTrueTrueTrueTrueTrueTrueTrueTrueTrueTrueTrueTrueFalseTrueTrueTrueTrueTrueTrueTrue"},
    {"string_methods",
     "{{ s.strip() }}|{{ s.split() }}|{{ 'a,b,c'.split(',', 1) }}|{{ 'a b c'.rsplit(' ', 1) }}|{{ s.startswith('  H') }}|{{ s.find('o') }}|{{ 'xxa'.lstrip('x') }}|{{ 'a\\n\\n'.rstrip('\\n') }}|{{ '-'.join(['a', 'b']) }}|{{ 'abc'.upper() }}|{{ 'ab'.replace('b', 'c') }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "Hello, World|['Hello,', 'World']|['a', 'b,c']|['a b', 'c']|True|6|a|a|a-b|ABC|ac"},
    {"think_split",
     "{% set c = '<think>\\nreason\\n</think>\\n\\nanswer' %}{{ c.split('</think>')[-1].lstrip('\\n') }}|{{ c.split('</think>')[0].rstrip('\\n').split('<think>')[-1].lstrip('\\n') }}",
     "{}",
     "answer|reason"},
    {"dict_methods",
     "{{ d.get('b') }}|{{ d.get('z', 'dflt') }}|{{ d.keys() }}|{{ d.values() }}|{{ d.items() }}|{{ d.z }}|{{ d['b'] }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "1|dflt|dict_keys(['b', 'a'])|dict_values([1, [1, 'x']])|dict_items([('b', 1), ('a', [1, 'x'])])||1"},
    {"str_format_method",
     "{{ '{} and {}'.format(1, 'a') }}|{{ '{a}:{0}'.format('p', a=5) }}|{{ '{:>4}|{:.2f}|{:,}'.format('x', 3.14159, 1234567) }}",
     "{}",
     "1 and a|5:p|   x|3.14|1,234,567"},
    {"unicode_case",
     "{{ 'stra\xc3\x9f""e'.upper() }}|{{ '\xce\x9f""\xce\x94""\xce\x9f""\xce\xa3""'.lower() }}|{{ '\xc7\x86""emal'.title() }}|{{ '\xc4\xb0""'.lower()|length }}",
     "{}",
     "STRASSE|\xce\xbf""\xce\xb4""\xce\xbf""\xcf\x82""|\xc7\x85""emal|2"},
    {"undefined_semantics",
     "[{{ missing }}]|{{ missing|length }}|{{ missing|list }}|{{ missing is defined }}|{{ missing == missing }}|{% for x in missing %}x{% endfor %}|{{ missing|default('d') }}|{{ [missing] }}",
     "{}",
     "[]|0|[]|False|True||d|[Undefined]"},
    {"undefined_attribute_of_defined",
     "[{{ d.nope }}]|{{ d.nope is defined }}|{{ xs[10] is defined }}",
     "{\"xs\": [1, 2, 3], \"d\": {\"b\": 1, \"a\": [1, \"x\"]}, \"s\": \"  Hello, World  \", \"n\": null, \"f\": 1.5, \"msgs\": [{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}]}",
     "[]|False|False"},
    {"strftime_now",
     "{{ strftime_now('%Y-%m-%d %H:%M:%S') }}|{{ strftime_now('%d %B %Y') }}|{{ strftime_now('%-d %b %Y, %A %I%p') }}",
     "{}",
     "2025-01-15 12:00:00|15 January 2025|15 Jan 2025, Wednesday 12PM"},
};

RenderOptions fixedClock() {
    RenderOptions o;
    o.now = LocalTime::parse("2025-01-15T12:00:00");
    return o;
}

std::string render(const std::string& source, const ordered_json& context = ordered_json::object(),
                   const RenderOptions& options = fixedClock()) {
    return ChatTemplate::parse(source).render(context, options);
}

// The what() of the cmf::Error a parse throws ("" when it does not throw).
std::string parseError(const std::string& source) {
    try {
        ChatTemplate::parse(source);
    } catch (const cmf::Error& e) {
        if (e.kind() != cmf::ErrorKind::Parse) return std::string("wrong kind: ") + e.what();
        return e.what();
    }
    return "";
}

std::string readText(const std::string& path) {
    const auto bytes = cmftest::readBytes(path);
    return std::string(bytes.begin(), bytes.end());
}

} // namespace

class TstChatTemplateUnits : public QObject {
    Q_OBJECT

private slots:
    void rendersLikeJinja2_data();
    void rendersLikeJinja2();

    void syntaxErrorsCarryLineAndColumn_data();
    void syntaxErrorsCarryLineAndColumn();
    void unknownFilterInsideIfFailsOnlyWhenReached();
    void runtimeErrorsCarryPosition();
    void raiseExceptionSurfacesTheMessage();
    void undefinedFailuresFollowJinja2();
    void sandboxRefusesMutationUnlessAllowed();
    void constantFoldingQuirks();

    void limitMacroRecursion();
    void limitOutputSize();
    void limitSteps();
    void limitSandboxRange();
    void limitParserNesting();
    void deepValuesDoNotOverflowTheStack();

    void chatmlFallbackIsTransformersDefault();
    void chatRequestBuildsTransformersContext();
    void contextMustBeValid();
    void plainJsonContextArrivesWithSortedKeys();
    void localTimeParse();
    void strftimeNowUsesTheClockWithoutFixedTime();
    void templateIsReusableAcrossThreads();
};

void TstChatTemplateUnits::rendersLikeJinja2_data() {
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < std::size(kRenders); ++i) QTest::newRow(kRenders[i].name) << int(i);
}

void TstChatTemplateUnits::rendersLikeJinja2() {
    QFETCH(int, index);
    const RenderCase& c = kRenders[index];
    std::string got;
    try {
        got = render(c.source, ordered_json::parse(c.context));
    } catch (const std::exception& e) {
        QFAIL(e.what());
    }
    QCOMPARE(QString::fromStdString(got), QString::fromUtf8(c.expected));
}

void TstChatTemplateUnits::syntaxErrorsCarryLineAndColumn_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("error");
    QTest::newRow("unbalanced call") << "{{ foo( }}" << "template:1:9: unexpected '}', expected ')'";
    QTest::newRow("empty if") << "line1\n{% if %}" << "template:2:7: Expected an expression, got 'end of statement block'";
    QTest::newRow("nesting mistake")
        << "{% for x in xs %}\n{% endif %}"
        << "template:2:4: Encountered unknown tag 'endif'. Jinja was looking for the following tags: 'endfor' or "
           "'else'. The innermost block that needs to be closed is 'for'.";
    QTest::newRow("eof inside if")
        << "{% if true %}"
        << "template:1:14: Unexpected end of template. Jinja was looking for the following tags: 'elif' or 'else' or "
           "'endif'. The innermost block that needs to be closed is 'if'.";
    QTest::newRow("unknown filter") << "{{ x|nosuch }}" << "template:1:6: No filter named 'nosuch'.";
    QTest::newRow("unknown test") << "\n  {{ x is nosuch }}" << "template:2:11: No test named 'nosuch'.";
    QTest::newRow("break outside loop") << "a\n\n  {% break %}" << "template:3:6: 'break' outside of a loop";
    QTest::newRow("break inside macro in loop")
        << "{% for x in y %}{% macro m() %}{% break %}{% endmacro %}{% endfor %}"
        << "template:1:35: 'break' outside of a loop";
    QTest::newRow("unterminated string") << "{{ 'abc }}" << "template:1:4: unexpected char \"'\"";
    QTest::newRow("unterminated comment") << "ok\n{# no end" << "template:2:1: Missing end of comment tag";
    QTest::newRow("unterminated raw") << "{% raw %}x" << "template:1:10: Missing end of raw directive";
    QTest::newRow("default order") << "{% macro m(a=1, b) %}{% endmacro %}"
                                   << "template:1:17: non-default argument follows default argument";
    QTest::newRow("assign to const") << "{% set true = 1 %}" << "template:1:8: can't assign to 'const'";
    QTest::newRow("assign to loop") << "{% for x in y %}{% set loop = 1 %}{% endfor %}"
                                    << "template:1:24: Can't assign to special loop variable in for-loop target";
    QTest::newRow("chained tests") << "{{ x is defined is none }}" << "template:1:17: You cannot chain multiple tests with is";
    QTest::newRow("repeated keyword") << "{{ f(a=1, a=2) }}" << "template:1:11: keyword argument repeated: a";
    QTest::newRow("column counts characters") << "{{ 'é' ~ }}" << "template:1:10: unexpected 'end of print statement'";
    QTest::newRow("invalid utf-8") << QString::fromLatin1("ok\n  \xff") << "template:2:3: template is not valid UTF-8";
}

void TstChatTemplateUnits::syntaxErrorsCarryLineAndColumn() {
    QFETCH(QString, source);
    QFETCH(QString, error);
    // The invalid-UTF-8 row is built from Latin-1 on purpose; keep its bytes.
    const std::string bytes = QTest::currentDataTag() == QStringLiteral("invalid utf-8") ? std::string("ok\n  \xff") : source.toStdString();
    QCOMPARE(QString::fromStdString(parseError(bytes)), error);
}

void TstChatTemplateUnits::unknownFilterInsideIfFailsOnlyWhenReached() {
    // jinja2 defers the check inside conditionals to run time.
    const auto t = ChatTemplate::parse("{% if x %}{{ y|nosuch }}{% endif %}ok");
    QCOMPARE(QString::fromStdString(t.render(ordered_json{{"x", false}})), QString("ok"));
    try {
        t.render(ordered_json{{"x", true}});
        QFAIL("expected an error");
    } catch (const TemplateRuntimeError& e) {
        QCOMPARE(QString::fromStdString(e.message()), QString("TemplateRuntimeError: No filter named 'nosuch' found."));
    }
}

void TstChatTemplateUnits::runtimeErrorsCarryPosition() {
    try {
        render("ok\n{{ 1 + 'a' }}");
        QFAIL("expected an error");
    } catch (const TemplateRaisedError&) {
        QFAIL("not a raise_exception");
    } catch (const TemplateRuntimeError& e) {
        QCOMPARE(e.kind(), cmf::ErrorKind::Parse);
        QCOMPARE(e.line(), 2);
        QCOMPARE(e.column(), 6);
        QCOMPARE(QString(e.what()), QString("template:2:6: TypeError: unsupported operand type(s) for +: 'int' and 'str'"));
    }
}

void TstChatTemplateUnits::raiseExceptionSurfacesTheMessage() {
    try {
        render("{% for m in messages %}\n  {{ raise_exception('Bad role: ' ~ m.role) }}{% endfor %}",
               ordered_json{{"messages", ordered_json::array({{{"role", "tool"}}})}});
        QFAIL("expected raise_exception to throw");
    } catch (const TemplateRaisedError& e) {
        QCOMPARE(QString(e.what()), QString("Bad role: tool"));
        QCOMPARE(e.message(), std::string("Bad role: tool"));
        QCOMPARE(e.kind(), cmf::ErrorKind::UnsupportedFeature);
        QCOMPARE(e.line(), 2);
    }
}

void TstChatTemplateUnits::undefinedFailuresFollowJinja2() {
    auto message = [](const std::string& src) -> std::string {
        try {
            render(src, ordered_json{{"d", {{"a", 1}}}});
        } catch (const TemplateRuntimeError& e) {
            return e.message();
        }
        return "no error";
    };
    // Printing, testing and iterating an Undefined are fine; its attributes are not.
    QCOMPARE(message("{{ missing.attr }}"), std::string("UndefinedError: 'missing' is undefined"));
    QCOMPARE(message("{{ missing['k'] }}"), std::string("UndefinedError: 'missing' is undefined"));
    QCOMPARE(message("{{ missing + 1 }}"), std::string("UndefinedError: 'missing' is undefined"));
    QCOMPARE(message("{{ missing() }}"), std::string("UndefinedError: 'missing' is undefined"));
    QCOMPARE(message("{{ d.nope.deeper }}"), std::string("UndefinedError: 'dict object' has no attribute 'nope'"));
    QCOMPARE(message("{{ missing|tojson }}"), std::string("TypeError: Object of type Undefined is not JSON serializable"));
    QCOMPARE(message("{{ (missing|trim) ~ (missing|string) ~ missing }}"), std::string("no error"));
}

void TstChatTemplateUnits::sandboxRefusesMutationUnlessAllowed() {
    const std::string src = "{% set l = [1] %}{{ l.append(2) }}{{ l }}{% set d = {} %}{{ d.update(a=1) }}{{ d }}";
    try {
        render(src);
        QFAIL("the immutable sandbox must refuse list.append");
    } catch (const TemplateRuntimeError& e) {
        QCOMPARE(e.message(), std::string("SecurityError: access to attribute 'append' of 'list' object is unsafe."));
    }
    RenderOptions o = fixedClock();
    o.allowMutation = true;
    QCOMPARE(QString::fromStdString(render(src, ordered_json::object(), o)), QString("None[1, 2]None{'a': 1}"));
    // Reading the method without calling it gives an empty Undefined, as in jinja2.
    QCOMPARE(QString::fromStdString(render("[{{ [].append }}]{{ [].append is defined }}")), QString("[]False"));
}

void TstChatTemplateUnits::constantFoldingQuirks() {
    // jinja2 folds constant expressions at compile time with its forgiving getitem...
    QCOMPARE(QString::fromStdString(render("[{{ none[1:] }}]")), QString("[]"));
    // ...but evaluates the same slice of a variable strictly.
    try {
        render("{{ n[1:] }}", ordered_json{{"n", nullptr}});
        QFAIL("expected a TypeError");
    } catch (const TemplateRuntimeError& e) {
        QCOMPARE(e.message(), std::string("TypeError: 'NoneType' object is not subscriptable"));
    }
    // A folded inf becomes the name `inf` in jinja2's generated code.
    try {
        render("{% set x = 1e308 * 10 %}{{ x }}");
        QFAIL("expected a NameError");
    } catch (const TemplateRuntimeError& e) {
        QCOMPARE(e.message(), std::string("TemplateRuntimeError: NameError: name 'inf' is not defined"));
    }
    QCOMPARE(QString::fromStdString(render("{{ 1e308 * 10 }}")), QString("inf"));
}

void TstChatTemplateUnits::limitMacroRecursion() {
    try {
        render("{% macro r(n) %}{{ r(n + 1) }}{% endmacro %}{{ r(0) }}");
        QFAIL("expected the recursion limit");
    } catch (const TemplateRuntimeError& e) {
        QCOMPARE(e.kind(), cmf::ErrorKind::Bounds);
        QVERIFY2(e.message().find("nested") != std::string::npos, e.what());
    }
}

void TstChatTemplateUnits::limitOutputSize() {
    RenderOptions o = fixedClock();
    o.maxOutputBytes = 1 << 20;
    try {
        render("{% for i in range(100000) %}{{ 'x' * 100 }}{% endfor %}", ordered_json::object(), o);
        QFAIL("expected the output limit");
    } catch (const TemplateRuntimeError& e) {
        QCOMPARE(e.kind(), cmf::ErrorKind::Bounds);
    }
    try {
        render("{{ 'x' * 1000000000 }}");
        QFAIL("expected the string limit");
    } catch (const TemplateRuntimeError& e) {
        QCOMPARE(e.kind(), cmf::ErrorKind::Bounds);
    }
}

void TstChatTemplateUnits::limitSteps() {
    RenderOptions o = fixedClock();
    o.maxSteps = 100000;
    try {
        render("{% for a in range(1000) %}{% for b in range(1000) %}{% endfor %}{% endfor %}", ordered_json::object(), o);
        QFAIL("expected the step limit");
    } catch (const TemplateRuntimeError& e) {
        QCOMPARE(e.kind(), cmf::ErrorKind::Bounds);
        QCOMPARE(e.line(), 1);
    }
}

void TstChatTemplateUnits::limitSandboxRange() {
    try {
        render("{{ range(100001)|length }}");
        QFAIL("expected the sandbox's MAX_RANGE");
    } catch (const TemplateRuntimeError& e) {
        QCOMPARE(e.message(), std::string("OverflowError: Range too big. The sandbox blocks ranges larger than MAX_RANGE (100000)."));
    }
    QCOMPARE(QString::fromStdString(render("{{ range(100000)|length }}")), QString("100000"));
}

void TstChatTemplateUnits::limitParserNesting() {
    const std::string deep = std::string(500, '(') + "1" + std::string(500, ')');
    QVERIFY(parseError("{{ " + deep + " }}").find("nested too deeply") != std::string::npos);
    std::string chain = "{{ x";
    for (int i = 0; i < 5000; ++i) chain += "|trim";
    QVERIFY(parseError(chain + " }}").find("nested too deeply") != std::string::npos);
    std::string ifs;
    for (int i = 0; i < 500; ++i) ifs += "{% if true %}";
    QVERIFY(parseError(ifs).find("nested too deeply") != std::string::npos);
}

void TstChatTemplateUnits::deepValuesDoNotOverflowTheStack() {
    // A list nested 100000 deep: building and freeing it must not recurse that deep.
    const std::string build = "{% set ns = namespace(x=[]) %}{% for i in range(100000) %}{% set ns.x = [ns.x] %}{% endfor %}";
    QCOMPARE(QString::fromStdString(render(build + "{{ ns.x|length }}")), QString("1"));
    try {
        render(build + "{{ ns.x }}");
        QFAIL("printing it must fail like Python's RecursionError");
    } catch (const TemplateRuntimeError& e) {
        QVERIFY2(e.message().find("recursion") != std::string::npos, e.what());
    }
}

void TstChatTemplateUnits::chatmlFallbackIsTransformersDefault() {
    QCOMPARE(std::string(cmf::engine::kChatMLFallback), readText(cmftest::dataPath("chat_templates/chatml.jinja")));
    ChatRequest req;
    req.messages = ordered_json::parse(R"([{"role": "user", "content": "Hi"}])");
    req.addGenerationPrompt = true;
    QCOMPARE(QString::fromStdString(ChatTemplate::parse(cmf::engine::kChatMLFallback).render(req)),
             QString("<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"));
}

void TstChatTemplateUnits::chatRequestBuildsTransformersContext() {
    const auto t = ChatTemplate::parse("[{{ bos_token }}]{{ bos_token is defined }}{{ tools is defined }}{{ tools is none }}"
                                       "{{ documents is none }}{{ add_generation_prompt }}{{ eos_token }}{{ enable_thinking }}");
    ChatRequest req;
    req.eosToken = "</s>";
    req.extra = ordered_json{{"enable_thinking", false}};
    QCOMPARE(QString::fromStdString(t.render(req)), QString("[]FalseTrueTrueTrueFalse</s>False"));
    req.bosToken = "<s>";
    req.addGenerationPrompt = true;
    QCOMPARE(QString::fromStdString(t.render(req)), QString("[<s>]TrueTrueTrueTrueTrue</s>False"));
    // Key order survives into tojson.
    req.tools = ordered_json::parse(R"([{"type": "function", "function": {"name": "f"}}])");
    QCOMPARE(QString::fromStdString(ChatTemplate::parse("{{ tools|tojson }}").render(req)),
             QString(R"([{"type": "function", "function": {"name": "f"}}])"));
}

void TstChatTemplateUnits::contextMustBeValid() {
    const auto t = ChatTemplate::parse("{{ x }}");
    QVERIFY_THROWS_EXCEPTION(cmf::Error, t.render(ordered_json::array()));
    QVERIFY_THROWS_EXCEPTION(cmf::Error, t.render(ordered_json{{"x", std::string("\xff")}}));
    QVERIFY_THROWS_EXCEPTION(cmf::Error, t.render(ordered_json{{"x", uint64_t(1) << 63}}));
    QCOMPARE(QString::fromStdString(t.render(ordered_json{{"x", (uint64_t(1) << 63) - 1}})), QString("9223372036854775807"));
}

void TstChatTemplateUnits::plainJsonContextArrivesWithSortedKeys() {
    // nlohmann::json converts implicitly, but it has already sorted the keys; ordered_json keeps
    // the order transformers would see.
    const auto t = ChatTemplate::parse("{{ d|tojson }}");
    const nlohmann::json sorted = {{"d", {{"b", 1}, {"a", 2}}}};
    QCOMPARE(QString::fromStdString(t.render(sorted)), QString(R"({"a": 2, "b": 1})"));
    QCOMPARE(QString::fromStdString(t.render(ordered_json::parse(R"({"d": {"b": 1, "a": 2}})"))), QString(R"({"b": 1, "a": 2})"));
}

void TstChatTemplateUnits::localTimeParse() {
    const auto t = LocalTime::parse("2024-02-29T23:59:58.5");
    QVERIFY(t.has_value());
    QCOMPARE(t->year, 2024);
    QCOMPARE(t->month, 2);
    QCOMPARE(t->day, 29);
    QCOMPARE(t->second, 58);
    QCOMPARE(t->microsecond, 500000);
    QVERIFY(LocalTime::parse("2025-01-15 12:00:00").has_value());
    QVERIFY(!LocalTime::parse("2023-02-29T00:00:00"));
    QVERIFY(!LocalTime::parse("2025-13-01T00:00:00"));
    QVERIFY(!LocalTime::parse("2025-01-15"));
    QVERIFY(!LocalTime::parse("2025-01-15T12:00:00Z"));
}

void TstChatTemplateUnits::strftimeNowUsesTheClockWithoutFixedTime() {
    const std::string year = ChatTemplate::parse("{{ strftime_now('%Y') }}").render(ordered_json::object());
    QCOMPARE(year.size(), size_t(4));
    QVERIFY(year >= "2024");
}

void TstChatTemplateUnits::templateIsReusableAcrossThreads() {
    const auto t = ChatTemplate::parse(
        "{% set ns = namespace(n=0) %}{% for m in messages %}{% set ns.n = ns.n + m|length %}{% endfor %}{{ ns.n }}");
    const ordered_json ctx = {{"messages", ordered_json::array({"ab", "cde"})}};
    std::atomic<int> wrong{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
        threads.emplace_back([&] {
            for (int k = 0; k < 200; ++k)
                if (t.render(ctx) != "5") ++wrong;
        });
    for (auto& th : threads) th.join();
    QCOMPARE(wrong.load(), 0);
}

QTEST_GUILESS_MAIN(TstChatTemplateUnits)
#include "tst_chat_template_units.moc"
