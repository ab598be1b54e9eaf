"""Checks of ``bpe_lab.export``: which kind of tokenizer an object is, for the writers, and what BERT's files can hold."""

from __future__ import annotations

from collections.abc import Mapping

from . import short
from .wordpiece import distinct_pieces

__all__ = ["export_kind", "exported", "sentencepiece_exported", "wordpiece_export"]


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
