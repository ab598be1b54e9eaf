"""WordPiece training: time of each score (readable and fast trainer), and what each vocabulary is worth.

Run:  .venv/bin/python benchmarks/bench_wordpiece.py           (about 12 minutes: the readable trainer is slow)
      .venv/bin/python benchmarks/bench_wordpiece.py --quick   (1,000 pieces only, about a minute)

Text: Pride and Prejudice, its first 90% of lines for training and the last 10% held out. Every line goes
through BERT's normaliser and pre-tokenizer (``bert.bert_normalize``, ``bert.bert_pre_tokenize``: lower case,
accents stripped, punctuation split off), so all vocabularies see the same words.

Table 1, time: ``wordpiece.train`` (readable: recounts everything after each merge) and
``wordpiece.fast_train`` (incremental, the same steps) for the likelihood gain and the ratio score (and the
fast trainer for the frequency rule), at 1,000, 4,000 and 8,000 pieces. The readable and fast trainers are
checked to give the same vocabulary.

Table 2, quality: the held-out words tokenized by MaxMatch (``wordpiece.tokenize``) with each vocabulary;
"bytes per token" is the series' measure (``metrics.bytes_per_token``, the one notebooks 05 and 07 use): every
UTF-8 byte of the raw held-out text, spaces and line breaks included, over the number of tokens; and whether
three very common words are whole pieces. References: Hugging Face ``tokenizers``' WordPieceTrainer (its merges
follow the frequency rule) trained on the same words, and the real bert-base-uncased vocabulary (30,522 pieces).
Prints tables; asserts nothing but the equality of the two trainers.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bpe_lab import bert, corpus, wordpiece  # noqa: E402

COMMON = ("the", "and", "her")


def words_of(lines: list[str]) -> list[str]:
    return [word for line in lines for word in bert.bert_pre_tokenize(bert.bert_normalize(line))]


def held_out_cost(vocab, held_words: Counter, held_bytes: int) -> tuple[float, int]:
    """(bytes per token, tokens): the held-out text's bytes over the tokens of its words, each distinct word
    tokenized by MaxMatch once (BERT's pipeline on the whole text gives the same tokens)."""
    vocab = set(vocab)
    tokens = sum(count * len(wordpiece.tokenize(word, vocab)) for word, count in held_words.items())
    return held_bytes / tokens, tokens


def tokenizers_vocab(training: Counter, size: int) -> list[str]:
    """Hugging Face tokenizers' WordPieceTrainer on the same words (each word as often as it occurs)."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    trainer = trainers.WordPieceTrainer(vocab_size=size, special_tokens=["[UNK]"], show_progress=False)
    tok.train_from_iterator((" ".join([word] * count) for word, count in training.items()), trainer=trainer)
    return list(tok.get_vocab())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 pieces only")
    args = parser.parse_args()
    sizes = (1000,) if args.quick else (1000, 4000, 8000)

    lines = corpus.load_text("pride_and_prejudice.txt").splitlines()
    cut = int(len(lines) * 0.9)
    training, held_words = Counter(words_of(lines[:cut])), Counter(words_of(lines[cut:]))
    held_bytes = len("\n".join(lines[cut:]).encode("utf-8"))  # the raw held-out text, every byte counted
    print(f"training: {sum(training.values()):,} words ({len(training):,} distinct) from {cut:,} lines; "
          f"held out: {sum(held_words.values()):,} words")

    print("\nTable 1: training time (seconds)")
    print(f"{'pieces':>6}  {'score':<11} {'readable':>9} {'fast':>7}  {'same steps':>10}")
    vocabs = {}
    for size in sizes:
        for score in wordpiece.SCORES:
            start = time.perf_counter()
            fast = wordpiece.fast_train(training, size, special_tokens=["[UNK]"], score=score)
            fast_seconds = time.perf_counter() - start
            vocabs[score, size] = fast.vocab
            readable, same = "-", "-"
            if score != "frequency":
                start = time.perf_counter()
                slow = wordpiece.train(training, size, special_tokens=["[UNK]"], score=score)
                readable = f"{time.perf_counter() - start:9.1f}"
                same = "yes" if [s.pair for s in slow.steps] == [s.pair for s in fast.steps] else "NO"
            print(f"{size:>6}  {score:<11} {readable:>9} {fast_seconds:7.2f}  {same:>10}", flush=True)

    print(f"\nTable 2: held-out text ({held_bytes:,} bytes, every byte counted), MaxMatch: bytes per token")
    print(f"{'pieces':>6}  {'vocabulary':<42} {'bytes/token':>11} {'tokens':>7}  " + "  ".join(COMMON))
    rows = []
    for size in sizes:
        for score in wordpiece.SCORES:
            rows.append((size, f"bpe_lab, score={score!r}", vocabs[score, size]))
        try:
            rows.append((size, "tokenizers' WordPieceTrainer (frequency)", tokenizers_vocab(training, size)))
        except ImportError:
            print("(tokenizers is not installed: make installs it; its rows are skipped)")
    reference = bert.load_vocab(corpus.data_path("bert-base-uncased-vocab.txt"))
    rows.append((len(reference), "bert-base-uncased (the real one)", list(reference)))
    for size, name, vocab in rows:
        per_token, tokens = held_out_cost(vocab, held_words, held_bytes)
        pieces = set(vocab)
        common = "  ".join(f"{'yes' if word in pieces else 'no':<{len(word)}}" for word in COMMON)
        print(f"{size:>6}  {name:<42} {per_token:11.2f} {tokens:7,}  {common}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
