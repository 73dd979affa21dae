#pragma once
// RAII helpers shared by the interpreter's source files: position tracking for error
// messages, the recursion bound, and save/restore of the current frame, output buffer and
// flags.
#include "chat/interpreter.h"

#include <exception>
#include <string>

namespace cmf::engine::chat {

// Bound on the interpreter's own recursion (statements, expressions and macro calls
// together). The parser bounds one template's nesting; this bounds recursion through macros
// and keeps the stack use of a render under about a megabyte even in a debug build.
constexpr int kMaxNesting = 1000;

// Records the node being evaluated; on an exception it stays put so the error can name the
// innermost position.
class Interpreter::PosGuard {
public:
    PosGuard(Interpreter& in, Pos p) : in_(in), saved_(in.pos_), exceptions_(std::uncaught_exceptions()) { in.pos_ = p; }
    ~PosGuard() {
        if (std::uncaught_exceptions() == exceptions_) in_.pos_ = saved_;
    }
    PosGuard(const PosGuard&) = delete;
    PosGuard& operator=(const PosGuard&) = delete;

private:
    Interpreter& in_;
    Pos saved_;
    int exceptions_;
};

class Interpreter::DepthGuard {
public:
    explicit DepthGuard(Interpreter& in) : in_(in) {
        if (++in.nesting_ > kMaxNesting) {
            --in.nesting_;
            fail(Fault::Limit, "template recursion too deep (more than " + std::to_string(kMaxNesting) + " nested evaluations)");
        }
    }
    ~DepthGuard() { --in_.nesting_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

private:
    Interpreter& in_;
};

// Switches the current frame; a scope also clears the frame when it ends, as jinja2 resets a
// frame's variables on leaving it (and it breaks macro <-> frame reference cycles).
class FrameSwitch {
public:
    FrameSwitch(FramePtr& current, FramePtr next, bool clearOnExit)
        : current_(current), saved_(std::move(current)), clear_(clearOnExit) {
        current_ = std::move(next);
    }
    ~FrameSwitch() {
        if (clear_ && current_) releaseDeep(current_->slots);
        current_ = std::move(saved_);
    }
    FrameSwitch(const FrameSwitch&) = delete;
    FrameSwitch& operator=(const FrameSwitch&) = delete;

private:
    FramePtr& current_;
    FramePtr saved_;
    bool clear_;
};

class OutputCapture {
public:
    OutputCapture(std::string*& current, std::string& buffer) : current_(current), saved_(current) { current_ = &buffer; }
    ~OutputCapture() { current_ = saved_; }
    OutputCapture(const OutputCapture&) = delete;
    OutputCapture& operator=(const OutputCapture&) = delete;

private:
    std::string*& current_;
    std::string* saved_;
};

template <class T> class Restore {
public:
    Restore(T& ref, T value) : ref_(ref), saved_(ref) { ref_ = value; }
    ~Restore() { ref_ = saved_; }
    Restore(const Restore&) = delete;
    Restore& operator=(const Restore&) = delete;

private:
    T& ref_;
    T saved_;
};

// The value of a {{ }}-joined block must be a string, as jinja2's concat() requires.
void requireString(const Value& v);

} // namespace cmf::engine::chat
