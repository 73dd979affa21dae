#!/usr/bin/env bash
# How resources/demo-model and resources/demo-model-code were made (the
# commands as they ran, 2026-12-02, on the shared 2-core VM; phases 3 and 4
# were added the same day, starting from the 2-phase demo's stored weights).
#   resources/demo-training/run.sh SHARED_MODELS_SRC WORK
# SHARED_MODELS_SRC is shared/models/src (build_corpus.py, model.py, train.py,
# evaluate.py, make_prompts.py, chat_template.py, tok.js); this folder's
# scripts are copied beside them. Needs what that folder's README lists
# (python3-torch, python3-jinja2, libopenblas0-openmp, wordnet-base, fortunes,
# fortunes-min, bible-kjv, dict-devil, dict-jargon, node with the npm package
# @lenml/tokenizers 3.7.2 in $LENML_TOKENIZERS).
set -euo pipefail
SRC="$(cd "$1" && pwd)"; WORK="$2"; HERE="$(cd "$(dirname "$0")" && pwd)"
TOK="$HERE/../demo-model"                      # tokenizer.json / tokenizer_config.json (identical to tiny-chat's)
HELD="$(cd "$HERE/../../tests/data/models" && pwd)"  # the repository's copies of heldout_{chat,prose,code}.txt
mkdir -p "$WORK" && cd "$WORK"
cp "$SRC"/*.py "$SRC"/tok.js "$HERE"/*.py .
export LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/openblas-openmp OMP_WAIT_POLICY=PASSIVE PYTHONDONTWRITEBYTECODE=1
PY=/usr/bin/python3

# Corpus: prose and code exactly as the shared models' (build_corpus.py, seed
# 1234); chat replaced by build_demo_corpus.py (401 words x 60, all arithmetic
# pairs x 2 (x 6 for products), 1,500 fortunes x 3; the shared held-out words,
# fortunes and sums left out). A second, definition-heavy chat stream (work2)
# for the last 7 minutes.
$PY build_corpus.py shared_corpus heldout_check
mkdir -p work work2 out
$PY build_demo_corpus.py work --heldout-chat "$HELD/heldout_chat.txt"
$PY build_demo_corpus.py work2 --heldout-chat "$HELD/heldout_chat.txt" --def-reps 30 --arith-reps 1 --arith-frac 0.25 --fortune-reps 1 --seed 999
cp shared_corpus/prose_train.jsonl shared_corpus/code_train.jsonl work/
for d in chat prose code; do node tok.js encode-docs "$TOK" work/${d}_train.jsonl work/${d}_train.bin; done
node tok.js encode-docs "$TOK" work2/chat_train.jsonl work2/chat_train.bin
ln -sf ../work/prose_train.bin work2/prose_train.bin
for d in chat prose code; do node tok.js encode-file "$TOK" "$HELD/heldout_$d.txt" work/heldout_$d.bin; done
$PY make_prompts.py "$TOK" work/prompts.json
node tok.js encode-prompts "$TOK" work/prompts.json work/prompts_tok.json

# Phase 3 (added later, on one thread, one_thread.py): an arithmetic-heavy
# stream (work3: sums x 4, differences x 1, products x 3, the words x 12, the
# fortunes once), then phase 4, a definition-heavy stream (work4: the words
# x 30, half of the arithmetic pairs once (products x 3), fortunes once) to
# win back the definitions phase 3 cost. The held-out pairs stay excluded.
mkdir -p work3 work4
$PY build_demo_corpus.py work3 --heldout-chat "$HELD/heldout_chat.txt" --def-reps 12 --add-reps 4 --sub-reps 1 --mul-reps 3 --fortune-reps 1 --seed 777
$PY build_demo_corpus.py work4 --heldout-chat "$HELD/heldout_chat.txt" --def-reps 30 --arith-reps 1 --arith-frac 0.5 --fortune-reps 1 --seed 778
for w in work3 work4; do node tok.js encode-docs "$TOK" $w/chat_train.jsonl $w/chat_train.bin; ln -sf ../work/prose_train.bin $w/prose_train.bin; done

# 1) from scratch, 48 min; 2) 7 more minutes on the definition-heavy stream;
# 3) 38 min on the arithmetic-heavy stream, 4) 8 min on the definition-heavy
# one (both on one thread: one_thread.py); 5) the code donor: 5 min of Python,
# all weights (as tiny-chat-code was made), from the phase-4 model.
nice -n 10 $PY train.py --work work --tokenizer "$TOK" --seed 1234 --out out/demo-chat --arch qwen3 \
  --mix chat=0.85,prose=0.15 --minutes 48 --lr 2e-3 --warmup 30
nice -n 10 $PY train.py --work work2 --tokenizer "$TOK" --seed 1235 --out out/demo-chat-ft --init out/demo-chat \
  --train all --mix chat=0.9,prose=0.1 --minutes 7 --lr 6e-4 --warmup 10
nice -n 19 $PY one_thread.py train.py --work work3 --tokenizer "$TOK" --seed 1236 --out out/demo-chat-sums --init out/demo-chat-ft \
  --train all --mix chat=0.95,prose=0.05 --minutes 38 --lr 8e-4 --warmup 20
nice -n 19 $PY one_thread.py train.py --work work4 --tokenizer "$TOK" --seed 1237 --out out/demo-chat-sums-ft --init out/demo-chat-sums \
  --train all --mix chat=0.95,prose=0.05 --minutes 8 --lr 5e-4 --warmup 10
nice -n 19 $PY one_thread.py train.py --work work --tokenizer "$TOK" --seed 1234 --out out/demo-chat-code --init out/demo-chat-sums-ft \
  --train all --mix code=1 --minutes 5 --lr 1e-3 --warmup 20

# reference.json (evaluate.py, as the shared models') and the measured shares.
# (measure.py --quick 100: all the arithmetic and 100 words, the check after
# each of phases 3 and 4.)
$PY evaluate.py out/demo-chat-sums-ft --work work --prompts work/prompts_tok.json
$PY evaluate.py out/demo-chat-code --work work --prompts work/prompts_tok.json
$PY measure.py out/demo-chat-sums-ft --items work/demo_items.json --out out/measure_demo-chat-sums-ft.json
$PY samples.py out/demo-chat-sums-ft out/samples_demo-chat-sums-ft.json
