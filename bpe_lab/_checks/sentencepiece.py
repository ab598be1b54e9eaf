"""Checks of ``bpe_lab.sentencepiece`` and ``bpe_lab.sentencepiece_bpe``: a model's pieces and normaliser, what
``.model`` a file holds, the texts, ids and pieces a model takes, the symbols and scores BPE merges, a byte, and
the readable BPE trainer's arguments (``sentencepiece_bpe_train``)."""

from __future__ import annotations

import math
import re

from . import is_real, is_whole, items, real, short, switch, utf8, whole
from .texts import training_lines

__all__ = ["sentencepiece_pieces", "normalizer_spec", "normalizer_parts", "user_defined_pieces",
           "text_position", "sentencepiece_model_type",
           "sentencepiece_text", "sentencepiece_texts", "sentencepiece_ids", "sentencepiece_id", "sentencepiece_piece",
           "bpe_symbols_and_scores", "byte_value", "sp_training", "sp_vocab_room", "sp_vocab_filled"]

_NORMAL, _UNKNOWN, _USER_DEFINED, _BYTE = 1, 2, 4, 6  # piece types (sentencepiece/model_file.py)
_TYPES = "1 (normal), 2 (unknown), 3 (control), 4 (user-defined), 5 (unused) or 6 (byte)"
_SPEC_KEYS = ("name", "add_dummy_prefix", "remove_extra_whitespaces", "escape_whitespaces")
_BYTE_PIECE = re.compile(r"<0x[0-9A-F]{2}>")


def sentencepiece_pieces(pieces, byte_fallback) -> tuple[list, bool]:
    """(pieces, byte_fallback) if pieces is a list of (piece, score, type) triples that SentencePiece would run
    (``sentencepiece_problem``) and byte_fallback True or False."""
    triples = "pieces must be a list of (piece, score, type) triples in id order, e.g. [('▁the', -3.2, 1)]"
    if not isinstance(pieces, (list, tuple)):
        raise TypeError(f"{triples}, got {type(pieces).__name__}")
    if not pieces:
        raise ValueError(f"pieces must be a non-empty list of (piece, score, type) triples, got an empty "
                         f"{type(pieces).__name__}")
    for number, item in enumerate(pieces):
        if not isinstance(item, (tuple, list)) or len(item) != 3:
            raise ValueError(f"pieces[{number}] must be (piece, score, type), got {short(item)}")
        piece, score, kind = item
        if not isinstance(piece, str) or not is_real(score) or not is_whole(kind):
            raise ValueError(f"pieces[{number}] must be (piece, score, type) with a str, a number and an int, "
                             f"got {short(item)}")
    byte_fallback = switch(byte_fallback, "byte_fallback")
    if not any(kind in (_NORMAL, _USER_DEFINED) for _, _, kind in pieces):
        raise ValueError("pieces hold no normal pieces to segment with: at least one piece must have the type "
                         "1 (normal) or 4 (user-defined)")
    problem = sentencepiece_problem(pieces, byte_fallback)
    if problem:
        raise ValueError(f"pieces are unusable: {problem}")
    return [(piece, float(score), int(kind)) for piece, score, kind in pieces], byte_fallback


def sentencepiece_problem(pieces: list, byte_fallback: bool) -> str | None:
    """What makes a model's (piece, score, type) list one SentencePiece refuses to load, or None."""
    seen, unknown, byte_pieces = set(), [], 0
    for number, (piece, score, kind) in enumerate(pieces):
        if not piece:
            return f"piece {number} is empty"
        if piece in seen:
            return f"piece {number} ({short(piece)}) is listed twice"
        seen.add(piece)
        if kind not in range(1, 7):
            return f"piece {number} ({short(piece)}) has the type {kind}, not {_TYPES}"
        if math.isnan(score):
            return f"piece {number} ({short(piece)}) has the score nan"
        if kind == _UNKNOWN:
            unknown.append(number)
        if kind == _BYTE and not _BYTE_PIECE.fullmatch(piece):
            return f"piece {number} ({short(piece)}) has the type 6 (byte) but is not a byte piece such as '<0xE6>'"
        byte_pieces += kind == _BYTE
    if len(unknown) != 1:
        return f"it needs one unknown piece (type 2, such as '<unk>'), and has {len(unknown)}"
    if not any(kind in (_NORMAL, _USER_DEFINED) for _, _, kind in pieces):
        return "it holds no normal pieces to segment with"
    if byte_pieces and not byte_fallback:
        return f"it holds {byte_pieces} byte pieces, but byte_fallback is off"
    if byte_fallback and byte_pieces != 256:
        return (f"byte_fallback=True needs the 256 byte pieces <0x00> ... <0xFF>, but the pieces hold {byte_pieces}: "
                "pass byte_fallback=False")
    return None


