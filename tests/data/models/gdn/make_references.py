#!/usr/bin/python3
"""Writes the float64 references of the generated Qwen3.5 models in this folder,
in the format of tiny-qwen3.5/reference.json (README.md beside this script)
without its llama.cpp column.

The models come from the llama.cpp peer's make_random_model.py (the peer
folder is the first argument, as CMF_LLAMACPP_PEER is for tests/peer), with
--tokenizer tiny-qwen3.5/tokenizer.json:
    tiny-qwen3.5-moe-text     preset tiny-qwen3.5-moe --layout text --set mtp_layers=0, seed 23
                              (Qwen3_5MoeForCausalLM: fused experts under model.layers.*, no MTP head)
    tiny-qwen3.5-cond-untied  preset tiny-qwen3.5 --layout conditional --set tie=false
                              --set lin_v_heads=2 --set layers=5, seed 24 (Qwen3_5ForConditionalGeneration,
                              dense, own lm_head, one value head per key head, LLLFL, MTP head, vision tower)
Usage: make_references.py PEER_DIR GDN_DIR   (needs python3-numpy)
Prompts: the five of tiny-qwen3.5 (same tokenizer) and a seeded "long320"."""
import json, random, sys

peer, models = sys.argv[1], sys.argv[2]
sys.path.insert(0, peer)
import hf_ref  # noqa: E402

BASE = json.load(open(models + "/tiny-qwen3.5/reference.json"))
MODELS = ["tiny-qwen3.5-moe-text", "tiny-qwen3.5-cond-untied"]

for name in MODELS:
    prompts = [(p["name"], p["prompt_ids"]) for p in BASE["prompts"]]
    rng = random.Random(320)
    prompts.append(("long320", [rng.randrange(3, 1000) for _ in range(320)]))
    out = {"model": name, "computation": BASE["computation"], "steps": BASE["steps"],
           "eos_token_id": BASE["eos_token_id"], "prompts": []}
    for pname, ids in prompts:
        g = hf_ref.greedy(models + "/" + name, ids, 32, 10)
        margins = g["margins"]
        near = next((i for i, m in enumerate(margins) if m < 0.01), None)
        out["prompts"].append({
            "name": pname, "prompt_ids": ids, "greedy_ids": g["greedy_ids"],
            "last_position_logits_top10": [[i, round(v, 7)] for i, v in g["top"][0]],
            "greedy_step_logits_top10": [[[i, round(v, 7)] for i, v in step] for step in g["top"]],
            "greedy_top1_top2_margins": [round(m, 7) for m in margins], "first_near_tie_step": near})
        print(name, pname, len(ids), "near tie at", near, file=sys.stderr)
    json.dump(out, open(models + "/" + name + "/reference.json", "w"), indent=1)
