"""Checks of ``bpe_lab.sentencepiece_bpe``: a SentencePiece BPE model's parts, the symbols and scores it merges,
a byte, and that a ``.model`` file holds a BPE model."""

from __future__ import annotations

import math

from . import is_real, short, whole
from .unigram import sentencepiece_pieces

__all__ = ["sentencepiece_bpe_model", "bpe_symbols_and_scores", "byte_value", "sentencepiece_bpe_trainer"]

_NORMALIZER_KEYS = ("name", "add_dummy_prefix", "remove_extra_whitespaces", "escape_whitespaces")
_BYTE, _SEGMENTING = 6, (1, 4)  # the piece types byte, and normal and user-defined (sentencepiece_file.py)


def sentencepiece_bpe_model(pieces, normalizer, byte_fallback) -> tuple:
    """(pieces, normalizer, byte_fallback) if the pieces are (piece, score, type) triples, the normaliser a dict
    of ``_NORMALIZER_KEYS`` (as ``read_model_file`` returns it) and byte_fallback a bool, with the 256 byte
    pieces present when it is on."""
    pieces = sentencepiece_pieces(pieces, _SEGMENTING)
    if not isinstance(normalizer, dict) or any(key not in normalizer for key in _NORMALIZER_KEYS):
        raise TypeError(f"normalizer must be a dict with the keys {', '.join(_NORMALIZER_KEYS)} (what "
                        f"read_model_file returns), got {short(normalizer)}")
    if not isinstance(byte_fallback, bool):
        raise TypeError(f"byte_fallback must be True or False, got {type(byte_fallback).__name__}")
    byte_pieces = sum(kind == _BYTE for _, _, kind in pieces)
    if byte_fallback and byte_pieces != 256:
        raise ValueError(f"byte_fallback=True needs the 256 byte pieces <0x00> ... <0xFF>, but the pieces hold "
                         f"{byte_pieces}: pass byte_fallback=False")
    return pieces, normalizer, byte_fallback


def bpe_symbols_and_scores(symbols, scores) -> tuple[list, dict]:
    """(symbols, scores) if symbols is a list of str and scores a dict str -> number (not NaN)."""
    if not isinstance(symbols, (list, tuple)) or not all(isinstance(s, str) for s in symbols):
        raise TypeError(f"symbols must be a list of str, e.g. ['▁', 't', 'h', 'e'], got {short(symbols)}")
    if not isinstance(scores, dict):
        raise TypeError(f"scores must be a dict piece -> score, e.g. {{'▁t': -2.0}}, got {type(scores).__name__}")
    for piece, score in scores.items():
        if not isinstance(piece, str) or not is_real(score) or math.isnan(score):
            raise ValueError(f"scores must map str pieces to numbers, got {short(piece)}: {short(score)}")
    return list(symbols), scores


def byte_value(value) -> int:
    """``value`` if it is a whole number from 0 to 255."""
    return whole(value, "byte", minimum=0, maximum=255, example=0xE6)


def sentencepiece_bpe_trainer(trainer: dict, path) -> dict:
    """``trainer`` (what ``read_model_trainer`` read from ``path``) if its model type is BPE; a ValueError naming
    the reader to use otherwise."""
    if trainer["model_type"] == "unigram":
        raise ValueError(f"{path} holds a SentencePiece Unigram model, not BPE: read it with "
                         "bpe_lab.unigram.read_sentencepiece_model")
    if trainer["model_type"] != "bpe":
        raise ValueError(f"{path} holds a SentencePiece {trainer['model_type']} model, not BPE: "
                         "sentencepiece_bpe.load reads models trained with model_type='bpe'")
    return trainer
