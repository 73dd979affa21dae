#pragma once
// How many drafts the next verify block carries (speculative.h): the
// number that makes decode fastest by what recent blocks showed, or none
// for a while when no number pays. Private to engine/.
//
// Paced by time: a block of k drafts costs about 1 + c·k one-token forwards
// (c, the extra cost of a draft, measured on every block: small where the
// weights' reading bounds decode, larger where compute does) and gives
// Σ_{i≤k} α^i tokens on average (α, the share of drafts accepted among
// those tested, a run ending at the first rejection). k maximises the
// ratio of the two; when even the best k promises less than 5 % over plain
// decode, drafting pauses — 16 tokens, twice as long each time no block
// paid (gave its tokens in under 0.9 of plain decode's time) in between, up
// to 1024 — and comes back forgetting what α was (the text has moved on),
// with c the lowest measured or guessed (the first block runs on cold
// caches: the demo's cost twice what later ones do, and that one measure
// alone must not stop drafting for good), trying one block wherever one
// could pay at all; that block's measured cost then replaces the one it was
// tried at. Both estimates weigh each older block 0.7 of the next.
// Blocks are timed against the recent minimum of a one-token forward, so a
// slow block makes drafting look dearer, never cheaper.
//
// Paced by acceptance (tests: draft counts that do not depend on the
// machine's speed): always the most drafts allowed, paused after eight
// blocks in a row that accept nothing.
#include <cstdint>

namespace cmf::engine {

class DraftPacer {
public:
    // byTime: the pace above. batchRatio: what a token of a batched forward
    // (the prompt's prefill) cost over a one-token forward, 0 unknown; it
    // seeds c before any block is timed (a batch no cheaper per token than a
    // forward says drafts cannot pay).
    DraftPacer(bool byTime, double batchRatio);
    // Drafts for the next block, at most max; 0: decode this token plainly.
    uint32_t next(uint32_t max);
    // The block carried `drafts` and `accepted` of them were taken; it cost
    // `forwards` one-token forwards (by time).
    void settled(uint32_t drafts, uint32_t accepted, double forwards);
    // The expected speed-up of k drafts, by the current estimates.
    double gain(uint32_t k) const;

private:
    void pause();

    bool byTime_;
    double accepted_, tested_; // decayed counts of drafts accepted and tested (a prior of one in two)
    double extra_;             // c: a block's cost per draft, in one-token forwards
    double cheapest_;          // the lowest c measured, or the guess if lower
    bool timed_ = false;       // c was measured (else it is the guess from the prefill)
    bool probe_ = false;       // back from a pause: the next block is tried if it could pay at all
    bool fresh_ = false;       // the block being settled is that probe: its cost is taken as measured
    uint32_t idle_ = 0, skip_ = 0, backOff_ = 0;
};

} // namespace cmf::engine
