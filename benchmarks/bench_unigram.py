"""Unigram trainer quality: bpe_lab.unigram.train against SentencePiece's unigram trainer, same text.

Run:  .venv/bin/python benchmarks/bench_unigram.py        (about a minute)

Text: the first 90% of the lines of Pride and Prejudice for training, the last 10% held out. Both
trainers get the same words (split on whitespace, "▁" marking each word's start, no normalisation), the
same freedom (SentencePiece is told not to split pieces at script or number boundaries, which ours does
not do either) and the same number of ordinary pieces (SentencePiece's vocabulary also holds <unk>, <s>
and </s>).
Printed per vocabulary size: training time, tokens on the held-out text (each encoder its own way:
SentencePiece's encode, our Viterbi), the ratio, and how many pieces the two vocabularies share.
Prints a table; asserts nothing.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    import sentencepiece as spm

    from bpe_lab import corpus, unigram

    lines = corpus.load_text("pride_and_prejudice.txt").splitlines()
    cut = int(len(lines) * 0.9)
    training, held_out = lines[:cut], [line for line in lines[cut:] if line.strip()]
    held_words = [unigram.SPACE + word for line in held_out for word in line.split()]

    print(f"sentencepiece {spm.__version__}; training on {cut:,} lines, held out {len(held_out):,} lines "
          f"({len(held_words):,} words)")
    header = (f"{'pieces':>6} {'trainer':<22} {'seconds':>8} {'held-out tokens':>16} {'vs sentencepiece':>17} "
              f"{'shared pieces':>14}")
    print(header)
    print("-" * len(header))
    for size in (2000, 5000, 8000):
        started = time.perf_counter()
        model = io.BytesIO()
        try:
            spm.SentencePieceTrainer.train(
                sentence_iterator=iter(line for line in training if line.strip()), model_writer=model,
                model_type="unigram", vocab_size=size + 3, normalization_rule_name="identity",
                character_coverage=1.0, split_by_unicode_script=False, split_by_number=False, minloglevel=2,
            )
        except RuntimeError as error:  # SentencePiece refuses sizes its seed vocabulary cannot reach
            processor = None
            refusal = str(error).split("] ")[-1][:70]
        else:
            processor = spm.SentencePieceProcessor(model_proto=model.getvalue())
        spm_seconds = time.perf_counter() - started

        started = time.perf_counter()
        ours = unigram.train("\n".join(training), size)
        our_seconds = time.perf_counter() - started
        unk = min(ours.log_probs.values()) - unigram.UNK_PENALTY
        our_tokens = sum(map(len, unigram.segment_words(held_words, ours.log_probs, unk_score=unk)))

        if processor is None:
            print(f"{size:>6} {'sentencepiece unigram':<22} refused: {refusal}")
            print(f"{size:>6} {'bpe_lab unigram.train':<22} {our_seconds:>8.1f} {our_tokens:>16,}")
            continue
        spm_tokens = sum(len(processor.encode(line)) for line in held_out)
        spm_pieces = {processor.id_to_piece(i) for i in range(processor.get_piece_size())
                      if not (processor.is_unknown(i) or processor.is_control(i))}
        shared = len(spm_pieces & set(ours.log_probs))
        print(f"{size:>6} {'sentencepiece unigram':<22} {spm_seconds:>8.1f} {spm_tokens:>16,} {1:>16.3f}x {'':>14}")
        print(f"{size:>6} {'bpe_lab unigram.train':<22} {our_seconds:>8.1f} {our_tokens:>16,} "
              f"{our_tokens / spm_tokens:>16.3f}x {shared:>8,} of {size:,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
