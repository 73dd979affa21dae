#include "cmf/server/openai_request.h"

#include "cmf/server/api_error.h"

#include <cmath>
#include <set>

namespace cmf::server {
namespace {

using Json = nlohmann::ordered_json;

const char* typeName(const Json& v) {
    if (v.is_null()) return "null";
    if (v.is_boolean()) return "a boolean";
    if (v.is_number()) return "a number";
    if (v.is_string()) return "a string";
    if (v.is_array()) return "an array";
    return "an object";
}

[[noreturn]] void wrongType(const std::string& param, const char* expected, const Json& v) {
    throw invalidField(param, "'" + param + "' must be " + expected + ", not " + typeName(v), "invalid_type");
}

// A present, non-null field, or nullptr (null counts as absent, as OpenAI reads it).
const Json* field(const Json& body, const char* name) {
    const auto it = body.find(name);
    return it == body.end() || it->is_null() ? nullptr : &*it;
}

std::optional<bool> boolean(const Json& body, const char* name) {
    const Json* v = field(body, name);
    if (!v) return std::nullopt;
    if (!v->is_boolean()) wrongType(name, "a boolean", *v);
    return v->get<bool>();
}

std::optional<double> number(const Json& body, const char* name, double lo, double hi) {
    const Json* v = field(body, name);
    if (!v) return std::nullopt;
    if (!v->is_number()) wrongType(name, "a number", *v);
    const double x = v->get<double>();
    if (!std::isfinite(x) || x < lo || x > hi)
        throw invalidField(name, "'" + std::string(name) + "' is " + v->dump() + "; it must lie in [" + Json(lo).dump() + ", " +
                                     Json(hi).dump() + "]");
    return x;
}

std::optional<int64_t> integer(const Json& body, const char* name, int64_t lo, int64_t hi) {
    const Json* v = field(body, name);
    if (!v) return std::nullopt;
    if (!v->is_number_integer()) wrongType(name, "an integer", *v);
    if (v->is_number_unsigned() && v->get<uint64_t>() > uint64_t(INT64_MAX))
        throw invalidField(name, "'" + std::string(name) + "' is too large");
    const int64_t x = v->get<int64_t>();
    if (x < lo || x > hi)
        throw invalidField(name, "'" + std::string(name) + "' is " + std::to_string(x) + "; it must lie in [" + std::to_string(lo) +
                                     ", " + std::to_string(hi) + "]");
    return x;
}

std::optional<std::string> string(const Json& body, const char* name) {
    const Json* v = field(body, name);
    if (!v) return std::nullopt;
    if (!v->is_string()) wrongType(name, "a string", *v);
    return v->get<std::string>();
}

// Text content: a string, or an array of {"type": "text", "text": ...} parts
// joined (the template sees one string, as with a plain message).
std::string textContent(const Json& content, const std::string& param) {
    if (content.is_string()) return content.get<std::string>();
    if (!content.is_array()) wrongType(param, "a string or an array of content parts", content);
    std::string text;
    for (size_t i = 0; i < content.size(); ++i) {
        const auto& part = content[i];
        const std::string p = param + "[" + std::to_string(i) + "]";
        if (!part.is_object()) wrongType(p, "an object", part);
        const auto type = string(part, "type");
        if (!type) throw invalidField(p + ".type", "a content part needs a 'type'", "missing_required_parameter");
        if (*type != "text")
            throw invalidField(p + ".type", "content parts of type '" + *type + "' are not supported: this model reads text only",
                               "unsupported_content_type");
        const Json* t = field(part, "text");
        if (!t || !t->is_string()) wrongType(p + ".text", "a string", t ? *t : Json());
        text += t->get<std::string>();
    }
    return text;
}

// An assistant's tool calls as the templates read them: transformers passes
// `function.arguments` as a mapping, the wire as a JSON string; a string that
// parses becomes the object, anything else stays the string.
Json toolCalls(const Json& calls, const std::string& param) {
    if (!calls.is_array()) wrongType(param, "an array", calls);
    Json out = Json::array();
    for (size_t i = 0; i < calls.size(); ++i) {
        const std::string p = param + "[" + std::to_string(i) + "]";
        const auto& c = calls[i];
        if (!c.is_object()) wrongType(p, "an object", c);
        const Json* fn = field(c, "function");
        if (!fn || !fn->is_object()) wrongType(p + ".function", "an object", fn ? *fn : Json());
        const auto name = string(*fn, "name");
        if (!name) throw invalidField(p + ".function.name", "a tool call needs a function name", "missing_required_parameter");
        Json args = Json::object();
        if (const Json* a = field(*fn, "arguments")) {
            if (a->is_string()) {
                args = Json::parse(a->get<std::string>(), nullptr, false);
                if (args.is_discarded()) args = *a;
            } else if (a->is_object()) {
                args = *a;
            } else {
                wrongType(p + ".function.arguments", "a JSON string", *a);
            }
        }
        Json call = {{"type", "function"}, {"function", {{"name", *name}, {"arguments", args}}}};
        if (const auto id = string(c, "id")) call["id"] = *id;
        out.push_back(std::move(call));
    }
    return out;
}

Json messages(const Json& body) {
    const Json* list = field(body, "messages");
    if (!list) throw invalidField("messages", "'messages' is required", "missing_required_parameter");
    if (!list->is_array()) wrongType("messages", "an array", *list);
    if (list->empty()) throw invalidField("messages", "'messages' must hold at least one message");
    static const std::set<std::string> roles = {"system", "developer", "user", "assistant", "tool"};
    Json out = Json::array();
    for (size_t i = 0; i < list->size(); ++i) {
        const std::string p = "messages[" + std::to_string(i) + "]";
        const auto& m = (*list)[i];
        if (!m.is_object()) wrongType(p, "an object", m);
        const auto role = string(m, "role");
        if (!role) throw invalidField(p + ".role", "a message needs a 'role'", "missing_required_parameter");
        if (!roles.count(*role)) throw invalidField(p + ".role", "unknown role '" + *role + "'");
        // "developer" is OpenAI's newer name for the system message; the templates know "system".
        Json msg = {{"role", *role == "developer" ? "system" : *role}};
        const Json* content = field(m, "content");
        const Json* calls = *role == "assistant" ? field(m, "tool_calls") : nullptr;
        if (content) msg["content"] = textContent(*content, p + ".content");
        else if (!calls) throw invalidField(p + ".content", "a " + *role + " message needs 'content'", "missing_required_parameter");
        else msg["content"] = ""; // an assistant turn of tool calls only: templates test the content as text (Qwen3: '</think>' in content)
        if (calls) msg["tool_calls"] = toolCalls(*calls, p + ".tool_calls");
        if (*role == "tool") {
            if (const auto id = string(m, "tool_call_id")) msg["tool_call_id"] = *id;
        }
        if (const auto name = string(m, "name")) msg["name"] = *name;
        out.push_back(std::move(msg));
    }
    return out;
}

Json tools(const Json& body) {
    const Json* list = field(body, "tools");
    if (!list) return nullptr;
    if (!list->is_array()) wrongType("tools", "an array", *list);
    for (size_t i = 0; i < list->size(); ++i) {
        const std::string p = "tools[" + std::to_string(i) + "]";
        const auto& t = (*list)[i];
        if (!t.is_object()) wrongType(p, "an object", t);
        const auto type = string(t, "type");
        if (type != "function") throw invalidField(p + ".type", "only tools of type 'function' are supported");
        const Json* fn = field(t, "function");
        if (!fn || !fn->is_object()) wrongType(p + ".function", "an object", fn ? *fn : Json());
        if (!string(*fn, "name")) throw invalidField(p + ".function.name", "a tool needs a function name", "missing_required_parameter");
    }
    return list->empty() ? Json() : *list;
}

// tool_choice: "none" drops the tools from the prompt, "auto" keeps them, a
// named function keeps that one. "required" is refused: without constrained
// decoding the server cannot make the model call a tool.
Json applyToolChoice(const Json& body, Json list) {
    const Json* choice = field(body, "tool_choice");
    if (!choice) return list;
    if (choice->is_string()) {
        const auto c = choice->get<std::string>();
        if (c == "none") return nullptr;
        if (c == "auto") return list;
        if (c == "required")
            throw invalidField("tool_choice", "tool_choice 'required' is not supported: this server cannot force a tool call",
                               "unsupported_value");
        throw invalidField("tool_choice", "tool_choice must be 'none', 'auto' or {\"type\": \"function\", ...}, not '" + c + "'");
    }
    if (!choice->is_object()) wrongType("tool_choice", "a string or an object", *choice);
    const Json* fn = field(*choice, "function");
    const auto name = fn && fn->is_object() ? string(*fn, "name") : std::nullopt;
    if (!name) throw invalidField("tool_choice.function.name", "a named tool_choice needs function.name", "missing_required_parameter");
    Json kept = Json::array();
    if (list.is_array())
        for (const auto& t : list)
            if (t["function"]["name"] == *name) kept.push_back(t);
    if (kept.empty()) throw invalidField("tool_choice", "tool_choice names '" + *name + "', which is not in 'tools'");
    return kept;
}

void generationFields(const Json& body, GenerationRequest& r) {
    if (const auto m = string(body, "model")) r.model = *m;
    if (const auto n = integer(body, "n", 1, INT32_MAX); n && *n != 1)
        throw invalidField("n", "n > 1 is not supported: this server returns one choice per request", "unsupported_value");
    // Chat's logprobs is a boolean, the legacy completions' an integer.
    if (const Json* lp = field(body, "logprobs"); lp && !(lp->is_boolean() && !lp->get<bool>()) && !(lp->is_number_integer() && lp->get<int64_t>() == 0))
        throw invalidField("logprobs", "logprobs are not supported by this server", "unsupported_parameter");
    r.stream = boolean(body, "stream").value_or(false);
    if (const Json* so = field(body, "stream_options")) {
        if (!so->is_object()) wrongType("stream_options", "an object", *so);
        if (!r.stream) throw invalidField("stream_options", "stream_options is only allowed with stream: true");
        r.includeUsage = boolean(*so, "include_usage").value_or(false);
    }
    const auto maxTokens = integer(body, "max_tokens", 1, UINT32_MAX);
    const auto maxCompletion = integer(body, "max_completion_tokens", 1, UINT32_MAX);
    if (maxCompletion) r.maxTokens = uint32_t(*maxCompletion);
    else if (maxTokens) r.maxTokens = uint32_t(*maxTokens);

    auto& s = r.sampling;
    const double temperature = number(body, "temperature", 0, 2).value_or(1.0);
    s.greedy = temperature == 0;
    s.temperature = float(temperature);
    s.topK = uint32_t(integer(body, "top_k", 0, UINT32_MAX).value_or(0));
    const double topP = number(body, "top_p", 0, 1).value_or(1.0);
    if (topP == 0) throw invalidField("top_p", "'top_p' must be greater than 0");
    s.topP = float(topP);
    s.minP = float(number(body, "min_p", 0, 1).value_or(0));
    s.presencePenalty = float(number(body, "presence_penalty", -2, 2).value_or(0));
    s.repetitionPenalty = float(number(body, "repetition_penalty", 0, 10).value_or(1));
    if (s.repetitionPenalty == 0) throw invalidField("repetition_penalty", "'repetition_penalty' must be greater than 0");
    s.frequencyPenalty = float(number(body, "frequency_penalty", -2, 2).value_or(0));
    if (const Json* seed = field(body, "seed")) {
        if (!seed->is_number_integer()) wrongType("seed", "an integer", *seed);
        s.seed = seed->is_number_unsigned() ? seed->get<uint64_t>() : uint64_t(seed->get<int64_t>());
        r.seeded = true;
    }
    if (const Json* stop = field(body, "stop")) {
        if (stop->is_string()) {
            r.stop.push_back(stop->get<std::string>());
        } else if (stop->is_array()) {
            if (stop->size() > 4) throw invalidField("stop", "'stop' holds at most 4 sequences");
            for (const auto& x : *stop) {
                if (!x.is_string()) wrongType("stop", "a string or an array of strings", *stop);
                r.stop.push_back(x.get<std::string>());
            }
        } else {
            wrongType("stop", "a string or an array of strings", *stop);
        }
        std::erase(r.stop, std::string());
    }
    r.ignoreEos = boolean(body, "ignore_eos").value_or(false);
    r.task = string(body, "task");
    r.skill = string(body, "skill");
    r.blend = number(body, "blend", 0, 1e6);
}

} // namespace

nlohmann::ordered_json parseBody(const std::string& body) {
    auto j = Json::parse(body, nullptr, false);
    if (j.is_discarded()) throw ApiError(400, "the request body is not valid JSON", {}, "invalid_json");
    if (!j.is_object()) throw ApiError(400, std::string("the request body must be a JSON object, not ") + typeName(j), {}, "invalid_json");
    return j;
}

ChatRequest parseChatRequest(const nlohmann::ordered_json& body) {
    ChatRequest r;
    generationFields(body, r);
    r.messages = messages(body);
    r.tools = applyToolChoice(body, tools(body));
    if (const Json* kw = field(body, "chat_template_kwargs")) {
        if (!kw->is_object()) wrongType("chat_template_kwargs", "an object", *kw);
        for (const auto& [k, v] : kw->items())
            if (k == "messages" || k == "tools" || k == "add_generation_prompt")
                throw invalidField("chat_template_kwargs." + k, "'" + k + "' is set by the server, not by chat_template_kwargs");
        r.templateKwargs = *kw;
    }
    return r;
}

CompletionRequest parseCompletionRequest(const nlohmann::ordered_json& body) {
    CompletionRequest r;
    generationFields(body, r);
    const Json* p = field(body, "prompt");
    if (!p) throw invalidField("prompt", "'prompt' is required", "missing_required_parameter");
    if (p->is_string()) {
        r.prompt = p->get<std::string>();
    } else if (p->is_array() && p->size() == 1 && (*p)[0].is_string()) {
        r.prompt = (*p)[0].get<std::string>();
    } else if (p->is_array() && !p->empty() && (*p)[0].is_number_integer()) {
        for (const auto& id : *p) {
            if (!id.is_number_integer() || id.get<int64_t>() < 0 || id.get<int64_t>() > INT32_MAX)
                throw invalidField("prompt", "a prompt of token ids must hold non-negative integers only", "invalid_type");
            r.promptIds.push_back(int32_t(id.get<int64_t>()));
        }
    } else if (p->is_array()) {
        throw invalidField("prompt", "'prompt' must be a string, one string in an array or an array of token ids (batches are not supported)",
                           "invalid_type");
    } else {
        wrongType("prompt", "a string or an array of token ids", *p);
    }
    if (r.prompt.empty() && r.promptIds.empty()) throw invalidField("prompt", "'prompt' is empty");
    if (const auto echo = boolean(body, "echo"); echo && *echo)
        throw invalidField("echo", "echo is not supported by this server", "unsupported_parameter");
    if (const auto suffix = string(body, "suffix"); suffix && !suffix->empty())
        throw invalidField("suffix", "suffix (fill in the middle) is not supported by this server", "unsupported_parameter");
    if (const auto b = integer(body, "best_of", 1, INT32_MAX); b && *b != 1)
        throw invalidField("best_of", "best_of > 1 is not supported by this server", "unsupported_value");
    return r;
}

SwitchRequest parseSwitchRequest(const nlohmann::ordered_json& body) {
    SwitchRequest r;
    r.task = string(body, "task");
    r.skill = string(body, "skill");
    r.blend = number(body, "blend", 0, 1e6);
    if (!r.task && !r.skill && !r.blend) throw ApiError(400, "give at least one of 'task', 'skill', 'blend'", {}, "missing_required_parameter");
    return r;
}

} // namespace cmf::server
