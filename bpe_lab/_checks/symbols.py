"""Checks for the things classic BPE works on: symbols, words, corpora and merge lists.

A *symbol* is a non-empty str (a character, "</w>", a merged string) or bytes (notebook 03); a *word* is
a tuple of symbols; a *corpus* maps words to counts; *merges* are (left, right) pairs in learned order.
str and bytes symbols are never mixed.

``as_corpus`` returns a ``Corpus`` (a dict marked as checked) and hands a ``Corpus`` back at once, so a training
loop can give the same corpus to ``bpe.pair_counts`` step after step without checking it again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from . import one_of, positive_count, short, whole

__all__ = ["Corpus", "Merges", "symbol", "as_word", "as_corpus", "as_merges", "same_kind", "pair", "word_and_pair",
           "word_and_merges", "known_symbols", "num_merges", "tie_break", "k_merges"]


class Corpus(dict):
    """A corpus that ``as_corpus`` has checked: word (tuple of symbols) -> positive count.

    ``as_corpus`` returns one as it is. Build one yourself only from words that are already checked,
    such as the words of a checked corpus after a merge (merging keeps every symbol a non-empty str or bytes).
    """


class Merges(list):
    """A merge list that ``as_merges`` has checked: (left, right) tuples, each pair once, one kind of symbol,
    with ``ranks``, each pair's rank (its position: 0 = learned first).

    ``as_merges`` returns one as it is, so a caller that encodes many words with the same merges checks them
    (and builds their ranks) once: ``merges = check.merges(result.merges)``, then ``bpe.encode(word, merges)``.
    """

    def __init__(self, pairs):
        super().__init__(pairs)
        self.ranks = {pair: rank for rank, pair in enumerate(self)}


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
    -> {tuple of symbols: count}, as a ``Corpus``. A ``Corpus`` is returned at once: it is checked already."""
    if type(corpus) is Corpus:
        return corpus
    words = Corpus()
    if isinstance(corpus, str):
        for word in corpus.split():
            words[tuple(word)] = words.get(tuple(word), 0) + 1
    elif isinstance(corpus, Mapping):
        for word, count in corpus.items():
            symbols, count = as_word(word, "corpus"), positive_count(count, word, "corpus: ")
            if not symbols:
                raise ValueError("corpus: words must hold at least one symbol, got an empty word")
            words[symbols] = words.get(symbols, 0) + count
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


def as_merges(merges) -> Merges:
    """Merges as a list of (left, right) tuples, each pair at most once, all str or all bytes, as ``Merges``.
    ``Merges`` are returned at once: they are checked already."""
    if type(merges) is Merges:
        return merges
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
    return Merges(checked)


def same_kind(symbols: tuple, merges: list[tuple]) -> None:
    """A word and a merge list hold the same kind of symbol (both str or both bytes)."""
    if symbols and merges and type(symbols[0]) is not type(merges[0][0]):
        raise TypeError(
            f"the word holds {type(symbols[0]).__name__} symbols but the merges hold "
            f"{type(merges[0][0]).__name__} symbols; pass both as str or both as bytes"
        )


def pair(value, where: str = "pair") -> tuple:
    """A pair of symbols (left, right) such as ('u', 'g'), both str or both bytes -> a tuple."""
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{where} must be a tuple (left, right) such as ('u', 'g'), got {type(value).__name__}")
    if len(value) != 2:
        raise ValueError(f"{where} must be a pair of symbols (left, right) such as ('u', 'g'), got {short(value)}")
    left, right = value
    if {symbol(left, where), symbol(right, where)} == {str, bytes}:
        raise TypeError(f"{where}: use str symbols or bytes symbols, not both")
    return left, right


def word_and_pair(symbols, pair_, merged=None) -> tuple[tuple, tuple]:
    """What ``bpe.merge_pair`` takes: a word -> tuple of symbols, a pair of the same kind of symbol, and
    ``merged`` (None, or the symbol that replaces each occurrence) -> (word, (left, right))."""
    word = as_word(symbols, "symbols")
    checked = pair(pair_)
    same_kind(word, [checked])
    if merged is not None:
        symbol(merged, "merged")
    return word, checked


def word_and_merges(symbols, merges) -> tuple[tuple, list]:
    """What the encoders take: a word -> tuple of symbols, and a merge list of the same kind of symbol."""
    word, merges = as_word(symbols, "symbols"), as_merges(merges)
    same_kind(word, merges)
    return word, merges


def known_symbols(word: tuple, vocab, unknown, where: str = "symbols") -> tuple:
    """A word checked against ``vocab``, the symbols a tokenizer knows (``vocab=None``: no check). A symbol outside
    ``vocab`` raises a ValueError naming it, or is replaced by ``unknown`` when that is given (e.g. "[UNK]")."""
    if vocab is None:
        if unknown is not None:
            raise TypeError(f"unknown={short(unknown)} needs vocab=, the symbols the tokenizer knows "
                            "(such as result.vocab), so that unknown symbols can be told apart")
        return word
    if isinstance(vocab, (str, bytes)) or not isinstance(vocab, Iterable):
        raise TypeError("vocab must be a collection of symbols such as result.vocab or ['g', 'h', 'u', 'ug'], "
                        f"got {type(vocab).__name__}")
    known = vocab if isinstance(vocab, (set, frozenset, Mapping)) else set(vocab)
    if not known:
        raise ValueError("vocab is empty: pass the symbols the tokenizer knows, such as result.vocab")
    if unknown is not None:
        symbol(unknown, "unknown")
        same_kind(word, [(unknown, unknown)])
        return tuple(s if s in known else unknown for s in word)
    for s in word:
        if s not in known:
            # subtle: a symbol training never saw is in no merge, so without this check it would pass as a token
            raise ValueError(
                f"{where}: {short(s)} (in {short(word)}) is not in the vocabulary: training never saw it, so no "
                "token holds it. Pass unknown='[UNK]' (or another symbol) to replace it, or train on text that "
                "contains it (byte-level BPE, notebook 03, has no unknown symbols)")
    return word


def num_merges(value) -> int:
    """A number of merges to learn: a whole number, 0 or more."""
    return whole(value, "num_merges", what="a whole number", example=10,
                 out_of_range="num_merges must be 0 or more, got {value}")


def tie_break(value, choices: tuple, note: str = "") -> str:
    """A tie rule among ``choices`` (e.g. bpe.TIE_BREAKS)."""
    return one_of(value, "tie_break", choices, note=note)


def k_merges(k, learned: int) -> int:
    """``k``, a number of merges from 0 to ``learned`` (the merges a training result holds): a step to show."""
    return whole(k, "k", what="a whole number of merges",
                 out_of_range=f"k must be between 0 and {learned} (the number of merges learned), got {{value}}",
                 minimum=0, maximum=learned)
