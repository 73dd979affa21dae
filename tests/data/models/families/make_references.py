#!/usr/bin/python3
"""Regenerates the generated family models of tests/data/models and their
float64 references, all of them or the ones named:

    make_references.py PEER_DIR [NAME ...]      (needs python3-numpy)

PEER_DIR is the llama.cpp peer folder (as CMF_LLAMACPP_PEER is for
tests/peer): its make_random_model.py writes each model (config.json, bf16
model.safetensors, tokenizer files) from a preset with the --set overrides
below, tokenizers from tests/data/tokenizers; RECIPES' "config" entries are
then written into config.json (keys the generator has no field for).
References: the peer's hf_ref.py (transformers' semantics), or for the
longrope models this folder's longrope_ref.py, in the format of
tests/data/models/tiny-llama3/reference.json (described in README.md beside
this script). Everything is seeded: a second run rewrites the same bytes.

Prompts: the five of the shared model of the same tokenizer (tiny-gemma3-mm's
for Gemma, tiny-llama3's for Llama 2; none for the Mistral and Qwen
tokenizers, which get "rand24"), then seeded random ids: "long320" and, for
the models added later, "long448" (every window bites, the RoPE scalings
reach far past the short prompts). Ids are drawn in that order from one
random.Random(320), so every model of a tokenizer has the same long prompts.

The shared tiny-llama3 and tiny-gemma3-mm are copies of shared material, not
regenerated here (their references also record llama.cpp's runs)."""
import json, os, random, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = os.path.dirname(HERE)
TOKENIZERS = os.path.join(os.path.dirname(MODELS), "tokenizers")

# LongRoPE factors for head_dim 16 (8 pairs) and 32 (16 pairs): short ones grow
# with the wavelength as Phi-3's do; the long ones are larger still (the engine
# and these references use them only past the original context).
SHORT8 = [1.0, 1.15, 1.4, 1.8, 2.3, 3.0, 3.6, 4.2]
LONG8 = [1.0, 1.6, 2.8, 4.5, 7.0, 10.0, 14.0, 18.0]
SHORT16 = [round(1.0 + 0.2 * i * i / 15, 4) for i in range(16)]
LONG16 = [round(1.0 + 2.5 * i, 4) for i in range(16)]

