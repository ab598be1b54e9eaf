"""Writing a Unigram model, or a SentencePiece BPE model, as a SentencePiece ``.model`` file, without the
``protobuf`` package.

The file is one protocol-buffer message, SentencePiece's ``ModelProto`` (the reader,
``bpe_lab.unigram.sentencepiece_file``, explains the wire format). This writes three of its fields:

    1  the pieces, in id order, each a message: 1 the piece (a string), 2 its score (a 32-bit float),
       3 its type (1 normal, 2 unknown, 3 control, 4 user-defined, 6 byte)
    2  the trainer spec: 3 the model type (1 Unigram, 2 BPE), 4 the vocabulary size, 35 byte fallback
    3  the normaliser spec: 1 its name, 3 add_dummy_prefix, 4 remove_extra_whitespaces, 5 escape_whitespaces

A Unigram model (piece -> log-probability) gets the ids 0 "<unk>", 1 "<s>", 2 "</s>" (SentencePiece's
defaults), then its pieces from the most probable down. A SentencePiece BPE model
(``sentencepiece_bpe.SentencePieceBPE``, e.g. from ``sentencepiece_bpe.train``) is written as it is: its
pieces, scores and types in id order, and its byte-fallback switch.

The normaliser is "identity": SentencePiece maps no character (no NFKC), it only cleans up spaces (drops
leading, trailing and repeated ones), writes each space as "▁" and puts a "▁" in front of the text, as
``unigram.train`` marks its words and ``sentencepiece_bpe.train`` normalises. So ``sentencepiece``
segments a text as ``SentencePieceModel`` (Viterbi over the whole text, an unknown character scoring
lowest score - 10) or ``SentencePieceBPE`` does with the same pieces. A BPE model read from a file that
normalises with NFKC is refused: its character map is not written.

Scores are stored as 32-bit floats: a log-probability keeps about 7 significant digits; a BPE score
(-0, -1, -2, ...) is kept exactly.
"""

from __future__ import annotations

import math
import struct
from pathlib import Path

from .. import _checks as check
from .. import storage
from ..sentencepiece_bpe import SentencePieceBPE

# write is the entry point (export.to_sentencepiece calls it); model_pieces and encode_model are its steps.
__all__ = ["SPECIALS", "NORMALIZER", "write"]

NORMAL, UNKNOWN, CONTROL = 1, 2, 3  # piece types of ModelProto (as in the reader)
SPECIALS = (("<unk>", UNKNOWN), ("<s>", CONTROL), ("</s>", CONTROL))  # ids 0, 1, 2
NORMALIZER = "identity"
UNIGRAM, BPE = 1, 2  # TrainerSpec.model_type
_FLOAT32_MAX = 3.4028234663852886e38


def model_pieces(log_probs) -> list[tuple[str, float, int]]:
    """The ``(piece, score, type)`` list a written model holds, in id order: the three special pieces, then
    the pieces by decreasing log-probability (ties by piece). ``log_probs``: a ``unigram.train`` result or a
    dict piece -> log-probability; what a ``.model`` cannot hold raises ValueError (see ``write``).

    >>> model_pieces({"▁a": -1.0, "b": -2.0})
    [('<unk>', 0.0, 2), ('<s>', 0.0, 3), ('</s>', 0.0, 3), ('▁a', -1.0, 1), ('b', -2.0, 1)]
    """
    log_probs = _checked_log_probs(log_probs, ".model")
    order = sorted(log_probs, key=lambda piece: (-log_probs[piece], piece))
    return [(piece, 0.0, kind) for piece, kind in SPECIALS] + [(piece, float(log_probs[piece]), NORMAL)
                                                              for piece in order]


def encode_model(model) -> bytes:
    """The bytes of the ``ModelProto`` for ``model`` (what ``write`` writes): a Unigram model (``log_probs``) or a
    ``SentencePieceBPE``."""
    if isinstance(model, SentencePieceBPE):
        pieces, model_type, byte_fallback = _bpe_pieces(model), BPE, model.byte_fallback
    else:
        pieces, model_type, byte_fallback = model_pieces(model), UNIGRAM, False
    data = bytearray()
    for piece, score, kind in pieces:
        message = (_bytes_field(1, piece.encode("utf-8")) + _key(2, 5) + struct.pack("<f", score)
                   + _varint_field(3, kind))
        data += _bytes_field(1, message)
    trainer = _varint_field(3, model_type) + _varint_field(4, len(pieces))
    data += _bytes_field(2, trainer + (_varint_field(35, 1) if byte_fallback else b""))
    normalizer = (_bytes_field(1, NORMALIZER.encode("ascii")) + _varint_field(3, 1) + _varint_field(4, 1)
                  + _varint_field(5, 1))
    data += _bytes_field(3, normalizer)
    return bytes(data)


