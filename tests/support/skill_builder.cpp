#include "skill_builder.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/codec.h"
#include "cmf/format/encode.h"
#include "cmf/format/mask_edit.h"
#include "cmf/format/writer.h"

namespace cmftest {

std::string withOwnSkill(const std::string& in, const std::string& out, const std::string& id, const std::vector<std::string>& replaced,
                         float scale) {
    const auto f = cmf::CmfFile::open(in);
    nlohmann::json header = f->header();
    header.erase("section_hashes");
    if (!header.contains("skills") || !header["skills"].is_array()) header["skills"] = nlohmann::json::array();
    header["skills"].push_back({{"id", id},
                                {"name", id},
                                {"layers", nlohmann::json::array()},
                                {"selection", nullptr},
                                {"input_mask_task", nullptr},
                                {"quality", nullptr}});
    std::vector<std::string> names;
    for (uint64_t i = 0; i < f->directory().count(); ++i) names.emplace_back(f->directory().record(i).name);
    for (const auto& r : replaced) names.push_back("skill." + id + "." + r);

    const cmf::Envelope& e = f->envelope();
    auto copy = [&](const cmf::Section& s) -> std::optional<std::vector<uint8_t>> {
        if (!s.present()) return std::nullopt;
        const auto b = f->section(s);
        return std::vector<uint8_t>(b.begin(), b.end());
    };
    cmf::WriterSections sections;
    sections.masks = copy(e.masks);
    sections.vocab = copy(e.vocab);
    sections.index = copy(e.index);
    cmf::Writer w(out, header, names, std::move(sections), e.requiredFeatures & cmf::LoopMasks);
    for (uint64_t i = 0; i < f->directory().count(); ++i) {
        const auto r = f->directory().record(i);
        const auto tb = f->tensorBytes(r);
        w.write(std::string(r.name), r.dtype, r.dims(), tb.data, tb.nbytes);
    }
    for (const auto& name : replaced) {
        const auto r = *f->findTensor(name);
        auto values = cmf::decodeAll(f->tensorBytes(r));
        for (auto& v : values) v *= scale;
        const auto bytes = cmf::encode(r.dtype, r.rowsCols(), values.data());
        w.write("skill." + id + "." + name, r.dtype, r.dims(), bytes.data(), bytes.size());
    }
    w.commit();
    return out;
}

std::string withThirdsMask(const std::string& in, const std::string& out) {
    const auto layout = cmf::maskLayoutOf(*cmf::CmfFile::open(in));
    cmf::MaskBits bits;
    for (uint32_t li = 0; li < layout.rows; ++li) {
        std::vector<bool> row(layout.ffnBits);
        for (size_t i = 0; i < row.size(); ++i) row[i] = i % 3 != 0;
        bits.ffn.push_back(row);
    }
    cmf::NewMask nm;
    nm.name = "thirds";
    nm.blob = cmf::buildMaskBlob(layout, bits);
    cmf::addMask(in, out, nm);
    return out;
}

} // namespace cmftest
