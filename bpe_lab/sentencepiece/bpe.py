"""A SentencePiece BPE model: the text cut into pieces as ``bpe_model.cc`` cuts it.

SentencePiece's BPE does not replay a merge list, as GPT-2's does. It keeps each piece's *score* (for BPE, minus
the step at which the trainer made the piece: '▁t' -0.0, 'he' -1.0, ...; single characters after every merged
piece) and cuts a normalised text ("▁Emma▁Woodhouse") like this:

    1. split it into characters; a user-defined piece ("<sep>") is one symbol, never merged with a neighbour;
    2. repeatedly merge the adjacent pair whose joined string is a piece with the highest score; among equal
       scores the leftmost pair; stop when no adjacent pair joins into a piece (``merge_by_score``);
    3. a piece marked *unused* is split back into the two symbols it was last joined from;
    4. look each symbol up; one that is no piece gets the id of "<unk>" (``model.py`` then spells it in byte
       pieces, with byte fallback, or makes a run of them one "<unk>").

This module does not sample (BPE-dropout). The trainer is ``bpe_lab/sentencepiece_bpe_train.py``.
"""

from __future__ import annotations

import re

from .. import _checks as check
from .model import Model
from .model_file import NORMAL, UNUSED, USER_DEFINED

__all__ = ["SentencePieceBPE", "merge_by_score"]

NOT_A_PIECE = float("-inf")  # the score of a pair whose joined string is not a piece: never merged


def merge_by_score(symbols: list[str], scores: dict[str, float]) -> list[str]:
    """Merge adjacent symbols, best-scoring joined piece first (ties: the leftmost), until none joins.

    >>> merge_by_score(list("▁the"), {"▁t": -2.0, "he": -1.0, "▁the": -3.0, "▁th": -4.0})
    ['▁the']
    >>> merge_by_score(list("aaa"), {"aa": -1.0})  # subtle: a tie, so the leftmost pair merges
    ['aa', 'a']

    A piece that is not a pair of symbols is never made; no symbols give [].
    """
    symbols, scores = check.bpe_symbols_and_scores(symbols, scores)
    return _merge_by_score(symbols, scores)


def _merge_by_score(symbols: list[str], scores: dict[str, float], joined: dict | None = None) -> list[str]:
    """``merge_by_score`` without its checks (the model calls it for every text, with checked scores).
    ``joined``: unused pieces -> the pair of symbols each was last found to join, filled in here."""
    symbols = list(symbols)

    def score(i: int) -> float:  # of the pair that starts at symbols[i]
        piece = symbols[i] + symbols[i + 1]
        if joined is not None and piece in joined:
            joined[piece] = (symbols[i], symbols[i + 1])
        return scores.get(piece, NOT_A_PIECE)

    pair_scores = [score(i) for i in range(len(symbols) - 1)]
    while pair_scores and max(pair_scores) > NOT_A_PIECE:
        i = pair_scores.index(max(pair_scores))  # subtle: .index finds the leftmost of equal scores
        symbols[i : i + 2] = [symbols[i] + symbols[i + 1]]
        del pair_scores[i]
        if i > 0:  # the pair on the left now ends in the merged symbol
            pair_scores[i - 1] = score(i - 1)
        if i < len(pair_scores):  # and the pair on the right starts with it
            pair_scores[i] = score(i)
    return symbols


class SentencePieceBPE(Model):
    """A SentencePiece BPE model (``model.Model``: encode, decode, ...). ``scores``: the pieces merges may make
    (normal, user-defined and unused ones) with their scores."""

    model_type = "bpe"

    def __init__(self, pieces: list, normalizer=None, byte_fallback: bool = False, **decoding):
        super().__init__(pieces, normalizer, byte_fallback, **decoding)
        self.scores = {piece: score for piece, score, kind in self.pieces if kind in (NORMAL, USER_DEFINED, UNUSED)}
        self.unused = {piece for piece, _, kind in self.pieces if kind == UNUSED}
        user_defined = sorted(self.normalizer.user_defined, key=len, reverse=True)
        if self.unused and user_defined:
            raise ValueError("pieces hold both unused and user-defined pieces: SentencePiece splits an unused piece "
                             "as the whole text last joined it, bpe_lab one stretch between user-defined pieces at "
                             "a time, so this model is not run here")
        self._user_defined = re.compile("(" + "|".join(map(re.escape, user_defined)) + ")") if user_defined else None

    def _segment(self, normalized: str) -> list[tuple[str, int]]:
        """(piece, id) pairs: steps 1-4 of the module docstring."""
        joined = dict.fromkeys(self.unused) if self.unused else None
        symbols = []
        # 1. the text between user-defined pieces (the longest that starts at a place, as SentencePiece's prefix
        # matcher) is merged stretch by stretch: no pair spans a user-defined piece
        stretches = self._user_defined.split(normalized) if self._user_defined else [normalized]
        for number, stretch in enumerate(stretches):
            if number % 2:
                symbols.append(stretch)  # a user-defined piece
            elif stretch:
                symbols += _merge_by_score(list(stretch), self.scores, joined)  # 2.
        if joined:
            symbols = [part for symbol in symbols for part in _split_unused(symbol, joined)]  # 3.
        return [(symbol, self.ids.get(symbol, self.unk_id)) for symbol in symbols]  # 4.


def _split_unused(symbol: str, joined: dict) -> list[str]:
    """Step 3: ``symbol`` split back, recursively, into pieces that are not unused."""
    if joined.get(symbol) is None:  # not unused, or never joined from two symbols (one character)
        return [symbol]
    left, right = joined[symbol]
    return _split_unused(left, joined) + _split_unused(right, joined)
