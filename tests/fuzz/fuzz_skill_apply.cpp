// libFuzzer target: a hostile skill file (§9.1) applied onto a good base.
// Whatever the skill's bytes, applySkill must either write an output that
// verifies clean (§8) or throw cmf::Error, leave the base byte for byte as it
// was, and leave nothing behind in the output's folder on failure — never
// crash, hang, read out of bounds or allocate without bound.
//
// The base and a real exported skill are built in memory at start-up (a small
// f16 model from tests/support's FileBuilder), so the fuzzer starts from a
// skill bound to this base: with CMF_FUZZ_SEED_DIR set, the seed skill is
// also written there once:
//   CMF_FUZZ_SEED_DIR=corpus ./fuzz_skill_apply -runs=0 corpus
// An odd input length applies with force (the base-hash check overridden),
// so mutations behind the hash check are reached too.
#include "file_builder.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"
#include "cmf/format/skill_file.h"
#include "cmf/format/verify.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_skill_apply: %s\n", what);
        std::abort();
    }
}

std::vector<uint8_t> readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void writeAll(const std::string& path, const uint8_t* data, size_t size) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
    check(bool(out), "cannot write the skill file");
}

struct Fixture {
    std::string dir, base, skill, output;
    std::vector<uint8_t> baseBytes;
};

// Two small layers' worth of f16 tensors; the specialist changes one, adds
// one and drops one, so the exported skill uses every "order" form.
cmftest::FileBuilder baseModel() {
    cmftest::FileBuilder b;
    b.addF16("model.embed_tokens.weight", {128, 32}, 1);
    for (int l = 0; l < 2; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        b.addF16(p + "input_layernorm.weight", {32}, 10 + l);
        b.addF16(p + "self_attn.q_proj.weight", {32, 32}, 20 + l);
        b.addF16(p + "mlp.gate_proj.weight", {64, 32}, 30 + l);
        b.addF16(p + "mlp.up_proj.weight", {64, 32}, 40 + l);
        b.addF16(p + "mlp.down_proj.weight", {32, 64}, 50 + l);
    }
    b.addF16("model.norm.weight", {32}, 60);
    return b;
}

const Fixture& fixture() {
    static const Fixture f = [] {
        Fixture x;
        // tmpfs where there is one: the writer fsyncs every output, a no-op there.
        static char tmpl[] = "/dev/shm/cmf-fuzz-skill-XXXXXX"; // static: the exit handler reads it
        if (!fs::is_directory("/dev/shm")) std::snprintf(tmpl, sizeof tmpl, "/tmp/cmf-fuzz-skXXXXXX");
        check(::mkdtemp(tmpl) != nullptr, "cannot make a temporary folder");
        x.dir = tmpl;
        // The folder goes when the process ends normally (regression runs); a
        // crashing input leaves it for inspection.
        std::atexit([] { std::error_code ec; fs::remove_all(tmpl, ec); });
        x.base = x.dir + "/base.cmf";
        x.skill = x.dir + "/skill.cmf";
        x.output = x.dir + "/out/applied.cmf";
        fs::create_directory(x.dir + "/out");

        const auto base = baseModel();
        base.writeTo(x.base);
        x.baseBytes = readAll(x.base);

        auto spec = baseModel();
        spec.tensors[3] = cmftest::FileBuilder().addF16("model.layers.0.mlp.gate_proj.weight", {64, 32}, 99);
        spec.tensors.erase(spec.tensors.begin() + 9); // model.layers.1.mlp.up_proj.weight
        spec.addF16("extra.adapter.weight", {16, 32}, 77);
        const std::string specPath = x.dir + "/specialist.cmf";
        spec.writeTo(specPath);
        const std::string seed = x.dir + "/seed.cmf";
        cmf::exportSkill({specPath, x.base, seed, "fz", "fuzz skill", {}});
        if (const char* seedDir = std::getenv("CMF_FUZZ_SEED_DIR"))
            fs::copy_file(seed, fs::path(seedDir) / "seed-skill.cmf", fs::copy_options::overwrite_existing);
        fs::remove(specPath);
        fs::remove(seed);
        return x;
    }();
    return f;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const Fixture& f = fixture();
    writeAll(f.skill, data, size);
    const bool force = (size & 1) != 0;
    bool applied = false;
    try {
        (void)cmf::applySkill(f.base, f.skill, f.output, force);
        applied = true;
    } catch (const cmf::Error&) {
    }
    if (applied) {
        // Whatever apply accepted and wrote must be a file the reader opens and verify passes.
        try {
            const auto out = cmf::CmfFile::open(f.output);
            check(cmf::verify(*out).ok(), "apply wrote a file that does not verify");
        } catch (const cmf::Error& e) {
            std::fprintf(stderr, "fuzz_skill_apply: the applied file does not open: %s\n", e.what());
            std::abort();
        }
        fs::remove(f.output);
    }
    // A failed apply leaves no partial output and no temporary file behind.
    check(fs::is_empty(f.dir + "/out"), "apply left a file behind");
    check(readAll(f.base) == f.baseBytes, "apply changed the base");
    return 0;
}
