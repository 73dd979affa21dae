// matmul: the ways a weight meets a batch of activations.
//  - a weight packed as int8 panels at load (a compact model,
//    kernels/int8_panels.h): one product for every batch size, so decode,
//    verify blocks and prefill give a token the same floats;
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
#include "kernels/int8_panels.h"
#include "kernels/row_dot.h"

#include <algorithm>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace cmf::engine {
namespace {

constexpr size_t kFusedTokens = 4; // up to this batch, weights are read in place per token

struct DecodeInput {
    std::vector<kernels::Activation> acts; // per token
    std::vector<kernels::ActivationForms> forms; // per token
    std::vector<float> scaled, qScales, qOffset;
    std::vector<int8_t> q, qOrdered;
};

void prepareDecode(const Weight& w, const float* x, size_t nTok, DecodeInput& in) {
    const uint64_t cols = w.cols();
    in.acts.assign(nTok, {});
    if (w.bytes.dtype == DType::Q8_2F) in.scaled.resize(nTok * cols);
    // The nibble order is for the 4-bit kernels and vbit_ro's.
    const bool q8 = w.bytes.dtype == DType::Q8Row || w.bytes.dtype == DType::Q8_2F;
    if (kernels::needsInt8(w.bytes)) {
        in.q.resize(nTok * cols), in.qScales.resize(nTok * cols / 32);
        if (!q8) in.qOrdered.resize(nTok * cols), in.qOffset.resize(nTok * cols / 32);
        if (in.forms.size() < nTok) in.forms.resize(nTok);
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
            in.acts[t].q = in.q.data() + t * cols;
            in.acts[t].qScale = in.qScales.data() + t * cols / 32;
            if (!q8) {
                kernels::nibbleOrder(in.q.data() + t * cols, cols, in.qOrdered.data() + t * cols, in.qOffset.data() + t * cols / 32);
                in.acts[t].qNibbleOrder = in.qOrdered.data() + t * cols;
                in.acts[t].qOffset = in.qOffset.data() + t * cols / 32;
            }
            kernels::prepareActivation(w.bytes, in.acts[t], in.forms[t]);
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
    float out[kFusedTokens][512];
    float* outs[kFusedTokens];
    const kernels::Activation* acts[kFusedTokens];
    for (size_t t = 0; t < nTok; ++t) outs[t] = out[t], acts[t] = &in.acts[t];
    const uint64_t rows = o.outRows();
    forEachPiece(o, r0, r1, [&](uint64_t w0, uint64_t w1, uint64_t at) {
        for (uint64_t a = w0; a < w1; a += 512) {
            const uint64_t b = std::min<uint64_t>(w1, a + 512);
            kernels::dotRowsTokens(o.w->bytes, a, b, acts, nTok, outs);
            for (size_t t = 0; t < nTok; ++t) std::copy(out[t], out[t] + (b - a), o.y + t * rows + at + (a - w0));
        }
    });
}

// A batch's activations as the int8 products read them: quantized in
// 32-blocks (after a q8_2f weight's column field), with the blocks' sums.
struct Int8Batch {
    std::vector<int8_t> q;
    std::vector<float> scales, scaled;
    std::vector<int32_t> sums;
    void make(const Weight& w, const float* x, size_t nTok) {
        const uint64_t cols = w.cols(), groups = cols / 32;
        q.resize(nTok * cols), scales.resize(nTok * groups), sums.resize(nTok * groups);
        for (size_t t = 0; t < nTok; ++t) {
            const float* xt = x + t * cols;
            if (w.bytes.dtype == DType::Q8_2F) {
                scaled.resize(cols);
                kernels::scaleByColumnField(w.bytes, xt, scaled.data());
                xt = scaled.data();
            }
            kernels::quantizeActivation(xt, cols, q.data() + t * cols, scales.data() + t * groups);
        }
        kernels::groupSums(q.data(), cols, nTok, sums.data()); // once for every block of rows
    }
};

// Rows per task of the int8 products: whole 32-row tiles of the VNNI kernel
// (two 16-row panels), about 64 KB of codes.
uint64_t int8Block(uint64_t cols) { return std::max<uint64_t>(32, std::min<uint64_t>(128, (uint64_t(1) << 16) / cols) & ~uint64_t(31)); }

void prefillInt8(const MatmulOut& o, const float* x, size_t nTok) {
    const Weight& w = *o.w;
    float* y = o.y;
    const uint64_t rows = o.outRows(), cols = w.cols(), groups = cols / 32;
    // Per thread, reused: megabytes a call at a 512-token batch, and fresh
    // pages each time were page faults and zeroing in every matmul. (The
    // blocks below run on other threads: they read it by reference, since a
    // thread_local named in the lambda would be the worker's own.)
    thread_local Int8Batch batch;
    batch.make(w, x, nTok);
    const Int8Batch& in = batch;
    const uint64_t block = int8Block(cols);
    tbb::parallel_for(uint64_t(0), (rows + block - 1) / block, [&](uint64_t b) {
        const uint64_t r0 = b * block, r1 = std::min(rows, r0 + block);
        thread_local std::vector<int8_t> codes;
        thread_local std::vector<float> scales;
        codes.resize((r1 - r0) * cols), scales.resize((r1 - r0) * groups);
        forEachPiece(o, r0, r1, [&](uint64_t w0, uint64_t w1, uint64_t at) {
            kernels::packInt8(w.bytes, w0, w1, codes.data() + (at - r0) * cols, scales.data() + (at - r0) * groups,
                              w.vbitRowStarts ? w.vbitRowStarts->data() : nullptr);
        });
        kernels::gemmInt8(codes.data(), scales.data(), r1 - r0, cols, in.q.data(), in.scales.data(), nTok, y + r0, rows, in.sums.data());
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

// Weights packed as int8 panels, any batch size. A task mask's runs: the
// panels that hold kept rows are computed and the kept rows copied out.
void panelMatmul(std::span<const MatmulOut> outs, const float* x, size_t nTok) {
    // One quantization per input width (q/k/v, gate/up share theirs), one per q8_2f weight.
    thread_local std::vector<Int8Batch> batches;
    if (batches.size() < outs.size()) batches.resize(outs.size());
    std::vector<const Int8Batch*> in(outs.size());
    for (size_t i = 0; i < outs.size(); ++i) {
        const Weight& w = *outs[i].w;
        const bool shares = i > 0 && outs[i - 1].w->cols() == w.cols() && w.bytes.dtype != DType::Q8_2F &&
                            outs[i - 1].w->bytes.dtype != DType::Q8_2F;
        if (shares) in[i] = in[i - 1];
        else batches[i].make(w, x, nTok), in[i] = &batches[i];
    }
    struct Unit {
        size_t out;
        uint64_t p0, p1; // panels
    };
    std::vector<Unit> units;
    for (size_t i = 0; i < outs.size(); ++i) {
        const kernels::Int8Panels& p = *outs[i].w->panels;
        const uint64_t per = int8Block(p.cols) / kernels::kPanelRows;
        const auto add = [&](uint64_t a, uint64_t b) {
            for (; a < b; a += per) units.push_back({i, a, std::min(b, a + per)});
        };
        if (outs[i].runs.empty()) {
            add(0, p.panels());
            continue;
        }
        uint64_t a = 0, b = 0; // the panels of the runs, merged where they touch
        for (const RowRun& r : outs[i].runs) {
            const uint64_t ra = r.first / kernels::kPanelRows, rb = (r.first + r.count - 1) / kernels::kPanelRows + 1;
            if (ra > b) add(a, b), a = ra;
            b = std::max(b, rb);
        }
        add(a, b);
    }
    tbb::parallel_for(size_t(0), units.size(), [&](size_t u) {
        const Unit& un = units[u];
        const MatmulOut& o = outs[un.out];
        const kernels::Int8Panels& p = *o.w->panels;
        const Int8Batch& b = *in[un.out];
        const uint64_t r0 = un.p0 * kernels::kPanelRows;
        if (o.runs.empty())
            return kernels::gemmPanels(p, un.p0, un.p1, b.q.data(), b.scales.data(), b.sums.data(), nTok, o.y + r0, p.rows);
        thread_local std::vector<float> tmp;
        const uint64_t r1 = std::min(p.rows, un.p1 * kernels::kPanelRows), ld = r1 - r0, outRows = o.outRows();
        tmp.resize(nTok * ld);
        kernels::gemmPanels(p, un.p0, un.p1, b.q.data(), b.scales.data(), b.sums.data(), nTok, tmp.data(), ld);
        for (const RowRun& r : o.runs) {
            const uint64_t a = std::max(r0, r.first), e = std::min(r1, r.first + r.count);
            for (size_t t = 0; a < e && t < nTok; ++t)
                std::copy(tmp.data() + t * ld + (a - r0), tmp.data() + t * ld + (e - r0), o.y + t * outRows + r.out + (a - r.first));
        }
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
    const auto packed = [](const MatmulOut& o) { return o.w->panels != nullptr; };
    if (std::any_of(outs.begin(), outs.end(), packed)) {
        if (std::all_of(outs.begin(), outs.end(), packed)) return panelMatmul(outs, x, nTok);
        std::vector<MatmulOut> panels, rest;
        for (const auto& o : outs) (packed(o) ? panels : rest).push_back(o);
        panelMatmul(panels, x, nTok);
        return matmulMany(rest, x, nTok);
    }
    const bool decode = nTok <= kFusedTokens && std::all_of(outs.begin(), outs.end(), [](const MatmulOut& o) { return kernels::fused(o.w->bytes); });
    if (!decode) {
        for (const auto& o : outs) {
            if (kernels::packsToInt8(o.w->bytes)) prefillInt8(o, x, nTok);
            else prefillF32(o, x, nTok);
        }
        return;
    }
    // Each activation form once: q, k and v (gate and up) of one dtype read
    // the same quantized activation. A q8_2f weight's carries its own column field.
    const auto shares = [](const Weight& a, const Weight& b) {
        return a.cols() == b.cols() && a.bytes.dtype == b.bytes.dtype && a.bytes.dtype != DType::Q8_2F;
    };
    std::vector<DecodeInput> inputs(outs.size());
    std::vector<const DecodeInput*> input(outs.size());
    uint64_t totalRows = 0, totalBytes = 0;
    for (size_t i = 0; i < outs.size(); ++i) {
        for (size_t j = 0; j < i && !input[i]; ++j)
            if (shares(*outs[j].w, *outs[i].w)) input[i] = input[j];
        if (!input[i]) {
            prepareDecode(*outs[i].w, x, nTok, inputs[i]);
            input[i] = &inputs[i];
        }
        totalRows += outs[i].outRows();
        totalBytes += outs[i].w->bytes.nbytes / std::max<uint64_t>(1, outs[i].w->rows()) * outs[i].outRows();
    }
    // The weights' rows laid end to end, in tasks of an eighth of a thread's
    // share, from 64 KB to 256 KB of weights: enough work to amortise
    // scheduling and each task's start of the stream from memory, enough
    // tasks to balance. (Qwen2.5-0.5B on 2 threads, against 64 KB tasks
    // everywhere: q8 +2-4 %, 4-bit +3-6 %; 1 MB tasks lost 1.5-2 %.)
    const uint64_t share = totalBytes / (8 * uint64_t(std::max(1, tbb::this_task_arena::max_concurrency())));
    const uint64_t taskBytes = std::clamp<uint64_t>(share, uint64_t(1) << 16, uint64_t(1) << 18);
    const uint64_t grain = std::max<uint64_t>(8, taskBytes / std::max<uint64_t>(1, totalBytes / std::max<uint64_t>(1, totalRows)));
    tbb::parallel_for(tbb::blocked_range<uint64_t>(0, totalRows, grain), [&](const tbb::blocked_range<uint64_t>& range) {
        uint64_t base = 0;
        for (size_t i = 0; i < outs.size(); ++i) {
            const uint64_t rows = outs[i].outRows();
            const uint64_t a = std::max(range.begin(), base), b = std::min(range.end(), base + rows);
            if (a < b) decodeRows(outs[i], *input[i], a - base, b - base, nTok);
            base += rows;
        }
    });
}

} // namespace cmf::engine
