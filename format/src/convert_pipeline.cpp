#include "convert_pipeline.h"

#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/shards.h"

#include "crash_point.h"

#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <mutex>
#include <tbb/info.h>
#include <tbb/parallel_pipeline.h>
#include <unistd.h>

namespace cmf::detail {

void runPipeline(size_t n, const std::function<Produced(size_t)>& produce,
                 const std::function<void(size_t, Produced&)>& consume, const Control& control) {
    size_t next = 0;
    // One tensor per thread in flight, plus the one the writer drains: every
    // core stays busy (large tensors also split into row chunks inside
    // produce) while memory stays a small multiple of the largest tensor.
    const size_t tokens = size_t(std::max(1, tbb::info::default_concurrency())) + 1;
    struct Item {
        size_t index;
        Produced p;
    };
    tbb::parallel_pipeline(
        tokens,
        tbb::make_filter<void, size_t>(tbb::filter_mode::serial_in_order,
                                       [&](tbb::flow_control& fc) -> size_t {
                                           if (next >= n || control.cancelled()) {
                                               fc.stop();
                                               return 0;
                                           }
                                           return next++;
                                       }) &
            tbb::make_filter<size_t, std::shared_ptr<Item>>(
                tbb::filter_mode::parallel,
                [&](size_t i) { return std::make_shared<Item>(Item{i, produce(i)}); }) &
            tbb::make_filter<std::shared_ptr<Item>, void>(tbb::filter_mode::serial_in_order,
                                                          [&](std::shared_ptr<Item> item) { consume(item->index, item->p); }));
    control.checkCancel();
}

ConvertReport writeAll(Outputs& out, const std::vector<std::string>& names, const std::vector<uint64_t>& sourceBytes,
                       const std::function<Produced(size_t)>& produce, const std::string& phase, const Control& control) {
    const auto t0 = std::chrono::steady_clock::now();
    ConvertReport report;
    for (auto b : sourceBytes) report.sourceBytes += b;
    std::atomic<uint64_t> done{0};
    runPipeline(
        names.size(),
        [&](size_t i) {
            Produced p = produce(i);
            control.report(done += sourceBytes[i], report.sourceBytes, phase + " " + names[i]);
            return p;
        },
        [&](size_t i, Produced& p) {
            out.writers[out.shardOf[i]]->write(names[i], p.dtype, p.shape, p.bytes, p.nbytes);
            report.tensors.push_back(std::move(p.report));
        },
        control);
    out.commitAll();
    report.outputs = out.paths;
    for (const auto& path : out.paths) report.outputBytes += std::filesystem::file_size(path);
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

void Outputs::stampSetIdentity() {
    // Deterministic — the same input and options give the same set, byte for
    // byte — and different whenever any shard's tensors differ.
    std::vector<uint8_t> words;
    for (const auto& w : writers) {
        const uint64_t h = w->directoryHash();
        for (int b = 0; b < 8; ++b) words.push_back(uint8_t(h >> (8 * b)));
    }
    const std::string set = hex64(hash64(words.data(), words.size()));
    for (size_t s = 0; s < writers.size(); ++s) {
        headers[s]["shard"]["set"] = set;
        writers[s]->restampHeader(headers[s]);
    }
}

void Outputs::commitAll() {
    if (writers.size() == 1) return writers.front()->commit();
    // Two phases, so a kill never leaves old and new shards mixed under one
    // set's names: every shard complete and fsynced first (a kill or failure
    // up to here leaves the old set as it was, and the temporaries to the
    // next run), then the renames back to back, with no I/O between them.
    stampSetIdentity();
    for (auto& w : writers) w->prepare();
    crashPoint("shards synced");
    size_t renamed = 0;
    try {
        for (; renamed < writers.size(); ++renamed) {
            writers[renamed]->renameOver();
            if (renamed == 0) crashPoint("first shard renamed");
        }
    } catch (...) {
        // A rename failed after some of the new shards took their names: take
        // those away too — a set with missing shards fails loudly on open, a
        // mixed one would not.
        for (size_t i = 0; i < renamed; ++i) ::unlink(paths[i].c_str());
        throw;
    }
    crashPoint("renamed");
    for (auto& w : writers) w->finish();
}

std::string shardBase(const std::string& output) {
    if (output.size() > 4 && output.compare(output.size() - 4, 4, ".cmf") == 0) return output.substr(0, output.size() - 4);
    return output;
}

std::vector<OutputPlan> planOutputs(const std::string& output, const nlohmann::json& header, size_t tensorCount,
                                    const std::vector<uint32_t>& shardOf) {
    uint32_t count = 1;
    for (auto s : shardOf) count = std::max(count, s + 1);
    std::vector<OutputPlan> plans;
    if (count == 1) {
        OutputPlan p{output, header, {}, true};
        p.header["shard"] = nullptr;
        for (size_t i = 0; i < tensorCount; ++i) p.tensors.push_back(i);
        plans.push_back(std::move(p));
        return plans;
    }
    ShardName sn{shardBase(output), 1, count};
    for (uint32_t s = 0; s < count; ++s) {
        OutputPlan p{sn.pathFor(s + 1), header, {}, s == 0};
        for (size_t i = 0; i < tensorCount; ++i)
            if (shardOf[i] == s) p.tensors.push_back(i);
        // "set" reserved at its final width (16 hex digits), stamped in commitAll.
        p.header["shard"] = {{"no", s + 1}, {"count", count}, {"set", std::string(16, '0')}};
        if (s > 0) {
            p.header["tokenizer_config"] = nullptr;
            p.header.erase("generation_config"); // chat behaviour lives in shard 1, as §6.1's bundle
            if (p.header.contains("skills")) p.header["skills"] = nlohmann::json::array();
        }
        plans.push_back(std::move(p));
    }
    return plans;
}

Outputs openOutputs(const std::string& output, const nlohmann::json& header, const std::vector<std::string>& names,
                    const std::vector<uint32_t>& shardOf, WriterSections sections, uint32_t extraFeatures) {
    Outputs o;
    o.shardOf = shardOf.empty() ? std::vector<uint32_t>(names.size(), 0) : shardOf;
    auto plans = planOutputs(output, header, names.size(), o.shardOf);
    for (auto& p : plans) {
        std::vector<std::string> mine;
        for (size_t i : p.tensors) mine.push_back(names[i]);
        o.paths.push_back(p.path);
        // A single file keeps no "set" to stamp; a shard set's headers are kept for commitAll.
        if (plans.size() > 1) o.headers.push_back(p.header);
        o.writers.push_back(std::make_unique<Writer>(p.path, std::move(p.header), std::move(mine),
                                                     p.sections ? std::move(sections) : WriterSections{},
                                                     p.sections ? extraFeatures : 0));
    }
    return o;
}

} // namespace cmf::detail
