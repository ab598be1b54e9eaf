"""Training a Unigram vocabulary (Kudo, 2018): a large seed vocabulary, EM over each word's lattice, pruning.

1. Seed: every character, and the most frequent substrings of the words.
2. EM: the expected count of every piece, summed over every segmentation of every word (forward-backward
   over the word's lattice), gives new log-probabilities; repeat a few times.
3. Prune: drop the pieces whose removal costs the corpus least likelihood; go back to 2 until the
   vocabulary has the size asked for.

Each step is written below for one word (``_forward_backward``, ``_viterbi_pieces``, ``_best_without_itself``).
Training runs the same steps for every distinct word at once, with NumPy (``_lattices.py``): the words'
lattices are built once, from the seed vocabulary, as arrays of arcs; training only ever removes pieces, so
every later lattice is the same arcs, filtered. Tests check that both give the same numbers.

This module does not segment a text (``segment.py``: lattice, Viterbi, n-best, sampling) nor save a model
(``saving.py``). It does not normalise text as SentencePiece does: words are split on whitespace only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .. import _checks as check
from .._progress import steps
from ._lattices import Lattices, Substrings
from .segment import SPACE, Vocabulary, logsumexp

__all__ = ["train", "UnigramResult", "TrainingRound"]

_CHARACTER_FLOOR = -30.0  # the log-probability a character keeps when EM expects it nowhere


@dataclass(frozen=True)
class TrainingRound:
    """One round of training: the vocabulary size, and the corpus log-likelihood in nats (natural log, summed
    over every segmentation of every word × its count) as the round's last E-step computed it."""

    number: int
    vocab_size: int
    log_likelihood: float


@dataclass
class UnigramResult:
    """What ``train`` returns: the final ``log_probs`` and the history of the rounds."""

    log_probs: dict
    rounds: list
    checkpoints: dict = None  # vocabulary size -> log_probs, for the sizes asked for on the way down

    @property
    def vocab(self) -> list:
        return sorted(self.log_probs, key=lambda piece: (-self.log_probs[piece], piece))


def train(corpus, vocab_size: int, *, shrink: float = 0.75, em_iterations: int = 2, seed_factor: int = 8,
          max_piece_chars: int = 16, space: str = SPACE, checkpoints=(), progress: bool = False) -> UnigramResult:
    """Learn a Unigram vocabulary of ``vocab_size`` pieces with their log-probabilities.

    ``corpus``: a text or a mapping word -> count. Words are marked like SentencePiece's: "▁" + word.
    1. Seed: every character, and the ``seed_factor × vocab_size`` most frequent substrings.
    2. Repeat: ``em_iterations`` rounds of EM (expected counts by forward-backward over each word's
       lattice), then prune to ``shrink`` of the vocabulary, dropping the pieces whose removal costs
       least likelihood — single characters are always kept — until ``vocab_size`` is reached.

    ``checkpoints``: larger vocabulary sizes to stop at on the way down (after their EM), kept in
    ``result.checkpoints``: one run gives a model for every size.

    A ``vocab_size`` larger than the seed vocabulary (a small corpus has few distinct substrings) stops
    early: the model has fewer pieces than asked, all the corpus offers.

    ``progress=True`` shows the stages as they run (the seed, then the EM and pruning rounds): a bar in a
    notebook, a line in a terminal.
    """
    counts, vocab_size = check.unigram_corpus(corpus), check.whole(vocab_size, "vocab_size", minimum=None)
    checkpoints = check.unigram_training(shrink, em_iterations, seed_factor, max_piece_chars, space, checkpoints)
    progress = check.switch(progress, "progress")
    words = {space + word: count for word, count in counts.items()}
    characters = check.unigram_vocab_size(vocab_size, {char for word in words for char in word})
    stops = sorted({int(size) for size in checkpoints if size > vocab_size} | {vocab_size}, reverse=True)
    with steps(2, "Unigram seed", progress) as bar:
        substrings = Substrings(words, max_piece_chars)  # every substring of every word, counted once
        log_probs = _seed(substrings, seed_factor * stops[0])
        bar.advance()
        lattices = Lattices(substrings, list(log_probs))  # every word's lattice over the seed, as arrays
        bar.advance()
        sizes = _planned_sizes(len(log_probs), stops, shrink)
        bar.restart(len(sizes) * (em_iterations + 1) - 1,
                    f"Unigram EM and pruning, {len(log_probs):,} to {vocab_size:,} pieces")
        rounds, saved = [], {}
        while True:
            for _ in range(em_iterations):
                log_probs, likelihood = _em_step(lattices, log_probs, characters)
                bar.advance()
            rounds.append(TrainingRound(len(rounds) + 1, len(log_probs), likelihood))
            if len(log_probs) in stops:
                saved[len(log_probs)] = dict(log_probs)
            if len(log_probs) <= vocab_size:
                break
            log_probs = _prune(lattices, log_probs, _next_size(len(log_probs), stops, shrink), characters)
            bar.advance()
    return UnigramResult(log_probs=log_probs, rounds=rounds, checkpoints=saved)


