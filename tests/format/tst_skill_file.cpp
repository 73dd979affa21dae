// Standalone skill files (§9.1): export cuts exactly the tensors a specialist
// changed, added or reshaped, binds them to the base's directory hash and
// raises SKILL_FILE; apply onto that base rebuilds the specialist byte for
// byte; apply onto another base is refused with both hashes named, and
// force overrides.
#include "cancel_check.h"
#include "skill_builder.h"
#include "test_support.h"

#include "cmf/format/append.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/encode.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/mask_edit.h"
#include "cmf/format/skill_file.h"
#include "cmf/format/verify.h"
#include "cmf/format/writer.h"

#include <QTest>
#include <atomic>
#include <algorithm>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string tmp(const std::string& name) { return cmftest::tempDir() + "/" + name; }

// tiny-chat (tests/data/models/tiny-chat) converted once at q8.
const std::string& base() {
    static const std::string out = [] {
        cmf::ConvertOptions o;
        o.modelDir = cmftest::dataPath("models/tiny-chat");
        o.output = tmp("base-q8.cmf");
        o.quant = cmf::DType::Q8Row;
        cmf::convertHf(o, {});
        return o.output;
    }();
    return out;
}

// A specialist written from the base with one tensor of every kind of change:
// a dtype change, a payload change, a reshape, a drop, a new tensor placed
// mid-file, a mask catalog and an edited header.
const std::set<std::string> kChanged = {"model.layers.1.mlp.gate_proj.weight", "model.layers.2.self_attn.o_proj.weight",
                                        "model.layers.0.mlp.down_proj.weight", "extra.adapter.weight"};
const std::string kDropped = "model.layers.3.mlp.up_proj.weight";

std::string makeSpecialist() {
    const std::string out = tmp("specialist.cmf");
    const auto b = cmf::CmfFile::open(base());
    json header = b->header();
    header.erase("section_hashes");
    header["provenance"]["bake"] = {{"corpus", "unit test"}, {"steps", 3}};

    std::vector<std::string> names;
    for (uint64_t i = 0; i < b->directory().count(); ++i) {
        const std::string n(b->directory().record(i).name);
        if (n == kDropped) continue;
        names.push_back(n);
        if (n == "model.layers.1.post_attention_layernorm.weight") names.push_back("extra.adapter.weight");
    }
    const cmf::MaskLayout layout = cmf::maskLayoutOf(*b);
    cmf::MaskBits bits;
    for (uint32_t l = 0; l < layout.rows; ++l) {
        std::vector<bool> row(layout.ffnBits);
        for (uint32_t i = 0; i < layout.ffnBits; ++i) row[i] = (i * 7 + l) % 3 != 0;
        bits.ffn.push_back(row);
    }
    json meta{{"default_task", "specialist"},
              {"masks", {{{"task_id", 0}, {"name", "specialist"}, {"sparsity", 0.33}, {"quality", nullptr}}}}};
    cmf::WriterSections sections;
    sections.vocab = std::vector<uint8_t>(b->vocab().begin(), b->vocab().end());
    sections.masks = cmf::buildMasksSection(meta, {cmf::buildMaskBlob(layout, bits)});

    cmf::Writer w(out, header, names, sections);
    for (const auto& n : names) {
        if (n == "extra.adapter.weight") {
            std::vector<float> v(32 * 256);
            for (size_t i = 0; i < v.size(); ++i) v[i] = float(i % 17) / 17.0f;
            const auto bytes = cmf::encode(cmf::DType::F16, {32, 256}, v.data());
            w.write(n, cmf::DType::F16, {32, 256}, bytes.data(), bytes.size());
            continue;
        }
        const auto r = *b->findTensor(n);
        auto values = cmf::decodeAll(b->tensorBytes(r));
        if (n == "model.layers.1.mlp.gate_proj.weight") {
            const auto bytes = cmf::encode(cmf::DType::Q4Block, r.rowsCols(), values.data());
            w.write(n, cmf::DType::Q4Block, r.dims(), bytes.data(), bytes.size());
        } else if (n == "model.layers.2.self_attn.o_proj.weight") {
            for (auto& x : values) x *= 0.5f;
            const auto bytes = cmf::encode(cmf::DType::Q8Row, r.rowsCols(), values.data());
            w.write(n, cmf::DType::Q8Row, r.dims(), bytes.data(), bytes.size());
        } else if (n == "model.layers.0.mlp.down_proj.weight") {
            values.resize(256 * 512); // the first 256·512 values, reshaped to [256, 512]
            const auto bytes = cmf::encode(cmf::DType::Q8Row, {256, 512}, values.data());
            w.write(n, cmf::DType::Q8Row, {256, 512}, bytes.data(), bytes.size());
        } else {
            const auto tb = b->tensorBytes(r);
            w.write(n, r.dtype, r.dims(), tb.data, tb.nbytes);
        }
    }
    w.commit();
    return out;
}

