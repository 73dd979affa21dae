#!/usr/bin/env python3
"""A few greedy sample chats (PyTorch float32 on the stored bf16 weights,
Qwen3 template with enable_thinking=False, reply up to <|im_end|>), each turn
answered by the model and fed back.  Usage: samples.py MODEL_DIR OUT.json"""
import json
import os
import sys

import measure
from chat_template import apply_chat_template, load_template
from evaluate import Decoder
from train import load_hf
import torch

CHATS = [
    [None, ["What does the word anchor mean?"]],
    [None, ["What is 12 + 30?"]],
    [None, ["What is 47 + 38?", "What is 90 - 27?", "What is 7 * 8?"]],
    ["You are a helpful assistant.", ["Define water.", "What does the word house mean?"]],
    [None, ["Tell me a quote."]],
    [None, ["Tell me a quote about science."]],
    [None, ["Explain recursion in one sentence."]],
    [None, ["What does the word sparrow mean?"]],
]


def main():
    model_dir, out = sys.argv[1], sys.argv[2]
    torch.set_num_threads(2)
    model, cfg = load_hf(model_dir)
    model.eval()
    tpl = load_template(os.path.join(model_dir, "tokenizer_config.json"))
    decode = Decoder(os.path.join(model_dir, "tokenizer.json"))
    res = []
    for system, turns in CHATS:
        msgs = [{"role": "system", "content": system}] if system else []
        for q in turns:
            msgs.append({"role": "user", "content": q})
            text = apply_chat_template(tpl, msgs, add_generation_prompt=True, enable_thinking=False)
            ids = measure.encode(model_dir, [text], out + ".tmp")[0]
            reply = decode(measure.greedy(model, ids, cfg["eos_token_id"], 80))
            msgs.append({"role": "assistant", "content": reply})
        res.append(msgs)
        print(json.dumps(msgs, ensure_ascii=False, indent=1))
    json.dump(res, open(out, "w"), ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
