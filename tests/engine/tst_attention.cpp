// Decode attention (attendEach: one position at a time, each KV head's cache
// read once for its query heads, keys in fixed chunks over threads) against
// the plain per-head definition (attendHead); the AVX-512 kernel against the
// scalar one; a binary16 cache against a float32 cache holding the same
// rounded values; and the result's independence of the thread count.
// oneTBB first: its profiling header uses the word Qt defines as the emit macro.
#include <tbb/task_arena.h>

#include "test_support.h"

#include "cmf/engine/kv_cache.h"
#include "cmf/engine/ops.h"
#include "cmf/format/half.h"
#include "kernels/attend.h"
#include "kernels/row_dot.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

using cmf::engine::KvType;
namespace k = cmf::engine::kernels;

namespace {

struct Case {
    uint32_t hd, kvHeads, group, pos0, queries, window;
    float cap;
    std::vector<float> q, K, V; // K and V: (pos0 + queries) rows of kvHeads·hd
    std::vector<uint16_t> Kh, Vh;
    size_t kvw() const { return size_t(kvHeads) * hd; }
    size_t qw() const { return size_t(kvHeads) * group * hd; }
    float scale() const { return 1.0f / std::sqrt(float(hd)); }
    cmf::engine::AttentionBatch batch(KvType t) const {
        const cmf::engine::KvRows rows = t == KvType::F32 ? cmf::engine::KvRows{K.data(), V.data(), kvw(), hd, t}
                                                           : cmf::engine::KvRows{Kh.data(), Vh.data(), kvw(), hd, t};
        return {q.data(), qw(), rows, pos0, hd, group, window, scale(), cap};
    }
    std::vector<float> each(KvType t) const {
        std::vector<float> out(size_t(queries) * qw(), -1.0f);
        cmf::engine::attendEach(batch(t), kvHeads, queries, out.data());
        return out;
    }
};

Case make(uint32_t hd, uint32_t kvHeads, uint32_t group, uint32_t pos0, uint32_t queries, uint32_t window = 0, float cap = 0) {
    Case c{hd, kvHeads, group, pos0, queries, window, cap, {}, {}, {}, {}, {}};
    uint32_t state = 977u * hd + 31u * group + pos0;
    const auto rnd = [&] { state = state * 1664525u + 1013904223u; return float(state >> 8) / float(1u << 24) - 0.5f; };
    const size_t rows = pos0 + queries;
    c.q.resize(queries * c.qw());
    c.K.resize(rows * c.kvw());
    c.V.resize(rows * c.kvw());
    for (auto& x : c.q) x = 4 * rnd();
    for (auto& x : c.K) x = 4 * rnd();
    for (auto& x : c.V) x = 2 * rnd();
    // The f16 cache holds these values rounded; K and V are the same rounded
    // values in float32, so both caches describe one set of numbers.
    for (auto* v : {&c.K, &c.V}) {
        auto& h = v == &c.K ? c.Kh : c.Vh;
        for (auto& x : *v) {
            h.push_back(cmf::f32ToF16(x));
            x = cmf::f16ToF32(h.back());
        }
    }
    return c;
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

} // namespace

class TestAttention : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { cmf::engine::kernels::forceScalar(false); }

