"""(Issue 18: to be written.)"""

from __future__ import annotations

__all__ = []


def write(obj, path):
    raise NotImplementedError("sentencepiece_file is not written yet")
