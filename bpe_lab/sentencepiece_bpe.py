"""A SentencePiece BPE model, run here: the ids and pieces ``SentencePieceProcessor`` gives.

SentencePiece's BPE does not replay a merge list, as GPT-2's does. It keeps each piece's *score* (for BPE, minus
the step at which the trainer made the piece: '▁t' -0.0, 'he' -1.0, ...; single characters after every merged
piece) and encodes one text like this:

    1. normalise it as the model says (NFKC or identity), tidy the spaces, put "▁" for every space and
       one "▁" in front (the dummy prefix): "Emma Woodhouse" -> "▁Emma▁Woodhouse";
    2. split it into characters (a user-defined piece is kept whole);
    3. repeatedly merge the adjacent pair whose joined string is a piece with the highest score; among
       equal scores the leftmost pair; stop when no adjacent pair joins into a piece;
    4. look up each symbol's id; a symbol that is not a piece becomes its UTF-8 bytes as the pieces
       "<0xE6>" ... when the model has byte fallback, otherwise the id of "<unk>", a run of such symbols
       one "<unk>" (its piece is the text it covers).

``load(path)`` reads a ``.model`` file (the reader is ``bpe_lab/unigram/sentencepiece_file.py``, the
normalisation is the Unigram model's) into a ``SentencePieceBPE``: ``encode(text)`` gives the ids,
``encode_pieces(text)`` the pieces. ``train(text_or_lines, vocab_size)`` makes one from a text as SentencePiece's
trainer does; it lives in ``sentencepiece_bpe_train.py``, with its steps and its differences from SentencePiece.
This module does not decode, sample (BPE-dropout) or apply a normaliser's precompiled character map (only NFKC,
by name); nor does it merge into pieces marked *unused* (SentencePiece merges into them, then splits them again;
its trainer writes none).
"""

from __future__ import annotations

from . import _checks as check
from .sentencepiece_bpe_train import train  # the trainer, in its own module (it makes a SentencePieceBPE)
from .unigram.sentencepiece_file import NORMAL, USER_DEFINED, read_model_file, read_model_trainer
from .unigram.sentencepiece_model import SentencePieceModel

__all__ = ["SentencePieceBPE", "load", "train", "merge_by_score", "byte_piece"]

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


def _merge_by_score(symbols: list[str], scores: dict[str, float]) -> list[str]:
    """``merge_by_score`` without its checks (``encode`` calls it for every text, with checked scores)."""
    symbols = list(symbols)
    pair_scores = [scores.get(left + right, NOT_A_PIECE) for left, right in zip(symbols, symbols[1:])]
    while pair_scores and max(pair_scores) > NOT_A_PIECE:
        i = pair_scores.index(max(pair_scores))  # subtle: .index finds the leftmost of equal scores
        symbols[i : i + 2] = [symbols[i] + symbols[i + 1]]
        del pair_scores[i]
        if i > 0:  # the pair on the left now ends in the merged symbol
            pair_scores[i - 1] = scores.get(symbols[i - 1] + symbols[i], NOT_A_PIECE)
        if i < len(pair_scores):  # and the pair on the right starts with it
            pair_scores[i] = scores.get(symbols[i] + symbols[i + 1], NOT_A_PIECE)
    return symbols


def byte_piece(byte: int) -> str:
    """The piece SentencePiece writes for one byte: ``byte_piece(0xE6)`` -> ``'<0xE6>'``."""
    byte = check.byte_value(byte)
    return f"<0x{byte:02X}>"


class SentencePieceBPE:
    """A SentencePiece BPE model: its pieces, scores and types (``pieces``), its normaliser (``normalizer``), and
    whether it falls back to bytes (``byte_fallback``). Made by ``load`` or ``train``."""

    def __init__(self, pieces: list, normalizer: dict, byte_fallback: bool):
        pieces, normalizer, byte_fallback = check.sentencepiece_bpe_model(pieces, normalizer, byte_fallback)
        # The Unigram model already normalises exactly as SentencePiece does: reuse it for that.
        self._normalizing = SentencePieceModel(pieces, normalizer["name"], normalizer["add_dummy_prefix"],
                                               normalizer["remove_extra_whitespaces"],
                                               normalizer["escape_whitespaces"])
        self.pieces, self.normalizer, self.byte_fallback = self._normalizing.pieces, dict(normalizer), byte_fallback
        self.ids, self.unk_id = self._normalizing.ids, self._normalizing.unk_id
        # Merges make normal and user-defined pieces; never bytes, <unk> or control pieces such as <s>.
        self.scores = {piece: score for piece, score, kind in self.pieces if kind in (NORMAL, USER_DEFINED)}
        self.user_defined = sorted((piece for piece, _, kind in self.pieces if kind == USER_DEFINED),
                                   key=len, reverse=True)

    def normalize(self, text: str) -> str:
        """The text as SentencePiece sees it before splitting: ``'Emma Woodhouse'`` -> ``'▁Emma▁Woodhouse'``."""
        text = check.text(text)
        return self._normalizing.normalize(text)  # the Unigram model's: the same rules for every SentencePiece model

    def encode_pieces(self, text: str) -> list[str]:
        """The pieces of ``text``, as ``SentencePieceProcessor.encode(text, out_type=str)`` gives them.
        An empty text (or one of spaces only) gives []."""
        text = check.text(text)
        return [piece for piece, _ in self._encode(text)]

    def encode(self, text: str) -> list[int]:
        """The ids of ``text``, as ``SentencePieceProcessor.encode(text)`` gives them.
        An empty text (or one of spaces only) gives []."""
        text = check.text(text)
        return [piece_id for _, piece_id in self._encode(text)]

    def _encode(self, text: str) -> list[tuple[str, int]]:
        """(piece, id) pairs: normalise, split, merge by score, then look each symbol up."""
        symbols = _merge_by_score(self._split(self.normalize(text)), self.scores)
        encoded, previous_unknown = [], False
        for symbol in symbols:
            if symbol in self.ids:
                encoded.append((symbol, self.ids[symbol]))
            elif self.byte_fallback:
                encoded += [(f"<0x{b:02X}>", self.ids[f"<0x{b:02X}>"]) for b in symbol.encode("utf-8")]  # byte_piece(b)
            elif previous_unknown:  # subtle: a run of unknown symbols is one <unk>, its piece their text
                encoded[-1] = (encoded[-1][0] + symbol, self.unk_id)
            else:
                encoded.append((symbol, self.unk_id))
            previous_unknown = symbol not in self.ids
        return encoded

    def _split(self, normalized: str) -> list[str]:
        """Characters, except that a user-defined piece stays whole (the longest one that starts here)."""
        symbols, i = [], 0
        while i < len(normalized):
            piece = next((p for p in self.user_defined if normalized.startswith(p, i)), normalized[i])
            symbols.append(piece)
            i += len(piece)
        return symbols


def load(path) -> SentencePieceBPE:
    """Read a SentencePiece BPE ``.model`` file: ``load(path).encode(text)`` gives SentencePiece's ids."""
    path = check.path(path)
    pieces, normalizer = read_model_file(path)
    trainer = check.sentencepiece_bpe_trainer(read_model_trainer(path), path)
    return SentencePieceBPE(pieces, normalizer, trainer["byte_fallback"])
