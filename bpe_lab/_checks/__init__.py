"""Every argument check of bpe_lab, in one place.

A public function checks what it was given in one line at its top and then hands over to code that
reads like the notebook cell it comes from::

    def train(corpus, num_merges, *, tie_break="smallest"):
        words, num_merges = check.corpus(corpus), check.whole(num_merges, "num_merges", example=10)
        ...

Each check either returns the value (often tidied: a word as a tuple, a path as ``pathlib.Path``) or
raises ``TypeError`` (a wrong type) or ``ValueError`` (a right type with a wrong value) whose message
names the argument and says what to pass. Messages cut long values with ``short`` so a 10 MB argument
gives a short error.

This package holds the general checks (this file) and, one file per idea, the checks that only make
sense for it (``symbols``: words, corpora and merge lists; ...). Everything is re-exported here, so
modules write ``from . import _checks as check`` and call ``check.whole(...)``, ``check.corpus(...)``.
"""

from __future__ import annotations

import math
import numbers
import os
import reprlib
from collections.abc import Mapping
from pathlib import Path

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60


def short(value) -> str:
    """``repr(value)`` cut to about 60 characters, so an error message stays short for a 10 MB argument.

    >>> short("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    """
    return _REPR.repr(value)


def is_whole(value) -> bool:
    """A whole number such as 3 (an int or numpy integer), but not True/False (bool is an int in Python)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def is_real(value) -> bool:
    """A number such as 2.5 or 3 (not a bool)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def whole(value, name: str, *, minimum: int | None = 0, maximum: int | None = None, what: str | None = None,
          example=None, out_of_range: str | None = None) -> int:
    """``value`` as an int, if it is a whole number from ``minimum`` to ``maximum`` (either may be None).

    ``what`` is how the message describes a right value ("a whole number of merges"); by default it is
    built from the bounds. Wrong type -> TypeError, out of range -> ValueError; both name ``name``.
    ``out_of_range``, if given, is the whole ValueError message, formatted with ``value``
    (e.g. ``"num_merges must be 0 or more, got {value}"``).

    >>> whole(3, "num_merges")
    3
    >>> whole(-1, "num_merges")
    Traceback (most recent call last):
    ValueError: num_merges must be a whole number of at least 0, got -1
    """
    if what is None:
        what = "a whole number"
        if minimum is not None and maximum is not None:
            what += f" from {minimum} to {maximum}"
        elif minimum is not None:
            what += f" of at least {minimum}"
        elif maximum is not None:
            what += f" of at most {maximum}"
    if example is not None:
        what += f" such as {example!r}"
    if not is_whole(value):
        raise TypeError(f"{name} must be {what}, got {short(value)} ({type(value).__name__})")
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise ValueError(out_of_range.format(value=value) if out_of_range else f"{name} must be {what}, got {value!r}")
    return int(value)


def real(value, name: str, *, minimum: float | None = None, maximum: float | None = None, what: str | None = None,
         finite: bool = True) -> float:
    """``value`` if it is a number (not a bool, not NaN; finite unless ``finite=False``) within the bounds."""
    what = what or "a number"
    if not is_real(value):
        raise TypeError(f"{name} must be {what}, got {short(value)} ({type(value).__name__})")
    if math.isnan(value) or (finite and math.isinf(value)) or (minimum is not None and value < minimum) or (
            maximum is not None and value > maximum):
        raise ValueError(f"{name} must be {what}, got {value!r}")
    return value


def text(value, name: str = "text", *, example: str | None = None, hint: str | None = None) -> str:
    """``value`` if it is a str; TypeError naming ``name`` otherwise (``hint``, if given, ends the message).

    >>> text(5, hint="read a file with load_text() first")
    Traceback (most recent call last):
    TypeError: text must be a str, got int; read a file with load_text() first
    """
    if not isinstance(value, str):
        such = f" such as {example!r}" if example else ""
        tail = f"; {hint}" if hint else ""
        raise TypeError(f"{name} must be a str{such}, got {type(value).__name__}{tail}")
    return value


def utf8(value: str, name: str = "text", *, hint: str = "pass text without lone surrogates") -> bytes:
    """``value.encode("utf-8")``, with a ValueError naming the argument for a lone surrogate (no UTF-8 bytes).

    A Python str can hold a lone surrogate (U+D800–U+DFFF), e.g. from ``errors="surrogateescape"``.
    ``hint`` ends the message: what to do instead.
    """
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(f"{name} holds a lone surrogate {lone_surrogate(exc)}, which has no UTF-8 bytes; "
                         f"{hint}") from None


