"""Pre-tokenization: splitting text into chunks before BPE, so no token crosses a chunk boundary.

GPT-2 splits text with a regular expression (it needs the ``regex`` module for ``\\p{L}``, letters in any
script). Its chunks: English contractions, a run of letters, of digits or of other symbols (each with
an optional leading space), and runs of whitespace. BPE then runs inside each chunk.

Notebook 04 takes the patterns apart piece by piece. ``bpe_lab.plots.html_chunks`` shows a split in colour.

Which characters are letters (``\\p{L}``) or numbers (``\\p{N}``) comes from the Unicode tables of the ``regex``
module, which are newer than those of tiktoken's regular expressions. On every character Unicode had assigned by
version 14 (Python 3.11's own tables) the splits agree, and so do the ids: all 282,230 of them were checked, each
in four contexts, against tiktoken's gpt2, cl100k_base and o200k_base. A character assigned since, such as U+0C5C
(a Telugu letter), can be a letter here and not in tiktoken, and then splits differently.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

import regex

from . import _checks as check

__all__ = ["GPT2_PATTERN", "GPT4_PATTERN", "O200K_PATTERN", "PATTERNS", "compile_pattern", "split", "chunk_counts"]

#: The pattern of GPT-2's own encoder. (tiktoken writes it with possessive quantifiers and an explicit
#: end-of-text case; the chunks are the same, which the tests check.)
GPT2_PATTERN = r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""

#: GPT-4's cl100k_base pattern, exactly as tiktoken has it: contractions in any case, a letter run may
#: take one leading non-letter (not only a space), numbers in groups of at most three digits, punctuation
#: keeps the newlines after it, and a whitespace run ends at its last newline (the indentation after it is
#: a chunk of its own; spaces before a newline stay with it). Letters are \p{L} only: a combining mark
#: (\p{M}, the vowel signs of Hindi or Tamil) ends a letter run.
GPT4_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|"""
    r"""\s+(?!\S)|\s"""
)

#: GPT-4o's o200k_base pattern, exactly as tiktoken has it: a word is a run of capitals then a run of
#: lower-case letters, so it is cut where a lower-case letter meets a capital ("camelCase" -> "camel",
#: "Case"; "HTTPServer" stays whole), contractions stay with their word, "/" is kept with punctuation, and
#: combining marks (\p{M}) count as letters.
O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)

#: Patterns by name ("cl100k" is another name for "gpt4").
PATTERNS = {"gpt2": GPT2_PATTERN, "gpt4": GPT4_PATTERN, "cl100k": GPT4_PATTERN, "o200k": O200K_PATTERN}

_BLOCK_CHARS = 1 << 16  # characters a long text is read in at a time (see the comment on speed below)


def split(text: str, pattern: str = "gpt2") -> list[str]:
    """Split a text into pre-tokenization chunks. An empty text gives [].

    >>> split("Hello world, it's 2024!")
    ['Hello', ' world', ',', ' it', "'s", ' 2024', '!']
    """
    text, compiled = check.text(text), compile_pattern(pattern)
    return _findall(compiled, text)


def chunk_counts(text: str, pattern: str = "gpt2", block_chars: int = _BLOCK_CHARS) -> Counter:
    """How often each chunk occurs: exactly ``Counter(split(text, pattern))``, in less memory.

    A trainer only needs the counts; the text is read block by block (see the comment on speed below).

    >>> chunk_counts("the cat saw the hat")["the"], chunk_counts("the cat saw the hat")[" the"]
    (1, 1)
    """
    text, compiled, block_chars = check.text(text), compile_pattern(pattern), check.block_chars(block_chars)
    counts: Counter = Counter()
    if compiled.pattern != GPT2_PATTERN:
        counts.update(_findall(compiled, text))
        return counts
    for block in _findall_blocks(compiled, text, block_chars):
        counts.update(block)
    return counts


@lru_cache(maxsize=32)
def _compile(pattern: str) -> regex.Pattern:
    return regex.compile(pattern)


_NAME_LIKE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


def compile_pattern(pattern: str) -> regex.Pattern:
    """A pattern name ("gpt2") or a regex string, compiled with the ``regex`` module.

    Refused with ``ValueError``: a word that looks like a name but is not one ("gpt5", "GPT-2": as a regex
    it would match only that word and drop the rest of the text), a pattern that matches the empty string
    (it would make empty chunks), and an invalid regex.
    """
    check.instance(pattern, str, "pattern must be a name such as 'gpt2' or a regex string")
    names = ", ".join(PATTERNS)
    if pattern not in PATTERNS and _NAME_LIKE.fullmatch(pattern):
        raise ValueError(f"pattern {pattern!r} is not a known name ({names}); for a regex of your own, pass one "
                         r"that covers the text, such as r'\w+|\s+|[^\w\s]+'")
    source = PATTERNS.get(pattern, pattern)
    try:
        compiled = _compile(source)
    except regex.error as exc:
        raise ValueError(f"pattern {pattern[:80]!r} is neither a known name ({names}) nor a valid regex: "
                         f"{exc}") from None
    if compiled.match("") is not None:
        raise ValueError(f"pattern {pattern[:80]!r} matches the empty string, which would make empty chunks; use + "
                         "rather than * (a pre-tokenizer's chunks hold at least one character)")
    return compiled