    void equalsPerHeadDefinition_data() {
        QTest::addColumn<uint32_t>("hd");
        QTest::addColumn<uint32_t>("kvHeads");
        QTest::addColumn<uint32_t>("group");
        QTest::addColumn<uint32_t>("pos0");
        QTest::addColumn<uint32_t>("queries");
        QTest::addColumn<uint32_t>("window");
        QTest::addColumn<float>("cap");
        QTest::newRow("first position, one key") << 64u << 2u << 7u << 0u << 1u << 0u << 0.0f;
        QTest::newRow("Qwen2.5 heads, three chunks") << 64u << 2u << 7u << 600u << 1u << 0u << 0.0f;
        QTest::newRow("Qwen3 heads, a verify block") << 128u << 2u << 2u << 300u << 4u << 0u << 0.0f;
        QTest::newRow("Qwen3.5 heads (256), 9 per KV head") << 256u << 1u << 9u << 257u << 2u << 0u << 0.0f;
        QTest::newRow("head_dim 48 (16 past a 32-block)") << 48u << 2u << 3u << 100u << 3u << 0u << 0.0f;
        QTest::newRow("head_dim 20 (scalar only)") << 20u << 2u << 3u << 40u << 2u << 0u << 0.0f;
        QTest::newRow("sliding window across chunks") << 64u << 1u << 4u << 900u << 2u << 300u << 0.0f;
        QTest::newRow("soft-capped") << 64u << 2u << 2u << 50u << 2u << 0u << 0.5f;
    }
    // attendEach's rows are attendHead's (the definition: scores, softmax,
    // weighted sum) within float rounding, for f32 and f16 caches, with the
    // vector kernel and the scalar one.
    void equalsPerHeadDefinition() {
        QFETCH(uint32_t, hd);
        QFETCH(uint32_t, kvHeads);
        QFETCH(uint32_t, group);
        QFETCH(uint32_t, pos0);
        QFETCH(uint32_t, queries);
        QFETCH(uint32_t, window);
        QFETCH(float, cap);
        const Case c = make(hd, kvHeads, group, pos0, queries, window, cap);
        for (bool scalar : {false, true}) {
            cmf::engine::kernels::forceScalar(scalar);
            for (KvType t : {KvType::F32, KvType::F16}) {
                const auto got = c.each(t);
                std::vector<float> want(hd);
                double worst = 0;
                for (uint32_t i = 0; i < queries; ++i)
                    for (uint32_t h = 0; h < kvHeads * group; ++h) {
                        const uint32_t p = pos0 + i, start = window && p + 1 > window ? p + 1 - window : 0;
                        cmf::engine::attendHead(c.q.data() + i * c.qw() + h * hd, c.K.data() + (h / group) * hd, c.V.data() + (h / group) * hd,
                                                c.kvw(), start, p, hd, c.scale(), want.data(), cap);
                        for (uint32_t d = 0; d < hd; ++d) worst = std::max(worst, double(std::fabs(got[i * c.qw() + h * hd + d] - want[d])));
                    }
                QVERIFY2(worst < 2e-6, (std::string(scalar ? "scalar " : "vector ") + cmf::engine::kvTypeName(t) + ": off by " +
                                        std::to_string(worst)).c_str());
            }
        }
    }

    // The f16 cache gives, bit for bit, what an f32 cache of the same values
    // gives: the kernels widen each row and then do the same arithmetic.
    void f16CacheIsItsValuesInFloat() {
        for (uint32_t hd : {64u, 128u, 48u}) {
            const Case c = make(hd, 2, 4, 700, 2);
            QVERIFY(sameBits(c.each(KvType::F16), c.each(KvType::F32)));
        }
    }

    // One thread or two: the same floats (fixed chunks, merged in order).
    void independentOfThreadCount() {
        const Case c = make(64, 2, 7, 1500, 1);
        std::vector<float> one, two;
        tbb::task_arena(1).execute([&] { one = c.each(KvType::F16); });
        tbb::task_arena(2).execute([&] { two = c.each(KvType::F16); });
        QVERIFY(sameBits(one, two));
    }

