#!/usr/bin/python3
"""Float64 reference of a Llama model whose rope_scaling is longrope (Phi-3's
LongRoPE), written for this repository: the peer's hf_ref.py has no longrope.

It reads the folder's config.json and bf16 model.safetensors and computes
LlamaForCausalLM as transformers defines it (RMSNorm, GQA attention scaled by
head_dim ** -0.5, SwiGLU MLP, rotate-half RoPE), no cache, with the longrope
frequencies of modeling_rope_utils (equations in README.md beside this file):

    f_i = theta ** (-2i / d) / ext_i,  ext = long_factor if the sequence is
          longer than original_max_position_embeddings, else short_factor
    cos, sin multiplied by attention_factor, or when it is not given by
          sqrt(1 + ln(factor) / ln(original))  (1 if factor <= 1)

Where the original context and the factor come from differs between
transformers versions (a top-level original_max_position_embeddings, as
Phi-3 writes it, makes factor = max_position_embeddings / original; a value
inside rope_scaling is read by newer code only). This script takes either
spelling but refuses a config on which the readings disagree, so a
reference it writes means the same thing under all of them.

    longrope_ref.py MODEL_DIR --ids 1,2,3 [--greedy 32]   (needs python3-numpy)

greedy() returns what hf_ref.greedy does, so make_references.py can use it.
"""
import json
import math
import os
import sys

import numpy as np


def load_safetensors(path):
    """name -> float64 array, for the bf16 / f32 tensors a random model holds."""
    with open(path, "rb") as f:
        n = int.from_bytes(f.read(8), "little")
        header = json.loads(f.read(n))
        data = f.read()
    out = {}
    for name, t in header.items():
        if name == "__metadata__":
            continue
        a, b = t["data_offsets"]
        raw = data[a:b]
        if t["dtype"] == "BF16":  # the upper half of an IEEE f32
            v = (np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16).view(np.float32)
        elif t["dtype"] == "F32":
            v = np.frombuffer(raw, dtype="<f4")
        else:
            raise SystemExit(f"{name}: dtype {t['dtype']} not handled")
        out[name] = v.astype(np.float64).reshape(t["shape"])
    return out


class LongRope:
    """inv_freq and attention factor per sequence length, from the config."""

    def __init__(self, c, dim):
        rs = c.get("rope_scaling") or {}
        if rs.get("rope_type", rs.get("type")) != "longrope":
            raise SystemExit("longrope_ref.py: rope_scaling is not longrope")
        max_pos = c["max_position_embeddings"]
        top, inner = c.get("original_max_position_embeddings"), rs.get("original_max_position_embeddings")
        if top is not None and inner is not None and top != inner:
            raise SystemExit("longrope_ref.py: original_max_position_embeddings differs at the top level and in rope_scaling")
        self.original = top if top is not None else inner if inner is not None else max_pos
        factor = rs.get("factor")
        if top is not None:  # what Phi-3's reading computes; a given factor must agree with it
            if factor is not None and not math.isclose(factor, max_pos / top):
                raise SystemExit("longrope_ref.py: rope_scaling.factor != max_position_embeddings / original")
            factor = max_pos / top
        if factor is None:
            factor = max_pos / self.original
        att = rs.get("attention_factor")
        if att is None:
            att = 1.0 if factor <= 1 else math.sqrt(1 + math.log(factor) / math.log(self.original))
        self.attention = att
        self.short = np.asarray(rs["short_factor"], dtype=np.float64)
        self.long = np.asarray(rs["long_factor"], dtype=np.float64)
        if len(self.short) != dim // 2 or len(self.long) != dim // 2:
            raise SystemExit(f"longrope_ref.py: short/long factors need {dim // 2} entries")
        self.base = 1.0 / (c.get("rope_theta", 10000.0) ** (np.arange(0, dim, 2, dtype=np.float64) / dim))

    def inv_freq(self, seq_len):
        return self.base / (self.long if seq_len > self.original else self.short)


