"""Checks for ``bpe_lab.references``: sentences to train on, vocabulary sizes, model types, a call to run elsewhere."""

from __future__ import annotations

import hashlib
import pickle

from . import items, one_of, short, whole
from .texts import training_lines

__all__ = ["sentences", "vocab_sizes", "model_types", "background_call"]

_MODEL_TYPES = ("bpe", "unigram", "char", "word")


def sentences(values) -> list[str]:
    """A list of str lines, one at least with text in it (SentencePiece reads one sentence per item)."""
    return training_lines(items(values, "sentences", "str (one line of text each)"), "sentences")


def vocab_sizes(values) -> list[int]:
    """A non-empty list of whole numbers from 4 up (SentencePiece's three special pieces and one more)."""
    values = items(values, "vocab_sizes", "whole numbers, such as [503, 1003]")
    if not values:
        raise ValueError("vocab_sizes must hold at least one size, such as [503, 1003]")
    return [whole(value, "each of vocab_sizes", minimum=4, example=503) for value in values]


def model_types(values) -> list[str]:
    """A non-empty list of SentencePiece model types ("bpe", "unigram", "char", "word")."""
    values = items(values, "model_types", 'SentencePiece model types, such as ("bpe", "unigram")')
    if not values:
        raise ValueError('model_types must hold at least one model type, such as ("bpe", "unigram")')
    return [one_of(value, "each of model_types", _MODEL_TYPES) for value in values]


def background_call(function, args, kwargs) -> tuple:
    """A function a second process can import, and arguments it can be sent: (function, a digest of the call).

    The digest is the sha256 of the pickled call (the function's full name and its arguments), which is also
    what the second process is sent: arguments that cannot be pickled cannot go.
    """
    if not callable(function):
        raise TypeError(f"function must be a function, such as references.sentencepiece_models, got "
                        f"{type(function).__name__}")
    module, name = getattr(function, "__module__", None), getattr(function, "__qualname__", "")
    if module in (None, "__main__") or "<" in name:  # a notebook's own function, a lambda, a nested function
        raise ValueError(f"function must be importable from a module, such as references.sentencepiece_models: a "
                         f"second process cannot see {short(function)}")
    try:
        call = pickle.dumps((f"{module}.{name}", args, sorted(kwargs.items())))
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        raise TypeError(f"the arguments must be plain data a second process can receive (lists, str, numbers, "
                        f"dicts): {error}") from None
    return function, hashlib.sha256(call).hexdigest()
