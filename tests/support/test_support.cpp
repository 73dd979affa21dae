#include "test_support.h"

#include <QByteArray>
#include <QTemporaryDir>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>

namespace cmftest {

std::string dataPath(const std::string& rel) { return std::string(CMF_TEST_DATA) + "/" + rel; }

nlohmann::json loadJson(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    return nlohmann::json::parse(in);
}

std::vector<uint8_t> readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + path);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path);
}

std::vector<uint8_t> base64Decode(const std::string& b64) {
    const QByteArray raw = QByteArray::fromBase64(QByteArray::fromStdString(b64));
    return std::vector<uint8_t>(raw.begin(), raw.end());
}

std::string tempDir() {
    static std::unique_ptr<QTemporaryDir> dir = std::make_unique<QTemporaryDir>();
    return dir->path().toStdString();
}

} // namespace cmftest
