#include "cmf/format/verify.h"

#include <filesystem>
#include "cmf/format/coverage.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <tbb/parallel_for.h>

namespace cmf {
namespace {

// Tensors are hashed in pieces so that one huge tensor still uses every core;
// hash64's XOR fold lets pieces combine in any order.
constexpr uint64_t kChunk = 4ull << 20; // multiple of 8
// Chunks hashed per parallel round; bounds the chunk table (see verify()).
constexpr size_t kBatch = 1u << 16;

struct Chunk {
    uint64_t tensor;
    uint64_t off; // within the tensor
    uint64_t len;
};

void checkEnvelopeHashes(const CmfFile& f, std::vector<Problem>& out) {
    const Envelope& e = f.envelope();
    const uint8_t* base = f.mapping().data();
    if (e.headerHash != 0) {
        const uint64_t h = hash64(base + e.header.off, e.header.len);
        if (h != e.headerHash)
            out.push_back({"header_hash_mismatch", "header",
                           "envelope [0x70] stores " + hex64(e.headerHash) + ", header JSON hashes to " + hex64(h)});
    }
    if (e.dirHash != 0) {
        const uint64_t h = hash64(base + e.dir.off, e.dir.len);
        if (h != e.dirHash)
            out.push_back({"dir_hash_mismatch", "directory",
                           "envelope [0x78] stores " + hex64(e.dirHash) + ", directory hashes to " + hex64(h)});
    }
}

void checkSectionHashes(const CmfFile& f, std::vector<Problem>& out) {
    const auto& h = f.header();
    if (!h.contains("section_hashes") || !h["section_hashes"].is_object()) return;
    const auto& sh = h["section_hashes"];
    const Envelope& e = f.envelope();
    const std::pair<const char*, Section> sections[] = {{"masks", e.masks}, {"vocab", e.vocab}, {"index", e.index}};
    for (const auto& [name, sec] : sections) {
        if (!sh.contains(name) || sh[name].is_null()) continue;
        const auto stored = sh[name].is_string() ? parseHex64(sh[name].get<std::string>()) : std::nullopt;
        if (!stored) {
            out.push_back({"section_hash_mismatch", name, "section_hashes." + std::string(name) + " is not a hex u64"});
            continue;
        }
        if (!sec.present()) {
            out.push_back({"section_hash_mismatch", name, "section_hashes stores " + hex64(*stored) + " but the section is absent"});
            continue;
        }
        const uint64_t actual = hash64(f.mapping().data() + sec.off, sec.len);
        if (actual != *stored)
            out.push_back({"section_hash_mismatch", name,
                           "section_hashes stores " + hex64(*stored) + ", the section hashes to " + hex64(actual)});
    }
}

// Content that needs a feature bit the envelope does not raise (§1.1, §9.1).
void checkFeatureBits(const CmfFile& f, std::vector<Problem>& out) {
    const Envelope& e = f.envelope();
    if (f.masks() && !e.has(BinaryMasks))
        out.push_back({"feature_bits", "", "masks section present but BINARY_MASKS (bit 1) is not set"});
    for (const auto& s : f.skills())
        if (s.baseDirHash && !e.has(SkillFile))
            out.push_back({"feature_bits", s.id, "skill record has base_dir_hash but SKILL_FILE (bit 6) is not set"});
    if (!e.has(Quant2F)) {
        const Directory& d = f.directory();
        for (uint64_t i = 0; i < d.count(); ++i) {
            const DType t = d.record(i).dtype;
            if (t == DType::Q8_2F || t == DType::VBit) {
                out.push_back({"feature_bits", std::string(d.record(i).name),
                               std::string(dtypeName(t)) + " tensor present but QUANT_2F (bit 2) is not set"});
                break;
            }
        }
    }
}

void checkMaskTails(const CmfFile& f, std::vector<Problem>& out) {
    if (!f.masks()) return;
    for (const auto& m : f.masks()->masks)
        for (const auto& where : m.nonZeroTails)
            out.push_back({"mask_tail_bits", m.name, "non-zero tail bits beyond the dimension in " + where});
}

// At most this many regions are listed by offset; the count says the rest.
constexpr size_t kRegionsListed = 8;

void checkUncoveredBytes(const CmfFile& f, const Control& control, std::vector<Problem>& out) {
    const UncoveredBytes u = findUncoveredBytes(f, control);
    if (u.nonZeroBytes == 0) return;
    std::string detail = std::to_string(u.nonZeroBytes) + " non-zero byte(s) in " + std::to_string(u.regions.size()) +
                         " region(s) that no section, tensor or hash covers (padding, or dead tails of in-place "
                         "growth; `cmf compact` removes them):";
    for (size_t i = 0; i < u.regions.size() && i < kRegionsListed; ++i) {
        const auto& r = u.regions[i];
        detail += " [" + std::to_string(r.off) + ", " + std::to_string(r.off + r.len) + ") " + std::to_string(r.nonZero) + " non-zero;";
    }
    if (u.regions.size() > kRegionsListed) detail += " and " + std::to_string(u.regions.size() - kRegionsListed) + " more";
    else detail.pop_back();
    out.push_back({"uncovered_bytes", "", detail});
}

} // namespace

VerifyReport verify(const CmfFile& f, const Control& control, const VerifyOptions& options) {
    VerifyReport report;
    auto& problems = report.problems;
    checkEnvelopeHashes(f, problems);
    checkSectionHashes(f, problems);
    checkFeatureBits(f, problems);
    checkMaskTails(f, problems);

    const Directory& dir = f.directory();
    // Records may overlap (directory.h), so the sum of nbytes is not bounded
    // by the file: a small directory can name the same gigabyte thousands of
    // times. The chunk table is therefore built and hashed in batches of at
    // most kBatch chunks instead of all at once (which took 24 bytes per 4 MiB
    // per record, i.e. gigabytes of table for a megabyte file); only the
    // per-record XOR fold (8 bytes per record) lives for the whole run.
    uint64_t total = 0;
    for (uint64_t i = 0; i < dir.count(); ++i) {
        const uint64_t n = dir.record(i).nbytes;
        total = n > UINT64_MAX - total ? UINT64_MAX : total + n; // progress only; saturate
    }
    f.mapping().adviseSequential(f.envelope().data.off, f.envelope().data.len);

    std::vector<uint64_t> acc(dir.count(), 0);
    std::vector<Chunk> chunks;
    std::vector<uint64_t> folded;
    std::atomic<uint64_t> done{0};
    const uint8_t* data = f.mapping().data() + f.envelope().data.off;
    control.report(0, total, "hashing tensors");
    uint64_t nextTensor = 0, nextOff = 0;
    while (nextTensor < dir.count()) {
        chunks.clear();
        while (chunks.size() < kBatch && nextTensor < dir.count()) {
            const uint64_t n = dir.record(nextTensor).nbytes;
            const uint64_t len = std::min(kChunk, n - nextOff);
            chunks.push_back({nextTensor, nextOff, len});
            nextOff += len;
            if (nextOff >= n) { // done with this tensor (a 0-byte one is one empty chunk)
                ++nextTensor;
                nextOff = 0;
            }
        }
        folded.assign(chunks.size(), 0);
        tbb::parallel_for(tbb::blocked_range<size_t>(0, chunks.size()), [&](const tbb::blocked_range<size_t>& r) {
            for (size_t c = r.begin(); c != r.end(); ++c) {
                if (control.cancelled()) return;
                const Chunk& ch = chunks[c];
                const TensorRecord rec = dir.record(ch.tensor);
                folded[c] = hash64Partial(data + rec.off + ch.off, ch.len, ch.off / 8);
                const uint64_t now = done.fetch_add(ch.len, std::memory_order_relaxed) + ch.len;
                control.report(now, total, "hashing tensors");
            }
        });
        control.checkCancel();
        for (size_t c = 0; c < chunks.size(); ++c) acc[chunks[c].tensor] ^= folded[c];
    }

    // Finish each tensor's folded chunks and compare.
    for (uint64_t i = 0; i < dir.count(); ++i) {
        const TensorRecord rec = dir.record(i);
        const uint64_t h = hash64Finish(acc[i], rec.nbytes);
        if (h != rec.hash)
            problems.push_back({"tensor_hash_mismatch", std::string(rec.name),
                                "directory stores " + hex64(rec.hash) + ", bytes hash to " + hex64(h)});
        try {
            if (dtypeDecodable(rec.dtype)) validatePayload(f.tensorBytes(rec));
        } catch (const Error& e) {
            problems.push_back({"payload", std::string(rec.name), e.what()});
        }
    }
    checkUncoveredBytes(f, control, options.strict ? problems : report.notes);
    report.tensorsChecked = dir.count();
    report.bytesHashed = total;
    control.report(total, total, "done");
    return report;
}

VerifyReport verifySet(const CmfFile& member, const Control& control, const VerifyOptions& options) {
    if (!member.shard()) return verify(member, control, options);
    VerifyReport out;
    // The siblings, opened by the set's rules; on failure the member alone.
    std::vector<std::shared_ptr<const CmfFile>> set;
    try {
        set = Model::open(member.path()).files();
    } catch (const Error& e) {
        out.problems.push_back({"shard_set", std::filesystem::path(member.path()).filename().string(), e.what()});
    }
    std::vector<const CmfFile*> files;
    for (const auto& f : set) files.push_back(f.get());
    if (files.empty()) files.push_back(&member);
    uint64_t grand = 0, base = 0;
    for (const auto* f : files) grand += std::max<uint64_t>(1, f->envelope().data.len);
    for (const auto* f : files) {
        const uint64_t span = std::max<uint64_t>(1, f->envelope().data.len);
        Control sub{control.progress ? ProgressFn([&control, base, span, grand](uint64_t done, uint64_t total, std::string_view phase) {
                                           control.report(base + (total ? done * span / total : 0), grand, phase);
                                       })
                                     : ProgressFn(),
                    control.cancel};
        VerifyReport r = verify(*f, sub, options);
        const std::string name = std::filesystem::path(f->path()).filename().string();
        for (auto* list : {&r.problems, &r.notes})
            for (auto& p : *list) p.where = p.where.empty() ? name : name + ": " + p.where;
        out.problems.insert(out.problems.end(), r.problems.begin(), r.problems.end());
        out.notes.insert(out.notes.end(), r.notes.begin(), r.notes.end());
        out.tensorsChecked += r.tensorsChecked;
        out.bytesHashed += r.bytesHashed;
        base += span;
    }
    return out;
}

} // namespace cmf