class Llama:
    def __init__(self, folder):
        self.c = json.load(open(os.path.join(folder, "config.json")))
        if self.c.get("model_type") != "llama":
            raise SystemExit("longrope_ref.py: only model_type llama")
        for key in ("attention_bias", "mlp_bias"):
            if self.c.get(key):
                raise SystemExit(f"longrope_ref.py: {key} is not handled")
        self.w = load_safetensors(os.path.join(folder, "model.safetensors"))
        c = self.c
        self.nh, self.nkv = c["num_attention_heads"], c.get("num_key_value_heads") or c["num_attention_heads"]
        self.hd = c.get("head_dim") or c["hidden_size"] // self.nh
        self.rope = LongRope(c, self.hd)

    def norm(self, x, name):
        return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + self.c["rms_norm_eps"]) * self.w[name]

    def rotate(self, x, pos, inv):
        ang = pos[:, None] * inv[None, :]
        cos = np.concatenate([np.cos(ang), np.cos(ang)], -1)[:, None, :] * self.rope.attention
        sin = np.concatenate([np.sin(ang), np.sin(ang)], -1)[:, None, :] * self.rope.attention
        half = x.shape[-1] // 2
        return x * cos + np.concatenate([-x[..., half:], x[..., :half]], -1) * sin

    def forward(self, ids):
        """Logits (T, vocab) of the whole sequence; the frequencies are those of its length."""
        w, T = self.w, len(ids)
        pos = np.arange(T, dtype=np.float64)
        inv = self.rope.inv_freq(T)
        x = w["model.embed_tokens.weight"][np.asarray(ids)]
        mask = np.triu(np.full((T, T), -np.inf), 1)
        for i in range(self.c["num_hidden_layers"]):
            p = f"model.layers.{i}."
            h = self.norm(x, p + "input_layernorm.weight")
            q = (h @ w[p + "self_attn.q_proj.weight"].T).reshape(T, self.nh, self.hd)
            k = (h @ w[p + "self_attn.k_proj.weight"].T).reshape(T, self.nkv, self.hd)
            v = (h @ w[p + "self_attn.v_proj.weight"].T).reshape(T, self.nkv, self.hd)
            q, k = self.rotate(q, pos, inv), self.rotate(k, pos, inv)
            k = np.repeat(k, self.nh // self.nkv, axis=1)  # query head j reads KV head j // (nh / nkv)
            v = np.repeat(v, self.nh // self.nkv, axis=1)
            s = np.einsum("thd,shd->hts", q, k) / math.sqrt(self.hd) + mask
            s = np.exp(s - s.max(-1, keepdims=True))
            s /= s.sum(-1, keepdims=True)
            o = np.einsum("hts,shd->thd", s, v).reshape(T, self.nh * self.hd)
            x = x + o @ w[p + "self_attn.o_proj.weight"].T
            h = self.norm(x, p + "post_attention_layernorm.weight")
            g, u = h @ w[p + "mlp.gate_proj.weight"].T, h @ w[p + "mlp.up_proj.weight"].T
            x = x + (g / (1 + np.exp(-g)) * u) @ w[p + "mlp.down_proj.weight"].T
        x = self.norm(x, "model.norm.weight")
        head = w["model.embed_tokens.weight"] if self.c.get("tie_word_embeddings") else w["lm_head.weight"]
        return x @ head.T


_MODELS = {}


def greedy(folder, ids, n, k=10):
    """n greedy tokens with a full recompute at every step (ties: lowest id), no EOS stop; the k best
    [id, logit] of every step (step 0: after the prompt) and the top-1 / top-2 margins."""
    if folder not in _MODELS:
        _MODELS[folder] = Llama(folder)
    m, seq, gen, tops, margins = _MODELS[folder], list(ids), [], [], []
    for _ in range(n):
        row = m.forward(seq)[-1]
        best = np.argsort(-row, kind="stable")[:max(k, 2)]
        gen.append(int(best[0]))
        tops.append([[int(i), float(row[i])] for i in best[:k]])
        margins.append(float(row[best[0]] - row[best[1]]))
        seq.append(int(best[0]))
    return {"prompt_ids": list(ids), "greedy_ids": gen, "top": tops, "margins": margins}


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("model_dir")
    ap.add_argument("--ids", required=True)
    ap.add_argument("--greedy", type=int, default=1)
    a = ap.parse_args()
    print(json.dumps(greedy(a.model_dir, [int(s) for s in a.ids.split(",")], a.greedy)))
    sys.exit(0)
