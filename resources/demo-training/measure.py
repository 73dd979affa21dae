#!/usr/bin/env python3
"""Measure what the demo model answers: greedy decoding in PyTorch (float32 on
the weights as stored in bf16), prompts rendered with the real Qwen3 chat
template (add_generation_prompt, enable_thinking=False) and tokenized by the
same JS tokenizer as the corpus.

Correct means:
  definition, first sentence: the reply's first line (`The word "X" (pos)
      means: ....`) equals the training answer's first line exactly;
  definition, whole answer: the reply up to <|im_end|> equals the training
      answer exactly;
  arithmetic: the reply up to <|im_end|> equals "a + b = c." exactly.
Held-out words were never trained on, so their definitions cannot be known;
for them we count the reply that names the asked word in the trained format.

Usage: measure.py MODEL_DIR --items work/demo_items.json --out MODEL_DIR/measure.json [--quick N]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
import torch  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from build_corpus import DEF_QUESTIONS  # noqa: E402
from chat_template import apply_chat_template, load_template  # noqa: E402
from evaluate import Decoder  # noqa: E402
from train import load_hf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def encode(tok_dir, texts, scratch):
    src, dst = scratch + ".in.json", scratch + ".out.json"
    with open(src, "w", encoding="utf-8") as f:
        json.dump([{"name": str(i), "text": t} for i, t in enumerate(texts)], f, ensure_ascii=False)
    subprocess.run(["node", os.path.join(HERE, "tok.js"), "encode-prompts", tok_dir, src, dst], check=True)
    with open(dst, encoding="utf-8") as f:
        return [p["ids"] for p in json.load(f)]


@torch.no_grad()
def greedy(model, ids, eos, max_new):
    seq = list(ids)
    out = []
    for _ in range(max_new):
        nxt = int(torch.argmax(model(torch.tensor([seq]))[0, -1]))
        if nxt == eos:
            break
        out.append(nxt)
        seq.append(nxt)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model_dir")
    ap.add_argument("--items", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--n-train-arith", type=int, default=400)
    ap.add_argument("--quick", type=int, metavar="N",
                    help="a quick check: all the arithmetic as usual, but only the first N training words "
                         "asked the first way (no other phrasings, no held-out words)")
    args = ap.parse_args()
    torch.set_num_threads(2)
    t0 = time.time()
    model, cfg = load_hf(args.model_dir)
    model.eval()
    eos = cfg["eos_token_id"]
    decode = Decoder(os.path.join(args.model_dir, "tokenizer.json"))
    tpl = load_template(os.path.join(args.model_dir, "tokenizer_config.json"))
    items = json.load(open(args.items, encoding="utf-8"))
    rng = random.Random(7)

    cases = []   # (kind, split, question, expected, word-or-None)
    for w, a in items["train_definitions"].items():
        cases.append(("def", "train", f"What does the word {w} mean?", a, w))
        cases.append(("def_any", "train", rng.choice(DEF_QUESTIONS).format(w=w), a, w))
    for w, a in items["heldout_definitions"].items():
        cases.append(("def", "heldout", f"What does the word {w} mean?", a, w))
    train_ar = rng.sample(items["train_arith"], args.n_train_arith)
    for op, x, y, q, a in train_ar:
        cases.append((op, "train", q, a, None))
    for op, x, y, q, a in items["heldout_arith"]:
        cases.append((op, "heldout", q, a, None))
    if args.quick is not None:
        quick_words = set(list(items["train_definitions"])[:args.quick])
        cases = [c for c in cases if not c[0].startswith("def")
                 or (c[0] == "def" and c[1] == "train" and c[4] in quick_words)]
    texts = [apply_chat_template(tpl, [{"role": "user", "content": c[2]}], add_generation_prompt=True,
                                 enable_thinking=False) for c in cases]
    all_ids = encode(args.model_dir, texts, os.path.join(os.path.dirname(args.out) or ".", "measure_tmp"))

    results = []
    for c, ids in zip(cases, all_ids):
        kind, split, q, exp, w = c
        reply = decode(greedy(model, ids, eos, 96 if kind.startswith("def") else 24))
        rec = {"kind": kind, "split": split, "question": q, "expected": exp, "reply": reply}
        if kind.startswith("def"):
            rec["first_line_ok"] = reply.split("\n")[0] == exp.split("\n")[0]
            rec["whole_ok"] = reply == exp
            rec["names_word"] = reply.startswith(f'The word "{w}" (')
        else:
            rec["ok"] = reply == exp
        results.append(rec)

    def share(sel, key):
        sel = list(sel)
        return {"correct": sum(r[key] for r in sel), "of": len(sel),
                "share": round(sum(r[key] for r in sel) / max(1, len(sel)), 4)}
    summary = {}
    for split in ("train", "heldout"):
        for kind in ("def", "def_any"):
            sel = [r for r in results if r["kind"] == kind and r["split"] == split]
            if sel:
                summary[f"{kind}_{split}"] = {k: share(sel, k) for k in ("first_line_ok", "whole_ok", "names_word")}
        for op in ("add", "sub", "mul"):
            sel = [r for r in results if r["kind"] == op and r["split"] == split]
            summary[f"{op}_{split}"] = share(sel, "ok")
    out = {"model": os.path.basename(os.path.normpath(args.model_dir)),
           "method": __doc__.split("Usage:")[0].strip(), "summary": summary,
           "seconds": round(time.time() - t0, 1), "results": results}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
