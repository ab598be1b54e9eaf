"""Pre-tokenization: splitting text into chunks before BPE, so no token crosses a chunk boundary.

GPT-2 splits text with a regular expression (it needs the ``regex`` module for ``\\p{L}``, letters in any
script). Its chunks: English contractions, a run of letters, of digits or of other symbols (each with
an optional leading space), and runs of whitespace. BPE then runs inside each chunk.

Notebook 04 takes the pattern apart piece by piece and adds the GPT-4 and o200k patterns.
"""

from __future__ import annotations

from functools import lru_cache

import regex

__all__ = ["GPT2_PATTERN", "PATTERNS", "compile_pattern", "split"]

#: The pattern of GPT-2's encoder (and tiktoken's "gpt2" encoding).
GPT2_PATTERN = r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""

#: Patterns by name.
PATTERNS = {"gpt2": GPT2_PATTERN}


@lru_cache(maxsize=32)
def _compile(pattern: str) -> regex.Pattern:
    return regex.compile(pattern)


def compile_pattern(pattern: str) -> regex.Pattern:
    """A pattern name ("gpt2") or a regex string, compiled with the ``regex`` module."""
    if not isinstance(pattern, str):
        raise TypeError(f"pattern must be a name such as 'gpt2' or a regex string, got {type(pattern).__name__}")
    source = PATTERNS.get(pattern, pattern)
    try:
        return _compile(source)
    except regex.error as exc:
        raise ValueError(
            f"pattern {pattern!r} is neither a known name ({', '.join(PATTERNS)}) nor a valid regex: {exc}"
        ) from None


def split(text: str, pattern: str = "gpt2") -> list[str]:
    """Split a text into pre-tokenization chunks.

    >>> split("Hello world, it's 2024!")
    ['Hello', ' world', ',', ' it', "'s", ' 2024', '!']
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return compile_pattern(pattern).findall(text)
