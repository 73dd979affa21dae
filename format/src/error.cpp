#include "cmf/format/error.h"
#include "cmf/format/progress.h"

namespace cmf {

const char* errorKindName(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::InvalidMagic: return "InvalidMagic";
    case ErrorKind::UnsupportedVersion: return "UnsupportedVersion";
    case ErrorKind::UnsupportedFeature: return "UnsupportedFeature";
    case ErrorKind::Bounds: return "Bounds";
    case ErrorKind::Parse: return "Parse";
    case ErrorKind::HashMismatch: return "HashMismatch";
    case ErrorKind::Io: return "Io";
    case ErrorKind::Signature: return "Signature";
    case ErrorKind::Cancelled: return "Cancelled";
    }
    return "Unknown";
}

void Control::checkCancel() const {
    if (cancelled()) throw Error(ErrorKind::Cancelled, "cancelled");
}

} // namespace cmf
