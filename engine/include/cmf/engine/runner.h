#pragma once
// One inference stream over a Model: a KV cache sized for the context asked
// for, batched prefill, one-token decode, and rollback.
#include "cmf/engine/model.h"
#include "cmf/engine/ops.h"

#include <memory>
#include <span>
#include <vector>

namespace cmf::engine {

class Runner {
public:
    // Throws Error(Parse) when ctx exceeds the model's max_position_embeddings.
    Runner(std::shared_ptr<const Model> model, uint32_t ctx);

    // Runs ids at the next positions. Returns the logits of the last token
    // (vocab floats), or of every token (ids.size() × vocab) when allLogits.
    // Throws Error(Bounds) when the context would overflow.
    std::vector<float> forward(std::span<const int32_t> ids, bool allLogits = false);

    uint32_t position() const { return pos_; }
    uint32_t contextSize() const { return ctx_; }
    void reset() { pos_ = 0; }
    // Forgets positions >= pos (e.g. to regenerate a reply).
    void rewind(uint32_t pos) { pos_ = std::min(pos, pos_); }
    const Model& model() const { return *model_; }

private:
    void reserve(uint32_t positions);
    void attention(const Layer& l, size_t li, const float* q, size_t n, float* out) const;
    void ffn(const Layer& l, const float* x, size_t n, float* out) const;
    void expertFfn(const Expert& e, const float* x, size_t n, float* out) const;

    std::shared_ptr<const Model> model_;
    uint32_t ctx_ = 0, pos_ = 0;
    std::vector<Rope> ropes_; // per layer
    std::vector<std::vector<float>> k_, v_; // per layer: [positions reserved][kvHeads·headDim]
};

} // namespace cmf::engine
