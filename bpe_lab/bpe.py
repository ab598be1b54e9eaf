"""Classic byte-pair encoding (BPE) over sequences of symbols, written to be read top to bottom.

Training (Sennrich et al., 2016) starts from words split into single symbols and repeats one step:

    count every adjacent pair of symbols in the corpus  ->  merge the most frequent pair everywhere

The list of merges, in the order they were learned, *is* the tokenizer. Encoding a new word replays
them: ``encode`` merges the present pair with the lowest rank first, ``replay`` applies each rule in
learned order; both give the same answer for merges learned by ``train``.

Symbols are ``str`` (characters, "</w>", merged strings) or ``bytes`` (notebook 03), never mixed.

What this module deliberately does *not* do:
  * speed: ``train`` recounts every pair after every merge. ``bpe_lab.fast_bpe`` is the fast version.
  * storing the trace: ``train`` hands the counts of each step to ``bpe_lab._trace``, which keeps only
    what each merge changed (plus a few full copies), so 1,000 merges on a novel stay a few MB.
  * bytes, ids and regex pre-tokenization: see ``bpe_lab.byte_level``, ``bpe_lab.tokenizer``,
    ``bpe_lab.pretokenize``.
"""

from __future__ import annotations

import time
import warnings
from collections import Counter
from dataclasses import dataclass, field

from . import _checks as check
from . import _progress
from ._trace import PairCountTrace

__all__ = [
    "pair_counts",
    "merge_pair",
    "train",
    "TrainResult",
    "MergeStep",
    "encode",
    "encode_trace",
    "replay",
    "replay_trace",
    "wrong_encode_by_frequency",
    "wrong_encode_by_frequency_trace",
    "EncodeStep",
    "TIE_BREAKS",
]


# ---------------------------------------------------------------------------------------------
# The two operations training is made of
# ---------------------------------------------------------------------------------------------

def pair_counts(corpus) -> Counter:
    """Count adjacent pairs of symbols, each word weighted by its count.

    Example: {('h', 'u', 'g'): 10, ('p', 'u', 'g'): 5} -> {('u', 'g'): 15, ('h', 'u'): 10, ('p', 'u'): 5}

    subtle: overlapping pairs all count. ('a', 'a', 'a', 'a') holds ('a', 'a') three times, although
    merging it can only make two 'aa' (see ``merge_pair``).

    >>> pair_counts({('a', 'a', 'a', 'a'): 1})
    Counter({('a', 'a'): 3})

    ``corpus`` is what ``train`` takes. A corpus that ``check.corpus`` returned (``train`` keeps one) is
    not checked again, so calling this once per merge costs only the counting.
    """
    words = check.corpus(corpus)
    counts: Counter = Counter()
    for word, count in words.items():
        for pair in zip(word, word[1:]):  # ('h', 'u', 'g') -> ('h', 'u'), ('u', 'g')
            counts[pair] += count
    return counts


def merge_pair(symbols, pair, merged=None) -> tuple:
    """Replace every occurrence of ``pair`` in one word by the merged symbol, scanning left to right.

    >>> merge_pair(('h', 'u', 'g', 's'), ('u', 'g'))
    ('h', 'ug', 's')

    subtle: occurrences do not overlap. In ('a', 'a', 'a', 'a') the first 'a', 'a' is merged, then the
    scan continues *after* it, so one pass makes two symbols, not three:

    >>> merge_pair(('a', 'a', 'a', 'a'), ('a', 'a'))
    ('aa', 'aa')
    >>> merge_pair(('a', 'a', 'a'), ('a', 'a'))
    ('aa', 'a')

    ``merged`` is the symbol that replaces each occurrence: ``left + right`` by default. WordPiece, whose
    pieces carry a "##" prefix, passes its own:

    >>> merge_pair(('h', '##u', '##g'), ('##u', '##g'), merged='##ug')
    ('h', '##ug')
    """
    symbols, (left, right) = check.word_and_pair(symbols, pair, merged)
    if merged is None:
        merged = left + right
    out = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] == left and symbols[i + 1] == right:
            out.append(merged)
            i += 2  # skip both halves: the next match may only start after this one
        else:
            out.append(symbols[i])
            i += 1
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Training, traced
# ---------------------------------------------------------------------------------------------

Pair = tuple  # two symbols, e.g. ('l', 'o'); a word is a tuple of symbols, e.g. ('l', 'o', 'w', '</w>')