    // A block of positions (a verify block: its positions run each chunk
    // together, one read of the keys and values for all of them) gives each
    // position, bit for bit, what it gets alone as a one-token decode step:
    // positions on both sides of a chunk boundary, fewer than 16 keys, heads
    // past 8 rows of a pass, a sliding window reached inside the block (the
    // starts differ), soft-capping, more positions than run together.
    void blockGivesEachPositionItsOwnFloats_data() {
        QTest::addColumn<uint32_t>("hd");
        QTest::addColumn<uint32_t>("group");
        QTest::addColumn<uint32_t>("pos0");
        QTest::addColumn<uint32_t>("queries");
        QTest::addColumn<uint32_t>("window");
        QTest::addColumn<float>("cap");
        QTest::newRow("demo heads, four at 600") << 64u << 2u << 600u << 4u << 0u << 0.0f;
        QTest::newRow("across a chunk boundary") << 64u << 2u << 250u << 9u << 0u << 0.0f;
        QTest::newRow("fewer than 16 keys") << 64u << 3u << 2u << 5u << 0u << 0.0f;
        QTest::newRow("Qwen2.5 heads (7 per KV head)") << 64u << 7u << 300u << 4u << 0u << 0.0f;
        QTest::newRow("head_dim 128") << 128u << 2u << 40u << 3u << 0u << 0.0f;
        QTest::newRow("head_dim 48") << 48u << 4u << 77u << 6u << 0u << 0.0f;
        QTest::newRow("head_dim 256, 9 per KV head") << 256u << 9u << 513u << 3u << 0u << 0.0f;
        QTest::newRow("window reached inside the block") << 64u << 2u << 97u << 6u << 100u << 0.0f;
        QTest::newRow("soft-capped") << 64u << 2u << 31u << 4u << 0u << 0.5f;
        QTest::newRow("seventeen positions") << 64u << 2u << 500u << 17u << 0u << 0.0f;
    }
    void blockGivesEachPositionItsOwnFloats() {
        QFETCH(uint32_t, hd);
        QFETCH(uint32_t, group);
        QFETCH(uint32_t, pos0);
        QFETCH(uint32_t, queries);
        QFETCH(uint32_t, window);
        QFETCH(float, cap);
        const Case c = make(hd, 2, group, pos0, queries, window, cap);
        for (bool scalar : {false, true})
            for (KvType t : {KvType::F32, KvType::F16}) {
                k::forceScalar(scalar);
                const auto block = c.each(t);
                for (uint32_t i = 0; i < queries; ++i) {
                    auto alone = c.batch(t);
                    alone.q += size_t(i) * c.qw();
                    alone.pos0 += i;
                    std::vector<float> got(c.qw(), -1.0f);
                    cmf::engine::attendEach(alone, c.kvHeads, 1, got.data());
                    QVERIFY2(std::memcmp(got.data(), block.data() + size_t(i) * c.qw(), c.qw() * sizeof(float)) == 0,
                             (std::string(scalar ? "scalar " : "vector ") + cmf::engine::kvTypeName(t) + ", position " + std::to_string(i)).c_str());
                }
            }
    }

    // Prefill's batched form (two GEMMs per KV head and block of 128 keys,
    // joined by an online softmax; the vector exponential; the f16 rows
    // widened) gives the rows decode's form gives: keys across three and
    // eight blocks (of the eight, the first queries see none of the last block's
    // keys), a sliding window that starts inside a block, soft-capping.
    void batchedEqualsEach_data() {
        QTest::addColumn<uint32_t>("group");
        QTest::addColumn<uint32_t>("pos0");
        QTest::addColumn<uint32_t>("window");
        QTest::addColumn<float>("cap");
        QTest::newRow("three blocks") << 7u << 333u << 0u << 0.0f;
        QTest::newRow("eight blocks") << 2u << 990u << 0u << 0.0f;
        QTest::newRow("sliding window of 100") << 4u << 900u << 100u << 0.0f;
        QTest::newRow("soft-capped") << 2u << 300u << 0u << 0.5f;
    }
    void batchedEqualsEach() {
        QFETCH(uint32_t, group);
        QFETCH(uint32_t, pos0);
        QFETCH(uint32_t, window);
        QFETCH(float, cap);
        for (bool scalar : {false, true})
            for (KvType t : {KvType::F32, KvType::F16}) {
                cmf::engine::kernels::forceScalar(scalar);
                const Case c = make(64, 2, group, pos0, 40, window, cap);
                std::vector<float> batched(size_t(c.queries) * c.qw(), -1.0f);
                for (uint32_t kvh = 0; kvh < c.kvHeads; ++kvh) cmf::engine::attendBatch(c.batch(t), 0, c.queries, kvh, batched.data());
                const auto each = c.each(t);
                double worst = 0;
                for (size_t i = 0; i < each.size(); ++i) worst = std::max(worst, double(std::fabs(each[i] - batched[i])));
                QVERIFY2(worst < 2e-6, (std::string(scalar ? "scalar " : "vector ") + std::to_string(worst)).c_str());
            }
    }

