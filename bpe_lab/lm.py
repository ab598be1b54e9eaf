"""A small language model over token ids: an n-gram model with interpolated Kneser–Ney smoothing.

An *n-gram model* predicts each token from the n−1 tokens before it (its *context*): order 1 ignores the
context (a unigram model), order 3 looks at the two previous tokens. Training only counts: how often each
token followed each context in the training sequences. Turning counts into probabilities is the hard
part, because most contexts were seen a few times and most tokens never after a given context, yet every
token must keep some probability (a token with probability 0 costs infinitely many bits).

*Interpolated Kneser–Ney* (Kneser & Ney, 1995; in the interpolated form of Chen & Goodman, 1999) does it
in two steps, at every order:

1. **Absolute discounting.** Take a fixed amount D (between 0 and 1) off every count seen after a
   context, and give the freed mass to the next shorter context's distribution. A context followed by
   many different tokens frees much; one always followed by the same token frees little::

       P(w | h) = max(c(h w) − D, 0) / c(h)  +  D · N(h ·) / c(h) · P(w | h′)

   where c(h) is how often h was followed by anything, N(h ·) by how many *different* tokens, and h′ is
   h without its oldest token. D comes from the counts themselves: D = n1 / (n1 + 2 n2), n1 and n2 the
   number of n-grams of that order seen exactly once and twice (Ney, Essen & Kneser, 1994).

2. **Continuation counts below the top order.** The shorter context's distribution is only used for
   what the longer one did not see, so it should say how likely a token is *in a new context*, not how
   frequent it is. "Francisco" is frequent in a text about San Francisco, but it almost only follows
   "San"; a new context is unlikely to be followed by it. So the lower orders count, instead of how
   often a token occurs, how many *different* tokens precede it: its continuation count
   (``model.continuation_counts`` for single tokens). "Francisco" has a continuation count of 1.

The recursion ends in the uniform distribution over the whole vocabulary, so every token in
``range(vocab_size)`` gets a probability above 0 in every context, and each distribution sums to 1.

Each training sequence (a document, a line, a chunk) is modelled on its own: contexts never cross from
one sequence into the next. A begin-of-sequence marker ``BOS`` stands before each sequence, so "the
start of a sequence" is itself a context (it counts as a left neighbour too); ``BOS`` is never predicted.
The first tokens of a sequence use the shorter contexts they have: with order 3, the first token is
predicted from ``(BOS,)``, the second from ``(BOS, first)``. An n-gram that starts with ``BOS`` keeps its
ordinary count at every order, since no token can precede it (as KenLM does).

>>> model = train([[0, 1, 2, 0, 1]], order=2, vocab_size=4)
>>> model.continuation_counts  # 0 follows BOS and 2; 1 follows 0 only; 2 follows 1
{0: 2, 1: 1, 2: 1}
>>> round(model.prob(1, (0,)), 3), round(model.prob(3, (0,)), 3)  # 1 always followed 0; 3 was never seen
(0.766, 0.028)
>>> round(float(model.distribution((0,)).sum()), 12)
1.0

``bits_per_byte(model, sequences, n_bytes)`` turns a model into the number notebook 11 compares
tokenizers with: how many bits the model needs per byte of held-out text.
"""

from __future__ import annotations

import math
from functools import cached_property
from itertools import chain
from typing import NamedTuple

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from . import _checks as check

__all__ = ["BOS", "train", "NGramModel", "bits_per_byte"]

#: The begin-of-sequence marker: it may start a context ``(BOS, 464)``, it is never predicted.
BOS = -1  # (bpe_lab/_checks/lm.py knows it too: tests/test_lm.py checks the two agree)


