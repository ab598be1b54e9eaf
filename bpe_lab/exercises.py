"""Homework questions that check themselves: ``q.check(answer)``, ``q.hint()``, ``q.solution()``.

A question is either a *value* question (the answer is a number, a list, a pair…) or a *function*
question (the answer is a function, run on several cases — edge cases included — and compared with a
reference implementation). Feedback is in plain words: what was expected, what came back, for which
input. Student code that raises, returns the wrong type, prints a flood of output or never returns
(a time limit) gets a clear message; nothing it does can crash the notebook.

Expected answers are always computed by running the reference (``reference=``) on the cases, never
typed in by hand.
"""

from __future__ import annotations

import contextlib
import html
import io
import signal
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import _checks as check

__all__ = ["Question", "Feedback", "NOT_YET", "CORRECT", "INCORRECT", "report"]

NOT_YET, CORRECT, INCORRECT = "not yet", "correct", "incorrect"
_MAX_OUTPUT = 2_000  # characters a checked function may print

# The last result of every question checked in this session (the grader reads it after a notebook runs).
_RESULTS: dict[str, str] = {}


@dataclass
class Question:
    """One question. ``reference``: the right answer (a value) or the reference function; for a function
    question, ``cases`` lists the argument tuples to try it on (edge cases included)."""

    name: str
    prompt: str
    reference: Any
    cases: Sequence[tuple] = ()
    hints: Sequence[str] = ()
    solution_code: str = ""
    wrong_code: str = ""  # a typical wrong answer (the tests run the exercise notebooks with it)
    answer_name: str = "answer"  # the variable or function the answer cell defines
    rubric: str = ""
    time_limit: float = 2.0
    compare: Callable[[Any, Any], bool] = lambda got, expected: got == expected
    _hints_shown: int = field(default=0, repr=False)

    def __post_init__(self):
        check.question(self)  # questions are written by hand in exercise_sets: a mistake shows when the set loads

    @property
    def is_function_question(self) -> bool:
        return callable(self.reference) and bool(self.cases)

    def check(self, answer=None) -> Feedback:
        """Check an answer (a value, or a function for a function question) and say what is wrong.

        Never raises: whatever the answer is or does (raises, loops, prints, returns something that
        cannot be compared or is huge), the result is a ``Feedback`` whose message says so.
        """
        if answer is None or answer is Ellipsis:
            feedback = self._says(NOT_YET, "not answered yet — replace the ... with your answer, then run the check "
                                  "again")
        elif not self.is_function_question:
            feedback = self._check_value(answer)
        elif not callable(answer):
            feedback = self._says(INCORRECT, f"this question wants a function, but got {type(answer).__name__}; "
                                  "pass the function itself, without calling it (no parentheses)")
        else:
            feedback = self._check_function(answer)
        _RESULTS[self.name] = feedback.status
        return feedback

    def _check_value(self, answer) -> Feedback:
        expected = self.reference() if callable(self.reference) else self.reference
        same, error = self._same(answer, expected)
        if same:
            return self._says(CORRECT, "correct!")
        if error:
            return self._says(INCORRECT, f"not quite: your answer {_shown(answer)} cannot be compared with the "
                              f"expected one (comparing it raised {error}); answer with a plain value such as "
                              "a number, a str, a list or a tuple")
        return self._says(INCORRECT, f"not quite: you answered {_shown(answer)}. Try again, or call .hint()")

    def _check_function(self, answer: Callable) -> Feedback:
        """Run ``answer`` on every case, comparing with the reference; the first case that differs is reported."""
        for args in self.cases:
            feedback = self._check_case(answer, args)
            if feedback is not None:
                return feedback
        return self._says(CORRECT, f"correct on all {len(self.cases)} cases!")

    def _check_case(self, answer: Callable, args: tuple) -> Feedback | None:
        """None if ``answer(*args)`` gives what the reference gives; otherwise feedback saying what went wrong."""
        expected = self.reference(*args)
        shown = ", ".join(_shown(a) for a in args)  # before the call: a student's function may change its arguments
        try:
            got, printed = _run_limited(answer, args, self.time_limit)
        except NotImplementedError:
            return self._says(NOT_YET, "not answered yet — write the function body (it still raises "
                              "NotImplementedError), then run the check again")
        except _TimeLimit:
            problem = f"your function did not finish within {self.time_limit:g} s — is there a loop that never ends?"
        except RecursionError:
            problem = "your function recursed too deeply"
        except Exception as exc:  # the student's code may raise anything: report it, never crash
            problem = f"your function raised {type(exc).__name__}: {_cut(str(exc), 300)}"
        else:
            problem = self._wrong_result(got, printed, expected)
        return None if problem is None else self._says(INCORRECT, f"for input ({shown}) {problem}")

    def _wrong_result(self, got, printed: str, expected) -> str | None:
        """What is wrong with a result the student's function returned (None: nothing)."""
        if len(printed) > _MAX_OUTPUT:
            return (f"your function printed {len(printed):,} characters; remove the print statements and return "
                    "the result instead")
        if got is None and expected is not None:
            return "your function returned None — did you forget `return`?"
        same, error = self._same(got, expected)
        if error:
            return (f"your function returned {_shown(got)}, which cannot be compared with the expected "
                    f"{_shown(expected)} (comparing it raised {error})")
        if type(got) is not type(expected) and not same:
            return (f"expected a {type(expected).__name__} such as {_shown(expected)}, but got a "
                    f"{type(got).__name__}: {_shown(got)}")
        return None if same else f"expected {_shown(expected)}, but got {_shown(got)}"

    def _same(self, got, expected) -> tuple[bool, str]:
        """Whether ``compare`` accepts ``got``, and why not when comparing raised (an array's == does)."""
        try:
            return bool(self.compare(got, expected)), ""
        except Exception as exc:  # the student's value may raise anything when compared
            return False, f"{type(exc).__name__}: {_cut(str(exc), 120)}"

    def _says(self, status: str, message: str) -> Feedback:
        return Feedback(status, message, self.name)

    def hint(self) -> str:
        """The next hint (each call shows one more, then repeats the last)."""
        if not self.hints:
            text = "no hint for this one — look back at the notebook section it comes from"
        else:
            text = self.hints[min(self._hints_shown, len(self.hints) - 1)]
            self._hints_shown += 1
            text = f"hint {min(self._hints_shown, len(self.hints))} of {len(self.hints)}: {text}"
        print(text)
        return text

    def solution(self) -> str:
        """The reference solution as code (and the rubric for questions that need judgement)."""
        text = self.solution_code or repr(self.reference() if callable(self.reference) else self.reference)
        if self.rubric:
            text += "\n\n# Rubric:\n" + "\n".join(f"# {line}" for line in self.rubric.splitlines())
        print(text)
        return text


