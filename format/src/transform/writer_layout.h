#pragma once
// Whether a file is laid out exactly as Writer lays one out (header at 128,
// directory after it, data_off on the next 4096, tensors back to back on 64,
// masks/vocab/index unpadded after the blob, nothing after them, header text
// = nlohmann's dump with the recomputed section_hashes). Only such a file can
// be rebuilt byte for byte from its parts — what skill apply promises.
// Private to format/.
#include "cmf/format/cmf_file.h"

#include <string>

namespace cmf::detail {

// Empty when the layout is canonical, else the first difference found.
std::string writerLayoutDifference(const CmfFile& f);

} // namespace cmf::detail
