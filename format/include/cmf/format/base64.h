#pragma once
// RFC 4648 base64 (standard alphabet, '=' padding): the skills registry
// stores its selection subspaces as base64 of little-endian f16 (§9).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cmf {

std::string base64Encode(const uint8_t* data, size_t n);
// Throws Error(Parse) on a character outside the alphabet or a bad length.
std::vector<uint8_t> base64Decode(std::string_view text);

// Floats as base64 of f16 (round to nearest even), and back.
std::string f16Base64(const std::vector<float>& values);
std::vector<float> f16FromBase64(std::string_view text);

} // namespace cmf
