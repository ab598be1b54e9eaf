"""Bad-input audit: every public function of bpe_lab, called with wrong types, empty and huge values,
out-of-range numbers, unknown ids, malformed merges and vocabularies, and objects of the wrong kind.

This file is the harness; the rows live in one file per bpe_lab module, ``test_audit_<module>.py``, and
``test_audit_zz_summary.py`` runs last with the tests that look at all of them. Each row is one call and
the outcome it must have, written on one line where it fits (a long regex goes on the next line):

* ``raises(target, bad, call, types, pattern)`` — it raises TypeError (a wrong type) or ValueError (a
  right type with a wrong value), or a subclass where that is the right answer (FileNotFoundError for a
  missing file). The exception must come from bpe_lab's own checks: the innermost traceback frame is in
  ``bpe_lab/``, no chained traceback is shown (``raise ... from None``), it is none of KeyError,
  IndexError, AssertionError, AttributeError, ZeroDivisionError, RecursionError, OverflowError, NameError,
  UnicodeError (a ValueError subclass from a codec) or a JSON or traitlets error, and its message — at
  most 600 characters, even for a 10 MB argument — matches a regex that names the argument and says what
  to pass. For the *contents* of a container (a count in a corpus, an id in a list) either type is
  accepted where the row says so; for the argument itself a wrong type must be a TypeError.
* ``documented(target, bad, call, check, shown, doc)`` — documented behaviour: the call returns, the value
  passes ``check`` (``[]`` for an empty text, ``['[UNK]']`` for a word the vocabulary cannot cover, early
  stopping for a huge number of merges), and the function's docstring says so (the regex ``doc``).
* ``exits(target, bad, argv, pattern)`` — the command line (``bpe_lab.grade.main``) exits with status 2
  and a usage error naming the option.

``target`` is the full public name ("bpe.train", "tokenizer.Tokenizer.encode", "tokenizer.Tokenizer" for
the constructor) and the call spells the same name out. Every call must return or raise within ``LIMIT``
seconds (it is aborted after ``HANG`` seconds); the whole audit runs in well under 30 s.

``test_every_public_function_is_audited`` fails when a public function or method (from each module's
``__all__``, or the public names of a module without one, in every public module and subpackage, and the
public methods of public classes) has no row: a new function gets audited when it is added. A function
re-exported under several public names counts once and is audited through any of them. Result records
that bpe_lab builds and returns (``RECORDS``) and functions without arguments are the only exceptions.

There is no expected-failure mark: a row that does not behave fails the suite until the function is fixed
(the audit found 156 such calls when it was written; each was fixed in bpe_lab, not excused here).

The table: ``docs/bad-inputs.md`` is generated from the actual outcomes of a run of the whole audit, in a
fixed order (module, then the order of its rows), with temporary paths, the repository path and memory
addresses replaced, so the same code gives the same file. ``test_docs_table_is_up_to_date`` (in the
summary file) compares it with the committed file:

* equal: it passes;
* different, on a developer's machine: it rewrites ``docs/bad-inputs.md`` and fails once, saying so —
  review ``git diff docs/bad-inputs.md`` and commit it; the next run passes;
* different, under CI (the ``CI`` environment variable is set): it does not write anything and fails
  with "docs/bad-inputs.md is out of date: run pytest tests/audit and commit it".

It is skipped when only part of the audit ran (one file, ``-k``, ``--lf``): a partial table must not
replace the whole one. To regenerate: ``pytest tests/audit``.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
import io
import json
import os
import re
import shutil
import signal
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

# ipywidgets, matplotlib and nbformat are imported here, once: a one-time import (nbformat takes about a
# second) must not count against a single call's LIMIT.
import ipywidgets  # noqa: F401
import matplotlib.figure  # noqa: F401
import nbformat  # noqa: F401
import pytest

import bpe_lab
from bpe_lab import bert, bpe, corpus, fast_bpe, grade, plots, unigram, widgets, wordpiece
from bpe_lab.homework.questions import INCORRECT, Question
from bpe_lab.tokenizer import Tokenizer

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(bpe_lab.__file__).resolve().parent
DOC = ROOT / "docs" / "bad-inputs.md"
LIMIT = 2.0  # seconds a single call may take (each is designed to take well under 1 s)
HANG = 6.0  # seconds after which a call is aborted
TMP = Path(tempfile.mkdtemp(prefix="bpe_lab_audit_"))


# What a row expects

@dataclass(frozen=True)
class Raises:
    types: tuple
    pattern: str


@dataclass(frozen=True)
class Returns:
    check: Callable[[Any], bool]
    shown: str  # what it returns, for the table
    doc: str  # a regex the docstring must match (whitespace collapsed)


@dataclass(frozen=True)
class Exits:
    code: int
    pattern: str


@dataclass(frozen=True)
class Case:
    target: str  # "bpe.train", "tokenizer.Tokenizer.encode", "tokenizer.Tokenizer" (the constructor)
    bad: str  # the bad input, as shown in the table
    call: Callable[[], Any]
    expect: Any

    @property
    def module(self) -> str:
        return self.target.split(".")[0]

    @property
    def id(self) -> str:
        return f"{self.target}: {self.bad}"


class Rows:
    """The rows of one file, all for one bpe_lab module; ``test()`` makes the test that runs each of them."""

    def __init__(self, module: str):
        self.module = module
        self.cases: list[Case] = []

    def _add(self, case: Case) -> None:
        assert case.module == self.module, f"{case.id!r} belongs in test_audit_{case.module}.py"
        assert case.id not in {c.id for c in self.cases}, f"two rows share the id {case.id!r}"
        self.cases.append(case)

    def raises(self, target, bad, call, types, pattern):
        """A call that must raise ``types`` with a message matching ``pattern``."""
        self._add(Case(target, bad, call, Raises(types if isinstance(types, tuple) else (types,), pattern)))

    def documented(self, target, bad, call, check, shown, doc):
        """A call with a documented answer: it returns a value passing ``check``; the docstring matches ``doc``."""
        self._add(Case(target, bad, call, Returns(check, shown, doc)))

    def exits(self, target, bad, argv, pattern):
        """A command line that must exit with status 2 and a usage error matching ``pattern``."""
        self._add(Case(target, bad, lambda: grade.main(argv), Exits(2, pattern)))

    def test(self):
        """The test of this file: one parametrized call per row (ids such as ``bpe.train: num_merges=-1``)."""

        @pytest.mark.parametrize("case", [pytest.param(case, id=case.id) for case in self.cases])
        def test_bad_input(case: Case):
            run(case)

        return test_bad_input


# Things to pass (built once, on first use)

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
MERGES = [("u", "g"), ("h", "ug")]
LP = {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "ca": -1.8, "cat": -1.2, "at": -1.9}
WP_VOCAB = {"[UNK]", "hug", "##s", "h", "##u", "##g", "p"}
BIG = "x" * 10_000_000  # 10 MB
NAN, INF = float("nan"), float("inf")
RANKS = {bytes([b]): b for b in range(256)}


@functools.cache
def TR():
    return bpe.train(HUG, 3)


@functools.cache
def FTR():
    return fast_bpe.train(HUG, 3)


@functools.cache
def WPR():
    return wordpiece.train(HUG, 5 + 12)  # 5 steps


@functools.cache
def TOK():
    return Tokenizer()


def TOKS():
    """A fresh tokenizer with one special token (some rows change it)."""
    return Tokenizer(special_tokens={"<|endoftext|>": 256})


@functools.cache
def TABLE():
    return unigram.viterbi_table("cat", LP)


@functools.cache
def SPM():
    return unigram.read_sentencepiece_model(corpus.data_path("botchan_en_unigram_1000.model"))


@functools.cache
def BERT():
    return bert.BertTokenizer(corpus.data_path("bert-base-uncased-vocab.txt"))


@functools.cache
def FIGURE():
    return plots.CompressionFigure(widgets.compression_view(TR()))


@functools.cache
def EXPLORER():
    return widgets.merge_explorer(TR())


@functools.cache
def WP_EXPLORER():
    return widgets.wordpiece_explorer(WPR())


@functools.cache
def INSPECTOR():
    return widgets.token_inspector({"bytes": TOK()})


@functools.cache
def AX():
    return matplotlib.figure.Figure().add_subplot()


def tmpfile(name: str, content) -> Path:
    """A file in the audit's temporary folder with this content (str as UTF-8, or bytes)."""
    path = TMP / name
    data = content.encode("utf-8") if isinstance(content, str) else content
    path.write_bytes(data)
    return path


