// `cmf info` on a file with 100,000 tensors (target < 50 ms), median of runs.
// usage: bench_info CMF_BINARY [WORKDIR] [TENSORS] [REPS]
#include "bench_util.h"
#include "file_builder.h"

#include <filesystem>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s CMF_BINARY [WORKDIR] [TENSORS=100000] [REPS=11]\n", argv[0]);
        return 2;
    }
    const std::string cmf = argv[1];
    const std::string dir = argc > 2 ? argv[2] : std::filesystem::temp_directory_path().string();
    const int count = argc > 3 ? std::atoi(argv[3]) : 100000;
    const int reps = argc > 4 ? std::atoi(argv[4]) : 11;
    const std::string path = dir + "/bench_info.cmf";

    cmftest::FileBuilder b;
    for (int i = 0; i < count; ++i) {
        // Expert-bank-like names and small f16 tensors, as in a large MoE model.
        b.addRaw("model.layers." + std::to_string(i / 768) + ".mlp.experts." + std::to_string((i / 3) % 256) + "." +
                     (i % 3 == 0 ? "gate_proj" : i % 3 == 1 ? "up_proj" : "down_proj") + ".weight",
                 1, {4, 8}, std::vector<uint8_t>(64, uint8_t(i)));
    }
    b.writeTo(path);
    const double size = double(std::filesystem::file_size(path));

    const std::string info = "'" + cmf + "' info '" + path + "' > /dev/null";
    const std::string json = "'" + cmf + "' info --json '" + path + "' > /dev/null";
    const std::string version = "'" + cmf + "' --version > /dev/null";
    cmfbench::timeCommand(info, 2);
    const auto base = cmfbench::timeCommand(version, reps); // process start-up alone
    const auto t = cmfbench::timeCommand(info, reps);
    const auto tj = cmfbench::timeCommand(json, std::max(3, reps / 3));
    std::printf("file          %d tensors, %.1f MB\n", count, size / 1e6);
    std::printf("cmf --version median %.1f ms (process start-up)\n", cmfbench::median(base) * 1e3);
    std::printf("cmf info      median %.1f ms   runs [%s] ms (target < 50 ms)\n", cmfbench::median(t) * 1e3,
                cmfbench::runsText(t, 1e3, "%.1f").c_str());
    std::printf("cmf info --json median %.1f ms (every record as JSON)\n", cmfbench::median(tj) * 1e3);
    std::filesystem::remove(path);
    return 0;
}
