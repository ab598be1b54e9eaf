"""Checks for ``bpe_lab.segmentation``: a vocabulary of pieces, a text to cut with it, a dropout probability and
a random number generator.

``pieces`` returns a ``Pieces`` (a frozenset marked as checked, knowing its longest piece and its characters) and
hands a ``Pieces`` back at once, so cutting thousands of chunks with one vocabulary checks the vocabulary once.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import is_real, short

__all__ = ["Pieces", "pieces", "segmentation_text", "dropout_probability", "random_generator"]

_VOCAB = "vocab must be a collection of pieces (a set, list or dict of str or bytes) such as {'h', 'u', 'g', 'ug'}"


class Pieces(frozenset):
    """A vocabulary that ``pieces`` has checked: non-empty pieces, all str or all bytes, with ``kind`` (str or
    bytes), ``longest`` (the length of the longest piece) and ``characters`` (every character, or byte value, that
    some piece holds). Build one with ``segmentation.prepare_vocab``."""

    kind: type
    longest: int
    characters: frozenset


def pieces(vocab, name: str = "vocab") -> Pieces:
    """A set, list or dict (its keys) of non-empty str or bytes pieces, one kind only -> a ``Pieces``."""
    if type(vocab) is Pieces:
        return vocab
    if isinstance(vocab, (str, bytes)) or not isinstance(vocab, Iterable):
        tail = ", not one str" if isinstance(vocab, (str, bytes)) else f", got {type(vocab).__name__}"
        raise TypeError(_VOCAB.replace("vocab", name, 1) + tail)
    found = set(vocab)
    kinds = {type(piece) for piece in found}
    if not found:
        raise ValueError(f"{name} is empty: pass the pieces of a vocabulary, such as tokenizer.vocab")
    if not kinds <= {str, bytes}:
        odd = next(piece for piece in found if not isinstance(piece, (str, bytes)))
        raise TypeError(f"{name} must hold pieces (str or bytes), got {short(odd)} ({type(odd).__name__})")
    if len(kinds) > 1:
        raise TypeError(f"{name} must hold str pieces or bytes pieces, not both")
    if any(len(piece) == 0 for piece in found):
        raise ValueError(f"{name} holds an empty piece: every piece must have at least one character (or byte)")
    checked = Pieces(found)
    checked.kind, checked.longest = kinds.pop(), max(map(len, found))
    checked.characters = frozenset().union(*map(frozenset, found))  # a str's characters, or bytes' values
    return checked


def segmentation_text(text, vocab: Pieces) -> str | bytes:
    """A str or bytes text of the same kind as the vocabulary's pieces."""
    if not isinstance(text, (str, bytes)):
        raise TypeError(f"text must be a str or bytes, got {short(text)} ({type(text).__name__})")
    if not isinstance(text, vocab.kind):
        raise TypeError(f"text is {type(text).__name__} but the vocabulary holds {vocab.kind.__name__} pieces; "
                        f"pass both as str or both as bytes (text.encode('utf-8') for byte-level pieces)")
    return text


def dropout_probability(p) -> float:
    """A probability from 0 to 1 (the chance that each applicable merge is skipped)."""
    if not is_real(p):
        raise TypeError(f"p must be a number from 0 to 1 (the chance of skipping each merge) such as 0.1, "
                        f"got {short(p)} ({type(p).__name__})")
    if not 0 <= p <= 1:  # (NaN fails this too)
        raise ValueError(f"p must be a number from 0 to 1 (the chance of skipping each merge) such as 0.1, got {p!r}")
    return float(p)


def random_generator(rng):
    """Anything with a ``random()`` method giving a number in [0, 1): ``random.Random(0)``, a NumPy generator."""
    if not callable(getattr(rng, "random", None)) or isinstance(rng, type):
        raise TypeError(f"rng must be a random number generator such as random.Random(0), got {short(rng)} "
                        f"({type(rng).__name__})")
    return rng
