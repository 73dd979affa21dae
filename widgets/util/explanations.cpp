#include "util/explanations.h"

using namespace Qt::StringLiterals;

namespace cmfw {

QString Explain::problemTitle(const std::string& kind) {
    if (kind == "tensor_hash_mismatch") return tr("Tensor bytes changed");
    if (kind == "header_hash_mismatch") return tr("Header changed");
    if (kind == "dir_hash_mismatch") return tr("Tensor directory changed");
    if (kind == "section_hash_mismatch") return tr("Section changed");
    if (kind == "mask_tail_bits") return tr("Mask has bits past its end");
    if (kind == "payload") return tr("Tensor payload is malformed");
    if (kind == "feature_bits") return tr("Feature bit missing");
    if (kind == "signature") return tr("Signature does not check");
    if (kind == "uncovered_bytes") return tr("Bytes no hash covers");
    return QString::fromStdString(kind);
}

QString Explain::problemExplanation(const std::string& kind) {
    if (kind == "tensor_hash_mismatch")
        return tr("The weights of this tensor no longer hash to the value the directory recorded when the file was "
                  "written: at least one byte was changed or damaged on disk or in transfer. The model would compute "
                  "with corrupted weights.");
    if (kind == "header_hash_mismatch")
        return tr("The JSON header (architecture, chat template, provenance) differs from the one the file was written "
                  "with; the hash stored in the envelope does not match it.");
    if (kind == "dir_hash_mismatch")
        return tr("The tensor directory (names, shapes, offsets, hashes) differs from the one the file was written with; "
                  "the hash stored in the envelope does not match it.");
    if (kind == "section_hash_mismatch")
        return tr("A section (masks, tokenizer or sparse index) differs from the one recorded in the header's "
                  "section_hashes, or the header records a section the file does not have.");
    if (kind == "mask_tail_bits")
        return tr("A task mask sets bits beyond the number of neurons, heads or layers it covers. The spec requires them "
                  "to be zero, otherwise active counts include phantom units.");
    if (kind == "payload")
        return tr("The bytes of this tensor do not have the structure its dtype defines (bit widths, row table, outlier "
                  "list); decoding it would fail or read garbage.");
    if (kind == "feature_bits")
        return tr("The file uses a feature without raising its bit in required_features, so an older reader would "
                  "misread it instead of refusing it.");
    if (kind == "signature")
        return tr("The detached .sig beside the file does not match the file's contents or is malformed: the file was "
                  "changed after it was signed, or the signature belongs to another file.");
    if (kind == "uncovered_bytes")
        return tr("Some bytes belong to no section and no tensor, so no hash protects them, and they are not zero. A file "
                  "written in one go has only zero padding there; a file grown in place keeps its old header and "
                  "directory there. They could also hide data behind a valid hash chain. `cmf compact` rewrites the file "
                  "without them; `cmf verify --strict` fails on them.");
    return {};
}

QString Explain::errorTitle(cmf::ErrorKind kind) {
    switch (kind) {
    case cmf::ErrorKind::InvalidMagic: return tr("Not a CMF file");
    case cmf::ErrorKind::UnsupportedVersion: return tr("Unsupported CMF version");
    case cmf::ErrorKind::UnsupportedFeature: return tr("Requires a feature this reader does not implement");
    case cmf::ErrorKind::Bounds: return tr("Truncated or out-of-bounds data");
    case cmf::ErrorKind::Parse: return tr("Malformed structure");
    case cmf::ErrorKind::HashMismatch: return tr("Hash mismatch");
    case cmf::ErrorKind::Io: return tr("The file cannot be read");
    case cmf::ErrorKind::Signature: return tr("Signature or key problem");
    case cmf::ErrorKind::Cancelled: return tr("Cancelled");
    }
    return {};
}

QString Explain::errorExplanation(cmf::ErrorKind kind) {
    switch (kind) {
    case cmf::ErrorKind::InvalidMagic:
        return tr("A CMF v2 file starts with the four bytes \"CMF\" 0x01. This file starts with something else, so it "
                  "is a different kind of file, or its beginning was overwritten.");
    case cmf::ErrorKind::UnsupportedVersion:
        return tr("The envelope names a format version other than 2. Version 1 is retired and later versions are not "
                  "known to this workbench; reading it anyway could silently misinterpret the data.");
    case cmf::ErrorKind::UnsupportedFeature:
        return tr("The file sets a bit in required_features that this reader does not implement. The format demands "
                  "refusing such a file instead of reading it as best it can.");
    case cmf::ErrorKind::Bounds:
        return tr("An offset or length points outside the file or outside its section: the file is shorter than its "
                  "own tables say (an interrupted download or copy), or the tables are damaged.");
    case cmf::ErrorKind::Parse:
        return tr("A structure inside the file is malformed: the JSON header does not parse, or a tensor record has an "
                  "invalid name, an unknown dtype, too many dimensions or a duplicate name.");
    case cmf::ErrorKind::HashMismatch:
        return tr("Stored and computed hashes differ: the data was changed after it was written.");
    case cmf::ErrorKind::Io:
        return tr("The operating system refused to open or map the file: it may not exist, be a directory, or you may "
                  "lack permission to read it.");
    case cmf::ErrorKind::Signature:
        return tr("A key file or public key is malformed.");
    case cmf::ErrorKind::Cancelled: return tr("The operation was cancelled before it finished.");
    }
    return {};
}

QString Explain::errorSpecRule(cmf::ErrorKind kind) {
    switch (kind) {
    case cmf::ErrorKind::InvalidMagic: return tr("Spec §1 (envelope) and §1.2: magic must be \"CMF\\x01\".");
    case cmf::ErrorKind::UnsupportedVersion: return tr("Spec §1.2: version must be 2.");
    case cmf::ErrorKind::UnsupportedFeature: return tr("Spec §1.1 and §1.2: an unknown required_features bit is an error.");
    case cmf::ErrorKind::Bounds:
        return tr("Spec §1.2: every section must end inside the file, data_off must be a multiple of 4096 and every "
                  "tensor must end inside the weight blob.");
    case cmf::ErrorKind::Parse:
        return tr("Spec §1.2, §2 and §3: names are UTF-8 and unique, dtypes are known, ndim ≤ 6, the header is a JSON "
                  "object.");
    case cmf::ErrorKind::HashMismatch: return tr("Spec §8 and §8.1: hash64 of tensors and sections.");
    case cmf::ErrorKind::Io:
    case cmf::ErrorKind::Signature:
    case cmf::ErrorKind::Cancelled: return {};
    }
    return {};
}

QString Explain::errorKindName(cmf::ErrorKind kind) { return QString::fromLatin1(cmf::errorKindName(kind)); }

QString Explain::featureName(int bit) {
    static const char* const names[] = {"TENSOR_DIR", "BINARY_MASKS", "QUANT_2F", "DELTA_MASKS",
                                        "HOT_PACKS",  "LOOP_MASKS",   "SKILL_FILE"};
    if (bit >= 0 && bit < 7) return QString::fromLatin1(names[bit]);
    return {};
}

QString Explain::featureMeaning(int bit) {
    switch (bit) {
    case 0: return tr("binary tensor directory (always set in v2)");
    case 1: return tr("masks section present");
    case 2: return tr("two-field quantization: q8_2f or vbit tensors");
    case 3: return tr("reserved: XOR mask deltas (refused)");
    case 4: return tr("reserved: hot packs (refused)");
    case 5: return tr("mask rows are per visit of a looped transformer");
    case 6: return tr("standalone skill file, not runnable alone");
    default: return tr("unknown to this reader");
    }
}

} // namespace cmfw
