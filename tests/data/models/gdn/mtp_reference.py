#!/usr/bin/python3
"""Writes mtp_reference.json beside each Qwen3.5 model folder given: float64
logits of the MTP head (README.md beside this script, "MTP block") after each
prompt of the folder's reference.json.

For a prompt t_0..t_{T-1}: the backbone's hidden states after model.norm,
h_0..h_{T-2} (the forward of t_0..t_{T-2}); the head's entries i = 0..T-2,
u_i = fc([norm(embed(t_{i+1}); pre_fc_norm_embedding); norm(h_i; pre_fc_norm_hidden)])
at positions 0..T-2, through mtp.layers.0 (full attention over the entries),
mtp.norm and the shared lm_head: the last entry's logits are the first draft
after the prompt (`draft1_top10`, its argmax `draft1`). A second, chained
entry at position T-1 reads the head's own output (after mtp.norm) at the last
entry and the token draft1: `draft2_top10`.

The float64 forward is the llama.cpp peer's hf_ref.py (the peer folder is the
first argument, as for make_references.py).
Usage: mtp_reference.py PEER_DIR MODEL_DIR...   (needs python3-numpy)"""
import json, sys

import numpy as np

peer = sys.argv[1]
sys.path.insert(0, peer)
import hf_ref  # noqa: E402


def hidden(m, ids):
    """Qwen35.forward up to model.norm (the hidden states, not the logits)."""
    c = m.c
    eps = c.get("rms_norm_eps", 1e-6)
    L = c["num_hidden_layers"]
    lt = c.get("layer_types") or ["linear_attention" if (i + 1) % c.get("full_attention_interval", 4)
                                  else "full_attention" for i in range(L)]
    x = m.W(m.pre + "embed_tokens.weight")[np.asarray(ids)]
    for i in range(L):
        p = f"{m.pre}layers.{i}."
        h = hf_ref.rmsnorm_zc(x, m.W(p + "input_layernorm.weight"), eps)
        x = x + (m.linear_attn(p + "linear_attn.", h) if lt[i] == "linear_attention" else m.full_attn(p + "self_attn.", h))
        h = hf_ref.rmsnorm_zc(x, m.W(p + "post_attention_layernorm.weight"), eps)
        x = x + m.mlp(p + "mlp.", h)
    return hf_ref.rmsnorm_zc(x, m.W(m.pre + "norm.weight"), eps)


def head(m):
    c = m.c
    tie = m.top.get("tie_word_embeddings", c.get("tie_word_embeddings", False))
    emb = m.W(m.pre + "embed_tokens.weight")
    return emb if (tie or not m.st.has("lm_head.weight")) else m.W("lm_head.weight")


def mtp(m, tokens, hs):
    """The head over entries (tokens[i], hs[i]) at positions 0..n-1: logits and outputs after mtp.norm."""
    eps = m.c.get("rms_norm_eps", 1e-6)
    emb = m.W(m.pre + "embed_tokens.weight")[np.asarray(tokens)]
    e = hf_ref.rmsnorm_zc(emb, m.W("mtp.pre_fc_norm_embedding.weight"), eps)
    h = hf_ref.rmsnorm_zc(hs, m.W("mtp.pre_fc_norm_hidden.weight"), eps)
    x = np.concatenate([e, h], -1) @ m.W("mtp.fc.weight").T
    p = "mtp.layers.0."
    a = hf_ref.rmsnorm_zc(x, m.W(p + "input_layernorm.weight"), eps)
    x = x + m.full_attn(p + "self_attn.", a)
    a = hf_ref.rmsnorm_zc(x, m.W(p + "post_attention_layernorm.weight"), eps)
    x = x + m.mlp(p + "mlp.", a)
    out = hf_ref.rmsnorm_zc(x, m.W("mtp.norm.weight"), eps)
    return out @ head(m).T, out


def top10(v):
    order = np.argsort(-v, kind="stable")[:10]
    return [[int(i), round(float(v[i]), 7)] for i in order]


for folder in sys.argv[2:]:
    m = hf_ref.Qwen35(folder)
    ref = json.load(open(folder + "/reference.json"))
    out = {"model": folder.rstrip("/").split("/")[-1], "computation": "float64 numpy, bf16 weights; see mtp_reference.py",
           "prompts": []}
    for pr in ref["prompts"]:
        ids = pr["prompt_ids"]
        T = len(ids)
        if T < 2:
            continue
        hs = hidden(m, ids[:T - 1])
        logits, outs = mtp(m, ids[1:], hs)
        d1 = int(np.argmax(logits[-1]))
        logits2, _ = mtp(m, ids[1:] + [d1], np.concatenate([hs, outs[-1:]], 0))
        out["prompts"].append({"name": pr["name"], "prompt_ids": ids, "draft1": d1, "draft1_top10": top10(logits[-1]),
                               "draft2": int(np.argmax(logits2[-1])), "draft2_top10": top10(logits2[-1])})
        print(out["model"], pr["name"], T, "draft1", d1, file=sys.stderr)
    json.dump(out, open(folder + "/mtp_reference.json", "w"), indent=1)