def train(sequences, order: int = 3, *, vocab_size: int | None = None, discount: float | None = None
          ) -> NGramModel:
    """Count the n-grams of ``sequences`` (an iterable of sequences of token ids, each modelled on its own)
    and return an interpolated Kneser–Ney model of ``order`` 1 to 4.

    ``vocab_size``: the size of the whole vocabulary (default: the largest id seen + 1); every id in
    ``range(vocab_size)`` gets a probability above 0. ``discount``: None estimates one discount per order
    from the counts (D = n1 / (n1 + 2 n2), kept between 0.1 and 0.9 for tiny corpora), or pass a number
    between 0 and 1 to use at every order. Sequences without any token give a uniform model (pass
    ``vocab_size``: there is no largest id to take it from). The same as ``NGramModel(sequences, order, ...)``.

    >>> model = train([[5, 6, 5, 6]], order=2)
    >>> model.order, model.vocab_size
    (2, 7)
    """
    return NGramModel(sequences, order, vocab_size=vocab_size, discount=discount)


class NGramModel:
    """An n-gram model with interpolated Kneser–Ney smoothing, trained on token-id sequences (see the module).

    Attributes: ``order``, ``vocab_size``, ``discounts`` (order -> D), ``continuation_counts`` (token ->
    how many different tokens precede it, ``BOS`` included), and ``counts``: ``counts[k][context][token]``
    is the count order k uses for ``token`` after ``context`` (a tuple of k − 1 ids): the ordinary count at
    the top order and after ``BOS``, the continuation count below.

    The n-grams are counted and kept in NumPy arrays, one row of ids per n-gram, sorted (``_counted``,
    ``_Order``), so that training the novel takes a fraction of a second and ``bits`` scores a whole
    sequence at once; ``counts`` shows them as dictionaries.
    """

    def __init__(self, sequences, order: int = 3, *, vocab_size: int | None = None, discount: float | None = None):
        sequences, order, vocab_size, discount = check.lm_training(sequences, order, vocab_size, discount)
        self.order, self.vocab_size = order, vocab_size
        ids = np.fromiter(chain.from_iterable((BOS, *sequence) for sequence in sequences), np.int64)  # end to end

        # 1. Ordinary counts of every n-gram of length 1 to max(order, 2), BOS before each sequence: each
        #    different run of k ids inside a sequence (a row), and how often it occurs.
        #    (Length 2 is always counted: the continuation counts of single tokens come from it.)
        ordinary = {k: _counted(_windows(ids, k)) for k in range(1, max(order, 2) + 1)}
        ngrams, counts = ordinary[1]
        keep = ngrams[:, 0] != BOS  # BOS is never predicted
        ordinary[1] = ngrams[keep], counts[keep]

        # 2. The counts each order uses: ordinary at the top order; below it, the continuation count
        #    (how many different tokens precede the n-gram), except for n-grams that start with BOS.
        #    Each different (k+1)-gram x + g adds 1 to g: g's number of different left neighbours x.
        used = {order: ordinary[order]}
        for k in range(order - 1, 0, -1):
            longer, _ = ordinary[k + 1]
            followed, left_neighbours = _counted(longer[:, 1:])  # each different x + g once, x dropped: g's count
            ngrams, counts = ordinary[k]
            after_bos = ngrams[:, 0] == BOS  # (they sort first: BOS is the smallest id, so used[k] stays sorted)
            used[k] = (np.concatenate([ngrams[after_bos], followed]),
                       np.concatenate([counts[after_bos], left_neighbours]))
        tokens, left_neighbours = _counted(ordinary[2][0][:, 1:])  # each different pair (x, token) once
        self.continuation_counts = dict(zip(tokens[:, 0].tolist(), left_neighbours.tolist()))

        # 3. One discount per order, from its count-of-counts (or the one given).
        self.discounts = {k: discount if discount is not None else _discount(counts)
                          for k, (_, counts) in used.items()}

        # 4. The counts of each order, sorted and ready to look up (see _Order).
        self._base = vocab_size + 1  # ids + 1 are the digits of an n-gram's number (see _numbers)
        self._orders = {k: _Order.of(ngrams, counts, self._base) for k, (ngrams, counts) in used.items()}

    def __repr__(self) -> str:
        return f"NGramModel(order={self.order}, vocab_size={self.vocab_size})"

    @cached_property
    def counts(self) -> dict[int, dict[tuple, dict[int, int]]]:
        """``counts[k][context][token]``: the counts of each order as dictionaries (made on first use).

        >>> train([[0, 1, 0, 1]], order=2).counts[2]
        {(-1,): {0: 1}, (0,): {1: 2}, (1,): {0: 1}}
        """
        counts = {}
        for k, table in self._orders.items():
            counts[k] = by_context = {}
            for *context, token, count in zip(*table.ngrams.T.tolist(), table.counts.tolist()):
                by_context.setdefault(tuple(context), {})[token] = count
        return counts

    def prob(self, token: int, context=()) -> float:
        """P(token | context): ``context`` is a tuple of the previous token ids, oldest first (``BOS`` may
        come first: the start of a sequence). Only its last ``order − 1`` ids are used; ``()`` asks for
        the unigram (continuation) distribution. Every token gets a probability above 0.

        >>> model = train([[0, 1, 0, 1]], order=2, vocab_size=3)
        >>> model.prob(1, (0,)) > model.prob(0, (0,)) > model.prob(2, (0,)) > 0
        True
        """
        token, context = check.lm_token(token, self.vocab_size), check.lm_context(context, self.vocab_size)
        return self._prob(token, self._cut(context))

    def _cut(self, context: tuple) -> tuple:
        """The last ``order − 1`` ids of a context: all an n-gram model looks at."""
        return context[max(0, len(context) - self.order + 1):]

    def _prob(self, token: int, context: tuple) -> float:
        """``prob`` without the checks, for a context already cut to at most ``order − 1`` ids."""
        p = 1 / self.vocab_size  # the uniform distribution ends the recursion
        for k in range(1, len(context) + 2):  # shortest context first: (), then the last id, ...
            history = context[len(context) - k + 1:]
            followers = self._followers(k, history)
            if followers:  # a context never seen backs off with weight 1: p stays the shorter one's
                discount, total = self.discounts[k], sum(followers.values())
                # max(c(h w) − D, 0) / c(h)  +  D · N(h ·) / c(h) · P(w | h′)
                p = (max(followers.get(token, 0) - discount, 0) + discount * len(followers) * p) / total
        return p

    def _followers(self, k: int, history: tuple) -> dict[int, int]:
        """{token: count} for the tokens order k saw after ``history`` (k − 1 ids), as ``counts[k].get(history, {})``:
        in the sorted table, the n-grams ``history + (w,)`` are the numbers from history's number × base on."""
        table, start = self._orders[k], int(_numbers(np.array([history], np.int64), self._base)[0]) * self._base
        first, end = np.searchsorted(table.numbers, [start, start + self._base])
        return dict(zip(table.ngrams[first:end, -1].tolist(), table.counts[first:end].tolist()))

    def distribution(self, context=()) -> np.ndarray:
        """P(· | context) for every token: an array of ``vocab_size`` probabilities, all above 0, summing to 1.

        >>> train([[0, 1, 0, 1]], order=2, vocab_size=3).distribution((0,)).round(3)
        array([0.157, 0.824, 0.019])
        """
        context = self._cut(check.lm_context(context, self.vocab_size))
        p = np.full(self.vocab_size, 1 / self.vocab_size)
        for k in range(1, len(context) + 2):  # the same steps as _prob, for every token at once
            history = context[len(context) - k + 1:]
            followers = self._followers(k, history)
            if followers:
                discount, total = self.discounts[k], sum(followers.values())
                seen, counts = np.fromiter(followers, int), np.fromiter(followers.values(), float)
                p *= discount * len(followers) / total
                p[seen] += np.maximum(counts - discount, 0) / total
        return p

    def bits(self, sequence) -> float:
        """−log2 P(sequence): the bits the model needs for each token given the ones before it, the first
        given ``(BOS,)``; as in training, contexts stay inside the sequence. The end is not scored, so an
        empty sequence costs 0 bits.

        >>> model = train([[0, 1]], order=2, vocab_size=2)
        >>> round(model.bits([0, 1]), 3) == round(-math.log2(model.prob(0, (BOS,)) * model.prob(1, (0,))), 3)
        True
        """
        padded = np.array((BOS,) + check.id_sequence(sequence, self.vocab_size), np.int64)
        p = np.full(len(padded) - 1, 1 / self.vocab_size)  # p[i]: P(padded[i + 1] | the ids before it)
        for k in range(1, self.order + 1):  # the same steps as _prob, for every position at once
            ngrams = _windows(padded, k)[max(0, 2 - k):]  # the k ids that end at each position with k − 1 before it
            at = p[len(p) - len(ngrams):]  # those positions (a view: the earlier ones have a shorter context)
            count, total, types = self._orders[k].look_up(ngrams, self._base)  # c(h w), c(h), N(h ·)
            seen = total > 0  # a context never seen backs off with weight 1: p stays the shorter one's
            discount = self.discounts[k]
            at[seen] = (np.maximum(count[seen] - discount, 0) + discount * types[seen] * at[seen]) / total[seen]
        # subtle: math.log2 and Python's sum, position by position, as -sum(log2 prob(...)) would add them up
        # (NumPy's log2 and sum may differ in the last bits)
        return -sum(map(math.log2, p.tolist()))


