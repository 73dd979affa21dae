#include "chat/process_memory.h"

#include <fstream>
#include <sstream>
#include <string>

namespace cmfw {

uint64_t residentBytes() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0) {
            std::istringstream s(line.substr(6));
            uint64_t kb = 0;
            s >> kb;
            return kb * 1024;
        }
    return 0;
}

} // namespace cmfw
