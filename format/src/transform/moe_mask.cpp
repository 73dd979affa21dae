// The routing mask twin of moe-defrag (§5 expert area).
#include "cmf/format/moe_defrag.h"

#include "cmf/format/error.h"

namespace cmf {

MaskBits moeMaskBits(const CmfFile& f, const MoeStats& stats, double cover) {
    const MaskLayout layout = maskLayoutOf(f);
    if (layout.expertBits == 0) throw Error(ErrorKind::Parse, f.path() + ": header arch.moe.num_experts is missing; not an MoE model");
    const size_t layers = stats.layers.size();
    if (layers == 0 || layout.rows % layers != 0)
        throw Error(ErrorKind::Parse, "MoE stats cover " + std::to_string(layers) + " layers; the masks have " +
                                          std::to_string(layout.rows) + " rows");
    const auto routable = moeExpertMask(stats, cover);
    MaskBits bits;
    bits.withExperts = true;
    for (uint32_t r = 0; r < layout.rows; ++r) {
        const size_t l = r % layers; // LOOP_MASKS rows are pass-major visits
        const auto router = f.findTensor("model.layers." + std::to_string(l) + ".mlp.gate.weight");
        if (!router) {
            bits.experts.emplace_back(); // a dense layer: unrestricted
            continue;
        }
        const uint64_t experts = router->rowsCols().rows;
        if (stats.layers[l].size() != experts || experts > layout.expertBits)
            throw Error(ErrorKind::Parse, "MoE stats: layer " + std::to_string(l) + " counts " + std::to_string(stats.layers[l].size()) +
                                              " experts, its router has " + std::to_string(experts) + " rows");
        bits.experts.push_back(routable[l]);
    }
    return bits;
}

} // namespace cmf