@dataclass
class Feedback:
    """The result of a check: its status and a message for the student."""

    status: str
    message: str
    question: str = ""

    def __bool__(self) -> bool:
        return self.status == CORRECT

    def __str__(self) -> str:
        symbol = {CORRECT: "✓", INCORRECT: "✗", NOT_YET: "…"}[self.status]
        return f"{symbol} {self.question}: {self.message}" if self.question else f"{symbol} {self.message}"

    def _repr_html_(self) -> str:
        colour = {CORRECT: "#e6f4ea", INCORRECT: "#fce8e6", NOT_YET: "#f1f3f4"}[self.status]
        return (f'<div style="background:{colour};padding:6px 10px;border-radius:4px;white-space:pre-wrap">'
                f"{html.escape(str(self))}</div>")

    def __repr__(self) -> str:
        return str(self)


def report() -> dict[str, str]:
    """Question name -> "correct" | "incorrect" | "not yet", for every question checked so far."""
    return dict(_RESULTS)


# --------------------------------------------------------------------------------------------------
# Running the student's code: bounded in time and in printed output, and shown briefly
# --------------------------------------------------------------------------------------------------

class _TimeLimit(Exception):
    pass


def _run_limited(function: Callable, args: tuple, seconds: float):
    """Call ``function(*args)`` with a time limit and with its printed output captured (and bounded)."""
    output = io.StringIO()
    use_alarm = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if use_alarm:
        def stop(signum, frame):
            raise _TimeLimit()

        previous = signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        with contextlib.redirect_stdout(output):
            result = function(*args)
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    return result, output.getvalue()


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown(value, limit: int = 200) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters (an answer may be 10 MB, or refuse repr)."""
    try:
        text = repr(value)
    except Exception:  # the student's object may raise anything
        return f"<a {type(value).__name__} that cannot be shown>"
    return _cut(text, limit)
