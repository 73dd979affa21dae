#include "cmf/format/safetensors.h"
#include "cmf/format/error.h"
#include "cmf/format/half.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace cmf {
namespace {

namespace fs = std::filesystem;

StDType parseDType(const std::string& s) {
    static const std::pair<const char*, StDType> table[] = {
        {"F32", StDType::F32}, {"F16", StDType::F16}, {"BF16", StDType::BF16}, {"F64", StDType::F64},
        {"I8", StDType::I8},   {"U8", StDType::U8},   {"I16", StDType::I16},   {"I32", StDType::I32},
        {"I64", StDType::I64}, {"BOOL", StDType::Bool}};
    for (const auto& [n, t] : table)
        if (s == n) return t;
    return StDType::Other;
}

uint64_t elementSize(StDType t) {
    switch (t) {
    case StDType::F64: case StDType::I64: return 8;
    case StDType::F32: case StDType::I32: return 4;
    case StDType::F16: case StDType::BF16: case StDType::I16: return 2;
    case StDType::I8: case StDType::U8: case StDType::Bool: return 1;
    case StDType::Other: break;
    }
    return 0;
}

// Parses one .safetensors file: u64 LE header size, JSON header, raw data.
void readFile(const std::string& path, uint32_t index, std::shared_ptr<const MappedFile> map, std::vector<StTensor>& out) {
    const uint64_t size = map->size();
    if (size < 8) throw Error(ErrorKind::Bounds, path + ": shorter than the 8-byte safetensors header length");
    const uint64_t hlen = loadU64(map->data());
    if (hlen > size - 8) throw Error(ErrorKind::Bounds, path + ": header length " + std::to_string(hlen) + " runs past the file");
    const auto header = nlohmann::json::parse(map->data() + 8, map->data() + 8 + hlen, nullptr, false);
    if (header.is_discarded() || !header.is_object()) throw Error(ErrorKind::Parse, path + ": safetensors header is not a JSON object");
    const uint8_t* data = map->data() + 8 + hlen;
    const uint64_t dataLen = size - 8 - hlen;
    std::vector<StTensor> mine;
    for (const auto& [name, v] : header.items()) {
        if (name == "__metadata__") continue;
        const std::string where = path + ": tensor " + name;
        if (!v.is_object() || !v.contains("dtype") || !v.contains("shape") || !v.contains("data_offsets") ||
            !v["dtype"].is_string() || !v["shape"].is_array() || !v["data_offsets"].is_array() || v["data_offsets"].size() != 2)
            throw Error(ErrorKind::Parse, where + ": malformed entry");
        StTensor t;
        t.name = name;
        t.dtypeName = v["dtype"];
        t.dtype = parseDType(t.dtypeName);
        t.file = index;
        unsigned __int128 count = 1;
        for (const auto& d : v["shape"]) {
            if (!d.is_number_unsigned()) throw Error(ErrorKind::Parse, where + ": shape is not unsigned integers");
            t.shape.push_back(d.get<uint64_t>());
            count *= t.shape.back();
            if (count > (unsigned __int128)UINT64_MAX) throw Error(ErrorKind::Parse, where + ": element count overflows");
        }
        const auto& o = v["data_offsets"];
        if (!o[0].is_number_unsigned() || !o[1].is_number_unsigned()) throw Error(ErrorKind::Parse, where + ": bad data_offsets");
        const uint64_t b = o[0], e = o[1];
        if (b > e || e > dataLen) throw Error(ErrorKind::Bounds, where + ": data_offsets [" + std::to_string(b) + ", " +
                                                                    std::to_string(e) + ") outside the data (" + std::to_string(dataLen) + " bytes)");
        t.data = data + b;
        t.nbytes = e - b;
        const uint64_t es = elementSize(t.dtype);
        if (es && count * es != t.nbytes)
            throw Error(ErrorKind::Bounds, where + ": " + std::to_string(t.nbytes) + " bytes for " +
                                               std::to_string((uint64_t)count) + " " + t.dtypeName + " elements");
        mine.push_back(std::move(t));
    }
    std::sort(mine.begin(), mine.end(), [](const StTensor& a, const StTensor& b) { return a.data < b.data; });
    for (auto& t : mine) out.push_back(std::move(t));
}

} // namespace

