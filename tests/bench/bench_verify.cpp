// verify throughput on a >= 1 GiB file against `cat FILE > /dev/null`, both
// on a warm page cache, medians of several runs in the same process.
// usage: bench_verify CMF_BINARY [WORKDIR] [GiB] [REPS]
#include "bench_util.h"
#include "file_builder.h"

#include <cstring>
#include <filesystem>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s CMF_BINARY [WORKDIR] [GiB=1] [REPS=5]\n", argv[0]);
        return 2;
    }
    const std::string cmf = argv[1];
    const std::string dir = argc > 2 ? argv[2] : std::filesystem::temp_directory_path().string();
    const double gib = argc > 3 ? std::atof(argv[3]) : 1.0;
    const int reps = argc > 4 ? std::atoi(argv[4]) : 5;
    const std::string path = dir + "/bench_verify.cmf";

    // 64 MiB f16 tensors of pseudo-random bytes: hashing speed does not depend
    // on the values, and a real model's large tensors look like this.
    cmftest::FileBuilder b;
    const uint64_t tensorBytes = 64ull << 20;
    const int n = int(gib * double(1ull << 30) / double(tensorBytes) + 0.5);
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < n; ++i) {
        std::vector<uint8_t> bytes(tensorBytes);
        for (size_t k = 0; k + 8 <= bytes.size(); k += 8) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            std::memcpy(bytes.data() + k, &x, 8);
        }
        b.addRaw("model.layers." + std::to_string(i) + ".mlp.up_proj.weight", 1, {uint32_t(tensorBytes / 2 / 4096), 4096},
                 std::move(bytes));
    }
    b.writeTo(path);
    b.tensors.clear();
    const double size = double(std::filesystem::file_size(path));

    const std::string catCmd = "cat '" + path + "' > /dev/null";
    const std::string verifyCmd = "'" + cmf + "' verify '" + path + "' > /dev/null";
    cmfbench::timeCommand(catCmd, 2); // warm the page cache
    cmfbench::timeCommand(verifyCmd, 1);
    std::vector<double> cat, ver;
    for (int r = 0; r < reps; ++r) { // interleaved so both see the same machine state
        cat.push_back(cmfbench::timeCommand(catCmd, 1)[0]);
        ver.push_back(cmfbench::timeCommand(verifyCmd, 1)[0]);
    }
    const double catMed = cmfbench::median(cat), verMed = cmfbench::median(ver);
    const double gb = size / 1e9;
    std::printf("file      %.3f GB (%d tensors)\n", gb, n);
    std::printf("cat       median %.3f s  %.2f GB/s   runs [%s] s\n", catMed, gb / catMed, cmfbench::runsText(cat, 1, "%.3f").c_str());
    std::printf("verify    median %.3f s  %.2f GB/s   runs [%s] s\n", verMed, gb / verMed, cmfbench::runsText(ver, 1, "%.3f").c_str());
    std::printf("ratio     verify throughput / cat throughput = %.2fx (target >= 0.8x)\n", catMed / verMed);
    std::filesystem::remove(path);
    return 0;
}
