"""Checks of ``bpe_lab.export``: which kind of tokenizer an object is, for the writers."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["export_kind", "exported", "sentencepiece_exported"]


def export_kind(obj) -> str:
    """"bpe" (a byte-level ``Tokenizer``), "wordpiece" (a WordPiece vocabulary: a ``wordpiece.train`` result or a
    list of pieces in id order) or "unigram" (a Unigram model: a ``unigram.train`` result or a dict piece ->
    log-probability); TypeError naming what to pass otherwise. Recognised by shape (``_checks`` imports nothing
    else from bpe_lab)."""
    if type(obj).__name__ == "Tokenizer" and hasattr(obj, "_encode_chunk"):
        return "bpe"
    if type(obj).__name__ == "WordPieceResult" or (isinstance(obj, (list, tuple)) and obj
                                                   and all(isinstance(p, str) for p in obj)):
        return "wordpiece"
    if type(obj).__name__ == "UnigramResult" or (isinstance(obj, Mapping) and obj
                                                 and all(isinstance(p, str) for p in obj)):
        return "unigram"
    raise TypeError(f"to_hf exports a byte-level bpe_lab.Tokenizer, a WordPiece vocabulary (wordpiece.train's "
                    f"result or a list of pieces in id order) or a Unigram model (unigram.train's result or a dict "
                    f"piece -> log-probability), got {type(obj).__name__}")


_NAMES = {"bpe": "a bpe_lab.Tokenizer", "wordpiece": "a WordPiece vocabulary", "unigram": "a Unigram model"}


def exported(obj, kind: str, writer: str):
    """``obj`` if it is of ``kind`` ("bpe", "unigram"), for a writer that takes only that kind."""
    what = {"bpe": "a byte-level bpe_lab.Tokenizer", "unigram": "a Unigram model (unigram.train's result or a "
            "dict piece -> log-probability)"}[kind]
    try:
        found = _NAMES[export_kind(obj)]
    except TypeError:
        found = type(obj).__name__
    if found != _NAMES[kind]:
        raise TypeError(f"{writer} writes {what}, got {found}")
    return obj


def sentencepiece_exported(model):
    """``model`` if it is a Unigram model or a SentencePiece BPE model (``sentencepiece_bpe.SentencePieceBPE``),
    what ``to_sentencepiece`` writes."""
    if type(model).__name__ == "SentencePieceBPE" and hasattr(model, "byte_fallback"):
        return model
    try:
        found = _NAMES[export_kind(model)]
    except TypeError:
        found = type(model).__name__
    if found != _NAMES["unigram"]:
        raise TypeError(f"to_sentencepiece writes a Unigram model (unigram.train's result or a dict piece -> "
                        f"log-probability) or a SentencePiece BPE model (sentencepiece_bpe.train's result), "
                        f"got {found}")
    return model
