#pragma once
// hash64 of spec §8: murmur3 fmix64 over 64-bit LE words with positional
// salt, XOR fold, xor length, final fmix64. Bit-exact with the reference.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cmf {

uint64_t hash64(const void* data, uint64_t len);

// Incremental form over a stream cut at multiples of 8 bytes (for files
// larger than one mapping window, and for parallel hashing of one tensor:
// chunks hashed independently and XOR-combined with hash64Combine).
uint64_t hash64Partial(const uint8_t* data, uint64_t len, uint64_t firstWordIndex);
uint64_t hash64Finish(uint64_t foldedWords, uint64_t totalLen);

// Hashes and byte buffers as lowercase hex (16 digits for a u64 value).
std::string hex64(uint64_t v);
std::optional<uint64_t> parseHex64(std::string_view s);
std::string toHex(const uint8_t* data, size_t len);
// Strict lowercase-or-uppercase hex to bytes; nullopt on odd length or a non-hex digit.
std::optional<std::string> fromHex(std::string_view s);

} // namespace cmf
