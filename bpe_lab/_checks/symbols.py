"""Checks for the things classic BPE works on: symbols, words, corpora and merge lists.

A *symbol* is a non-empty str (a character, "</w>", a merged string) or bytes (notebook 03); a *word* is
a tuple of symbols; a *corpus* maps words to counts; *merges* are (left, right) pairs in learned order.
str and bytes symbols are never mixed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from . import is_whole, short


def symbol(value, where: str) -> type:
    """Check one symbol; return its type (str or bytes) so callers can tell whether kinds are mixed."""
    if not isinstance(value, (str, bytes)):
        raise TypeError(
            f"{where}: every symbol must be a str (or bytes), got {short(value)} ({type(value).__name__}); "
            "a word is a sequence of symbols such as ('l', 'o', 'w')"
        )
    if len(value) == 0:
        raise ValueError(f"{where}: symbols must not be empty strings")
    return type(value)


def as_word(word, where: str) -> tuple:
    """A word given as a str, bytes or a sequence of symbols -> a tuple of symbols."""
    if isinstance(word, str):
        return tuple(word)
    if isinstance(word, bytes):
        return tuple(word[i : i + 1] for i in range(len(word)))
    if isinstance(word, (tuple, list)):
        kinds = {symbol(s, where) for s in word}
        if len(kinds) > 1:
            raise TypeError(f"{where}: do not mix str and bytes symbols in one word: {short(word)}")
        return tuple(word)
    raise TypeError(
        f"{where}: a word must be a str or a tuple/list of symbols such as ('l', 'o', 'w'), "
        f"got {type(word).__name__}"
    )


def as_corpus(corpus) -> dict[tuple, int]:
    """A text (split on whitespace, one symbol per character), a mapping word -> count, or a list of words
    -> {tuple of symbols: count}."""
    if isinstance(corpus, str):
        words: dict[tuple, int] = {}
        for word in corpus.split():
            words[tuple(word)] = words.get(tuple(word), 0) + 1
    elif isinstance(corpus, Mapping):
        words = {}
        for word, count in corpus.items():
            symbols = as_word(word, "corpus")
            if not is_whole(count):
                raise TypeError(f"corpus: the count of {short(word)} must be a whole number, got {short(count)}")
            if count <= 0:
                raise ValueError(f"corpus: the count of {short(word)} must be positive, got {count}")
            if not symbols:
                raise ValueError("corpus: words must hold at least one symbol, got an empty word")
            words[symbols] = words.get(symbols, 0) + int(count)
    elif isinstance(corpus, Iterable) and not isinstance(corpus, (bytes, bytearray)):
        return as_corpus(Counter(as_word(w, "corpus") for w in corpus))
    else:
        raise TypeError(
            "corpus must be a text (str), a mapping word -> count such as {('h', 'u', 'g'): 10}, "
            f"or a list of words; got {type(corpus).__name__}"
        )
    if not words:
        raise ValueError("corpus is empty: pass a text or a mapping word -> count with at least one word")
    kinds = {type(s) for word in words for s in word}
    if len(kinds) > 1:
        raise TypeError("corpus: use str symbols or bytes symbols, not both")
    return words


def as_merges(merges) -> list[tuple]:
    """Merges as a list of (left, right) tuples, each pair at most once, all str or all bytes."""
    if isinstance(merges, (str, bytes)) or not isinstance(merges, Iterable):
        hint = "; pass result.merges" if hasattr(merges, "merges") else ""
        raise TypeError(
            "merges must be a list of (left, right) pairs such as [('l', 'o'), ('lo', 'w')], "
            f"got {type(merges).__name__}{hint}"
        )
    checked, seen, kinds = [], set(), set()
    for rank, merge in enumerate(merges):
        if not isinstance(merge, (tuple, list)) or len(merge) != 2:
            raise ValueError(f"merges[{rank}] must be a pair (left, right), got {short(merge)}")
        left, right = merge
        kinds.add(symbol(left, f"merges[{rank}]"))
        kinds.add(symbol(right, f"merges[{rank}]"))
        pair = (left, right)
        if pair in seen:
            raise ValueError(f"merges[{rank}] repeats the pair {short(pair)}; each pair may appear once")
        seen.add(pair)
        checked.append(pair)
    if len(kinds) > 1:
        raise TypeError("merges: use str symbols or bytes symbols, not both")
    return checked


def same_kind(symbols: tuple, merges: list[tuple]) -> None:
    """A word and a merge list hold the same kind of symbol (both str or both bytes)."""
    if symbols and merges and type(symbols[0]) is not type(merges[0][0]):
        raise TypeError(
            f"the word holds {type(symbols[0]).__name__} symbols but the merges hold "
            f"{type(merges[0][0]).__name__} symbols; pass both as str or both as bytes"
        )
