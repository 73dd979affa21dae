// The routes that describe the server and change its defaults: /health,
// /v1/models, and the CMF extensions /v1/cmf/status, /v1/cmf/masks,
// /v1/cmf/switch (the reference runtime's task switching).
#include "server_impl.h"

#include "cmf/server/openai_request.h"

namespace cmf::server {
namespace {

using Json = nlohmann::ordered_json;

Json modelJson(const Server::Impl& s) {
    Json tasks = Json::array(), skills = Json::array();
    for (const auto& t : s.tasks) tasks.push_back(t);
    for (const auto& k : s.skills) skills.push_back(k);
    const auto& arch = s.model->header().value("arch", nlohmann::json::object());
    return {{"id", s.modelId},
            {"object", "model"},
            {"created", s.created},
            {"owned_by", "cmf"},
            {"meta",
             {{"arch", arch.value("arch_name", std::string())},
              {"context", s.pool->contextSize()},
              {"slots", s.pool->size()},
              {"tasks", tasks},
              {"skills", skills},
              {"routing", s.canRoute}}}};
}

Json statusJson(Server::Impl& s) {
    const auto d = s.currentDefaults();
    ServerCounters c;
    {
        std::lock_guard lock(s.stateMutex);
        c = s.counters;
    }
    return {{"model", s.modelId},
            {"task", d.task.empty() ? Json() : Json(d.task)},
            {"skill", d.skill.empty() ? Json() : Json(d.skill)},
            {"blend", d.blend},
            {"context", s.pool->contextSize()},
            {"slots", {{"total", s.pool->size()}, {"busy", s.pool->busy()}, {"waiting", s.pool->waiting()}, {"queue", s.pool->queueLimit()}}},
            {"counters",
             {{"requests", c.requests},
              {"completed", c.completed},
              {"cancelled", c.cancelled},
              {"rejected", c.rejected},
              {"failed", c.failed},
              {"prompt_tokens", c.promptTokens},
              {"completion_tokens", c.completionTokens}}}};
}

Json masksJson(const Server::Impl& s) {
    Json masks = Json::array();
    const auto& set = s.model->file().primary().masks();
    if (set)
        for (const auto& m : set->masks)
            masks.push_back({{"name", m.name}, {"task_id", m.taskId}, {"sparsity", m.sparsity}, {"quality", m.quality}});
    Json skills = Json::array();
    for (const auto& k : s.skills) skills.push_back({{"id", k}});
    return {{"default_task", set && !set->defaultTask.empty() ? Json(set->defaultTask) : Json()},
            {"masks", masks},
            {"skills", skills},
            {"routing", s.canRoute}};
}

} // namespace

void addInfoRoutes(Server::Impl& s) {
    auto& http = s.http;
    http.Get("/health", guarded(s, [](const httplib::Request&, httplib::Response& res, RequestRecord&) {
                 sendJson(res, {{"status", "ok"}});
                 return false;
             }));
    http.Get("/v1/models", guarded(s, [&s](const httplib::Request&, httplib::Response& res, RequestRecord&) {
                 sendJson(res, {{"object", "list"}, {"data", Json::array({modelJson(s)})}});
                 return false;
             }));
    http.Get(R"(/v1/models/(.+))", guarded(s, [&s](const httplib::Request& req, httplib::Response& res, RequestRecord&) {
                 if (req.matches[1] != s.modelId)
                     throw ApiError(404, "The model '" + std::string(req.matches[1]) + "' does not exist; this server serves '" + s.modelId + "'",
                                    "model", "model_not_found");
                 sendJson(res, modelJson(s));
                 return false;
             }));
    http.Get("/v1/cmf/status", guarded(s, [&s](const httplib::Request&, httplib::Response& res, RequestRecord&) {
                 sendJson(res, statusJson(s));
                 return false;
             }));
    http.Get("/v1/cmf/masks", guarded(s, [&s](const httplib::Request&, httplib::Response& res, RequestRecord&) {
                 sendJson(res, masksJson(s));
                 return false;
             }));
    // Changes the defaults of the requests that follow; the running ones keep theirs.
    http.Post("/v1/cmf/switch", guarded(s, [&s](const httplib::Request& req, httplib::Response& res, RequestRecord&) {
                  const auto r = parseSwitchRequest(parseBody(req.body));
                  auto d = s.currentDefaults();
                  if (r.task) d.task = *r.task == "none" ? std::string() : *r.task;
                  if (r.skill) d.skill = *r.skill == "none" ? std::string() : *r.skill;
                  if (r.blend) d.blend = *r.blend;
                  s.checkSpecialist(d.task, d.skill);
                  {
                      std::lock_guard lock(s.stateMutex);
                      s.defaults = d;
                  }
                  sendJson(res, statusJson(s));
                  return false;
              }));
}

} // namespace cmf::server
