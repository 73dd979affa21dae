// The server's life: options checked, routes, authorization, the error
// objects of what cpp-httplib refuses itself (413, unknown routes), start on
// its own thread, stop that cancels what runs and frees the port.
#include "server_impl.h"

#include "cmf/engine/skill_routing.h"

#include <csignal>
#include <sys/socket.h>
#include <filesystem>

namespace cmf::server {

Server::Impl::Impl(std::shared_ptr<const engine::Model> m, ServerOptions o) : model(std::move(m)), options(std::move(o)) {
    modelId = options.modelId.empty() ? std::filesystem::path(model->file().primary().path()).filename().string() : options.modelId;
    created = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    if (const auto& masks = model->file().primary().masks())
        for (const auto& mask : masks->masks) tasks.insert(mask.name);
    skills = model->skillIds();
    try {
        canRoute = !engine::skillSubspaces(*model).empty();
    } catch (const std::exception&) {
        canRoute = false; // a malformed selection: skill auto is refused, the rest serves
    }
    const uint32_t maxPos = model->config().maxPositions ? model->config().maxPositions : 4096;
    const uint32_t ctx = options.ctx ? options.ctx : std::min<uint32_t>(maxPos, 4096);
    pool = std::make_unique<SlotPool>(model, std::max<uint32_t>(options.parallel, 1), ctx, options.queue, options.kv);
    renderer = std::make_unique<engine::Session>(model, ctx);
    checkSpecialist(options.task, options.skill);
    defaults = {options.task, options.skill == "none" ? std::string() : options.skill, options.blend};
}

void Server::Impl::checkSpecialist(const std::string& task, const std::string& skill) const {
    if (!task.empty() && !tasks.count(task)) {
        std::string known;
        for (const auto& t : tasks) known += (known.empty() ? "" : ", ") + t;
        throw invalidField("task", "unknown task '" + task + "'; " + (known.empty() ? "the model has no task masks" : "the model has: " + known),
                           "unknown_task");
    }
    if (skill.empty() || skill == "none") return;
    if (skill == "auto") {
        if (!canRoute) throw invalidField("skill", "skill 'auto' needs selection subspaces to route by; the model has none", "unknown_skill");
        return;
    }
    if (std::find(skills.begin(), skills.end(), skill) == skills.end()) {
        std::string known;
        for (const auto& k : skills) known += (known.empty() ? "" : ", ") + k;
        throw invalidField("skill", "unknown skill '" + skill + "'; " + (known.empty() ? "the model has no skills" : "the model has: " + known),
                           "unknown_skill");
    }
}

Defaults Server::Impl::currentDefaults() const {
    std::lock_guard lock(stateMutex);
    return defaults;
}

void Server::Impl::record(const RequestRecord& r) {
    std::function<void(const RequestRecord&)> callback;
    {
        std::lock_guard lock(stateMutex);
        if (isGenerationPath(r.path)) {
            ++counters.requests;
            if (r.cancelled) ++counters.cancelled;
            else if (r.status == 200) ++counters.completed;
            else if (r.status == 503) ++counters.rejected;
            else ++counters.failed;
            counters.promptTokens += r.promptTokens;
            counters.completionTokens += r.completionTokens;
        }
        callback = log;
    }
    if (callback) callback(r);
}

bool Server::Impl::authorized(const httplib::Request& req) const {
    if (options.apiKey.empty()) return true;
    const std::string want = "Bearer " + options.apiKey, got = req.get_header_value("Authorization");
    // Every byte compared whatever the first difference, so the time taken tells nothing about the key.
    unsigned diff = unsigned(want.size() ^ got.size());
    for (size_t i = 0; i < want.size(); ++i) diff |= unsigned(uint8_t(want[i]) ^ uint8_t(i < got.size() ? got[i] : 0));
    return diff == 0;
}

std::string wireText(const nlohmann::ordered_json& j) { return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace); }

void sendJson(httplib::Response& res, const nlohmann::ordered_json& body, int status) {
    res.status = status;
    res.set_content(wireText(body), "application/json");
}

void sendError(httplib::Response& res, const ApiError& e, int retryAfterSeconds) {
    sendJson(res, e.body(), e.status());
    if (e.status() == 503) res.set_header("Retry-After", std::to_string(retryAfterSeconds));
}

RequestRecord recordOf(const httplib::Request& req) {
    RequestRecord r;
    r.client = req.remote_addr + ":" + std::to_string(req.remote_port);
    r.method = req.method;
    r.path = req.path;
    return r;
}

bool isGenerationPath(const std::string& path) { return path == "/v1/chat/completions" || path == "/v1/completions"; }

httplib::Server::Handler guarded(Server::Impl& s, RouteFn fn) {
    return [&s, fn = std::move(fn)](const httplib::Request& req, httplib::Response& res) {
        const auto t0 = std::chrono::steady_clock::now();
        RequestRecord rec = recordOf(req);
        bool later = false;
        try {
            later = fn(req, res, rec);
        } catch (const ApiError& e) {
            sendError(res, e, s.options.retryAfterSeconds);
        } catch (const std::exception& e) {
            sendError(res, ApiError(500, std::string("internal error: ") + e.what()), s.options.retryAfterSeconds);
        }
        if (later) return;
        rec.status = res.status;
        rec.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        s.record(rec);
    };
}