#: "smallest": among pairs with the highest count, the smallest ``(left, right)`` under Python's
#: ordering wins (the rule of this project: it does not depend on the order of the corpus).
#: "first": the first tied pair met while scanning the corpus in order, which is what
#: ``max(counts, key=counts.get)`` does in the code of many tutorials and of the original paper.
TIE_BREAKS = ("smallest", "first")


@dataclass(frozen=True)
class MergeStep:
    """One step of training: the counts it chose from and the pair it merged.

    ``number`` counts from 1. ``pair_counts`` are the counts in the corpus *before* this merge;
    ``tied`` lists every pair that had the winning count (sorted), so a tie is visible;
    ``num_symbols`` is the number of symbols in the whole corpus (counts included) *after* the merge.
    """

    number: int
    pair: Pair
    count: int
    tied: tuple
    num_symbols: int
    trace: PairCountTrace = field(repr=False, compare=False)  # where the counts of every step are kept

    @property
    def pair_counts(self) -> dict:
        """The pair counts before this merge, rebuilt from the trace (``bpe_lab._trace``) when asked for."""
        return self.trace.at(self.number - 1)

    @property
    def new_symbol(self):
        return self.pair[0] + self.pair[1]

    @property
    def was_tie(self) -> bool:
        return len(self.tied) > 1


@dataclass
class TrainResult:
    """What ``train`` returns: the learned merges (in order) and the trace of every step."""

    corpus: dict  # the starting corpus: word (tuple of symbols) -> count
    merges: list  # (left, right) pairs in learned order
    steps: list  # one MergeStep per merge
    final_pair_counts: dict  # pair counts after the last merge (what the next step would choose from)
    tie_break: str = "smallest"
    _snapshots: dict = field(default_factory=dict, repr=False)

    @property
    def num_merges(self) -> int:
        return len(self.merges)

    @property
    def base_symbols(self) -> list:
        """The symbols training started from, sorted."""
        return sorted({s for word in self.corpus for s in word})

    @property
    def vocab(self) -> list:
        """Base symbols, then one new symbol per merge in learned order."""
        return self.base_symbols + [left + right for left, right in self.merges]

    @property
    def symbol_totals(self) -> list[int]:
        """Total symbols in the corpus after 0, 1, ..., N merges (it shrinks by the merges made)."""
        start = sum(len(word) * count for word, count in self.corpus.items())
        return [start] + [step.num_symbols for step in self.steps]

    def pair_counts_at(self, k: int) -> dict:
        """The pair counts after ``k`` merges (what merge ``k + 1`` chose from)."""
        k = check.k_merges(k, self.num_merges)
        return self.steps[k].pair_counts if k < len(self.steps) else self.final_pair_counts

    def corpus_after(self, k: int) -> dict:
        """The corpus segmented by the first ``k`` merges: word (tuple of symbols) -> count."""
        k = check.k_merges(k, self.num_merges)
        if k not in self._snapshots:
            words = self.corpus
            for pair in self.merges[:k]:
                words = {(merge_pair(w, pair) if pair[0] in w and pair[1] in w else w): c for w, c in words.items()}
            self._snapshots[k] = words
        return self._snapshots[k]


