#pragma once
// Failures inside the interpreter. Value operations, filters and methods throw Failure with the
// Python exception's message; the interpreter adds the template position of the node that was
// being evaluated and turns it into the public error types of chat_template.h.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>

namespace cmf::engine::chat {

// The Python exception class jinja2 would raise; only used to pick the public error and to
// prefix messages in a way that helps a template author.
enum class Fault : uint8_t {
    Type,         // TypeError
    Value,        // ValueError
    Undefined,    // jinja2.UndefinedError
    Security,     // jinja2.sandbox.SecurityError
    ZeroDivision, // ZeroDivisionError
    Overflow,     // OverflowError (and integers beyond 64 bits, which Python would allow)
    Runtime,      // jinja2.TemplateRuntimeError and other template mistakes
    Raised,       // raise_exception(message) in the template
    Limit,        // a render limit of RenderOptions
    Unsupported,  // valid Jinja this engine deliberately does not implement
};

struct Failure : std::exception {
    Failure(Fault f, std::string m) : fault(f), message(std::move(m)) {}
    const char* what() const noexcept override { return message.c_str(); }
    Fault fault;
    std::string message;
    // Template position of the innermost node being evaluated, once known (line 0: unknown).
    uint32_t line = 0;
    uint32_t col = 0;
};

[[noreturn]] inline void fail(Fault fault, std::string message) { throw Failure(fault, std::move(message)); }

// Size limits for strings and containers built while rendering. The interpreter installs the
// limits of its RenderOptions for the duration of a render (thread-local, so value operations
// deep inside filters need no context argument).
struct Limits {
    size_t maxBytes = size_t(64) << 20; // any single string, and the output
    size_t maxItems = size_t(1) << 22;  // any single list, dict or string-as-list expansion
    uint64_t maxSteps = 50'000'000;     // evaluation steps per render
    uint64_t steps = 0;
};

Limits& limits();

class ScopedLimits {
public:
    explicit ScopedLimits(const Limits& l);
    ~ScopedLimits();
    ScopedLimits(const ScopedLimits&) = delete;
    ScopedLimits& operator=(const ScopedLimits&) = delete;

private:
    Limits mine_;
    Limits* saved_;
};

// Throw Fault::Limit when a result would exceed the limits.
void checkBytes(size_t bytes);
void checkItems(size_t items);
// One unit of work; every loop iteration, statement, expression and per-item filter step charges.
void chargeSteps(uint64_t n = 1);

} // namespace cmf::engine::chat
