// Load (issue 23): 8 clients × 20 requests against --parallel 4, mixed
// streaming and not, chat and completions, tasks and skills: every request
// answered, each greedy output equal to the same request made alone, the
// queue answering 503 past its bound, resident memory flat from one round
// to the next. Prints p50/p95 latency and the aggregate tokens/s.
#include "serve_support.h"
#include "skill_builder.h"

#include "cmf/format/mask_edit.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>
#include <malloc.h>
#include <unistd.h>

using namespace servetest;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kClients = 8, kPerClient = 20, kDistinct = 40;

std::shared_ptr<const cmf::engine::Model> specialist() {
    const std::string base = cmftest::converted("tiny-chat", "f32"), dir = cmftest::tempDir();
    cmftest::withThirdsMask(base, dir + "/load-masked.cmf");
    return cmf::engine::Model::open(cmftest::withOwnSkill(dir + "/load-masked.cmf", dir + "/load-skill.cmf", "x",
                                                          {"model.layers.0.mlp.down_proj.weight"}, -1.0f));
}

struct Request {
    std::string path, body;
    bool stream = false;
};

// Request number k of the mix: streamed or not, chat or raw, dense, under
// the mask, with the skill or both; several lengths.
Request mixed(int k) {
    static const char* prompts[] = {"Tell me about the sea.", "Hello", "Write a list of fruits.", "What is a river?", "Say something kind."};
    const bool stream = k % 2 == 1, raw = k % 5 == 4;
    Json b = raw ? Json{{"prompt", std::string("Once upon a time ") + prompts[k % 5]}}
                 : chatBody(k % 3 == 0 ? "You are terse." : "", prompts[k % 5], 0);
    b["temperature"] = 0;
    b["max_tokens"] = 12 + 6 * (k % 7);
    if (stream) {
        b["stream"] = true;
        b["stream_options"] = {{"include_usage", true}};
    }
    if (k % 4 == 1) b["task"] = "thirds";
    if (k % 4 == 2) b["skill"] = "x";
    if (k % 8 == 3) b["task"] = "thirds", b["skill"] = "x";
    return {raw ? "/v1/completions" : "/v1/chat/completions", b.dump(), stream};
}

struct Answer {
    int status = 0;
    std::string text;
    uint64_t tokens = 0;
};

Answer ask(httplib::Client& c, const Request& r) {
    const auto reply = post(c, r.path, r.body);
    Answer a{reply.status, {}, 0};
    if (reply.status != 200) return a;
    if (r.stream) {
        const auto events = sseEvents(reply.body);
        a.text = streamedText(events);
        if (!events.empty()) a.tokens = events.back()["usage"]["completion_tokens"].get<uint64_t>();
    } else {
        const auto j = reply.j();
        const auto& choice = j["choices"][0];
        a.text = choice.contains("message") ? choice["message"]["content"].get<std::string>() : choice["text"].get<std::string>();
        a.tokens = j["usage"]["completion_tokens"].get<uint64_t>();
    }
    return a;
}

// Resident memory after glibc gave back what is free (malloc_trim): what is
// still allocated, not how fragmented the heap of many threads became.
uint64_t residentBytes() {
    malloc_trim(0);
    std::ifstream statm("/proc/self/statm");
    uint64_t size = 0, resident = 0;
    statm >> size >> resident;
    return resident * uint64_t(sysconf(_SC_PAGESIZE));
}

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5))];
}

} // namespace

class TestServeLoad : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eightClientsAgainstFourSlots() {
        const auto model = specialist();
        cmf::server::ServerOptions o;
        o.parallel = 4;
        o.queue = 8;
        auto server = start(model, o);

        // Each request alone first: the outputs the load must reproduce.
        std::vector<Answer> alone(kDistinct);
        {
            auto c = client(*server);
            for (int k = 0; k < kDistinct; ++k) {
                alone[size_t(k)] = ask(*c, mixed(k));
                QCOMPARE(alone[size_t(k)].status, 200);
                QVERIFY(alone[size_t(k)].tokens > 0);
            }
        }
        // The mix changes the output at all (else equality proves little): many distinct texts.
        std::set<std::string> texts;
        for (const auto& a : alone) texts.insert(a.text);
        QVERIFY2(texts.size() > kDistinct / 2, std::to_string(texts.size()).c_str());

