#!/usr/bin/env bash
# Runs every libFuzzer target at once for SECONDS each (default 1800), at low
# priority, from the saved corpus plus seeds from the test data, then merges
# what added coverage back into tests/fuzz/corpus/<target>/ (the regression
# tests replay those in every build). Crashes, leaks, timeouts and OOMs are
# left as WORK/<target>/crash-* etc. and make the script fail.
#   bash tests/fuzz/run_fuzzers.sh [SECONDS] [WORK]
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-1800}
work=${2:-$repo/build/fuzz-work}
targets=${TARGETS:-fuzz_open fuzz_tokenizer fuzz_template fuzz_skill_apply}
cd "$repo"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target $targets
bin=$repo/build/fuzz/tests/fuzz
data=$repo/tests/data

seed_dirs() {
    case $1 in
    fuzz_open) echo "$data/conformance/valid $data/conformance/edge $data/conformance/invalid" ;;
    fuzz_template) echo "$data/chat_templates" ;;
    fuzz_skill_apply) mkdir -p "$work/$1/seed"
        CMF_FUZZ_SEED_DIR=$work/$1/seed "$bin/$1" -runs=0 "$work/$1/seed" >/dev/null 2>&1
        echo "$work/$1/seed" ;;
    *) ;;
    esac
}

pids=()
for t in $targets; do
    mkdir -p "$work/$t/corpus" "tests/fuzz/corpus/$t"
    # -max_len bounds each input; -rss_limit_mb and -malloc_limit_mb turn an
    # unbounded allocation into a finding; -timeout a hang.
    nice -n 10 "$bin/$t" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
        -max_len=262144 -print_final_stats=1 -artifact_prefix="$work/$t/" \
        "$work/$t/corpus" "tests/fuzz/corpus/$t" $(seed_dirs "$t") >"$work/$t/log" 2>&1 &
    pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done

for t in $targets; do
    echo "== $t"
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^Done|ERROR' "$work/$t/log" || true
    ls "$work/$t"/{crash,leak,timeout,oom}-* 2>/dev/null && status=1
    # Keep only inputs that add coverage to what is already saved.
    "$bin/$t" -merge=1 -max_len=262144 "tests/fuzz/corpus/$t" "$work/$t/corpus" $(seed_dirs "$t") >"$work/$t/merge.log" 2>&1
    echo "corpus: $(ls "tests/fuzz/corpus/$t" | wc -l) files, $(du -sh "tests/fuzz/corpus/$t" | cut -f1)"
done
exit $status
