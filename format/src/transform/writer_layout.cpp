#include "writer_layout.h"

#include "cmf/format/hash64.h"

#include "layout_encode.h"

namespace cmf::detail {
namespace {

uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

} // namespace

std::string writerLayoutDifference(const CmfFile& f) {
    const Envelope& e = f.envelope();
    if (e.flags != 0) return "envelope flags are not 0";
    if (e.header.off != kEnvelopeSize) return "the header does not start at 128";
    if (e.dir.off != e.header.end()) return "the directory does not follow the header";
    if (e.data.off != alignUp(e.dir.end(), kDataAlign)) return "data_off is not the first 4096 boundary after the directory";
    if (e.headerHash == 0 || e.dirHash == 0) return "the envelope carries no header/directory hash";

    const Directory& d = f.directory();
    uint64_t pos = 0;
    std::vector<DType> dtypes;
    for (uint64_t i = 0; i < d.count(); ++i) {
        const TensorRecord r = d.record(i);
        pos = alignUp(pos, kTensorAlign);
        if (r.off != pos) return "tensor " + std::string(r.name) + " does not follow the previous one";
        pos += r.nbytes;
        dtypes.push_back(r.dtype);
    }
    if (e.data.len != pos) return "the data section runs past its last tensor";

    uint64_t end = e.data.end();
    nlohmann::json sh = nlohmann::json::object();
    const std::pair<const char*, Section> tail[] = {{"masks", e.masks}, {"vocab", e.vocab}, {"index", e.index}};
    for (const auto& [name, s] : tail) {
        if (!s.present()) continue;
        if (s.off != end) return std::string("the ") + name + " section is not where the writer puts it";
        end = s.end();
        const auto bytes = f.section(s);
        sh[name] = hex64(hash64(bytes.data(), bytes.size()));
    }
    if (f.fileSize() != std::max(end, e.data.off)) return "bytes follow the last section (dead tails of appends)";

    nlohmann::json h = f.header();
    h["section_hashes"] = sh;
    if (h.dump() != f.headerText()) return "the header text is not in the writer's JSON form";
    const uint32_t want = contentFeatures(dtypes, e.masks.present(), f.header()) | (e.requiredFeatures & LoopMasks);
    if (e.requiredFeatures != want) return "required_features differ from what the content implies";
    return {};
}

} // namespace cmf::detail
