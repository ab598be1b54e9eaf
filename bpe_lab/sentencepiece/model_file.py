"""The SentencePiece ``.model`` file, read and written without the ``protobuf`` package.

A ``.model`` file is one protocol-buffer message, SentencePiece's ``ModelProto``. Protocol buffers store a
message as a run of fields, each a *key* (field number and wire type, packed in a varint) and a value:

    wire type 0  a varint: 7 bits per byte, low bits first, the top bit set on every byte but the last
    wire type 1  8 bytes (a double)          wire type 5  4 bytes (a float, such as a piece's score)
    wire type 2  a varint length, then that many bytes (a string, or a message nested inside)

These fields of ``ModelProto`` decide what a model does with a text (the rest are the trainer's settings):

    1  the pieces, in id order, each a message: 1 the piece, 2 its score, 3 its type (``NORMAL`` ... ``BYTE``)
    2  the trainer spec: 3 the model type, 24 treat_whitespace_as_suffix, 35 byte_fallback, 44 unk_surface
    3  the normaliser spec: 1 its name, 2 its compiled character map (``charsmap.py``), 3 add_dummy_prefix,
       4 remove_extra_whitespaces, 5 escape_whitespaces, 6 the rules it was compiled from (a TSV, if any)
    5  the denormaliser spec: the same fields, for decoding (a model trained with decode rules)

``read(path)`` reads a file once into a ``ModelFile``; ``write(model, path)`` writes one (atomically). The
tables ``PIECE``, ``TRAINER`` and ``NORMALIZER`` name the fields for both. Piece types, the byte pieces
(``byte_piece``), the special pieces and the identity normaliser are defined here, once. What a model does
with its pieces is in ``model.py`` (both kinds), ``bpe.py`` and ``unigram.py``.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

from .. import _checks as check
from .. import storage

# read and write are the entry points; parse and serialize are their steps (varint and fields parse's), and
# ModelFile what they exchange.
__all__ = ["NORMAL", "UNKNOWN", "CONTROL", "USER_DEFINED", "UNUSED", "BYTE", "SPECIAL_PIECES", "BYTE_PIECES",
           "IDENTITY", "UNK_SURFACE", "byte_piece", "read", "model_pieces", "write"]

NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6  # SentencePiece.Type
SPECIAL_PIECES = [("<unk>", 0.0, UNKNOWN), ("<s>", 0.0, CONTROL), ("</s>", 0.0, CONTROL)]  # ids 0, 1, 2 by default
UNK_SURFACE = " \u2047 "  # " ⁇ ": what decode writes for <unk> (TrainerSpec.unk_surface's default)
IDENTITY = {"name": "identity", "precompiled_charsmap": b"", "add_dummy_prefix": True,
            "remove_extra_whitespaces": True, "escape_whitespaces": True}  # no rules: spaces only
MODEL_TYPES = {1: "unigram", 2: "bpe", 3: "word", 4: "char"}  # TrainerSpec.ModelType


def byte_piece(byte: int) -> str:
    """The piece SentencePiece writes for one byte: ``byte_piece(0xE6)`` -> ``'<0xE6>'``."""
    byte = check.byte_value(byte)
    return f"<0x{byte:02X}>"


BYTE_PIECES = [(byte_piece(byte), 0.0, BYTE) for byte in range(256)]  # ids 3 to 258 in a model with byte fallback


@dataclass
class ModelFile:
    """What a ``.model`` file says: the pieces ``(piece, score, type)`` in id order, the model type ("unigram",
    "bpe", "word" or "char"), the trainer's switches that matter when encoding, and the (de)normaliser specs
    as dicts of ``NORMALIZER``'s names (``denormalizer`` is None when the file has none)."""

    pieces: list
    model_type: str = "unigram"
    byte_fallback: bool = False
    treat_whitespace_as_suffix: bool = False
    unk_surface: str = UNK_SURFACE
    normalizer: dict | None = None
    denormalizer: dict | None = None

    def __post_init__(self):
        self.normalizer = {**_defaults(NORMALIZER), **(self.normalizer or {})}


# -- the fields: number -> (name, wire type, bytes -> value), for reading and writing alike ----------------------

def _text(value: bytes) -> str:
    return value.decode("utf-8")


def _float(value: bytes) -> float:
    return struct.unpack("<f", value)[0]


def _model_type(value: int) -> str:
    return MODEL_TYPES.get(value, f"type {value}")


PIECE = {1: ("piece", 2, _text), 2: ("score", 5, _float), 3: ("type", 0, int)}
TRAINER = {3: ("model_type", 0, _model_type), 24: ("treat_whitespace_as_suffix", 0, bool),
           35: ("byte_fallback", 0, bool), 44: ("unk_surface", 2, _text)}
