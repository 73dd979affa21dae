#include "util/quant_text.h"

namespace cmfw {

QString QuantText::explanation(const QString& name) {
    const QByteArray n = name.toLatin1();
    if (n == "f32") return tr("32-bit floats: lossless, 4 bytes a weight — the largest file.");
    if (n == "f16") return tr("16-bit floats: near lossless, 2 bytes a weight.");
    if (n == "bf16") return tr("bfloat16: lossless from a bf16 checkpoint, 2 bytes a weight.");
    if (n == "q8") return tr("8 bits a weight with an f16 scale per row: near lossless, the usual choice.");
    if (n == "q8_2f") return tr("8 bits with a row scale and a column field: closer than q8 on outlier inputs, a little larger.");
    if (n == "q4") return tr("4 bits in groups of 32 with an f16 scale (4.5 bits a weight); an untied lm_head stays q8.");
    if (n == "q4t") return tr("q4 in tiles that keep each scale beside its weights: the same size, faster to read.");
    if (n == "q4tp") return tr("q4 tiles with each scale as a 5-bit rung of a per-row ladder: 4.17 bits a weight.");
    if (n == "vbit") return tr("3 to 8 bits per row, louder rows get more, to the mean budget below (with a row table).");
    if (n == "q1") return tr("1 bit a weight: only for models trained at 1 bit — it ruins a normal checkpoint.");
    if (n == "q1s") return tr("1 bit plus the largest weights kept exactly: 1-bit quantization of a normal checkpoint.");
    if (n == "q1t") return tr("Ternary (−s, 0, +s, about 2.25 bits) plus each row's largest weights kept exactly.");
    return {};
}

} // namespace cmfw
