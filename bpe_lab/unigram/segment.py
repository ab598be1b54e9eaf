"""Segmenting a text with a Unigram vocabulary: the lattice, Viterbi, the n best paths, sampling, counting.

A Unigram vocabulary gives each piece a log-probability (``log_probs``, a dict piece -> log p). A
segmentation's log-probability is the sum of its pieces' log-probabilities. Every way of cutting the text
into vocabulary pieces forms a *lattice*: a graph whose nodes are the positions 0…n and whose arcs are
pieces from one position to another. Viterbi finds the best path through it in one left-to-right pass:

    best[end] = max over pieces text[start:end] of  best[start] + log_prob(piece)

This module does not learn a vocabulary (``training.py`` does: seed, EM, pruning), nor read SentencePiece
``.model`` files (``sentencepiece_model.py``), nor save one (``saving.py``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import NamedTuple

from .. import _checks as check

__all__ = [
    "SPACE",
    "Arc",
    "lattice",
    "ViterbiTable",
    "viterbi_table",
    "viterbi",
    "Vocabulary",
    "segment_words",
    "word_tokenizer",
    "nbest",
    "sample",
    "count_segmentations",
]

SPACE = "\u2581"  # "▁", SentencePiece's visible space: it marks the start of each word


class Arc(NamedTuple):
    """A piece in the lattice: ``text[start:end] == piece``, with its log-probability."""

    start: int
    end: int
    piece: str
    log_prob: float


def lattice(text: str, log_probs: dict, *, unk_score: float | None = None) -> list[list[Arc]]:
    """For each end position 1…n, the arcs (vocabulary pieces) that end there.

    A character that no single-character piece covers raises ``ValueError``, unless ``unk_score`` is
    given: then it gets an arc "<unk>" of one character with that log-probability (SentencePiece does
    this, with the lowest piece score minus 10). ``log_probs`` may also be a ``Vocabulary``.

    >>> [[a.piece for a in arcs] for arcs in lattice("cat", {"c": -1.0, "a": -1.0, "t": -1.0, "at": -1.5})]
    [['c'], ['a'], ['at', 't']]
    """
    text, unk_score, vocab = check.text(text), check.unk_score(unk_score), prepare(log_probs)
    log_probs = vocab.log_probs
    ending: list[list[Arc]] = [[] for _ in range(len(text) + 1)]
    for end, start, piece in word_spans(text, vocab):  # by end, then start
        ending[end].append(Arc(start, end, piece, float(log_probs[piece])))
    for start, char in enumerate(text):
        if char not in log_probs:
            if unk_score is None:
                raise ValueError(f"the vocabulary cannot cover {text!r}: no piece is the character "
                                 f"{char!r} at position {start}; add it, or pass unk_score")
            # no piece is this one character, so the arc starts after every other arc ending here
            ending[start + 1].append(Arc(start, start + 1, "<unk>", float(unk_score)))
    return ending[1:]


@dataclass
class ViterbiTable:
    """Viterbi's work, kept for display: for each position, the candidates and the best one.

    ``best[i]`` is the best log-probability of any segmentation of ``text[:i]`` (``best[0] = 0``);
    ``back[i]`` is the arc chosen to reach position i; ``candidates[i]`` lists every arc ending at i
    with the score it would give (best[start] + log_prob).
    """

    text: str
    best: list
    back: list
    candidates: list

    def path(self) -> list[Arc]:
        """The arcs of the best segmentation, first to last (follow ``back`` from the end)."""
        arcs, position = [], len(self.text)
        while position > 0:
            arc = self.back[position]
            arcs.append(arc)
            position = arc.start
        return arcs[::-1]


def viterbi_table(text: str, log_probs: dict, *, unk_score: float | None = None) -> ViterbiTable:
    """Run Viterbi and keep its table.

    Ties go to the arc that starts earliest (the longest piece ending there): each position's arcs are
    tried in order of their start, and a later one replaces the best only if its score is strictly greater.
    """
    arcs_ending = lattice(text, log_probs, unk_score=unk_score)
    best = [0.0] + [-math.inf] * len(text)
    back: list = [None] * (len(text) + 1)
    candidates: list = [[]]
    for end, arcs in enumerate(arcs_ending, start=1):
        scored = [(best[arc.start] + arc.log_prob, arc) for arc in arcs if best[arc.start] > -math.inf]
        candidates.append(scored)
        for score, arc in scored:  # by start, earliest first
            if score > best[end]:  # subtle: strictly greater, so a tie keeps the arc that starts earliest
                best[end], back[end] = score, arc
    if text and back[len(text)] is None:
        raise ValueError(f"the vocabulary cannot cover the end of {text!r}")
    return ViterbiTable(text, best, back, candidates)


def viterbi(text: str, log_probs: dict, *, unk_score: float | None = None) -> tuple[list[str], float]:
    """The most probable segmentation and its log-probability.

    >>> vocab = {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "ca": -1.8, "cat": -1.2, "cats": -3.0,
    ...          "at": -1.9, "ats": -2.1, "ts": -2.0}
    >>> viterbi("cats", vocab)
    (['cats'], -3.0)
    >>> without_cats = {piece: lp for piece, lp in vocab.items() if piece != "cats"}
    >>> pieces, score = viterbi("cats", without_cats)
    >>> pieces, round(score, 6)
    (['ca', 'ts'], -3.8)

    An empty text gives ([], 0.0): no pieces, probability 1.

    subtle: without "cats", cat + s and ca + ts tie: -1.2 + -2.6 and -1.8 + -2.0 are the same double.
    Ties go to the arc that starts earliest: at position 4, "ts" (from 2) comes before "s" (from 3), and
    a later candidate replaces the best only if it is strictly better.

    >>> -1.2 + -2.6 == -1.8 + -2.0
    True
    """
    table = viterbi_table(text, log_probs, unk_score=unk_score)
    return [arc.piece for arc in table.path()], table.best[len(text)]


# -- the vocabulary, prepared once: which substrings can be pieces --------------------------------------------

class Vocabulary:
    """``log_probs`` checked once and indexed for the lattice: for each first character, the lengths of the
    pieces that start with it, so that only substrings of those lengths are looked up.

    Every function here that takes ``log_probs`` also takes a ``Vocabulary``: build one to segment many
    texts with one vocabulary without checking and indexing it again each time. It holds a copy of
    ``log_probs``: changing the dict afterwards is not seen.

    >>> Vocabulary({"c": -1.0, "a": -1.0, "t": -1.0, "at": -1.5, "ca": -1.2}).lengths
    {'c': [1, 2], 'a': [1, 2], 't': [1]}
    """

    def __init__(self, log_probs: dict):
        self.log_probs = dict(check.log_probs(log_probs))
        lengths: dict[str, set] = {}
        for piece in self.log_probs:
            lengths.setdefault(piece[0], set()).add(len(piece))
        self.lengths = {char: sorted(found) for char, found in lengths.items()}

    def __repr__(self) -> str:
        return f"Vocabulary({len(self.log_probs)} pieces)"


def prepare(log_probs) -> Vocabulary:
    """A ``Vocabulary`` as it is, or a dict piece -> log-probability checked and indexed."""
    return log_probs if isinstance(log_probs, Vocabulary) else Vocabulary(log_probs)


def word_spans(word: str, vocab: Vocabulary) -> list[tuple[int, int, str]]:
    """Every ``(end, start, piece)`` of ``word`` that is a piece of ``vocab``, sorted by end, then start: the
    order of ``lattice``'s arcs (``lattice`` builds them from these).

    The trainer finds each word's spans once, with its seed vocabulary, and filters them as pieces are
    pruned; since the order is the lattice's, its sums add up in the same order, to the last bit.

    >>> word_spans("cat", Vocabulary({"c": -1.0, "a": -1.0, "t": -1.0, "at": -1.5}))
    [(1, 0, 'c'), (2, 1, 'a'), (3, 1, 'at'), (3, 2, 't')]
    """
    found, lengths, log_probs, n = [], vocab.lengths, vocab.log_probs, len(word)
    for start in range(n):
        for length in lengths.get(word[start], ()):
            if start + length > n:
                break  # the lengths are sorted: the longer pieces do not fit either
            piece = word[start : start + length]
            if piece in log_probs:
                found.append((start + length, start, piece))
    found.sort()
    return found


# -- many words: a list of words, and a tokenizer function ----------------------------------------------------

def segment_words(words, log_probs: dict, *, unk_score: float | None = None) -> list[list[str]]:
    """Viterbi for many words with one vocabulary (the vocabulary is checked and indexed once).

    >>> segment_words(["cat", "at"], {"c": -1.0, "a": -1.0, "t": -1.0, "at": -0.5})
    [['c', 'at'], ['at']]
    """
    words, vocab, unk_score = check.unigram_words(words), prepare(log_probs), check.unk_score(unk_score)
    return [viterbi(word, vocab, unk_score=unk_score)[0] for word in words]


def word_tokenizer(log_probs: dict, *, unk_score: float | None = None, space: str | None = None):
    """A function text -> pieces, for measuring a Unigram vocabulary like any other tokenizer.

    The text is split on whitespace, each word is marked with ``space`` (default "▁") in front (as
    ``train`` marks its words, and SentencePiece does) and segmented by Viterbi. The vocabulary is
    checked and indexed once, here, so calling the function word by word is cheap (``segment_words``
    checks it on every call). An empty text gives ``[]``. Changing ``log_probs`` afterwards is not
    seen: make a new one.

    >>> tokenize = word_tokenizer({"▁": -2.0, "▁c": -1.5, "a": -1.0, "t": -1.0, "at": -0.5, "c": -3.0})
    >>> tokenize("cat at")
    ['▁c', 'at', '▁', 'at']
    """
    vocab, unk_score, space = Vocabulary(log_probs), check.unk_score(unk_score), check.space_marker(space, SPACE)

    def tokenize(text: str) -> list[str]:
        words = check.text(text).split()
        # each distinct word once: a text repeats its words, and a word's best path is always the same
        split = {word: _best_pieces(space + word, vocab, unk_score) for word in dict.fromkeys(words)}
        return [piece for word in words for piece in split[word]]

    return tokenize


def _best_pieces(word: str, vocab: Vocabulary, unk_score: float | None) -> list[str]:
    """``viterbi(word, vocab, unk_score=unk_score)[0]`` without the table kept for display: the same arcs in
    the same order, the same sums and the same tie rule, so the same pieces (``word_tokenizer`` calls it for
    every distinct word of a text)."""
    log_probs = vocab.log_probs
    if unk_score is None and any(char not in log_probs for char in word):
        return viterbi(word, vocab)[0]  # it says which character cannot be covered
    arcs = [(end, start, piece, float(log_probs[piece])) for end, start, piece in word_spans(word, vocab)]
    # an unknown character's arc is the only one of its length there; it sorts after the others ending there
    unknown = [(start + 1, start, "<unk>", float(unk_score))
               for start, char in enumerate(word) if char not in log_probs]
    if unknown:  # (word_spans sorted the others already)
        arcs += unknown
        arcs.sort(key=lambda arc: (arc[0], arc[1]))
    best = [0.0] + [-math.inf] * len(word)
    back: list = [None] * (len(word) + 1)
    for end, start, piece, log_prob in arcs:
        if best[start] > -math.inf and best[start] + log_prob > best[end]:  # strictly: ties keep the earliest start
            best[end], back[end] = best[start] + log_prob, (start, piece)
    if word and back[len(word)] is None:  # only pieces of log-probability -inf reach the end
        return viterbi(word, vocab, unk_score=unk_score)[0]  # it says so
    pieces, position = [], len(word)
    while position > 0:
        position, piece = back[position]
        pieces.append(piece)
    return pieces[::-1]


# -- beyond the best path: the n best, a random path, how many paths ------------------------------------------

def nbest(text: str, log_probs: dict, n: int) -> list[tuple[list[str], float]]:
    """The ``n`` most probable segmentations, best first (fewer if the text has fewer).

    >>> [p for p, _ in nbest("cats", {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "cat": -1.2, "ts": -2.0}, 2)]
    [['cat', 's'], ['c', 'a', 'ts']]
    """
    n = check.whole(n, "n", minimum=1)
    arcs_ending = lattice(text, log_probs)
    # top[i]: up to n best (score, pieces) for text[:i]
    top: list[list[tuple[float, tuple]]] = [[(0.0, ())]] + [[] for _ in text]
    for end, arcs in enumerate(arcs_ending, start=1):
        options = [(score + arc.log_prob, pieces + (arc.piece,)) for arc in arcs for score, pieces in top[arc.start]]
        options.sort(key=lambda option: (-option[0], option[1]))
        top[end] = options[:n]
    return [(list(pieces), score) for score, pieces in top[len(text)]]


def logsumexp(values: list[float]) -> float:
    """log(sum(exp(v) for v in values)), without overflow: the log of a total probability.

    >>> round(logsumexp([math.log(0.25), math.log(0.5)]), 12) == round(math.log(0.75), 12)
    True
    """
    if len(values) == 1:
        return values[0] + 0.0  # exactly what the general case gives: peak + log(exp(0.0))
    peak = max(values)
    if peak == -math.inf:
        return peak
    return peak + math.log(sum(math.exp(v - peak) for v in values))


def sample(text: str, log_probs: dict, alpha: float = 1.0, seed: int | None = None) -> list[str]:
    """Draw one segmentation with probability proportional to P(segmentation)^alpha.

    Forward filtering (the total weight of all paths to each position), then backward sampling (from the
    end, pick the last piece in proportion to its weight, and repeat). Small ``alpha`` flattens the
    distribution (more varied segmentations); large ``alpha`` approaches Viterbi. This is the subword
    regularisation of Kudo (2018).
    """
    alpha, seed = check.sample_alpha(alpha), check.sample_seed(seed)
    rng = random.Random(seed)
    arcs_ending = lattice(text, log_probs)
    forward = [0.0] + [-math.inf] * len(text)
    for end, arcs in enumerate(arcs_ending, start=1):
        forward[end] = logsumexp([forward[arc.start] + alpha * arc.log_prob for arc in arcs] or [-math.inf])
    pieces, position = [], len(text)
    while position > 0:
        arcs = arcs_ending[position - 1]
        weights = [forward[arc.start] + alpha * arc.log_prob for arc in arcs]
        total = logsumexp(weights)
        threshold, acc = rng.random(), 0.0
        chosen = arcs[-1]
        for arc, weight in zip(arcs, weights):
            acc += math.exp(weight - total)
            if threshold < acc:
                chosen = arc
                break
        pieces.append(chosen.piece)
        position = chosen.start
    return pieces[::-1]


def count_segmentations(text: str, pieces) -> int:
    """How many ways ``text`` can be cut into the given pieces (every segmentation, not just the best).

    With every substring allowed, a text of n characters has 2^(n-1) segmentations:

    >>> count_segmentations("abcd", {"a", "b", "c", "d", "ab", "bc", "cd", "abc", "bcd", "abcd"})
    8
    """
    text, pieces = check.text(text), check.segmentation_pieces(pieces)
    ways = [1] + [0] * len(text)
    for end in range(1, len(text) + 1):
        ways[end] = sum(ways[start] for start in range(end) if text[start:end] in pieces)
    return ways[len(text)]
