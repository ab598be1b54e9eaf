"""Encoding many words at once: ``bpe.merge_by_score`` run by NumPy on all the new words of many texts together.

Why a text may be cut into words, each merged alone (and remembered), with the same ids. ``merge_by_score``
merges, anywhere in the text, the adjacent pair of symbols with the best score. Call the place between two
adjacent characters x|y *firm* when no piece the merges can make contains "xy": no merge ever joins across it,
since the joined symbol would hold "xy". Then:

    * the pairs that straddle a firm place never score, so the best pair of the whole text is the best pair of
      the stretch it lies in, and the leftmost of equal scores in the text is the leftmost in its stretch;
    * merges inside one stretch change no pair of another;

so each stretch goes through exactly the merges it would go through alone, and the text's symbols are the
stretches' symbols end to end. Two kinds of firm places are used:

    1. words (``word_pattern``): SentencePiece's trainer splits its text at spaces (split_by_whitespace), so
       "▁" starts a piece or follows another "▁" (whitespace-only pieces such as "▁▁▁▁"), never another
       character; when no piece holds "x▁" (x not "▁"), the place before every such "▁" is firm, and the
       text is its words ``▁*[^▁]+|▁+`` end to end ("▁▁▁def▁f" -> "▁▁▁def", "▁f"). The words are cut by one
       regular expression, in C, and each word's ids are kept in a cache: a novel's 124,000 words are 13,000
       distinct ones. (Mirrored for a model that treats whitespace as a suffix.)
    2. inside a new word (``BatchMerger``): every place x|y that no piece holds ("d," in "▁world,", most places
       between two Chinese characters) cuts the word into shorter *segments*, merged side by side.

``BatchMerger.merge_words`` lays all the segments of many new words end to end in NumPy arrays and runs
``merge_by_score`` on each of them at once, in rounds: in each round every segment that still has a pair that
joins into a piece merges its best one (the leftmost of equal scores), exactly its own next step:

    1. best    each segment's best pair: the smallest (rank of the score, position) in it, one
               ``np.minimum.reduceat`` (ranks: 0 for the highest score; equal scores share a rank)
    2. done    a segment with no pair left is finished: its symbols are written out, and it leaves the arrays
    3. merge   the best pair's left symbol becomes the piece, its right symbol goes
    4. update  the pairs on either side of the new symbol are looked up again (``_batch_encode.PairRanks``,
               a hash table of (left, right) -> the piece they join into); no other pair changed

A segment's round k is step k of ``merge_by_score`` on it alone, so the symbols are the same (the tests compare
both with SentencePiece). A segment takes as many rounds as it has merges: at most 25 in the novel, 61 in the
UDHR's 20 languages (a Chinese word of 157 merges is cut into segments first). Symbols are numbered by their
piece ids; a character that is no piece gets a number past the pieces, and the model then spells it in byte
pieces or "<unk>". This module does not normalise (``normalizer.py``) or look up ids (``bpe.py``).
"""

from __future__ import annotations

import math
import re
from itertools import accumulate, chain, repeat
from operator import itemgetter

import numpy as np

from .._batch_encode import NO_RANK, PairRanks, _ranges, _split_ids

__all__ = ["word_pattern", "scores_are_ordered", "BatchMerger"]

_POSITION_BITS = 32  # best = rank << 32 | position: the smallest is the best pair, the leftmost of a tie


def word_pattern(pieces, space: str, suffix: bool) -> re.Pattern | None:
    """The words a normalised text is cut into, each merged alone (module docstring, 1.), or None when a piece
    holds "x▁" ("▁x" if ``suffix``, x not ``space``) and the text must be merged whole.

    >>> word_pattern(["▁the", "▁▁▁▁", "re"], "▁", suffix=False).findall("▁▁▁▁there▁is")
    ['▁▁▁▁there', '▁is']
    >>> word_pattern(["▁the", "a▁b"], "▁", suffix=False) is None
    True
    """
    s = re.escape(space)
    joined = "\0".join(pieces)
    crossing = re.compile(f"{s}[^{s}\\0]" if suffix else f"[^{s}\\0]{s}")
    # subtle: a piece that holds "\0" would hide a crossing from this search: then no words either
    if crossing.search(joined) or joined.count("\0") != len(pieces) - 1:
        return None
    # subtle: the place before a word's first space is firm (no piece holds "x▁"), so words merge alone
    return re.compile(f"[^{s}]+{s}*|{s}+" if suffix else f"{s}*[^{s}]+|{s}+")


