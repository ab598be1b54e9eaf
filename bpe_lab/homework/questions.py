"""Homework questions that check themselves: ``q.check(answer)``, ``q.hint()``, ``q.solution()``.

A question is either a *value* question (the answer is a number, a list, a pair…) or a *function*
question (the answer is a function, run on several cases — edge cases included — and compared with a
reference implementation). Feedback is in plain words: what was expected, what came back, for which
input. Student code that raises, returns the wrong type, prints a flood of output or never returns
(a time limit that needs no SIGALRM, so it works on Windows and in any thread) gets a clear message;
nothing it does can crash the notebook. A function that calls bpe_lab's own implementation of what
was asked (``forbidden``) is reported as such.

Expected answers are always computed by running the reference (``reference=``) on the cases, never
typed in by hand.

``check()`` is for practice: it runs in the student's kernel, where the student can change anything.
Grading for credit is ``bpe_lab.grade``: it runs the notebook in its own process and calls the named
functions itself, on the public ``cases`` and on ``hidden_cases`` made from the instructor's seed, and
compares with references computed on the instructor's side. ``graded(questions)`` is a set as handed
out for credit: no hints, solutions or references in the student's objects.
"""

from __future__ import annotations

import dataclasses
import html
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import _checks as check
from ._grading import limits
from ._grading.verdicts import cut, forbidden_message, same, shown, wrong_result

__all__ = ["Question", "Feedback", "NOT_YET", "CORRECT", "INCORRECT", "RECORDED", "report", "graded"]

NOT_YET, CORRECT, INCORRECT = "not yet", "correct", "incorrect"
RECORDED = "recorded"  # a value answer in a graded release: kept for the grader, not judged in the notebook
_OFF = "the instructor turned {} off for this graded release"

# The last result of every question checked in this kernel: what the practice notebook tests read. The
# grader never reads it (a student's cell can write anything into it).
_RESULTS: dict[str, str] = {}