# name: preset, seed, tokenizer, --set overrides, layout, config.json edits
# (keys set, keys dropped), prompt source (a shared model's prompts) and the
# extra long prompts.
RECIPES = {
    # Gemma 1: preset shape (2 layers, MQA, head_dim 32 != hidden / heads).
    "tiny-gemma": dict(preset="tiny-gemma", seed=61, tok="gemma3", prompts="gemma"),
    # Gemma 2: caps 2 / 3, window 8 on even layers.
    "tiny-gemma2": dict(preset="tiny-gemma2", seed=62, tok="gemma3", prompts="gemma"),
    # Gemma 2, 6 layers, window 3, query_pre_attn_scalar 16 != head_dim 32.
    "tiny-gemma2-qpas": dict(preset="tiny-gemma2", seed=64, tok="gemma3", prompts="gemma",
                             set=dict(layers=6, sliding_window=3, query_pre_attn_scalar=16)),
    # Gemma 3 multimodal, transformers >= 4.52 layout (model.language_model.*).
    "tiny-gemma3-mm-new": dict(preset="tiny-gemma3-mm", seed=53, tok="gemma3", prompts="gemma", layout="conditional-new"),
    # llama3 RoPE (Llama 3.2 values), 3 layers.
    "tiny-llama3-long": dict(preset="tiny-llama3", seed=71, tok="llama2", prompts="llama", set=dict(layers=3)),
    # Mistral, 3 layers, window 5.
    "tiny-mistral": dict(preset="tiny-mistral", seed=81, tok="mistral", set=dict(layers=3, sliding_window=5)),
    # Qwen2, YaRN factor 4 over an original 128 (max 512), window 16 on layer 1
    # (YaRN applies to both layers).
    "tiny-qwen2-yarn-swa": dict(preset="tiny-qwen2-yarn", seed=82, tok="qwen3",
                                set=dict(max_pos=512, rope_scaling={"factor": 4.0, "original_max_position_embeddings": 128,
                                                                    "type": "yarn"}),
                                config=dict(use_sliding_window=True, sliding_window=16, max_window_layers=1)),
    # Gemma 3 as Gemma3ForCausalLM, 7 layers (5 sliding, 1 full, 1 sliding), window 5.
    "tiny-gemma3": dict(preset="tiny-gemma3", seed=83, tok="gemma3", prompts="gemma", set=dict(layers=7, sliding_window=5)),

    # ---- the second and third model of every preset: other seeds, depths, shapes, windows ----
    # llama3 with Llama 3.1's values (factor 8, original 8192), 4 layers, hidden 64 in 2 heads of 32 (MQA), untied.
    "tiny-llama3-b": dict(preset="tiny-llama3", seed=72, tok="llama2", prompts="llama", long=[448],
                          set=dict(layers=4, hidden=64, heads=2, kv_heads=1, head_dim=32, inter=192, tie=False,
                                   rope_scaling={"factor": 8.0, "high_freq_factor": 4.0, "low_freq_factor": 1.0,
                                                 "original_max_position_embeddings": 8192, "rope_type": "llama3"})),
    # llama3 with an original context of 256 (< the long prompts), theta 1e4, factor 16, band 128..256: most pairs
    # interpolated, one blended.
    "tiny-llama3-c": dict(preset="tiny-llama3", seed=73, tok="llama2", prompts="llama", long=[448],
                          set=dict(rope_theta=10000.0,
                                   rope_scaling={"factor": 16.0, "high_freq_factor": 2.0, "low_freq_factor": 1.0,
                                                 "original_max_position_embeddings": 256, "rope_type": "llama3"})),
    # Mistral, 2 layers, window 8, head_dim 32 (q width 128 != hidden 64).
    "tiny-mistral-b": dict(preset="tiny-mistral", seed=84, tok="mistral", long=[448], set=dict(head_dim=32)),
    # Mistral, 4 layers, window 40 (bites in the long prompts only), one KV head, theta 1e6.
    "tiny-mistral-c": dict(preset="tiny-mistral", seed=85, tok="mistral", long=[448],
                           set=dict(layers=4, sliding_window=40, kv_heads=1, rope_theta=1000000.0)),
    # Qwen2, YaRN factor 8 over an original 64 (max 512), 3 layers, no window.
    "tiny-qwen2-yarn-b": dict(preset="tiny-qwen2-yarn", seed=86, tok="qwen3", long=[448],
                              set=dict(layers=3, max_pos=512,
                                       rope_scaling={"factor": 8.0, "original_max_position_embeddings": 64, "type": "yarn"})),
    # Qwen2, YaRN factor 4 over 256 (max 1024) with beta_fast 16 / beta_slow 2, untied, 4 layers; window 12 on
    # layers 2 and 3.
    "tiny-qwen2-yarn-c": dict(preset="tiny-qwen2-yarn", seed=87, tok="qwen3", long=[448],
                              set=dict(layers=4, max_pos=1024, tie=False,
                                       rope_scaling={"beta_fast": 16.0, "beta_slow": 2.0, "factor": 4.0,
                                                     "original_max_position_embeddings": 256, "rope_type": "yarn"}),
                              config=dict(use_sliding_window=True, sliding_window=12, max_window_layers=2)),
    # Gemma 1, 3 layers, 4 KV heads of 16 (multi-head, as Gemma 7B).
    "tiny-gemma-b": dict(preset="tiny-gemma", seed=65, tok="gemma3", prompts="gemma", long=[448],
                         set=dict(layers=3, kv_heads=4, head_dim=16)),
    # Gemma 1, 4 layers, 2 heads of 64, theta 1e5, untied.
    "tiny-gemma-c": dict(preset="tiny-gemma", seed=66, tok="gemma3", prompts="gemma", long=[448],
                         set=dict(layers=4, heads=2, head_dim=64, rope_theta=100000.0, tie=False)),
    # Gemma 2, 3 layers (the last one sliding), window 11, caps 5 / 10, query_pre_attn_scalar 24, one KV head.
    "tiny-gemma2-b": dict(preset="tiny-gemma2", seed=67, tok="gemma3", prompts="gemma", long=[448],
                          set=dict(layers=3, sliding_window=11, attn_softcap=5.0, final_softcap=10.0,
                                   query_pre_attn_scalar=24, kv_heads=1)),
    # Gemma 3 (Gemma3ForCausalLM), 4 layers alternating (sliding_window_pattern 2), window 4, no rope scaling
    # (the 1B's config), query_pre_attn_scalar = head_dim.
    "tiny-gemma3-b": dict(preset="tiny-gemma3", seed=88, tok="gemma3", prompts="gemma", long=[448],
                          set=dict(layers=4, sliding_window=4, sliding_window_pattern=2, rope_scaling=None,
                                   query_pre_attn_scalar=32)),
    # Gemma 3 (Gemma3ForCausalLM), 5 layers as layer_types lists them (sliding, full, sliding, sliding, full),
    # window 9, linear scaling 4, local base 2e4, final soft-capping 8. layer_types is a transformers >= 4.53
    # key, so the config is one of those (no sliding_window_pattern, which 4.50 would have read instead).
    "tiny-gemma3-c": dict(preset="tiny-gemma3", seed=89, tok="gemma3", prompts="gemma", long=[448],
                          set=dict(layers=5, sliding_window=9, rope_local_base_freq=20000.0,
                                   rope_scaling={"factor": 4.0, "rope_type": "linear"}),
                          config=dict(layer_types=["sliding_attention", "full_attention", "sliding_attention",
                                                   "sliding_attention", "full_attention"],
                                      final_logit_softcapping=8.0, transformers_version="4.53.0"),
                          drop=["sliding_window_pattern"]),
    # Gemma 3 multimodal as released (language_model.model.*), 3 layers (pattern 3: 2 sliding, 1 full), window 6.
    "tiny-gemma3-mm-b": dict(preset="tiny-gemma3-mm", seed=54, tok="gemma3", prompts="gemma", long=[448],
                             set=dict(layers=3, sliding_window=6, sliding_window_pattern=3)),
    # Gemma 3 multimodal, newer layout, 8 layers (5 sliding, 1 full, 2 sliding), window 7, query_pre_attn_scalar 64.
    "tiny-gemma3-mm-c": dict(preset="tiny-gemma3-mm", seed=55, tok="gemma3", prompts="gemma", layout="conditional-new",
                             long=[448], set=dict(layers=8, sliding_window=7, query_pre_attn_scalar=64)),

    # ---- longrope (Phi-3's LongRoPE) on Llama, reference by longrope_ref.py ----
    # original 512 at the top level and in rope_scaling, factor 8 = 4096 / 512, attention_factor given (1.1).
    "tiny-llama-longrope": dict(preset="tiny-llama", seed=91, tok="llama2", prompts="llama", long=[448], ref="longrope",
                                set=dict(layers=3, max_pos=4096,
                                         rope_scaling={"attention_factor": 1.1, "factor": 8.0, "long_factor": LONG8,
                                                       "original_max_position_embeddings": 512, "rope_type": "longrope",
                                                       "short_factor": SHORT8}),
                                config=dict(original_max_position_embeddings=512)),
    # Phi-3's spelling: "type", the original context (512) only at the top level, no factor, no attention factor:
    # factor 8192 / 512 = 16, attention factor sqrt(1 + ln 16 / ln 512) = 1.2019; 2 layers of 2 heads of 32.
    "tiny-llama-longrope-b": dict(preset="tiny-llama", seed=92, tok="llama2", prompts="llama", long=[448], ref="longrope",
                                  set=dict(layers=2, heads=2, kv_heads=1, head_dim=32, max_pos=8192, rope_theta=100000.0,
                                           rope_scaling={"long_factor": LONG16, "short_factor": SHORT16,
                                                         "type": "longrope"}),
                                  config=dict(original_max_position_embeddings=512)),
}
SHARED = {"gemma": "tiny-gemma3-mm", "llama": "tiny-llama3"}  # whose prompts a tokenizer's models use


