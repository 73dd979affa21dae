// matmul: the three ways a weight meets a batch of activations.
//  - decode (a few tokens, a fused dtype): kernels read every weight byte in
//    place once per token; the activations are prepared once per weight
//    (column field folded in for q8_2f, int8 blocks for the 4-bit family and vbit_ro);
//  - prefill with an int8-coded weight (q8, the 4-bit family, vbit):
//    activations quantized once, each block of rows unpacked to int8 once and
//    used for the whole batch (a vbit weight without a row table takes this
//    path for decode too);
//  - prefill otherwise: each block of rows decoded to float32 once.
// A task mask's kept rows arrive as runs (MatmulOut::runs): every path reads
// and computes those rows only.
#include "cmf/engine/ops.h"

#include "kernels/gemm_int8.h"
#include "kernels/row_dot.h"

#include <algorithm>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace cmf::engine {
namespace {

constexpr size_t kFusedTokens = 4; // up to this batch, weights are read in place per token

struct DecodeInput {
    std::vector<kernels::Activation> acts; // per token
    std::vector<float> scaled, qScales, qOffset;
    std::vector<int8_t> q, qOrdered;
};

void prepareDecode(const Weight& w, const float* x, size_t nTok, DecodeInput& in) {
    const uint64_t cols = w.cols();
    in.acts.assign(nTok, {});
    if (w.bytes.dtype == DType::Q8_2F) in.scaled.resize(nTok * cols);
    if (kernels::needsInt8(w.bytes)) {
        in.q.resize(nTok * cols), in.qOrdered.resize(nTok * cols);
        in.qScales.resize(nTok * cols / 32), in.qOffset.resize(nTok * cols / 32);
    }
    for (size_t t = 0; t < nTok; ++t) {
        in.acts[t].x = x + t * cols;
        if (!in.scaled.empty()) {
            kernels::scaleByColumnField(w.bytes, x + t * cols, in.scaled.data() + t * cols);
            in.acts[t].x = in.scaled.data() + t * cols;
        }
        if (!in.q.empty()) {
            // q8_2f: the activation with its column field folded in, as the kernels read it.
            kernels::quantizeActivation(in.acts[t].x, cols, in.q.data() + t * cols, in.qScales.data() + t * cols / 32);
            kernels::nibbleOrder(in.q.data() + t * cols, cols, in.qOrdered.data() + t * cols, in.qOffset.data() + t * cols / 32);
            in.acts[t].q = in.q.data() + t * cols;
            in.acts[t].qScale = in.qScales.data() + t * cols / 32;
            in.acts[t].qNibbleOrder = in.qOrdered.data() + t * cols;
            in.acts[t].qOffset = in.qOffset.data() + t * cols / 32;
        }
    }
}

// Output rows [o0, o1) of o as pieces of contiguous weight rows:
// fn(weightRow0, weightRow1, outRow0).
template <class Fn>
void forEachPiece(const MatmulOut& o, uint64_t o0, uint64_t o1, Fn fn) {
    if (o.runs.empty()) return fn(o0, o1, o0);
    // Runs are in output order; find the first that ends after o0.
    auto it = std::upper_bound(o.runs.begin(), o.runs.end(), o0, [](uint64_t v, const RowRun& r) { return v < r.out + r.count; });
    for (; it != o.runs.end() && it->out < o1; ++it) {
        const uint64_t a = std::max(o0, it->out), b = std::min(o1, it->out + it->count);
        fn(it->first + (a - it->out), it->first + (b - it->out), a);
    }
}

// Output rows [r0, r1) of one weight for every token.
void decodeRows(const MatmulOut& o, const DecodeInput& in, uint64_t r0, uint64_t r1, size_t nTok) {
    float out[512];
    const uint64_t rows = o.outRows();
    forEachPiece(o, r0, r1, [&](uint64_t w0, uint64_t w1, uint64_t at) {
        for (uint64_t a = w0; a < w1; a += 512) {
            const uint64_t b = std::min<uint64_t>(w1, a + 512);
            for (size_t t = 0; t < nTok; ++t) {
                kernels::dotRows(o.w->bytes, a, b, in.acts[t], out);
                std::copy(out, out + (b - a), o.y + t * rows + at + (a - w0));
            }
        }
    });
}

void prefillInt8(const MatmulOut& o, const float* x, size_t nTok) {
    const Weight& w = *o.w;
    float* y = o.y;
    const uint64_t rows = o.outRows(), cols = w.cols(), groups = cols / 32;
    // Per thread, reused: megabytes a call at a 512-token batch, and fresh
    // pages each time were page faults and zeroing in every matmul. (The
    // blocks below run on other threads: they take these by pointer, since a
    // thread_local named in the lambda would be the worker's own.)
    thread_local std::vector<int8_t> xqBuf;
    thread_local std::vector<float> xsBuf, scaled;
    thread_local std::vector<int32_t> sumsBuf;
    xqBuf.resize(nTok * cols), xsBuf.resize(nTok * groups), sumsBuf.resize(nTok * groups);
    int8_t* const xq = xqBuf.data();
    float* const xs = xsBuf.data();
    int32_t* const sums = sumsBuf.data();
    for (size_t t = 0; t < nTok; ++t) {
        const float* xt = x + t * cols;
        if (w.bytes.dtype == DType::Q8_2F) {
            scaled.resize(cols);
            kernels::scaleByColumnField(w.bytes, xt, scaled.data());
            xt = scaled.data();
        }
        kernels::quantizeActivation(xt, cols, xq + t * cols, xs + t * groups);
    }
    kernels::groupSums(xq, cols, nTok, sums); // once for every block of rows
    // Blocks of whole 32-row tiles of the VNNI kernel (two 16-row panels), about 64 KB of codes.
    const uint64_t block = std::max<uint64_t>(32, std::min<uint64_t>(128, (uint64_t(1) << 16) / cols) & ~uint64_t(31));
    tbb::parallel_for(uint64_t(0), (rows + block - 1) / block, [&](uint64_t b) {
        const uint64_t r0 = b * block, r1 = std::min(rows, r0 + block);
        thread_local std::vector<int8_t> codes;
        thread_local std::vector<float> scales;
        codes.resize((r1 - r0) * cols), scales.resize((r1 - r0) * groups);
        forEachPiece(o, r0, r1, [&](uint64_t w0, uint64_t w1, uint64_t at) {
            kernels::packInt8(w.bytes, w0, w1, codes.data() + (at - r0) * cols, scales.data() + (at - r0) * groups,
                              w.vbitRowStarts ? w.vbitRowStarts->data() : nullptr);
        });
        kernels::gemmInt8(codes.data(), scales.data(), r1 - r0, cols, xq, xs, nTok, y + r0, rows, sums);
    });
}

void prefillF32(const MatmulOut& o, const float* x, size_t nTok) {
    const Weight& w = *o.w;
    float* y = o.y;
    const uint64_t rows = o.outRows(), cols = w.cols();
    const uint64_t block = std::max<uint64_t>(1, std::min<uint64_t>(64, (1u << 16) / std::max<uint64_t>(1, cols)));
    tbb::parallel_for(uint64_t(0), (rows + block - 1) / block, [&](uint64_t b) {
        const uint64_t r0 = b * block, r1 = std::min(rows, r0 + block);
        thread_local std::vector<float> buf;
        buf.resize((r1 - r0) * cols);
        forEachPiece(o, r0, r1, [&](uint64_t w0, uint64_t w1, uint64_t at) { cmf::decodeRows(w.bytes, w0, w1, buf.data() + (at - r0) * cols); });
        kernels::gemmF32(buf.data(), r1 - r0, cols, x, nTok, y + r0, rows);
    });
}

} // namespace