def normalizer_spec(value, name: str = "normalizer") -> dict:
    """``value`` (a dict) if it names a normaliser a model can run: the keys ``_SPEC_KEYS``, the switches True or
    False; a name other than "identity" needs its compiled character map (key precompiled_charsmap, bytes)."""
    if not isinstance(value, dict) or any(key not in value for key in _SPEC_KEYS):
        raise TypeError(f"{name} must be a sentencepiece.Normalizer or a dict with the keys "
                        f"{', '.join(_SPEC_KEYS)}, got {short(value)}")
    for key in _SPEC_KEYS[1:] + ("treat_whitespace_as_suffix",):
        if key in value:
            switch(value[key], key)
    charsmap = value.get("precompiled_charsmap", b"")
    if not isinstance(charsmap, (bytes, bytearray)):
        raise TypeError(f"precompiled_charsmap must be bytes (as a .model file holds it), got {short(charsmap)}")
    if value["name"] != "identity" and not charsmap:
        raise ValueError(f"normalizer {short(value['name'])} needs its compiled character map, which only a .model "
                         "file holds: load the model with bpe_lab.sentencepiece.load(path), or pass 'identity'")
    return value


def normalizer_parts(normalizer, charsmap_type) -> None:
    """A TypeError naming the field of a ``Normalizer`` that is not what it must be: a str name, a ``charsmap_type``
    or None, four switches True or False, a set of user-defined pieces (non-empty str)."""
    if not isinstance(normalizer.name, str):
        raise TypeError(f"name must be a str such as 'nmt_nfkc', got {short(normalizer.name)}")
    if normalizer.charsmap is not None and not isinstance(normalizer.charsmap, charsmap_type):
        raise TypeError(f"charsmap must be a sentencepiece.charsmap.CharsMap or None, got {short(normalizer.charsmap)}")
    for name in ("add_dummy_prefix", "remove_extra_whitespaces", "escape_whitespaces", "treat_whitespace_as_suffix"):
        switch(getattr(normalizer, name), name)
    if not isinstance(normalizer.user_defined, frozenset):
        raise TypeError(f"user_defined must be a frozenset of pieces, got {short(normalizer.user_defined)}")
    user_defined_pieces(normalizer.user_defined)


def user_defined_pieces(value) -> list:
    """``value`` as a list, if it is a collection of non-empty str (a model's user-defined pieces)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"user_defined must be a list of pieces (str), such as ['<sep>'], got {short(value)}")
    pieces = list(value)
    for piece in pieces:
        if not isinstance(piece, str) or not piece:
            raise (TypeError if not isinstance(piece, str) else ValueError)(
                f"user_defined must hold non-empty pieces (str), such as '<sep>', got {short(piece)}")
    return pieces


def text_position(text, start) -> tuple[str, int]:
    """(text, start) if text is a str and start a position in it (0 to len(text) - 1)."""
    if type(text) is str and type(start) is int and 0 <= start < len(text):
        return text, start  # the usual call, checked at once
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    if not text:
        raise ValueError("text must not be empty: there is no position to look up")
    return text, whole(start, "start", minimum=0, maximum=len(text) - 1)


def sentencepiece_model_type(model_type: str, path, wanted: str | None = None) -> str:
    """``model_type`` (what a ``.model`` at ``path`` holds) if bpe_lab runs it, and it is ``wanted`` (if given);
    a ValueError naming the file, the model type and what reads it otherwise."""
    readers = {"bpe": "bpe_lab.sentencepiece_bpe.load", "unigram": "bpe_lab.unigram.read_sentencepiece_model"}
    if wanted is not None and wanted not in readers:
        raise (ValueError if isinstance(wanted, str) else TypeError)(
            f"model_type must be 'bpe', 'unigram' or None (either), got {short(wanted)}")
    if model_type not in readers:
        raise ValueError(f"{path} holds a SentencePiece model with model_type={model_type}, which bpe_lab does not "
                         "run (it runs model_type=bpe and model_type=unigram)")
    if wanted is not None and model_type != wanted:
        names = {"bpe": "BPE", "unigram": "Unigram"}
        raise ValueError(f"{path} holds a SentencePiece {names[model_type]} model, not {names[wanted]}: read it with "
                         f"{readers[model_type]} (or bpe_lab.sentencepiece.load, which reads both)")
    return model_type


def sentencepiece_text(value, name: str = "text") -> str:
    """``value`` if it is a str that UTF-8 can encode; bytes become a str with each byte that is not UTF-8 as a
    lone surrogate U+DC80-U+DCFF (``errors="surrogateescape"``), which the normaliser makes U+FFFD."""
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", errors="surrogateescape")
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str (or UTF-8 bytes), got {type(value).__name__}")
    utf8(value, name, hint="pass the text as bytes to have it read as SentencePiece reads them, or remove it")
    return value


def sentencepiece_texts(values, name: str = "texts") -> list[str]:
    """``values`` as a list of str, if it is a list (or tuple) of texts ``sentencepiece_text`` takes."""
    return [sentencepiece_text(value, f"{name}[{i}]") for i, value in enumerate(items(values, name, "texts"))]


def sentencepiece_ids(value, vocab_size: int, name: str = "ids") -> list[int]:
    """``value`` as a list of ints, if it is a list (or tuple) of ids from 0 to ``vocab_size - 1``."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) and not hasattr(value, "tolist"):
        raise TypeError(f"{name} must be a list of ids from 0 to {vocab_size - 1}, got {short(value)}")
    ids = list(value.tolist() if hasattr(value, "tolist") else value)
    for number, piece_id in enumerate(ids):
        if not is_whole(piece_id) or not 0 <= piece_id < vocab_size:
            raise (ValueError if is_whole(piece_id) else TypeError)(
                f"{name}[{number}] must be an id from 0 to {vocab_size - 1}, got {short(piece_id)}")
    return [int(piece_id) for piece_id in ids]


