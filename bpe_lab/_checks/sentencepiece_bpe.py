"""Checks of ``bpe_lab.sentencepiece_bpe``: a SentencePiece BPE model's parts, the symbols and scores it merges,
a byte, that a ``.model`` file holds a BPE model, and the trainer's arguments (``sentencepiece_bpe_train``)."""

from __future__ import annotations

import math

from . import is_real, real, short, switch, whole
from .texts import training_lines
from .unigram import sentencepiece_pieces

__all__ = ["sentencepiece_bpe_model", "bpe_symbols_and_scores", "byte_value", "sentencepiece_bpe_trainer",
           "sp_training", "sp_vocab_room", "sp_vocab_filled"]

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
    if all(type(piece) is str for piece in scores) and all(type(v) is float and v == v for v in scores.values()):
        return list(symbols), scores  # the usual table (str -> float, no NaN), checked in a fraction of the time
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


def sp_training(text_or_lines, vocab_size, character_coverage, byte_fallback, split_digits, max_piece_length) -> list:
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
