// The pace of speculative decoding (engine/src/draft_pace.h), fed block
// outcomes by hand: how many drafts each step carries for cheap and dear
// drafts, high and low acceptance; pauses that double while nothing pays and
// end with one probe, at the cheapest cost measured or guessed; pacing by
// acceptance ignores time.
#include "draft_pace.h"

#include <QTest>

using cmf::engine::DraftPacer;

namespace {

// Tokens decoded plainly before next() proposes drafts again.
int pauseLength(DraftPacer& p, uint32_t max) {
    int n = 0;
    while (p.next(max) == 0 && n < 5000) ++n;
    return n;
}

} // namespace

class TestDraftPace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cheapAcceptedDraftsGrowToTheMost() {
        DraftPacer p(true, 0.1); // a batched token costs a tenth of a forward: memory-bound
        for (int i = 0; i < 20; ++i) {
            const uint32_t k = p.next(3);
            QCOMPARE(k, 3u);
            p.settled(k, k, 1.15); // all accepted, the block cost 1.15 forwards
        }
        QVERIFY(p.gain(3) > 3.0);
    }

    void theNumberOfDraftsFollowsAcceptanceAndCost() {
        // c = 1/3 of a forward per draft: one draft pays at α = 0.5, three need more.
        DraftPacer p(true, 0);
        for (int i = 0; i < 30; ++i) p.settled(1, i % 2, 1.0 + 1.0 / 3.0); // every other draft accepted
        QCOMPARE(p.next(3), 1u);
        DraftPacer q(true, 0);
        for (int i = 0; i < 30; ++i) q.settled(3, 3, 2.0); // all accepted at the same cost
        QCOMPARE(q.next(3), 3u);
    }

    void rejectionsPauseAndThePauseDoubles() {
        DraftPacer p(true, 0.6);
        QVERIFY(p.next(3) > 0); // tried once: the guess lets one block pay
        p.settled(3, 0, 2.0);    // nothing accepted
        const int first = pauseLength(p, 3);
        QVERIFY2(first >= 16, std::to_string(first).c_str());
        p.settled(1, 0, 1.4); // the probe after it fails too
        const int second = pauseLength(p, 3);
        QVERIFY2(second >= 2 * 16 && second >= 2 * first - 1, (std::to_string(first) + " then " + std::to_string(second)).c_str());
        // A block that pays again ends the doubling: the next pause is short again.
        p.settled(1, 1, 1.3);
        for (int i = 0; i < 5; ++i) p.settled(1, 0, 1.3);
        const int third = pauseLength(p, 3);
        QVERIFY2(third < second, (std::to_string(second) + " then " + std::to_string(third)).c_str());
    }

    void dearDraftsAreNotTried() {
        // A batched token as dear as a forward: each draft would cost about a forward.
        DraftPacer p(true, 2.0);
        QCOMPARE(p.next(3), 0u);
        QVERIFY(pauseLength(p, 3) >= 15);
        // A measured block that dear stops it at once (one probe comes after the pause).
        DraftPacer q(true, 0.2);
        QVERIFY(q.next(3) > 0);
        q.settled(1, 1, 2.1); // accepted, but the block cost 2.1 forwards for its two tokens
        QCOMPARE(q.next(3), 0u);
    }

    void aColdFirstBlockDoesNotStopDrafting() {
        // The prefill says a draft costs 0.15 forwards; the first block, on
        // cold caches, measures 0.7 and accepts nothing. After the pause the
        // pace tries again at the cheaper cost (had it kept 0.7, no block
        // could pay at the prior's α and every pause would double to 1024).
        DraftPacer p(true, 0.3);
        const uint32_t k = p.next(3);
        QVERIFY(k > 0);
        p.settled(k, 0, 1.0 + 0.7 * k);
        const int pause = pauseLength(p, 3);
        QVERIFY2(pause >= 16 && pause < 64, std::to_string(pause).c_str());
    }

    void aProbeOfDearRejectedDraftsIsOneBlock() {
        // MTP on random weights: the prefill guesses 0.065 forwards a draft,
        // every block costs 1.45 (the draft reads lm_head) and nothing is
        // accepted. Each pause ends in one probe block, and the pause after it
        // is twice as long: a block is never followed by another.
        DraftPacer p(true, 0.13);
        int blocks = 0;
        bool lastWasBlock = false;
        for (int token = 0; token < 1000; ++token) {
            const uint32_t k = p.next(1);
            QVERIFY2(!(k && lastWasBlock), ("two blocks in a row at token " + std::to_string(token)).c_str());
            lastWasBlock = k > 0;
            if (k) ++blocks, p.settled(k, 0, 1.45);
        }
        QVERIFY2(blocks <= 7, std::to_string(blocks).c_str()); // the first block, then probes after 16, 32, ... 512 tokens
    }

    void pacedByAcceptanceIgnoresTime() {
        DraftPacer p(false, 5.0);
        for (int i = 0; i < 7; ++i) {
            QCOMPARE(p.next(3), 3u);
            p.settled(3, 0, 10.0);
        }
        QCOMPARE(p.next(3), 3u);
        p.settled(3, 0, 10.0); // the eighth block in a row without an accepted draft
        QCOMPARE(pauseLength(p, 3), 16);
        p.settled(3, 1, 10.0);
        QCOMPARE(p.next(3), 3u);
    }
};

QTEST_GUILESS_MAIN(TestDraftPace)
#include "tst_draft_pace.moc"
