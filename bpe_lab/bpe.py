"""Classic byte-pair encoding (BPE) over sequences of symbols, written to be read top to bottom.

Training (Sennrich et al., 2016) starts from words split into single symbols and repeats one step:

    count every adjacent pair of symbols in the corpus  ->  merge the most frequent pair everywhere

The list of merges, in the order they were learned, *is* the tokenizer. Encoding a new word replays
them: ``encode`` merges the present pair with the lowest rank first, ``replay`` applies each rule in
learned order; both give the same answer for merges learned by ``train``.

Symbols are ``str`` (characters, "</w>", merged strings) or ``bytes`` (notebook 03), never mixed.

What this module deliberately does *not* do:
  * speed: ``train`` recounts every pair after every merge. ``bpe_lab.fast_bpe`` is the fast version.
  * bytes, ids and regex pre-tokenization: see ``bpe_lab.byte_level``, ``bpe_lab.tokenizer``,
    ``bpe_lab.pretokenize``.
"""

from __future__ import annotations

import numbers
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .corpus import _short, symbol_counts

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

Pair = tuple  # two symbols, e.g. ('l', 'o'); a word is a tuple of symbols, e.g. ('l', 'o', 'w', '</w>')

#: "smallest": among pairs with the highest count, the smallest ``(left, right)`` under Python's
#: ordering wins (the rule of this project: it does not depend on the order of the corpus).
#: "first": the first tied pair met while scanning the corpus in order, which is what
#: ``max(counts, key=counts.get)`` does in the code of many tutorials and of the original paper.
TIE_BREAKS = ("smallest", "first")


# ---------------------------------------------------------------------------------------------
# Checking what callers pass (clear errors instead of tracebacks from deep inside)
# ---------------------------------------------------------------------------------------------

def _check_symbol(symbol, where: str) -> type:
    if not isinstance(symbol, (str, bytes)):
        raise TypeError(
            f"{where}: every symbol must be a str (or bytes), got {_short(symbol)} ({type(symbol).__name__}); "
            "a word is a sequence of symbols such as ('l', 'o', 'w')"
        )
    if len(symbol) == 0:
        raise ValueError(f"{where}: symbols must not be empty strings")
    return type(symbol)


def _as_word(word, where: str) -> tuple:
    """A word given as a str, bytes or a sequence of symbols -> a tuple of symbols."""
    if isinstance(word, str):
        return tuple(word)
    if isinstance(word, bytes):
        return tuple(word[i : i + 1] for i in range(len(word)))
    if isinstance(word, (tuple, list)):
        kinds = {_check_symbol(s, where) for s in word}
        if len(kinds) > 1:
            raise TypeError(f"{where}: do not mix str and bytes symbols in one word: {_short(word)}")
        return tuple(word)
    raise TypeError(
        f"{where}: a word must be a str or a tuple/list of symbols such as ('l', 'o', 'w'), "
        f"got {type(word).__name__}"
    )


def _as_corpus(corpus) -> dict[tuple, int]:
    """Accept a text, a mapping word -> count, or a list of words; return {tuple of symbols: count}."""
    if isinstance(corpus, str):
        words = symbol_counts(corpus)
    elif isinstance(corpus, Mapping):
        words = {}
        for word, count in corpus.items():
            symbols = _as_word(word, "corpus")
            if isinstance(count, bool) or not isinstance(count, numbers.Integral):
                raise TypeError(f"corpus: the count of {_short(word)} must be a whole number, got {_short(count)}")
            if count <= 0:
                raise ValueError(f"corpus: the count of {_short(word)} must be positive, got {count}")
            if not symbols:
                raise ValueError("corpus: words must hold at least one symbol, got an empty word")
            words[symbols] = words.get(symbols, 0) + int(count)
    elif isinstance(corpus, Iterable) and not isinstance(corpus, (bytes, bytearray)):
        return _as_corpus(Counter(_as_word(w, "corpus") for w in corpus))
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


def _check_num_merges(num_merges) -> int:
    if isinstance(num_merges, bool) or not isinstance(num_merges, numbers.Integral):
        raise TypeError(f"num_merges must be a whole number such as 10, got {_short(num_merges)} "
                        f"({type(num_merges).__name__})")
    if num_merges < 0:
        raise ValueError(f"num_merges must be 0 or more, got {num_merges}")
    return int(num_merges)


def _check_tie_break(tie_break, choices: tuple, note: str = "") -> str:
    if not isinstance(tie_break, str) or tie_break not in choices:
        kind = f" ({type(tie_break).__name__})" if not isinstance(tie_break, str) else ""
        error = ValueError if isinstance(tie_break, str) else TypeError
        raise error(f"tie_break must be one of {choices}{note}, got {_short(tie_break)}{kind}")
    return tie_break


