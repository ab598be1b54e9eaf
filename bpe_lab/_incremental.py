"""What the two fast trainers share (``fast_bpe.train`` and ``wordpiece.fast_train``).

Both keep the corpus in a form where one merge costs only the words that hold the merged pair:

    SymbolTable   symbol id <-> symbol; inside a word, the character chr(id) stands for symbol id
    PairIndex     the words as such strings, and for every pair its count in the corpus (word counts
                  included) and the words (by index) that may hold it
    pop_best      a heap of pairs, best on top, with *lazy deletion*: an entry whose pair changed since
                  it was pushed is not searched for and removed; it is fixed when it reaches the top

A word "hug" with symbols h=0, u=1, g=2 is the string "\\x00\\x01\\x02", and a pair is a 2-character string
such as "\\x00\\x01". Then ``word.replace(pair, new)`` merges every occurrence left to right without
overlaps, exactly like ``bpe.merge_pair``, but in C.

Not here: which pair is best (each trainer builds its own heap entries) and how a merge changes the
counts around it (``fast_bpe`` updates only the neighbours of each merged occurrence; ``wordpiece``
recounts each word it rewrites, because its scores also depend on symbol counts).
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Callable

__all__ = ["SymbolTable", "PairIndex", "pairs", "pop_best"]


def pairs(word: str) -> list[str]:
    """The adjacent pairs of a word string, overlaps included: "aaa" -> ["aa", "aa"]."""
    return [word[i : i + 2] for i in range(len(word) - 1)]


class SymbolTable:
    """Symbols numbered in order (``names[id]``), and the number of each (``id_of[symbol]``)."""

    def __init__(self, symbols):
        self.names = list(symbols)
        self.id_of = {symbol: i for i, symbol in enumerate(self.names)}

    def word(self, symbols) -> str:
        """A word given as symbols -> its string of symbol characters."""
        return "".join(chr(self.id_of[symbol]) for symbol in symbols)

    def name(self, char: str):
        """The symbol a character of a word string stands for."""
        return self.names[ord(char)]

    def add(self, symbol) -> int:
        """The id of a merged symbol: a new one at the end of the table, unless it already has one.

        subtle: a merged symbol may already exist, made from another pair ("ab" + "c" and "a" + "bc");
        it keeps its id.
        """
        if symbol not in self.id_of:
            self.id_of[symbol] = len(self.names)
            self.names.append(symbol)
        return self.id_of[symbol]


class PairIndex:
    """The words (strings of symbol characters) with their counts, and for every pair:

        pair_counts   pair -> count in the whole corpus ("hu" -> 15)
        where         pair -> indexes of the words that may hold it ("hu" -> {0, 4}); a word that has
                      lost the pair since may still be listed (``holding`` skips it)
    """

    def __init__(self, words: list[str], counts: list[int]):
        self.words, self.counts = words, counts
        self.pair_counts = pair_counts = defaultdict(int)
        self.where = where = defaultdict(set)
        for index, word in enumerate(words):
            count = counts[index]
            for i in range(len(word) - 1):
                pair = word[i : i + 2]
                pair_counts[pair] += count
                where[pair].add(index)

    def holding(self, pair: str) -> list[int]:
        """The indexes of the words that hold ``pair`` now (``where`` forgets the pair)."""
        words = self.words
        return [index for index in self.where.pop(pair) if pair in words[index]]

    def rewrite(self, index: int, new_word: str) -> list[str]:
        """Replace word ``index`` by ``new_word``: its count leaves every old pair and joins every new
        one. Returns the new pairs (their counts went up)."""
        count = self.counts[index]
        for pair in pairs(self.words[index]):
            self.pair_counts[pair] -= count
        self.words[index] = new_word
        new_pairs = pairs(new_word)
        for pair in new_pairs:
            self.pair_counts[pair] += count
            self.where[pair].add(index)
        return new_pairs

    def forget(self, pair: str) -> None:
        """A merged pair is gone from every word."""
        self.pair_counts.pop(pair, None)


def pop_best(heap: list, current: Callable[[str], tuple | None], latest: dict | None = None) -> tuple | None:
    """Pop the best up-to-date entry of ``heap`` (smallest first; the pair is an entry's last item).

    ``current(pair)`` gives the entry the pair should have now, or None if the pair is gone. An entry
    that differs from it is stale: it is pushed back as it should be now (if the pair is still there),
    and the search goes on. None when the heap runs out.

    ``latest`` (pair -> the entry pushed last for it, kept by the caller, and here for the entries pushed
    back) is for a trainer whose latest entry of a pair is always good enough, as ``wordpiece.fast_train``'s
    are: an older entry of the pair that reaches the top is then dropped without asking ``current``.
    """
    while heap:
        entry = heapq.heappop(heap)
        pair = entry[-1]
        if latest is not None and latest.get(pair) is not entry:
            continue  # an older entry: the pair's latest one, still in the heap, stands for it
        fresh = current(pair)
        if fresh == entry:
            return entry
        if fresh is not None:
            heapq.heappush(heap, fresh)  # stale: put it back where it belongs now
            if latest is not None:
                latest[pair] = fresh
    return None