def _next_size(size: int, stops: list, shrink: float) -> int:
    """The vocabulary size the next pruning round keeps: ``shrink`` of it, but no smaller than the next stop."""
    return max(int(size * shrink), max(stop for stop in stops if stop < size))


def _planned_sizes(size: int, stops: list, shrink: float) -> list:
    """The vocabulary size of every round, as planned from the seed's size (for the progress bar: EM may
    drop pieces on its own, and then training needs fewer rounds)."""
    sizes = [size]
    while sizes[-1] > stops[-1]:
        sizes.append(_next_size(sizes[-1], stops, shrink))
    return sizes


# -- 1. seed ---------------------------------------------------------------------------------------------------

def _seed(substrings: Substrings, seed_size: int) -> dict:
    """All characters, plus the most frequent substrings (scored by frequency x length, as SentencePiece).

    ``substrings`` counted every substring of the words (``Substrings``, with NumPy); what it finds is
    what these loops would::

        for word, count in words.items():
            for start in range(len(word)):
                for end in range(start + 2, min(len(word), start + max_piece_chars) + 1):
                    substrings[word[start:end]] += count
        best = sorted(substrings, key=lambda s: (-substrings[s] * len(s), s))[:seed_size - len(chars)]
    """
    chars = dict(substrings.characters())
    best = substrings.most_frequent(max(seed_size - len(chars), 0))
    seed = {**chars, **dict(best)}
    total = sum(seed.values())
    return {piece: math.log(count / total) for piece, count in seed.items()}


# -- 2. EM over each word's lattice ----------------------------------------------------------------------------

def _em_step(lattices: Lattices, log_probs: dict, characters: set) -> tuple[dict, float]:
    """One EM iteration: expected piece counts over every word's lattice, then new log-probabilities.

    ``lattices``: the words' lattices over the seed vocabulary; ``forward_backward`` does what
    ``_forward_backward`` does, for every word at once, and sums the expected counts × the words' counts.
    Pieces expected nowhere drop out, except single characters, which keep a tiny probability so that
    every word stays segmentable in the next iteration.
    """
    values = lattices.arrays(log_probs)
    word_likelihoods, counts = lattices.words.forward_backward(values, len(lattices.pieces))
    # subtle: a sum of products, not ``@``: ``@`` hands the vectors to BLAS, whose worker threads keep spinning
    # for a while after every call, and on a busy machine that doubled the CPU time of training
    likelihood = float((word_likelihoods * lattices.words.weights).sum())  # sum of count x log P(word)
    new = np.full(len(counts), -np.inf)  # pieces expected nowhere drop out...
    expected = counts > 0
    # subtle: a tiny expected count divided by the total can underflow to 0.0, so subtract logarithms
    new[expected] = np.log(counts[expected]) - math.log(counts.sum())
    for char in characters:  # ... but not single characters
        if not expected[lattices.index[char]]:
            new[lattices.index[char]] = _CHARACTER_FLOOR
    new = lattices.as_dict(new)
    return new, likelihood


# -- 3. pruning ------------------------------------------------------------------------------------------------

