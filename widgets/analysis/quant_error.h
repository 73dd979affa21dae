#pragma once
// Quantization error of a CMF file against a Hugging Face checkpoint: per
// tensor the relative RMS error and the largest |q − w|, with what could not
// be compared (names the checkpoint lacks, shapes that differ) and an
// expected bound per dtype — so that a checkpoint that is not this file's
// source is reported as such instead of being plotted as if it were.
#include "cmf/format/dtype.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cmf {
class CmfFile;
struct Control;
} // namespace cmf

namespace cmfw {

struct TensorError {
    QString name, dtype;
    uint64_t count = 0;
    double relRms = 0, maxAbs = 0;
    double bound = 1;                // the relative RMS error this dtype stays below on its own source
    std::vector<uint64_t> histogram; // errors (dequantized − source) in bins over [−maxAbs, maxAbs]
    bool aboveBound() const { return relRms > bound; }
};

struct QuantComparison {
    std::vector<TensorError> errors;
    QStringList missing;       // file tensors the checkpoint does not have (skill replacements not counted)
    QStringList shapeMismatch; // "name: [a, b] here, [c, d] in the checkpoint"
    QStringList notFloat;      // in the checkpoint, but not a float tensor
    uint64_t skillTensors = 0; // skill replacements: never in a source
    uint64_t fileTensors = 0;  // the file's tensors, skills included

    int aboveBound() const;
    // No tensor matched, or most of those that matched are far off: the
    // checkpoint is not the one this file was converted from.
    bool looksLikeOtherSource() const;
    // A paragraph for the view: what was compared, what was not, and the verdict.
    QString summary() const;
};

// The relative RMS error below which a tensor of this dtype, `nbytes` for
// `count` values, stays against its own source. Uniform b-bit codes with an
// absmax scale err by step/√12 with step = absmax/(2^(b−1) − 1); weights have
// absmax up to ~10× their RMS, so the bound is 10/((2^(b−1) − 1)·√12), and
// never above 1 (the error of predicting zero). Floats: 10 ulps of the mantissa.
double expectedRelRmsBound(cmf::DType dtype, uint64_t nbytes, uint64_t count);

// Decodes every tensor of `file` and compares it with `checkpoint` (a folder or
// a .safetensors). Throws cmf::Error when the checkpoint does not open.
QuantComparison compareWithCheckpoint(const std::shared_ptr<const cmf::CmfFile>& file, const std::string& checkpoint,
                                      const cmf::Control& control, int bins = 64);

} // namespace cmfw