def scores_are_ordered(scores: dict) -> bool:
    """Whether the scores can be ordered, as the module docstring's argument needs: a NaN compares neither greater
    nor smaller, so ``merge_by_score``'s best pair then depends on where it is, and the text is merged whole."""
    return not any(map(math.isnan, scores.values()))


class BatchMerger:
    """``merge_by_score`` on many words at once (module docstring, 2.). ``scores``: the pieces merges may make
    (one-character ones too); ``ids``: every piece's id.

    >>> scores = {"ab": -1.0, "abc": -2.0, "bc": -3.0, "a": -4.0, "b": -5.0, "c": -6.0}
    >>> merger = BatchMerger(scores, {"<unk>": 0, "ab": 1, "abc": 2, "bc": 3, "a": 4, "b": 5, "c": 6})
    >>> merger.merge_words(["abc", "cab", "xbc"])  # "x" is no piece: a number past the pieces
    [(2,), (6, 1), (7, 3)]
    """

    def __init__(self, scores: dict, ids: dict):
        # symbols: pieces by their ids; a character of a piece that is no piece itself, and then every other
        # character (the left or right of no pair), numbered past the pieces
        self.n_pieces = len(ids)
        extra = sorted(set("".join(scores)).difference(scores))
        symbol_of = {**{char: ids[char] for char in scores if len(char) == 1},
                     **{char: self.n_pieces + k for k, char in enumerate(extra)}}
        self.other = self.n_pieces + len(extra)
        codes = list(map(ord, symbol_of))
        self.char_symbol = np.full(max(codes, default=0) + 2, self.other, np.int32)  # code point -> symbol; the
        self.char_symbol[codes] = list(symbol_of.values())                             # last: all code points after
        lefts, rights, self.pair_made, self.pair_rank = _pair_table(scores, ids, symbol_of)
        self.no_pair = len(self.pair_made)  # the number of "no pair": pair_made[k] is what pair k makes
        self.pair_made = np.append(self.pair_made, -1)
        self.pair_rank = np.append(self.pair_rank, NO_RANK)
        self.pairs = PairRanks(lefts, rights, np.arange(len(lefts), dtype=np.int32), n_tokens=self.other + 1)
        # the pairs of characters some piece holds (every other place in a word is firm), as symbols
        codes = np.frombuffer("\0".join(scores).encode("utf-32-le", "surrogatepass"), np.uint32)
        inside = (codes[:-1] != 0) & (codes[1:] != 0)  # (no piece holds "\0": word_pattern says so)
        firsts, seconds = self.char_symbol[codes[:-1][inside]].astype(np.int64), self.char_symbol[codes[1:][inside]]
        held = np.unique(firsts << 32 | seconds)
        self.held = PairRanks(held >> 32, held & 0xFFFFFFFF, np.zeros(len(held), np.int32), n_tokens=self.other + 1)

    def merge_words(self, words: list[str]) -> list[tuple[int, ...]]:
        """The symbols ``merge_by_score`` leaves of each word (non-empty): piece ids, and numbers from
        ``n_pieces`` up for characters that are no piece."""
        if not words:
            return []
        codes = np.frombuffer("".join(words).encode("utf-32-le", "surrogatepass"), np.uint32)
        symbols = self.char_symbol[np.minimum(codes, len(self.char_symbol) - 1)].astype(np.int64)
        lengths = np.fromiter(map(len, words), np.int64, count=len(words))
        word_starts = np.cumsum(lengths) - lengths
        # segments: a new one at each word's start and at each place no piece holds (module docstring, 2.)
        cut = np.ones(len(codes), bool)
        cut[1:] = self.held.get(symbols[:-1], symbols[1:]) == NO_RANK
        cut[word_starts] = True
        starts = np.flatnonzero(cut)
        symbols, merged_sizes = self._merge(symbols, np.diff(np.append(starts, len(codes))))
        # each word's symbols: its segments' end to end
        first_segment = np.searchsorted(starts, word_starts)
        return _split_ids(symbols, np.add.reduceat(merged_sizes, first_segment), np.arange(len(words)))

    def _pairs(self, lefts, rights):
        """The number of the pair each (left, right) is, or ``no_pair``."""
        return np.minimum(self.pairs.get(lefts, rights), self.no_pair)
    def _merge(self, symbols, sizes):
        """The rounds of the module docstring on segments laid end to end: (their symbols end to end, in the
        segments' order, and how many each has)."""
        ends = np.cumsum(sizes)
        pair = np.empty(len(symbols), np.int64)  # pair[i]: the pair (symbols[i], symbols[i + 1]) is
        pair[:-1] = self._pairs(symbols[:-1], symbols[1:])
        pair[ends - 1] = self.no_pair  # the end of a segment: no pair
        rank = self.pair_rank[pair]
        row_segment = np.arange(len(sizes))  # which segment each row of the arrays is
        finished, written, written_sizes = [], [], []
        while len(sizes):
            starts = ends - sizes
            best = np.minimum.reduceat((rank << _POSITION_BITS) | np.arange(len(symbols)), starts)  # 1.
            done = best >> _POSITION_BITS == NO_RANK
            keep = np.ones(len(symbols), bool)
            if done.any():  # 2.
                leaving = _ranges(starts[done], sizes[done])
                finished.append(row_segment[done]), written.append(symbols[leaving])
                written_sizes.append(sizes[done])
                keep[leaving] = False
            going_on = ~done
            at = best[going_on] & ((1 << _POSITION_BITS) - 1)  # 3. one merge in each segment still going on
            symbols[at] = self.pair_made[pair[at]]
            keep[at + 1] = False
            kept = np.flatnonzero(keep)  # subtle: NumPy takes by positions several times faster than by a mask
            symbols, pair, rank = symbols[kept], pair[kept], rank[kept]
            offset = at - starts[going_on]  # where the new symbol is in its segment
            sizes, row_segment = sizes[going_on] - 1, row_segment[going_on]
            ends = np.cumsum(sizes)
            new = ends - sizes + offset  # 4. and where it is now
            pair[new] = self.no_pair
            changed = np.concatenate((new[offset < sizes - 1], new[offset > 0] - 1))
            pair[changed] = self._pairs(symbols[changed], symbols[changed + 1])
            rank[new], rank[changed] = NO_RANK, self.pair_rank[pair[changed]]
        segments, symbols, sizes = map(np.concatenate, (finished, written, written_sizes))
        first = np.empty_like(sizes)  # where each segment's symbols begin among the written ones, in segment order
        first[segments] = np.cumsum(sizes) - sizes
        in_order = np.empty_like(sizes)
        in_order[segments] = sizes
        return symbols[_ranges(first, in_order)], in_order


