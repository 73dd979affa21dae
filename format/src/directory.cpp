#include "cmf/format/directory.h"
#include "cmf/format/envelope.h"
#include "cmf/format/error.h"
#include "cmf/format/half.h"
#include "cmf/format/printable.h"

#include <algorithm>
#include <limits>
#include <string>

namespace cmf {

bool isValidUtf8(std::string_view s) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    for (size_t i = 0; i < s.size();) {
        const size_t len = utf8SequenceLength(p + i, s.size() - i);
        if (len == 0) return false;
        i += len;
    }
    return true;
}

uint64_t TensorRecord::count() const {
    uint64_t n = 1;
    for (uint32_t d = 0; d < ndim; ++d) n *= shape[d]; // overflow is refused at parse
    return n;
}

TensorShape TensorRecord::rowsCols() const {
    if (ndim == 0) return {1, 1};
    if (ndim == 1) return {1, shape[0]};
    uint64_t cols = 1;
    for (uint32_t d = 1; d < ndim; ++d) cols *= shape[d];
    return {shape[0], cols};
}

std::vector<uint64_t> TensorRecord::dims() const { return std::vector<uint64_t>(shape.begin(), shape.begin() + ndim); }

namespace {

// Decodes record i without validation (parse() has validated every record).
TensorRecord readRecord(const uint8_t* base, uint64_t poolOff, uint64_t i) {
    const uint8_t* r = base + kDirHeaderSize + i * kDirRecordSize;
    TensorRecord t;
    const uint32_t nameOff = loadU32(r);
    const uint16_t nameLen = loadU16(r + 4);
    t.name = std::string_view(reinterpret_cast<const char*>(base + poolOff + nameOff), nameLen);
    t.dtype = DType(r[6]);
    t.ndim = r[7];
    for (uint32_t d = 0; d < kMaxDims; ++d) t.shape[d] = loadU32(r + 8 + 4 * d);
    t.off = loadU64(r + 32);
    t.nbytes = loadU64(r + 40);
    t.hash = loadU64(r + 48);
    return t;
}

// Upper bound of the up-front name-map reservation (see parse()).
constexpr uint64_t kMaxNameReserve = 1u << 16;

std::string where(uint64_t i, std::string_view name) {
    return "directory record " + std::to_string(i) + (name.empty() ? "" : " (" + std::string(name) + ")");
}

} // namespace

