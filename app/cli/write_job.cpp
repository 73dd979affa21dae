#include "write_job.h"

#include <cstdio>

namespace cmfcli {

std::string megabytes(uint64_t bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MB", double(bytes) / 1e6);
    return buf;
}

} // namespace cmfcli
