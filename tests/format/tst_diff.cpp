// cmf::diff on files built for the purpose: statuses from the directory
// (dtype, shape, hash), NMSE against values worked out by hand and against a
// direct computation over a tensor large enough to be split into row blocks,
// the header as JSON pointers, the sections, progress and cancel.
#include "file_builder.h"
#include "test_support.h"

#include "cmf/format/codec.h"
#include "cmf/format/diff.h"
#include "cmf/format/error.h"

#include <QTest>
#include <atomic>
#include <cmath>
#include <cstring>
#include <mutex>

using nlohmann::json;

namespace {

std::vector<uint8_t> f32Bytes(const std::vector<float>& v) {
    std::vector<uint8_t> out(v.size() * 4);
    std::memcpy(out.data(), v.data(), out.size());
    return out;
}

json baseHeader() { return {{"format", "cmf"}, {"version", 2}, {"arch", {{"hidden_size", 8}}}}; }

cmf::Model write(const cmftest::FileBuilder& b, const char* name) {
    const std::string path = cmftest::tempDir() + "/" + name;
    b.writeTo(path);
    return cmf::Model::open(path);
}

const cmf::TensorDiff& find(const cmf::DiffReport& r, const std::string& name) {
    for (const auto& t : r.tensors)
        if (t.name == name) return t;
    throw std::runtime_error("no row for " + name);
}

// A deterministic, non-trivial f32 tensor.
std::vector<float> wave(size_t n, float phase) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = std::sin(float(i) * 0.37f + phase) * (1.0f + float(i % 7));
    return v;
}

} // namespace

class TestDiff : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void statusesAndExactNmse() {
        cmftest::FileBuilder a, b;
        a.header = b.header = baseHeader();
        // Σa² = 1+4+9+16+25+36 = 91; B differs by 0.5 in one element.
        a.addRaw("w", 0, {2, 3}, f32Bytes({1, 2, 3, 4, 5, 6}));
        b.addRaw("w", 0, {2, 3}, f32Bytes({1, 2, 3, 4, 5.5f, 6}));
        a.addF16("same", {4, 8}, 7);
        b.addF16("same", {4, 8}, 7);
        a.addF16("reshaped", {4, 8}, 2);
        b.addF16("reshaped", {2, 16}, 2);
        a.addRaw("zeros", 0, {3}, f32Bytes({0, 0, 0}));
        b.addRaw("zeros", 0, {3}, f32Bytes({0, 1, 0}));
        // Same values, other dtype: changed, and NMSE exactly 0.
        a.addRaw("retyped", 0, {2, 2}, f32Bytes({0.5f, -1, 2, 0.25f}));
        b.addRaw("retyped", 1, {2, 2}, {0x00, 0x38, 0x00, 0xbc, 0x00, 0x40, 0x00, 0x34}); // the same four values in f16
        a.addF16("gone", {8}, 3);
        b.addF16("new", {8}, 4);
        const cmf::Model ma = write(a, "a.cmf"), mb = write(b, "b.cmf");
        const cmf::DiffReport r = cmf::diff(ma, mb);

        QCOMPARE(r.tensorsA, uint64_t(6));
        QCOMPARE(r.tensorsB, uint64_t(6));
        QCOMPARE(r.tensors.size(), size_t(7)); // A's six, then B's "new"
        QCOMPARE(r.tensors.back().name, std::string("new"));
        QCOMPARE(r.count(cmf::DiffStatus::Same), uint64_t(1));
        QCOMPARE(r.count(cmf::DiffStatus::Changed), uint64_t(4));
        QCOMPARE(r.count(cmf::DiffStatus::OnlyA), uint64_t(1));
        QCOMPARE(r.count(cmf::DiffStatus::OnlyB), uint64_t(1));
        QVERIFY(!r.identical());

        const auto& w = find(r, "w");
        QCOMPARE(w.status, cmf::DiffStatus::Changed);
        QVERIFY(!w.dtypeChanged() && !w.shapeChanged());
        QVERIFY(w.nmse.has_value());
        QCOMPARE(*w.nmse, 0.25 / 91.0);