def _check_merges(merges) -> list[tuple]:
    """Merges as a list of (left, right) tuples, each pair at most once."""
    if isinstance(merges, (str, bytes)) or not isinstance(merges, Iterable):
        hint = "; pass result.merges" if hasattr(merges, "merges") else ""
        raise TypeError(
            "merges must be a list of (left, right) pairs such as [('l', 'o'), ('lo', 'w')], "
            f"got {type(merges).__name__}{hint}"
        )
    checked = []
    seen = set()
    kinds = set()
    for rank, merge in enumerate(merges):
        if not isinstance(merge, (tuple, list)) or len(merge) != 2:
            raise ValueError(f"merges[{rank}] must be a pair (left, right), got {_short(merge)}")
        left, right = merge
        kinds.add(_check_symbol(left, f"merges[{rank}]"))
        kinds.add(_check_symbol(right, f"merges[{rank}]"))
        pair = (left, right)
        if pair in seen:
            raise ValueError(f"merges[{rank}] repeats the pair {_short(pair)}; each pair may appear once")
        seen.add(pair)
        checked.append(pair)
    if len(kinds) > 1:
        raise TypeError("merges: use str symbols or bytes symbols, not both")
    return checked


def _check_same_kind(symbols: tuple, merges: list[tuple]) -> None:
    if symbols and merges and type(symbols[0]) is not type(merges[0][0]):
        raise TypeError(
            f"the word holds {type(symbols[0]).__name__} symbols but the merges hold "
            f"{type(merges[0][0]).__name__} symbols; pass both as str or both as bytes"
        )


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
    """
    return _count_pairs(_as_corpus(corpus))


def _count_pairs(words: dict) -> Counter:
    """``pair_counts`` without the argument checks (the training loop calls this)."""
    counts: Counter = Counter()
    for word, count in words.items():
        for pair in zip(word, word[1:]):
            counts[pair] += count
    return counts


def merge_pair(symbols, pair) -> tuple:
    """Replace every occurrence of ``pair`` in one word by the merged symbol, scanning left to right.

    >>> merge_pair(('h', 'u', 'g', 's'), ('u', 'g'))
    ('h', 'ug', 's')

    subtle: occurrences do not overlap. In ('a', 'a', 'a', 'a') the first 'a', 'a' is merged, then the
    scan continues *after* it, so one pass makes two symbols, not three:

    >>> merge_pair(('a', 'a', 'a', 'a'), ('a', 'a'))
    ('aa', 'aa')
    >>> merge_pair(('a', 'a', 'a'), ('a', 'a'))
    ('aa', 'a')
    """
    symbols = _as_word(symbols, "symbols")
    if not isinstance(pair, (tuple, list)):
        raise TypeError(f"pair must be a tuple (left, right) such as ('u', 'g'), got {type(pair).__name__}")
    if len(pair) != 2:
        raise ValueError(f"pair must be a pair of symbols (left, right) such as ('u', 'g'), got {_short(pair)}")
    left, right = pair
    if {_check_symbol(left, "pair"), _check_symbol(right, "pair")} == {str, bytes}:
        raise TypeError("pair: use str symbols or bytes symbols, not both")
    _check_same_kind(symbols, [(left, right)])
    return _merge(symbols, left, right)


def _merge(symbols, left, right, merged=None) -> tuple:
    """``merge_pair`` without the argument checks (the training loops call this).

    ``merged`` is what replaces each occurrence: by default ``left + right``; WordPiece passes its own
    piece and the Tokenizer an id.
    """
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
    pair_counts: dict
    tied: tuple
    num_symbols: int

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
        k = self._check_k(k)
        return self.steps[k].pair_counts if k < len(self.steps) else self.final_pair_counts

    def corpus_after(self, k: int) -> dict:
        """The corpus segmented by the first ``k`` merges: word (tuple of symbols) -> count."""
        k = self._check_k(k)
        if k not in self._snapshots:
            words = self.corpus
            for left, right in self.merges[:k]:
                words = {_merge(w, left, right): c for w, c in words.items()}
            self._snapshots[k] = words
        return self._snapshots[k]

    def _check_k(self, k) -> int:
        if isinstance(k, bool) or not isinstance(k, numbers.Integral):
            raise TypeError(f"k must be a whole number of merges, got {k!r}")
        if not 0 <= k <= len(self.merges):
            raise ValueError(f"k must be between 0 and {len(self.merges)} (the number of merges learned), got {k}")
        return int(k)


def train(corpus, num_merges: int, *, tie_break: str = "smallest") -> TrainResult:
    """Learn ``num_merges`` merges from a corpus, keeping a trace of every step.

    ``corpus``: a text (split on whitespace, one symbol per character), a mapping word -> count where a
    word is a str or a tuple of symbols, or a list of words.

    ``num_merges`` may be larger than the merges there are: see below.

    Ties: the highest count wins; among equal counts the smallest ``(left, right)`` under Python's
    ordering wins (``tie_break="first"`` instead takes the first tied pair met in the corpus, as many
    tutorials' ``max(counts, key=counts.get)`` does). Training stops early when every word is a single
    symbol, so ``len(result.merges)`` can be less than ``num_merges``.

    >>> result = train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 3)
    >>> result.merges
    [('u', 'g'), ('u', 'n'), ('h', 'ug')]
    >>> result.steps[0].count, result.steps[1].pair_counts[('p', 'ug')]
    (20, 5)
    """
    words = _as_corpus(corpus)
    num_merges = _check_num_merges(num_merges)
    _check_tie_break(tie_break, TIE_BREAKS)

    start = dict(words)
    merges, steps = [], []
    counts = _count_pairs(words)
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
        # only words holding both symbols can change; the rest are kept as they are
        words = {
            (_merge(word, left, right) if left in word and right in word else word): count
            for word, count in words.items()
        }
        num_symbols = sum(len(word) * count for word, count in words.items())
        steps.append(MergeStep(number, pair, best, dict(counts), tied, num_symbols))
        merges.append(pair)
        counts = _count_pairs(words)  # naive on purpose: recount everything (fast_bpe updates instead)

    return TrainResult(corpus=start, merges=merges, steps=steps, final_pair_counts=dict(counts), tie_break=tie_break)


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


def _prepare(symbols, merges) -> tuple[tuple, list]:
    word = _as_word(symbols, "symbols")
    merges = _check_merges(merges)
    _check_same_kind(word, merges)
    return word, merges


def encode_trace(symbols, merges) -> list[EncodeStep]:
    """The steps of ``encode``: at each, every learned pair present with its rank, and the one merged."""
    word, merges = _prepare(symbols, merges)
    ranks = {pair: rank for rank, pair in enumerate(merges)}
    steps = []
    while len(word) >= 2:
        candidates = {pair: ranks[pair] for pair in zip(word, word[1:]) if pair in ranks}
        if not candidates:
            break  # no adjacent pair was ever learned: the word is fully encoded
        pair = min(candidates, key=candidates.get)  # lowest rank = learned earliest
        merged = _merge(word, *pair)
        steps.append(EncodeStep(list(word), candidates, pair, list(merged)))
        word = merged
    return steps


def encode(symbols, merges) -> list:
    """Encode one word: repeatedly merge the present pair that was learned earliest (lowest rank).

    ``symbols`` is a str (one symbol per character), bytes (one symbol per byte) or a sequence of
    symbols such as ``('l', 'o', 'w', '</w>')``. An empty word gives [], and merges whose symbols never
    occur in the word do not apply (the second example).

    >>> encode("lowest", [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t")])
    ['low', 'est']
    >>> encode("xyz", [("l", "o")])
    ['x', 'y', 'z']
    """
    steps = encode_trace(symbols, merges)
    return steps[-1].after if steps else list(_as_word(symbols, "symbols"))


def replay_trace(symbols, merges) -> list[tuple[int, Pair, list]]:
    """The steps of ``replay``: (rank, pair, symbols after) for each rule that changed the word."""
    word, merges = _prepare(symbols, merges)
    steps = []
    for rank, (left, right) in enumerate(merges):
        merged = _merge(word, left, right)
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
    word, merges = _prepare(symbols, merges)
    for left, right in merges:
        word = _merge(word, left, right)
    return list(word)


def wrong_encode_by_frequency_trace(symbols, merges) -> list[EncodeStep]:
    """The steps of ``wrong_encode_by_frequency`` (candidates: learned pair -> count in this word)."""
    word, merges = _prepare(symbols, merges)
    learned = set(merges)
    steps = []
    while len(word) >= 2:
        counts = Counter(pair for pair in zip(word, word[1:]) if pair in learned)
        if not counts:
            break
        best = max(counts.values())
        pair = min(p for p, c in counts.items() if c == best)  # same tie rule as training
        merged = _merge(word, *pair)
        steps.append(EncodeStep(list(word), dict(counts), pair, list(merged)))
        word = merged
    return steps


def wrong_encode_by_frequency(symbols, merges) -> list:
    """WRONG ON PURPOSE — a common misconception, kept so notebook 02 can show where it fails.

    It encodes the *new* text as if training again: it merges whichever learned pair is most
    frequent in the new text (ties: smallest pair), ignoring the order the merges were learned in.
    Real BPE encoders replay the learned order (``encode`` / ``replay``); this one can produce
    segmentations the tokenizer would never produce.

    >>> merges = [("a", "a"), ("aa", "a"), ("a", "b"), ("aaa", "b")]
    >>> encode("aaabdaaabac", merges)
    ['aaab', 'd', 'aaab', 'a', 'c']
    >>> wrong_encode_by_frequency("aaabdaaabac", merges)
    ['aa', 'ab', 'd', 'aa', 'ab', 'a', 'c']
    """
    steps = wrong_encode_by_frequency_trace(symbols, merges)
    return steps[-1].after if steps else list(_as_word(symbols, "symbols"))
