#pragma once
// A local OpenAI-compatible server over one model (issue 23): /v1/models,
// /v1/chat/completions, /v1/completions (both streamed as server-sent events
// on request), /health, and the CMF routes /v1/cmf/status, /v1/cmf/masks,
// /v1/cmf/switch. HTTP is cpp-httplib's; the server owns its threads, so a
// caller (the CLI's main thread, a Qt worker) starts it, reads its counters
// and log while it runs, and stops it, which frees the port.
//
// Nothing a client sends reaches the file system: the routes read the model
// already mapped and the server's own state only.
#include "cmf/server/server_options.h"
#include "cmf/server/slot_pool.h"

#include "cmf/engine/model.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace cmf::server {

// One answered request, for the log (the CLI prints it; the GUI panel lists it).
struct RequestRecord {
    std::string client;   // address:port of the peer
    std::string method, path;
    int status = 0;
    bool stream = false;
    bool cancelled = false; // the client went away, or the server stopped, mid-reply
    uint64_t promptTokens = 0, completionTokens = 0;
    double seconds = 0;         // from the request to the last byte of the reply
    double tokensPerSecond = 0; // completion tokens over the decode time
};

struct ServerCounters {
    uint64_t requests = 0;  // generation requests received (chat and completions)
    uint64_t completed = 0; // answered with a whole reply
    uint64_t cancelled = 0; // stopped mid-reply (client gone, or the server stopping)
    uint64_t rejected = 0;  // 503: every slot busy and the queue full
    uint64_t failed = 0;    // answered with another error status
    uint64_t promptTokens = 0, completionTokens = 0;
};

// The specialist defaults of requests that name none (POST /v1/cmf/switch).
struct Defaults {
    std::string task, skill;
    double blend = 0;
};

class Server {
public:
    // Throws cmf::Error / ApiError(400) when options name a task or skill the model does not have.
    Server(std::shared_ptr<const engine::Model> model, ServerOptions options);
    ~Server(); // stop()
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds the address and serves on the server's own threads; returns once
    // the port is bound. Throws std::runtime_error when it cannot be bound.
    void start();
    // Stops accepting, cancels the replies running and the requests waiting,
    // joins every thread and closes the socket. Safe from any thread but the
    // server's own; idempotent.
    void stop();
    // Blocks until the server stopped.
    void wait();
    bool running() const;

    const std::string& host() const;
    int port() const; // the bound port (the chosen one when options.port was 0)
    const std::string& modelId() const;
    const ServerOptions& options() const;

    // Called from the server's threads after each request is answered.
    void setRequestLog(std::function<void(const RequestRecord&)> log);
    ServerCounters counters() const;
    Defaults defaults() const;
    // Validates and sets the defaults (ApiError 400 for an unknown name).
    void setDefaults(const Defaults& d);
    SlotPool& slotPool();

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

} // namespace cmf::server
