#pragma once
// Runs the `cmf` binary as a user would (QProcess), for the CLI tests.
#include <QByteArray>
#include <QProcess>
#include <QStringList>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "test_support.h"

namespace clitest {

struct Run {
    int code = -1; // -1: crashed or timed out
    std::string out, err;
    nlohmann::json j() const { return nlohmann::json::parse(out); }
};

// input, when given, is written to stdin, which is then closed.
inline Run runCmf(const QStringList& args, const QByteArray& input = {}, int timeoutMs = 300000) {
    QProcess p;
    // CMF_BIN in the environment runs another binary (a long campaign runs a
    // copy, so a rebuild beside it changes nothing).
    const char* bin = std::getenv("CMF_BIN");
    p.start(bin && *bin ? QString::fromLocal8Bit(bin) : QStringLiteral(CMF_BIN), args);
    if (!input.isEmpty()) p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(timeoutMs);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput().toStdString(),
            p.readAllStandardError().toStdString()};
}

// Paths and strings as QProcess arguments: a std::string, and a file in the
// test's temporary folder.
inline QString q(const std::string& s) { return QString::fromStdString(s); }
inline QString tmp(const std::string& name) { return q(cmftest::tempDir() + "/" + name); }
// A file of the conformance kit (tests/data/conformance).
inline QString kit(const char* rel) { return q(cmftest::dataPath(std::string("conformance/") + rel)); }

} // namespace clitest
