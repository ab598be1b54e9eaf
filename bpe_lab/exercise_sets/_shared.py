"""What several exercise sets share: assembling a set, comparing numbers with a tolerance, and the random
numbers behind a student's own version of a question."""

from __future__ import annotations

import random

from ..exercises import Question


def by_name(*questions: Question) -> dict[str, Question]:
    """The set as the notebooks use it: question name -> question, in the order asked."""
    return {q.name: q for q in questions}


def close(got, expected, tolerance=1e-6) -> bool:
    """Whether ``got`` is a number within ``tolerance`` of ``expected`` (a str or None is simply wrong)."""
    try:
        return abs(float(got) - float(expected)) <= tolerance
    except (TypeError, ValueError):
        return False


def student_rng(student: str, key: str) -> random.Random | None:
    """The random numbers of ``student``'s own version of the question ``key`` ("01 count_ug"): the same
    student and key always give the same numbers; None for student "" (everyone's version, the lesson's).

    >>> student_rng("alice", "01 count_ug").randint(1, 100) == student_rng("alice", "01 count_ug").randint(1, 100)
    True
    >>> student_rng("", "01 count_ug") is None
    True
    """
    return random.Random(f"bpe_lab student version|{key}|{student}") if student else None


def unlike_public(public, make):
    """``make`` (rng -> hidden cases) without the cases that read like a public one (``repr``): a function that
    looks up the public cases' answers must earn nothing on the hidden ones (sets 06-08)."""
    shown = {repr(case) for case in public}
    return lambda rng: [case for case in make(rng) if repr(case) not in shown]
