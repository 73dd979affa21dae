#pragma once
// The state every route of the server shares (private to server/src): the
// model, the slots, the renderer that turns messages into prompt ids before
// a slot is taken, the live defaults, counters and log.
#include "cmf/server/api_error.h"
#include "cmf/server/server.h"

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

namespace cmf::server {

struct Server::Impl {
    Impl(std::shared_ptr<const engine::Model> m, ServerOptions o);

    std::shared_ptr<const engine::Model> model;
    ServerOptions options;
    std::string modelId;
    int64_t created = 0; // when the server started (the "created" of /v1/models)
    std::unique_ptr<SlotPool> pool;

    // Renders a request's messages to prompt ids before any slot is taken,
    // so the free slot with the longest shared prefix can be chosen and a
    // prompt too long for the context refused at once. One at a time.
    std::mutex renderMutex;
    std::unique_ptr<engine::Session> renderer;

    std::set<std::string> tasks;     // the file's task masks
    std::vector<std::string> skills; // its skill ids
    bool canRoute = false;           // it has selection subspaces (skill auto)

    mutable std::mutex stateMutex; // defaults, counters, log
    Defaults defaults;
    ServerCounters counters;
    std::function<void(const RequestRecord&)> log;

    httplib::Server http;
    std::atomic<bool> stopping{false};
    std::thread thread;
    int port = -1;
    std::mutex runMutex;
    std::condition_variable stoppedCv;
    bool started = false, stopped = false;

    // ApiError 400 naming the field for an unknown task or skill.
    void checkSpecialist(const std::string& task, const std::string& skill) const;
    Defaults currentDefaults() const;
    // Counts the request and hands it to the log.
    void record(const RequestRecord& r);
    bool authorized(const httplib::Request& req) const;
};

// A route's body: fills res (or throws ApiError); returns true when it logs
// the request itself later (a stream that is still to be written).
using RouteFn = std::function<bool(const httplib::Request&, httplib::Response&, RequestRecord&)>;
// Wraps a route: an ApiError or any other exception becomes an error object
// with its status (500 for the unexpected), and the request is recorded.
httplib::Server::Handler guarded(Server::Impl& s, RouteFn fn);
void sendError(httplib::Response& res, const ApiError& e, int retryAfterSeconds);
void sendJson(httplib::Response& res, const nlohmann::ordered_json& body, int status = 200);
// JSON text for the wire; invalid UTF-8 (never expected: replies are decoded UTF-8-safe) is replaced, not thrown.
std::string wireText(const nlohmann::ordered_json& j);
RequestRecord recordOf(const httplib::Request& req);
bool isGenerationPath(const std::string& path);

void addInfoRoutes(Server::Impl& s);       // /health, /v1/models, /v1/cmf/*
void addGenerationRoutes(Server::Impl& s); // /v1/chat/completions, /v1/completions

} // namespace cmf::server
