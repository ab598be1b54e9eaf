"""Encoding many chunks at once: ``Tokenizer._encode_chunk``'s merge loop, run by NumPy on all of them together.

The readable loop takes one chunk: find its lowest-ranked adjacent pair, merge every occurrence of it (left to
right), and repeat until no adjacent pair has a rank. ``BatchEncoder.encode_many`` lays all the new chunks of a
text end to end in one array and runs that same loop on every chunk at once, in *rounds*. In each round, every
chunk that still has a ranked pair takes one step of its own loop:

    1. best    the lowest pair rank in each chunk                     (np.minimum.reduceat over the chunk starts)
    2. done    a chunk with no ranked pair left is finished: its tokens are written out, and it leaves the arrays
    3. merge   where a pair's rank is its chunk's best, the left token becomes the merged token and the right
               one is deleted; in a run such as "a a a" of the pair (a, a), every other pair from the left, as
               the readable loop's left-to-right scan does
    4. update  look up the ranks of the pairs on either side of each new token: no other pair changed

    with GPT-2's merges:
    round 0   [ ␣  c  a  t | ␣  t  h  e ]      best:  (a, t)     (␣, t)       each chunk's own first step
    round 1   [ ␣  c  at   | ␣t  h  e   ]      best:  (␣, c)     (h, e)
    round 2   [ ␣c  at     | ␣t  he     ]      best:  (␣c, at)   (␣t, he)
    round 3   [ ␣cat       | ␣the       ]      no ranked pair left in either: both finished

A chunk's step depends only on its own tokens, so running chunks side by side changes nothing: round ``k`` of a
chunk is step ``k`` of its readable loop, and the ids are the same (``tests/test_batch_encode.py`` checks it
against ``_encode_chunk``, and the parity tests against tiktoken). The gain is that each round is a few dozen
NumPy operations on whole arrays instead of a Python loop per chunk: a novel's 8,894 distinct chunks take 17
rounds in all, the UDHR's 11,272 in 20 languages 36 (its longest chunks are whole Chinese and Japanese clauses).

For *plain* merges only (every merge makes a token no earlier merge made, so merge ``r`` makes position
``256 + r``; ``Tokenizer._plain`` tells): GPT-2, cl100k, o200k and nearly every trained tokenizer; any other
keeps the readable loop. NumPy has no dictionary, so ranks of pairs are looked up in a small hash table kept
in two arrays (``PairRanks``); a sorted array with ``np.searchsorted`` was several times slower.

What makes the rounds quick (measured on the UDHR, ``benchmarks/bench_first_pass.py``): one compaction of the
arrays a round (the finished chunks leave with the merged pairs' right tokens); arrays indexed by lists of
positions rather than by masks of booleans, which NumPy takes several times more slowly; the ids cut into one
tuple per chunk once, at the end; and, in ``PairRanks.get``, a check against two small tables of booleans that
rules out most pairs without a rank before the hash table is searched.
"""

from __future__ import annotations

import numpy as np

__all__ = ["BatchEncoder", "PairRanks"]

NO_RANK = np.iinfo(np.int32).max  # the rank of a pair that was never merged: larger than every rank
_BATCH_BYTES = 1 << 21  # chunks are encoded about 2 MB at a time, so the arrays' memory stays bounded