def _bpe_pieces(model: SentencePieceBPE) -> list[tuple[str, float, int]]:
    """A BPE model's (piece, score, type) list, if it normalises as the written file will: "identity", with the
    three whitespace switches on."""
    normalizer = model.normalizer
    if normalizer["name"] != NORMALIZER:
        raise ValueError(f"this SentencePiece BPE model normalises with {normalizer['name']!r}, whose character map "
                         f"a written .model does not hold (it normalises with {NORMALIZER!r}): write a model from "
                         "sentencepiece_bpe.train")
    switches = [name for name, on in normalizer.items() if name != "name" and not on]
    if switches:
        raise ValueError(f"this SentencePiece BPE model has {', '.join(switches)} off, but a written .model has the "
                         "whitespace switches on: write a model from sentencepiece_bpe.train")
    return model.pieces


def write(model, path) -> Path:
    """Write a Unigram model or a SentencePiece BPE model as a SentencePiece ``.model`` at ``path`` (atomically);
    returns the path.

    ``model``: a ``unigram.train`` result or a dict piece -> log-probability (finite, at most 0), or a
    ``sentencepiece_bpe.SentencePieceBPE`` that normalises with "identity" (``sentencepiece_bpe.train``'s).
    Refused with ValueError: an empty Unigram model; a piece that is empty, holds a space (SentencePiece
    turns every space into "▁" before segmenting, so such a piece could never be used: write "▁" instead) or a
    lone surrogate (not UTF-8), or is one of the reserved "<unk>", "<s>", "</s>"; a log-probability below the
    smallest 32-bit float; a BPE model that normalises otherwise.

    >>> import tempfile, pathlib
    >>> from bpe_lab.unigram import read_sentencepiece_model
    >>> path = write({"▁a": -1.0, "▁": -2.0, "a": -2.5}, pathlib.Path(tempfile.mkdtemp()) / "toy.model")
    >>> read_sentencepiece_model(path).encode("a  a")
    ['▁a', '▁a']
    """
    data, path = encode_model(model), check.path(path)
    return storage.write_bytes_atomic(path, data)


def _checked_log_probs(log_probs, what: str) -> dict:
    """The dict piece -> log-probability of a ``unigram.train`` result or a dict, if ``what`` can hold it."""
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
            raise ValueError(f"the pieces of log_probs must be non-empty strings, got {check.short(piece)}")
        if piece in dict(SPECIALS):
            raise ValueError(f"the piece {piece!r} of log_probs is reserved: a {what} gives it its own "
                             f"id; leave it out")
        if " " in piece:
            raise ValueError(f"the piece {check.short(piece)} of log_probs holds a space, which a {what} cannot use: "
                             "spaces become '▁' before segmenting; write '▁' instead")
        try:
            piece.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"the piece {check.short(piece)} of log_probs holds a lone surrogate, which "
                             f"is not a character "
                             f"and cannot be written as UTF-8") from None
        if isinstance(log_prob, bool) or not isinstance(log_prob, (int, float)) or not math.isfinite(log_prob) \
                or log_prob > 0:
            raise ValueError(f"log_probs: the log-probability of {piece!r} must be a finite number at most 0, "
                             f"got {check.short(log_prob)}")
        if log_prob < -_FLOAT32_MAX:
            raise ValueError(f"log_probs: the log-probability of {piece!r} is {log_prob}, below what a "
                             f"32-bit float holds "
                             f"(-3.4e38)")
    return log_probs


# -- protocol buffer encoding -----------------------------------------------------------------------------

def _varint(value: int) -> bytes:
    """``value`` (at least 0) as a varint: 7 bits per byte, low bits first, the top bit on all but the last.

    >>> _varint(300).hex()
    'ac02'
    """
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _key(number: int, wire: int) -> bytes:
    return _varint(number << 3 | wire)


def _varint_field(number: int, value: int) -> bytes:
    return _key(number, 0) + _varint(value)


def _bytes_field(number: int, value: bytes) -> bytes:
    return _key(number, 2) + _varint(len(value)) + value
