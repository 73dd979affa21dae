#include "analysis/quant_error.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/codec.h"
#include "cmf/format/progress.h"
#include "cmf/format/safetensors.h"

#include <algorithm>
#include <cmath>

namespace cmfw {
namespace {

QString shapeText(const std::vector<uint64_t>& s) {
    QStringList parts;
    for (auto d : s) parts << QString::number(d);
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

// A translation context lupdate can see (a free tr() helper files its strings elsewhere).
struct QuantText {
    Q_DECLARE_TR_FUNCTIONS(QuantComparison)
};

// Up to three names, then "…".
QString examples(const QStringList& l) {
    QStringList head = l.mid(0, 3);
    return head.join(QStringLiteral("; ")) + (l.size() > 3 ? QStringLiteral("; …") : QString());
}

} // namespace

double expectedRelRmsBound(cmf::DType dtype, uint64_t nbytes, uint64_t count) {
    switch (dtype) {
    case cmf::DType::F32: return 10 * std::ldexp(1.0, -24);
    case cmf::DType::F16: return 10 * std::ldexp(1.0, -11);
    case cmf::DType::BF16: return 10 * std::ldexp(1.0, -8);
    default: break;
    }
    if (count == 0) return 1;
    // Bits per value as stored, scales included: a little generous, which a bound may be.
    const int bits = int(std::floor(8.0 * double(nbytes) / double(count)));
    if (bits < 2) return 1;
    const double levels = std::ldexp(1.0, bits - 1) - 1;
    return std::min(1.0, 10.0 / (levels * std::sqrt(12.0)));
}

int QuantComparison::aboveBound() const {
    return int(std::count_if(errors.begin(), errors.end(), [](const TensorError& e) { return e.aboveBound(); }));
}

bool QuantComparison::looksLikeOtherSource() const {
    if (errors.empty()) return true;
    return aboveBound() * 2 > int(errors.size());
}

QString QuantComparison::summary() const {
    QStringList out;
    const uint64_t comparable = fileTensors - skillTensors;
    if (errors.empty()) {
        out << QuantText::tr("None of this file's %1 tensors is in this checkpoint with the same name and shape: it is not the "
                  "checkpoint this file was converted from, and there is nothing to plot.")
                   .arg(comparable);
    } else {
        const TensorError& worst = *std::max_element(errors.begin(), errors.end(),
                                                     [](const TensorError& a, const TensorError& b) { return a.relRms < b.relRms; });
        out << QuantText::tr("%1 of %2 tensors compared with the checkpoint; the largest relative RMS error is %3 (%4).")
                   .arg(errors.size())
                   .arg(comparable)
                   .arg(worst.relRms, 0, 'g', 4)
                   .arg(worst.name);
        if (const int above = aboveBound(); above > 0) {
            const auto it = std::find_if(errors.begin(), errors.end(), [](const TensorError& e) { return e.aboveBound(); });
            out << QuantText::tr("%n tensor(s) err far above what their dtype reaches on its own source (e.g. %1: %2 for %3, "
                       "expected below %4).", nullptr, above)
                       .arg(it->name)
                       .arg(it->relRms, 0, 'g', 3)
                       .arg(it->dtype)
                       .arg(it->bound, 0, 'g', 2);
        }
        if (looksLikeOtherSource())
            out << QuantText::tr("This checkpoint does not look like this file's source: the errors below measure the "
                      "difference between two models, not quantization.");
        else
            out << QuantText::tr("Click a row for its error histogram.");
    }
    if (!missing.isEmpty())
        out << QuantText::tr("%n tensor(s) of the file are not in the checkpoint: %1.", nullptr, int(missing.size())).arg(examples(missing));
    if (!shapeMismatch.isEmpty())
        out << QuantText::tr("%n tensor(s) have another shape there: %1.", nullptr, int(shapeMismatch.size())).arg(examples(shapeMismatch));
    if (!notFloat.isEmpty())
        out << QuantText::tr("%n tensor(s) are not floating point in the checkpoint: %1.", nullptr, int(notFloat.size())).arg(examples(notFloat));
    if (skillTensors)
        out << QuantText::tr("%n skill replacement tensor(s) are not compared (no checkpoint holds them).", nullptr, int(skillTensors));
    return out.join(u' ');
}

QuantComparison compareWithCheckpoint(const std::shared_ptr<const cmf::CmfFile>& file, const std::string& source,
                                      const cmf::Control& control, int bins) {
    const auto ckpt = cmf::Checkpoint::open(source);
    const auto& dir = file->directory();
    QuantComparison out;
    out.fileTensors = dir.count();
    for (uint64_t i = 0; i < dir.count(); ++i) {
        control.checkCancel();
        control.report(i, dir.count(), "comparing tensors");
        const auto rec = dir.record(i);
        const std::string name(rec.name);
        const QString qname = QString::fromStdString(name);
        if (name.rfind("skill.", 0) == 0) {
            ++out.skillTensors;
            continue;
        }
        const auto* st = ckpt.find(name);
        if (!st) {
            out.missing << qname;
            continue;
        }
        if (!st->isFloat()) {
            out.notFloat << qname + u" (" + QString::fromStdString(st->dtypeName) + u')';
            continue;
        }
        if (st->count() != rec.count()) {
            out.shapeMismatch << qname + u": " + shapeText(rec.dims()) + QuantText::tr(" here, ") + shapeText(st->shape) + QuantText::tr(" in the checkpoint");
            continue;
        }
        const auto t = file->tensorBytes(rec);
        std::vector<float> q(rec.count()), ref(rec.count());
        cmf::decodeRows(t, 0, t.shape.rows, q.data());
        st->toFloat(0, st->rows(), ref.data());
        ckpt.release(*st);
        TensorError e;
        e.name = qname;
        e.dtype = QString::fromUtf8(cmf::dtypeName(rec.dtype).data());
        e.count = rec.count();
        e.bound = expectedRelRmsBound(rec.dtype, rec.nbytes, rec.count());
        double err2 = 0, ref2 = 0;
        for (size_t k = 0; k < q.size(); ++k) {
            const double d = double(q[k]) - ref[k];
            err2 += d * d, ref2 += double(ref[k]) * ref[k];
            e.maxAbs = std::max(e.maxAbs, std::fabs(d));
        }
        e.relRms = ref2 > 0 ? std::sqrt(err2 / ref2) : std::sqrt(err2);
        e.histogram.assign(size_t(bins), 0);
        if (e.maxAbs > 0)
            for (size_t k = 0; k < q.size(); ++k) {
                const double d = double(q[k]) - ref[k];
                ++e.histogram[std::min<size_t>(size_t(bins) - 1, size_t((d + e.maxAbs) / (2 * e.maxAbs) * bins))];
            }
        else e.histogram[size_t(bins) / 2] = q.size();
        out.errors.push_back(std::move(e));
    }
    return out;
}

} // namespace cmfw
