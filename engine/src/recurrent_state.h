#pragma once
// The recurrent state of a sequence across every LinearAttention layer, and
// the checkpoints that let it go back. A KV cache is cut back by forgetting
// positions; a recurrent state cannot be: it is restored from the latest
// checkpoint at or before the position wanted and the tokens after it are
// run again (runner.cpp). Private to engine/.
#include "gated_delta_net.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cmf::engine {

class RecurrentState {
public:
    // Checkpoints kept, newest last: a chat turn makes two (the start of its
    // prefill and the prompt's last position), so these cover a few turns
    // back for edit and regenerate without holding the state of every turn.
    static constexpr size_t kCheckpoints = 6;

    // One state per layer; attention layers get an empty one.
    RecurrentState(const std::vector<Layer>& layers, const ModelConfig::Linear& dims);
    bool any() const { return any_; }
    GdnState& layer(size_t li) { return live_[li]; }
    // A copy per layer, sized, for gatedDeltaNet's snapshots.
    std::vector<GdnState> blank() const;

    // Zero state at position 0; every checkpoint dropped.
    void reset();
    // Records states (one per layer) as the state at position pos; replaces
    // a checkpoint at the same position, drops the oldest past the limit.
    void keep(uint32_t pos, std::vector<GdnState> states);
    void keepLive(uint32_t pos) { keep(pos, live_); }
    // Makes the live state the latest checkpoint at or before pos (the zero
    // state at 0 when there is none) and returns its position; checkpoints
    // past pos are dropped.
    uint32_t restore(uint32_t pos);

    // Where a forward of n tokens from pos leaves checkpoints: where a
    // prefill starts (the end of the last reply), before its last token
    // (Session reruns a prompt's last token: regenerate), and at `requested`
    // when the batch reaches it (the end of a chat's history, which the next
    // turn shares even when the template renders the last reply otherwise).
    struct Plan {
        std::vector<uint32_t> after; // batch indices after which gatedDeltaNet snapshots, ascending
        std::optional<uint32_t> end; // keep the live state at this position (pos + n) once the batch ran
        bool block = false;          // the snapshots are a speculative block's
    };
    // Plans, and keeps the start checkpoint at once. everyPosition (a
    // speculative block): a snapshot after every token but the last, kept
    // apart from the checkpoints, so drafts do not push a chat's checkpoints
    // out. The state after the last token is the live one, and the state at
    // the block's start is not kept: a decode loop goes back into a block,
    // never to before its first token (which it sampled); going there
    // anyway restores a checkpoint and runs the tokens after it again. A
    // block that continues the one before (a verify of more than
    // Runner::kExactBlock tokens) keeps that one's states and the state
    // where it ended, a draft's.
    Plan planCheckpoints(uint32_t pos, uint32_t n, std::optional<uint32_t> requested, bool everyPosition = false);
    // A verify begins: the last one's states are history.
    void startBlock() { clearBlock(); }
    // [layer][k] states for `count` snapshots (empty when there are none),
    // sized, their contents left for gatedDeltaNet to overwrite.
    std::vector<std::vector<GdnState>> snapshotBuffers(size_t count);
    // The snapshots gatedDeltaNet filled, as checkpoints; then the end one.
    void keepSnapshots(uint32_t pos, const Plan& plan, std::vector<std::vector<GdnState>> snaps);

    size_t liveBytes() const;   // the state of one sequence
    size_t checkpointBytes() const;

private:
    struct Checkpoint {
        uint32_t pos;
        std::vector<GdnState> states;
    };
    std::vector<ModelConfig::Linear> dims_; // per layer; kernel 0 = an attention layer
    std::vector<GdnState> live_;
    std::vector<Checkpoint> checkpoints_; // ascending positions
    std::vector<Checkpoint> block_;       // the last speculative block's states, ascending
    std::optional<uint32_t> blockEnd_;    // where the last speculative block ended, while its states are kept
    // State sets of blocks gone by, reused by the next ones: a set is the
    // size of every layer's state (18 MB on Qwen3.5-0.8B), and fresh ones per
    // block were fresh pages whose faults made a verify of one token cost
    // two forwards there.
    static constexpr size_t kSpareSets = 16; // a block of 16 drafts: a set after each token but the last
    std::vector<std::vector<GdnState>> spare_;
    std::vector<GdnState> takeSet(); // a spare, else a blank one
    void clearBlock();               // block_'s sets to the spares
    bool any_ = false;
};

} // namespace cmf::engine