        uint64_t rssAfterFirst = 0;
        for (int round = 0; round < 3; ++round) {
            std::mutex m;
            std::vector<double> latencies;
            std::atomic<uint64_t> tokens{0};
            std::atomic<int> mismatches{0}, failures{0};
            const auto t0 = Clock::now();
            std::vector<std::thread> clients;
            for (int ci = 0; ci < kClients; ++ci)
                clients.emplace_back([&, ci] {
                    auto c = client(*server);
                    for (int i = 0; i < kPerClient; ++i) {
                        const int k = (ci * kPerClient + i * 7) % kDistinct;
                        const auto s = Clock::now();
                        const auto a = ask(*c, mixed(k));
                        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - s).count();
                        if (a.status != 200) ++failures;
                        else if (a.text != alone[size_t(k)].text || a.tokens != alone[size_t(k)].tokens) ++mismatches;
                        tokens += a.tokens;
                        std::lock_guard lock(m);
                        latencies.push_back(ms);
                    }
                });
            for (auto& t : clients) t.join();
            const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
            QCOMPARE(failures.load(), 0);
            QCOMPARE(mismatches.load(), 0);
            QCOMPARE(latencies.size(), size_t(kClients * kPerClient));
            qInfo("round %d: %d requests in %.2f s; latency p50 %.1f ms, p95 %.1f ms; %llu completion tokens, %.1f tok/s aggregate; RSS %.1f MiB",
                  round + 1, kClients * kPerClient, wall, percentile(latencies, 0.5), percentile(latencies, 0.95), (unsigned long long)tokens.load(),
                  double(tokens.load()) / wall, double(residentBytes()) / (1 << 20));
            if (round == 0) rssAfterFirst = residentBytes();
        }
        // Flat: the later rounds hold what the first one allocated (caches, buffers, threads).
        const int64_t growth = int64_t(residentBytes()) - int64_t(rssAfterFirst);
#if defined(__SANITIZE_ADDRESS__)
        // AddressSanitizer's quarantine of freed memory moves the resident
        // size by tens of MiB; LeakSanitizer checks for leaks at exit instead.
        (void)growth;
#else
        QVERIFY2(growth < 16 << 20, ("resident memory grew by " + std::to_string(growth) + " bytes after the first round").c_str());
#endif
        const auto c = server->counters();
        QCOMPARE(c.completed, uint64_t(kDistinct + 3 * kClients * kPerClient));
        QCOMPARE(c.failed + c.rejected + c.cancelled, uint64_t(0));

        // Past the bound: every slot held, the queue's 8 places taken, one more is a 503.
        std::vector<std::unique_ptr<cmf::server::SlotPool::Lease>> held;
        for (int i = 0; i < 4; ++i) held.push_back(server->slotPool().acquire({}));
        std::vector<std::thread> waiting;
        std::atomic<int> served{0};
        for (int i = 0; i < 8; ++i)
            waiting.emplace_back([&, i] {
                auto cl = client(*server);
                const auto a = ask(*cl, mixed(i));
                if (a.status == 200 && a.text == alone[size_t(i)].text) ++served;
            });
        for (int i = 0; i < 1000 && server->slotPool().waiting() < 8; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        QCOMPARE(server->slotPool().waiting(), 8u);
        auto cl = client(*server);
        const auto busy = post(*cl, "/v1/chat/completions", mixed(0).body);
        QCOMPARE(busy.status, 503);
        QVERIFY(busy.headers.count("Retry-After"));
        held.clear();
        for (auto& t : waiting) t.join();
        QCOMPARE(served.load(), 8);
    }
};

QTEST_GUILESS_MAIN(TestServeLoad)
#include "tst_serve_load.moc"