class BatchEncoder:
    """Encodes many chunks at once, each exactly as ``Tokenizer._encode_chunk`` would, to ids.

    Plain merges only: merge ``r`` joins the tokens at vocabulary positions ``lefts[r]`` and ``rights[r]`` and
    makes position ``256 + r``. ``labels``: the id of each position (``Tokenizer._external``).

    >>> encoder = BatchEncoder([97, 256], [98, 99], labels=list(range(258)))  # a+b -> 256, ab+c -> 257
    >>> encoder.encode_many([b"abcab", b"cab", b"x"])
    [(257, 256), (99, 256), (120,)]
    """

    def __init__(self, lefts, rights, labels):
        lefts, rights = (np.fromiter(positions, np.int64, count=len(positions)) for positions in (lefts, rights))
        rank = np.arange(len(lefts), dtype=np.int32)
        self.labels = np.fromiter(labels, np.int64, count=len(labels))
        self.pair_ranks = PairRanks(lefts, rights, rank, n_tokens=len(self.labels))
        # round 0 looks up pairs of bytes only: a plain table of all 256 x 256 of them is quicker
        self.byte_pair_ranks = np.full(256 * 256, NO_RANK, np.int32)
        of_bytes = (lefts < 256) & (rights < 256)
        self.byte_pair_ranks[lefts[of_bytes] * 256 + rights[of_bytes]] = rank[of_bytes]

    def encode_many(self, chunks: list[bytes]) -> list[tuple[int, ...]]:
        """The ids of each chunk (non-empty bytes), in the order given; about 2 MB of chunks at a time."""
        lengths = np.fromiter(map(len, chunks), np.int64, count=len(chunks))
        stretch = (np.cumsum(lengths) - 1) // _BATCH_BYTES  # the 2 MB stretch of the text each chunk ends in
        cuts = [0, *(np.flatnonzero(np.diff(stretch)) + 1).tolist(), len(chunks)] if len(chunks) else []
        ids: list[tuple[int, ...]] = []
        for start, end in zip(cuts, cuts[1:]):
            ids += self._encode_batch(chunks[start:end], lengths[start:end])
        return ids

    def _encode_batch(self, chunks: list[bytes], lengths) -> list[tuple[int, ...]]:
        """The rounds of the module docstring, on chunks laid end to end."""
        tokens = np.frombuffer(b"".join(chunks), np.uint8).astype(np.int32)  # the bytes, then the merged tokens
        sizes = lengths  # how many tokens each chunk still in the arrays has
        ends = np.cumsum(sizes)
        # rank[i]: the rank of the pair (tokens[i], tokens[i + 1]), or NO_RANK at the end of a chunk
        rank = np.empty(len(tokens), np.int32)
        rank[:-1] = self.byte_pair_ranks[tokens[:-1] * 256 + tokens[1:]]
        rank[ends - 1] = NO_RANK
        row_chunk = np.arange(len(chunks))  # which chunk each chunk still in the arrays is
        finished, ids, sizes_of = [], [], []  # as chunks finish: which they are, their ids end to end, their sizes
        while len(sizes):
            starts = ends - sizes
            best = np.minimum.reduceat(rank, starts)  # 1. each chunk's lowest pair rank
            done = best == NO_RANK
            keep = np.ones(len(tokens), bool)  # the tokens still in the arrays after this round
            if done.any():  # 2. finished chunks: their ids are written out, and they leave with step 3's deletions
                leaving = _ranges(starts[done], sizes[done])
                finished.append(row_chunk[done])
                ids.append(tokens[leaving])
                sizes_of.append(sizes[done])
                keep[leaving] = False
                best[done] = -1  # subtle: no pair has rank -1, so step 3 finds nothing to merge in them
            at = np.flatnonzero(rank == np.repeat(best, sizes))  # 3. every occurrence of each chunk's best pair
            at = _left_to_right(at)
            tokens[at] = 256 + rank[at]  # merge r makes position 256 + r
            keep[at + 1] = False  # the right token of each merged pair goes
            kept = np.flatnonzero(keep)  # subtle: NumPy takes by positions several times faster than by a mask
            tokens, rank = tokens[kept], rank[kept]
            # 4. update: each merge took a token from its row, and the finished rows left the arrays
            row = np.searchsorted(starts, at, side="right") - 1  # the row each merge was in
            gone = np.where(done, sizes, 0)  # the tokens that left with each row
            new = at - np.arange(len(at)) - (np.cumsum(gone) - gone)[row]  # where each new token is now
            sizes = sizes - np.bincount(row, minlength=len(sizes))
            row -= (np.cumsum(done) - done)[row]  # and its row, now that the finished rows are gone
            sizes, row_chunk = sizes[~done], row_chunk[~done]
            ends = np.cumsum(sizes)
            rank[new] = NO_RANK  # then the ranks of the pairs on either side of each new token (no other changed)
            right, left = new + 1 < ends[row], new > ends[row] - sizes[row]  # it has a token to its right, its left
            changed = np.concatenate((new[right], new[left] - 1))
            rank[changed] = self.pair_ranks.get(tokens[changed], tokens[changed + 1])
        return _split_ids(self.labels[np.concatenate(ids)], np.concatenate(sizes_of), np.concatenate(finished))


def _split_ids(ids, sizes, chunks) -> list[tuple[int, ...]]:
    """Ids laid end to end, chunk after chunk as they finished -> one tuple per chunk, in the chunks' own order.

    ``sizes[k]``: how many ids the k-th finished chunk has; ``chunks[k]``: which chunk it is. Written with map so
    the loop over chunks runs in C.

    >>> _split_ids(np.array([5, 6, 7]), np.array([2, 1]), np.array([1, 0]))  # chunk 1 finished first
    [(7,), (5, 6)]
    """
    ends = np.cumsum(sizes)
    first, last = np.empty_like(ends), np.empty_like(ends)  # where each chunk's ids begin and end, in chunk order
    first[chunks], last[chunks] = ends - sizes, ends
    flat = ids.tolist()
    return list(map(tuple, map(flat.__getitem__, map(slice, first.tolist(), last.tolist()))))


def _ranges(starts, sizes):
    """The positions ``starts[k], starts[k] + 1, ..., starts[k] + sizes[k] - 1`` for each k, end to end.

    >>> _ranges(np.array([2, 10]), np.array([3, 1])).tolist()
    [2, 3, 4, 10]
    """
    ends = np.cumsum(sizes)
    return np.repeat(starts - (ends - sizes), sizes) + np.arange(ends[-1] if len(ends) else 0)


