#pragma once
// Helpers shared by the Qt Test executables: where the committed test data
// lives (tests/data, copied from the conformance kit) and JSON loading.
#include <QString>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

// QCOMPARE cannot print nlohmann::json (it converts to anything); this can.
#define JCOMPARE(actual, expected)                                                                       \
    do {                                                                                                 \
        const nlohmann::json a_ = (actual), e_ = (expected);                                             \
        QVERIFY2(a_ == e_, ("got " + a_.dump() + "\n   expected " + e_.dump()).c_str());                 \
    } while (0)

namespace cmftest {

// Absolute path of tests/data/<rel>.
std::string dataPath(const std::string& rel);
nlohmann::json loadJson(const std::string& path);
std::vector<uint8_t> readBytes(const std::string& path);
void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes); // replaces the file
std::vector<uint8_t> base64Decode(const std::string& b64);
// A fresh temporary directory for this process (removed at exit).
std::string tempDir();

} // namespace cmftest
