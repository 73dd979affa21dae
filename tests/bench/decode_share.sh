#!/bin/bash
# Decode speed as a share of the machine's read bandwidth (issue 22's
# "decode ≥ 0.9 of bench_bandwidth"): for each model, bench_bandwidth right
# before and right after `cmf bench --tg 128`, and the decode GB/s over the
# mean of the two. A VM whose bandwidth bursts between the two reads shows
# it as two far-apart figures; read such a row's share with care.
# usage: decode_share.sh BUILD_DIR MODEL.cmf... (ROUNDS=2 THREADS=2)
set -euo pipefail
if [ $# -lt 2 ] || [ "$1" = "--help" ]; then
    echo "usage: decode_share.sh BUILD_DIR MODEL.cmf...   (env: ROUNDS=2, THREADS=2)"
    [ "${1:-}" = "--help" ] && exit 0 || exit 2
fi
build=$1; shift
cmf=$build/app/cli/cmf bw=$build/tests/bench/bench_bandwidth
rounds=${ROUNDS:-2} threads=${THREADS:-2}
bandwidth() { "$bw" 1024 "$threads" 3 | tail -1 | awk '{print $(NF-1)}'; }
echo "| model | tg128 tok/s (min-max) | decode GB/s | read GB/s before/after | share |"
echo "| --- | --- | --- | --- | --- |"
for round in $(seq "$rounds"); do
    for f in "$@"; do
        before=$(bandwidth)
        out=$("$cmf" bench "$f" --pp 0 --tg 128 --reps 3 --threads "$threads" --json)
        after=$(bandwidth)
        python3 - "$(basename "$f" .cmf)" "$before" "$after" "$out" <<'PY'
import json, sys
name, before, after, out = sys.argv[1:5]
j = json.loads(out)
runs, gbs = j["tg_runs"], j["tg_read_gb_s"]
mean = (float(before) + float(after)) / 2
print(f"| {name} | {j['tg_tok_s']:.1f} ({min(runs):.1f}-{max(runs):.1f}) | {gbs:.2f} | {before}/{after} | {gbs / mean:.2f} |", flush=True)
PY
    done
done
