"""The fast BPE trainer: the same merges as ``bpe.train``, without recounting the corpus every step.

Notebook 01's trainer recounts every pair of every word after every merge. But a merge only changes
the words that hold the merged pair, and in those words only the pairs next to it. So this trainer
keeps three things up to date instead of recomputing them:

    pair_counts   pair -> count in the whole corpus (word counts included)
    where         pair -> the words (by index) that may hold it
    heap          every pair with its count, the best one on top

and after each merge it rewrites only the words in ``where[pair]`` and adjusts the counts of the
pairs that appeared or disappeared there. The heap uses *lazy deletion*: when a count goes up we
push a fresh entry and leave the old one in; when an entry reaches the top with a count that no longer
matches, it is pushed back with the true count (or thrown away if the pair is gone).

While training, a word is a string of characters that stand for token ids (see the comment in
``train``); merges are returned as pairs of symbols (str or bytes), exactly like ``bpe.train``.

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

from . import _checks as check
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

    Like ``bpe.train``, it stops early when every word is a single symbol, so ``len(result.merges)``
    can be less than ``num_merges``.

    >>> train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 4).merges
    [('u', 'g'), ('u', 'n'), ('h', 'ug'), ('p', 'un')]
    """
    num_merges = check.num_merges(num_merges)
    check.tie_break(tie_break, TIE_BREAKS, " (the naive bpe.train also has 'first')")
    if _is_plain_byte_corpus(corpus):
        # A shortcut for byte-level training (what Tokenizer.train passes): a byte's id is its value.
        symbols = [bytes([b]) for b in range(256)]  # id -> symbol
        id_of = {s: i for i, s in enumerate(symbols)}  # symbol -> id
        words = [word.decode("latin-1") for word in corpus]  # latin-1 maps byte b to chr(b)
        counts = list(corpus.values())
        base = sorted({symbols[b] for word in corpus for b in word})
    else:
        words_in = check.corpus(corpus)
        base = sorted({s for word in words_in for s in word})
        symbols = list(base)
        id_of = {s: i for i, s in enumerate(symbols)}
        words = ["".join(chr(id_of[s]) for s in word) for word in words_in]
        counts = list(words_in.values())

    if tie_break == "smallest":
        key = list(symbols)  # ties compare the symbols themselves
    else:
        if any(len(s) != 1 for s in base):
            raise ValueError("tie_break='hf' needs words split into single characters or single bytes")
        order = sorted(range(len(symbols)), key=lambda i: _hf_base_key(symbols[i]))
        key = [0] * len(symbols)
        for rank, i in enumerate(order):
            key[i] = rank  # where Hugging Face's trainer numbers this base symbol

    # Each word is kept as a Python string in which the character chr(i) stands for token id i
    # (so b"hug" is the string "hug", and a merged token gets a character of its own). Then
    # word.replace(pair, new) merges every occurrence left to right without overlaps, exactly like
    # bpe.merge_pair, but in C. A pair is a 2-character string.

    # --- count every pair once -------------------------------------------------------------------
    pair_counts: dict = defaultdict(int)  # "hu" -> 15
    where: dict = defaultdict(set)  # "hu" -> {0, 4}: indexes of the words that may hold it
    for index, word in enumerate(words):
        count = counts[index]
        for i in range(len(word) - 1):
            pair = word[i : i + 2]
            pair_counts[pair] += count
            where[pair].add(index)

    # Heap entries: (-count, key of left, key of right, pair); the smallest entry is the highest
    # count, then the smallest pair under the tie rule.
    heap = [(-c, key[ord(p[0])], key[ord(p[1])], p) for p, c in pair_counts.items()]
    heapq.heapify(heap)

    merges, merge_counts = [], []
    while len(merges) < num_merges and heap:
        negative, left_key, right_key, pair = heapq.heappop(heap)
        count = pair_counts.get(pair, 0)
        if count != -negative:
            # A stale entry: the pair's count went down after it was pushed (counts that go up always
            # get a fresh entry). Put it back with its true count, or drop it if the pair is gone.
            if count > 0:
                heapq.heappush(heap, (-count, left_key, right_key, pair))
            continue
        a, b = ord(pair[0]), ord(pair[1])
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

        # Rewrite only the words that may hold the pair, and update the counts of its neighbours:
        # each merged occurrence turns (left, a) into (left, new) and (b, right) into (new, right).
        A, B, N = pair[0], pair[1], chr(new)
        grown = set()  # pairs whose count went up: they get a fresh heap entry below
        for index in where.pop(pair):
            word = words[index]
            if pair not in word:
                continue  # this word no longer holds the pair (the index may be stale)
            count = counts[index]
            merged_word = word.replace(pair, N)
            words[index] = merged_word
            if N in word:  # subtle: the merged token was already here, built another way: recount
                for old in _pairs(word):
                    pair_counts[old] -= count
                for fresh in _pairs(merged_word):
                    pair_counts[fresh] += count
                    where[fresh].add(index)
                    grown.add(fresh)
                continue
            last = len(merged_word) - 1
            p = merged_word.find(N)
            while p != -1:
                if p > 0:
                    left = merged_word[p - 1]
                    # if the left neighbour is another N, the old pair there was (b, a): "a b a b"
                    pair_counts[(B if left == N else left) + A] -= count
                    pair_counts[left + N] += count
                    where[left + N].add(index)
                    grown.add(left + N)
                if p < last and merged_word[p + 1] != N:  # (N, N) is counted from the right-hand N
                    right = merged_word[p + 1]
                    pair_counts[B + right] -= count
                    pair_counts[N + right] += count
                    where[N + right].add(index)
                    grown.add(N + right)
                p = merged_word.find(N, p + 1)
        pair_counts.pop(pair, None)
        for fresh in grown:
            c = pair_counts[fresh]
            if c > 0:
                heapq.heappush(heap, (-c, key[ord(fresh[0])], key[ord(fresh[1])], fresh))
    return FastTrainResult(merges=merges, counts=merge_counts, base_symbols=base)


def _pairs(word: str) -> list[str]:
    """The adjacent pairs of a word string, overlaps included: "aaa" -> ["aa", "aa"]."""
    return [word[i : i + 2] for i in range(len(word) - 1)]
