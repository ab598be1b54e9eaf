"""Fast, exact encoding of one chunk for ``Tokenizer``: the ids of its readable merge loop, sooner.

``Tokenizer._encode_chunk`` merges the lowest-ranked adjacent pair until no pair is left: simple, but every
step looks up the rank of every pair again. ``ChunkEncoder.encode`` gives exactly the same tokens with four
shortcuts, cheapest first:

    1. cut at sealed byte borders   two bytes x, y that stand side by side in no token can never end up in
                                    one token, so the chunk is encoded piece by piece, and a piece met
                                    before (a Chinese character, a Cyrillic letter) is looked up
    2. a piece that is a token      b" Elizabeth" is one token, and that token is built from its own
                                    bytes: one dictionary look-up instead of nine merges
    3. the longest tokens, checked  b" Bingley" -> b" Bing" + b"ley" (longest token from the left, again
                                    and again), kept only if each is built from its own bytes and no merge
                                    can ever cross the border between two of them
    4. the merge loop, updated      as the readable loop, but after a merge only the two pair ranks next to
                                    it are looked up again

Why 1-3 give the same tokens: the *sealed border*. Cut a piece of bytes into a left side and a right side.
Until a merge crosses the border, each side changes exactly as it would alone (the lowest-ranked pair of
the whole piece lies inside one side, or is the pair across the border), and since every merge ranks after
the tokens it joins, the merges happen in rank order: the rank of a merge is the *time* it happens. So a
side that builds token ``a`` ends, over time, in one byte, then in larger and larger tokens, and last in
``a`` itself: going back from ``a``, its right part, that part's right part, and so on (its *right edge*;
the *left edge* likewise). A merge joining a token x of the left side's right edge with a token y of the
right side's left edge crosses the border exactly when it ranks before x or y leaves its edge (``sealed``
walks the two edges back in time and checks each pair that ever faces the border). If none does, nothing
ever crosses, and the piece encodes as the left side's tokens followed by the right side's. (Shortcut 1 is
the case where no token holds the two bytes at the border at all, so no merge can join across it.)

A token ``t = a + b``, made by merge ``r``, is *built from its own bytes* (``Tokenizer._encode_chunk(t)``
gives ``[t]``) when ``a`` and ``b`` are, and no merge ranked below ``r`` crosses their border: then ``a``
and ``b`` form untouched (their merges all rank below ``r``), and merge ``r`` joins them. Most tokens pass;
a token that does not (``bpe_lab.vocab_audit.unreachable_tokens`` lists some) is simply never looked up
whole, and shortcut 4 encodes it. The check is made once per token, when it is first needed.

All of this assumes that each merge makes a token no earlier merge made (so merge ``r`` always makes
position ``256 + r``, and every merge that uses a token ranks after it); GPT-2, cl100k, o200k and nearly
every trained tokenizer qualify. ``plain_merges`` tells; a ``Tokenizer`` whose merges are not plain keeps
its readable loop.

>>> vocab = [bytes([b]) for b in range(256)] + [b"ab", b"abc"]
>>> encoder = ChunkEncoder(vocab, [(b"a", b"b"), (b"ab", b"c")], {(97, 98): 0, (256, 99): 1})
>>> encoder.encode(b"abcab"), encoder.builds_alone(257)
([257, 256], True)
"""

from __future__ import annotations

from itertools import chain, compress, repeat
from operator import not_

__all__ = ["ChunkEncoder", "plain_merges"]

_NOT_LEARNED = 1 << 62  # the rank of a pair that was never merged (as in bpe_lab.tokenizer)


def plain_merges(vocab: list[bytes]) -> bool:
    """True when no two tokens of a vocabulary (the 256 bytes, then one per merge) have the same bytes."""
    return len(set(vocab)) == len(vocab)


