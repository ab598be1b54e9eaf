"""Homework: the exercise sets, the questions that check themselves, and the grader.

* ``questions``: ``Question`` (``check()``, ``hint()``, ``solution()``), ``graded(...)``, ``report()``.
* ``sets``: one module per exercise notebook, ``set_01()`` … ``set_11()`` and ``set_capstone()``.
* ``grade``: ``python -m bpe_lab.grade`` (release, grade, questions, nbgrader, student-edition).
* ``_grading``: the grader's private parts (the child process, the sandbox, the student edition).

The algorithms the homework is about live one level up, in ``bpe_lab/``.

>>> from bpe_lab.homework import set_01
>>> q = set_01()
>>> q["count_ug"].kind
'value'
"""

import importlib

_SETS = ["set_01", "set_02", "set_03", "set_04", "set_05", "set_06", "set_07", "set_08", "set_09", "set_10",
         "set_11", "set_capstone"]
__all__ = ["Question", "Feedback", "graded", "report", *_SETS]


def __getattr__(name):  # imported when first asked for: ``import bpe_lab`` does not load every set
    if name in ("Question", "Feedback", "graded", "report"):
        return getattr(importlib.import_module(".questions", __name__), name)
    if name in _SETS:
        return getattr(importlib.import_module(".sets", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
