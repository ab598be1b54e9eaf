"""What several exercise sets share: assembling a set, and comparing numbers with a tolerance."""

from __future__ import annotations

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
