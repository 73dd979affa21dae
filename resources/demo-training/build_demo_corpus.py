#!/usr/bin/env python3
"""Chat corpus for the bundled demo model: a bounded set of definitions it can
learn, all arithmetic pairs, a bounded set of quotes, in the shared corpus's
chat format (Qwen3 template, 20% system prompts, 15% multi-turn).

The shared corpus (build_corpus.py, seed 1234) is replayed first so that its
held-out words, fortunes and arithmetic questions (heldout_chat.txt) are known
and kept out of this training set: the held-out perplexity and the held-out
shares are then measured on text the demo never saw.

Usage: build_demo_corpus.py WORK_DIR --heldout-chat tests/data/models/heldout_chat.txt [--n-words 400] [--def-reps 60] [--arith-reps 2]
       [--add-reps N] [--sub-reps N] [--mul-reps N]
Writes WORK_DIR/chat_train.jsonl, WORK_DIR/demo_items.json (training and
held-out question/answer items, for measuring) and WORK_DIR/demo_corpus_stats.json.
"""
import argparse
import json
import os
import random
import re

import build_corpus as bc


def shared_items(seed=1234):
    """Replay build_corpus.main's random draws up to the held-out split."""
    rng = random.Random(seed)
    gloss, senses, freq = bc.load_wordnet()
    words = [w for w in senses if re.fullmatch(r"[a-z]{3,}", w) and freq.get(w, 0) > 0]
    words.sort(key=lambda w: (-freq[w], w))
    words = words[:7000]
    def_items = []
    for w in words:
        ans = bc.definition_answer(w, senses[w], gloss)
        if ans:
            def_items.append((w, rng.choice(bc.DEF_QUESTIONS).format(w=w), ans))
    rng.shuffle(def_items)
    held_def = [d for d in def_items if d[0] not in bc.KEEP_IN_TRAIN_WORDS][:110]
    fortunes = bc.load_fortunes()
    short = [(n, t) for n, t in fortunes if len(t) <= 300]
    fort_items = []
    for name, text in short:
        if name in bc.FORTUNE_TOPICS and rng.random() < 0.5:
            q = f"Tell me a quote about {bc.FORTUNE_TOPICS[name]}."
        elif name == "riddles":
            q = "Tell me a riddle."
        elif name in ("humorists", "zippy", "cookie") and rng.random() < 0.5:
            q = "Tell me something funny."
        else:
            q = rng.choice(bc.GENERIC_QUOTE_Q)
        fort_items.append((bc.stable_hash(text), q, text))
    rng.shuffle(fort_items)
    held_fort = fort_items[:90]
    train_fort = fort_items[90:90 + 5500]
    arith = bc.arithmetic_items(rng)
    rng.shuffle(arith)
    held_arith = [x for x in arith if not (x[0] == "add" and (x[1], x[2]) == (12, 30))][:200]
    return dict(words=words, def_by_word={w: a for w, _, a in def_items}, held_def=held_def,
                held_fort=held_fort, train_fort=train_fort, held_arith=held_arith, arith=arith,
                senses=senses, gloss=gloss)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("work_dir")
    ap.add_argument("--n-words", type=int, default=400)
    ap.add_argument("--def-reps", type=int, default=60)
    ap.add_argument("--arith-reps", type=int, default=2)
    ap.add_argument("--n-fortunes", type=int, default=1500)
    ap.add_argument("--fortune-reps", type=int, default=3)
    ap.add_argument("--arith-frac", type=float, default=1.0, help="share of the arithmetic pairs used")
    ap.add_argument("--add-reps", type=int, help="repeats of each sum (default: --arith-reps)")
    ap.add_argument("--sub-reps", type=int, help="repeats of each difference (default: --arith-reps)")
    ap.add_argument("--mul-reps", type=int, help="repeats of each product (default: 3 x --arith-reps)")
    ap.add_argument("--seed", type=int, default=4321)
    ap.add_argument("--heldout-chat", required=True, help="heldout_chat.txt (the repository's copy: tests/data/models)")
    args = ap.parse_args()
    s = shared_items()
    held_words = {d[0] for d in s["held_def"]}
    # the most frequent words that have a definition and are not held out,
    # plus "anchor" (the reference prompt's word)
    train_words = [w for w in s["words"] if w in s["def_by_word"] and w not in held_words][:args.n_words]
    for w in sorted(bc.KEEP_IN_TRAIN_WORDS):
        if w not in train_words:
            train_words.append(w)
    rng = random.Random(args.seed)
    held_keys = {(x[0], x[1], x[2]) for x in s["held_arith"]}
    train_arith = [x for x in s["arith"] if (x[0], x[1], x[2]) not in held_keys]
    forts = s["train_fort"][:args.n_fortunes]

    pool = []
    for w in train_words:
        for _ in range(args.def_reps):
            pool.append((rng.choice(bc.DEF_QUESTIONS).format(w=w), s["def_by_word"][w]))
    add_q = ["What is {a} + {b}?", "What is {a} plus {b}?", "Calculate {a} + {b}.",
             "How much is {a} + {b}?", "Compute {a} + {b}.", "Add {a} and {b}."]
    sub_q = ["What is {a} - {b}?", "What is {a} minus {b}?", "Calculate {a} - {b}.",
             "Subtract {b} from {a}."]
    mul_q = ["What is {a} * {b}?", "What is {a} times {b}?", "Calculate {a} * {b}.",
             "Multiply {a} by {b}."]
    qs = {"add": add_q, "sub": sub_q, "mul": mul_q}
    arith_used = train_arith if args.arith_frac >= 1 else rng.sample(train_arith, int(len(train_arith) * args.arith_frac))
    for op, a, b, _, ans in arith_used:
        # multiplication has ~1.2k pairs against 10k sums: repeat it more so it is seen as often per pair
        reps = args.arith_reps * (3 if op == "mul" else 1)
        per_op = {"add": args.add_reps, "sub": args.sub_reps, "mul": args.mul_reps}[op]
        if per_op is not None:
            reps = per_op
        for _ in range(reps):
            pool.append((rng.choice(qs[op]).format(a=a, b=b), ans))
    for _, q, t in forts:
        for _ in range(args.fortune_reps):
            pool.append((q, t))
    rng.shuffle(pool)

    convs, i = [], 0
    while i < len(pool):
        k = rng.choice([2, 3]) if rng.random() < 0.15 else 1
        msgs = []
        if rng.random() < 0.2:
            msgs.append({"role": "system", "content": rng.choice(bc.SYSTEM_PROMPTS)})
        for q, a in pool[i:i + k]:
            msgs += [{"role": "user", "content": q}, {"role": "assistant", "content": a}]
        i += k
        convs.append(msgs)
    docs = [bc.render_chat(c) for c in convs]
    held_text = open(args.heldout_chat, encoding="utf-8").read()
    for w in train_words:   # nothing trained is in the held-out chat as a question
        assert f" {w} mean" not in held_text or w not in held_words
    with open(os.path.join(args.work_dir, "chat_train.jsonl"), "w", encoding="utf-8") as f:
        for d in docs:
            f.write(json.dumps({"text": d}, ensure_ascii=False) + "\n")
    items = {
        "train_words": train_words,
        "train_definitions": {w: s["def_by_word"][w] for w in train_words},
        "heldout_definitions": {w: a for w, _, a in s["held_def"]},
        "train_arith": [list(x) for x in train_arith],
        "heldout_arith": [list(x) for x in s["held_arith"]],
        "train_fortunes": [[q, t] for _, q, t in forts],
        "heldout_fortunes": [[q, t] for _, q, t in s["held_fort"]],
    }
    with open(os.path.join(args.work_dir, "demo_items.json"), "w", encoding="utf-8") as f:
        json.dump(items, f, ensure_ascii=False, indent=0)
    stats = {"train_words": len(train_words), "def_reps": args.def_reps,
             "train_arith_items": len(train_arith), "arith_reps": args.arith_reps,
             "arith_frac": args.arith_frac, "add_reps": args.add_reps, "sub_reps": args.sub_reps,
             "mul_reps": args.mul_reps,
             "fortunes": len(forts), "fortune_reps": args.fortune_reps,
             "conversations": len(convs), "chars": sum(map(len, docs)),
             "def_chars": sum(len(s["def_by_word"][w]) for w in train_words) * args.def_reps}
    with open(os.path.join(args.work_dir, "demo_corpus_stats.json"), "w") as f:
        json.dump(stats, f, indent=1)
    print(json.dumps(stats, indent=1))


if __name__ == "__main__":
    main()