# --- Speed, without changing a single chunk ----------------------------------------------------
# 1. A GPT-2 chunk never holds a non-space character followed by whitespace, so a long text can be
#    cut just before any whitespace that follows a non-space character and counted block by block with
#    exactly the same chunks, without holding every chunk of a huge text at once (chunk_counts).
# 2. Python's built-in `re` runs this module's three patterns two to three times as fast as the `regex`
#    module, once each \p{..}, \s and \S is spelled out as the characters `regex` puts in it (read from
#    `regex` itself, so the two agree on every character; see _spelled_out): the ASCII ones for ASCII
#    text, all up to U+FFFF for text with no character beyond (every living script, but not emoji). Past
#    U+FFFF `re` would check such long classes range by range, slower than `regex`, so that text keeps the
#    real pattern; a pattern of your own always does. tests/test_pretokenize.py checks both claims, on
#    every character up to U+FFFF.
_CUT = regex.compile(r"(?<=\S)\s")
_BEYOND_BMP = re.compile("[\U00010000-\U0010ffff]")
_ESCAPE_OR_CLASS = re.compile(r"\\p\{\w+\}|\\[sS]|\\.|\[\^?|\]|.", re.DOTALL)  # the parts _spelled_out reads


def _findall(compiled: regex.Pattern, text: str, start: int = 0, end: int | None = None) -> list[str]:
    """``compiled.findall(text, start, end)``, by `re` where it gives the same chunks sooner (see above)."""
    end = len(text) if end is None else end
    if compiled.pattern in _SPELLABLE:
        if (text if (start, end) == (0, len(text)) else text[start:end]).isascii():
            return _spelled_out(compiled.pattern, 0x80).findall(text, start, end)  # small classes: quick to build
        if not _BEYOND_BMP.search(text, start, end):
            return _spelled_out(compiled.pattern, 0x10000).findall(text, start, end)
    return compiled.findall(text, start, end)


_SPELLABLE = {GPT2_PATTERN, GPT4_PATTERN, O200K_PATTERN}


@lru_cache(maxsize=2 * len(_SPELLABLE))
def _spelled_out(pattern: str, up_to: int) -> re.Pattern:
    r"""One of this module's patterns for `re`, for text whose characters all come before ``up_to``: \p{L} ->
    [a-zA-Zª...], \s inside a class -> its characters, \S -> [^...], and so on; everything else as it is.
    Built once per pattern, when first needed: a millisecond for ASCII (``up_to=0x80``), a few tens of
    milliseconds up to U+FFFF."""
    parts, in_class = [], False
    for part in _ESCAPE_OR_CLASS.findall(pattern):
        if part in ("[", "[^"):
            in_class = True
        elif part == "]":
            in_class = False
        elif part.startswith(r"\p") or part == r"\s":
            part = _members(part, up_to) if in_class else f"[{_members(part, up_to)}]"
        elif part == r"\S":
            part = "[^" + _members(r"\s", up_to) + "]"  # (never inside a class in these patterns)
        parts.append(part)
    return re.compile("".join(parts))


@lru_cache(maxsize=None)
def _members(regex_class: str, up_to: int) -> str:
    r"""The characters before ``up_to`` that `regex` puts in a class, as ranges for a `re` class: \p{N} ->
    "0-9²-³¹-¹¼-¾٠-٩..." (each run of consecutive members as first-last)."""
    runs = regex.findall(regex_class + "+", "".join(map(chr, range(up_to))))
    return "".join(f"{re.escape(run[0])}-{re.escape(run[-1])}" for run in runs)


def _blocks(text: str, block_chars: int):
    """(start, end) of blocks of about ``block_chars`` characters, each ending before a safe cut."""
    start = 0
    while start < len(text):
        end = start + block_chars
        if end >= len(text):
            end = len(text)
        else:
            cut = _CUT.search(text, end)
            end = cut.start() if cut else len(text)
        yield start, end
        start = end


def _findall_blocks(compiled: regex.Pattern, text: str, block_chars: int):
    """The chunks of each block, one list per block (GPT-2 pattern only)."""
    for start, end in _blocks(text, block_chars):
        yield _findall(compiled, text, start, end)