Server::Server(std::shared_ptr<const engine::Model> model, ServerOptions options)
    : impl_(std::make_unique<Impl>(std::move(model), std::move(options))) {
    auto& s = *impl_;
    auto& http = s.http;
    // Every slot and every place in the queue holds a thread while it
    // generates or waits; the rest answer status requests and refuse with 503.
    const size_t threads = std::max<size_t>(s.pool->size() + s.pool->queueLimit() + 4, 8);
    http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    http.set_payload_max_length(s.options.maxBodyBytes);
    http.set_read_timeout(s.options.readTimeoutSeconds, 0);
    http.set_write_timeout(s.options.writeTimeoutSeconds, 0);
    http.set_pre_routing_handler([&s](const httplib::Request& req, httplib::Response& res) {
        if (req.path == "/health" || s.authorized(req)) return httplib::Server::HandlerResponse::Unhandled;
        const bool sent = req.has_header("Authorization");
        sendError(res,
                  ApiError(401, sent ? "Incorrect API key provided." : "You didn't provide an API key: send it as 'Authorization: Bearer KEY'.",
                           {}, "invalid_api_key"),
                  s.options.retryAfterSeconds);
        RequestRecord rec = recordOf(req);
        rec.status = 401;
        s.record(rec);
        return httplib::Server::HandlerResponse::Handled;
    });
    // What cpp-httplib answers itself (no route, a body past the limit, a
    // request it cannot read) still gets an OpenAI error object.
    http.set_error_handler(httplib::Server::HandlerWithResponse([&s](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        std::string message = "the request could not be read", code;
        if (res.status == 404) message = "no route " + req.method + " " + req.path, code = "not_found";
        else if (res.status == 405) message = req.method + " is not allowed on " + req.path, code = "method_not_allowed";
        else if (res.status == 413)
            message = "the request body is larger than the server's limit of " + std::to_string(s.options.maxBodyBytes) + " bytes",
            code = "request_too_large";
        else if (res.status == 408) message = "the client sent its request too slowly", code = "timeout";
        sendJson(res, errorBody(res.status, message, code), res.status);
        RequestRecord rec = recordOf(req);
        rec.status = res.status;
        s.record(rec);
        return httplib::Server::HandlerResponse::Handled;
    }));
    addInfoRoutes(s);
    addGenerationRoutes(s);
}

Server::~Server() { stop(); }

void Server::start() {
    auto& s = *impl_;
    {
        std::lock_guard lock(s.runMutex);
        if (s.started) throw std::runtime_error("the server was started already");
        // A client that goes away mid-reply must make a write fail, not kill the process.
        std::signal(SIGPIPE, SIG_IGN);
        const auto& o = s.options;
        // SO_REUSEADDR only: cpp-httplib's default also sets SO_REUSEPORT,
        // with which a second server on the same port binds without an error
        // and the kernel splits the connections between the two.
        s.http.set_socket_options([](socket_t sock) {
            const int yes = 1;
            ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        });
        s.port = o.port == 0 ? s.http.bind_to_any_port(o.host) : (s.http.bind_to_port(o.host, o.port) ? o.port : -1);
        if (s.port < 0)
            throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port) + " (in use, or not an address of this machine)");
        s.started = true;
        s.thread = std::thread([&s] {
            s.http.listen_after_bind();
            std::lock_guard done(s.runMutex);
            s.stopped = true;
            s.stoppedCv.notify_all();
        });
    }
    // cpp-httplib's stop() does nothing until its loop runs: a stop() right
    // after start() (a signal at once) would leave the loop accepting forever.
    while (!s.http.is_running()) {
        std::lock_guard lock(s.runMutex);
        if (s.stopped) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

void Server::stop() {
    auto& s = *impl_;
    s.stopping = true;
    s.pool->close(); // requests waiting for a slot are answered 503
    s.http.stop();   // no new connections; cpp-httplib joins its workers as the running replies see `stopping` and end
    std::unique_lock lock(s.runMutex);
    if (s.thread.joinable() && s.thread.get_id() != std::this_thread::get_id()) {
        lock.unlock();
        s.thread.join();
    }
}

void Server::wait() {
    auto& s = *impl_;
    std::unique_lock lock(s.runMutex);
    s.stoppedCv.wait(lock, [&] { return s.stopped || !s.started; });
}

bool Server::running() const {
    std::lock_guard lock(impl_->runMutex);
    return impl_->started && !impl_->stopped;
}

const std::string& Server::host() const { return impl_->options.host; }
int Server::port() const { return impl_->port; }
const std::string& Server::modelId() const { return impl_->modelId; }
const ServerOptions& Server::options() const { return impl_->options; }

void Server::setRequestLog(std::function<void(const RequestRecord&)> log) {
    std::lock_guard lock(impl_->stateMutex);
    impl_->log = std::move(log);
}

ServerCounters Server::counters() const {
    std::lock_guard lock(impl_->stateMutex);
    return impl_->counters;
}

Defaults Server::defaults() const { return impl_->currentDefaults(); }

void Server::setDefaults(const Defaults& d) {
    impl_->checkSpecialist(d.task, d.skill);
    std::lock_guard lock(impl_->stateMutex);
    impl_->defaults = {d.task, d.skill == "none" ? std::string() : d.skill, d.blend};
}

SlotPool& Server::slotPool() { return *impl_->pool; }

} // namespace cmf::server