def sentencepiece_id(value, vocab_size: int, name: str = "piece_id") -> int:
    """``value`` if it is an id from 0 to ``vocab_size - 1``."""
    return whole(value, name, minimum=0, maximum=vocab_size - 1)


def sentencepiece_piece(value, name: str = "piece") -> str:
    """``value`` if it is a str (a piece such as '▁the')."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str such as '▁the', got {type(value).__name__}")
    return value


def bpe_symbols_and_scores(symbols, scores) -> tuple[list, dict]:
    """(symbols, scores) if symbols is a list of str and scores a dict str -> number (not NaN)."""
    if not isinstance(symbols, (list, tuple)) or not all(isinstance(s, str) for s in symbols):
        raise TypeError(f"symbols must be a list of str, e.g. ['▁', 't', 'h', 'e'], got {short(symbols)}")
    if not isinstance(scores, dict):
        raise TypeError(f"scores must be a dict piece -> score, e.g. {{'▁t': -2.0}}, got {type(scores).__name__}")
    if all(type(piece) is str for piece in scores) and all(type(v) is float and v == v for v in scores.values()):
        return list(symbols), scores  # the usual table (str -> float, no NaN), checked in a fraction of the time
    for piece, score in scores.items():
        if not isinstance(piece, str) or not is_real(score) or math.isnan(score):
            raise ValueError(f"scores must map str pieces to numbers, got {short(piece)}: {short(score)}")
    return list(symbols), scores


def byte_value(value) -> int:
    """``value`` if it is a whole number from 0 to 255."""
    return whole(value, "byte", minimum=0, maximum=255, example=0xE6)


def sp_training(text_or_lines, vocab_size, character_coverage, byte_fallback, split_digits, max_piece_length,
                remove_extra_whitespaces) -> list:
    """The lines to train on, if ``sentencepiece_bpe.train``'s arguments are right: a str (split into lines) or a
    list of str lines with some text in them; vocab_size a whole number of at least 1; character_coverage above 0
    and at most 1; the switches True or False; max_piece_length a whole number of at least 1."""
    if isinstance(text_or_lines, str):
        lines = text_or_lines.splitlines()
    elif isinstance(text_or_lines, (bytes, dict)) or not hasattr(text_or_lines, "__iter__"):
        raise TypeError(f"text_or_lines must be a text (str) or a list of lines (str), "
                        f"got {type(text_or_lines).__name__}")
    else:
        lines = list(text_or_lines)
    training_lines(lines, "text_or_lines")
    whole(vocab_size, "vocab_size", minimum=1, example=1000)
    coverage = "a number above 0 and at most 1 (the share of the text's characters kept, e.g. 0.9995)"
    real(character_coverage, "character_coverage", minimum=0, maximum=1, what=coverage)
    if character_coverage == 0:
        raise ValueError(f"character_coverage must be {coverage}, got 0")
    switch(byte_fallback, "byte_fallback"), switch(split_digits, "split_digits")
    switch(remove_extra_whitespaces, "remove_extra_whitespaces")
    whole(max_piece_length, "max_piece_length", minimum=1, example=16)
    return lines


def sp_vocab_room(vocab_size: int, num_specials: int, num_characters: int) -> int:
    """The number of merges ``vocab_size`` leaves room for after the special and byte pieces and the kept
    characters; a ValueError saying the smallest vocab_size otherwise (SentencePiece refuses it too)."""
    if vocab_size < num_specials + num_characters:
        raise ValueError(f"vocab_size={vocab_size} is too small: the model needs {num_specials} special and byte "
                         f"pieces and {num_characters} characters, so pass at least {num_specials + num_characters} "
                         "(or a lower character_coverage, or byte_fallback=False)")
    return vocab_size - num_specials - num_characters


def sp_vocab_filled(vocab_size: int, num_pieces: int) -> None:
    """A ValueError when the text ran out of pairs to merge before the vocabulary had ``vocab_size`` pieces."""
    if num_pieces < vocab_size:
        raise ValueError(f"vocab_size={vocab_size} is too large for this text: it has no more pairs to merge after "
                         f"{num_pieces} pieces; pass vocab_size={num_pieces} or less, or a longer text")
