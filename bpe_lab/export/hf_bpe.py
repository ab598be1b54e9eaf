"""A byte-level BPE ``Tokenizer`` as a Hugging Face ``tokenizer.json``, and back. (Issue 18: to be written.)"""

from __future__ import annotations

__all__ = []


def write(tokenizer, path):
    raise NotImplementedError("export to tokenizer.json is not written yet")


def read(path):
    raise NotImplementedError("reading a tokenizer.json is not written yet")