def train(corpus, num_merges: int, *, tie_break: str = "smallest", progress: bool = False) -> TrainResult:
    """Learn ``num_merges`` merges from a corpus, keeping a trace of every step.

    ``corpus``: a text (split on whitespace, one symbol per character), a mapping word -> count where a
    word is a str or a tuple of symbols, or a list of words.

    ``num_merges`` may be larger than the merges there are: see below.

    Ties: the highest count wins; among equal counts the smallest ``(left, right)`` under Python's
    ordering wins (``tie_break="first"`` instead takes the first tied pair met in the corpus, as many
    tutorials' ``max(counts, key=counts.get)`` does). Training stops early when every word is a single
    symbol, so ``len(result.merges)`` can be less than ``num_merges``.

    Long runs: ``progress=True`` shows a bar (in a notebook) or a line (in a terminal). Without it, a run
    estimated to take more than ``LONG_SECONDS`` warns first, naming the estimate.

    >>> result = train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 3)
    >>> result.merges
    [('u', 'g'), ('u', 'n'), ('h', 'ug')]
    >>> result.steps[0].count, result.steps[1].pair_counts[('p', 'ug')]
    (20, 5)
    """
    words, num_merges, tie_break = (check.corpus(corpus), check.num_merges(num_merges),
                                    check.tie_break(tie_break, TIE_BREAKS))
    progress = check.switch(progress, "progress")

    start = dict(words)
    merges, steps = [], []
    counts = pair_counts(words)  # words is a checked corpus (a check.Corpus): it is not checked again
    trace = PairCountTrace(counts)  # the counts of every step, kept small (see bpe_lab._trace)
    if not progress:
        _warn_if_long(words, num_merges)
    with _progress.steps(num_merges, "BPE merges", progress) as bar:
        for number in range(1, num_merges + 1):
            if not counts:
                break  # every word is a single symbol: nothing is left to merge

            best = max(counts.values())
            # subtle: several pairs can share the best count; the tie rule decides, never chance.
            tied = tuple(sorted(pair for pair, c in counts.items() if c == best))
            if tie_break == "smallest":
                pair = tied[0]
            else:  # "first": Counter keeps pairs in the order they were first met in the corpus
                pair = next(pair for pair, c in counts.items() if c == best)

            left, right = pair
            # only words holding both symbols can change; the rest are kept as they are. Merging keeps a
            # checked corpus checked, so it stays a check.Corpus and pair_counts does not check it again.
            words = check.Corpus({
                (merge_pair(word, pair) if left in word and right in word else word): count
                for word, count in words.items()
            })
            num_symbols = sum(len(word) * count for word, count in words.items())
            steps.append(MergeStep(number, pair, best, tied, num_symbols, trace))
            merges.append(pair)
            counts = pair_counts(words)  # naive on purpose: recount everything (fast_bpe updates instead)
            trace.record(counts)
            bar.advance()

    return TrainResult(corpus=start, merges=merges, steps=steps, final_pair_counts=dict(counts), tie_break=tie_break)


#: ``train`` warns before a run it estimates at more than this many seconds (unless ``progress=True``).
LONG_SECONDS = 30.0


def _warn_if_long(words, num_merges: int) -> None:
    """Warn when ``train`` will take long, with an estimate: one merge costs about one recount of the pairs
    (plus the merge pass), so time one recount and multiply. Rough: words shrink as they merge, so the first
    merges cost a little more than the estimate and later ones less (1,000 merges on the novel: about 23 s
    estimated, 19 s taken, on a busy machine).

    A merge shortens at least one distinct word, so there are at most sum(len(word) - 1) merges to make."""
    num_merges = min(num_merges, sum(len(word) - 1 for word in words))
    started = time.perf_counter()
    pair_counts(words)
    one_merge = 1.3 * (time.perf_counter() - started)  # the recount, plus the merge pass and the trace's diff
    estimate = num_merges * one_merge
    if estimate > LONG_SECONDS:
        warnings.warn(
            f"bpe.train: {num_merges:,} merges on {len(words):,} distinct words will take about {estimate:.0f} s "
            f"(this trainer recounts every pair after each merge, about {1000 * one_merge:.0f} ms here). "
            "fast_bpe.train learns the same merges in a fraction of that; progress=True shows a bar.",
            stacklevel=3)


# ---------------------------------------------------------------------------------------------
# Encoding a new word with learned merges
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class EncodeStep:
    """One step of an encoder: the symbols before, the candidate pairs it saw, the pair it merged.

    ``candidates`` maps each learned pair present in ``before`` to its rank (``encode``) or to its
    count in the word (``wrong_encode_by_frequency``).
    """

    before: list
    candidates: dict
    pair: Pair
    after: list


def encode_trace(symbols, merges, *, vocab=None, unknown=None) -> list[EncodeStep]:
    """The steps of ``encode``: at each, every learned pair present with its rank, and the one merged."""
    word, merges = check.word_and_merges(symbols, merges)
    word = check.known_symbols(word, vocab, unknown)
    ranks = merges.ranks  # {pair: rank}, 0 = learned first (made once per merge list when it was checked)
    steps = []
    while len(word) >= 2:
        candidates = {pair: ranks[pair] for pair in zip(word, word[1:]) if pair in ranks}
        if not candidates:
            break  # no adjacent pair was ever learned: the word is fully encoded
        pair = min(candidates, key=candidates.get)  # lowest rank = learned earliest
        merged = merge_pair(word, pair)
        steps.append(EncodeStep(list(word), candidates, pair, list(merged)))
        word = merged
    return steps


