#include "analysis/npy_writer.h"

#include "cmf/format/error.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace cmfw {

std::string npyHeader(const std::vector<uint64_t>& shape) {
    std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (";
    for (size_t i = 0; i < shape.size(); ++i) {
        dict += std::to_string(shape[i]);
        if (shape.size() == 1 || i + 1 < shape.size()) dict += ",";
        if (i + 1 < shape.size()) dict += " ";
    }
    dict += "), }";
    // magic(6) + version(2) + len(2) + dict + padding + '\n', total a multiple of 64.
    const size_t unpadded = 10 + dict.size() + 1;
    dict.append((64 - unpadded % 64) % 64, ' ');
    dict += '\n';
    std::string h("\x93NUMPY\x01\x00", 8);
    h += char(dict.size() & 0xFF);
    h += char((dict.size() >> 8) & 0xFF);
    return h + dict;
}

void writeNpyF32(const std::string& path, const std::vector<uint64_t>& shape, const float* data, uint64_t count,
                 const cmf::Control& control) {
    const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
    auto fail = [&](const std::string& what) {
        const std::string reason = std::strerror(errno);
        ::unlink(tmp.c_str());
        throw cmf::Error(cmf::ErrorKind::Io, what + " " + path + ": " + reason);
    };
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw cmf::Error(cmf::ErrorKind::Io, "cannot create " + tmp + ": " + std::strerror(errno));
    auto writeAll = [&](const char* p, size_t n) {
        while (n > 0) {
            const ssize_t w = ::write(fd, p, n);
            if (w < 0) {
                if (errno == EINTR) continue;
                ::close(fd);
                fail("cannot write");
            }
            p += w;
            n -= size_t(w);
        }
    };
    const std::string header = npyHeader(shape);
    writeAll(header.data(), header.size());
    const uint64_t chunk = 1u << 20;
    for (uint64_t i = 0; i < count; i += chunk) {
        if (control.cancelled()) {
            ::close(fd);
            ::unlink(tmp.c_str());
            throw cmf::Error(cmf::ErrorKind::Cancelled, "export cancelled");
        }
        const uint64_t n = std::min(chunk, count - i);
        writeAll(reinterpret_cast<const char*>(data + i), n * sizeof(float));
        control.report(i + n, count, "writing");
    }
    if (::fsync(fd) != 0) {
        ::close(fd);
        fail("cannot sync");
    }
    ::close(fd);
    if (::rename(tmp.c_str(), path.c_str()) != 0) fail("cannot rename into");
}

} // namespace cmfw