Directory Directory::parse(const uint8_t* dir, uint64_t dirLen, uint64_t dataLen) {
    if (dirLen < kDirHeaderSize)
        throw Error(ErrorKind::Bounds, "directory: length " + std::to_string(dirLen) + " is shorter than its 16-byte header");
    Directory d;
    d.base_ = dir;
    d.len_ = dirLen;
    d.count_ = loadU64(dir);
    d.poolOff_ = loadU64(dir + 8);
    if (d.count_ > (dirLen - kDirHeaderSize) / kDirRecordSize)
        throw Error(ErrorKind::Bounds, "directory: count " + std::to_string(d.count_) + " records do not fit in " +
                                           std::to_string(dirLen) + " bytes");
    const uint64_t recordsEnd = kDirHeaderSize + d.count_ * kDirRecordSize;
    if (d.poolOff_ < recordsEnd || d.poolOff_ > dirLen)
        throw Error(ErrorKind::Bounds, "directory: pool_off " + std::to_string(d.poolOff_) + " outside [" +
                                           std::to_string(recordsEnd) + ", " + std::to_string(dirLen) + "]");
    const uint64_t poolLen = dirLen - d.poolOff_;
    // count only fits dir_len, and dir_len only fits the file: a sparse or
    // lying file can still claim tens of millions of records whose bytes are
    // junk. Reserve for a bounded number and let the map grow with records
    // that actually validate, so record 0 being garbage costs no big table.
    d.byName_.reserve(std::min<uint64_t>(d.count_, kMaxNameReserve));

    for (uint64_t i = 0; i < d.count_; ++i) {
        const uint8_t* r = dir + kDirHeaderSize + i * kDirRecordSize;
        const uint64_t nameOff = loadU32(r);
        const uint64_t nameLen = loadU16(r + 4);
        if (nameOff + nameLen > poolLen)
            throw Error(ErrorKind::Bounds, where(i, {}) + ": name [" + std::to_string(nameOff) + ", +" +
                                               std::to_string(nameLen) + ") runs past the name pool (" +
                                               std::to_string(poolLen) + " bytes)");
        const std::string_view name(reinterpret_cast<const char*>(dir + d.poolOff_ + nameOff), nameLen);
        if (!isValidUtf8(name))
            throw Error(ErrorKind::Parse, where(i, {}) + ": tensor name at pool offset " + std::to_string(nameOff) +
                                              " is not valid UTF-8: \"" + printablePrefix(name, 96) + "\"");
        if (name.empty()) throw Error(ErrorKind::Parse, where(i, {}) + ": empty tensor name");

        const uint8_t dtypeId = r[6];
        const uint8_t ndim = r[7];
        if (!isKnownDType(dtypeId))
            throw Error(ErrorKind::Parse, where(i, name) + ": unknown dtype " + std::to_string(dtypeId));
        if (ndim > kMaxDims)
            throw Error(ErrorKind::Parse, where(i, name) + ": ndim " + std::to_string(ndim) + " > 6");
        const TensorRecord t = readRecord(dir, d.poolOff_, i);
        // cols (shape[1..] multiplied, TensorRecord::rowsCols) is checked as
        // well: with shape[0] == 0 the count is 0 however large the rest, and
        // the row length would wrap.
        unsigned __int128 count = 1, cols = 1;
        for (uint32_t k = 0; k < kMaxDims; ++k) {
            if (k < ndim) {
                count *= t.shape[k];
                if (k > 0) cols *= t.shape[k];
                if (count > std::numeric_limits<uint64_t>::max())
                    throw Error(ErrorKind::Parse, where(i, name) + ": element count overflows u64");
                if (cols > std::numeric_limits<uint64_t>::max())
                    throw Error(ErrorKind::Parse, where(i, name) + ": row length (shape[1] x ... ) overflows u64");
            } else if (t.shape[k] != 0) {
                throw Error(ErrorKind::Parse, where(i, name) + ": shape[" + std::to_string(k) + "] = " +
                                                  std::to_string(t.shape[k]) + " beyond ndim " + std::to_string(ndim) +
                                                  " (tail must be zero)");
            }
        }
        if (t.off % kTensorAlign != 0)
            throw Error(ErrorKind::Bounds, where(i, name) + ": offset " + std::to_string(t.off) +
                                               " is not a multiple of 64");
        if (t.nbytes > dataLen || t.off > dataLen - t.nbytes)
            throw Error(ErrorKind::Bounds, where(i, name) + ": bytes [" + std::to_string(t.off) + ", +" +
                                               std::to_string(t.nbytes) + ") exceed data_len " + std::to_string(dataLen));
        if (dtypeIs2DOnly(t.dtype) && ndim != 2)
            throw Error(ErrorKind::Parse, where(i, name) + ": dtype " + std::string(dtypeName(t.dtype)) +
                                              " is defined for 2-D tensors only, this one has ndim " + std::to_string(ndim));
        const TensorShape s = t.rowsCols();
        if (dtypeNeedsIn32(t.dtype) && s.cols % 32 != 0)
            throw Error(ErrorKind::Parse, where(i, name) + ": dtype " + std::string(dtypeName(t.dtype)) +
                                              " needs in % 32 == 0, in = " + std::to_string(s.cols));
        if (t.dtype == DType::Q1T && s.cols > 65535)
            throw Error(ErrorKind::Parse, where(i, name) + ": q1t needs in to fit u16, in = " + std::to_string(s.cols));
        if (const auto want = expectedNBytes(t.dtype, s)) {
            // expectedNBytes saturates at 2^64-1 when the shape's size does not fit u64.
            if (*want != t.nbytes)
                throw Error(ErrorKind::Bounds, where(i, name) + ": nbytes " + std::to_string(t.nbytes) + " but a " +
                                                   std::string(dtypeName(t.dtype)) + " tensor of this shape takes " +
                                                   (*want == UINT64_MAX ? std::string("2^64-1 or more bytes")
                                                                        : std::to_string(*want)));
        } else if (const uint64_t least = dtypeDecodable(t.dtype) ? minimumNBytes(t.dtype, s) : 0; t.nbytes < least) {
            // minimumNBytes saturates at 2^64-1 too.
            throw Error(ErrorKind::Bounds, where(i, name) + ": nbytes " + std::to_string(t.nbytes) + " is below the " +
                                               (least == UINT64_MAX ? std::string("minimum") : std::to_string(least) + " bytes") +
                                               " a " + std::string(dtypeName(t.dtype)) + " tensor of this shape needs" +
                                               (least == UINT64_MAX ? " (2^64-1 or more bytes)" : ""));
        }
        if (!d.byName_.emplace(name, i).second)
            throw Error(ErrorKind::Parse, where(i, name) + ": duplicate tensor name (first at record " +
                                              std::to_string(d.byName_[name]) + ")");
    }
    return d;
}

TensorRecord Directory::record(uint64_t i) const {
    if (i >= count_) throw Error(ErrorKind::Bounds, "directory record " + std::to_string(i) + " out of range");
    return readRecord(base_, poolOff_, i);
}

std::optional<uint64_t> Directory::find(std::string_view name) const {
    const auto it = byName_.find(name);
    if (it == byName_.end()) return std::nullopt;
    return it->second;
}

} // namespace cmf
