"""Pre-tokenization: splitting text into chunks before BPE, so no token crosses a chunk boundary.

GPT-2 splits text with a regular expression (it needs the ``regex`` module for ``\\p{L}``, letters in any
script). Its chunks: English contractions, a run of letters, of digits or of other symbols (each with
an optional leading space), and runs of whitespace. BPE then runs inside each chunk.

Notebook 04 takes the pattern apart piece by piece and adds the GPT-4 and o200k patterns.
"""

from __future__ import annotations

import re
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


# Counting chunks fast. A GPT-2 chunk never holds a non-space character followed by whitespace, so a
# text can be cut before every whitespace run that follows a non-space character without moving any
# chunk boundary. That cuts the text into "segments" (some whitespace, then non-space characters:
# "\n    return", " world,"). Real text repeats its segments a lot, so we count the segments with
# Python's fast built-in `re`, run the slower GPT-2 pattern once per *distinct* segment, and multiply.
# Python's `re` and the `regex` module agree on what whitespace is except for the four characters
# U+001C..U+001F (`re` calls them whitespace); a text holding any of them is split directly.
_CUTTABLE = {GPT2_PATTERN}
_SEGMENT = re.compile(r"\s*\S+|\s+")
_CUT = re.compile(r"(?<=\S)\s")
_RE_DIFFERS = ("\x1c", "\x1d", "\x1e", "\x1f")


def chunk_counts(text: str, pattern: str = "gpt2", block_chars: int = 1 << 16) -> Counter:
    """How often each chunk occurs: exactly ``Counter(split(text, pattern))``, computed faster.

    A trainer only needs the counts. For the GPT-2 pattern the text is read in blocks of about
    ``block_chars`` characters (so memory stays small on large texts), each block is cut into
    segments, and the pattern runs once per distinct segment (see the comment above).

    >>> chunk_counts("the cat saw the hat")["the"], chunk_counts("the cat saw the hat")[" the"]
    (1, 1)
    """
    compiled = compile_pattern(pattern)
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    if compiled.pattern not in _CUTTABLE or any(char in text for char in _RE_DIFFERS):
        return Counter(compiled.findall(text))
    segments: Counter = Counter()
    start = 0
    while start < len(text):
        end = start + block_chars
        if end < len(text):
            cut = _CUT.search(text, end)  # a block ends just before whitespace that follows a non-space
            end = cut.start() if cut else len(text)
        else:
            end = len(text)
        segments.update(_SEGMENT.findall(text, start, end))
        start = end
    counts: Counter = Counter()
    for segment, count in segments.items():
        for chunk in compiled.findall(segment):
            counts[chunk] += count
    return counts
