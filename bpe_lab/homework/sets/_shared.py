"""What several exercise sets share: assembling a set, points by level, comparing answers (numbers with a
tolerance, pairs given as tuples or lists), and the random numbers behind a student's own version of a question."""

from __future__ import annotations

import random

from ..questions import Question


# Points by level, in the sets whose points grow with it (03, 04, 05).
LEVEL_POINTS = {"warm-up": 1, "core": 2, "stretch": 3, "project": 5}


def by_name(*questions: Question) -> dict[str, Question]:
    """The set as the notebooks use it: question name -> question, in the order asked."""
    return {q.name: q for q in questions}


def close(got, expected, tolerance=1e-6) -> bool:
    """Whether ``got`` is a number within ``tolerance`` of ``expected`` (a str or None is simply wrong)."""
    try:
        return abs(float(got) - float(expected)) <= tolerance
    except (TypeError, ValueError):
        return False


def same_tuple(got, expected: tuple) -> bool:
    """Whether ``got`` is a tuple or a list equal to ``expected`` item by item: (4, 3) and [4, 3] alike, "43" not.

    >>> same_tuple([4, 3], (4, 3)), same_tuple((4, 3), (4, 3)), same_tuple("43", ("4", "3"))
    (True, True, False)
    """
    return isinstance(got, (tuple, list)) and tuple(got) == expected


def student_rng(student: str, key: str) -> random.Random | None:
    """The random numbers of ``student``'s own version of the question ``key`` ("01 count_ug"): the same
    student and key always give the same numbers; None for student "" (everyone's version, the lesson's).

    >>> student_rng("alice", "01 count_ug").randint(1, 100) == student_rng("alice", "01 count_ug").randint(1, 100)
    True
    >>> student_rng("", "01 count_ug") is None
    True
    """
    return random.Random(f"bpe_lab student version|{key}|{student}") if student else None


def unseen_cases(make, public, count: int):
    """A question's ``hidden_cases``: ``count`` argument tuples from ``make(rng)``, none of them a public case
    (a function that looks up the public cases' results must fail every hidden one) and none twice.

    >>> hidden = unseen_cases(lambda rng: (rng.randint(0, 5),), [(0,), (1,)], 3)
    >>> cases = hidden(random.Random(1))
    >>> len(cases), any(case in [(0,), (1,)] for case in cases), len(set(cases))
    (3, False, 3)
    """
    public = {repr(tuple(case)) for case in public}

    def hidden(rng: random.Random) -> list[tuple]:
        cases, seen = [], set(public)
        for _ in range(100 * count):
            case = tuple(make(rng))
            if repr(case) not in seen:
                seen.add(repr(case))
                cases.append(case)
                if len(cases) == count:
                    break
        return cases

    return hidden


def apart(make, public):
    """``make`` (rng -> hidden cases) without the cases that are also public: a function that looks up the
    public answers (copied from the checks' messages) must pass no hidden case.

    >>> apart(lambda rng: [(1,), (2,), (3,)], [(2,)])(None)
    [(1,), (3,)]
    """
    seen = {repr(case) for case in public}
    return lambda rng: [case for case in make(rng) if repr(case) not in seen]
