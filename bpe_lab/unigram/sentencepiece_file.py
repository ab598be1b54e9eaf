"""Reading a SentencePiece ``.model`` file, without the ``protobuf`` package.

A ``.model`` file is one protocol-buffer message (SentencePiece's ``ModelProto``). Protocol buffers store a
message as a run of fields, each a *key* (field number and wire type, packed in a varint) and a value:

    wire type 0  a varint: 7 bits per byte, low bits first, the top bit set on every byte but the last
    wire type 1  8 bytes (a double)          wire type 5  4 bytes (a float, such as a piece's score)
    wire type 2  a varint length, then that many bytes (a string, or a message nested inside)

Of ``ModelProto`` this reads field 1, the pieces (each a message: 1 the piece, 2 its score, 3 its type:
normal, unknown, control, user-defined, unused or byte, such as ``<0xE6>``), field 2, the trainer spec (only
3 the model type and 35 byte fallback), and field 3, the normaliser spec (1 its name; 3, 4, 5 the
whitespace switches). Unigram and BPE models share this format; what a model does with its pieces is
elsewhere (``sentencepiece_model.py`` for Unigram, ``bpe_lab/sentencepiece_bpe.py`` for BPE).
It does not read the normaliser's precompiled character map: only the normalisers named in
``NORMALIZERS`` are supported, by name.
"""

from __future__ import annotations

import struct
from pathlib import Path

from .. import _checks as check
from .. import storage

# read_model_file is the entry point (SentencePieceModel.load calls it); varint, fields and parse_model are its steps.
__all__ = ["NORMAL", "UNKNOWN", "CONTROL", "USER_DEFINED", "UNUSED", "BYTE", "SEGMENTING", "NORMALIZERS",
           "MODEL_TYPES", "read_model_file", "read_model_trainer"]

NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6  # the piece types of ModelProto
SEGMENTING = (NORMAL, USER_DEFINED)  # the types whose pieces (and scores) segment a text
NORMALIZERS = ("nfkc", "nmt_nfkc", "identity")
MODEL_TYPES = {1: "unigram", 2: "bpe", 3: "word", 4: "char"}  # TrainerSpec.model_type


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


def parse_model(data: bytes) -> tuple[list, dict]:
    """The pieces ``(piece, score, type)`` in id order and the normaliser settings of a ``ModelProto``.

    A damaged message raises ``ValueError``, ``UnicodeDecodeError`` or ``struct.error``.
    """
    pieces = []
    normalizer = {"name": "nmt_nfkc", "add_dummy_prefix": True, "remove_extra_whitespaces": True,
                  "escape_whitespaces": True}
    switches = {3: "add_dummy_prefix", 4: "remove_extra_whitespaces", 5: "escape_whitespaces"}
    for number, wire, value in fields(data):
        if number == 1 and wire == 2:  # a piece
            pieces.append(_parse_piece(value))
        elif number == 3 and wire == 2:  # the normaliser spec
            for field, field_wire, field_value in fields(value):
                if field == 1 and field_wire == 2:
                    normalizer["name"] = field_value.decode("utf-8")
                elif field in switches and field_wire == 0:
                    normalizer[switches[field]] = bool(field_value)
    return pieces, normalizer


def parse_trainer(data: bytes) -> dict:
    """The model type and the byte-fallback switch of a ``ModelProto``'s trainer spec (field 2).

    >>> parse_trainer(bytes([0x12, 0x05, 0x18, 0x02, 0x98, 0x02, 0x01]))  # field 2: {3: 2 (bpe), 35: 1}
    {'model_type': 'bpe', 'byte_fallback': True}
    """
    trainer = {"model_type": "unigram", "byte_fallback": False}  # SentencePiece's defaults
    for number, wire, value in fields(data):
        if number == 2 and wire == 2:
            for field, field_wire, field_value in fields(value):
                if field == 3 and field_wire == 0:
                    trainer["model_type"] = MODEL_TYPES.get(field_value, f"type {field_value}")
                elif field == 35 and field_wire == 0:
                    trainer["byte_fallback"] = bool(field_value)
    return trainer


def _parse_piece(data: bytes) -> tuple[str, float, int]:
    """One ``SentencePiece`` message: (piece, score, type); the score defaults to 0.0, the type to normal."""
    piece, score, kind = None, 0.0, NORMAL
    for field, wire, value in fields(data):
        if field == 1 and wire == 2:
            piece = value.decode("utf-8")
        elif field == 2 and wire == 5:
            score = struct.unpack("<f", value)[0]
        elif field == 3 and wire == 0:
            kind = value
    if piece is None:
        raise ValueError("a piece without its text")
    return piece, score, kind


def read_model_file(path) -> tuple[list, dict]:
    """``parse_model`` of the file at ``path``, which must hold usable pieces and a supported normaliser.

    A missing file raises ``FileNotFoundError``, a folder ``IsADirectoryError``; a damaged or foreign file
    ``bpe_lab.storage.FileFormatError`` (a ``ValueError``) naming the file and the problem.
    """
    path = check.path(path)
    data = _read_bytes(path)
    try:
        pieces, normalizer = parse_model(data)
    except (ValueError, UnicodeDecodeError, struct.error) as exc:
        raise storage.FileFormatError(path, f"is not a readable SentencePiece model: {exc}; was it truncated "
                                            "or damaged?") from None
    if not pieces:
        raise storage.FileFormatError(path, "is not a SentencePiece model: it holds no pieces")
    problem = check.sentencepiece_problem(pieces, SEGMENTING)
    if problem:
        raise storage.FileFormatError(path, f"is not a readable SentencePiece model: {problem}; was it damaged?")
    if normalizer["name"] not in NORMALIZERS:
        raise storage.FileFormatError(path, f"uses the normaliser {check.short(normalizer['name'])}, which is "
                                            "not supported (nfkc and identity are)")
    return pieces, normalizer


def read_model_trainer(path) -> dict:
    """``parse_trainer`` of the file at ``path`` (read after ``read_model_file`` accepted it)."""
    path = check.path(path)
    try:
        return parse_trainer(_read_bytes(path))
    except (ValueError, UnicodeDecodeError, struct.error) as exc:
        raise storage.FileFormatError(path, f"is not a readable SentencePiece model: {exc}") from None


def _read_bytes(path: Path) -> bytes:
    """The bytes of the file at ``path``; a missing file or a folder says what was expected there."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(f"no SentencePiece model at {path}") from None
    except IsADirectoryError:
        raise IsADirectoryError(f"{path} is a folder, not a SentencePiece model: pass the path of a .model "
                                "file") from None
