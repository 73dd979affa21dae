// cmf serve FILE — a local OpenAI-compatible server over the model
// (server/: cmf_server). Prints the bound address as the first line of
// stdout, one line per answered request on stderr, and stops on Ctrl-C or
// SIGTERM: no new connections, the running replies cancelled, exit 0.
#include "commands.h"
#include "draft_options.h"
#include "kv_option.h"
#include "memory_check.h"
#include "specialist_options.h"
#include "terminal_progress.h"

#include "cmf/server/api_error.h"
#include "cmf/server/server.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <tbb/global_control.h>
#include <thread>

namespace cmfcli {
namespace {

struct ServeOptions {
    std::string path;
    cmf::server::ServerOptions server;
    uint32_t threads = 0;
    bool ignoreMemory = false, quiet = false;
    SpecialistOptions spec;
};

bool isLoopback(const std::string& host) {
    return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

int serve(ServeOptions o) {
    std::unique_ptr<tbb::global_control> limit;
    if (o.threads) limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, o.threads);
    if (o.server.apiKey.empty())
        if (const char* key = std::getenv("CMF_API_KEY")) o.server.apiKey = key;
    if (const char* scripted = std::getenv("CMF_TEST_SERVE_REPLY")) o.server.scriptedToolReply = scripted; // tests only (server_options.h)
    o.server.task = o.spec.task;
    o.server.skill = o.spec.skill;
    o.server.blend = o.spec.blend;
    const auto* stop = interruptFlag(); // installed before any server thread exists

    requireValidInput(o.path);
    const auto model = cmf::engine::Model::open(o.path);
    const uint32_t maxPos = model->config().maxPositions ? model->config().maxPositions : 4096;
    const uint32_t ctx = o.server.ctx ? o.server.ctx : std::min<uint32_t>(maxPos, 4096);
    o.server.ctx = ctx;
    // Every slot may fill its context: the KV caches of all of them at once.
    requireMemory(o.ignoreMemory, *model, o.spec, uint32_t(std::min<uint64_t>(uint64_t(ctx) * o.server.parallel, UINT32_MAX)), o.server.kv);

    cmf::server::Server server(model, o.server);
    if (!o.quiet)
        server.setRequestLog([](const cmf::server::RequestRecord& r) {
            std::fprintf(stderr, "cmf serve: %s %s %s %d%s  %llu in, %llu out, %.1f tok/s, %.3f s\n", r.client.c_str(), r.method.c_str(),
                         r.path.c_str(), r.status, r.cancelled ? " cancelled" : "", (unsigned long long)r.promptTokens,
                         (unsigned long long)r.completionTokens, r.tokensPerSecond, r.seconds);
        });
    server.start();
    std::printf("http://%s:%d\n", o.server.host.find(':') != std::string::npos ? ("[" + o.server.host + "]").c_str() : o.server.host.c_str(),
                server.port());
    std::fflush(stdout);
    std::fprintf(stderr, "cmf serve: %s as '%s' on %s:%d, %u slot%s of %u tokens, queue %u%s\n", o.path.c_str(), server.modelId().c_str(),
                 o.server.host.c_str(), server.port(), o.server.parallel, o.server.parallel == 1 ? "" : "s", ctx, o.server.queue,
                 o.server.apiKey.empty() ? "" : ", API key required");
    if (!isLoopback(o.server.host) && o.server.apiKey.empty())
        std::fprintf(stderr,
                     "cmf serve: WARNING: listening on %s without an API key: anyone who can reach this machine can use the model. "
                     "Give --api-key KEY (or CMF_API_KEY), or bind 127.0.0.1.\n",
                     o.server.host.c_str());
    while (!stop->load() && server.running()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::fprintf(stderr, "cmf serve: stopping\n");
    server.stop();
    const auto c = server.counters();
    std::fprintf(stderr, "cmf serve: %llu requests, %llu completed, %llu cancelled, %llu rejected (busy), %llu failed\n",
                 (unsigned long long)c.requests, (unsigned long long)c.completed, (unsigned long long)c.cancelled,
                 (unsigned long long)c.rejected, (unsigned long long)c.failed);
    return kExitOk;
}

} // namespace

void addServe(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("serve", "Serve the model over a local OpenAI-compatible HTTP API (/v1/chat/completions, ...)");
    auto o = std::make_shared<ServeOptions>();
    cmd->add_option("FILE", o->path, "CMF model (any shard of a set)")->required();
    cmd->add_option("--host", o->server.host, "Address to listen on (loopback by default; another needs --api-key)")->capture_default_str();
    cmd->add_option("--port", o->server.port, "Port (0: any free port; the first line of stdout says which)")
        ->check(CLI::Range(0, 65535))
        ->capture_default_str();
    cmd->add_option("--api-key", o->server.apiKey, "Require 'Authorization: Bearer KEY' on /v1 routes (default: $CMF_API_KEY)");
    cmd->add_option("--ctx", o->server.ctx, "Context of each slot in tokens (default: max_position_embeddings, at most 4096)");
    cmd->add_option("--threads", o->threads, "Worker threads (default: all cores)");
    cmd->add_option("--parallel", o->server.parallel, "Slots: replies generated at once, each with its own KV cache")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd->add_option("--queue", o->server.queue, "Requests that may wait for a slot; more are answered 503 with Retry-After")
        ->capture_default_str();
    cmd->add_option("--max-body", o->server.maxBodyBytes, "Largest request body in bytes (413 past it)")->capture_default_str();
    cmd->add_option("--timeout", o->server.readTimeoutSeconds, "Seconds a client may stay silent while sending or receiving")
        ->check(CLI::Range(1, 3600))
        ->capture_default_str();
    addDraftOptions(cmd, o->server.draft);
    addKvOption(cmd, o->server.kv);
    addSpecialistOptions(cmd, o->spec);
    addMemoryCheckOption(cmd, o->ignoreMemory);
    cmd->add_flag("--quiet", o->quiet, "No line per request on stderr");
    cmd->callback([=] {
        o->server.writeTimeoutSeconds = o->server.readTimeoutSeconds;
        try {
            *exitCode = serve(*o);
        } catch (const CLI::Error&) {
            throw;
        } catch (const cmf::server::ApiError& e) {
            std::fprintf(stderr, "cmf: %s: %s\n", o->path.c_str(), e.what()); // an unknown --task or --skill
            *exitCode = kExitUsage;
        } catch (const cmf::Error& e) {
            *exitCode = reportFailure(o->path, e);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "cmf serve: %s\n", e.what()); // the address cannot be bound
            *exitCode = kExitUsage;
        }
    });
}

} // namespace cmfcli
