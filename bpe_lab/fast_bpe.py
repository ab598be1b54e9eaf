"""The fast BPE trainer: the same merges as ``bpe.train``, without recounting the corpus every step.

Notebook 01's trainer recounts every pair of every word after every merge. But a merge only changes
the words that hold the merged pair, and in those words only the pairs next to it. So this trainer
keeps three things up to date instead of recomputing them:

    pair_counts   pair -> count in the whole corpus (word counts included)
    where         pair -> the words (by index) that may hold it
    heap          every pair with its count, the best one on top

and after each merge it rewrites only the words in ``where[pair]`` and adjusts the counts of the
pairs that appeared or disappeared there. The heap uses *lazy deletion*: when a count changes we
push a fresh entry and leave the old one in; an entry whose count no longer matches is thrown away
when it reaches the top.

Words are lists of integer ids (one per symbol) while training; merges are returned as pairs of
symbols (str or bytes), exactly like ``bpe.train``.

Ties: ``tie_break="smallest"`` (the default, as in ``bpe.train``) prefers the smallest
``(left, right)`` pair of symbols. ``tie_break="hf"`` orders equal counts as Hugging Face
``tokenizers``' ``BpeTrainer`` does: by the pair of token *ids*, where single bytes (or characters)
are numbered in the code-point order of their printable character (GPT-2's byte map for bytes) and
merged tokens are numbered in the order they were created.

Not here: pre-tokenization and ids for encoding (``bpe_lab.tokenizer``); the "first" tie rule of
``bpe.train`` (it depends on the corpus order, which this trainer does not keep).
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from dataclasses import dataclass

from . import bpe
from .byte_level import bytes_to_unicode

__all__ = ["train", "FastTrainResult", "TIE_BREAKS"]

TIE_BREAKS = ("smallest", "hf")

_BYTE_CHAR = bytes_to_unicode()


@dataclass
class FastTrainResult:
    """The learned merges (in order) and the count each merge had when it was chosen."""

    merges: list
    counts: list
    base_symbols: list

    @property
    def num_merges(self) -> int:
        return len(self.merges)

    @property
    def vocab(self) -> list:
        """Base symbols (sorted), then the symbol each merge made, in learned order."""
        return self.base_symbols + [left + right for left, right in self.merges]


def _hf_base_key(symbol) -> int:
    """Where Hugging Face's trainer puts a base symbol: the code point of its (printable) character."""
    if isinstance(symbol, bytes):
        return ord(_BYTE_CHAR[symbol[0]])
    return ord(symbol)


def _is_plain_byte_corpus(corpus) -> bool:
    """A dict of non-empty bytes -> positive int (checked quickly, without building tuples)."""
    return (isinstance(corpus, dict) and len(corpus) > 0
            and all(type(word) is bytes and word for word in corpus)
            and all(type(count) is int and count > 0 for count in corpus.values()))


def train(corpus, num_merges: int, *, tie_break: str = "smallest") -> FastTrainResult:
    """Learn ``num_merges`` merges; the same arguments and the same merges as ``bpe.train``.

    >>> train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 4).merges
    [('u', 'g'), ('u', 'n'), ('h', 'ug'), ('p', 'un')]
    """
    num_merges = bpe._check_num_merges(num_merges)
    if tie_break not in TIE_BREAKS:
        raise ValueError(f"tie_break must be one of {TIE_BREAKS} (the naive bpe.train also has 'first'), "
                         f"got {tie_break!r}")
    if _is_plain_byte_corpus(corpus):
        # A shortcut for byte-level training (what Tokenizer.train passes): a byte's id is its value.
        symbols = [bytes([b]) for b in range(256)]  # id -> symbol
        words = [list(word) for word in corpus]  # words = [[104, 117, 103], ...]
        counts = list(corpus.values())
        base = sorted({symbols[b] for word in words for b in word})
    else:
        words_in = bpe._as_corpus(corpus)
        base = sorted({s for word in words_in for s in word})
        symbols = list(base)
        id_of = {s: i for i, s in enumerate(symbols)}
        words = [[id_of[s] for s in word] for word in words_in]
        counts = list(words_in.values())
    id_of = {s: i for i, s in enumerate(symbols)}  # symbol -> id

    if tie_break == "smallest":
        key = list(symbols)  # ties compare the symbols themselves
    else:
        if any(len(s) != 1 for s in base):
            raise ValueError("tie_break='hf' needs words split into single characters or single bytes")
        order = sorted(range(len(symbols)), key=lambda i: _hf_base_key(symbols[i]))
        key = [0] * len(symbols)
        for rank, i in enumerate(order):
            key[i] = rank  # where Hugging Face's trainer numbers this base symbol

    # --- count every pair once -------------------------------------------------------------------
    pair_counts: dict = defaultdict(int)
    where: dict = defaultdict(set)
    for index, word in enumerate(words):
        for pair in zip(word, word[1:]):
            pair_counts[pair] += counts[index]
            where[pair].add(index)

    # Heap entries: (-count, key of left, key of right, left id, right id); the smallest entry is
    # the highest count, then the smallest pair under the tie rule.
    heap = [(-c, key[a], key[b], a, b) for (a, b), c in pair_counts.items()]
    heapq.heapify(heap)

    merges, merge_counts = [], []
    while len(merges) < num_merges and heap:
        negative, _, _, a, b = heapq.heappop(heap)
        count = -negative
        if pair_counts.get((a, b), 0) != count:
            continue  # a stale entry: this pair's count changed after it was pushed
        # subtle: a merged string may already exist (made from another pair); it keeps its id.
        merged = symbols[a] + symbols[b]
        new = id_of.get(merged)
        if new is None:
            new = len(symbols)
            symbols.append(merged)
            id_of[merged] = new
            key.append(merged if tie_break == "smallest" else len(key))
        merges.append((symbols[a], symbols[b]))
        merge_counts.append(count)

        # Rewrite only the words that may hold (a, b). In each, every merged occurrence changes at
        # most two neighbouring pairs: (left, a) becomes (left, new) and (b, right) becomes (new, right).
        changed = set()
        for index in where.pop((a, b)):
            word = words[index]
            if a not in word:
                continue  # this word no longer holds the pair (the index may be stale)
            count = counts[index]
            out = []
            i, n = 0, len(word)
            while i < n:
                if word[i] == a and i + 1 < n and word[i + 1] == b:
                    if out:  # subtle: out[-1] may be a `new` made a moment ago ("a b a b"); that is right
                        left = out[-1]
                        pair_counts[left, a] -= count
                        pair_counts[left, new] += count
                        where[left, new].add(index)
                        changed.add((left, a))
                        changed.add((left, new))
                    if i + 2 < n:
                        right = word[i + 2]
                        pair_counts[b, right] -= count
                        pair_counts[new, right] += count
                        where[new, right].add(index)
                        changed.add((b, right))
                        changed.add((new, right))
                    out.append(new)
                    i += 2
                else:
                    out.append(word[i])
                    i += 1
            words[index] = out
        pair_counts.pop((a, b), None)
        changed.discard((a, b))
        for pair in changed:
            c = pair_counts[pair]
            if c > 0:
                heapq.heappush(heap, (-c, key[pair[0]], key[pair[1]], pair[0], pair[1]))
            else:
                del pair_counts[pair]
    return FastTrainResult(merges=merges, counts=merge_counts, base_symbols=base)
