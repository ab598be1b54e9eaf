"""From tiktoken's ranks back to merges: how GPT-4's and GPT-4o's vocabularies become a ``Tokenizer``.

tiktoken stores no merge list, only a rank per token (token bytes -> rank, which is also its id). Its
encoder merges, in a chunk, the adjacent pair whose joined bytes have the lowest rank. That is the same as
replaying merges in rank order, so the merge that made a token can be recovered: run that rule on the
token's own bytes with only the tokens of lower rank; if it ends in exactly two pieces, they are the merge.

>>> ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256, b"abc": 257}
>>> merges_from_ranks(ranks)[0]
[(b'a', b'b'), (b'ab', b'c')]

This module only recovers merges; ``bpe_lab.tokenizer.Tokenizer.from_ranks`` builds the tokenizer, and
``bpe_lab.gpt2.load_encoding`` reads the real rank files.
"""

from __future__ import annotations

from . import _checks as check

__all__ = ["merges_from_ranks", "RecoveredMerges"]


class RecoveredMerges(list):
    """Merges as ``merges_from_ranks`` recovers them (or as its checked cache gives them back): in rank order,
    each joining two tokens made before it, each making a token no other merge makes, and their tokens' ids
    the ranks. ``Tokenizer`` takes such a list without checking all that again and builds its tables from
    ``tokens`` and ``pairs`` at once (a few hundredths of a second on o200k's 200,000 merges, not half a second).

    ``tokens``: the token each merge makes. ``pairs``: each merge as the vocabulary positions of its two tokens
    (byte b is at position b, the token of merge r at 256 + r). Both are worked out from the merges if not given.

    >>> merges = RecoveredMerges([(b"a", b"b"), (b"ab", b"c")])
    >>> merges.tokens, merges.pairs
    ([b'ab', b'abc'], [(97, 98), (256, 99)])
    """

    def __init__(self, merges=(), *, tokens=None, pairs=None):
        super().__init__(merges)
        self.tokens: list[bytes] = [left + right for left, right in self] if tokens is None else tokens
        self.pairs: list[tuple[int, int]] = self._positions() if pairs is None else pairs

    def _positions(self) -> list[tuple[int, int]]:
        position = {token: k for k, token in enumerate([bytes([b]) for b in range(256)] + self.tokens)}
        return [(position[left], position[right]) for left, right in self]


def merges_from_ranks(mergeable_ranks: dict) -> tuple[list[tuple[bytes, bytes]], dict[bytes, int], list[bytes]]:
    """tiktoken-style ranks -> (merges in rank order, token bytes -> id, the tokens no pair merge makes).

    A token whose bytes do not end in two pieces cannot be expressed as a pair merge; it is kept out of the
    merges and listed as unmergeable, as is every token whose merge would need such a token.
    """
    ranks = check.mergeable_ranks(mergeable_ranks)
    merges, unmergeable = [], []
    for token, rank in sorted(ranks.items(), key=lambda item: item[1]):
        if len(token) == 1:
            continue  # the 256 bytes are there from the start
        pieces = bpe_by_rank(token, ranks, below=rank)
        if len(pieces) == 2:
            merges.append((pieces[0], pieces[1]))
        else:
            unmergeable.append(token)
    # every token of a merge must itself exist; skipped tokens cannot be used by later merges
    kept = {bytes([b]) for b in range(256)}
    usable = []
    for left, right in merges:
        if left in kept and right in kept:
            usable.append((left, right))
            kept.add(left + right)
        else:
            unmergeable.append(left + right)
    return RecoveredMerges(usable), {token: ranks[token] for token in kept}, unmergeable


def bpe_by_rank(data: bytes, ranks: dict[bytes, int], below: int) -> list[bytes]:
    """tiktoken's rule on one piece: merge the adjacent parts whose joined bytes have the lowest rank
    (only ranks below ``below``), until no joined pair is a token.

    >>> bpe_by_rank(b"abc", {b"ab": 0, b"bc": 1, b"abc": 2}, below=2)
    [b'ab', b'c']
    """
    parts = [data[i : i + 1] for i in range(len(data))]
    while len(parts) > 1:
        best_rank, best = below, None
        for i in range(len(parts) - 1):
            rank = ranks.get(parts[i] + parts[i + 1])
            if rank is not None and rank < best_rank:
                best_rank, best = rank, i
        if best is None:
            break  # subtle: no joined pair is a token of lower rank, so this piece is done
        parts[best : best + 2] = [parts[best] + parts[best + 1]]
    return parts