    // The online softmax's block step, vector against scalar and against its
    // definition: a first block (the factor is 0), a block that raises the
    // maximum (the factor rescales the old sum), one that does not (1).
    void softmaxBlockSteps() {
        for (bool scalar : {false, true}) {
            k::forceScalar(scalar);
            for (uint32_t n : {1u, 15u, 16u, 17u, 333u}) {
                std::vector<float> x(n);
                for (uint32_t i = 0; i < n; ++i) x[i] = float((i * 37) % 23) * 0.7f - 8.0f;
                const float top = *std::max_element(x.begin(), x.end());
                float max = -INFINITY, sum = 0;
                auto y = x;
                QCOMPARE(k::softmaxBlock(y.data(), n, max, sum), 0.0f);
                QCOMPARE(max, top);
                double want = 0;
                for (uint32_t i = 0; i < n; ++i) {
                    const float e = std::exp(x[i] - top);
                    want += e;
                    QVERIFY2(std::fabs(y[i] - e) <= 2e-6f * e + 1e-30f, std::to_string(n).c_str());
                }
                QVERIFY(std::fabs(sum - want) <= 1e-5 * want);
                // A block 3 above: the old sum is carried at e^-3.
                y = x;
                for (auto& v : y) v += 3.0f;
                const float carried = sum;
                const float f = k::softmaxBlock(y.data(), n, max, sum);
                QVERIFY(std::fabs(f - std::exp(-3.0f)) <= 1e-6f);
                QCOMPARE(max, top + 3.0f);
                QVERIFY(std::fabs(sum - (carried * f + want)) <= 1e-5 * sum);
                // A block below the maximum: nothing to rescale.
                y = x;
                QCOMPARE(k::softmaxBlock(y.data(), n, max, sum), 1.0f);
                QCOMPARE(max, top + 3.0f);
            }
        }
    }

    void cacheStoresAndNames() {
        cmf::engine::KvCache cache({true, false, true}, 2, 2, KvType::F16); // two KV heads of two elements
        cache.reserve(3);
        const float k[4] = {1.0f, -2.5f, 1.0f / 3, 65504.0f}, v[4] = {0.5f, 0, -0.0f, 1e-8f};
        cache.store(2, 1, k, v);
        const auto checkPosition1 = [&] {
            float back[2];
            cmf::engine::kvRowToFloat(cache.rows(2), true, 1, 2, back);
            QCOMPARE(back[0], 1.0f);
            QCOMPARE(back[1], -2.5f);
            cmf::engine::kvRowToFloat(cache.rows(2).head(1), true, 1, 2, back);
            QCOMPARE(back[0], cmf::f16ToF32(cmf::f32ToF16(1.0f / 3))); // rounded to binary16
            QVERIFY(back[0] != 1.0f / 3);
            QCOMPARE(back[1], 65504.0f);
            cmf::engine::kvRowToFloat(cache.rows(2).head(1), false, 1, 2, back); // the second head's values
            QCOMPARE(back[0], -0.0f);
            QVERIFY(std::signbit(back[0]));
            QCOMPARE(back[1], 0.0f); // 1e-8 is below binary16's smallest subnormal
        };
        checkPosition1();
        // More room moves every head's rows to the head's new place; what was stored stays.
        cache.reserve(40);
        checkPosition1();
        const float k2[4] = {7, 8, 9, 10};
        cache.store(2, 39, k2, v);
        float back[2];
        cmf::engine::kvRowToFloat(cache.rows(2).head(1), true, 39, 2, back);
        QCOMPARE(back[0], 9.0f);
        QCOMPARE(back[1], 10.0f);
        checkPosition1();
        QCOMPARE(cmf::engine::kvTypeFromName("f16"), std::optional<KvType>(KvType::F16));
        QVERIFY(!cmf::engine::kvTypeFromName("q8"));
        QCOMPARE(cmf::engine::kvElementBytes(KvType::F32), size_t(4));
    }
};

QTEST_GUILESS_MAIN(TestAttention)
#include "tst_attention.moc"
