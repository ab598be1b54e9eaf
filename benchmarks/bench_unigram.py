"""Unigram training: bpe_lab.unigram.train against SentencePiece's unigram trainer, same text, side by side.

Run:  .venv/bin/python benchmarks/bench_unigram.py        (under a minute)

Text: the first 90% of the lines of Pride and Prejudice for training, the last 10% held out. Both
trainers get the same words (split on whitespace, "▁" marking each word's start, no normalisation), the
same freedom (SentencePiece is told not to split pieces at script or number boundaries, which ours does
not do either) and the same number of ordinary pieces (SentencePiece's vocabulary also holds <unk>, <s>
and </s>).

Printed per vocabulary size: training time of each (the best of RUNS runs, the two trainers taking turns,
so that both see the same load), their ratio (issue 20's target: at most 5x at 2,000 and 4,000 pieces),
tokens on the held-out text (each encoder its own way: SentencePiece's encode, our Viterbi) next to ours
before issue 20 (the target: within 1%), and how many pieces the two vocabularies share.
SentencePiece trains on several threads; ours on one. The machine may be shared with other work: the
load average is printed, and a ratio that looks off should be measured again.
Prints a table; asserts nothing.
"""

from __future__ import annotations

import io
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = (2000, 4000)
RUNS = 3
# Held-out tokens of bpe_lab.unigram.train before issue 20 (commit c79e925, pure-Python EM), this protocol.
BEFORE = {2000: 16_492, 4000: 14_714}


def main() -> int:
    import sentencepiece as spm

    from bpe_lab import corpus, unigram

    lines = corpus.load_text("pride_and_prejudice.txt").splitlines()
    cut = int(len(lines) * 0.9)
    training, held_out = lines[:cut], [line for line in lines[cut:] if line.strip()]
    held_words = [unigram.SPACE + word for line in held_out for word in line.split()]

    def train_sentencepiece(size):
        model = io.BytesIO()
        spm.SentencePieceTrainer.train(
            sentence_iterator=iter(line for line in training if line.strip()), model_writer=model,
            model_type="unigram", vocab_size=size + 3, normalization_rule_name="identity",
            character_coverage=1.0, split_by_unicode_script=False, split_by_number=False, minloglevel=2,
        )
        return spm.SentencePieceProcessor(model_proto=model.getvalue())

    print(f"sentencepiece {spm.__version__}; training on {cut:,} lines, held out {len(held_out):,} lines "
          f"({len(held_words):,} words); best of {RUNS} runs each, taking turns; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
    header = (f"{'pieces':>6} {'ours s':>7} {'SP s':>6} {'ratio':>6} | {'held-out tokens: ours':>21} {'SP':>7} "
              f"{'ours before':>11} {'vs before':>9} | {'shared pieces':>14}")
    print(header)
    print("-" * len(header))
    for size in SIZES:
        ours_seconds, spm_seconds = [], []
        for _ in range(RUNS):
            started = time.perf_counter()
            processor = train_sentencepiece(size)
            spm_seconds.append(time.perf_counter() - started)
            started = time.perf_counter()
            ours = unigram.train("\n".join(training), size)
            ours_seconds.append(time.perf_counter() - started)
        unk = min(ours.log_probs.values()) - unigram.UNK_PENALTY
        our_tokens = sum(map(len, unigram.segment_words(held_words, ours.log_probs, unk_score=unk)))
        spm_tokens = sum(len(processor.encode(line)) for line in held_out)
        spm_pieces = {processor.id_to_piece(i) for i in range(processor.get_piece_size())
                      if not (processor.is_unknown(i) or processor.is_control(i))}
        shared = len(spm_pieces & set(ours.log_probs))
        ratio = min(ours_seconds) / min(spm_seconds)
        change = our_tokens / BEFORE[size] - 1
        print(f"{size:>6,} {min(ours_seconds):>7.2f} {min(spm_seconds):>6.2f} {ratio:>5.1f}x | {our_tokens:>21,} "
              f"{spm_tokens:>7,} {BEFORE[size]:>11,} {change:>+8.2%} | {shared:>6,} of {size:,}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end; targets: ratio at most 5x, held-out tokens within 1% "
          "of before")
    return 0


if __name__ == "__main__":
    sys.exit(main())
