"""The cost curve: byte-level BPE training time and peak memory against the size of the text.

Run:  .venv/bin/python benchmarks/bench_scaling.py                 (about seven minutes on 2 cores)
      .venv/bin/python benchmarks/bench_scaling.py --sizes 1 4     (only those sizes, in MB)

Text: Python standard-library source gathered as the parity tests and bench_train.py gather it
(``corpus.python_source_files``: the running interpreter's own files, sorted, tests left out). The stdlib
holds about 12 MB, so for the larger sizes the files are taken again from the start, whole files until the
size is reached (a file that would pass it is skipped for a smaller one): 40 MB is the library about three
and a third times. Repeating files multiplies the counts but adds no new words, so the number of distinct
chunks (what the merge loop works on) grows more slowly here than it would
with 40 MB of new code: read the larger rows as the cost of *counting*, mostly.

Trainers, each learning 4,096 tokens (256 bytes + 3,840 merges; the smaller size bench_train.py uses):

  bpe_lab fast   Tokenizer.train: GPT-2's split pattern, counting, then bpe_lab.fast_bpe's incremental trainer
                 (pure Python, one core)
  tokenizers     Hugging Face BpeTrainer with the ByteLevel pre-tokenizer (GPT-2's pattern), fed one source
                 file per sequence (train_from_iterator), default threads
  sentencepiece  SentencePiece BPE (its own pre-tokenization: whitespace-separated pieces; byte fallback),
                 fed one line per sentence (blank lines left out), every line used (input_sentence_size=0),
                 default threads

Each measurement runs in a fresh subprocess, --repeat times (default 3), the trainers taking turns at each
size so that a busy moment of the machine falls on all of them. "seconds" is the training call alone, the
fastest of the runs; "peak MB" is the process's peak resident memory (ru_maxrss,
the interpreter, the library and the text included); "start MB" is the resident memory just before the
call (the text loaded), so peak − start is what training itself added (both: the largest of the runs). A run that takes longer than
--timeout seconds is stopped and shown as such. Writes benchmarks/scaling.csv and benchmarks/scaling.png
(time and peak memory against MB of text, one line per trainer). Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench_train import _status_mb  # noqa: E402 (this folder: memory figures from /proc)

VOCAB_SIZE = 4096
SIZES_MB = [1, 4, 16, 40]
TRAINERS = ["bpe_lab fast", "tokenizers", "sentencepiece"]


def python_source_documents(megabytes: float) -> list[str]:
    """Whole stdlib source files in sorted order, taken again from the start when the library runs out, until
    ``megabytes`` (10^6 bytes of UTF-8, newlines between files counted) is reached; a file that would pass it
    is skipped for a smaller one further on."""
    from bpe_lab import corpus

    library = [(text, len(text.encode("utf-8")) + 1) for _, text in corpus.python_source_files(10**10)]
    limit, size, documents = megabytes * 1e6, 0, []
    while True:
        added = False
        for text, encoded in library:  # + 1 above: the newline that joins a file to the next
            if size + encoded <= limit:
                documents.append(text)
                size += encoded
                added = True
        if not added:
            return documents


def train_once(trainer: str, megabytes: float) -> dict:
    """One training run in this (fresh) process: seconds, peak and starting memory."""
    documents = python_source_documents(megabytes)
    text = "\n".join(documents)
    if trainer == "bpe_lab fast":
        from bpe_lab.tokenizer import Tokenizer

        def run():
            return len(Tokenizer.train(text, VOCAB_SIZE).merges)
    elif trainer == "tokenizers":
        from tokenizers import Tokenizer as HFTokenizer
        from tokenizers import models, pre_tokenizers, trainers

        def run():
            tokenizer = HFTokenizer(models.BPE())
            tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
            tokenizer.train_from_iterator(documents, trainer=trainers.BpeTrainer(
                vocab_size=VOCAB_SIZE, show_progress=False, initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
            return len(json.loads(tokenizer.to_str())["model"]["merges"])
    elif trainer == "sentencepiece":
        import io

        import sentencepiece as spm

        lines = [line for line in text.split("\n") if line.strip()]

        def run():
            model = io.BytesIO()
            spm.SentencePieceTrainer.train(
                sentence_iterator=iter(lines), model_writer=model, model_type="bpe", vocab_size=VOCAB_SIZE,
                byte_fallback=True, character_coverage=1.0, max_sentence_length=1 << 16,
                input_sentence_size=0, minloglevel=2)
            return spm.SentencePieceProcessor(model_proto=model.getvalue()).get_piece_size()
    else:
        raise ValueError(f"unknown trainer {trainer!r}")
    start_mb = _status_mb("VmRSS")
    started = time.perf_counter()
    size = run()
    seconds = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB
    return {"seconds": seconds, "peak_mb": peak_mb, "start_mb": start_mb, "size": size,
            "text_mb": len(text.encode("utf-8")) / 1e6, "documents": len(documents)}


def measure(trainer: str, megabytes: float, timeout: float) -> dict:
    """``train_once`` in a fresh subprocess (so each peak is its own); {"error": ...} if it fails or runs over."""
    try:
        completed = subprocess.run([sys.executable, __file__, "--child", trainer, str(megabytes)],
                                   capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"stopped after {timeout:.0f} s"}
    if completed.returncode != 0:
        return {"error": ((completed.stderr.strip().splitlines() or ["(no message)"])[-1])[:80]}
    return json.loads(completed.stdout.strip().splitlines()[-1])


def _best(runs: list[dict]) -> dict:
    """The fastest of several runs, with the largest memory figures seen in any of them (or the first error)."""
    failed = [run for run in runs if "error" in run]
    if failed:
        return failed[0]
    best = dict(min(runs, key=lambda run: run["seconds"]))
    best.update(peak_mb=max(run["peak_mb"] for run in runs), start_mb=max(run["start_mb"] for run in runs),
                runs=len(runs))
    return best


def plot(rows: list[dict], path: Path) -> None:
    """Two panels, seconds and peak MB against MB of text, one line per trainer."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5), layout="constrained")
    for trainer in TRAINERS:
        done = [row for row in rows if row["trainer"] == trainer and row["seconds"] != ""]
        sizes = [row["text_mb"] for row in done]
        left.plot(sizes, [row["seconds"] for row in done], marker="o", label=trainer)
        right.plot(sizes, [row["peak_mb"] for row in done], marker="o", label=trainer)
    left.set(xlabel="MB of Python source", ylabel="training time (seconds)",
             title=f"Time to learn {VOCAB_SIZE:,} tokens")
    right.set(xlabel="MB of Python source", ylabel="peak resident memory (MB)", title="Peak memory of the process")
    for ax in (left, right):
        ax.grid(alpha=0.3)
        ax.legend()
    fig.savefig(path, dpi=110)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=float, default=SIZES_MB, help="MB of text (default 1 4 16 40)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds before one run is stopped (900)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each trainer at each size, the fastest kept (3)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(train_once(args.child[0], float(args.child[1]))))
        return 0

    import sentencepiece
    import tokenizers

    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores "
          f"(load average {os.getloadavg()[0]:.1f} at the start); tokenizers {tokenizers.__version__}, "
          f"sentencepiece {sentencepiece.__version__}; {VOCAB_SIZE:,} tokens; the fastest of {args.repeat} runs, "
          "each in a fresh process\n")
    header = (f"{'MB of text':>10} {'files':>6} {'trainer':<14} {'seconds':>8} {'peak MB':>8} {'start MB':>9} "
              f"{'s / ours':>9} {'MB / ours':>10}")
    print(header)
    print("-" * len(header))
    rows = []
    for megabytes in args.sizes:
        ours = None
        runs = {trainer: [] for trainer in TRAINERS}
        for _ in range(args.repeat):
            for trainer in TRAINERS:  # taking turns
                if not any("error" in run for run in runs[trainer]):  # a run that failed or ran over is not repeated
                    runs[trainer].append(measure(trainer, megabytes, args.timeout))
        for trainer in TRAINERS:
            result = _best(runs[trainer])
            row = {"trainer": trainer, "requested_mb": megabytes, "text_mb": result.get("text_mb", megabytes),
                   "files": result.get("documents", ""), "vocab_size": VOCAB_SIZE,
                   "seconds": result.get("seconds", ""), "peak_mb": result.get("peak_mb", ""),
                   "start_mb": result.get("start_mb", ""), "note": result.get("error", "")}
            rows.append(row)
            if "error" in result:
                print(f"{megabytes:>10.0f} {'':>6} {trainer:<14} {result['error']}", flush=True)
                continue
            ours = ours or result
            print(f"{result['text_mb']:>10.1f} {result['documents']:>6} {trainer:<14} {result['seconds']:>8.2f} "
                  f"{result['peak_mb']:>8.0f} {result['start_mb']:>9.0f} {result['seconds'] / ours['seconds']:>8.2f}x "
                  f"{result['peak_mb'] / ours['peak_mb']:>9.2f}x", flush=True)
    out = ROOT / "benchmarks"
    with open(out / "scaling.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows({key: (f"{value:.3f}" if isinstance(value, float) else value) for key, value in row.items()}
                         for row in rows)
    plot(rows, out / "scaling.png")
    print(f"\nwrote {out / 'scaling.csv'} and {out / 'scaling.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
