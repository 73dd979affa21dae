// Dispatch from the public codec API (codec.h) to the dtype families, plus
// the checks every layout shares: known dtype, row range, shape rules.
#include "codecs_internal.h"

#include <string>

namespace cmf {

using namespace codecs;

namespace codecs {

[[noreturn]] void fail(ErrorKind kind, const TensorBytes& t, const std::string& what) {
    throw Error(kind, std::string(dtypeName(t.dtype)) + " [" + std::to_string(t.shape.rows) + " x " +
                          std::to_string(t.shape.cols) + "]: " + what);
}

void requireSize(const TensorBytes& t, uint64_t want) {
    if (t.nbytes != want)
        fail(ErrorKind::Bounds, t,
             "payload is " + std::to_string(t.nbytes) + " bytes, the layout needs " +
                 (want == kSaturated ? std::string("more than 2^64") : std::to_string(want)));
}

void requireStructuredSize(const TensorBytes& t, uint64_t want, const std::string& structure) {
    if (t.nbytes == want) return;
    const std::string need = want == kSaturated ? std::string("more than 2^64") : std::to_string(want);
    if (t.nbytes < want)
        fail(ErrorKind::Bounds, t,
             structure + " needs " + need + " bytes but the payload is " + std::to_string(t.nbytes));
    fail(ErrorKind::Parse, t,
         std::to_string(t.nbytes - want) + " trailing bytes after " + structure + " (" + need + " bytes)");
}

} // namespace codecs

namespace {

enum class Family { Float, Q8, Q4, VBit, Q1, NoLayout };

Family familyOf(DType t) {
    switch (t) {
    case DType::F32:
    case DType::F16:
    case DType::BF16:
    case DType::U8: return Family::Float;
    case DType::Q8Row:
    case DType::Q8_2F: return Family::Q8;
    case DType::Q4Block:
    case DType::Q4Tiled:
    case DType::Q4TP: return Family::Q4;
    case DType::VBit:
    case DType::VBitRo: return Family::VBit;
    case DType::Q1:
    case DType::Q1S:
    case DType::Q1T: return Family::Q1;
    case DType::Mix8_4:
    case DType::Q4Col: break;
    }
    return Family::NoLayout; // reserved, or an id outside §3.1
}

// q1t stores within-row columns as u16 (§3.2: "`in` must fit `u16`").
constexpr uint64_t kQ1tMaxIn = 0xFFFF;

// Whether §3.2 defines a layout for this dtype and shape.
bool layoutDefined(DType t, TensorShape s) {
    if (familyOf(t) == Family::NoLayout) return false;
    if (dtypeNeedsIn32(t) && s.cols % kGroup != 0) return false;
    if (t == DType::Q1T && s.cols > kQ1tMaxIn) return false;
    return true;
}

// Throws unless a layout exists for the tensor's dtype and shape, and the
// payload pointer can back nbytes.
void requireLayout(const TensorBytes& t) {
    if (!isKnownDType(static_cast<uint8_t>(t.dtype)))
        throw Error(ErrorKind::Parse, "dtype " + std::to_string(static_cast<unsigned>(t.dtype)) +
                                          " is not in the dtype table (§3.1)");
    if (familyOf(t.dtype) == Family::NoLayout)
        fail(ErrorKind::Parse, t, "reserved dtype, no layout defined (§3.1)");
    if (t.shape.rows != 0 && t.shape.cols > kSaturated / t.shape.rows)
        fail(ErrorKind::Bounds, t, "element count overflows 64 bits");
    if (dtypeNeedsIn32(t.dtype) && t.shape.cols % kGroup != 0)
        fail(ErrorKind::Parse, t, "in = " + std::to_string(t.shape.cols) + " is not a multiple of 32");
    if (t.dtype == DType::Q1T && t.shape.cols > kQ1tMaxIn)
        fail(ErrorKind::Parse, t, "in = " + std::to_string(t.shape.cols) + " does not fit the u16 column index");
    if (t.data == nullptr && t.nbytes != 0) fail(ErrorKind::Bounds, t, "null payload pointer");
}

// Exact size of a fixed layout whose shape rules hold.
uint64_t fixedNBytes(DType t, TensorShape s) {
    switch (familyOf(t)) {
    case Family::Float: return floatNBytes(t, s);
    case Family::Q8: return q8NBytes(t, s);
    case Family::Q4: return q4NBytes(t, s);
    default: return q1NBytes(s); // only q1 reaches here (see isFixed)
    }
}

bool isFixed(DType t) {
    const Family f = familyOf(t);
    return f == Family::Float || f == Family::Q8 || f == Family::Q4 || t == DType::Q1;
}

} // namespace

std::optional<uint64_t> expectedNBytes(DType t, TensorShape s) {
    if (!layoutDefined(t, s) || !isFixed(t)) return std::nullopt;
    return fixedNBytes(t, s); // saturates at 2^64-1, which no payload matches
}

uint64_t minimumNBytes(DType t, TensorShape s) {
    if (!layoutDefined(t, s)) return 0;
    if (isFixed(t)) return fixedNBytes(t, s);
    return familyOf(t) == Family::VBit ? vbitMinimumNBytes(t, s) : q1MinimumNBytes(t, s);
}

void validatePayload(const TensorBytes& t) {
    requireLayout(t);
    switch (familyOf(t.dtype)) {
    case Family::Float: return validateFloat(t);
    case Family::Q8: return validateQ8(t);
    case Family::Q4: return validateQ4(t);
    case Family::VBit: return validateVbit(t);
    case Family::Q1: return validateQ1(t);
    case Family::NoLayout: break; // refused by requireLayout
    }
}

void decodeRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    requireLayout(t);
    if (r0 > r1 || r1 > t.shape.rows)
        fail(ErrorKind::Bounds, t,
             "row range [" + std::to_string(r0) + ", " + std::to_string(r1) + ") is outside [0, " +
                 std::to_string(t.shape.rows) + ")");
    switch (familyOf(t.dtype)) {
    case Family::Float: return decodeFloatRows(t, r0, r1, out);
    case Family::Q8: return decodeQ8Rows(t, r0, r1, out);
    case Family::Q4: return decodeQ4Rows(t, r0, r1, out);
    case Family::VBit: return decodeVbitRows(t, r0, r1, out);
    case Family::Q1: return decodeQ1Rows(t, r0, r1, out);
    case Family::NoLayout: break;
    }
}

std::vector<float> decodeAll(const TensorBytes& t) {
    // Validate first: the element count comes from the (untrusted) shape and
    // is only safe to allocate once the payload is known to hold that many.
    validatePayload(t);
    std::vector<float> out(t.shape.rows * t.shape.cols);
    decodeRows(t, 0, t.shape.rows, out.data());
    return out;
}

} // namespace cmf
