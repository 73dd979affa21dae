#!/usr/bin/python3
"""Regenerates the float64 references of the generated family models in
tests/data/models (tiny-gemma, tiny-gemma2, tiny-gemma3-mm-new,
tiny-llama3-long), in the format of tests/data/models/tiny-llama3/reference.json
(described in README.md beside this script).

The models themselves come from the llama.cpp peer's make_random_model.py
(the peer folder is the first argument, as CMF_LLAMACPP_PEER is for tests/peer):
    tiny-gemma          preset tiny-gemma, seed 61, Gemma 3 tokenizer
    tiny-gemma2         preset tiny-gemma2, seed 62, Gemma 3 tokenizer
    tiny-gemma2-qpas    preset tiny-gemma2 --set layers=6 --set sliding_window=3
                        --set query_pre_attn_scalar=16 (!= head_dim 32), seed 64
    tiny-gemma3-mm-new  preset tiny-gemma3-mm --layout conditional-new, seed 53
    tiny-llama3-long    preset tiny-llama3 --set layers=3, seed 71, Llama 2 tokenizer
    tiny-mistral        preset tiny-mistral --set layers=3 --set sliding_window=5, seed 81, Mistral tokenizer
    tiny-qwen2-yarn-swa preset tiny-qwen2-yarn --set max_pos=512 --set rope_scaling='{"factor":4.0,
                        "original_max_position_embeddings":128,"type":"yarn"}', seed 82, Qwen3 tokenizer;
                        then config.json: use_sliding_window true, sliding_window 16, max_window_layers 1
                        (layer 1 slides, and YaRN applies to both layers)
    tiny-gemma3         preset tiny-gemma3 (Gemma3ForCausalLM) --set layers=7 --set sliding_window=5, seed 83
Usage: make_references.py PEER_DIR MODELS_DIR   (needs python3-numpy)
Prompts: the five of the shared model of the same tokenizer (none for the
Mistral and Qwen tokenizers), plus seeded random ids: "rand24" and "long320"
(every window bites, RoPE scaling reaches further)."""
import json, random, sys

peer, models = sys.argv[1], sys.argv[2]
sys.path.insert(0, peer)
import hf_ref  # noqa: E402

SHARED = {"gemma": models + "/tiny-gemma3-mm/reference.json", "llama": models + "/tiny-llama3/reference.json"}
MODELS = {"tiny-gemma": "gemma", "tiny-gemma2": "gemma", "tiny-gemma3-mm-new": "gemma", "tiny-llama3-long": "llama",
          "tiny-mistral": None, "tiny-qwen2-yarn-swa": None, "tiny-gemma3": "gemma", "tiny-gemma2-qpas": "gemma"}
COMPUTATION = json.load(open(SHARED["gemma"]))["computation"]
only = sys.argv[3:]  # optional: the models to redo

for name, tok in MODELS.items():
    if only and name not in only:
        continue
    base = json.load(open(SHARED[tok])) if tok else {"prompts": []}
    prompts = [(p["name"], p["prompt_ids"]) for p in base["prompts"]]
    rng = random.Random(320)
    first = [base["prompts"][0]["prompt_ids"][0]] if tok else []
    if not tok:
        prompts.append(("rand24", [rng.randrange(3, 1000) for _ in range(24)]))
    prompts.append(("long320", first + [rng.randrange(3, 1000) for _ in range(320 - len(first))]))
    out = {"model": name, "computation": COMPUTATION, "prompts": []}
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
