#include "mtp_draft.h"

#include "cmf/engine/ops.h"
#include "cmf/format/error.h"
#include "kernels/argmax.h"

#include <algorithm>

namespace cmf::engine {
namespace {

const MtpHead& headOf(const Model& m) {
    if (!m.mtp())
        throw Error(ErrorKind::Parse, "--draft mtp: " + m.file().primary().path() +
                                          " has no MTP head (arch.mtp); --draft lookup drafts from the context with any model");
    return *m.mtp();
}

} // namespace

MtpDrafter::MtpDrafter(std::shared_ptr<const Model> model, uint32_t ctx)
    : model_(std::move(model)), head_(headOf(*model_)), runner_(model_, ctx, head_.stack) {
    runner_.keepHidden(true); // chained drafts read the head's own hidden state
}

void MtpDrafter::observe(std::span<const float> hidden, uint32_t start) {
    const size_t H = model_->config().hidden;
    if (hidden.empty()) return;
    const uint32_t have = uint32_t(hidden_.size() / H);
    if (start < hiddenStart_ || start > hiddenStart_ + have) { // not contiguous with what is kept: start over from here
        hidden_.clear();
        hiddenStart_ = start;
    } else {
        hidden_.resize(size_t(start - hiddenStart_) * H);
    }
    hidden_.insert(hidden_.end(), hidden.begin(), hidden.end());
    if (!started_) {
        started_ = true;
        base_ = exact_ = hiddenStart_;
    }
}

void MtpDrafter::inputs(std::span<const int32_t> tokens, const float* h, float* x) const {
    const auto& c = model_->config();
    const size_t H = c.hidden, n = tokens.size();
    std::vector<float> e(H), cat(n * 2 * H);
    for (size_t i = 0; i < n; ++i) {
        decodeRows(model_->embed().bytes, uint64_t(tokens[i]), uint64_t(tokens[i]) + 1, e.data());
        if (c.embedScale != 0)
            for (auto& v : e) v *= c.embedScale;
        float* row = cat.data() + i * 2 * H;
        rmsNorm(e.data(), head_.enorm.data(), H, c.eps, c.gemmaNorm, row); // embedding first (§2.1)
        rmsNorm(h + i * H, head_.hnorm.data(), H, c.eps, c.gemmaNorm, row + H);
    }
    // One product for every entry: catching up after a pause (or over the
    // prompt) read eh_proj once per entry before, 70 µs each on Qwen3.5-0.8B.
    matmul(head_.ehProj, cat.data(), n, x);
}

void MtpDrafter::catchUp(std::span<const int32_t> context) {
    // Entry p reads t_{p+1}: the context's last token has none after it yet.
    if (context.size() >= 2) makeEntries(context, uint32_t(context.size()) - 2, false);
}

std::vector<float> MtpDrafter::logitsAfter(std::span<const int32_t> context) {
    if (context.size() < 2) return {};
    return makeEntries(context, uint32_t(context.size()) - 2, true); // the entry that drafts the token after context
}

std::vector<float> MtpDrafter::makeEntries(std::span<const int32_t> context, uint32_t last, bool logits) {
    const size_t H = model_->config().hidden;
    if (!started_) return {};
    const uint32_t have = uint32_t(hidden_.size() / H);
    // A position the head has no hidden state for (before the window, one
    // whose entry is made already, or one the backbone has not shown yet)
    // cannot be drafted from.
    if (last < base_ || last < hiddenStart_ || last >= hiddenStart_ + have) return {};
    if (exact_ < hiddenStart_) { // a gap in the hidden states: the head's cache starts again where they do
        base_ = exact_ = hiddenStart_;
        runner_.reset();
    }
    exact_ = std::min(exact_, last); // an entry past `last` was provisional or is stale
    runner_.rewind(exact_ - base_);
    const uint32_t n = last + 1 - exact_;
    std::vector<float> x(size_t(n) * H);
    // Entry p reads h_p (rows from hiddenStart_) and the token after it.
    inputs(context.subspan(exact_ + 1, n), hidden_.data() + size_t(exact_ - hiddenStart_) * H, x.data());
    auto out = runner_.forwardInputs(x, logits);
    exact_ = last + 1;
    // The entries up to `last` are made: their hidden states are not needed again.
    const uint32_t drop = std::min(last + 1, hiddenStart_ + have) - hiddenStart_;
    hidden_.erase(hidden_.begin(), hidden_.begin() + long(size_t(drop) * H));
    hiddenStart_ += drop;
    return out;
}

int32_t MtpDrafter::pick(const std::vector<float>& logits, std::span<const int32_t> history, Sampler* sampler,
                         std::vector<TokenDistribution>* q) {
    if (!sampler || sampler->greedy()) return int32_t(kernels::argmax(logits.data(), logits.size()));
    auto d = sampler->distribution(logits, history);
    const int32_t t = sampler->draw(d);
    if (q) q->push_back(std::move(d));
    return t;
}

std::vector<int32_t> MtpDrafter::draft(std::span<const int32_t> context, uint32_t max, Sampler* sampler, std::vector<TokenDistribution>* q) {
    if (q) q->clear();
    if (max == 0) return {};
    auto logits = logitsAfter(context);
    if (logits.empty()) return {};
    const size_t H = model_->config().hidden;
    std::vector<int32_t> history(context.begin(), context.end()), out;
    out.push_back(pick(logits, history, sampler, q));
    // Chained drafts: the head's own hidden state stands in for the backbone's.
    while (out.size() < max && runner_.position() < runner_.contextSize()) {
        history.push_back(out.back());
        std::vector<float> h(runner_.hidden().end() - long(H), runner_.hidden().end()), x(H);
        inputs(std::span<const int32_t>(&out.back(), 1), h.data(), x.data());
        logits = runner_.forwardInputs(x);
        out.push_back(pick(logits, history, sampler, q));
    }
    return out;
}

} // namespace cmf::engine