def lone_surrogate(exc: UnicodeEncodeError) -> str:
    """"U+D800 at index 3" for the first lone surrogate a UTF-8 encode refused."""
    return f"U+{ord(exc.object[exc.start]):04X} at index {exc.start}"


def switch(value, name: str) -> bool:
    """A True/False option such as ``progress`` (1, "yes" and None are not accepted: say True or False)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {short(value)} ({type(value).__name__})")
    return value


def one_of(value, name: str, choices, *, note: str = "") -> str:
    """``value`` if it is one of ``choices`` (strs): a str not among them is a ValueError, anything else a TypeError."""
    choices = tuple(choices)
    if isinstance(value, str) and value in choices:
        return value
    kind = "" if isinstance(value, str) else f" ({type(value).__name__})"
    error = ValueError if isinstance(value, str) else TypeError
    raise error(f"{name} must be one of {choices}{note}, got {short(value)}{kind}")


def items(values, name: str, what: str) -> list:
    """A list, tuple or other sized iterable -> a list; a str, a mapping, a number or None -> TypeError."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a list of {what}, not one {type(values).__name__}")
    if not (hasattr(values, "__len__") and hasattr(values, "__iter__")) or isinstance(values, Mapping):
        raise TypeError(f"{name} must be a list of {what}, got {type(values).__name__}")
    return list(values)


def instance(value, cls, hint: str):
    """``value`` if it is a ``cls``; otherwise TypeError "``hint``, got <type>"
    (e.g. hint="pass the result of bpe.train(...)")."""
    if not isinstance(value, cls):
        raise TypeError(f"{hint}, got {type(value).__name__}")
    return value


def path(value, name: str = "path") -> Path:
    """A file path (str or os.PathLike, not bytes) that names a file -> ``pathlib.Path``; whether it exists is
    the caller's business (reading and writing say different things)."""
    if isinstance(value, bytes) or not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name} must be a file path (a str or pathlib.Path), got {type(value).__name__}")
    value = Path(value)
    if not value.name:
        raise ValueError(f"{name} must name a file, got {str(value)!r}")
    return value



def positive_count(count, word, prefix: str = "") -> int:
    """A word's count in a corpus: a whole number above 0 (``prefix`` starts the message, e.g. "corpus: ")."""
    if not is_whole(count):
        raise TypeError(f"{prefix}the count of {short(word)} must be a whole number, got {short(count)}")
    if count <= 0:
        raise ValueError(f"{prefix}the count of {short(word)} must be positive, got {count}")
    return int(count)


def prediction(tolerance, why):
    """``predict.reveal``'s options: a tolerance from 0 (exact) up, as a fraction of the answer, and a str."""
    tolerance = real(tolerance, "tolerance", minimum=0, what="a number >= 0 (a fraction of the answer: 0.1 "
                     "accepts 10% either way)")
    return tolerance, text(why, "why", example="Most words end in s.")


from .symbols import as_corpus as corpus, as_merges as merges, as_word as word, symbol, same_kind  # noqa: E402
from .symbols import Corpus, Merges, pair, word_and_pair, word_and_merges, num_merges, tie_break, k_merges  # noqa: E402,F401
from .symbols import known_symbols  # noqa: E402,F401
# texts.py, not text.py: a submodule named text would hide the function text above
from .texts import *  # noqa: E402,F401,F403
from .tokenizer import *  # noqa: E402,F401,F403
from .files import *  # noqa: E402,F401,F403
from .wordpiece import *  # noqa: E402,F401,F403
from .unigram import *  # noqa: E402,F401,F403
from .widgets import *  # noqa: E402,F401,F403
from .plots import *  # noqa: E402,F401,F403
from .exercises import *  # noqa: E402,F401,F403
from .export import *  # noqa: E402,F401,F403
from .vocab_audit import *  # noqa: E402,F401,F403
from .sentencepiece import *  # noqa: E402,F401,F403
from .references import *  # noqa: E402,F401,F403
from .lm import *  # noqa: E402,F401,F403
from .segmentation import *  # noqa: E402,F401,F403
