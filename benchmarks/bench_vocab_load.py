"""Loading GPT-4's and GPT-4o's vocabularies: before the merge cache, the first load, and later loads.

Run:  .venv/bin/python benchmarks/bench_vocab_load.py        (about a minute)

Each load runs in a fresh Python process (as a new notebook kernel would), with bpe_lab already imported,
and times only the call. BPE_LAB_CACHE_DIR points at a temporary folder, so your own cache is not touched.
Per vocabulary:
- before: ``Tokenizer.from_ranks(load_ranks(name))``, the way every load recovered the merges before the cache;
- first load: ``gpt2.load_encoding(name)`` with an empty cache (recovers the merges, then saves them);
- cached load: ``gpt2.load_encoding(name)`` in a new process that finds the cache file (best of 5, and the
  CPU time of that run: the wall time grows when other processes share the cores);
- same process: a second ``load_encoding`` in the process of the cached load (built from the merges it keeps);
- merges equal: the cached load's merges, ids and unmergeable tokens are those of the ``before`` tokenizer;
- ids = tiktoken: the cached load's tokenizer encodes *Pride and Prejudice* and the UDHR in 20 languages to
  exactly the ids of tiktoken built from the same ranks (the number of ids compared is printed).
Prints a table; asserts nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.5  # seconds, issue 20: a vocabulary loads in under 0.5 s after the first time

CHILD = """
import hashlib, json, sys, time
from bpe_lab import gpt2
from bpe_lab.tokenizer import Tokenizer
name, how = sys.argv[1], sys.argv[2]
wall, cpu = time.perf_counter(), time.process_time()
if how == "before":
    tokenizer = Tokenizer.from_ranks(gpt2.load_ranks(name), gpt2._PATTERN_OF[name],
                                     special_tokens=gpt2.SPECIAL_TOKENS[name])
else:
    tokenizer = gpt2.load_encoding(name)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
again = time.perf_counter()
if how == "load":  # (the "before" process must leave the cache empty)
    gpt2.load_encoding(name)
again = time.perf_counter() - again
content = json.dumps([tokenizer.to_dict(), [token.hex() for token in tokenizer.unmergeable]])
compared = None
if how == "load" and sys.argv[3] == "compare":  # (after the timing: importing tiktoken takes time too)
    import tiktoken
    from bpe_lab import corpus, pretokenize
    reference = tiktoken.Encoding(name, pat_str=pretokenize.PATTERNS[gpt2._PATTERN_OF[name]],
                                  mergeable_ranks=gpt2.load_ranks(name), special_tokens=gpt2.SPECIAL_TOKENS[name])
    texts = [corpus.load_text()] + [entry["text"] for entry in corpus.load_udhr().values()]
    ours = [tokenizer.encode_ordinary(text) for text in texts]
    theirs = [reference.encode_ordinary(text) for text in texts]
    compared = sum(map(len, theirs)) if ours == theirs else -1
print(json.dumps({"wall": wall, "cpu": cpu, "again": again, "compared": compared,
                  "digest": hashlib.sha256(content.encode()).hexdigest()}))
"""


def run(name: str, how: str, cache: str, compare: bool = False) -> dict:
    environment = {**os.environ, "BPE_LAB_CACHE_DIR": cache}
    arguments = [name, how, "compare" if compare else "-"]
    done = subprocess.run([sys.executable, "-c", CHILD, *arguments], cwd=ROOT, env=environment, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def main() -> int:
    print(f"{os.cpu_count()} cores; load average {', '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 min)")
    header = (f"{'vocabulary':<12} {'before s':>9} {'first load s':>13} {'cached load s':>14} {'(cpu s)':>8} "
              f"{'same process s':>15} {'target':>8}  merges equal  ids = tiktoken")
    print(header)
    print("-" * len(header))
    for name in ("cl100k_base", "o200k_base"):
        with tempfile.TemporaryDirectory(prefix="bench_vocab_load_") as cache:
            before = run(name, "before", cache)
            first = run(name, "load", cache)
            cached = min((run(name, "load", cache) for _ in range(5)), key=lambda result: result["wall"])
            compared = run(name, "load", cache, compare=True)
        equal = "yes" if before["digest"] == first["digest"] == cached["digest"] == compared["digest"] else "NO"
        same_ids = f"yes ({compared['compared']:,} ids)" if compared["compared"] > 0 else "NO"
        print(f"{name:<12} {before['wall']:>9.2f} {first['wall']:>13.2f} {cached['wall']:>14.2f} "
              f"{cached['cpu']:>8.2f} {cached['again']:>15.3f} {'< ' + str(TARGET):>8}  {equal:<12}  {same_ids}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
