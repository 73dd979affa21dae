// libFuzzer target: arbitrary bytes as a chat template, parsed and rendered with a small fixed
// conversation. Whatever the bytes, the engine must parse or throw cmf::Error, and render or
// throw cmf::Error: never crash, hang, recurse without bound, allocate without bound or leak
// (reference cycles through namespaces and macros included).
//
// Seed with the real templates:
//   mkdir -p corpus && ./fuzz_template -max_total_time=600 corpus tests/data/chat_templates
#include "cmf/engine/chat_template.h"
#include "cmf/format/error.h"

#include <cstddef>
#include <cstdint>

namespace {

const nlohmann::ordered_json& context() {
    static const nlohmann::ordered_json ctx = nlohmann::ordered_json::parse(R"({
        "messages": [
            {"role": "system", "content": "You are helpful."},
            {"role": "user", "content": "Hi <b> & \"you\" \u00e9\u2028 \ud83d\ude00"},
            {"role": "assistant", "content": "<think>\nhmm\n</think>\n\nHello!",
             "tool_calls": [{"id": "call_1234", "type": "function",
                             "function": {"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}}]},
            {"role": "tool", "name": "get_weather", "tool_call_id": "call_1234", "content": "{\"temp\": 21.5}"},
            {"role": "user", "content": [{"type": "text", "text": "and this?"}, {"type": "image"}]}
        ],
        "tools": [{"type": "function", "function": {"name": "get_weather", "description": "Weather",
                   "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                                  "required": ["city"]}}}],
        "documents": null,
        "add_generation_prompt": true,
        "bos_token": "<s>",
        "eos_token": "</s>",
        "enable_thinking": false,
        "n": 3, "f": 1.5, "big": 9007199254740993, "empty": "", "nothing": null
    })");
    return ctx;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view source(reinterpret_cast<const char*>(data), size);
    std::optional<cmf::engine::ChatTemplate> tmpl;
    try {
        tmpl = cmf::engine::ChatTemplate::parse(source);
    } catch (const cmf::Error&) {
        return 0;
    }
    cmf::engine::RenderOptions options;
    options.now = cmf::engine::LocalTime{2025, 1, 15, 12, 0, 0, 0};
    // Tight bounds keep every input fast; the limits themselves are what is being exercised.
    options.maxOutputBytes = size_t(1) << 20;
    options.maxItems = size_t(1) << 16;
    options.maxSteps = 200000;
    options.maxCallDepth = 50;
    // Half the inputs run with mutation allowed, where lists and dicts can contain themselves.
    options.allowMutation = size % 2 == 1;
    try {
        (void)tmpl->render(context(), options);
    } catch (const cmf::Error&) {
    }
    return 0;
}
