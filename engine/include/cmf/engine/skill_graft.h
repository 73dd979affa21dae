#pragma once
// `cmf skill add` without the file writing: which tensors of a donor
// checkpoint (the same architecture, fine-tuned) differ from the backbone,
// encoded as full-shape replacement tensors (§9), and the measured quality of
// the overlay — held-out perplexity with and without it.
#include "cmf/engine/model.h"
#include "cmf/format/encode.h"
#include "cmf/format/progress.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cmf::engine {

struct GraftOptions {
    std::string donorDir;            // Hugging Face folder (safetensors)
    std::string layers = "all";      // "all", "A-B" or "i,j,k": decoder layers whose tensors may be grafted
    std::string tensors = "all";     // "ffn" (mlp.*), "attn" (self_attn.*) or "all" (also embeddings, norms, lm_head)
    double minDelta = 1e-3;          // ‖donor − backbone‖ / ‖backbone‖ at or below this: not grafted
    std::optional<DType> skillQuant; // default: the dtype of the tensor it replaces
};

struct GraftedTensor {
    std::string name; // the backbone tensor it replaces (the file entry is skill.{id}.{name})
    DType dtype = DType::F16;
    std::vector<uint64_t> shape;
    std::vector<uint8_t> bytes;
    double relDelta = 0;
};

// Throws Error(Parse) for a donor whose tensor shapes differ from the
// backbone's, or that shares no tensor with it.
std::vector<GraftedTensor> graftTensors(const Model& backbone, const GraftOptions& options, const Control& control = {});

// The decoder layers the grafted tensors belong to, ascending (the registry's "layers").
std::vector<uint32_t> graftedLayers(const std::vector<GraftedTensor>& tensors);

// The backbone with the grafted tensors in place (views into `tensors`,
// which must outlive the result).
std::shared_ptr<const Weights> overlayOf(const Model& backbone, const std::vector<GraftedTensor>& tensors);

// §9 quality: {"metric": "ppl", "backbone", "overlaid", "n_samples", "dataset_sha256"}.
nlohmann::json measureOverlay(std::shared_ptr<const Model> model, std::shared_ptr<const Weights> overlay, std::span<const int32_t> heldout,
                              uint32_t ctx, const std::string& datasetSha256, const Control& control = {});

// "3-5" / "1,4" / "all" to a predicate over layer indices; throws Error(Parse).
std::vector<bool> parseLayerSet(const std::string& spec, uint32_t layers);

} // namespace cmf::engine