def missing(name: str) -> Path:
    return TMP / "no such folder" / name


def tokenizer_file(name: str, **fields_) -> Path:
    document = {"format": "bpe_lab.tokenizer", "version": 1, "pattern": "gpt2", "merges": [],
                "special_tokens": {}, "token_ids": None}
    document.update(fields_)
    return tmpfile(name, json.dumps(document))


class Unequal:
    """An answer whose == raises (as a numpy array's does): checking it must not crash."""

    def __eq__(self, other):
        raise ValueError("The truth value of an array with more than one element is ambiguous.")

    __hash__ = object.__hash__

    def __repr__(self):
        return "Unequal()"


def question_args(**changes) -> dict:
    """The arguments of a valid exercises.Question, with ``changes``."""
    return {"name": "q", "prompt": "What is 1 + 1?", "reference": 2, **changes}


def question(**changes):
    return Question(**question_args(**changes))


@functools.cache
def MERGE_Q():
    return Question(name="merge_pair", prompt="Write merge_pair.", reference=lambda s, p: list(bpe.merge_pair(s, p)),
                    cases=[(("h", "u", "g"), ("u", "g"))], time_limit=0.5)


def incorrect(saying: str = ""):
    """A check: the feedback is "incorrect", says ``saying`` and stays short (at most 600 characters)."""
    return lambda feedback: (feedback.status == INCORRECT and saying in feedback.message
                             and len(feedback.message) <= 600)