        const auto& same = find(r, "same");
        QCOMPARE(same.status, cmf::DiffStatus::Same);
        QCOMPARE(*same.nmse, 0.0);

        const auto& reshaped = find(r, "reshaped");
        QCOMPARE(reshaped.status, cmf::DiffStatus::Changed); // same bytes and hash, other shape
        QVERIFY(reshaped.shapeChanged());
        QCOMPARE(reshaped.a->hash, reshaped.b->hash);
        QVERIFY(!reshaped.nmse);
        QCOMPARE(reshaped.note, std::string("shapes differ"));

        const auto& zeros = find(r, "zeros");
        QVERIFY(zeros.nmse && std::isinf(*zeros.nmse));
        QCOMPARE(zeros.note, std::string("A is all zeros"));

        const auto& retyped = find(r, "retyped");
        QCOMPARE(retyped.status, cmf::DiffStatus::Changed);
        QVERIFY(retyped.dtypeChanged());
        QCOMPARE(*retyped.nmse, 0.0);

        QCOMPARE(find(r, "gone").status, cmf::DiffStatus::OnlyA);
        QVERIFY(find(r, "gone").a && !find(r, "gone").b);
        QCOMPARE(find(r, "new").status, cmf::DiffStatus::OnlyB);
        QVERIFY(!find(r, "new").a && find(r, "new").b);
        QCOMPARE(r.valuesCompared, uint64_t(6 + 3 + 4));

