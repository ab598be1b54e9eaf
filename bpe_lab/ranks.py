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
    ``tokens`` and ``pairs`` at once, without a Python loop over o200k's 200,000 merges.

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
        position = {token: k for k, token in enumerate(_SINGLE_BYTES + self.tokens)}
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
    position = {bytes([b]): b for b in range(256)}  # each kept token -> its place in the vocabulary
    usable, tokens, pairs = [], [], []
    for left, right in merges:
        token = left + right
        if left in position and right in position:
            pairs.append((position[left], position[right]))
            position[token] = 256 + len(usable)
            usable.append((left, right))
            tokens.append(token)
        else:
            unmergeable.append(token)
    token_ids = {token: ranks[token] for token in position}
    return RecoveredMerges(usable, tokens=tokens, pairs=pairs), token_ids, unmergeable


def bpe_by_rank(data: bytes, ranks: dict[bytes, int], below: int) -> list[bytes]:
    """tiktoken's rule on one piece: merge the adjacent parts whose joined bytes have the lowest rank
    (only ranks below ``below``), until no joined pair is a token.

    >>> bpe_by_rank(b"abc", {b"ab": 0, b"bc": 1, b"abc": 2}, below=2)
    [b'ab', b'c']

    Speed: ``merges_from_ranks`` calls this once per token (200,000 times for o200k), so the rank of each
    adjacent pair is kept in a list, and after a merge only the two pairs next to it are looked up again.
    """
    parts = list(map(_SINGLE_BYTES.__getitem__, data))  # b"abc" -> [b"a", b"b", b"c"]
    # pair_ranks[i]: the rank of parts[i] + parts[i + 1], or ``below`` where that is not a token of lower rank
    pair_ranks = [ranks.get(left + right, below) for left, right in zip(parts, parts[1:])]
    while pair_ranks:
        best = min(pair_ranks)
        if best >= below:
            break  # subtle: no joined pair is a token of lower rank, so this piece is done
        i = pair_ranks.index(best)  # (ranks are unique, but the same pair may occur twice: the first one wins)
        parts[i : i + 2] = [parts[i] + parts[i + 1]]
        del pair_ranks[i]
        if i > 0:
            pair_ranks[i - 1] = ranks.get(parts[i - 1] + parts[i], below)
        if i < len(pair_ranks):
            pair_ranks[i] = ranks.get(parts[i] + parts[i + 1], below)
    return parts


_SINGLE_BYTES = [bytes([b]) for b in range(256)]