const json& standaloneRecord(const cmf::CmfFile& f) { return f.header()["skills"].back(); }

using cmftest::expectCancelledCleanly;

} // namespace

class TestSkillFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exportCarriesExactlyTheDifferences() {
        const std::string spec = makeSpecialist(), skill = tmp("skill.cmf");
        const auto report = cmf::exportSkill({spec, base(), skill, "sql", "SQL assistant", "specialist"});
        QVERIFY2(report.canonical, report.whyNotCanonical.c_str());
        QCOMPARE(std::set<std::string>(report.carried.begin(), report.carried.end()), kChanged);
        QCOMPARE(report.dropped, std::vector<std::string>{kDropped});
        QVERIFY(report.skillBytes < report.specialistBytes / 3);

        const auto k = cmf::CmfFile::open(skill);
        QVERIFY(k->envelope().has(cmf::SkillFile));
        QVERIFY(k->envelope().has(cmf::BinaryMasks));
        QVERIFY(cmf::verify(*k).ok());
        QCOMPARE(k->directory().count(), uint64_t(kChanged.size()));
        const json& rec = standaloneRecord(*k);
        QCOMPARE(rec["base_dir_hash"].get<std::string>(), cmf::hex64(cmf::CmfFile::open(base())->envelope().dirHash));
        QCOMPARE(rec["id"].get<std::string>(), std::string("sql"));
        QCOMPARE(rec["task"].get<std::string>(), std::string("specialist"));
        JCOMPARE(rec["base_arch"], cmf::CmfFile::open(base())->header()["arch"]["arch_name"]);
        JCOMPARE(rec["layers"], json::array({0, 1, 2, 3}));
        // Base order with one drop and one insertion: four runs, not a name list.
        QCOMPARE(rec["specialist"]["order"].size(), size_t(4));
        QCOMPARE(rec["specialist"]["order"][1].get<std::string>(), std::string("extra.adapter.weight"));
        JCOMPARE(rec["specialist"]["sections"], json({{"masks", "skill"}, {"vocab", "base"}, {"index", "absent"}}));
        // The mask catalog travels; the vocab equals the base's and does not.
        QVERIFY(k->masks().has_value() && k->masks()->find("specialist"));
        QVERIFY(k->vocab().empty());

