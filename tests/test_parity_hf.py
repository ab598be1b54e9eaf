"""Merge for merge, the fast trainer with tie_break="hf" equals Hugging Face tokenizers' BpeTrainer.

Both are given the same text: tokenizers with its ByteLevel pre-tokenizer (the GPT-2 regex, no prefix
space) and the full 256-byte initial alphabet; ours with the GPT-2 chunks as bytes.
"""

import json
from collections import Counter

import pytest
from tokenizers import (  # the reference extra; never skipped
    Tokenizer,
    models,
    pre_tokenizers,
    trainers,
)

from bpe_lab import corpus, fast_bpe, pretokenize
from bpe_lab.byte_level import from_printable
from bpe_lab.tokenizer import Tokenizer as OurTokenizer

CORPORA = {
    "pride_and_prejudice": lambda: corpus.load_text("pride_and_prejudice.txt"),
    "udhr_20_languages": lambda: "\n".join(entry["text"] for entry in corpus.load_udhr().values()),
}


def hf_merges(text: str, vocab_size: int) -> list[tuple[bytes, bytes]]:
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tokenizer.train_from_iterator([text], trainer=trainer)
    merges = json.loads(tokenizer.to_str())["model"]["merges"]
    pairs = [m.split(" ") if isinstance(m, str) else m for m in merges]
    return [(from_printable(left), from_printable(right)) for left, right in pairs]


# the UDHR at 16,384 (over 16,000 merges, a second of both trainers) is slow; the three others take half a second
CASES = [pytest.param(name, vocab_size, marks=[pytest.mark.slow] if (name, vocab_size) == ("udhr_20_languages", 16384)
                      else []) for name in sorted(CORPORA) for vocab_size in (4096, 16384)]


@pytest.mark.parametrize("name, vocab_size", CASES)
def test_fast_trainer_equals_bpe_trainer(name, vocab_size):
    text = CORPORA[name]()
    reference = hf_merges(text, vocab_size)
    if vocab_size == 4096:
        # the Tokenizer passes tie_break through and learns the same merges: Tokenizer.train is fast_bpe.train on
        # the text's chunk counts, so this is the fast trainer itself (run once, not a second time on the same
        # chunks); at 16384 fast_bpe.train is called directly, and its first 3,840 merges are these
        ours = OurTokenizer.train(text, vocab_size, tie_break="hf").merges
    else:
        chunks = Counter(chunk.encode("utf-8") for chunk in pretokenize.split(text))
        ours = fast_bpe.train(chunks, vocab_size - 256, tie_break="hf").merges
    assert len(reference) > 3000
    assert ours == reference, next(
        f"first difference at merge {i}: ours {a!r}, tokenizers {b!r}" for i, (a, b) in enumerate(zip(ours, reference)) if a != b
    ) if ours[: len(reference)] != reference else f"lengths differ: ours {len(ours)}, tokenizers {len(reference)}"