uint64_t StTensor::count() const {
    uint64_t n = 1;
    for (auto d : shape) n *= d;
    return n;
}
uint64_t StTensor::rows() const { return shape.size() >= 2 ? shape[0] : 1; }
uint64_t StTensor::cols() const {
    if (shape.empty()) return 1;
    if (shape.size() == 1) return shape[0];
    uint64_t c = 1;
    for (size_t i = 1; i < shape.size(); ++i) c *= shape[i];
    return c;
}

void StTensor::toFloat(uint64_t r0, uint64_t r1, float* out) const {
    if (r0 > r1 || r1 > rows()) throw Error(ErrorKind::Bounds, name + ": row range out of bounds");
    const uint64_t c = cols();
    const uint64_t n = (r1 - r0) * c, first = r0 * c;
    switch (dtype) {
    case StDType::F32: std::memcpy(out, data + first * 4, n * 4); return;
    case StDType::F16:
        for (uint64_t i = 0; i < n; ++i) out[i] = f16ToF32(loadU16(data + (first + i) * 2));
        return;
    case StDType::BF16:
        for (uint64_t i = 0; i < n; ++i) out[i] = bf16ToF32(loadU16(data + (first + i) * 2));
        return;
    case StDType::F64:
        for (uint64_t i = 0; i < n; ++i) {
            double d;
            std::memcpy(&d, data + (first + i) * 8, 8);
            out[i] = float(d);
        }
        return;
    default: break;
    }
    throw Error(ErrorKind::Parse, name + ": safetensors dtype " + dtypeName + " is not a floating-point type");
}

Checkpoint Checkpoint::open(const std::string& pathOrDir) {
    Checkpoint c;
    std::vector<std::string> files;
    if (fs::is_directory(pathOrDir)) {
        const fs::path dir(pathOrDir);
        const fs::path index = dir / "model.safetensors.index.json";
        if (fs::exists(index)) {
            std::ifstream in(index);
            const auto j = nlohmann::json::parse(in, nullptr, false);
            if (j.is_discarded() || !j.contains("weight_map") || !j["weight_map"].is_object())
                throw Error(ErrorKind::Parse, index.string() + ": no weight_map object");
            for (const auto& [name, file] : j["weight_map"].items()) {
                if (!file.is_string()) throw Error(ErrorKind::Parse, index.string() + ": weight_map value for " + name + " is not a string");
                const std::string p = (dir / file.get<std::string>()).string();
                if (std::find(files.begin(), files.end(), p) == files.end()) files.push_back(p);
            }
            std::sort(files.begin(), files.end());
        } else if (fs::exists(dir / "model.safetensors")) {
            files.push_back((dir / "model.safetensors").string());
        } else {
            throw Error(ErrorKind::Io, pathOrDir + ": no model.safetensors or model.safetensors.index.json");
        }
    } else {
        files.push_back(pathOrDir);
    }
    for (uint32_t i = 0; i < files.size(); ++i) {
        auto map = MappedFile::open(files[i]);
        readFile(files[i], i, map, c.tensors_);
        c.maps_.push_back(std::move(map));
        c.paths_.push_back(files[i]);
    }
    for (size_t i = 0; i < c.tensors_.size(); ++i)
        if (!c.byName_.emplace(c.tensors_[i].name, i).second)
            throw Error(ErrorKind::Parse, pathOrDir + ": tensor " + c.tensors_[i].name + " appears in two shards");
    return c;
}

const StTensor* Checkpoint::find(const std::string& name) const {
    const auto it = byName_.find(name);
    return it == byName_.end() ? nullptr : &tensors_[it->second];
}

void Checkpoint::release(const StTensor& t) const { maps_.at(t.file)->release(t.data, t.nbytes); }

void Checkpoint::release(const StTensor& t, uint64_t r0, uint64_t r1) const {
    const uint64_t rowBytes = t.rows() ? t.nbytes / t.rows() : 0;
    maps_.at(t.file)->release(t.data + r0 * rowBytes, (r1 - r0) * rowBytes);
}

uint64_t Checkpoint::totalBytes() const {
    uint64_t n = 0;
    for (const auto& t : tensors_) n += t.nbytes;
    return n;
}

} // namespace cmf
