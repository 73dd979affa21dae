#pragma once
// For the tests of rewriting operations: a cancelled rewrite throws
// Cancelled and leaves no output and no temporary file.
#include "test_support.h"

#include "cmf/format/error.h"
#include "cmf/format/progress.h"

#include <QTest>
#include <atomic>
#include <filesystem>
#include <string>

namespace cmftest {

// fn(outputPath, control) runs the operation with the cancel flag already raised.
template <class Fn>
void expectCancelledCleanly(const std::string& name, Fn fn) {
    const std::string dir = tempDir() + "/cancel-" + name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::atomic<bool> stop{true};
    try {
        fn(dir + "/out.cmf", cmf::Control{{}, &stop});
        QFAIL("not cancelled");
    } catch (const cmf::Error& e) {
        QCOMPARE(int(e.kind()), int(cmf::ErrorKind::Cancelled));
    }
    QVERIFY(std::filesystem::is_empty(dir));
}

} // namespace cmftest
