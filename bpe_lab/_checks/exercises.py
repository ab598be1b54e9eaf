"""Checks of the homework machinery: questions as written in ``exercise_sets``, and the grader's notebook
paths, time limits and command line.

A mistake in a hand-written ``exercises.Question`` is reported when its set loads, with the field it is in.
What a *student's* answer does is never checked here: ``Question.check`` reports it as feedback.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from . import real, short, text

__all__ = ["question", "positive_seconds", "notebook_path", "argv"]


def question(q) -> None:
    """The fields of an ``exercises.Question`` (passed in whole: this package imports no algorithm module)."""
    if not isinstance(q.name, str):
        raise TypeError(f"name must be a non-empty str such as 'merge_pair', got {type(q.name).__name__}")
    if not q.name:
        raise ValueError("name must be a non-empty str such as 'merge_pair', got ''")
    for name in ("prompt", "solution_code", "wrong_code", "answer_name", "rubric"):
        text(getattr(q, name), name)
    _sequence(q.cases, "cases", "argument tuples")
    _sequence(q.hints, "hints", "str")
    for index, case in enumerate(q.cases):
        if not isinstance(case, tuple):
            raise TypeError(f"cases[{index}] must be a tuple of arguments such as ({short(case)},), "
                            f"got {type(case).__name__}")
    for index, hint in enumerate(q.hints):
        text(hint, f"hints[{index}]")
    positive_seconds(q.time_limit, "time_limit")
    if not callable(q.compare):
        raise TypeError(f"compare must be a function (got, expected) -> bool, got {type(q.compare).__name__}")


def _sequence(value, name: str, what: str) -> None:
    """A list or tuple (a Sequence): not one str, not a set (its order would be arbitrary), not a number."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a list of {what}, not one {type(value).__name__}")
    if not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a list of {what}, got {type(value).__name__}")


def positive_seconds(value, name: str, *, example=None) -> float:
    """``value`` as a float, if it is a positive, finite number of seconds (not a bool, not NaN).

    >>> positive_seconds(60, "timeout")
    60.0
    >>> positive_seconds(0, "timeout", example=60)
    Traceback (most recent call last):
    ValueError: timeout must be a positive number of seconds such as 60, got 0
    """
    what = "a positive number of seconds" + (f" such as {example!r}" if example is not None else "")
    real(value, name, what=what)  # a number, neither NaN nor infinite
    if value <= 0:
        raise ValueError(f"{name} must be {what}, got {value!r}")
    return float(value)


def notebook_path(value) -> Path:
    """A notebook file given as a str or os.PathLike -> ``pathlib.Path``. Whether it exists, or is a folder, is
    not an error here: the grader reports such a submission as unreadable and goes on."""
    # subtle: nbformat.read(5) would read file descriptor 5 (and close it), so check the type first
    if isinstance(value, bytes) or not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"path must be a notebook file (str or pathlib.Path), got {type(value).__name__}")
    return Path(value)


def argv(value) -> list[str] | None:
    """Command-line arguments: None (meaning ``sys.argv[1:]``), or a list or tuple of str."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise TypeError(f"argv must be a list of str (the command-line arguments) or None, got {type(value).__name__}")
    for index, arg in enumerate(value):
        if not isinstance(arg, str):
            raise TypeError(f"argv must be a list of str (the command-line arguments) or None; "
                            f"argv[{index}] is {type(arg).__name__}")
    return value
