#pragma once
// Error kinds of the spec (§1.2) plus the ones the tools add (DESIGN.md "Names").
#include <stdexcept>
#include <string>

namespace cmf {

enum class ErrorKind {
    InvalidMagic,
    UnsupportedVersion,
    UnsupportedFeature,
    Bounds,
    Parse,
    HashMismatch,
    Io,
    Signature,
    Cancelled,
};

const char* errorKindName(ErrorKind kind);

// Every failure to open or decode a file is one of these; the message names
// the section, tensor or byte offset that is wrong.
class Error : public std::runtime_error {
public:
    Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
    ErrorKind kind() const { return kind_; }

private:
    ErrorKind kind_;
};

} // namespace cmf