NORMALIZER = {1: ("name", 2, _text), 2: ("precompiled_charsmap", 2, bytes), 3: ("add_dummy_prefix", 0, bool),
              4: ("remove_extra_whitespaces", 0, bool), 5: ("escape_whitespaces", 0, bool),
              6: ("normalization_rule_tsv", 2, _text)}
DEFAULTS = {"name": "", "precompiled_charsmap": b"", "add_dummy_prefix": True, "remove_extra_whitespaces": True,
            "escape_whitespaces": True, "normalization_rule_tsv": "", "model_type": "unigram",
            "treat_whitespace_as_suffix": False, "byte_fallback": False, "unk_surface": UNK_SURFACE,
            "piece": None, "score": 0.0, "type": NORMAL}  # what a field missing from a message means


def _defaults(table: dict) -> dict:
    return {name: DEFAULTS[name] for name, _, _ in table.values()}


# -- reading -------------------------------------------------------------------------------------------------

def varint(data: bytes, i: int) -> tuple[int, int]:
    """The varint at ``data[i:]`` and the position after it.

    >>> varint(bytes([0b1010_1100, 0b0000_0010]), 0)  # 0101100 + (0000010 << 7) = 44 + 256
    (300, 2)
    """
    value, shift = 0, 0
    while True:
        if i >= len(data):
            raise ValueError("truncated varint")
        byte = data[i]
        value |= (byte & 0x7F) << shift
        i += 1
        if not byte & 0x80:
            return value, i
        shift += 7


def fields(data: bytes):
    """Yield (field number, wire type, value) from a protocol-buffer message.

    >>> list(fields(bytes([0x0A, 0x02]) + b"hi" + bytes([0x18, 0x01])))  # field 1: "hi"; field 3: 1
    [(1, 2, b'hi'), (3, 0, 1)]
    """
    i = 0
    while i < len(data):
        key, i = varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = varint(data, i)
        elif wire == 1:
            value, i = data[i : i + 8], i + 8
        elif wire == 2:
            length, i = varint(data, i)
            value, i = data[i : i + length], i + length
        elif wire == 5:
            value, i = data[i : i + 4], i + 4
        else:
            raise ValueError(f"unsupported wire type {wire}")
        if i > len(data):
            raise ValueError("truncated field")
        yield number, wire, value


def _message(data: bytes, table: dict) -> dict:
    """The fields of ``table`` found in one message, by name (missing ones at their defaults)."""
    found = _defaults(table)
    for number, wire, value in fields(data):
        if number in table:
            name, expected, convert = table[number]
            if wire != expected:
                raise ValueError(f"field {name} has wire type {wire}, not {expected}")
            found[name] = convert(value)
    return found


def parse(data: bytes) -> ModelFile:
    """The ``ModelFile`` in the bytes of a ``ModelProto``. A damaged message raises ``ValueError`` (or
    ``UnicodeDecodeError``, a subclass).

    >>> parse(bytes([0x0A, 0x08, 0x0A, 0x01]) + b"a" + bytes([0x15, 0, 0, 0x80, 0xBF])).pieces  # a: -1.0
    [('a', -1.0, 1)]
    """
    pieces, trainer, normalizer, denormalizer = [], _defaults(TRAINER), None, None
    for number, wire, value in fields(data):
        if wire != 2 and number in (1, 2, 3, 5):
            raise ValueError(f"field {number} of the model has wire type {wire}, not 2 (a message)")
        if number == 1:
            piece = _message(value, PIECE)
            if piece["piece"] is None:
                raise ValueError(f"piece {len(pieces)} has no text")
            pieces.append((piece["piece"], piece["score"], piece["type"]))
        elif number == 2:
            trainer = _message(value, TRAINER)
        elif number == 3:
            normalizer = _message(value, NORMALIZER)
        elif number == 5:
            denormalizer = _message(value, NORMALIZER)
    return ModelFile(pieces, normalizer=normalizer, denormalizer=denormalizer, **trainer)


def read(path) -> ModelFile:
    """The ``ModelFile`` at ``path``: what the file says, read once.

    A missing file raises ``FileNotFoundError``, a folder ``IsADirectoryError``; a damaged or foreign file (or one
    without pieces) ``bpe_lab.storage.FileFormatError`` (a ``ValueError``) naming the file and the problem. Whether
    the pieces make a model SentencePiece (and bpe_lab) would run is ``sentencepiece.load``'s question.
    """
    path = check.path(path)
    data = storage.read_bytes(path, "SentencePiece model", "a SentencePiece model: pass the path of a .model file")
    try:
        model = parse(data)
    except (ValueError, struct.error) as exc:
        raise storage.FileFormatError(path, f"is not a readable SentencePiece model: {exc}; was it truncated "
                                            "or damaged?") from None
    if not model.pieces:
        raise storage.FileFormatError(path, "is not a SentencePiece model: it holds no pieces")
    return model


