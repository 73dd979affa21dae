#!/usr/bin/env bash
# Installs the official OpenAI JavaScript client (the `openai` npm package,
# major 4: it runs on Node 18+) into a cache for tests/serve's client test,
# which is skipped where this could not be done. Offline-tolerant: no node,
# no npm or no network is a note, not a failure. Idempotent.
#   CMF_NPM_CACHE  where to install (default ~/.cache/cmf-workbench/npm)
set -uo pipefail

dir="${CMF_NPM_CACHE:-$HOME/.cache/cmf-workbench/npm}"
if [ -f "$dir/node_modules/openai/package.json" ]; then
  echo "install-npm-test-deps: openai $(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' "$dir/node_modules/openai/package.json" | head -1) in $dir"
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "install-npm-test-deps: npm not found; the OpenAI client test will be skipped"
  exit 0
fi
mkdir -p "$dir"
if timeout 300 npm install --silent --no-audit --no-fund --prefix "$dir" openai@4 >/dev/null 2>&1; then
  echo "install-npm-test-deps: installed openai into $dir"
else
  echo "install-npm-test-deps: could not install openai (offline?); the OpenAI client test will be skipped"
fi
exit 0