@pytest.fixture(scope="session", autouse=True)
def _temporary_folder():
    (TMP / "empty").mkdir(exist_ok=True)
    yield
    shutil.rmtree(TMP, ignore_errors=True)


# Running a row

FORBIDDEN = (KeyError, IndexError, AssertionError, AttributeError, ZeroDivisionError, RecursionError, OverflowError,
             NameError, UnicodeError, json.JSONDecodeError, StopIteration)
try:
    from traitlets import TraitError

    FORBIDDEN += (TraitError,)
except ImportError:  # pragma: no cover
    pass


class _Hang(BaseException):
    """Raised by the alarm in a call that takes longer than HANG seconds (a BaseException: no except catches it)."""


@dataclass
class Observation:
    value: Any = None
    error: BaseException | None = None
    seconds: float = 0.0
    stderr: str = ""


def observe(case: Case) -> Observation:
    def stop(signum, frame):
        raise _Hang()

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, HANG)
    stdout, stderr = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            value = case.call()
        return Observation(value=value, seconds=time.perf_counter() - started, stderr=stderr.getvalue())
    except (Exception, SystemExit, _Hang) as exc:
        return Observation(error=exc, seconds=time.perf_counter() - started, stderr=stderr.getvalue())
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def innermost_frame(exc: BaseException):
    tb = exc.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_filename, tb.tb_lineno


def resolve(target: str):
    """The object a target names: "unigram.viterbi" is ``bpe_lab.unigram.viterbi``."""
    obj = importlib.import_module(f"bpe_lab.{target.split('.')[0]}")
    for part in target.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def docstring(target: str) -> str:
    obj = resolve(target)
    parts = [inspect.getdoc(obj) or ""]
    if inspect.isclass(obj):
        parts.append(inspect.getdoc(obj.__init__) or "")
    return " ".join(" ".join(parts).split())