def _left_to_right(at):
    """Positions of pairs to merge, with overlaps resolved as a left-to-right scan does.

    Two chosen pairs overlap only when they are the same pair (x, x) in a run "x x x": the scan merges the first,
    skips the second (its left token is gone), merges the third, and so on.

    >>> _left_to_right(np.array([2, 5, 6, 7, 10])).tolist()
    [2, 5, 7, 10]
    """
    if len(at) < 2:
        return at
    follows = at[1:] == at[:-1] + 1  # pair k starts where pair k - 1 ends
    if not follows.any():
        return at
    index = np.arange(len(at))
    run_start = np.maximum.accumulate(np.where(np.concatenate(([True], ~follows)), index, 0))
    return at[(index - run_start) % 2 == 0]


class PairRanks:
    """A hash table from (left, right) to rank, for whole arrays of pairs at once (two NumPy arrays).

    A pair is stored under ``key = left * n_tokens + right`` in a table at least four times as long as the pairs: it
    goes in the cell its hash points to or, if that is taken, the next free cell after it (linear probing). A
    look-up walks from the hash's cell until it finds the key, or an empty cell (the pair has no rank).

    >>> table = PairRanks(np.array([97, 256]), np.array([98, 99]), np.array([0, 1]), n_tokens=258)
    >>> table.get(np.array([97, 256, 98]), np.array([98, 99, 97])).tolist() == [0, 1, NO_RANK]
    True
    """

    _MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: 2**64 divided by the golden ratio, odd

    def __init__(self, lefts, rights, ranks, n_tokens: int):
        self.n_tokens = n_tokens
        keys = lefts.astype(np.int64) * n_tokens + rights
        self.bits = max(8, (4 * len(keys)).bit_length())
        cells = self._hash(keys)
        # Insert the keys in the order of their cells: each takes its own cell or, if an earlier key already
        # did, the cell after the last one taken. One running maximum places them all.
        order = _argsort_16_bits_at_a_time(cells, self.bits)
        offset = np.arange(len(keys))
        placed = np.maximum.accumulate(cells[order] - offset) + offset
        size = max(1 << self.bits, int(placed[-1]) + 1 if len(keys) else 0) + 1  # subtle: + 1, so every walk
        self.keys = np.full(size, -1, np.int64)                                  # ends at an empty cell
        self.keys[placed] = keys[order]
        self.ranks = np.full(size, NO_RANK, np.int32)
        self.ranks[placed] = ranks[order]
        self.is_left, self.is_right = np.zeros(n_tokens, bool), np.zeros(n_tokens, bool)
        self.is_left[lefts], self.is_right[rights] = True, True

    def _hash(self, keys):
        """The cell each key starts from: the top ``bits`` bits of key * multiplier (mod 2**64)."""
        return ((keys.view(np.uint64) * self._MULTIPLIER) >> np.uint64(64 - self.bits)).view(np.int64)

    def get(self, lefts, rights):
        """The rank of each pair (lefts[i], rights[i]), or NO_RANK for a pair that was never merged."""
        ranks = np.full(len(lefts), NO_RANK, np.int32)
        # Most pairs looked up have no rank, and most of those have a token that is the left of no merge, or the
        # right of none: two small tables of booleans rule them out before any walk (two thirds of them on the UDHR).
        todo = np.flatnonzero(self.is_left[lefts] & self.is_right[rights])  # the pairs still walking
        keys = lefts[todo].astype(np.int64) * self.n_tokens + rights[todo]
        cells = self._hash(keys)  # the cell each is at
        while len(todo):
            stored = self.keys[cells]
            ranks[todo] = self.ranks[cells]  # right if the cell holds the key, or is empty (NO_RANK)
            walk_on = np.flatnonzero((stored != keys) & (stored != -1))  # another key sits here: try the next cell
            todo, keys, cells = todo[walk_on], keys[walk_on], cells[walk_on] + 1  # (positions, not a mask: quicker)
        return ranks


def _argsort_16_bits_at_a_time(values, bits: int):
    """``np.argsort(values, kind="stable")`` for values below ``2**bits``, several times quicker.

    NumPy sorts 16-bit numbers by counting (a radix sort) rather than by comparing, so values are sorted by their
    lowest 16 bits, then, keeping that order among equals, by the next 16 bits, and so on (an LSD radix sort).

    >>> _argsort_16_bits_at_a_time(np.array([70000, 5, 65541, 5]), bits=17).tolist()
    [1, 3, 2, 0]
    """
    order = np.arange(len(values))
    for shift in range(0, bits, 16):
        digit = ((values[order] >> shift) & 0xFFFF).astype(np.uint16)
        order = order[np.argsort(digit, kind="stable")]
    return order