class ChunkEncoder:
    """Encodes one chunk's bytes to vocabulary positions, exactly as ``Tokenizer._encode_chunk`` does.

    ``vocab``: the bytes of each position (the 256 bytes, then one token per merge, all different; see
    ``plain_merges``). ``merges``: (left bytes, right bytes) in rank order. ``ranks``: (left position, right
    position) -> rank of the merge that joins them.
    """

    def __init__(self, vocab: list[bytes], merges: list[tuple[bytes, bytes]], ranks: dict[tuple[int, int], int]):
        self.ranks = ranks
        self.position = dict(zip(vocab, range(len(vocab))))  # token bytes -> position
        self.parts: list[tuple[int, int] | None] = [None] * len(vocab)  # position -> (left, right), None for a byte
        for pair, rank in ranks.items():
            self.parts[256 + rank] = pair
        # the byte pairs that stand side by side in some token: those inside a merge's two parts, and the one
        # where the parts meet; so the meeting points of all the merges are all of them
        self.joinable = {(left[-1], right[0]) for left, right in merges}
        self.longest = max(map(len, vocab))
        self._alone = [True] * 256 + [None] * (len(vocab) - 256)  # position -> built from its own bytes?
        self.pieces: dict[bytes, list[int]] = {}  # a piece cut out of a chunk (shortcut 1) -> its positions

    def encode(self, data: bytes) -> list[int]:
        """One chunk's bytes -> positions: the chunk cut at its sealed byte borders, each piece encoded."""
        if data.isascii() or self.joinable.issuperset(zip(data, data[1:])):
            # no sealed border (most chunks of a Latin-script text); ASCII is not searched for one, because
            # it seldom has one: any cut that is left out only makes a piece longer, never wrong
            return self.encode_piece(data)
        pieces = self._cut(data)
        for piece in set(pieces).difference(self.pieces):  # pieces met before are looked up
            self.pieces[piece] = self.encode_piece(piece)
        return list(chain.from_iterable(map(self.pieces.__getitem__, pieces)))

    def encode_piece(self, data: bytes) -> list[int]:
        """Bytes with no sealed border inside -> positions: a whole token, checked longest tokens, or merges."""
        token = self.position.get(data)
        if token is not None and self.builds_alone(token):
            return [token]
        if len(data) <= 2 * self.longest:  # beyond that the greedy search costs more than it saves
            tokens = self._longest_tokens(data)
            if all(map(self.builds_alone, tokens)) and all(map(self.sealed, tokens, tokens[1:])):
                return tokens
        return self.merge_loop(data)

    def merge_loop(self, data: bytes) -> list[int]:
        """The readable loop with its list of pair ranks kept up to date: after merging the pair at ``i``, only
        the ranks of the pairs on either side of the new token change.

        The readable loop merges every occurrence of the best pair in one step; this one merges the leftmost,
        and finds the same pair best again until none is left, because every pair that holds the new token
        ranks after it. The result is the same.
        """
        rank_of = self.ranks.get
        ids = list(data)  # e.g. [32, 116, 104, 101] for b" the"
        pair_ranks = list(map(rank_of, zip(ids, ids[1:]), repeat(_NOT_LEARNED)))  # rank of (ids[i], ids[i + 1])
        while pair_ranks:
            best = min(pair_ranks)
            if best == _NOT_LEARNED:
                break  # no adjacent pair was ever merged: done
            i = pair_ranks.index(best)  # the leftmost pair of that rank
            new = 256 + best  # merge r makes position 256 + r
            ids[i : i + 2] = [new]
            del pair_ranks[i]
            if i > 0:
                pair_ranks[i - 1] = rank_of((ids[i - 1], new), _NOT_LEARNED)
            if i < len(pair_ranks):
                pair_ranks[i] = rank_of((new, ids[i + 1]), _NOT_LEARNED)
        return ids

    def builds_alone(self, token: int) -> bool:
        """Does the merge loop turn this token's own bytes into this one token? Checked once per token.

        Sufficient, not necessary: a token ``a + b`` (merge ``r``) passes when ``a`` and ``b`` pass and no merge
        ranked below ``r`` joins their edges. A token that fails is never looked up whole; nothing else changes.
        """
        alone = self._alone[token]
        if alone is None:
            left, right = self.parts[token]
            alone = self._alone[token] = (self.builds_alone(left) and self.builds_alone(right)
                                          and self.sealed(left, right, until=token - 256))
        return alone

    def sealed(self, left: int, right: int, until: int = _NOT_LEARNED) -> bool:
        """True if, on bytes where one side builds ``left`` and the next side builds ``right``, no merge ranked
        below ``until`` crosses the border between them (by default: no merge ever does).

        Walk back in time along the two edges (see the module docstring). ``x`` and ``y`` are the tokens that
        face each other across the border, and stand there until merges ``x_leaves`` and ``y_leaves``. A merge
        of ``(x, y)`` crosses the border if it ranks before either leaves (it cannot rank before both were
        made). Before that, the later-made of the two (the larger position) was not there yet: its right part
        (for ``x``) or left part (for ``y``) faced the border instead, until it was made.
        """
        rank_of, parts = self.ranks.get, self.parts
        x, y, x_leaves, y_leaves = left, right, until, until
        while True:
            rank = rank_of((x, y), _NOT_LEARNED)
            if rank < x_leaves and rank < y_leaves:
                return False  # this merge would join x and y across the border
            if x < 256 and y < 256:
                return True  # back at the two bytes on either side of the border
            if x >= y:
                x, x_leaves = parts[x][1], x - 256  # merge x - 256 made x from its parts
            else:
                # subtle: + 1, because a merge of the same rank as the one that takes y off the edge is that
                # same merge, and the loop merges its leftmost pair first: the one across the border
                y, y_leaves = parts[y][0], y - 256 + 1

    def _longest_tokens(self, data: bytes) -> list[int]:
        """The longest token that starts the bytes, then the longest that starts the rest, and so on.

        >>> vocab = [bytes([b]) for b in range(256)] + [b"ab", b"abc"]
        >>> ChunkEncoder(vocab, [(b"a", b"b"), (b"ab", b"c")], {(97, 98): 0, (256, 99): 1})._longest_tokens(b"abcab")
        [257, 256]
        """
        position, tokens, start = self.position, [], 0
        while start < len(data):
            for end in range(min(len(data), start + self.longest), start, -1):
                token = position.get(data[start:end])
                if token is not None:
                    break  # subtle: always found by end = start + 1, since every single byte is a token
            tokens.append(token)
            start = end
        return tokens

    def _cut(self, data: bytes) -> list[bytes]:
        """The bytes cut at every border no token spans (shortcut 1): b"\xe6\x99\xae\xe9\x81\x8d" (two
        Chinese characters, with no token in the vocabulary holding the end of one and the start of the next)
        -> [b"\xe6\x99\xae", b"\xe9\x81\x8d"].

        Written with ``map`` and ``compress`` so that the work per byte runs in C: the same as
        ``[end for end in range(1, len(data)) if (data[end - 1], data[end]) not in self.joinable]`` for the
        borders, then a slice from each border to the next.
        """
        sealed = map(not_, map(self.joinable.__contains__, zip(data, data[1:])))  # at the border before byte 1, 2...
        borders = list(compress(range(1, len(data)), sealed))
        return list(map(data.__getitem__, map(slice, [0] + borders, borders + [len(data)])))
