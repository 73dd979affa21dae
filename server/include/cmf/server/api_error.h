#pragma once
// An OpenAI error object with its HTTP status: every route answers a refused
// request with {"error": {"message", "type", "param", "code"}}, the shape the
// official clients turn into their typed errors (BadRequestError, ...).
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace cmf::server {

class ApiError : public std::runtime_error {
public:
    // type defaults by status: invalid_request_error below 500, server_error from 500.
    ApiError(int status, const std::string& message, std::string param = {}, std::string code = {}, std::string type = {});
    int status() const { return status_; }
    const std::string& param() const { return param_; }
    const std::string& code() const { return code_; }
    const std::string& type() const { return type_; }
    nlohmann::ordered_json body() const; // param and code are null when empty

private:
    int status_;
    std::string param_, code_, type_;
};

// The same object for a status and message only (errors cpp-httplib raised itself).
nlohmann::ordered_json errorBody(int status, const std::string& message, const std::string& code = {});

// 400 invalid_request_error naming the field.
ApiError invalidField(const std::string& param, const std::string& message, const std::string& code = "invalid_value");

} // namespace cmf::server
