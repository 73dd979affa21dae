// Conversion throughput (MB of source per second) and peak RSS of
// `cmf convert` on a ~1 GB random bf16 checkpoint of the Qwen2.5-0.5B shape,
// against the largest tensor's size. Medians of several runs.
// usage: bench_convert CMF_BINARY [WORKDIR] [QUANT=q8] [REPS=3]
#include "bench_util.h"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Spec {
    std::string name;
    std::vector<uint64_t> shape;
};

// Qwen2.5-0.5B: hidden 896, 24 layers, FFN 4864, 14/2 heads of 64, vocab 151936, tied.
std::vector<Spec> qwen25Shapes() {
    const uint64_t h = 896, f = 4864, v = 151936, q = 14 * 64, kv = 2 * 64;
    std::vector<Spec> s{{"model.embed_tokens.weight", {v, h}}, {"model.norm.weight", {h}}};
    for (int l = 0; l < 24; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        s.push_back({p + "input_layernorm.weight", {h}});
        s.push_back({p + "post_attention_layernorm.weight", {h}});
        s.push_back({p + "self_attn.q_proj.weight", {q, h}});
        s.push_back({p + "self_attn.q_proj.bias", {q}});
        s.push_back({p + "self_attn.k_proj.weight", {kv, h}});
        s.push_back({p + "self_attn.k_proj.bias", {kv}});
        s.push_back({p + "self_attn.v_proj.weight", {kv, h}});
        s.push_back({p + "self_attn.v_proj.bias", {kv}});
        s.push_back({p + "self_attn.o_proj.weight", {h, q}});
        s.push_back({p + "mlp.gate_proj.weight", {f, h}});
        s.push_back({p + "mlp.up_proj.weight", {f, h}});
        s.push_back({p + "mlp.down_proj.weight", {h, f}});
    }
    return s;
}

void writeCheckpoint(const std::string& dir) {
    std::filesystem::create_directories(dir);
    const nlohmann::json config{{"model_type", "qwen2"},      {"hidden_size", 896},        {"intermediate_size", 4864},
                                {"num_hidden_layers", 24},    {"num_attention_heads", 14}, {"num_key_value_heads", 2},
                                {"vocab_size", 151936},       {"rms_norm_eps", 1e-6},      {"rope_theta", 1000000.0},
                                {"max_position_embeddings", 32768}, {"tie_word_embeddings", true},
                                {"use_sliding_window", false}, {"sliding_window", 32768},  {"max_window_layers", 21},
                                {"torch_dtype", "bfloat16"}};
    std::ofstream(dir + "/config.json") << config.dump(2);
    nlohmann::json header = nlohmann::json::object();
    uint64_t off = 0;
    const auto specs = qwen25Shapes();
    for (const auto& s : specs) {
        uint64_t n = 2;
        for (auto d : s.shape) n *= d;
        header[s.name] = {{"dtype", "BF16"}, {"shape", s.shape}, {"data_offsets", {off, off + n}}};
        off += n;
    }
    std::string text = header.dump();
    text.append((8 - text.size() % 8) % 8, ' ');
    std::ofstream out(dir + "/model.safetensors", std::ios::binary);
    const uint64_t len = text.size();
    out.write(reinterpret_cast<const char*>(&len), 8);
    out.write(text.data(), std::streamsize(text.size()));
    // Gaussian-ish bf16 values (sum of uniforms), std ~0.02 like trained weights.
    uint64_t x = 88172645463325252ull;
    std::vector<uint16_t> buf(1 << 20);
    for (uint64_t left = off / 2; left > 0;) {
        const uint64_t n = std::min<uint64_t>(left, buf.size());
        for (uint64_t i = 0; i < n; ++i) {
            float acc = 0;
            for (int k = 0; k < 4; ++k) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                acc += float(x >> 40) / float(1ull << 24) - 0.5f;
            }
            const float v = acc * 0.035f;
            uint32_t bits;
            std::memcpy(&bits, &v, 4);
            buf[i] = uint16_t((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16);
        }
        out.write(reinterpret_cast<const char*>(buf.data()), std::streamsize(n * 2));
        left -= n;
    }
}

// Runs argv, returns wall seconds and the child's peak RSS in MB.
std::pair<double, double> runMeasured(const std::vector<std::string>& args) {
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        std::vector<char*> argv;
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        if (!freopen("/dev/null", "w", stdout)) _exit(127);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    struct rusage ru {};
    wait4(pid, &status, 0, &ru);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "convert failed\n");
        std::exit(1);
    }
    return {secs, double(ru.ru_maxrss) / 1024.0};
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s CMF_BINARY [WORKDIR] [QUANT=q8] [REPS=3]\n", argv[0]);
        return 2;
    }
    const std::string cmf = std::filesystem::absolute(argv[1]).string();
    const std::string work = argc > 2 ? argv[2] : std::filesystem::temp_directory_path().string();
    const std::string quant = argc > 3 ? argv[3] : "q8";
    const int reps = argc > 4 ? std::atoi(argv[4]) : 3;
    const std::string dir = work + "/bench_convert_model", out = work + "/bench_convert.cmf";
    if (!std::filesystem::exists(dir + "/model.safetensors")) writeCheckpoint(dir);
    const double src = double(std::filesystem::file_size(dir + "/model.safetensors"));
    const double largest = 151936.0 * 896 * 2; // embed_tokens, bf16

    cmfbench::timeCommand("cat '" + dir + "/model.safetensors' > /dev/null", 1); // warm cache
    std::vector<double> secs, rss;
    for (int r = 0; r < reps; ++r) {
        const auto [s, m] = runMeasured({cmf, "convert", "--model", dir, "--quant", quant, "--output", out, "--summary"});
        secs.push_back(s);
        rss.push_back(m);
    }
    const double med = cmfbench::median(secs);
    std::printf("source        %.1f MB bf16 (Qwen2.5-0.5B shape), largest tensor %.1f MB\n", src / 1e6, largest / 1e6);
    std::printf("convert %-5s median %.2f s = %.0f MB/s of source   runs [%s] s\n", quant.c_str(), med, src / 1e6 / med,
                cmfbench::runsText(secs, 1, "%.2f").c_str());
    std::printf("peak RSS      median %.0f MB (target < 1.5 x largest + 200 = %.0f MB)\n", cmfbench::median(rss),
                1.5 * largest / 1e6 + 200);
    std::printf("output        %.1f MB\n", double(std::filesystem::file_size(out)) / 1e6);
    std::filesystem::remove(out);
    return 0;
}
