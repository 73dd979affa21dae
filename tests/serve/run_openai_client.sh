#!/usr/bin/env bash
# tst_serve_openai_client: the official OpenAI JavaScript client against
# `cmf serve` (openai_client.mjs), on tiny-chat and
# tiny-moe. Exit 77 (skipped) only where node is missing or the `openai`
# package is not in the cache and cannot be installed.
#   run_openai_client.sh CMF_BIN TINY_CHAT_DIR TINY_MOE_DIR INSTALL_SCRIPT
set -euo pipefail
cmf="$1" chat_dir="$2" moe_dir="$3" installer="$4"
here="$(cd "$(dirname "$0")" && pwd)"

if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: node is not installed"
  exit 77
fi
modules="${CMF_NPM_CACHE:-$HOME/.cache/cmf-workbench/npm}/node_modules"
[ -f "$modules/openai/package.json" ] || bash "$installer"
if [ ! -f "$modules/openai/package.json" ]; then
  echo "SKIP: the openai npm package is not in $modules and could not be installed"
  exit 77
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$cmf" convert --model "$chat_dir" --quant f32 --output "$work/tiny-chat.cmf" >/dev/null
"$cmf" convert --model "$moe_dir" --quant q8 --output "$work/tiny-moe.cmf" >/dev/null

# The reply the test hook gives a request that asks for a tool (server_options.h).
tool_reply=$'<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'

for model in tiny-chat tiny-moe; do
  CMF_TEST_SERVE_REPLY="$tool_reply" "$cmf" serve "$work/$model.cmf" --port 0 --api-key test-key --parallel 2 \
    >"$work/$model.out" 2>"$work/$model.err" &
  server_pid=$!
  for _ in $(seq 100); do [ -s "$work/$model.out" ] && break; sleep 0.1; done
  url="$(head -1 "$work/$model.out")"
  [ -n "$url" ] || { cat "$work/$model.err"; echo "FAIL: cmf serve printed no address"; exit 1; }
  echo "== $model at $url"
  CMF_URL="$url" CMF_KEY=test-key CMF_BIN="$cmf" CMF_MODEL="$work/$model.cmf" CMF_WORK="$work" CMF_TOOLS="$([ $model = tiny-chat ] && echo 1 || echo 0)" \
    CMF_NODE_MODULES="$modules" node "$here/openai_client.mjs" || { cat "$work/$model.err"; exit 1; }
  # The aborted stream is in the server's log as cancelled.
  grep -q "POST /v1/chat/completions 200 cancelled" "$work/$model.err" || { cat "$work/$model.err"; echo "FAIL: no cancelled request in the log"; exit 1; }
  kill -TERM "$server_pid"
  code=0
  wait "$server_pid" || code=$?
  server_pid=""
  [ "$code" = 0 ] || { cat "$work/$model.err"; echo "FAIL: cmf serve exited $code on SIGTERM"; exit 1; }
done
echo "PASS"
