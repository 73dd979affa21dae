#!/usr/bin/env bash
# Builds the release preset and runs the format and tokenizer benchmarks. Usage:
#   bash tests/bench/run_benchmarks.sh [WORKDIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake --preset release >/dev/null
cmake --build --preset release --target cmf bench_verify bench_info bench_convert bench_tokenizer
work=${1:-$(mktemp -d)}
./build/release/tests/bench/bench_info ./build/release/app/cli/cmf "$work"
./build/release/tests/bench/bench_verify ./build/release/app/cli/cmf "$work"
./build/release/tests/bench/bench_convert ./build/release/app/cli/cmf "$work" q8
./build/release/tests/bench/bench_tokenizer
