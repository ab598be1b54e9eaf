"""Measuring tokenizers: compression, fertility, words kept whole, cost per language, shared vocabulary.

Every function takes the tokenizer as a plain function ``tokenize(text) -> list of tokens`` (pieces or
ids, only their number matters), so BPE, WordPiece, Unigram and production libraries are measured the
same way: ``lambda text: tokenizer.encode(text)``, ``lambda text: bert.tokenize(text)``...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sized

from .byte_level import _utf8

__all__ = [
    "count_tokens",
    "bytes_per_token",
    "chars_per_token",
    "fertility",
    "whole_word_share",
    "cost_per_language",
    "vocabulary_overlap",
]


def _check(tokenize, text, name: str = "text") -> None:
    if not callable(tokenize):
        raise TypeError(f"tokenize must be a function text -> list of tokens, got {type(tokenize).__name__}")
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a str, got {type(text).__name__}")
    if not text.strip():
        raise ValueError(f"{name} is empty: measure a text that has at least one word")
    _utf8(text, name)  # a lone surrogate has no bytes to measure


def _count(tokenize, text, name: str = "tokenize") -> int:
    tokens = tokenize(text)
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Sized):
        raise TypeError(f"{name} must return a list of tokens, got {type(tokens).__name__}")
    return len(tokens)


def _per_token(amount: int, tokens: int, what: str = "a non-empty text") -> float:
    if tokens == 0:
        raise ValueError(f"tokenize made no tokens of {what}: nothing to divide by (is it a tokenizer?)")
    return amount / tokens


def count_tokens(tokenize: Callable, text: str) -> int:
    """How many tokens ``tokenize`` makes of ``text`` (0 if it makes none).

    >>> count_tokens(str.split, "to be or not")
    4
    """
    _check(tokenize, text)
    return _count(tokenize, text)


def bytes_per_token(tokenize: Callable, text: str) -> float:
    """UTF-8 bytes of the text per token: higher means more compression.

    >>> bytes_per_token(str.split, "to be or not")  # 12 bytes, 4 tokens
    3.0
    """
    tokens = count_tokens(tokenize, text)
    return _per_token(len(text.encode("utf-8")), tokens)


def chars_per_token(tokenize: Callable, text: str) -> float:
    """Characters (code points) per token.

    >>> chars_per_token(list, "née")
    1.0
    """
    tokens = count_tokens(tokenize, text)
    return _per_token(len(text), tokens)


def fertility(tokenize: Callable, text: str) -> float:
    """Tokens per word, words being what whitespace separates: 1.0 means one token per word.

    >>> fertility(list, "to be")  # 5 characters (space included) for 2 words
    2.5
    """
    return count_tokens(tokenize, text) / len(text.split())


def whole_word_share(tokenize_word: Callable, words: Iterable[str]) -> float:
    """The share of words that ``tokenize_word`` keeps as one single token.

    Give each word the way the tokenizer sees it inside text (GPT-2: with its leading space).

    >>> whole_word_share(lambda w: [w] if len(w) < 4 else [w[:2], w[2:]], ["to", "be", "question"])
    0.6666666666666666
    """
    if not callable(tokenize_word):
        raise TypeError(f"tokenize_word must be a function word -> list of tokens, got {type(tokenize_word).__name__}")
    if isinstance(words, (str, bytes)):
        raise TypeError(f"words must be a list of words, not one {type(words).__name__}; e.g. text.split()")
    if not isinstance(words, Iterable):
        raise TypeError(f"words must be a list of words, got {type(words).__name__}")
    words = list(words)
    if not words:
        raise ValueError("words is empty: pass at least one word")
    for index, word in enumerate(words):
        if not isinstance(word, str):
            raise TypeError(f"words[{index}] must be a str, got {type(word).__name__}")
    return sum(_count(tokenize_word, word, "tokenize_word") == 1 for word in words) / len(words)


def cost_per_language(tokenize: Callable, texts: Mapping[str, str], reference: str = "eng") -> dict[str, float]:
    """Tokens for each language's text divided by tokens for the reference language's (the same content).

    >>> cost_per_language(list, {"eng": "cat", "fra": "chat"})
    {'eng': 1.0, 'fra': 1.3333333333333333}
    """
    if not isinstance(texts, Mapping):
        raise TypeError(f"texts must be a mapping language -> text, got {type(texts).__name__}")
    if not isinstance(reference, str):
        raise TypeError(f"reference must be a language code (str) such as 'eng', got {type(reference).__name__}")
    if reference not in texts:
        raise ValueError(f"texts must be a mapping language -> text that includes the reference {reference!r}; "
                         f"it has {sorted(map(str, texts))[:10]}")
    counts = {}
    for language, text in texts.items():
        name = f"texts[{language!r}]"
        _check(tokenize, text, name)
        counts[language] = _count(tokenize, text)
    base = counts[reference]
    return {language: _per_token(count, base, f"texts[{reference!r}]") for language, count in counts.items()}


def vocabulary_overlap(first: Iterable[str], second: Iterable[str]) -> dict[str, float]:
    """How much two vocabularies share: the count, each one's share, and the Jaccard index.

    >>> vocabulary_overlap({"a", "b", "c"}, {"b", "c", "d", "e"})
    {'shared': 2, 'share_of_first': 0.6666666666666666, 'share_of_second': 0.5, 'jaccard': 0.4}
    """
    first, second = _pieces(first, "first"), _pieces(second, "second")
    if not first or not second:
        raise ValueError("both vocabularies must hold at least one piece")
    shared = first & second
    return {"shared": len(shared), "share_of_first": len(shared) / len(first),
            "share_of_second": len(shared) / len(second), "jaccard": len(shared) / len(first | second)}


def _pieces(vocabulary, name: str) -> set:
    if isinstance(vocabulary, (str, bytes)):
        raise TypeError(f"{name} must be a collection of pieces (set, list or dict), not one {type(vocabulary).__name__}")
    if not isinstance(vocabulary, Iterable):
        raise TypeError(f"{name} must be a collection of pieces (set, list or dict), got {type(vocabulary).__name__}")
    pieces = set()
    for piece in vocabulary:
        if not isinstance(piece, (str, bytes)):
            raise TypeError(f"{name} must hold pieces (str or bytes), got a {type(piece).__name__}")
        pieces.add(piece)
    return pieces
