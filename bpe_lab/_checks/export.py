"""Checks of ``bpe_lab.export``: which kind of tokenizer an object is, for the writers, and what each format can
hold (BERT's files, a SentencePiece ``.model``)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from . import short
from .wordpiece import distinct_pieces

_FLOAT32_MAX = 3.4028234663852886e38  # the largest 32-bit float: a .model stores scores as these

__all__ = ["export_kind", "exported", "sentencepiece_exported", "wordpiece_export", "unigram_export",
           "bpe_model_export"]


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


def wordpiece_export(vocab, required: tuple, bert_specials: tuple) -> tuple[list, list]:
    """(pieces in id order, special tokens) of a WordPiece vocabulary to write as BERT's files: a
    ``wordpiece.train`` result, a list of pieces in id order or a dict piece -> id 0…n-1 (``bert.load_vocab``'s).
    ValueError for what the files cannot hold: no pieces, an empty or repeated piece, a piece with whitespace
    (vocab.txt is one piece per line, and BERT splits on whitespace), a lone surrogate, or one of ``required``
    missing. A plain list's special tokens are the ``bert_specials`` it holds.

    >>> wordpiece_export(["[UNK]", "[CLS]", "[SEP]", "a", "##b"], ("[UNK]", "[CLS]", "[SEP]"), ("[UNK]",))
    (['[UNK]', '[CLS]', '[SEP]', 'a', '##b'], ['[UNK]'])
    """
    specials = None
    if type(vocab).__name__ == "WordPieceResult":
        vocab, specials = list(vocab.vocab), list(vocab.special_tokens)
    elif isinstance(vocab, dict):
        if sorted(vocab.values()) != list(range(len(vocab))):
            raise ValueError("vocab, a dict, must map its pieces to the ids 0…n-1, each once")
        specials = getattr(vocab, "special_tokens", None)
        vocab = sorted(vocab, key=vocab.get)
    elif isinstance(vocab, (list, tuple)):
        vocab = list(vocab)
    else:
        raise TypeError(f"vocab (a WordPiece vocabulary) must be a wordpiece.train result, a list of pieces in id "
                        f"order or a dict piece -> id, got {type(vocab).__name__}")
    if not vocab:
        raise ValueError("vocab (a WordPiece vocabulary) is empty: BERT's files need at least [UNK], [CLS] and [SEP]")
    seen = distinct_pieces(vocab, "vocab")
    for number, piece in enumerate(vocab):
        if any(char.isspace() for char in piece):
            raise ValueError(f"vocab[{number}] = {short(piece)} holds whitespace: vocab.txt holds one piece per "
                             "line and BERT splits words on whitespace, so it could never be used")
        try:
            piece.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"vocab[{number}] = {short(piece)} holds a lone surrogate, which cannot be written "
                             "as UTF-8") from None
    missing = [token for token in required if token not in seen]
    if missing:
        raise ValueError(f"vocab (a WordPiece vocabulary) lacks {', '.join(missing)}: WordPiece needs [UNK] for "
                         "words it cannot cover and BERT's template needs [CLS] and [SEP]; add them "
                         "(wordpiece.train does)")
    if specials is None:
        specials = [token for token in bert_specials if token in seen]
    return vocab, list(specials)


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


def unigram_export(log_probs, what: str, reserved: list) -> dict:
    """The dict piece -> log-probability of a ``unigram.train`` result or a dict, if ``what`` (".model") can
    hold it: pieces that are non-empty, not ``reserved``, without a space or a lone surrogate; log-probabilities
    finite, at most 0 and within a 32-bit float."""
    if type(log_probs).__name__ == "UnigramResult":
        log_probs = log_probs.log_probs
    if not isinstance(log_probs, dict):
        raise TypeError(f"log_probs (a Unigram model) must be a unigram.train result or a dict piece -> "
                        f"log-probability, "
                        f"got {type(log_probs).__name__}")
    if not log_probs:
        raise ValueError(f"log_probs (a Unigram model) has no pieces: a {what} needs at least one")
    if len(log_probs) > 1 and sorted(log_probs.values(), key=repr) == sorted(range(len(log_probs)), key=repr):
        raise TypeError(f"log_probs (a Unigram model) maps pieces to log-probabilities; this dict maps "
                        f"them to the ids 0…n-1, "
                        f"like a WordPiece vocabulary: for a {what} of a WordPiece vocabulary pass its pieces in "
                        f"id order, e.g. sorted(vocab, key=vocab.get), to export.to_hf")
    for piece, log_prob in log_probs.items():
        if not isinstance(piece, str) or not piece:
            raise ValueError(f"the pieces of log_probs must be non-empty strings, got {short(piece)}")
        if piece in reserved:
            raise ValueError(f"the piece {piece!r} of log_probs is reserved: a {what} gives it its own "
                             f"id; leave it out")
        if " " in piece:
            raise ValueError(f"the piece {short(piece)} of log_probs holds a space, which a {what} cannot use: "
                             "spaces become '▁' before segmenting; write '▁' instead")
        try:
            piece.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"the piece {short(piece)} of log_probs holds a lone surrogate, which "
                             f"is not a character "
                             f"and cannot be written as UTF-8") from None
        if isinstance(log_prob, bool) or not isinstance(log_prob, (int, float)) or not math.isfinite(log_prob) \
                or log_prob > 0:
            raise ValueError(f"log_probs: the log-probability of {piece!r} must be a finite number at most 0, "
                             f"got {short(log_prob)}")
        if log_prob < -_FLOAT32_MAX:
            raise ValueError(f"log_probs: the log-probability of {piece!r} is {log_prob}, below what a "
                             f"32-bit float holds "
                             f"(-3.4e38)")
    return log_probs


def bpe_model_export(model, normalizer_name: str):
    """``model`` (a ``SentencePieceBPE``) if it normalises as a written file will: ``normalizer_name``, with the
    three whitespace switches on."""
    normalizer = model.normalizer
    if normalizer["name"] != normalizer_name:
        raise ValueError(f"this SentencePiece BPE model normalises with {normalizer['name']!r}, whose character map "
                         f"a written .model does not hold (it normalises with {normalizer_name!r}): write a model from "
                         "sentencepiece_bpe.train")
    switches = [name for name, on in normalizer.items() if name != "name" and not on]
    if switches:
        raise ValueError(f"this SentencePiece BPE model has {', '.join(switches)} off, but a written .model has the "
                         "whitespace switches on: write a model from sentencepiece_bpe.train")
    return model
