#include "jobs/diff_job.h"

#include "cmf/format/error.h"

#include <QElapsedTimer>

namespace cmfw::jobs {

namespace {

cmf::Model openSide(const QString& path, const char* side, const cmf::Control& control) {
    control.report(0, 1, "opening");
    try {
        return cmf::Model::open(path.toStdString());
    } catch (const cmf::Error& e) {
        // The job's error shows one message: name the file it is about.
        throw cmf::Error(e.kind(), std::string(side) + " " + path.toStdString() + ": " + e.what());
    }
}

} // namespace

JobRunner::Work diff(const QString& pathA, const QString& pathB, bool values) {
    return [pathA, pathB, values](const cmf::Control& control) {
        QElapsedTimer t;
        t.start();
        const cmf::Model a = openSide(pathA, "A", control);
        const cmf::Model b = openSide(pathB, "B", control);
        control.checkCancel();
        cmf::DiffOptions options;
        options.values = values;
        DiffOutcome out;
        out.pathA = pathA;
        out.pathB = pathB;
        out.valuesCompared = values;
        out.report = std::make_shared<const cmf::DiffReport>(cmf::diff(a, b, options, control));
        out.ms = t.elapsed();
        return QVariant::fromValue(out);
    };
}

} // namespace cmfw::jobs