def _prune(lattices: Lattices, log_probs: dict, keep: int, required: set) -> dict:
    """Keep the ``keep`` pieces whose removal would cost the most likelihood (``required`` ones always).

    The cost of removing piece X is estimated as in SentencePiece: how often X is used in the corpus's
    Viterbi segmentations, times how much worse the best segmentation of X itself becomes without X.
    ``lattices`` gives both for every piece at once, as arrays by piece id: the uses (``_viterbi_pieces``
    over every word, × its count) and the best other spelling (``_best_without_itself``, from X's first
    occurrence in a word).
    """
    values = lattices.arrays(log_probs)  # log p by piece id, -inf for the pieces already gone
    used = lattices.words.viterbi_uses(values, len(lattices.pieces))
    alternative = lattices.alternatives(values)  # -inf: nothing else can spell the piece
    # a required piece (a character), or one nothing else can spell, is kept: it is no candidate
    candidates = np.flatnonzero((values > -np.inf) & (alternative > -np.inf) & ~lattices.mask(required))
    losses = used[candidates] * (values[candidates] - alternative[candidates])
    cheapest_first = candidates[np.lexsort((lattices.rank[candidates], losses))]  # ties in str order
    kept = values.copy()
    kept[cheapest_first[: max(len(log_probs) - keep, 0)]] = -np.inf
    kept[kept > -np.inf] -= np.logaddexp.reduce(kept[kept > -np.inf])  # the kept probabilities sum to 1 again
    return lattices.as_dict(kept)


# -- one word at a time: the definitions that _lattices.py computes for every word at once -----------------------

def _arcs(spans: list, log_probs: dict) -> list[tuple[int, int, str, float]]:
    """The spans whose piece is still in ``log_probs``, as ``(end, start, piece, log_prob)``."""
    get = log_probs.get
    return [(end, start, piece, lp) for end, start, piece in spans if (lp := get(piece)) is not None]


def _forward_backward(n: int, arcs: list) -> tuple[float, dict]:
    """The log-likelihood of one word of ``n`` characters (all segmentations summed) and each piece's
    expected count in it, from its arcs (``_arcs``, sorted by end; a character covers every position)."""
    alpha = [0.0] + [-math.inf] * n
    starting: list[list[tuple]] = [[] for _ in range(n)]
    i, count = 0, len(arcs)
    for end in range(1, n + 1):
        values = []
        while i < count and arcs[i][0] == end:
            arc = arcs[i]
            values.append(alpha[arc[1]] + arc[3])
            starting[arc[1]].append(arc)
            i += 1
        alpha[end] = logsumexp(values or [-math.inf])
    beta = [-math.inf] * n + [0.0]
    for start in range(n - 1, -1, -1):
        beta[start] = logsumexp([arc[3] + beta[arc[0]] for arc in starting[start]] or [-math.inf])
    total = alpha[n]
    expected: dict = {}
    for end, start, piece, log_prob in arcs:
        posterior = math.exp(alpha[start] + log_prob + beta[end] - total)
        expected[piece] = expected.get(piece, 0.0) + posterior
    return total, expected


def _viterbi_pieces(n: int, arcs: list) -> list[str]:
    """Viterbi over a word's arcs (``_arcs``): the pieces of the best path, as ``viterbi`` finds them
    (the same order of arcs, and ties to the arc that starts earliest)."""
    best = [0.0] + [-math.inf] * n
    back: list = [None] * (n + 1)
    for end, start, piece, log_prob in arcs:
        if best[start] > -math.inf:
            score = best[start] + log_prob
            if score > best[end]:
                best[end], back[end] = score, (start, piece)
    pieces, position = [], n
    while position > 0:
        position, piece = back[position]
        pieces.append(piece)
    return pieces[::-1]


def _best_without_itself(piece: str, vocab: Vocabulary) -> float | None:
    """The best log-probability of spelling ``piece`` with other pieces of ``vocab`` (None if impossible)."""
    best = [0.0] + [-math.inf] * len(piece)
    for start in range(len(piece)):
        if best[start] == -math.inf:
            continue
        for length in vocab.lengths.get(piece[start], ()):
            end = start + length
            if end > len(piece) or (start == 0 and end == len(piece)):
                continue
            part = piece[start:end]
            if part in vocab.log_probs:
                best[end] = max(best[end], best[start] + vocab.log_probs[part])
    return None if best[-1] == -math.inf else best[-1]
