"""Measuring tokenizers: compression, fertility, words kept whole, cost per language, shared vocabulary,
Rényi efficiency.

Every function takes the tokenizer as a plain function ``tokenize(text) -> list of tokens`` (pieces or
ids, only their number matters), so BPE, WordPiece, Unigram and production libraries are measured the
same way: ``lambda text: tokenizer.encode(text)``, ``lambda text: bert.tokenize(text)``... The exception
is ``renyi_efficiency``, which takes the token counts of an encoded text (``collections.Counter(ids)``).

It does not tokenize anything itself, nor draw (``bpe_lab.plots`` draws these numbers; notebook 07 compares
tokenizers with them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

from . import _checks as check

__all__ = [
    "count_tokens",
    "bytes_per_token",
    "chars_per_token",
    "fertility",
    "whole_word_share",
    "cost_per_language",
    "vocabulary_overlap",
    "renyi_efficiency",
]


def count_tokens(tokenize: Callable, text: str) -> int:
    """How many tokens ``tokenize`` makes of ``text`` (0 if it makes none).

    >>> count_tokens(str.split, "to be or not")
    4
    """
    check.measured_text(tokenize, text)
    return len(check.token_list(tokenize(text)))


def bytes_per_token(tokenize: Callable, text: str) -> float:
    """Bytes per token: the UTF-8 bytes of the text, every byte counted (spaces and newlines included),
    divided by the number of tokens. Higher means more compression.

    This is the one definition the whole series uses. A tokenizer that drops spaces (BPE on word counts,
    ``str.split``) still has them counted: they are bytes of the text it was given.

    >>> bytes_per_token(str.split, "to be or not")  # 12 bytes (3 spaces included), 4 tokens
    3.0
    """
    tokens = _divisor(count_tokens(tokenize, text))  # checks text before it is measured
    return len(text.encode("utf-8")) / tokens


def chars_per_token(tokenize: Callable, text: str) -> float:
    """Characters (code points) per token.

    >>> chars_per_token(list, "née")
    1.0
    """
    tokens = _divisor(count_tokens(tokenize, text))  # checks text before it is measured
    return len(text) / tokens


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
    tokenize_word, words = check.tokenize_function(tokenize_word, "tokenize_word", "word"), check.word_list(words)
    return sum(len(check.token_list(tokenize_word(word), "tokenize_word")) == 1 for word in words) / len(words)


def cost_per_language(tokenize: Callable, texts: Mapping[str, str], reference: str = "eng") -> dict[str, float]:
    """Tokens for each language's text divided by tokens for the reference language's (the same content).

    A ratio compares languages under *one* tokenizer. It does not compare tokenizers: a tokenizer that spends
    fewer tokens on English gets a larger ratio for every other language, even where it spends exactly as
    many tokens on that language. To compare tokenizers, count tokens (``count_tokens``) per language.

    >>> cost_per_language(list, {"eng": "cat", "fra": "chat"})
    {'eng': 1.0, 'fra': 1.3333333333333333}
    """
    texts = check.language_texts(tokenize, texts, reference)
    counts = {language: count_tokens(tokenize, text) for language, text in texts.items()}
    base = _divisor(counts[reference], f"texts[{reference!r}]")
    return {language: count / base for language, count in counts.items()}


def vocabulary_overlap(first: Iterable[str], second: Iterable[str]) -> dict[str, float]:
    """How much two vocabularies share: the count, each one's share, and the Jaccard index.

    >>> vocabulary_overlap({"a", "b", "c"}, {"b", "c", "d", "e"})
    {'shared': 2, 'share_of_first': 0.6666666666666666, 'share_of_second': 0.5, 'jaccard': 0.4}
    """
    first, second = check.piece_set(first, "first"), check.piece_set(second, "second")
    if not first or not second:
        raise ValueError("both vocabularies must hold at least one piece")
    shared = first & second
    return {"shared": len(shared), "share_of_first": len(shared) / len(first),
            "share_of_second": len(shared) / len(second), "jaccard": len(shared) / len(first | second)}


def renyi_efficiency(token_counts, vocab_size: int, alpha: float = 2.5) -> float:
    """How evenly a tokenizer uses its vocabulary on a text: the Rényi entropy of its token distribution over
    the largest entropy the vocabulary allows, log |V| (Zouhar et al., 2023, "Tokenization and the Noiseless
    Channel", ACL). 1 means every token of the vocabulary is used equally often; 0, one token only.

    ``token_counts``: a mapping token -> count (``collections.Counter(ids)``) or a list of counts.
    With p the counts as probabilities, H_alpha(p) = log(sum p^alpha) / (1 − alpha); alpha = 1 is Shannon's
    entropy (its limit), alpha = 0 the log of how many tokens occur. A large alpha weighs the frequent
    tokens most: Zouhar et al. found that alpha = 2.5 predicted translation quality best, penalising
    vocabularies with a few very frequent tokens.

    >>> counts = {"a": 2, "b": 1, "c": 1}  # p = 1/2, 1/4, 1/4; 4 tokens in the vocabulary
    >>> round(renyi_efficiency(counts, 4, alpha=2), 4)  # log(1 / (1/4 + 1/16 + 1/16)) / log 4
    0.7075
    >>> renyi_efficiency(counts, 4, alpha=1)  # Shannon: 1.5 bits of a possible 2
    0.75
    """
    counts, vocab_size, alpha = check.token_counts(token_counts, vocab_size, alpha)
    total = sum(counts)
    log_p = [math.log(count / total) for count in counts]
    if alpha == 1:
        entropy = -sum(math.exp(lp) * lp for lp in log_p)
    else:  # log(sum p^alpha), computed from the largest term so that p^alpha cannot underflow to 0
        top = max(log_p)
        entropy = (alpha * top + math.log(sum(math.exp(alpha * (lp - top)) for lp in log_p))) / (1 - alpha)
    return max(0.0, entropy) / math.log(vocab_size)


def _divisor(tokens: int, what: str = "a non-empty text") -> int:
    """A number of tokens to divide by: a tokenize function that makes none of a text has measured nothing."""
    if tokens == 0:
        raise ValueError(f"tokenize made no tokens of {what}: nothing to divide by (is it a tokenizer?)")
    return tokens
