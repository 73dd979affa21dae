#pragma once
// The binary tensor directory of spec §3: count, pool_off, 56-byte records,
// UTF-8 name pool. Records are read straight from the mapping on demand.
#include "cmf/format/codec.h"
#include "cmf/format/dtype.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cmf {

constexpr uint64_t kDirHeaderSize = 16;
constexpr uint64_t kDirRecordSize = 56;
constexpr uint32_t kMaxDims = 6;

struct TensorRecord {
    std::string_view name; // points into the mapping
    DType dtype = DType::F32;
    uint8_t ndim = 0;
    std::array<uint32_t, kMaxDims> shape{};
    uint64_t off = 0; // relative to data_off
    uint64_t nbytes = 0;
    uint64_t hash = 0;

    uint64_t count() const; // number of elements
    TensorShape rowsCols() const;
    std::vector<uint64_t> dims() const;
};

class Directory {
public:
    Directory() = default;
    // Validates every record (§1.2 and §3): name bounds and UTF-8, dtype,
    // ndim, 64-byte alignment, off+nbytes within data_len, fixed-size nbytes,
    // 2-D-only dtypes, in % 32, unique names. Throws cmf::Error.
    // Payloads of different records MAY overlap: spec §1.2 lists no such
    // error and §3/§4 leave the blob to the directory, so two records can
    // name the same bytes; each is bounds-checked, hashed and decoded on
    // its own (verify hashes shared bytes once per record).
    static Directory parse(const uint8_t* dir, uint64_t dirLen, uint64_t dataLen);

    uint64_t count() const { return count_; }
    uint64_t poolOff() const { return poolOff_; }
    TensorRecord record(uint64_t i) const;
    std::optional<uint64_t> find(std::string_view name) const;

private:
    const uint8_t* base_ = nullptr;
    uint64_t len_ = 0;
    uint64_t count_ = 0;
    uint64_t poolOff_ = 0;
    std::unordered_map<std::string_view, uint64_t> byName_;
};

// True when bytes form valid UTF-8 (no overlong forms, no surrogates, <= U+10FFFF).
bool isValidUtf8(std::string_view s);

} // namespace cmf
