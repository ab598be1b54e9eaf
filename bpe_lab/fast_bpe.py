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

While training, a word is a string of characters that stand for token ids (``bpe_lab._incremental``,
which this trainer shares with ``wordpiece.fast_train``, explains it); merges are returned as pairs of
symbols (str or bytes), exactly like ``bpe.train``. The steps of ``train`` are named after these
structures: ``_initial_words``, ``_tie_keys``, ``_entry_of`` (heap entries) and ``_apply_merge``.

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
from dataclasses import dataclass

from . import _checks as check
from . import _progress
from ._incremental import PairIndex, SymbolTable, pop_best
from .byte_level import bytes_to_unicode

__all__ = ["train", "FastTrainResult", "TIE_BREAKS"]

TIE_BREAKS = ("smallest", "hf")

_BYTE_CHAR = bytes_to_unicode()


def train(corpus, num_merges: int, *, tie_break: str = "smallest", progress: bool = False) -> FastTrainResult:
    """Learn ``num_merges`` merges; the same arguments and the same merges as ``bpe.train``.

    Like ``bpe.train``, it stops early when every word is a single symbol, so ``len(result.merges)``
    can be less than ``num_merges``. ``progress=True`` shows a bar (in a notebook) or a line (in a terminal).

    >>> train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 4).merges
    [('u', 'g'), ('u', 'n'), ('h', 'ug'), ('p', 'un')]
    """
    num_merges = check.num_merges(num_merges)
    tie_break = check.tie_break(tie_break, TIE_BREAKS, " (the naive bpe.train also has 'first')")
    progress = check.switch(progress, "progress")
    symbols, index, base = _initial_words(corpus)
    key = _tie_keys(symbols, base, tie_break)  # symbol id -> what ties compare
    entry = _entry_of(index.pair_counts, key)
    heap = [entry(pair) for pair in index.pair_counts]
    heapq.heapify(heap)

    merges, merge_counts = [], []
    with _progress.steps(num_merges, "BPE merges", progress) as bar:
        while len(merges) < num_merges:
            best = pop_best(heap, entry)
            if best is None:
                break  # every word is a single symbol
            pair = best[-1]
            left, right = symbols.names[ord(pair[0])], symbols.names[ord(pair[1])]
            new = symbols.add(left + right)
            if new == len(key):  # a new symbol: its tie key comes after every other
                key.append(left + right if tie_break == "smallest" else new)
            merges.append((left, right))
            merge_counts.append(-best[0])
            _push(heap, _apply_merge(index, pair, chr(new)), index.pair_counts, key)
            bar.advance()
    return FastTrainResult(merges=merges, counts=merge_counts, base_symbols=base)


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


# ---------------------------------------------------------------------------------------------
# The steps of train
# ---------------------------------------------------------------------------------------------

def _initial_words(corpus) -> tuple[SymbolTable, PairIndex, list]:
    """The corpus as word strings with their pair counts, the symbol table, and the base symbols (sorted)."""
    if _is_plain_byte_corpus(corpus):
        # A shortcut for byte-level training (what Tokenizer.train passes): a byte's id is its value,
        # and latin-1 maps byte b to chr(b), so a word's string is just its bytes decoded.
        symbols = SymbolTable(bytes([b]) for b in range(256))
        base = sorted({symbols.names[b] for word in corpus for b in word})
        return symbols, PairIndex([word.decode("latin-1") for word in corpus], list(corpus.values())), base
    words = check.corpus(corpus)
    base = sorted({symbol for word in words for symbol in word})
    symbols = SymbolTable(base)
    return symbols, PairIndex([symbols.word(word) for word in words], list(words.values())), base


def _is_plain_byte_corpus(corpus) -> bool:
    """A dict of non-empty bytes -> positive int (checked quickly, without building tuples)."""
    return (isinstance(corpus, dict) and len(corpus) > 0
            and all(type(word) is bytes and word for word in corpus)
            and all(type(count) is int and count > 0 for count in corpus.values()))


def _tie_keys(symbols: SymbolTable, base: list, tie_break: str) -> list:
    """For every symbol id, what equal counts compare: the symbol itself ("smallest"), or the number
    Hugging Face's trainer gives it ("hf": base symbols in the code-point order of their printable
    character, GPT-2's byte map for bytes; merged symbols in the order they are made)."""
    if tie_break == "smallest":
        return list(symbols.names)
    if any(len(symbol) != 1 for symbol in base):
        raise ValueError("tie_break='hf' needs words split into single characters or single bytes")
    order = sorted(range(len(symbols.names)), key=lambda i: _hf_base_key(symbols.names[i]))
    key = [0] * len(symbols.names)
    for rank, i in enumerate(order):
        key[i] = rank
    return key


def _hf_base_key(symbol) -> int:
    """Where Hugging Face's trainer puts a base symbol: the code point of its (printable) character."""
    if isinstance(symbol, bytes):
        return ord(_BYTE_CHAR[symbol[0]])
    return ord(symbol)


def _entry_of(pair_counts: dict, key: list):
    """The function that gives a pair's heap entry now: (-count, key of left, key of right, pair), so the
    smallest entry is the highest count, then the smallest pair under the tie rule; None for a pair that is gone."""

    def entry(pair: str) -> tuple | None:
        count = pair_counts.get(pair, 0)
        return (-count, key[ord(pair[0])], key[ord(pair[1])], pair) if count > 0 else None

    return entry


def _apply_merge(index: PairIndex, pair: str, new: str) -> set[str]:
    """Merge ``pair`` into the symbol ``new`` in every word that holds it, and update the counts of its
    neighbours: each merged occurrence turns (left, a) into (left, new) and (b, right) into (new, right).
    Returns the pairs whose count went up (they need a fresh heap entry)."""
    pair_counts, where, words, counts = index.pair_counts, index.where, index.words, index.counts
    A, B, N = pair[0], pair[1], new
    grown = set()
    for i in index.holding(pair):
        word, count = words[i], counts[i]
        merged_word = word.replace(pair, N)
        if N in word:  # subtle: the merged token was already here, built another way: recount the word
            grown.update(index.rewrite(i, merged_word))
            continue
        words[i] = merged_word
        last = len(merged_word) - 1
        p = merged_word.find(N)
        while p != -1:
            if p > 0:
                left = merged_word[p - 1]
                # if the left neighbour is another N, the old pair there was (b, a): "a b a b"
                pair_counts[(B if left == N else left) + A] -= count
                pair_counts[left + N] += count
                where[left + N].add(i)
                grown.add(left + N)
            if p < last and merged_word[p + 1] != N:  # (N, N) is counted from the right-hand N
                right = merged_word[p + 1]
                pair_counts[B + right] -= count
                pair_counts[N + right] += count
                where[N + right].add(i)
                grown.add(N + right)
            p = merged_word.find(N, p + 1)
    index.forget(pair)
    return grown


def _push(heap: list, grown: set[str], pair_counts: dict, key: list) -> None:
    """A fresh heap entry for every pair whose count went up (the tuple of ``_entry_of``, built inline: hot loop)."""
    for pair in grown:
        count = pair_counts[pair]
        if count > 0:
            heapq.heappush(heap, (-count, key[ord(pair[0])], key[ord(pair[1])], pair))
