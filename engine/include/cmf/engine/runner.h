#pragma once
// One inference stream over a Model: a KV cache sized for the context asked
// for (attention layers), a recurrent state (LinearAttention layers),
// batched prefill, one-token decode, and rollback.
#include "cmf/engine/kv_cache.h"
#include "cmf/engine/model.h"
#include "cmf/engine/ops.h"
#include "cmf/engine/task_mask.h"

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace cmf::engine {

// What a forward pass can record for the tools that build masks and
// expert statistics (cmf calibrate, cmf route-stats). Sized by the runner.
struct ForwardProbe {
    // Per dense layer, per FFN neuron: Σ over tokens of |act(gate)·up|, the
    // activation mass the down projection receives.
    std::vector<std::vector<double>> ffnMass;
    // Per MoE layer, per expert: how many tokens selected it.
    std::vector<std::vector<uint64_t>> expertCounts;
    uint64_t tokens = 0;
};

// What a runner executes besides the backbone, for the tools that make their
// own runners (perplexity, bench, calibration).
struct RunnerSetup {
    std::shared_ptr<const Weights> weights; // nullptr: the backbone
    std::shared_ptr<const TaskPlan> task;   // nullptr: dense
    ForwardProbe* probe = nullptr;
};

class RecurrentState;
struct GdnState;

class Runner {
public:
    // Throws Error(Parse) when ctx exceeds the model's max_position_embeddings.
    // stack: the layers to run instead of the backbone's (the MTP head's
    // blocks, model.h MtpHead); nullptr: the backbone. kv: how the KV cache
    // keeps keys and values (kv_cache.h; f32 is exact).
    Runner(std::shared_ptr<const Model> model, uint32_t ctx, std::shared_ptr<const Weights> stack = nullptr,
           KvType kv = KvType::F32);
    ~Runner();
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;

    // Runs ids at the next positions. Returns the logits of the last token
    // (vocab floats), or of every token (ids.size() × vocab) when allLogits.
    // Throws Error(Bounds) when the context would overflow.
    std::vector<float> forward(std::span<const int32_t> ids, bool allLogits = false);

    // Speculative verification: ids run at the next positions in blocks of
    // at most kExactBlock tokens, whose every operation is the one-token
    // decode's (weights read once per block, the same dot product per
    // token), so row i of the result (ids.size() × vocab) equals, bit for bit,
    // what forward(ids[i]) would return after ids[0..i). For LinearAttention
    // layers the state after every position is kept, so a rewind to any of
    // them runs nothing again.
    static constexpr size_t kExactBlock = 4;
    std::vector<float> verify(std::span<const int32_t> ids);

    // Runs input vectors (n × hidden, in place of token embeddings) at the
    // next positions: what the MTP head feeds its blocks. Returns the last
    // row's logits, or nothing when !logits. Not for models with a recurrent
    // state (they would need the tokens to replay).
    std::vector<float> forwardInputs(std::span<const float> x, bool logits = true);
    // While on, every forward keeps the final hidden state (after the final
    // norm) of each token it ran: hidden() holds those of the last forward,
    // verify or forwardInputs, one row per token from position hiddenStart().
    void keepHidden(bool on) { keepHidden_ = on; }
    std::span<const float> hidden() const { return hidden_; }
    uint32_t hiddenStart() const { return hiddenStart_; }

    uint32_t position() const { return pos_; }
    uint32_t contextSize() const { return ctx_; }
    KvType kvType() const { return kv_.type(); }
    void reset(); // position 0: empty caches, zero state, no checkpoints
    // Forgets positions >= pos (e.g. to regenerate a reply). A model with
    // LinearAttention layers restores its recurrent state from the latest
    // checkpoint at or before pos (recurrent_state.h) and runs the tokens
    // from there to pos again (counted in replayedTokens).
    void rewind(uint32_t pos);
    uint64_t replayedTokens() const { return replayed_; }
    // LinearAttention layers: keep a checkpoint of the state at position pos
    // (after the tokens before it) when a forward passes it (a later request
    // replaces this one); a later rewind to pos or past it then runs nothing
    // before pos again.
    void requestCheckpoint(uint32_t pos);
    bool hasRecurrentState() const;
    // The recurrent state of one sequence and of the checkpoints held now.
    size_t recurrentStateBytes() const;
    size_t checkpointBytes() const;
    const Model& model() const { return *model_; }
    const std::shared_ptr<const Model>& sharedModel() const { return model_; }

    // The tensors to run (the backbone, a skill's overlay or a blend) and
    // the task mask (nullptr: dense). Either change empties the KV cache:
    // the cached keys were computed by other weights.
    void setWeights(std::shared_ptr<const Weights> weights);
    void setTask(std::shared_ptr<const TaskPlan> task);
    const std::shared_ptr<const Weights>& weights() const { return weights_; }
    const std::shared_ptr<const TaskPlan>& task() const { return task_; }
    // Records FFN activation mass and expert selections while set (nullptr: off).
    void setProbe(ForwardProbe* probe);
    void setup(const RunnerSetup& s) {
        setWeights(s.weights);
        setTask(s.task);
        setProbe(s.probe);
    }

    // The residual stream after layer `layer` for ids run from position 0
    // (the KV cache is overwritten), one row of hidden floats per token:
    // what skill routing reads (§9 selection, phi_layer).
    std::vector<float> residualAfter(std::span<const int32_t> ids, uint32_t layer);

private:
    void reserve(uint32_t positions);
    void embed(std::span<const int32_t> ids, float* x) const;
    // One decoder block: the mixer (attentionMixer or, for LinearAttention,
    // gatedDeltaNet), then the FFN, each with its residual add. snap: the
    // layer's states after the batch's tokens snapAfter (linear layers).
    void layerForward(size_t li, float* x, size_t n, std::span<const uint32_t> snapAfter = {}, GdnState* snaps = nullptr);
    void attentionMixer(const Layer& l, size_t li, const float* h, size_t n, float* out);
    void attention(const Layer& l, size_t li, const float* q, size_t n, float* out) const;
    // forward, or (everyState) a verify block keeping the recurrent state after every token.
    std::vector<float> run(std::span<const int32_t> ids, bool allLogits, bool everyState);
    // The layers and the head over x (n × hidden inputs at the next positions);
    // ids: the tokens behind them (for a recurrent state's replay), or empty.
    std::vector<float> runLayers(std::vector<float> x, std::span<const int32_t> ids, bool allLogits, bool everyState, bool logits);
    void checkRoom(size_t n) const;
    void ffn(const Layer& l, size_t li, const float* x, size_t n, float* out) const;
    void expertFfn(const Expert& e, const float* x, size_t n, float* out, std::span<const RowRun> keep = {},
                   std::vector<double>* mass = nullptr, const Weight* keptDown = nullptr) const;

    std::shared_ptr<const Model> model_;
    std::shared_ptr<const Weights> stack_; // the layers run when no skill is set (nullptr: the backbone's)
    std::shared_ptr<const Weights> weights_;
    std::shared_ptr<const TaskPlan> task_;
    std::vector<std::vector<RowRun>> ffnRuns_; // per layer, from task_; empty = every neuron
    // Per layer: the down projection's kept columns, when its layout gathers
    // exactly (column_gather.h); else absent and the full weight sees zeros.
    std::vector<Weight> keptDown_;
    std::vector<std::vector<uint8_t>> keptDownBytes_;
    ForwardProbe* probe_ = nullptr;
    uint32_t ctx_ = 0, pos_ = 0;
    const Rope& ropeFor(size_t li, uint32_t end);
    // The rotations (ropeAngles) of the n positions from pos_, made once for
    // every layer of a forward whose frequencies are these (most models:
    // all), not once per layer: a step of a 28-layer model made 28 × rotDim/2
    // sincos per token.
    const float* anglesFor(const Rope& rope, size_t n);
    struct RopeAngles {
        Rope rope;
        uint32_t pos = 0;
        size_t n = 0;
        std::vector<float> cs; // n × rotDim
    } angles_;
    std::vector<Rope> ropes_; // per layer
    std::vector<std::pair<uint32_t, Rope>> ropesPast_; // per layer: the frequencies past the switch point, for the length they were made for
    KvCache kv_;                            // attention layers: keys and values of the positions reserved
    std::unique_ptr<RecurrentState> state_; // LinearAttention layers
    std::vector<int32_t> history_;          // the tokens at positions [0, pos_), to run again after a restore
    std::optional<uint32_t> requested_;     // a checkpoint position asked for, until a forward passes it
    uint64_t replayed_ = 0;
    bool keepHidden_ = false;
    std::vector<float> hidden_;
    // Activations a forward reuses, grown as needed (a fresh vector per layer
    // of a 512-token prefill was page faults and zeroing, ~5 % of it); let go
    // after a forward that grew them past 64 MiB, so one long prompt does not
    // keep its batch's memory for the rest of a conversation.
    struct Scratch {
        std::vector<float> norm, mix, gate, up, q, k, v, att, qg;
        size_t bytes() const;
    };
    mutable Scratch scratch_;
    uint32_t hiddenStart_ = 0;
};

} // namespace cmf::engine
