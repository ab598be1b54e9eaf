"""(Issue 18: to be written.)"""

from __future__ import annotations

__all__ = []


def write(obj, path):
    raise NotImplementedError("hf_unigram is not written yet")
