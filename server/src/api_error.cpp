#include "cmf/server/api_error.h"

namespace cmf::server {

ApiError::ApiError(int status, const std::string& message, std::string param, std::string code, std::string type)
    : std::runtime_error(message), status_(status), param_(std::move(param)), code_(std::move(code)), type_(std::move(type)) {
    if (type_.empty()) type_ = status_ >= 500 ? "server_error" : "invalid_request_error";
}

nlohmann::ordered_json ApiError::body() const {
    const auto orNull = [](const std::string& s) { return s.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(s); };
    return nlohmann::ordered_json{{"error", {{"message", what()}, {"type", type_}, {"param", orNull(param_)}, {"code", orNull(code_)}}}};
}

nlohmann::ordered_json errorBody(int status, const std::string& message, const std::string& code) {
    return ApiError(status, message, {}, code).body();
}

ApiError invalidField(const std::string& param, const std::string& message, const std::string& code) {
    return ApiError(400, message, param, code);
}

} // namespace cmf::server