        const auto listed = cmf::listSkills(*k);
        QCOMPARE(listed.size(), size_t(1));
        QCOMPARE(listed[0].tensorCount, uint64_t(kChanged.size()));
        uint64_t bytes = 0;
        for (uint64_t i = 0; i < k->directory().count(); ++i) bytes += k->directory().record(i).nbytes;
        QCOMPARE(listed[0].tensorBytes, bytes);
        QVERIFY(listed[0].record.baseDirHash.has_value());
        QVERIFY(!listed[0].hasSelection);
    }

    void applyRebuildsTheSpecialistByteForByte() {
        const std::string spec = makeSpecialist(), skill = tmp("skill2.cmf"), out = tmp("applied.cmf");
        cmf::exportSkill({spec, base(), skill, "sql", {}, {}});
        const auto report = cmf::applySkill(base(), skill, out, false);
        QVERIFY(!report.forced);
        QVERIFY(report.identical);
        QCOMPARE(report.fromSkill, uint64_t(kChanged.size()));
        QVERIFY(cmftest::readBytes(out) == cmftest::readBytes(spec));
    }

    void requantSpecialistRoundTrips() {
        const std::string spec = tmp("spec-requant.cmf"), skill = tmp("skill-requant.cmf"), out = tmp("applied-requant.cmf");
        cmf::requant({base(), spec, cmf::DType::Q4Tiled, "layers\\.[02]\\.mlp\\.(gate|up)_proj", {}}, {});
        const auto exported = cmf::exportSkill({spec, base(), skill, "q4-mlp", {}, {}});
        QCOMPARE(exported.carried.size(), size_t(4));
        QVERIFY(exported.dropped.empty());
        cmf::applySkill(base(), skill, out, false);
        QVERIFY(cmftest::readBytes(out) == cmftest::readBytes(spec));
    }

    void otherBaseIsRefusedUnlessForced() {
        const std::string spec = makeSpecialist(), skill = tmp("skill3.cmf"), other = tmp("other-base.cmf"), out = tmp("forced.cmf");
        cmf::exportSkill({spec, base(), skill, "sql", {}, {}});
        cmf::requant({base(), other, cmf::DType::F32, "^model\\.norm\\.weight$", {}}, {});
        const std::string want = cmf::hex64(cmf::CmfFile::open(base())->envelope().dirHash);
        const std::string have = cmf::hex64(cmf::CmfFile::open(other)->envelope().dirHash);
        QVERIFY(want != have);
        try {
            cmf::applySkill(other, skill, out, false);
            QFAIL("a skill was applied to a different base");
        } catch (const cmf::Error& e) {
            QCOMPARE(int(e.kind()), int(cmf::ErrorKind::HashMismatch));
            const std::string msg = e.what();
            QVERIFY2(msg.find(want) != std::string::npos && msg.find(have) != std::string::npos, msg.c_str());
        }
        QVERIFY(!fs::exists(out));
        const auto forced = cmf::applySkill(other, skill, out, true);
        QVERIFY(forced.forced);
        QVERIFY(!forced.identical); // model.norm.weight came from the other base
        const auto f = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*f).ok());
        QCOMPARE(f->findTensor("model.norm.weight")->dtype, cmf::DType::F32);
        QCOMPARE(f->findTensor("extra.adapter.weight")->dtype, cmf::DType::F16);
        QVERIFY(!f->findTensor(kDropped));
        QVERIFY(!f->envelope().has(cmf::SkillFile));
    }

    void grownSpecialistIsRebuiltEquivalentNotIdentical() {
        // A specialist grown by an append has dead bytes: apply can rebuild its
        // content, not its bytes, and both reports say so.
        const std::string spec = tmp("spec-grown.cmf"), skill = tmp("skill-grown.cmf"), out = tmp("applied-grown.cmf");
        fs::copy_file(makeSpecialist(), spec, fs::copy_options::overwrite_existing);
        cmf::AppendRequest r;
        r.header = cmf::CmfFile::open(spec)->header();
        (*r.header)["provenance"]["grown"] = true;
        cmf::appendInPlace(spec, r);
        const auto exported = cmf::exportSkill({spec, base(), skill, "grown", {}, {}});
        QVERIFY(!exported.canonical);
        QVERIFY(!exported.whyNotCanonical.empty());
        const auto applied = cmf::applySkill(base(), skill, out, false);
        QVERIFY(!applied.identical);
        const auto a = cmf::CmfFile::open(spec), b = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*b).ok());
        QCOMPARE(b->directory().count(), a->directory().count());
        for (uint64_t i = 0; i < a->directory().count(); ++i) {
            QCOMPARE(b->directory().record(i).name, a->directory().record(i).name);
            QCOMPARE(b->directory().record(i).hash, a->directory().record(i).hash);
        }
        json ha = a->header(), hb = b->header();
        ha.erase("section_hashes"), hb.erase("section_hashes");
        JCOMPARE(hb, ha);
        // Compacted, the same specialist is canonical again and round-trips exactly.
        const std::string compacted = tmp("spec-compacted.cmf");
        cmf::compact(spec, compacted, {});
        const auto again = cmf::exportSkill({compacted, base(), skill, "grown", {}, {}});
        QVERIFY2(again.canonical, again.whyNotCanonical.c_str());
        QVERIFY(cmf::applySkill(base(), skill, out, false).identical);
        QVERIFY(cmftest::readBytes(out) == cmftest::readBytes(compacted));
    }

    // A specialist that carries a skill of its own (a §9 record and its
    // skill.{own}.* tensors): the skill file carries them under their own
    // names — not as skill.{id}.skill.{own}.* with the own record left empty
    // — and apply rebuilds the specialist byte for byte.
    void specialistsOwnSkillTravelsAlong() {
        const std::vector<std::string> replaced = {"model.layers.2.mlp.up_proj.weight", "model.layers.3.self_attn.q_proj.weight"};
        const std::string spec = cmftest::withOwnSkill(makeSpecialist(), tmp("spec-own.cmf"), "chat", replaced, 0.75f);
        const std::string skill = tmp("skill-own.cmf"), out = tmp("applied-own.cmf");
        const auto report = cmf::exportSkill({spec, base(), skill, "sql", {}, {}});
        QVERIFY2(report.canonical, report.whyNotCanonical.c_str());
        QCOMPARE(report.ownSkills, std::vector<std::string>{"chat"});
        std::set<std::string> carried = kChanged;
        for (const auto& r : replaced) carried.insert("skill.chat." + r);
        QCOMPARE(std::set<std::string>(report.carried.begin(), report.carried.end()), carried);

        const auto k = cmf::CmfFile::open(skill);
        QVERIFY(cmf::verify(*k).ok());
        for (uint64_t i = 0; i < k->directory().count(); ++i)
            QVERIFY2(!std::string(k->directory().record(i).name).starts_with("skill.sql.skill."), k->directory().record(i).name.data());
        const auto listed = cmf::listSkills(*k);
        QCOMPARE(listed.size(), size_t(2));
        QCOMPARE(listed[0].record.id, std::string("chat"));
        QCOMPARE(listed[0].tensorCount, uint64_t(replaced.size()));
        QVERIFY(!listed[0].record.baseDirHash);
        QCOMPARE(listed[1].record.id, std::string("sql"));
        QCOMPARE(listed[1].tensorCount, uint64_t(kChanged.size()));
        JCOMPARE(standaloneRecord(*k)["layers"], json::array({0, 1, 2, 3}));
        JCOMPARE(standaloneRecord(*k)["provenance"]["tensors"], kChanged.size());

        const auto applied = cmf::applySkill(base(), skill, out, false);
        QVERIFY(applied.identical);
        QCOMPARE(applied.fromSkill, uint64_t(carried.size()));
        QVERIFY(cmftest::readBytes(out) == cmftest::readBytes(spec));
    }

    // The id of a skill the specialist already has names both skills'
    // tensors: refused, saying why and what to do, before anything is written.
    void sameIdAsAnOwnSkillIsRefused() {
        const std::string spec =
            cmftest::withOwnSkill(makeSpecialist(), tmp("spec-own2.cmf"), "chat", {"model.layers.2.mlp.up_proj.weight"}, 0.5f);
        const std::string skill = tmp("skill-same-id.cmf");
        try {
            cmf::exportSkill({spec, base(), skill, "chat", {}, {}});
            QFAIL("an export under the id of the specialist's own skill was written");
        } catch (const cmf::Error& e) {
            QCOMPARE(int(e.kind()), int(cmf::ErrorKind::Parse));
            const std::string msg = e.what();
            QVERIFY2(msg.find("already has a skill \"chat\" (1 tensors skill.chat.*)") != std::string::npos, msg.c_str());
            QVERIFY2(msg.find("choose another --id") != std::string::npos, msg.c_str());
        }
        QVERIFY(!fs::exists(skill));
    }

    // A base that carries skills: what the specialist shares with it stays
    // in the base (also its skill tensors); a skill tensor the specialist
    // changed travels under its own name; one the specialist dropped is
    // dropped again. Apply rebuilds each specialist byte for byte.
    void baseWithSkillsRoundTrips() {
        const std::vector<std::string> replaced = {"model.layers.2.mlp.up_proj.weight", "model.layers.3.self_attn.q_proj.weight"};
        const std::string skilledBase = cmftest::withOwnSkill(base(), tmp("base-skilled.cmf"), "chat", replaced, 0.75f);
        struct Case {
            const char* what;
            std::string spec;
            std::set<std::string> carried;
            std::vector<std::string> ownSkills;
        };
        const std::string plain = makeSpecialist();
        std::set<std::string> changedOwn = kChanged;
        changedOwn.insert("skill.chat." + replaced[0]);
        const std::vector<Case> cases = {
            {"shares the base's skill", cmftest::withOwnSkill(plain, tmp("spec-shared.cmf"), "chat", replaced, 0.75f), kChanged, {"chat"}},
            {"changed the base's skill", cmftest::withOwnSkill(plain, tmp("spec-changed.cmf"), "chat", {replaced[0]}, 0.25f), changedOwn,
             {"chat"}},
            {"dropped the base's skill", plain, kChanged, {}},
        };
        for (const auto& c : cases) {
            const std::string skill = tmp("skill-on-skilled.cmf"), out = tmp("applied-on-skilled.cmf");
            const auto report = cmf::exportSkill({c.spec, skilledBase, skill, "sql", {}, {}});
            QVERIFY2(report.canonical, c.what);
            QVERIFY2(std::set<std::string>(report.carried.begin(), report.carried.end()) == c.carried, c.what);
            QVERIFY2(report.ownSkills == c.ownSkills, c.what);
            const auto applied = cmf::applySkill(skilledBase, skill, out, false);
            QVERIFY2(applied.identical, c.what);
            QVERIFY2(cmftest::readBytes(out) == cmftest::readBytes(c.spec), c.what);
        }
    }

    void cancelLeavesNothing() {
        const std::string spec = makeSpecialist(), skill = tmp("skill-cancel.cmf");
        cmf::exportSkill({spec, base(), skill, "c", {}, {}});
        expectCancelledCleanly("export", [&](const std::string& out, const cmf::Control& c) {
            cmf::exportSkill({spec, base(), out, "c", {}, {}}, c);
        });
        expectCancelledCleanly("apply", [&](const std::string& out, const cmf::Control& c) {
            cmf::applySkill(base(), skill, out, false, c);
        });
    }

    void clearRefusals() {
        const std::string spec = makeSpecialist(), skill = tmp("skill4.cmf");
        auto kindOf = [](auto fn) {
            try {
                fn();
            } catch (const cmf::Error& e) {
                return int(e.kind());
            }
            return -1;
        };
        // Not a skill file; a bad id; a shard as the base; a skill file as the specialist.
        QCOMPARE(kindOf([&] { cmf::applySkill(base(), spec, tmp("x.cmf"), false); }), int(cmf::ErrorKind::Parse));
        QCOMPARE(kindOf([&] { cmf::exportSkill({spec, base(), skill, "has.dot", {}, {}}); }), int(cmf::ErrorKind::Parse));
        const std::string shard = cmftest::dataPath("conformance/valid/tiny-s42-Q8_2F-sharded-00001-of-00004.cmf");
        QCOMPARE(kindOf([&] { cmf::exportSkill({spec, shard, skill, "s", {}, {}}); }), int(cmf::ErrorKind::Parse));
        cmf::exportSkill({spec, base(), skill, "ok", {}, {}});
        QCOMPARE(kindOf([&] { cmf::exportSkill({skill, base(), tmp("y.cmf"), "again", {}, {}}); }), int(cmf::ErrorKind::Parse));
        QVERIFY(!fs::exists(tmp("x.cmf")) && !fs::exists(tmp("y.cmf")));
    }
};

QTEST_GUILESS_MAIN(TestSkillFile)
#include "tst_skill_file.moc"