# -- writing -------------------------------------------------------------------------------------------------

def model_pieces(log_probs) -> list[tuple[str, float, int]]:
    """The ``(piece, score, type)`` list a Unigram model is written with, in id order: the three special pieces,
    then the pieces by decreasing log-probability (ties by piece). ``log_probs``: a ``unigram.train`` result or a
    dict piece -> log-probability; what a ``.model`` cannot hold raises ValueError (see ``write``).

    >>> model_pieces({"▁a": -1.0, "b": -2.0})
    [('<unk>', 0.0, 2), ('<s>', 0.0, 3), ('</s>', 0.0, 3), ('▁a', -1.0, 1), ('b', -2.0, 1)]
    """
    log_probs = check.unigram_export(log_probs, ".model", reserved=[piece for piece, _, _ in SPECIAL_PIECES])
    order = sorted(log_probs, key=lambda piece: (-log_probs[piece], piece))
    return list(SPECIAL_PIECES) + [(piece, float(log_probs[piece]), NORMAL) for piece in order]


def serialize(model: ModelFile) -> bytes:
    """The bytes of the ``ModelProto`` that ``parse`` reads back as ``model``: every field of ``PIECE``,
    ``TRAINER`` and ``NORMALIZER`` that is not at its default, and the vocabulary size (TrainerSpec field 4)."""
    data = bytearray()
    for piece, score, kind in model.pieces:
        data += _field(1, _serialize({"piece": piece, "score": score, "type": kind}, PIECE))
    trainer = {"model_type": model.model_type, "treat_whitespace_as_suffix": model.treat_whitespace_as_suffix,
               "byte_fallback": model.byte_fallback, "unk_surface": model.unk_surface}
    data += _field(2, _serialize(trainer, TRAINER) + _key(4, 0) + _varint(len(model.pieces)))
    data += _field(3, _serialize(model.normalizer, NORMALIZER))
    if model.denormalizer is not None:
        data += _field(5, _serialize(model.denormalizer, NORMALIZER))
    return bytes(data)


def write(model, path) -> Path:
    """Write a SentencePiece model as a ``.model`` at ``path`` (atomically); returns the path.

    ``model``: any model of this package (``sentencepiece.load``'s, ``sentencepiece_bpe.train``'s), written with
    everything it encodes with (pieces, normaliser and its character map, switches), or a Unigram model to
    write as SentencePiece would: a ``unigram.train`` result or a dict piece -> log-probability (finite, at most
    0), with "<unk>", "<s>", "</s>" in front and the "identity" normaliser (``model_pieces``). Refused with
    ValueError: an empty Unigram model; a piece that is empty, holds a space (SentencePiece turns every space
    into "▁" before segmenting, so such a piece could never be used: write "▁" instead) or a lone surrogate (not
    UTF-8), or is one of the reserved "<unk>", "<s>", "</s>"; a log-probability below the smallest 32-bit float.

    >>> import tempfile, pathlib
    >>> from bpe_lab.unigram import read_sentencepiece_model
    >>> path = write({"▁a": -1.0, "▁": -2.0, "a": -2.5}, pathlib.Path(tempfile.mkdtemp()) / "toy.model")
    >>> read_sentencepiece_model(path).encode_pieces("a  a")
    ['▁a', '▁a']
    """
    if callable(getattr(model, "model_file", None)):  # a model of this package (sentencepiece.Model)
        written = model.model_file()
    else:
        written = ModelFile(model_pieces(model), normalizer=dict(IDENTITY))
    return storage.write_bytes_atomic(check.path(path), serialize(written))


def _serialize(values: dict, table: dict) -> bytes:
    """The fields of ``table`` whose values differ from their defaults, in field order (a piece's text always)."""
    data = bytearray()
    for number, (name, wire, _) in sorted(table.items()):
        value = values.get(name, DEFAULTS[name])
        if value == DEFAULTS[name] and name != "piece":
            continue
        if wire == 0:
            value = value if isinstance(value, int) else {v: k for k, v in MODEL_TYPES.items()}[value]
            data += _key(number, 0) + _varint(int(value))
        elif wire == 5:
            data += _key(number, 5) + struct.pack("<f", value)
        else:
            data += _field(number, value.encode("utf-8") if isinstance(value, str) else bytes(value))
    return bytes(data)


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


def _field(number: int, value: bytes) -> bytes:
    return _key(number, 2) + _varint(len(value)) + value
