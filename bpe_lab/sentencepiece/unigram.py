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

Below the readable Viterbi, the quick path ``encode`` and ``encode_batch`` take (same ids): a text cut into words,
each word cut once and kept, used where 32-bit rounding provably cannot change the cut (``_certain``).
"""

from __future__ import annotations

import math
import struct
from array import array
from itertools import chain

from . import _batch
from .model import Model, _one_unk_per_run
from .model_file import NORMAL, UNUSED, USER_DEFINED
from .normalizer import SPACE

__all__ = ["UNK_PENALTY", "SentencePieceUnigram", "SentencePieceModel"]

UNK_PENALTY = 10.0  # SentencePiece: an unknown character scores (lowest piece score - 10)
FLT_MIN = 1.1754943508222875e-38  # the smallest normal 32-bit float: where SentencePiece starts its highest score
_CACHE_LIMIT = 500_000  # distinct words whose cut a model keeps
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
        # the quick path: words cut alone when no piece Viterbi uses holds "x▁" (_batch.word_pattern), their cuts kept
        arc_pieces = [piece for piece, arc in self._arcs.items() if arc is not None]
        space = SPACE if self.normalizer.escape_whitespaces else " "
        scores = [arc[1] for arc in self._arcs.values() if arc] + [self.unk_score]
        finite = all(map(math.isfinite, scores))  # (_certain's bound needs finite scores)
        self._words = _batch.word_pattern(arc_pieces, space, self.normalizer.treat_whitespace_as_suffix) \
            if finite else None
        self._word_cuts: dict[str, tuple] = {}  # word -> (ids, margin, score, peak): _cut_word

    def _segment(self, normalized: str) -> list[tuple[str, int]]:
        """(piece, id) pairs: Viterbi over the normalised text (the module docstring's rules)."""
        n, arcs, unk_score = len(normalized), self._arcs, self.unk_score
        kept = array("f", bytes(4 * (n + 1)))  # kept[end]: the best path's score to end, a 32-bit float as in C++
        came = [(0, -1)] + [None] * n  # came[end]: (start, id) of the best path's last piece; None: no path yet
        for start in range(n):
            here = kept[start]
            one_character = False
            for end in range(start + 1, n + 1):
                arc = arcs.get(normalized[start:end], False)
                if arc is False:  # no piece starts with this text: none longer either
                    break
                if arc is None:  # a prefix of a piece, or an unused piece
                    continue
                piece_id, score, single = arc
                candidate = here + score  # subtle: a double, compared with the float kept, then rounded
                if came[end] is None or candidate > kept[end]:
                    kept[end], came[end] = candidate, (start, piece_id)  # (the array rounds it to a 32-bit float)
                one_character = one_character or single
            if not one_character:  # no piece covers this character alone: an <unk> arc of one character
                candidate = _float32(here + unk_score)  # subtle: float + float in C++, rounded at once
                if came[start + 1] is None or candidate > kept[start + 1]:
                    kept[start + 1], came[start + 1] = candidate, (start, self.unk_id)
        pieces, end = [], n
        while end > 0:
            start, piece_id = came[end]
            pieces.append((normalized[start:end], piece_id))
            end = start
        return pieces[::-1]

    # The quick path ``encode`` and ``encode_batch`` take: the same ids.
    #
    # No piece spans the place before a word (as for BPE, _batch.py), so every path passes through it: with exact
    # sums, the best path of a text is its words' best paths end to end, each found alone. SentencePiece's sums are
    # not exact: each kept score is rounded to a 32-bit float, and how much depends on how large the text's scores
    # have grown before the word. So a word's cut is used only where rounding cannot change it. Let the scores of a
    # text stay below 2**k in size; rounding one moves it at most u = 2**(k - 25). The kept score at position e is
    # the rounded best candidate (whichever arc wins), so it is at most 2·e·u from the exact best score, and a
    # candidate at e at most 2·e·u from its exact value. Going back along the exact best path, at each of its
    # positions e SentencePiece keeps the exact winner's arc if that winner leads the runner-up by more than
    # 4·e·u + 2·u in exact sums (then it leads by more than 2·u after rounding: no earlier arc keeps the place, and
    # no later one takes it). ``_certain`` asks each word for twice that: its smallest lead along its own path.

    def _ids(self, normalized_texts: list[str]) -> list[list[int]]:
        """The ids of each normalised text: its words' cuts end to end where ``_certain``, else the readable
        Viterbi over the whole text."""
        if self._words is None:
            return super()._ids(normalized_texts)
        words = list(map(self._words.findall, normalized_texts))
        cache, distinct = self._word_cuts, set(chain.from_iterable(words))
        new = list(distinct.difference(cache))
        if len(cache) + len(new) > _CACHE_LIMIT:
            cache.clear()  # memory stays bounded; the words of these texts are cut again (all still fit)
            new = list(distinct)
        cache.update(zip(new, map(self._cut_word, new)))
        found = []
        for text, text_words in zip(normalized_texts, words):
            ids, leads, scores, peaks = zip(*map(cache.__getitem__, text_words)) if text_words else ((),) * 4
            if _certain(len(text), leads, scores, peaks):
                ids = list(chain.from_iterable(ids))
                # subtle: a word may end and the next begin with "<unk>": one run, one <unk>
                found.append(_one_unk_per_run(ids, self.unk_id) if not self.byte_fallback and self.unk_id in ids
                             else ids)
            else:
                found.append([piece_id for _, piece_id in self._spelled(self._segment(text))])
        return found

    def _cut_word(self, word: str) -> tuple:
        """One word's cut by the readable Viterbi's arcs, in exact (64-bit) sums: (its ids, the smallest lead of
        a winner over its runner-up along the best path, the best path's score, the largest score kept)."""
        n, arcs, unk_score = len(word), self._arcs, self.unk_score
        best, second = [0.0] + [-math.inf] * n, [-math.inf] * (n + 1)  # the best and runner-up candidate at each end
        came = [None] * (n + 1)
        for start in range(n):
            here = best[start]
            one_character = False
            for end in range(start + 1, n + 1):
                arc = arcs.get(word[start:end], False)
                if arc is False:
                    break
                if arc is not None:
                    piece_id, score, single = arc
                    candidate = here + score
                    if candidate > best[end]:  # subtle: a tie is a lead of 0, never certain
                        second[end], best[end], came[end] = best[end], candidate, (start, piece_id)
                    elif candidate > second[end]:
                        second[end] = candidate
                    one_character = one_character or single
            if not one_character:
                candidate, end = here + unk_score, start + 1
                if candidate > best[end]:
                    second[end], best[end], came[end] = best[end], candidate, (start, self.unk_id)
                elif candidate > second[end]:
                    second[end] = candidate
        segmented, lead, end = [], math.inf, n
        while end > 0:
            lead = min(lead, best[end] - second[end])
            start, piece_id = came[end]
            segmented.append((word[start:end], piece_id))
            end = start
        ids = tuple(piece_id for _, piece_id in self._spelled(segmented[::-1]))
        peak = max(map(abs, filter(math.isfinite, best + second)))
        return ids, lead, best[n], peak


def _certain(n: int, leads: tuple, scores: tuple, peaks: tuple) -> bool:
    """Whether SentencePiece cuts a text of ``n`` characters as its words' cuts say (the comment above ``_ids``),
    given each word's smallest lead, best score and largest score kept: every lead is more than
    (n + 1) * 2**(k - 22), where 2**k is more than any score the text keeps (at most the words' scores, all of
    them, plus the largest peak).

    >>> _certain(10, (0.5, 0.01), (-3.0, -8.0), (3.0, 8.0))
    True
    >>> _certain(10, (0.5, 0.0), (-3.0, -8.0), (3.0, 8.0))  # a tie: the whole text is cut instead
    False
    """
    if not leads:
        return True
    peak = sum(map(abs, scores)) + max(peaks)
    return min(leads) > (n + 1) * 2.0 ** (math.frexp(peak)[1] - 22)


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

