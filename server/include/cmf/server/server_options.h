#pragma once
// What `cmf serve` (and the workbench's panel) configures a Server with:
// the address, the key, the slots and their context, the limits that keep a
// client from holding the server, and the specialist defaults that
// POST /v1/cmf/switch changes live.
#include "cmf/engine/draft.h"
#include "cmf/engine/kv_cache.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace cmf::server {

struct ServerOptions {
    std::string host = "127.0.0.1"; // loopback unless asked otherwise
    int port = 8080;                // 0: any free port (Server::port() says which)
    std::string apiKey;             // empty: no Authorization required
    std::string modelId;            // empty: the file name

    uint32_t parallel = 1;     // slots: replies generated at once, each its own Session (KV cache / recurrent state)
    uint32_t queue = 16;       // requests that may wait for a slot; one more is answered 503 with Retry-After
    uint32_t ctx = 0;          // context of each slot in tokens; 0: the model's max_position_embeddings, at most 4096
    engine::KvType kv = engine::KvType::F32; // each slot's KV cache element type
    std::size_t maxBodyBytes = 4u << 20; // a larger request body is answered 413
    int readTimeoutSeconds = 30;  // a client that sends nothing for this long is dropped
    int writeTimeoutSeconds = 30; // a client that reads nothing for this long is dropped (and its reply cancelled)
    int retryAfterSeconds = 1;    // the Retry-After of a 503

    // Defaults of requests that name no task / skill / blend.
    std::string task;  // "" = dense
    std::string skill; // "", "none", a skill id or "auto"
    double blend = 0;  // with skill auto: softmax(-E/T) blend of every record, 0 = the argmin alone
    engine::DraftOptions draft; // speculative decoding of every reply (the output is the same)

    // Test-only (tests/serve, CMF_TEST_SERVE_REPLY in `cmf serve`): when set,
    // a chat request that carries tools and ends with a user message gets
    // this text as the model's reply instead of a generation, streamed
    // through the same parsing — the tiny test models never write tool-call
    // markup themselves. The turn that brings the tool's result back is
    // generated as usual. Empty outside tests.
    std::string scriptedToolReply;
};

} // namespace cmf::server