def _pair_table(scores: dict, ids: dict, symbol_of: dict) -> tuple:
    """Every way two symbols join into a piece: (lefts, rights, the piece made, the rank of its score: 0 for the
    highest), as symbols (``symbol_of``: one character -> its symbol).

    Each usable piece, cut at each place, gives a pair if both halves are symbols: a piece merges can make, or
    one character. (Written with ``accumulate``, which makes every head of a piece, "▁", "▁t", "▁th", in C:
    135,000 cuts of 32,000 pieces take 40 ms, a plain loop twice that.)
    """
    usable = [piece for piece, score in scores.items() if len(piece) > 1 and score > float("-inf")]
    symbol = {**symbol_of, **{piece: ids[piece] for piece in usable}}
    cuts = np.fromiter(map(len, usable), np.int64, count=len(usable)) - 1  # piece i has cuts[i] places to cut
    # the heads piece[:1], piece[:2], ... and the tails piece[-1:], piece[-2:], ... of every piece, end to end
    heads = chain.from_iterable(map(accumulate, map(_ALL_BUT_LAST, usable)))
    tails = map(_REVERSED, chain.from_iterable(map(accumulate, map(_REVERSED_BUT_FIRST, usable))))
    lefts = np.fromiter(map(symbol.get, heads, repeat(-1)), np.int64, count=int(cuts.sum()))
    rights = np.fromiter(map(symbol.get, tails, repeat(-1)), np.int64, count=int(cuts.sum()))
    piece = np.repeat(np.arange(len(usable)), cuts)
    first = np.repeat(np.cumsum(cuts) - cuts, cuts)  # where each piece's cuts begin
    rights = rights[first + (first + cuts[piece] - 1 - np.arange(len(piece)))]  # the tail that goes with each head
    made = np.fromiter(map(ids.__getitem__, usable), np.int64, count=len(usable))
    piece_scores = np.fromiter(map(scores.__getitem__, usable), np.float64, count=len(usable))
    distinct = np.unique(piece_scores)  # subtle: equal scores share a rank (then the leftmost pair merges first)
    rank = len(distinct) - 1 - np.searchsorted(distinct, piece_scores)
    both = (lefts >= 0) & (rights >= 0)
    return lefts[both], rights[both], made[piece[both]], rank[piece[both]]


_ALL_BUT_LAST = itemgetter(slice(None, -1))
_REVERSED = itemgetter(slice(None, None, -1))
_REVERSED_BUT_FIRST = itemgetter(slice(None, 0, -1))  # "▁the" -> "eht"