@dataclass
class Question:
    """One question. ``reference``: the right answer (a value) or the reference function; for a function
    question, ``cases`` lists the argument tuples to try it on (edge cases included).

    For grading: ``points`` it is worth; ``hidden_cases(rng)`` makes more argument tuples from a
    ``random.Random`` seeded by the instructor's secret (the student never sees them); ``forbidden``
    names functions (or classes, modules) the answer must not call, such as ``"bpe_lab.bpe.train"``
    for a question that asks to write ``train`` (another library's too: ``"tiktoken"``); ``level`` places
    it ("warm-up", "core", "stretch", "project"); ``asks`` says what it asks for ("lesson number": a value
    the lesson printed, "new case", "function", "explain": marked by hand with ``rubric`` as well, "project").
    ``student``: the id a personalised set was built for ("" for everyone's version)."""

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
    points: float = 1
    hidden_cases: Callable[[random.Random], Sequence[tuple]] | None = None
    forbidden: Sequence[str] = ()
    level: str = ""
    asks: str = ""
    student: str = ""
    _hints_shown: int = field(default=0, repr=False)
    _graded: bool = field(default=False, repr=False)
    _expected: tuple = field(default=(), repr=False)  # a graded release's expected results on the public cases

    def __post_init__(self):
        check.question(self)  # questions are written by hand in exercise_sets: a mistake shows when the set loads
        self._forbidden_code = limits.forbidden_code(self.forbidden)  # ValueError for a name that is not there

    @property
    def is_function_question(self) -> bool:
        return callable(self.reference) and bool(self.cases)

    @property
    def kind(self) -> str:
        """"function" (write a function, run on cases) or "value" (answer with a value)."""
        return "function" if self.is_function_question else "value"

    def hidden(self, seed: str) -> list[tuple]:
        """The hidden cases for the instructor's ``seed`` (the same seed gives the same cases); [] if none."""
        check.text(seed, "seed", example="a long random text")
        if self.hidden_cases is None:
            return []
        cases = list(self.hidden_cases(random.Random(f"bpe_lab hidden cases|{seed}|{self.name}")))
        check.hidden_cases(cases, self.name)
        return cases

    def __repr__(self) -> str:
        points = f"{self.points:g} point" + ("" if self.points == 1 else "s")
        return f"Question {self.name!r} ({self.kind}, {points}): {self.prompt}"

    def check(self, answer=None) -> Feedback:
        """Check an answer (a value, or a function for a function question) and say what is wrong.

        Never raises: whatever the answer is or does (raises, loops, prints, returns something that
        cannot be compared or is huge), the result is a ``Feedback`` whose message says so. A function
        that calls bpe_lab's own implementation of what was asked (``forbidden``) is incorrect, and the
        message names what it called.
        """
        if answer is None or answer is Ellipsis:
            feedback = self._says(NOT_YET, "not answered yet — replace the ... with your answer, then run the check "
                                  "again")
        elif not self.is_function_question and self._graded:
            feedback = self._says(RECORDED, f"recorded: {shown(answer)}. In this graded release a value answer is "
                                  "not judged here; the grader checks it after you hand the notebook in")
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
        accepted, error = same(self.compare, answer, expected)
        if accepted:
            return self._says(CORRECT, "correct!")
        if error:
            return self._says(INCORRECT, f"not quite: your answer {shown(answer)} cannot be compared with the "
                              f"expected one (comparing it raised {error}); answer with a plain value such as "
                              "a number, a str, a list or a tuple")
        return self._says(INCORRECT, f"not quite: you answered {shown(answer)}. Try again, or call .hint()")

    def _check_function(self, answer: Callable) -> Feedback:
        """Run ``answer`` on every case, comparing with the reference; the first case that differs is reported."""
        for index, args in enumerate(self.cases):
            expected = self._expected[index] if self._graded else self.reference(*args)
            feedback = self._check_case(answer, args, expected)
            if feedback is not None:
                return feedback
        return self._says(CORRECT, f"correct on all {len(self.cases)} cases!")

    def _check_case(self, answer: Callable, args: tuple, expected) -> Feedback | None:
        """None if ``answer(*args)`` gives ``expected``; otherwise feedback saying what went wrong."""
        inputs = ", ".join(shown(a) for a in args)  # before the call: a student's function may change its arguments
        tracer = limits.Tracer(self._forbidden_code)
        try:
            got, printed = limits.call(answer, args, self.time_limit, tracer)
        except NotImplementedError:
            return self._says(NOT_YET, "not answered yet — write the function body (it still raises "
                              "NotImplementedError), then run the check again")
        except limits.TimeLimit:
            problem = f"your function did not finish within {self.time_limit:g} s — is there a loop that never ends?"
        except RecursionError:
            problem = "your function recursed too deeply"
        except Exception as exc:  # the student's code may raise anything: report it, never crash
            problem = f"your function raised {type(exc).__name__}: {cut(str(exc), 300)}"
        else:
            problem = wrong_result(self.compare, got, printed, expected)
        if tracer.hits or tracer.tampered:
            return self._says(INCORRECT, forbidden_message(tracer.hits))
        return None if problem is None else self._says(INCORRECT, f"for input ({inputs}) {problem}")

    def _says(self, status: str, message: str) -> Feedback:
        return Feedback(status, message, self.name)

    def hint(self) -> str:
        """The next hint (each call shows one more, then repeats the last)."""
        if self._graded:
            text = _OFF.format("hints")
        elif not self.hints:
            text = "no hint for this one — look back at the notebook section it comes from"
        else:
            text = self.hints[min(self._hints_shown, len(self.hints) - 1)]
            self._hints_shown += 1
            text = f"hint {min(self._hints_shown, len(self.hints))} of {len(self.hints)}: {text}"
        print(text)
        return text

    def solution(self) -> str:
        """The reference solution as code (and the rubric for questions that need judgement)."""
        if self._graded:
            text = _OFF.format("solutions")
            print(text)
            return text
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
        symbol = {CORRECT: "✓", INCORRECT: "✗", NOT_YET: "…", RECORDED: "•"}[self.status]
        return f"{symbol} {self.question}: {self.message}" if self.question else f"{symbol} {self.message}"

    def _repr_html_(self) -> str:
        colour = {CORRECT: "#e6f4ea", INCORRECT: "#fce8e6", NOT_YET: "#f1f3f4", RECORDED: "#e8f0fe"}[self.status]
        return (f'<div style="background:{colour};padding:6px 10px;border-radius:4px;white-space:pre-wrap">'
                f"{html.escape(str(self))}</div>")

    def __repr__(self) -> str:
        return str(self)


def report() -> dict[str, str]:
    """Question name -> "correct" | "incorrect" | "not yet" | "recorded", for every question checked so far
    in this kernel (practice feedback; the grader does not use it)."""
    return dict(_RESULTS)


def graded(questions: dict) -> dict:
    """The set as released for credit: the same questions without hints, solutions, rubrics, references
    or hidden cases (``hint()`` and ``solution()`` say the instructor turned them off, calling
    ``.reference`` raises). A function answer is still checked on the public cases; a value answer is
    only recorded (judging it here would let a student try values until one is right).

    >>> q = graded({"n": Question("n", "How many?", reference=3, hints=["Count."])})
    >>> q["n"].check(3).status, q["n"].hint()
    the instructor turned hints off for this graded release
    ('recorded', 'the instructor turned hints off for this graded release')
    """
    if getattr(questions, "while_grading", False):  # the grader's stand-ins (_grading/course.py): nothing to hide
        return questions
    questions = check.question_set(questions, Question)
    return {name: _graded_copy(q) for name, q in questions.items()}


class _Withheld:
    """What ``reference`` is in a graded release: calling it, or asking for its value, says it is off."""

    def __call__(self, *args, **kwargs):
        raise PermissionError(_OFF.format("reference answers"))

    def __repr__(self):
        return "<withheld: " + _OFF.format("reference answers") + ">"


def _graded_copy(q: Question) -> Question:
    if q._graded:
        return q
    expected = tuple(q.reference(*args) for args in q.cases) if q.is_function_question else ()
    return dataclasses.replace(q, reference=_Withheld(), hints=(), solution_code="", wrong_code="", rubric="",
                               hidden_cases=None, _hints_shown=0, _graded=True, _expected=expected)


