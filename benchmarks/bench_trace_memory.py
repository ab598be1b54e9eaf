"""Peak memory and time of the readable trainer ``bpe.train`` and its trace, before and after issue 20.

Run:  .venv/bin/python benchmarks/bench_trace_memory.py              (1,000 merges; about a minute)
      .venv/bin/python benchmarks/bench_trace_memory.py --merges 200 (quicker)

Corpus: the word counts of data/pride_and_prejudice.txt as notebooks 01 and 02 gather them
(``corpus.word_counts(novel, separate_punctuation=True)``). Two trainers, each in a fresh subprocess:

  full copy per step   the trace as bpe.train kept it until issue 20: a dict of every pair count at every
                       step (the same loop, in this file)
  bpe.train            the trace of bpe_lab._trace: checkpoints plus the changes of each merge

"peak MB" is how far the process's resident memory rose above its size just before the call (Linux:
VmHWM after resetting it through /proc/self/clear_refs, minus VmRSS before; the corpus is loaded first).
The target is under 150 MB for 1,000 merges. "trace exact" checks ``pair_counts_at(k)`` and
``steps[k].pair_counts`` at sampled k (0, 1, a quarter, the middle, the last step, after the last merge)
against a from-scratch recount of the corpus after k merges, which is what the full copy held; and the
merges of the two trainers are compared. Nothing here asserts: it prints a table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench_train import _reset_peak, _status_mb  # noqa: E402 (this folder: memory figures from /proc)

TARGET_MB = 150


def novel_word_counts() -> dict:
    from bpe_lab import corpus

    return corpus.word_counts(corpus.load_text("pride_and_prejudice.txt"), separate_punctuation=True)


def train_with_full_copies(corpus, num_merges: int):
    """bpe.train's loop as it was before issue 20: a full copy of the pair counts at every step."""
    from bpe_lab import _checks as check
    from bpe_lab.bpe import merge_pair, pair_counts

    words = check.corpus(corpus)
    merges, steps = [], []
    counts = pair_counts(words)
    for _ in range(num_merges):
        if not counts:
            break
        best = max(counts.values())
        tied = tuple(sorted(pair for pair, c in counts.items() if c == best))
        pair = tied[0]
        left, right = pair
        words = check.Corpus({(merge_pair(w, pair) if left in w and right in w else w): c for w, c in words.items()})
        steps.append((pair, best, dict(counts), tied, sum(len(w) * c for w, c in words.items())))
        merges.append(pair)
        counts = pair_counts(words)
    return merges, steps, dict(counts)


def measure(trainer: str, num_merges: int) -> dict:
    """One run in this (child) process: merges, seconds, peak MB, and for bpe.train the exactness check."""
    from bpe_lab import bpe

    words = novel_word_counts()
    _reset_peak()
    before = _status_mb("VmRSS")
    started = time.perf_counter()
    if trainer == "bpe.train":
        result = bpe.train(words, num_merges)
        merges = result.merges
    else:
        merges, _steps, _final = train_with_full_copies(words, num_merges)
    seconds = time.perf_counter() - started
    peak = max(_status_mb("VmHWM") - before, 0.0)
    row = {"merges": merges, "seconds": seconds, "peak_mb": peak}
    if trainer == "bpe.train":
        n = result.num_merges
        sampled = sorted({0, 1, n // 4, n // 2, n - 1, n} & set(range(n + 1)))
        exact = all(result.pair_counts_at(k) == dict(bpe.pair_counts(result.corpus_after(k))) for k in sampled)
        exact = exact and all(result.steps[k].pair_counts == result.pair_counts_at(k) for k in sampled if k < n)
        started = time.perf_counter()
        for k in sampled:
            result.pair_counts_at(k)
        row.update(sampled=sampled, exact=exact, rebuild_ms=1000 * (time.perf_counter() - started) / len(sampled),
                   stored=result.steps[0].trace.stored_pairs() if n else 0,
                   checkpoints=len(result.steps[0].trace.checkpoints) if n else 0)
    return row


def _child(trainer: str, num_merges: int) -> dict:
    completed = subprocess.run([sys.executable, __file__, "--child", trainer, str(num_merges)],
                               capture_output=True, text=True, timeout=3600)
    if completed.returncode != 0:
        return {"error": (completed.stderr.strip().splitlines() or ["(no message)"])[-1][:100]}
    return json.loads(completed.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--merges", type=int, default=1000)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child[0], int(args.child[1]))))
        return 0

    words = novel_word_counts()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"Pride and Prejudice: {len(words):,} distinct words, {sum(words.values()):,} in all; "
          f"{args.merges:,} merges")
    header = f"{'trainer':<22} {'merges':>7} {'peak MB':>8} {'seconds':>8} {'< ' + str(TARGET_MB) + ' MB':>8}  trace"
    print(header)
    print("-" * len(header))
    rows = {name: _child(name, args.merges) for name in ("full copy per step", "bpe.train")}
    for name, row in rows.items():
        if "error" in row:
            print(f"{name:<22} failed: {row['error']}")
            continue
        under = "yes" if row["peak_mb"] < TARGET_MB else "NO"
        if name == "bpe.train":
            same = rows["full copy per step"].get("merges") == row["merges"]
            trace = (f"exact at k = {row['sampled']}: {row['exact']}; merges equal to the full-copy run: {same}; "
                     f"{row['checkpoints']} checkpoints, {row['stored']:,} stored entries, "
                     f"a rebuild takes {row['rebuild_ms']:.1f} ms")
        else:
            trace = "every step's counts kept whole"
        print(f"{name:<22} {len(row['merges']):>7} {row['peak_mb']:>8.1f} {row['seconds']:>8.1f} {under:>8}  {trace}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
