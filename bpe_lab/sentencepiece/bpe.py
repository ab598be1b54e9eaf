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

This module does not sample (BPE-dropout). The trainer is ``bpe_lab/sentencepiece_bpe_train.py``. Below the
readable steps, the quick path ``encode`` and ``encode_batch`` take (same ids): a text cut into words, each word's ids
kept, new words merged all at once by NumPy (``_batch.py`` says why the ids are the same).
"""

from __future__ import annotations

import re
from itertools import chain

from .. import _checks as check
from . import _batch
from .model import Model, _one_unk_per_run
from .model_file import NORMAL, UNUSED, USER_DEFINED
from .normalizer import SPACE

__all__ = ["SentencePieceBPE", "merge_by_score"]

NOT_A_PIECE = float("-inf")  # the score of a pair whose joined string is not a piece: never merged
_CACHE_LIMIT = 500_000  # distinct words whose ids a model keeps
_BATCH_CHARS = 500  # new words of fewer characters in all are merged by the readable loop, more by NumPy


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
    """A SentencePiece BPE model (``model.Model``: encode, encode_batch, decode, ...). ``scores``: the pieces merges
    may make (normal, user-defined and unused ones) with their scores. ``encode`` and ``encode_batch`` keep the ids
    of each word they meet (up to 500,000 words) and merge many new words at once (``_batch.py``)."""

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
        # the quick path: words merged alone, their ids kept (_batch.py); the readable path for unused pieces (step
        # 3 splits one as the whole text last joined it) or a NaN score
        space = SPACE if self.normalizer.escape_whitespaces else " "
        quick = not self.unused and _batch.scores_are_ordered(self.scores)
        self._words = _batch.word_pattern(self.scores, space, self.normalizer.treat_whitespace_as_suffix) \
            if quick else None
        self._word_ids: dict[str, tuple[int, ...]] = {}  # word -> its ids, kept between calls
        self._merger = _batch.BatchMerger(self.scores, self.ids) if self._words else None  # for many new words

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
        # 4. (subtle: a one-character control piece, "<s>"'s kind, is no piece merges know: it is unknown too)
        return [(symbol, self.ids[symbol] if symbol in self.scores else self.unk_id) for symbol in symbols]

    # The quick path ``encode`` and ``encode_batch`` take: the same ids (_batch.py says why).

    def _ids(self, normalized_texts: list[str]) -> list[list[int]]:
        """The ids of each normalised text: its words' ids end to end, each new word merged once."""
        if self._words is None:
            return super()._ids(normalized_texts)
        # subtle: no piece holds "x▁", so no merge joins across the place before a word: each word merges alone
        words = list(map(self._words.findall, normalized_texts))  # ["▁Emma", "▁Woodhouse,"] (_batch.py: why)
        cache, distinct = self._word_ids, set(chain.from_iterable(words))
        new = list(distinct.difference(cache))
        if len(cache) + len(new) > _CACHE_LIMIT:
            cache.clear()  # memory stays bounded; the words of these texts are merged again (all still fit)
            new = list(distinct)
        if new:
            cache.update(zip(new, self._new_word_ids(new)))
        ids = [list(chain.from_iterable(map(cache.__getitem__, text_words))) for text_words in words]
        if not self.byte_fallback:  # subtle: a word may end and the next begin with "<unk>": one run, one <unk>
            ids = [_one_unk_per_run(text_ids, self.unk_id) if self.unk_id in text_ids else text_ids for text_ids in ids]
        return ids

    def _new_word_ids(self, words: list[str]) -> list[tuple[int, ...]]:
        """The ids of each word, as ``_segment`` and step 4 give them: by NumPy when they are many."""
        readable = [word for word in words if self._user_defined and self._user_defined.search(word)]
        if sum(map(len, words)) < _BATCH_CHARS:
            readable = words
        ids = {word: tuple(piece_id for _, piece_id in self._spelled(self._segment(word))) for word in readable}
        batched = [word for word in words if word not in ids]  # (a word with a user-defined piece: readable)
        ids.update(zip(batched, map(self._spelled_symbols, batched, self._merger.merge_words(batched))))
        return list(map(ids.__getitem__, words))

    def _spelled_symbols(self, word: str, symbols: tuple[int, ...]) -> tuple[int, ...]:
        """A word's ids from the symbols ``BatchMerger`` left: piece ids, and characters that are no piece (a
        number from ``vocab_size`` up) spelled as step 4 spells them."""
        if max(symbols) < self._merger.n_pieces:
            return symbols
        segmented, at = [], 0
        for symbol in symbols:
            piece = self.pieces[symbol][0] if symbol < self._merger.n_pieces else word[at]
            segmented.append((piece, self.ids[piece] if piece in self.scores else self.unk_id))
            at += len(piece)
        return tuple(piece_id for _, piece_id in self._spelled(segmented))


def _split_unused(symbol: str, joined: dict) -> list[str]:
    """Step 3: ``symbol`` split back, recursively, into pieces that are not unused."""
    if joined.get(symbol) is None:  # not unused, or never joined from two symbols (one character)
        return [symbol]
    left, right = joined[symbol]
    return _split_unused(left, joined) + _split_unused(right, joined)
