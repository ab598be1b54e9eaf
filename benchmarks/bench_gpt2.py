"""GPT-2 encoding throughput: bpe_lab.gpt2 against tiktoken and Hugging Face tokenizers, same text.

Run:  .venv/bin/python benchmarks/bench_gpt2.py

All three encoders are built offline from data/encoder.json and data/vocab.bpe. Single thread
(RAYON_NUM_THREADS=1 is set for tokenizers before it is imported). For each text: MB per second for
bpe_lab on its first pass (empty chunk cache) and again with the cache filled, tiktoken, and
tokenizers; the token ids of all three are checked equal. Prints a table; asserts nothing.
Each number is one run: for issue 20's first-pass target (ours against tiktoken, interleaved, best of
three, GPT-2 and cl100k), see benchmarks/bench_first_pass.py.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ["RAYON_NUM_THREADS"] = "1"  # before tokenizers is imported
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    import tiktoken
    import tiktoken_ext.openai_public
    import tokenizers
    from tiktoken.load import data_gym_to_mergeable_bpe_ranks
    from tokenizers import Tokenizer as HFTokenizer
    from tokenizers import models, pre_tokenizers

    from bpe_lab import corpus, gpt2

    vocab_bpe, encoder_json = str(corpus.data_path("vocab.bpe")), str(corpus.data_path("encoder.json"))
    reference = tiktoken.Encoding("gpt2", pat_str=tiktoken_ext.openai_public.r50k_pat_str,
                                  mergeable_ranks=data_gym_to_mergeable_bpe_ranks(vocab_bpe, encoder_json),
                                  special_tokens={gpt2.ENDOFTEXT: gpt2.ENDOFTEXT_ID})
    hf = HFTokenizer(models.BPE.from_file(encoder_json, vocab_bpe))
    hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)

    texts = {
        "Pride and Prejudice": corpus.load_text(),
        "UDHR, 20 languages": "\n".join(entry["text"] for entry in corpus.load_udhr().values()),
        "Python stdlib (10 MB)": corpus.python_source(10_000_000),
    }
    print(f"tiktoken {tiktoken.__version__}, tokenizers {tokenizers.__version__}, single thread")
    header = f"{'text':<24} {'MB':>6} {'encoder':<24} {'MB/s':>7} {'vs tiktoken':>11} {'tokens':>10}  ids equal"
    print(header)
    print("-" * len(header))
    for label, text in texts.items():
        megabytes = len(text.encode("utf-8")) / 1e6
        ours = gpt2.load()  # a fresh tokenizer: empty cache
        runs = {}
        started = time.perf_counter()
        ids = ours.encode_ordinary(text)
        runs["bpe_lab.gpt2 (first pass)"] = (time.perf_counter() - started, ids)
        started = time.perf_counter()
        again = ours.encode_ordinary(text)
        runs["bpe_lab.gpt2 (warm cache)"] = (time.perf_counter() - started, again)
        started = time.perf_counter()
        tiktoken_ids = reference.encode_ordinary(text)
        runs["tiktoken"] = (time.perf_counter() - started, tiktoken_ids)
        started = time.perf_counter()
        hf_ids = hf.encode(text).ids
        runs["tokenizers"] = (time.perf_counter() - started, hf_ids)
        tiktoken_speed = megabytes / runs["tiktoken"][0]
        for encoder, (seconds, encoded) in runs.items():
            speed = megabytes / seconds
            print(f"{label:<24} {megabytes:>6.2f} {encoder:<24} {speed:>7.2f} {speed / tiktoken_speed:>10.2f}x "
                  f"{len(encoded):>10,}  {encoded == runs['tiktoken'][1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
