"""A SentencePiece Unigram model: the text cut into pieces by Viterbi, as ``unigram_model.cc`` runs it.

Notebook 06's Viterbi (``bpe_lab/unigram/segment.py``) finds the most probable way to cut a text; SentencePiece
runs the same idea over its normalised text ("▁Emma▁Woodhouse") with a few rules of its own:

    best[end] = max over pieces text[start:end] of  best[start] + score(piece)     (start from left to right)

    * ``best`` holds 32-bit floats: each path score is rounded to one when it is kept, and a new path must be
      strictly better than the one kept, so among equal scores the path found first (the earlier start) wins;
    * a user-defined piece scores its length in UTF-8 bytes times the highest piece score, minus 0.1, so it
      is always chosen; an unused piece is never chosen;
    * a character that no one-character piece covers gets an "<unk>" arc of its own, scoring the lowest piece
      score minus 10 (``UNK_PENALTY``); ``model.py`` makes a run of them one "<unk>".

``bpe_lab.unigram.read_sentencepiece_model(path)`` reads a Unigram ``.model`` into one (notebook 06 reads the
Botchan model with it). This module does not sample (subword regularisation) or find the n best paths: ``bpe_lab.unigram`` does.
"""

from __future__ import annotations

import struct

from .model import Model
from .model_file import NORMAL, UNUSED, USER_DEFINED

__all__ = ["UNK_PENALTY", "SentencePieceUnigram", "SentencePieceModel"]

UNK_PENALTY = 10.0  # SentencePiece: an unknown character scores (lowest piece score - 10)
FLT_MIN = 1.1754943508222875e-38  # the smallest normal 32-bit float: where SentencePiece starts its highest score
_FLOAT32 = struct.Struct("<f")


def _float32(value: float) -> float:
    """``value`` rounded to the nearest 32-bit float (as C++ stores a ``float``): ``_float32(0.1)`` ->
    ``0.10000000149011612``."""
    try:
        return _FLOAT32.unpack(_FLOAT32.pack(value))[0]
    except OverflowError:  # beyond the largest 32-bit float: C++ gives an infinity
        return float("inf") if value > 0 else float("-inf")


class SentencePieceUnigram(Model):
    """A SentencePiece Unigram model (``model.Model``: encode, decode, ...). ``log_probs``: the normal pieces and
    their scores (log-probabilities); ``unk_score``: what an unknown character scores."""

    model_type = "unigram"

    def __init__(self, pieces: list, normalizer=None, byte_fallback: bool = False, **decoding):
        super().__init__(pieces, normalizer, byte_fallback, **decoding)
        self.log_probs = {piece: score for piece, score, kind in self.pieces if kind == NORMAL}
        normal = self.log_probs.values()
        self.unk_score = _float32(min(normal, default=3.4028234663852886e38) - UNK_PENALTY)
        highest = _float32(max(FLT_MIN, *normal))
        # what each piece Viterbi may use scores: piece -> (id, score, one character?); every prefix of a
        # piece is a key too (None if it is no piece), so that the search stops where no piece goes on
        self._arcs: dict = {}
        for piece_id, (piece, score, kind) in enumerate(self.pieces):
            if kind in (NORMAL, USER_DEFINED, UNUSED):
                for end in range(1, len(piece)):
                    self._arcs.setdefault(piece[:end], None)
                if kind == USER_DEFINED:  # subtle: C++ multiplies in float, then subtracts the double 0.1
                    score = _float32(len(piece.encode("utf-8")) * highest) - 0.1
                self._arcs[piece] = None if kind == UNUSED else (piece_id, score, len(piece) == 1)

    def _segment(self, normalized: str) -> list[tuple[str, int]]:
        """(piece, id) pairs: Viterbi over the normalised text (the module docstring's rules)."""
        n, arcs, unk_score = len(normalized), self._arcs, self.unk_score
        best = [(0.0, 0, -1)] + [None] * n  # best[end]: (score kept, start, id) of the best path ending at end
        for start in range(n):
            here = best[start][0]
            one_character = False
            for end in range(start + 1, n + 1):
                arc = arcs.get(normalized[start:end], False)
                if arc is False:  # no piece starts with this text: none longer either
                    break
                if arc is None:  # a prefix of a piece, or an unused piece
                    continue
                piece_id, score, single = arc
                candidate = here + score  # subtle: a double, compared with the float kept, then rounded
                if best[end] is None or candidate > best[end][0]:
                    best[end] = (_float32(candidate), start, piece_id)
                one_character = one_character or single
            if not one_character:  # no piece covers this character alone: an <unk> arc of one character
                candidate = _float32(here + unk_score)  # subtle: float + float in C++, rounded at once
                if best[start + 1] is None or candidate > best[start + 1][0]:
                    best[start + 1] = (candidate, start, self.unk_id)
        pieces, end = [], n
        while end > 0:
            _, start, piece_id = best[end]
            pieces.append((normalized[start:end], piece_id))
            end = start
        return pieces[::-1]


class SentencePieceModel(SentencePieceUnigram):
    """A ``SentencePieceUnigram`` made from pieces and a normaliser named with its switches, as notebook 10 and
    the exports' tests make one: ``SentencePieceModel(pieces, "identity", True, True, True)``. Only "identity"
    can be named: any other normaliser needs the character map a ``.model`` file carries."""

    def __init__(self, pieces: list, normalizer: str = "identity", add_dummy_prefix: bool = True,
                 remove_extra_whitespaces: bool = True, escape_whitespaces: bool = True):
        spec = {"name": normalizer, "add_dummy_prefix": add_dummy_prefix,
                "remove_extra_whitespaces": remove_extra_whitespaces, "escape_whitespaces": escape_whitespaces}
        super().__init__(pieces, spec)

    def encode_ids(self, text) -> list[int]:
        """``encode(text)``: the ids (the older name, kept for notebook 10)."""
        return self.encode(text)

