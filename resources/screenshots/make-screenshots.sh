#!/usr/bin/env bash
# Renders every view of the demo model at 1280×800 with `cmf-workbench
# --screenshot` into this folder.
#   usage: resources/screenshots/make-screenshots.sh [BUILD_DIR=build/release]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/release}
bin=$build/app/gui/cmf-workbench
demo=$build/demo/tiny-chat.cmf
out=resources/screenshots
shot() { "$bin" --screenshot "$out/$1.png" --view "$2" --size 1280x800 "${@:3}"; }
shot overview overview "$demo"
shot envelope envelope "$demo"
shot header header "$demo"
shot tensors tensors "$demo"
shot tensor-detail "tensor:model.layers.1.mlp.down_proj.weight" "$demo"
shot verify verify "$demo"
shot masks masks "$demo"
# The chat mask's FFN bitmap at full resolution (one pixel per neuron, a row per layer) and at 4 px per cell.
"$bin" --screenshot "$(mktemp -u).png" --view masks --export-cells "$out/mask-export.png" "$demo" > /dev/null
"$bin" --screenshot "$(mktemp -u).png" --view masks --export-cells "$out/mask-export-x4.png" --cell-scale 4 "$demo" > /dev/null
shot bits bits "$demo"
shot skills skills "$demo"
shot tokenizer tokenizer "$demo"
shot signature signature "$demo"
# Beyond the demo model: a file with masks, skills and a shard set, and an error.
valid=tests/data/conformance/valid
shot masks-conformance masks "$valid/tiny-s42-skills-Q4_BLOCK.cmf"
shot skills-conformance skills "$valid/tiny-s42-skills-Q4_BLOCK.cmf"
shot shards-conformance shards "$valid/tiny-s42-Q8_2F-sharded-00002-of-00004.cmf"
shot error-bad-magic error tests/data/conformance/invalid/01-bad_magic.cmf
shot verify-tampered verify tests/data/conformance/invalid/19-flip_tensor_data.cmf
shot tensors-ru tensors "$demo" --language ru
shot verify-zh_CN verify "$demo" --language zh_CN
# A signed copy: the signer's key is shown (not trusted in a fresh profile).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$demo" "$tmp/tiny-chat.cmf"
"$build/app/cli/cmf" keygen --out "$tmp/release.key" > /dev/null
"$build/app/cli/cmf" sign "$tmp/tiny-chat.cmf" --key "$tmp/release.key" > /dev/null
shot signature-signed signature "$tmp/tiny-chat.cmf"
shot overview-signed overview "$tmp/tiny-chat.cmf"
shot overview-shard overview "$valid/tiny-s42-Q8_2F-sharded-00002-of-00004.cmf"
# Compare: the demo model against a copy with five tensors requantized to q4.
"$build/app/cli/cmf" requant "$demo" --quant q4 --output "$tmp/requantized.cmf" \
  --only '^model\.layers\.[01]\.self_attn\.[qk]_proj\.weight$|^model\.layers\.1\.mlp\.down_proj\.weight$' > /dev/null
shot compare "compare:$tmp/requantized.cmf" "$demo"
# Tasks and skills, quantization error against the bundled source, and the
# expert routing of the MoE test model (its statistics run on a sample text).
shot tasks tasks "$demo"
shot quant quant "$demo"
# The import dialog and its preview on the demo model's Hugging Face folder.
shot import import "$demo"
"$build/app/cli/cmf" convert --model tests/data/models/tiny-moe --quant q8 --output "$tmp/tiny-moe.cmf" > /dev/null
shot routing routing "$tmp/tiny-moe.cmf"
shot overview-moe overview "$tmp/tiny-moe.cmf"
"$build/app/cli/cmf" convert --model tests/data/models/gdn/tiny-qwen3.5 --quant q8 --output "$tmp/tiny-qwen3.5.cmf" > /dev/null
shot overview-qwen35 overview "$tmp/tiny-qwen3.5.cmf"
# The chat window: a scripted greedy conversation with a skill switch, auto routing and a task (chat-script.json).
shot chat chat --chat-script resources/screenshots/chat-script.json "$demo"
# Issue 25's views, each in the light and the dark theme: the architecture
# graph (the demo, and the Qwen3.5 hybrid), the tokenizer playground, bench and
# perplexity (a quick run on the demo's held-out text), and the chat with its history.
for theme in light dark; do
  suffix=$([ $theme = dark ] && echo -dark || true)
  shot "architecture$suffix" architecture "$demo" --theme $theme
  shot "playground$suffix" playground "$demo" --theme $theme
  shot "measure$suffix" measure "$demo" --theme $theme
done
shot chat-dark chat --chat-script resources/screenshots/chat-script.json "$demo" --theme dark
shot overview-dark overview "$demo" --theme dark
shot architecture-qwen35 architecture "$tmp/tiny-qwen3.5.cmf"
