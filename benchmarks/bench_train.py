"""Training time and peak memory of BPE trainers, and encoding throughput, on the same texts.

Run:  .venv/bin/python benchmarks/bench_train.py            (about 5 minutes)
      .venv/bin/python benchmarks/bench_train.py --quick    (Pride and Prejudice only, no naive trainer)
      .venv/bin/python benchmarks/bench_train.py --naive-everywhere   (also the naive trainer on ~10 MB:
                                                                       expect ten minutes or more)

Corpora: data/pride_and_prejudice.txt and ~10 MB of Python standard-library source (the running
interpreter's own files). Every trainer gets the GPT-2 split pattern and a byte-level alphabet:

  bpe_lab fast     Tokenizer.train (pre-tokenization, counting and the incremental trainer)
  bpe_lab naive    the same chunks given to bpe.train (recounts everything after each merge)
  tokenizers       Hugging Face BpeTrainer + ByteLevel pre-tokenizer, default threads and RAYON_NUM_THREADS=1
  sentencepiece    SentencePiece BPE (its own pre-tokenization; byte fallback), default threads

"seconds" is the best of three runs
(one for the naive trainer). "size" is the number of merges learned (for sentencepiece: pieces in its vocabulary). Each
measurement runs in a fresh subprocess; "peak MB" is how far the process's resident memory rose
above its size just before the call (the peak is reset first; imports and the loaded text excluded). Encoding: MB of text per second, single thread; bpe_lab once with
an empty cache (every distinct chunk goes through BPE) and once more with the cache filled; the ids of
the three encoders are checked equal. Nothing here asserts a speed: it prints tables.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _status_mb(field: str) -> float:
    """A memory figure of this process from /proc/self/status (VmRSS: now, VmHWM: the peak)."""
    with open("/proc/self/status") as handle:
        for line in handle:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"{field} not found in /proc/self/status")


def _reset_peak() -> None:
    """Make the peak (VmHWM) start again from the current size (Linux: write 5 to clear_refs)."""
    with open("/proc/self/clear_refs", "w") as handle:
        handle.write("5")


def load_corpus(name: str) -> str:
    from bpe_lab import corpus

    if name == "pride":
        return corpus.load_text("pride_and_prejudice.txt")
    return corpus.python_source(10_000_000)


# ------------------------------------------------------------------------------------------------
# One measurement (runs in a child process)
# ------------------------------------------------------------------------------------------------

def train_once(trainer: str, corpus_name: str, vocab_size: int) -> dict:
    text = load_corpus(corpus_name)
    if trainer == "bpe_lab fast":
        from bpe_lab.tokenizer import Tokenizer

        def run():
            return len(Tokenizer.train(text, vocab_size).merges)
    elif trainer == "bpe_lab naive":
        from collections import Counter

        from bpe_lab import bpe, pretokenize

        def run():
            chunks = Counter(chunk.encode("utf-8") for chunk in pretokenize.split(text))
            return bpe.train(chunks, vocab_size - 256).num_merges
    elif trainer.startswith("tokenizers"):
        from tokenizers import Tokenizer as HFTokenizer
        from tokenizers import models, pre_tokenizers, trainers

        documents = text.split("\n\n")  # many sequences, so tokenizers can pre-tokenize in parallel

        def run():
            tokenizer = HFTokenizer(models.BPE())
            tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
            hf_trainer = trainers.BpeTrainer(vocab_size=vocab_size, show_progress=False,
                                             initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
            tokenizer.train_from_iterator(documents, trainer=hf_trainer)
            return len(json.loads(tokenizer.to_str())["model"]["merges"])
    elif trainer == "sentencepiece":
        import io

        import sentencepiece as spm

        lines = [line for line in text.split("\n") if line.strip()]

        def run():
            model = io.BytesIO()
            spm.SentencePieceTrainer.train(
                sentence_iterator=iter(lines), model_writer=model, model_type="bpe", vocab_size=vocab_size,
                byte_fallback=True, character_coverage=1.0, max_sentence_length=1 << 16,
                input_sentence_size=0, minloglevel=2,
            )
            return vocab_size
    else:
        raise ValueError(trainer)

    _reset_peak()
    before = _status_mb("VmRSS")
    times = []
    for _ in range(1 if trainer == "bpe_lab naive" else 3):  # the best of three (one for the slow one)
        started = time.perf_counter()
        merges = run()
        times.append(time.perf_counter() - started)
    return {"seconds": min(times), "peak_mb": max(_status_mb("VmHWM") - before, 0.0), "merges": merges}


def encode_once(corpus_name: str) -> dict:
    """Encoding throughput of three encoders built from the same merges (trained here on the corpus)."""
    import tiktoken
    from tokenizers import Tokenizer as HFTokenizer
    from tokenizers import decoders, models, pre_tokenizers

    from bpe_lab import pretokenize
    from bpe_lab.byte_level import to_printable
    from bpe_lab.tokenizer import Tokenizer

    text = load_corpus(corpus_name)
    megabytes = len(text.encode("utf-8")) / 1e6
    ours = Tokenizer.train(text, 16384)
    ranks = {token: i for i, token in enumerate(ours.vocab)}
    reference = tiktoken.Encoding("bpe_lab", pat_str=pretokenize.GPT2_PATTERN, mergeable_ranks=ranks, special_tokens={})
    hf = HFTokenizer(models.BPE(vocab={to_printable(t): i for i, t in enumerate(ours.vocab)},
                                merges=[(to_printable(a), to_printable(b)) for a, b in ours.merges]))
    hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    hf.decoder = decoders.ByteLevel()

    fresh = Tokenizer(ours.merges, ours.pattern)  # cold cache
    timings = {}
    started = time.perf_counter()
    ids = fresh.encode(text)
    timings["bpe_lab Tokenizer.encode"] = time.perf_counter() - started
    started = time.perf_counter()
    fresh.encode(text)  # the same tokenizer again: every distinct chunk is now in its cache
    timings["bpe_lab, warm cache"] = time.perf_counter() - started
    started = time.perf_counter()
    pretokenize.split(text)
    split_seconds = time.perf_counter() - started
    started = time.perf_counter()
    tiktoken_ids = reference.encode_ordinary(text)
    timings["tiktoken (our ranks)"] = time.perf_counter() - started
    started = time.perf_counter()
    hf_ids = hf.encode(text).ids
    timings["tokenizers (our merges)"] = time.perf_counter() - started
    return {
        "megabytes": megabytes,
        "tokens": len(ids),
        "mb_per_s": {name: megabytes / seconds for name, seconds in timings.items()},
        "split_share": split_seconds / timings["bpe_lab Tokenizer.encode"],
        "split_share_warm": split_seconds / timings["bpe_lab, warm cache"],
        "equal": {"tiktoken": tiktoken_ids == ids, "tokenizers": hf_ids == ids},
    }


# ------------------------------------------------------------------------------------------------
# The parent: run each measurement in its own process, print the tables
# ------------------------------------------------------------------------------------------------

def _child(args: list[str], env_extra: dict | None = None, timeout: float = 3600) -> dict:
    env = dict(os.environ, **(env_extra or {}))
    completed = subprocess.run([sys.executable, __file__, "--child", *args], capture_output=True, text=True,
                               env=env, timeout=timeout)
    if completed.returncode != 0:
        last = (completed.stderr.strip().splitlines() or ["(no message)"])[-1]
        return {"error": last[:80]}
    return json.loads(completed.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="Pride and Prejudice only, no naive trainer")
    parser.add_argument("--naive-everywhere", action="store_true", help="also run the naive trainer on ~10 MB")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.child:
        kind, *rest = args.child
        result = train_once(rest[0], rest[1], int(rest[2])) if kind == "train" else encode_once(rest[0])
        print(json.dumps(result))
        return 0

    import tiktoken
    import tokenizers

    try:
        import sentencepiece
        spm_version = sentencepiece.__version__
    except ImportError:
        spm_version = "not installed"
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"tokenizers {tokenizers.__version__}, sentencepiece {spm_version}, tiktoken {tiktoken.__version__}")

    corpora = ["pride"] if args.quick else ["pride", "python"]
    names = {"pride": "Pride and Prejudice", "python": "Python stdlib"}
    sizes = {name: len(load_corpus(name).encode("utf-8")) / 1e6 for name in corpora}
    trainers = ["bpe_lab fast", "bpe_lab naive", "tokenizers", "tokenizers 1 thread", "sentencepiece"]

    print("\nTraining (GPT-2 split pattern, byte-level alphabet)")
    header = f"{'corpus':<30} {'vocab':>6} {'trainer':<20} {'size':>7} {'seconds':>8} {'peak MB':>8} {'time / fast':>11} {'memory / fast':>13}"
    print(header)
    print("-" * len(header))
    for corpus_name in corpora:
        for vocab_size in (4096, 16384):
            rows = {}
            for trainer in trainers:
                if trainer == "bpe_lab naive" and (vocab_size != 4096 or args.quick or
                                                   (corpus_name != "pride" and not args.naive_everywhere)):
                    continue
                env = {"RAYON_NUM_THREADS": "1"} if trainer == "tokenizers 1 thread" else None
                rows[trainer] = _child(["train", trainer.replace(" 1 thread", ""), corpus_name, str(vocab_size)], env)
            fast = rows["bpe_lab fast"]
            label = f"{names[corpus_name]} ({sizes[corpus_name]:.1f} MB)"
            for trainer, row in rows.items():
                if "error" in row:
                    print(f"{label:<30} {vocab_size:>6} {trainer:<20} failed: {row['error']}")
                    continue
                time_ratio = row["seconds"] / fast["seconds"] if "seconds" in fast else float("nan")
                memory_ratio = row["peak_mb"] / fast["peak_mb"] if fast.get("peak_mb") else float("nan")
                print(f"{label:<30} {vocab_size:>6} {trainer:<20} {row['merges']:>7} {row['seconds']:>8.2f} "
                      f"{row['peak_mb']:>8.1f} {time_ratio:>10.2f}x {memory_ratio:>12.2f}x")

    print("\nEncoding, single thread (the same 16,384-token vocabulary in all three; bpe_lab cold = first pass)")
    header = f"{'corpus':<30} {'encoder':<26} {'MB/s':>7} {'vs tiktoken':>11}  ids equal to ours"
    print(header)
    print("-" * len(header))
    for corpus_name in corpora:
        row = _child(["encode", corpus_name], {"RAYON_NUM_THREADS": "1"})
        label = f"{names[corpus_name]} ({sizes[corpus_name]:.1f} MB)"
        if "error" in row:
            print(f"{label:<30} failed: {row['error']}")
            continue
        reference = row["mb_per_s"]["tiktoken (our ranks)"]
        for encoder, speed in row["mb_per_s"].items():
            equal = {"tiktoken (our ranks)": row["equal"]["tiktoken"],
                     "tokenizers (our merges)": row["equal"]["tokenizers"]}.get(encoder, "-")
            print(f"{label:<30} {encoder:<26} {speed:>7.2f} {speed / reference:>10.2f}x  {equal}")
        print(f"{'':<30} regex pre-tokenization alone: {100 * row['split_share']:.0f}% of the first pass, "
              f"{100 * row['split_share_warm']:.0f}% of the warm pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
