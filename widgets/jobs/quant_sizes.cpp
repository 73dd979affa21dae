#include "jobs/quant_sizes.h"

#include "cmf/format/convert.h"

#include <exception>

namespace cmfw {

QuantSizes requantSizes(const QString& input, const QString& only, double meanBits) {
    QuantSizes out;
    try {
        for (const auto& n : cmf::quantNames()) {
            cmf::RequantOptions r{input.toStdString(), input.toStdString() + ".requant", *cmf::quantFromName(n), only.toStdString(), {}};
            r.encode.meanBits = meanBits;
            const auto plan = cmf::planRequant(r);
            out.bytes[QString::fromStdString(n)] = plan.fileBytes;
            out.exact[QString::fromStdString(n)] = plan.exact;
        }
    } catch (const std::exception& e) {
        out.bytes.clear(), out.exact.clear();
        out.error = QString::fromUtf8(e.what());
    }
    return out;
}

} // namespace cmfw
