"""Pre-tokenization: splitting text into chunks before BPE, so no token crosses a chunk boundary.

GPT-2 splits text with a regular expression (it needs the ``regex`` module for ``\\p{L}``, letters in any
script). Its chunks: English contractions, a run of letters, of digits or of other symbols (each with
an optional leading space), and runs of whitespace. BPE then runs inside each chunk.

Notebook 04 takes the pattern apart piece by piece and adds the GPT-4 and o200k patterns.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import regex

__all__ = ["GPT2_PATTERN", "PATTERNS", "compile_pattern", "split", "chunk_counts"]

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


#: Patterns for which a newline standing alone between two non-space characters ("end\nStart") is
#: always a chunk of its own, so a long text can be cut just after it and counted block by block with
#: exactly the same result.
_CUTTABLE = {GPT2_PATTERN}
_CUT = regex.compile(r"(?<=\S)\n(?=\S)")


def chunk_counts(text: str, pattern: str = "gpt2", block_chars: int = 1 << 16) -> Counter:
    """How often each chunk occurs: ``Counter(split(text, pattern))`` without holding every chunk at once.

    A trainer only needs the counts. For the named patterns the text is cut into blocks of about
    ``block_chars`` characters, each just after a lone newline (a chunk of its own), which keeps memory
    small on large texts.

    >>> chunk_counts("the cat saw the hat")["the"], chunk_counts("the cat saw the hat")[" the"]
    (1, 1)
    """
    compiled = compile_pattern(pattern)
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    counts: Counter = Counter()
    if compiled.pattern not in _CUTTABLE or len(text) <= block_chars:
        counts.update(compiled.findall(text))
        return counts
    start = 0
    while start < len(text):
        end = start + block_chars
        if end < len(text):
            cut = _CUT.search(text, end)
            end = cut.end() if cut else len(text)
        counts.update(compiled.findall(text, start, end))
        start = end
    return counts