def encode(symbols, merges, *, vocab=None, unknown=None) -> list:
    """Encode one word: repeatedly merge the present pair that was learned earliest (lowest rank).

    ``symbols`` is a str (one symbol per character), bytes (one symbol per byte) or a sequence of
    symbols such as ``('l', 'o', 'w', '</w>')``. An empty word gives [], and merges whose symbols never
    occur in the word do not apply (the second example).

    >>> encode("lowest", [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t")])
    ['low', 'est']
    >>> encode("xyz", [("l", "o")])
    ['x', 'y', 'z']

    Unknown symbols: merges alone cannot tell that 'x' was never seen in training, so without ``vocab``
    a symbol training never saw comes back as if it were a token. Pass ``vocab`` (the symbols the
    tokenizer knows, such as ``result.vocab``) and such a symbol raises a ValueError naming it, or, with
    ``unknown``, is replaced by that symbol before merging:

    >>> encode("mug", [("u", "g")], vocab=["g", "h", "u", "ug"], unknown="[UNK]")
    ['[UNK]', 'ug']
    >>> encode("mug", [("u", "g")], vocab=["g", "h", "u", "ug"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: symbols: 'm' (in ('m', 'u', 'g')) is not in the vocabulary: training never saw it, ...
    """
    steps = encode_trace(symbols, merges, vocab=vocab, unknown=unknown)
    if steps:
        return steps[-1].after
    return list(check.known_symbols(check.word(symbols, "symbols"), vocab, unknown))


def replay_trace(symbols, merges) -> list[tuple[int, Pair, list]]:
    """The steps of ``replay``: (rank, pair, symbols after) for each rule that changed the word."""
    word, merges = check.word_and_merges(symbols, merges)
    steps = []
    for rank, (left, right) in enumerate(merges):
        if left in word and right in word:  # only then can the rule change the word
            merged = merge_pair(word, (left, right))
            if merged != word:
                steps.append((rank, (left, right), list(merged)))
            word = merged
    return steps


def replay(symbols, merges) -> list:
    """Encode one word by applying every merge rule once, in learned order.

    For merges learned by ``train`` this gives the same result as ``encode``: a merge can only
    create pairs that contain its new symbol, and those were learned later.

    >>> replay("lowest", [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t")])
    ['low', 'est']
    """
    word, merges = check.word_and_merges(symbols, merges)
    for left, right in merges:
        if left in word and right in word:  # only then can the rule change the word
            word = merge_pair(word, (left, right))
    return list(word)


def wrong_encode_by_frequency_trace(symbols, merges) -> list[EncodeStep]:
    """The steps of ``wrong_encode_by_frequency`` (candidates: learned pair -> count in this word)."""
    word, merges = check.word_and_merges(symbols, merges)
    learned = set(merges)
    steps = []
    while len(word) >= 2:
        counts = Counter(pair for pair in zip(word, word[1:]) if pair in learned)
        if not counts:
            break
        best = max(counts.values())
        pair = min(p for p, c in counts.items() if c == best)  # same tie rule as training
        merged = merge_pair(word, pair)
        steps.append(EncodeStep(list(word), dict(counts), pair, list(merged)))
        word = merged
    return steps


def wrong_encode_by_frequency(symbols, merges) -> list:
    """WRONG ON PURPOSE — a common misconception, kept so notebook 02 can show where it fails.

    It encodes the *new* text as if training again: it merges whichever learned pair is most
    frequent in the new text (ties: smallest pair), ignoring the order the merges were learned in.
    Real BPE encoders replay the learned order (``encode`` / ``replay``); this one can produce
    segmentations the tokenizer would never produce.

    >>> merges = train("bc bc bc bc ab ab ababc", 2).merges
    >>> merges
    [('b', 'c'), ('a', 'b')]
    >>> encode("ababc", merges)  # what training itself made of this word
    ['ab', 'a', 'bc']
    >>> wrong_encode_by_frequency("ababc", merges)  # a+b occurs twice here, b+c once: no tie involved
    ['ab', 'ab', 'c']
    """
    steps = wrong_encode_by_frequency_trace(symbols, merges)
    return steps[-1].after if steps else list(check.word(symbols, "symbols"))