        // Without values: the same verdicts, no NMSE for changed tensors.
        cmf::DiffOptions o;
        o.values = false;
        const cmf::DiffReport nv = cmf::diff(ma, mb, o);
        QCOMPARE(nv.count(cmf::DiffStatus::Changed), uint64_t(4));
        QVERIFY(!find(nv, "w").nmse);
        QCOMPARE(find(nv, "w").note, std::string("values not compared"));
        QCOMPARE(nv.valuesCompared, uint64_t(0));
    }

    void fileAgainstItselfIsIdentical() {
        cmftest::FileBuilder a;
        a.header = baseHeader();
        a.addF16("x", {4, 8}, 1);
        a.addF16("y", {8}, 2);
        a.vocab = std::vector<uint8_t>{'{', '}'};
        const cmf::Model m = write(a, "self.cmf");
        const cmf::DiffReport r = cmf::diff(m, m);
        QVERIFY(r.identical());
        QCOMPARE(r.count(cmf::DiffStatus::Same), uint64_t(2));
        QVERIFY(r.header.empty());
        QCOMPARE(r.sections.size(), size_t(3));
        QVERIFY(r.sectionsSame());
        QCOMPARE(r.valuesCompared, uint64_t(0)); // nothing changed: nothing decoded
    }

    // A tensor split into several row blocks gives the same NMSE as one pass
    // over the whole tensor; progress reaches its total; cancel stops it.
    void largeTensorInBlocks() {
        const size_t rows = 700, cols = 1024; // 716,800 elements: several blocks of 2^18
        std::vector<float> va = wave(rows * cols, 0), vb = va;
        for (size_t i = 0; i < vb.size(); i += 3) vb[i] += 0.01f * float(i % 5);
        cmftest::FileBuilder a, b;
        a.header = b.header = baseHeader();
        a.addRaw("big", 0, {uint32_t(rows), uint32_t(cols)}, f32Bytes(va));
        b.addRaw("big", 0, {uint32_t(rows), uint32_t(cols)}, f32Bytes(vb));
        const cmf::Model ma = write(a, "big-a.cmf"), mb = write(b, "big-b.cmf");
        double num = 0, den = 0;
        for (size_t i = 0; i < va.size(); ++i) {
            const double d = double(va[i]) - double(vb[i]);
            num += d * d;
            den += double(va[i]) * double(va[i]);
        }

        // Reports come from worker threads and may arrive out of order; the
        // largest one must be the total.
        std::mutex mu;
        uint64_t last = 0, lastTotal = 0;
        cmf::Control c;
        c.progress = [&](uint64_t done, uint64_t total, std::string_view phase) {
            if (phase != "comparing values") return;
            std::lock_guard lock(mu);
            last = std::max(last, done);
            lastTotal = total;
        };
        const cmf::DiffReport r = cmf::diff(ma, mb, {}, c);
        const auto& big = find(r, "big");
        QVERIFY(big.nmse);
        QVERIFY2(std::abs(*big.nmse - num / den) <= 1e-12 * (num / den), std::to_string(*big.nmse).c_str());
        QVERIFY(*big.nmse > 0);
        QCOMPARE(lastTotal, uint64_t(2 * rows * cols * 4)); // both payloads, in bytes
        QCOMPARE(last, lastTotal);

        std::atomic<bool> stop{true};
        cmf::Control cancel;
        cancel.cancel = &stop;
        try {
            cmf::diff(ma, mb, {}, cancel);
            QFAIL("diff did not stop");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Cancelled);
        }
    }

    void headerAsJsonPointers() {
        const json a = {{"format", "cmf"},
                        {"arch", {{"hidden_size", 8}, {"layer_types", {"A", "B", "C"}}, {"a/b~c", 1}}},
                        {"gone", true},
                        {"section_hashes", {{"vocab", "00"}}},
                        {"skills", json::array()}};
        const json b = {{"format", "cmf"},
                        {"arch", {{"hidden_size", 16}, {"layer_types", {"A", "X"}}, {"a/b~c", 2}}},
                        {"added", {{"k", 1}}},
                        {"section_hashes", {{"vocab", "ff"}}},
                        {"skills", {{{"id", "code"}}}}};
        const auto ch = cmf::diffHeaders(a, b);
        std::vector<std::string> got;
        for (const auto& c : ch) got.push_back(std::string(cmf::headerOpName(c.op)) + " " + c.path);
        // Keys in sorted order, section_hashes left out (the sections are compared byte for byte).
        const std::vector<std::string> want = {"add /added",          "replace /arch/a~1b~0c", "replace /arch/hidden_size",
                                               "replace /arch/layer_types/1", "remove /arch/layer_types/2", "remove /gone",
                                               "add /skills/0"};
        QCOMPARE(got, want);
        JCOMPARE(ch[0].b, (json{{"k", 1}}));
        JCOMPARE(ch[0].a, nullptr);
        JCOMPARE(ch[2].a, 8);
        JCOMPARE(ch[2].b, 16);
        JCOMPARE(ch[4].a, "C");
        QVERIFY(cmf::diffHeaders(a, a).empty());
        QCOMPARE(cmf::jsonPointerToken("a/b~c"), std::string("a~1b~0c"));
    }

    void sectionsByBytes() {
        cmftest::FileBuilder a, b;
        a.header = b.header = baseHeader();
        a.addF16("x", {4, 8}, 1);
        b.addF16("x", {4, 8}, 1);
        a.vocab = std::vector<uint8_t>{'{', '}'};
        b.vocab = std::vector<uint8_t>{'[', ']'};
        // No section_hashes in the header: the difference must still be seen.
        a.sectionHashes = b.sectionHashes = false;
        const cmf::Model ma = write(a, "sec-a.cmf"), mb = write(b, "sec-b.cmf");
        const cmf::DiffReport r = cmf::diff(ma, mb);
        QCOMPARE(r.count(cmf::DiffStatus::Same), uint64_t(1));
        QVERIFY(r.header.empty());
        QVERIFY(!r.sectionsSame());
        QVERIFY(!r.identical());
        QCOMPARE(r.sections[0].name, std::string("masks"));
        QVERIFY(r.sections[0].same() && !r.sections[0].aBytes);
        QCOMPARE(r.sections[1].name, std::string("vocab"));
        QVERIFY(!r.sections[1].same());
        QCOMPARE(*r.sections[1].aBytes, uint64_t(2));
        QCOMPARE(r.sections[2].name, std::string("index"));

        // A section on one side only.
        a.vocab.reset();
        const cmf::DiffReport r2 = cmf::diff(write(a, "sec-none.cmf"), mb);
        QVERIFY(!r2.sections[1].aBytes && r2.sections[1].bBytes);
        QVERIFY(!r2.sections[1].same());
    }
};

QTEST_GUILESS_MAIN(TestDiff)
#include "tst_diff.moc"
