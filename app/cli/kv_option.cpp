#include "kv_option.h"

#include "choice_option.h"

namespace cmfcli {

void addKvOption(CLI::App* cmd, cmf::engine::KvType& kv) {
    static const std::vector<std::pair<std::string, cmf::engine::KvType>> types = {{"f32", cmf::engine::KvType::F32}, {"f16", cmf::engine::KvType::F16}};
    cmd->add_option("--kv", kv,
                    "KV cache element type: f32 (exact, what the layers computed) or f16 (half the memory and half the bytes a "
                    "decode step reads at a long context; llama.cpp's default)")
        ->transform(oneOf(types, "KV cache type"))
        ->default_str("f32");
}

} // namespace cmfcli
