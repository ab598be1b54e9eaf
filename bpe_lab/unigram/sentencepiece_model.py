"""A SentencePiece Unigram model, run here: normalise a text as SentencePiece does, then Viterbi.

``read_sentencepiece_model(path)`` reads a real ``.model`` file (the reading itself is in
``sentencepiece_file.py``) into a ``SentencePieceModel`` whose ``encode`` gives the pieces
``SentencePieceProcessor.encode(text, out_type=str)`` gives. It does not apply the normaliser's character
map (only NFKC by name), byte fallback, or sampling; nor does it run SentencePiece BPE models.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from .. import _checks as check
from .segment import SPACE, Vocabulary, viterbi_table
from .sentencepiece_file import NORMALIZERS, SEGMENTING, UNKNOWN, read_model_file

__all__ = ["UNK_PENALTY", "SentencePieceModel", "read_sentencepiece_model"]

UNK_PENALTY = 10.0  # SentencePiece: an unknown character scores (lowest piece score - 10)


@dataclass
class SentencePieceModel:
    """The parts of a SentencePiece model that segmenting needs: pieces, scores and types, and the
    normaliser's whitespace rules."""

    pieces: list  # (piece, score, type) in id order
    normalizer: str
    add_dummy_prefix: bool
    remove_extra_whitespaces: bool
    escape_whitespaces: bool

    def __post_init__(self):
        self.pieces = check.sentencepiece_pieces(self.pieces, SEGMENTING)
        self.normalizer = check.sentencepiece_normalizer(self.normalizer, NORMALIZERS)
        self.ids = {piece: i for i, (piece, _, _) in enumerate(self.pieces)}
        self.log_probs = {piece: score for piece, score, kind in self.pieces if kind in SEGMENTING}
        self.unk_id = next((i for i, (_, _, kind) in enumerate(self.pieces) if kind == UNKNOWN), 0)
        self.unk_score = min(self.log_probs.values()) - UNK_PENALTY
        self._vocabulary = Vocabulary(self.log_probs)  # checked and indexed once, for every encode

    def normalize(self, text: str) -> str:
        """SentencePiece's normalisation (NFKC or identity), whitespace clean-up, ▁ for spaces."""
        check.text(text)
        if self.normalizer in ("nfkc", "nmt_nfkc"):
            text = unicodedata.normalize("NFKC", text)
        elif self.normalizer != "identity":
            raise ValueError(f"normaliser {self.normalizer!r} is not supported (nfkc and identity are)")
        if self.remove_extra_whitespaces:
            text = " ".join(part for part in text.split(" ") if part)
        if not text:
            return ""
        if self.escape_whitespaces:
            text = text.replace(" ", SPACE)
        if self.add_dummy_prefix:
            text = SPACE + text
        if self.remove_extra_whitespaces and self.escape_whitespaces:
            text = text.rstrip(SPACE)  # subtle: SentencePiece also drops a "▁" the text itself ends with
        return text

    def encode(self, text: str) -> list[str]:
        """Pieces for a text, as ``SentencePieceProcessor.encode(text, out_type=str)`` gives them:
        Viterbi over the normalised text, a run of unknown characters kept together as one piece.
        An empty text gives [] (as does one of spaces only, which normalisation removes)."""
        normalized = self.normalize(text)
        if not normalized:
            return []
        table = viterbi_table(normalized, self._vocabulary, unk_score=self.unk_score)
        pieces, unknown_run = [], False
        for arc in table.path():
            surface = normalized[arc.start : arc.end]
            if arc.piece == "<unk>":
                if unknown_run:
                    pieces[-1] += surface
                else:
                    pieces.append(surface)
                unknown_run = True
            else:
                pieces.append(surface)
                unknown_run = False
        return pieces

    def encode_ids(self, text: str) -> list[int]:
        """Ids for a text: ``encode``'s pieces looked up, an unknown run as the id of "<unk>"."""
        return [self.ids.get(piece, self.unk_id) for piece in self.encode(text)]


def read_sentencepiece_model(path) -> SentencePieceModel:
    """Read the pieces, scores and normaliser settings of a SentencePiece ``.model`` file.

    The file is a protocol buffer (``ModelProto``); this reads the few fields needed, without the
    ``protobuf`` package (see ``sentencepiece_file.py``).
    """
    pieces, normalizer = read_model_file(path)
    return SentencePieceModel(pieces, normalizer["name"], normalizer["add_dummy_prefix"],
                              normalizer["remove_extra_whitespaces"], normalizer["escape_whitespaces"])
