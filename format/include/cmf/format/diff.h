#pragma once
// `diff`: two models compared tensor by tensor (spec §3), header by header
// (§2) and section by section (§5–§7). Which tensors differ comes from the
// directories alone — name, dtype, shape and the stored hash64 (§8) — so the
// verdict costs no payload reads; how much a changed tensor differs is the
// NMSE of the dequantized values, decoded row block by row block so memory
// stays bounded whatever the tensor size.
//
// The stored hashes are trusted here: a payload corrupted after writing with
// its record untouched compares "same". `verify` is the check for that.
#include "cmf/format/progress.h"
#include "cmf/format/shards.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cmf {

enum class DiffStatus : uint8_t {
    Same,    // same dtype, shape and payload hash
    Changed, // present in both, dtype, shape or payload differs
    OnlyA,
    OnlyB,
};
// "same", "changed", "only_a", "only_b" (the --json words).
std::string_view diffStatusName(DiffStatus s);

// One side of a tensor comparison: the directory record's facts.
struct DiffSide {
    DType dtype = DType::F32;
    std::vector<uint64_t> shape;
    uint64_t nbytes = 0;
    uint64_t hash = 0;
};

struct TensorDiff {
    std::string name;
    DiffStatus status = DiffStatus::Same;
    std::optional<DiffSide> a, b;
    // Σ(a−b)² / Σa² over the dequantized values, in double. Set for same
    // tensors (0: identical bytes decode identically) and for changed ones
    // whose shapes match and whose dtypes both decode; +inf when A is all
    // zeros and B is not. Empty otherwise, with the reason in note.
    std::optional<double> nmse;
    std::string note;

    bool dtypeChanged() const { return a && b && a->dtype != b->dtype; }
    bool shapeChanged() const { return a && b && a->shape != b->shape; }
};

// One difference between the two header JSONs, addressed by a JSON pointer
// (RFC 6901: "/arch/layer_types/3"). Objects are compared key by key and
// arrays element by element, so a changed entry of a long array names its
// index instead of replacing the whole array.
struct HeaderChange {
    enum class Op : uint8_t { Add, Remove, Replace }; // RFC 6902's words
    Op op = Op::Replace;
    std::string path;
    nlohmann::json a, b; // the value on each side; null on the side without it
};
std::string_view headerOpName(HeaderChange::Op op); // "add", "remove", "replace"

// The optional sections of §5–§7 in the primary file (shard 1 carries them, §10).
struct SectionDiff {
    std::string name; // "masks", "vocab", "index"
    std::optional<uint64_t> aBytes, bBytes, aHash, bHash; // empty when absent
    bool same() const { return aBytes == bBytes && aHash == bHash; }
};

struct DiffOptions {
    bool values = true; // compute the NMSE of changed tensors (reads their payloads)
};

struct DiffReport {
    // A's directory order, then B's tensors missing from A in B's order.
    std::vector<TensorDiff> tensors;
    std::vector<HeaderChange> header;
    std::vector<SectionDiff> sections;
    uint64_t tensorsA = 0, tensorsB = 0;
    uint64_t valuesCompared = 0; // elements decoded on each side for NMSE

    uint64_t count(DiffStatus s) const;
    bool headerSame() const { return header.empty(); }
    bool sectionsSame() const;
    // Nothing differs: every tensor, the header (section_hashes aside) and every section.
    bool identical() const;
};

// Compares a against b. Progress is reported in payload bytes read
// ("comparing values"); cancel throws Error(Cancelled). Decoding a malformed
// payload throws the codec's Error naming the tensor.
DiffReport diff(const Model& a, const Model& b, const DiffOptions& options = {}, const Control& control = {});

// The header difference alone. header["section_hashes"] is left out: it is
// derived from the masks/vocab/index bytes, which DiffReport::sections
// compares directly — also for files written without section_hashes.
std::vector<HeaderChange> diffHeaders(const nlohmann::json& a, const nlohmann::json& b);

// RFC 6901 escaping of one reference token ("~" -> "~0", "/" -> "~1").
std::string jsonPointerToken(std::string_view key);

} // namespace cmf