def _windows(ids: np.ndarray, k: int) -> np.ndarray:
    """Every run of ``k`` ids inside one sequence, as the rows of an array. ``ids`` holds the sequences one
    after the other, ``BOS`` before each: a run with ``BOS`` after its first place would cross into the next.

    >>> _windows(np.array([BOS, 5, 6, BOS, 7]), 2).tolist()
    [[-1, 5], [5, 6], [-1, 7]]
    """
    if len(ids) < k:
        return np.empty((0, k), np.int64)
    windows = sliding_window_view(ids, k)
    return windows[(windows[:, 1:] != BOS).all(axis=1)]


def _counted(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The different rows of ``rows`` (n-grams, one per row), sorted, and how often each occurs: what
    ``collections.Counter`` of the rows as tuples holds, counted by NumPy as numbers (``_numbers``).

    >>> ngrams, counts = _counted(np.array([[5, 6], [BOS, 5], [5, 6]]))
    >>> ngrams.tolist(), counts.tolist()
    ([[-1, 5], [5, 6]], [1, 2])
    """
    base, width = int(rows.max(initial=0)) + 2, rows.shape[1]  # every id + 1 is a digit below base
    numbers, counts = np.unique(_numbers(rows, base), return_counts=True)
    digits = [numbers // base ** (width - 1 - j) % base for j in range(width)]  # the rows back, from their numbers
    return np.stack(digits, axis=1).astype(np.int64) - 1, counts


def _numbers(rows: np.ndarray, base: int) -> np.ndarray:
    """Each row of ids as one number, its digits in ``base`` the ids + 1 (``BOS`` is the digit 0), so that
    NumPy sorts, counts and looks up n-grams as fast as numbers: rows compare as their numbers do, and the
    n-grams that start with the same context stand together. (Python's own ints if int64 is too small.)

    >>> _numbers(np.array([[BOS, 5], [5, 6], [5, 7]]), base=10).tolist()
    [6, 67, 68]
    """
    dtype = np.int64 if base ** rows.shape[1] < 2 ** 63 else object
    numbers = np.zeros(len(rows), dtype)
    for column in rows.T:
        numbers = numbers * base + (column.astype(dtype) + 1)
    return numbers


class _Order(NamedTuple):
    """The counts one order uses, ready to look up: the n-grams (rows of k ids, sorted), their ``numbers``
    (``_numbers``), their ``counts``, and for each different context (the n-gram without its last id) its
    number, its total c(h) and its number of different followers N(h ·)."""

    ngrams: np.ndarray
    numbers: np.ndarray
    counts: np.ndarray
    contexts: np.ndarray
    totals: np.ndarray
    types: np.ndarray

    @classmethod
    def of(cls, ngrams: np.ndarray, counts: np.ndarray, base: int) -> _Order:
        # subtle: the rows come sorted (_counted sorts them, and BOS, the smallest id, starts the ones put first),
        # so their numbers are sorted, and the n-grams of each context stand together
        contexts, types = np.unique(_numbers(ngrams[:, :-1], base), return_counts=True)
        totals = np.add.reduceat(counts, np.cumsum(types) - types) if len(counts) else counts
        return cls(ngrams, _numbers(ngrams, base), counts, contexts, totals, types)

    def look_up(self, ngrams: np.ndarray, base: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For each n-gram (a row) h w: c(h w), c(h) and N(h ·) at this order, 0 for what was never seen."""
        numbers, contexts = _numbers(ngrams, base), _numbers(ngrams[:, :-1], base)
        (count,) = _found(self.numbers, numbers, self.counts)
        total, types = _found(self.contexts, contexts, self.totals, self.types)
        return count, total, types


def _found(keys: np.ndarray, wanted: np.ndarray, *values: np.ndarray) -> list[np.ndarray]:
    """For each array of ``values``: ``values[i]`` where ``keys[i]`` (sorted) equals each wanted key, 0 where none
    does (one search for all of them)."""
    if len(keys) == 0:
        return [np.zeros(len(wanted), np.int64) for _ in values]
    at = np.searchsorted(keys, wanted).clip(max=len(keys) - 1)
    hit = keys[at] == wanted
    return [np.where(hit, column[at], 0) for column in values]


def _discount(counts: np.ndarray) -> float:
    """D = n1 / (n1 + 2 n2) from how many n-grams have count 1 (n1) and 2 (n2) (Ney, Essen & Kneser, 1994),
    kept between 0.1 and 0.9: a tiny corpus may have no n-gram seen twice (D would be 1) or once (0)."""
    n1, n2 = int(np.count_nonzero(counts == 1)), int(np.count_nonzero(counts == 2))
    return min(max(n1 / (n1 + 2 * n2) if n1 + n2 else 0.5, 0.1), 0.9)


def bits_per_byte(model: NGramModel, sequences, n_bytes: int) -> float:
    """The bits ``model`` needs for ``sequences`` (the token ids of a held-out text), per byte of the text:
    the sum of ``model.bits(s)`` over the sequences, divided by ``n_bytes`` (the UTF-8 bytes they cover).

    Bits per byte compares tokenizers fairly where bits per token cannot: a tokenizer with longer tokens
    spends fewer, more uncertain tokens on the same bytes.

    It is an upper bound on the text's own bits per byte under the model. The model gives probability
    to one tokenization of the text, the canonical one (what the tokenizer produced); the probability of
    the *text* is the sum over all its tokenizations, and the model also gives probability to the
    non-canonical ones (and to sequences that decode to other texts). So P(text) ≥ P(canonical tokens),
    and −log2 P(canonical) ≥ −log2 P(text).

    >>> model = train([[0, 1]], order=1, vocab_size=2, discount=0.5)  # P(0) = P(1) = 1/2
    >>> bits_per_byte(model, [[0, 1, 1, 0]], n_bytes=8)  # 4 tokens of 1 bit over 8 bytes
    0.5
    """
    model = check.lm_model(model)
    n_bytes = check.whole(n_bytes, "n_bytes", minimum=1, example=1000,
                          what="the number of UTF-8 bytes the sequences cover, a whole number of at least 1")
    return sum(model.bits(sequence) for sequence in check.lm_sequences(sequences, model.vocab_size)) / n_bytes