def judge(case: Case, seen: Observation) -> list[str]:
    """What is wrong with the outcome (empty: as expected)."""
    expect, exc = case.expect, seen.error
    if isinstance(exc, _Hang):
        return [f"no answer within {HANG:g} s"]
    problems = []
    if seen.seconds > LIMIT:
        problems.append(f"took {seen.seconds:.1f} s (limit {LIMIT:g} s)")
    if isinstance(expect, Raises):
        if exc is None:
            return problems + [f"returned {short(seen.value)} instead of raising {names(expect.types)}"]
        kind = type(exc).__name__
        if isinstance(exc, FORBIDDEN):
            problems.append(f"raised {kind}, which a caller should never see")
        elif not isinstance(exc, expect.types):
            problems.append(f"raised {kind}, expected {names(expect.types)}")
        filename, line = innermost_frame(exc)
        if not filename.startswith(str(PACKAGE)):
            problems.append(f"raised inside {short_path(filename)}:{line}, not by bpe_lab's own checks")
        if exc.__cause__ is not None or (exc.__context__ is not None and not exc.__suppress_context__):
            chained = exc.__cause__ or exc.__context__
            problems.append(f"shows a chained traceback from {type(chained).__name__} (raise ... from None)")
        message = str(exc)
        if len(message) > 600:
            problems.append(f"its message is {len(message):,} characters long")
        if not re.search(expect.pattern, message, re.DOTALL):
            problems.append(f"its message does not match /{expect.pattern}/")
    elif isinstance(expect, Returns):
        if exc is not None:
            return problems + [f"raised {type(exc).__name__}: {short(str(exc), 200)}"]
        if not expect.check(seen.value):
            problems.append(f"returned {short(seen.value)}, expected {expect.shown}")
        if not re.search(expect.doc, docstring(case.target)):
            problems.append(f"the docstring does not say so (/{expect.doc}/)")
    elif isinstance(expect, Exits):
        if not isinstance(exc, SystemExit):
            return problems + [f"did not exit: {describe(seen)}"]
        if exc.code != expect.code:
            problems.append(f"exit status {exc.code}, expected {expect.code}")
        if not re.search(expect.pattern, seen.stderr):
            problems.append(f"its error does not match /{expect.pattern}/")
    return problems


def names(types: tuple) -> str:
    return " or ".join(t.__name__ for t in types)


def short(value, limit: int = 80) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_path(filename: str) -> str:
    for prefix, name in [(str(PACKAGE.parent), "<repo>"), (os.path.dirname(os.__file__), "<python>")]:
        if filename.startswith(prefix):
            return name + filename[len(prefix):]
    return filename


def normalise(text: str) -> str:
    """What the table shows: the same text on every machine and every run."""
    text = text.replace(str(TMP), "<tmp>").replace(str(ROOT), "<repo>")
    text = re.sub(r"0x[0-9a-fA-F]{6,}", "0x…", text)
    text = re.sub(r"\.[0-9a-f]{8}\.tmp", ".….tmp", text)
    return " ".join(text.split())


def describe(seen: Observation) -> str:
    exc = seen.error
    if isinstance(exc, _Hang):
        return f"no answer within {HANG:g} s"
    if isinstance(exc, SystemExit):
        lines = [line for line in seen.stderr.splitlines() if line.strip()]
        return f"exit {exc.code}: {lines[-1] if lines else ''}"
    if exc is not None:
        return f"{type(exc).__name__}: {exc}"
    return f"returns {short(seen.value)}"


RECORDED: dict[str, tuple[str, str]] = {}  # row id -> (outcome, verdict), for the docs table


def run(case: Case) -> None:
    """Make the call, record its outcome for the table, and fail with what is wrong."""
    seen = observe(case)
    problems = judge(case, seen)
    if not problems:
        outcome = f"returns {case.expect.shown}" if isinstance(case.expect, Returns) else describe(seen)
    else:
        outcome = describe(seen)
    outcome = normalise(outcome)
    verdict = "ok" if not problems else "FAILS: " + "; ".join(problems)
    RECORDED[case.id] = (outcome, normalise(verdict))
    assert not problems, f"{case.id}: {'; '.join(problems)}\n  outcome: {outcome}"
