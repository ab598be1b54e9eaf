"""Checks of the homework machinery: questions as written in ``exercise_sets``, and the grader's notebook
paths, time limits and command line.

A mistake in a hand-written ``exercises.Question`` is reported when its set loads, with the field it is in.
What a *student's* answer does is never checked here: ``Question.check`` reports it as feedback.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from . import one_of, real, short, text, whole

__all__ = ["question", "hidden_cases", "question_set", "student", "grading_limits", "folder", "positive_seconds",
           "notebook_path", "argv", "set_ids", "nbgrader_cases", "LEVELS", "ASKS"]

LEVELS = ("", "warm-up", "core", "stretch", "project")  # Question.level: where a question sits in its set
# Question.asks: what the question asks for. "lesson number": a value the lesson itself printed (at most a third
# of a set); "new case": a lesson idea on a new input; "function": a function to write; "explain": a prediction
# or value the check marks plus a written reason marked by hand with the rubric; "project": the set's last,
# largest question.
ASKS = ("", "lesson number", "new case", "function", "explain", "project")


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
    real(q.points, "points", minimum=0, what="a number of points such as 2 (0 or more)")
    if q.hidden_cases is not None and not callable(q.hidden_cases):
        raise TypeError(f"hidden_cases must be a function rng -> list of argument tuples, or None; "
                        f"got {type(q.hidden_cases).__name__}")
    if q.hidden_cases is not None and not q.cases:
        raise ValueError("hidden_cases is for a function question: give its public cases too")
    _sequence(q.forbidden, "forbidden", "dotted names such as 'bpe_lab.bpe.train'")
    for index, name in enumerate(q.forbidden):
        text(name, f"forbidden[{index}]")
    one_of(q.level, "level", LEVELS)
    one_of(q.asks, "asks", ASKS)
    if q.asks == "explain" and not q.rubric and not q._graded:  # a graded release drops the rubric
        raise ValueError(f"question {q.name!r} asks for an explanation: give it a rubric (how the written reason "
                         "is marked)")
    student(q.student)


def hidden_cases(cases: list, name: str) -> None:
    """What a question's ``hidden_cases(rng)`` returned: argument tuples."""
    for index, case in enumerate(cases):
        if not isinstance(case, tuple):
            raise TypeError(f"question {name!r}: hidden_cases(rng)[{index}] must be a tuple of arguments such as "
                            f"({short(case)},), got {type(case).__name__}")


def question_set(value, question_type) -> dict:
    """A set as ``set_01()`` returns it: a dict question name -> Question."""
    if not isinstance(value, dict):
        raise TypeError(f"questions must be a set such as set_01() (a dict name -> Question), got "
                        f"{type(value).__name__}")
    for name, q in value.items():
        if not isinstance(q, question_type):
            raise TypeError(f"questions must be a set such as set_01() (a dict name -> Question); "
                            f"questions[{short(name)}] is a {type(q).__name__}")
    return value


def student(value) -> str:
    """A student id: a str of at most 100 characters, "" meaning nobody in particular (everyone's version).

    >>> student("alice")
    'alice'
    """
    text(value, "student")
    if len(value) > 100 or any(not ch.isprintable() for ch in value):
        raise ValueError(f"student must be an id such as 'alice' (printable, at most 100 characters), got "
                         f"{short(value)}")
    return value


def _sequence(value, name: str, what: str) -> None:
    """A list or tuple (a Sequence): not one str, not a set (its order would be arbitrary), not a number."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a list of {what}, not one {type(value).__name__}")
    if not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a list of {what}, got {type(value).__name__}")


def grading_limits(seed, memory_mb, time_factor) -> tuple:
    """The grader's seed (None or a non-empty str), memory limit (whole megabytes, 256 or more) and time factor
    (a positive number)."""
    if seed is not None:
        text(seed, "seed", example="a long random text")
        if not seed.strip():
            raise ValueError("seed must be a non-empty str (the instructor's secret), or None; got ''")
    whole(memory_mb, "memory_mb", minimum=256, what="a whole number of megabytes from 256, such as 2048")
    real(time_factor, "time_factor", what="a positive number such as 2")
    if time_factor <= 0:
        raise ValueError(f"time_factor must be a positive number such as 2, got {time_factor!r}")
    return seed, int(memory_mb), float(time_factor)


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


def folder(value, name: str) -> Path:
    """A folder to write into (str or os.PathLike; it may not exist yet, but must not be a file)."""
    if isinstance(value, bytes) or not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name} must be a folder (a str or pathlib.Path), got {type(value).__name__}")
    value = Path(value)
    if value.is_file():
        raise ValueError(f"{name} must be a folder, but {value} is a file")
    return value


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


def set_ids(value, known, name: str = "sets") -> list[str]:
    """Exercise set ids such as ['01', '02'] (a list or tuple of str), each one of ``known``."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise TypeError(f"{name} must be a list of set ids such as ['01', '02'], got {type(value).__name__}")
    for index, set_id in enumerate(value):
        one_of(set_id, f"{name}[{index}]", known)
    return list(value)


def nbgrader_cases(value, name: str, pairs: bool) -> list:
    """A test cell's cases: a list of (argument tuple, expected result) pairs (``pairs``), or of expected values."""
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{name} must be a list of {'(arguments, expected) pairs' if pairs else 'expected values'}, "
                        f"got {type(value).__name__}")
    if pairs:
        for index, case in enumerate(value):
            if not (isinstance(case, tuple) and len(case) == 2 and isinstance(case[0], tuple)):
                raise TypeError(f"{name}[{index}] must be a pair (argument tuple, expected result) such as "
                                f"((['a', 'b'], ('a', 'b')), ['ab']), got {short(case)}")
    return list(value)
