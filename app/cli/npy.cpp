#include "npy.h"

#include "cmf/format/error.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <unistd.h>

namespace cmfcli {

void writeNpyF32(const std::string& path, const std::vector<uint64_t>& shape, const float* data, uint64_t count) {
    std::string dims;
    for (auto d : shape) dims += std::to_string(d) + ", ";
    if (shape.size() > 1) dims.resize(dims.size() - 2); // (a, b) but (a,) for one axis
    else if (shape.size() == 1) dims.pop_back();
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + dims + "), }";
    // magic(6) + version(2) + len(2) + header + '\n' padded to a multiple of 64.
    const size_t total = (10 + header.size() + 1 + 63) / 64 * 64;
    header.append(total - 10 - header.size() - 1, ' ');
    header.push_back('\n');
    const uint16_t hlen = uint16_t(header.size());

    const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
    FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f) throw cmf::Error(cmf::ErrorKind::Io, tmp + ": cannot create: " + std::strerror(errno));
    const unsigned char magic[8] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
    bool ok = std::fwrite(magic, 1, 8, f) == 8;
    const unsigned char lenBytes[2] = {uint8_t(hlen & 0xFF), uint8_t(hlen >> 8)};
    ok = ok && std::fwrite(lenBytes, 1, 2, f) == 2;
    ok = ok && std::fwrite(header.data(), 1, header.size(), f) == header.size();
    ok = ok && (count == 0 || std::fwrite(data, sizeof(float), count, f) == count);
    ok = (std::fflush(f) == 0) && ok && ::fsync(::fileno(f)) == 0;
    ok = (std::fclose(f) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        std::remove(tmp.c_str());
        throw cmf::Error(cmf::ErrorKind::Io, path + ": cannot write: " + std::strerror(e));
    }
}

} // namespace cmfcli
