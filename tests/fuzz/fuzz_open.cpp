// libFuzzer target: arbitrary bytes through open, verify and every decoder.
// Whatever the bytes, the reader must either open or throw cmf::Error —
// never crash, hang, read out of bounds or allocate without bound.
#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"
#include "cmf/format/verify.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::shared_ptr<const cmf::CmfFile> f;
    try {
        f = cmf::CmfFile::fromMapping(cmf::MappedFile::borrow(data, size, "fuzz"));
    } catch (const cmf::Error&) {
        return 0;
    }
    try {
        (void)cmf::verify(*f);
    } catch (const cmf::Error&) {
    }
    const auto& dir = f->directory();
    for (uint64_t i = 0; i < dir.count(); ++i) {
        const auto r = dir.record(i);
        const auto t = f->tensorBytes(r);
        // Decoded floats can outnumber payload bytes ~20x (q1); keep each
        // input's memory bounded for the fuzzer.
        if (t.shape.count() > (1u << 22)) continue;
        try {
            (void)cmf::decodeAll(t);
            if (t.shape.rows > 1) {
                std::vector<float> row(t.shape.cols);
                cmf::decodeRows(t, t.shape.rows - 1, t.shape.rows, row.data());
            }
        } catch (const cmf::Error&) {
        }
    }
    return 0;
}