def make_model(peer, name, r):
    out = os.path.join(MODELS, name)
    cmd = [sys.executable, os.path.join(peer, "make_random_model.py"), r["preset"], out,
           "--tokenizer", os.path.join(TOKENIZERS, r["tok"], "tokenizer.json"), "--seed", str(r["seed"])]
    if r.get("layout"):
        cmd += ["--layout", r["layout"]]
    for k, v in r.get("set", {}).items():
        cmd += ["--set", f"{k}={json.dumps(v)}"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    if r.get("config") or r.get("drop"):
        path = os.path.join(out, "config.json")
        cfg = json.load(open(path))
        ordered = list(cfg) == sorted(cfg)  # the generator sorts the Gemma configs' keys
        cfg.update(r.get("config", {}))
        for key in r.get("drop", []):
            del cfg[key]
        json.dump(cfg, open(path, "w"), indent=2, sort_keys=ordered)


def prompts_of(r):
    shared = r.get("prompts")
    base = json.load(open(os.path.join(MODELS, SHARED[shared], "reference.json")))["prompts"] if shared else []
    out = [(p["name"], p["prompt_ids"]) for p in base]
    rng = random.Random(320)
    first = [base[0]["prompt_ids"][0]] if shared else []  # the tokenizer's BOS
    if not shared:
        out.append(("rand24", [rng.randrange(3, 1000) for _ in range(24)]))
    for n in [320] + r.get("long", []):
        out.append((f"long{n}", first + [rng.randrange(3, 1000) for _ in range(n - len(first))]))
    return out


def write_reference(name, r, reference):
    folder = os.path.join(MODELS, name)
    computation = json.load(open(os.path.join(MODELS, SHARED["gemma"], "reference.json")))["computation"]
    if r.get("ref") == "longrope":
        computation = computation.replace("peers/llamacpp/hf_ref.py", "models/families/longrope_ref.py")
    out = {"model": name, "computation": computation, "prompts": []}
    for pname, ids in prompts_of(r):
        g = reference.greedy(folder, ids, 32, 10)
        margins = g["margins"]
        near = next((i for i, m in enumerate(margins) if m < 0.01), None)
        out["prompts"].append({
            "name": pname, "prompt_ids": ids, "greedy_ids": g["greedy_ids"],
            "last_position_logits_top10": [[i, round(v, 7)] for i, v in g["top"][0]],
            "greedy_step_logits_top10": [[[i, round(v, 7)] for i, v in step] for step in g["top"]],
            "greedy_top1_top2_margins": [round(m, 7) for m in margins], "first_near_tie_step": near})
        print(name, pname, len(ids), "near tie at", near, file=sys.stderr)
    json.dump(out, open(os.path.join(folder, "reference.json"), "w"), indent=1)


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    peer, only = sys.argv[1], sys.argv[2:]
    unknown = [n for n in only if n not in RECIPES]
    if unknown:
        raise SystemExit(f"not a generated model: {', '.join(unknown)}")
    sys.path.insert(0, peer)
    sys.path.insert(0, HERE)
    import hf_ref  # noqa: E402
    import longrope_ref  # noqa: E402
    for name, r in RECIPES.items():
        if only and name not in only:
            continue
        make_model(peer, name, r)
        write_reference(name, r, longrope_ref if r.get("ref") == "longrope" else hf_ref)


if __name__ == "__main__":
    main()