uint64_t MatmulOut::outRows() const {
    if (runs.empty()) return w->rows();
    return runs.back().out + runs.back().count;
}

std::vector<RowRun> rowRuns(std::span<const uint32_t> rows) {
    std::vector<RowRun> runs;
    for (size_t i = 0; i < rows.size(); ++i) {
        if (!runs.empty() && runs.back().first + runs.back().count == rows[i]) ++runs.back().count;
        else runs.push_back({rows[i], 1, i});
    }
    return runs;
}

void matmul(const Weight& w, const float* x, size_t nTok, float* y) {
    const MatmulOut one{&w, y};
    matmulMany(std::span<const MatmulOut>(&one, 1), x, nTok);
}

void matmulMany(std::span<const MatmulOut> outs, const float* x, size_t nTok) {
    const bool decode = nTok <= kFusedTokens && std::all_of(outs.begin(), outs.end(), [](const MatmulOut& o) { return kernels::fused(o.w->bytes); });
    if (!decode) {
        for (const auto& o : outs) {
            if (kernels::packsToInt8(o.w->bytes)) prefillInt8(o, x, nTok);
            else prefillF32(o, x, nTok);
        }
        return;
    }
    std::vector<DecodeInput> inputs(outs.size());
    uint64_t totalRows = 0, totalBytes = 0;
    for (size_t i = 0; i < outs.size(); ++i) {
        prepareDecode(*outs[i].w, x, nTok, inputs[i]);
        totalRows += outs[i].outRows();
        totalBytes += outs[i].w->bytes.nbytes / std::max<uint64_t>(1, outs[i].w->rows()) * outs[i].outRows();
    }
    // The weights' rows laid end to end, about 64 KB of weights per task:
    // enough work to amortise scheduling, enough tasks to balance.
    const uint64_t grain = std::max<uint64_t>(8, (uint64_t(1) << 16) / std::max<uint64_t>(1, totalBytes / std::max<uint64_t>(1, totalRows)));
    tbb::parallel_for(tbb::blocked_range<uint64_t>(0, totalRows, grain), [&](const tbb::blocked_range<uint64_t>& range) {
        uint64_t base = 0;
        for (size_t i = 0; i < outs.size(); ++i) {
            const uint64_t rows = outs[i].outRows();
            const uint64_t a = std::max(range.begin(), base), b = std::min(range.end(), base + rows);
            if (a < b) decodeRows(outs[i], inputs[i], a - base, b - base, nTok);
            base += rows;
        }
    });
}

} // namespace cmf::engine
