"""A byte-level BPE ``Tokenizer`` as a tiktoken rank file. (Issue 18: to be written.)"""

from __future__ import annotations

__all__ = []


def write(tokenizer, path):
    raise NotImplementedError("export to a tiktoken rank file is not written yet")
