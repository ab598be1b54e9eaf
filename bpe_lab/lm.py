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
from collections import Counter

import numpy as np

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
    """

    def __init__(self, sequences, order: int = 3, *, vocab_size: int | None = None, discount: float | None = None):
        sequences, order, vocab_size, discount = check.lm_training(sequences, order, vocab_size, discount)
        self.order, self.vocab_size = order, vocab_size

        # 1. Ordinary counts of every n-gram of length 1 to max(order, 2), BOS before each sequence.
        #    (Length 2 is always counted: the continuation counts of single tokens come from it.)
        ordinary = {k: Counter() for k in range(1, max(order, 2) + 1)}
        for sequence in sequences:
            padded = (BOS,) + sequence
            for k, counts in ordinary.items():
                counts.update(zip(*(padded[i:] for i in range(k))))
        del ordinary[1][(BOS,)]  # BOS is never predicted

        # 2. The counts each order uses: ordinary at the top order; below it, the continuation count
        #    (how many different tokens precede the n-gram), except for n-grams that start with BOS.
        #    Each different (k+1)-gram x + g adds 1 to g: g's number of different left neighbours x.
        used = {order: ordinary[order]}
        for k in range(order - 1, 0, -1):
            continuation = Counter(ngram[1:] for ngram in ordinary[k + 1])
            continuation.update({ngram: count for ngram, count in ordinary[k].items() if ngram[0] == BOS})
            used[k] = continuation
        left_neighbours = Counter(token for _, token in ordinary[2])  # each different pair (x, token) once
        self.continuation_counts = dict(sorted(left_neighbours.items()))

        # 3. One discount per order, from its count-of-counts (or the one given).
        self.discounts = {k: discount if discount is not None else _discount(used[k].values()) for k in used}

        # 4. The counts by context, ready to look up: counts[k][context] -> {token: count}.
        self.counts: dict[int, dict[tuple, dict[int, int]]] = {k: {} for k in used}
        for k, counts in used.items():
            for ngram, count in counts.items():
                self.counts[k].setdefault(ngram[:-1], {})[ngram[-1]] = count
        self._totals = {k: {context: sum(followers.values()) for context, followers in by_context.items()}
                        for k, by_context in self.counts.items()}

    def __repr__(self) -> str:
        return f"NGramModel(order={self.order}, vocab_size={self.vocab_size})"

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
            followers = self.counts[k].get(history)
            if followers:  # a context never seen backs off with weight 1: p stays the shorter one's
                discount, total = self.discounts[k], self._totals[k][history]
                # max(c(h w) − D, 0) / c(h)  +  D · N(h ·) / c(h) · P(w | h′)
                p = (max(followers.get(token, 0) - discount, 0) + discount * len(followers) * p) / total
        return p

    def distribution(self, context=()) -> np.ndarray:
        """P(· | context) for every token: an array of ``vocab_size`` probabilities, all above 0, summing to 1.

        >>> train([[0, 1, 0, 1]], order=2, vocab_size=3).distribution((0,)).round(3)
        array([0.157, 0.824, 0.019])
        """
        context = self._cut(check.lm_context(context, self.vocab_size))
        p = np.full(self.vocab_size, 1 / self.vocab_size)
        for k in range(1, len(context) + 2):  # the same steps as _prob, for every token at once
            history = context[len(context) - k + 1:]
            followers = self.counts[k].get(history)
            if followers:
                discount, total = self.discounts[k], self._totals[k][history]
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
        padded = (BOS,) + check.id_sequence(sequence, self.vocab_size)
        width = self.order - 1
        return -sum(math.log2(self._prob(padded[i], padded[max(0, i - width):i])) for i in range(1, len(padded)))


def _discount(counts) -> float:
    """D = n1 / (n1 + 2 n2) from how many n-grams have count 1 (n1) and 2 (n2) (Ney, Essen & Kneser, 1994),
    kept between 0.1 and 0.9: a tiny corpus may have no n-gram seen twice (D would be 1) or once (0)."""
    count_of_counts = Counter(counts)
    n1, n2 = count_of_counts[1], count_of_counts[2]
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
