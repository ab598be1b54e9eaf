"""WordPiece: BPE's cousin from BERT. It differs from BPE twice.

Training: like BPE it merges adjacent pairs, but it picks the pair whose merge most raises the likelihood of
the training words under a unigram model of the current pieces (Schuster & Nakajima, 2012), not simply the
most frequent pair. The gain of merging a and b is close to

    count(a b) × log( count(a b) × N / (count(a) × count(b)) )       (N: all pieces in the corpus)

a pair that occurs together more often than chance, weighted by how often it occurs (``likelihood_gain`` has
the exact formula). The Hugging Face course teaches the ratio count(a b) / (count(a) × count(b)) alone: it
ignores how often a pair occurs, so pairs of rare pieces win first (``score="ratio"``). Hugging Face
``tokenizers``' WordPieceTrainer merges by frequency, as BPE does (``score="frequency"``).

Pieces: a piece that starts a word is written bare ("play"); a piece inside a word carries the prefix
"##" ("##ing"). So "playing" is ["play", "##ing"], and "ing" at the start of a word is another piece.

Segmenting: WordPiece does not replay merges. ``tokenize`` takes the *longest* piece of the vocabulary
that matches at the start of the word, then the longest "##" piece from there, and so on ("MaxMatch").
A word it cannot cover completely becomes "[UNK]" as a whole.

Here: ``train`` (readable, recounts everything after each merge, traced) and ``fast_train`` (the same
steps, updating only what a merge changes, like ``bpe_lab.fast_bpe``), ``tokenize``, ``decode`` (pieces back
to text, as Hugging Face's decoder writes them), and saving and loading a trained vocabulary. Not here: what
BERT does around ``tokenize`` for whole text (clean-up, lower-casing, accent stripping, splitting on
punctuation) and reading its ``vocab.txt``: ``bpe_lab.bert``.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from . import _checks as check
from . import _progress, bpe, storage
from ._incremental import PairIndex, SymbolTable, pairs, pop_best

__all__ = [
    "PREFIX",
    "UNK",
    "MAX_WORD_CHARS",
    "word_symbols",
    "SCORES",
    "likelihood_gain",
    "train",
    "fast_train",
    "WordPieceResult",
    "WordPieceStep",
    "tokenize",
    "decode",
    "WordPieceVocabulary",
    "save_vocabulary",
    "load_vocabulary",
]

PREFIX = "##"  # marks a piece that continues a word
GLUED = (".", "?", "!", ",", "n't", "'m", "'s", "'ve", "'re")  # decode: no space in front of these
UNK = "[UNK]"  # what a word becomes when the vocabulary cannot cover it
MAX_WORD_CHARS = 100  # longer words become [UNK] without trying (as in BERT)
SPECIAL_TOKENS = ("[PAD]", UNK, "[CLS]", "[SEP]", "[MASK]")  # BERT's, the default of train and fast_train
SCORES = ("likelihood", "ratio", "frequency")  # how a training step picks its pair (see train)


# ------------------------------------------------------------------------------------------------
# Training
# ------------------------------------------------------------------------------------------------

def word_symbols(word: str) -> tuple[str, ...]:
    """A word as WordPiece's starting symbols: the first character bare, the others with "##".

    >>> word_symbols("hug")
    ('h', '##u', '##g')
    """
    word = check.wordpiece_word(word)
    return (word[0],) + tuple(PREFIX + char for char in word[1:])


def _join(left: str, right: str) -> str:
    """('h', '##u') -> 'hu'; ('##u', '##g') -> '##ug': the right piece loses its "##"."""
    return left + (right[len(PREFIX):] if right.startswith(PREFIX) else right)


def train(corpus, vocab_size: int, *, special_tokens=SPECIAL_TOKENS, score: str = "likelihood",
          progress: bool = False) -> WordPieceResult:
    """Learn a WordPiece vocabulary of ``vocab_size`` pieces (special tokens included).

    ``corpus``: a text (split on whitespace) or a mapping word -> count. Each step merges the pair with the
    highest ``score``:

    * ``"likelihood"`` (the default; WordPiece as published, Schuster & Nakajima 2012): how much the merge
      raises the log-likelihood of the corpus under a unigram model of its current pieces
      (``likelihood_gain``). Every piece's probability is its count over the total count N.
    * ``"ratio"``: count(ab) / (count(a) × count(b)), the form of the Hugging Face course. It ignores how
      often a pair occurs, so pairs of rare pieces that always meet win first.
    * ``"frequency"``: count(ab), BPE's rule (what Hugging Face ``tokenizers``' WordPieceTrainer does).

    Ties go to the higher pair count, then to the smallest pair under Python's ordering. Training stops
    early when no pair is left. ``progress=True`` shows a bar (in a notebook) or a line (in a terminal).

    >>> result = train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 5 + 10, score="ratio")
    >>> result.merges[:3]
    [('##g', '##s'), ('p', '##u'), ('h', '##u')]
    >>> train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 5 + 10).merges[:3]
    [('##u', '##g'), ('##u', '##n'), ('h', '##ug')]
    """
    words, alphabet, specials = _starting_point(corpus, vocab_size, special_tokens)
    score, progress = check.wordpiece_score(score), check.switch(progress, "progress")
    vocab = specials + alphabet
    start = dict(words)
    steps = []
    with _progress.steps(vocab_size - len(vocab), "WordPiece pieces", progress) as bar:
        while len(vocab) < vocab_size:
            pair_counts, made, symbol_counts = _counts(words)
            if not pair_counts:
                break  # every word is a single piece
            total = sum(symbol_counts.values())  # N: every piece in the corpus, word counts included
            scores = {p: (_score(score, p, c, made[p], symbol_counts, total), c) for p, c in pair_counts.items()}
            # highest score; then the higher pair count; then the smallest pair
            pair = min(scores, key=lambda p: (-scores[p][0], -scores[p][1], p))
            left, right = pair
            step = WordPieceStep(len(steps) + 1, pair, scores[pair][0], pair_counts[pair],
                                 symbol_counts[left], symbol_counts[right], _join(left, right), scores)
            steps.append(step)
            words = {_merge(word, left, right, step.new_piece): count for word, count in words.items()}
            if step.new_piece not in vocab:
                vocab.append(step.new_piece)
                bar.advance()
    return WordPieceResult(vocab=vocab, steps=steps, alphabet=alphabet, corpus=start, special_tokens=specials,
                           score=score)


def _counts(words: dict) -> tuple[Counter, Counter, Counter]:
    """Count, over the corpus (word counts included): every adjacent pair; how many merges each pair would
    make (``made``: its count, except that the occurrences of a pair (a, a) may overlap, "a a a", and a merge
    takes them left to right without overlap, making one); and every piece."""
    pair_counts: Counter = Counter()
    made: Counter = Counter()
    symbol_counts: Counter = Counter()
    for word, count in words.items():
        free: dict = {}  # pair -> the first position where its next occurrence may start
        for i, pair in enumerate(zip(word, word[1:])):
            pair_counts[pair] += count
            if i >= free.get(pair, 0):
                made[pair] += count
                free[pair] = i + 2
        for symbol in word:
            symbol_counts[symbol] += count
    return pair_counts, made, symbol_counts


def _score(score: str, pair: tuple, count: int, made: int, symbol_counts, total: int) -> float:
    """A pair's score under the rule ``score`` (see ``train``)."""
    left, right = pair
    if score == "frequency":
        return count
    if score == "ratio":
        return count / (symbol_counts[left] * symbol_counts[right])
    return _gain(made, symbol_counts[left], symbol_counts[right], symbol_counts.get(_join(left, right), 0), total,
                 left == right)


def likelihood_gain(made: int, left_count: int, right_count: int, piece_count: int, total: int, *,
                    same: bool = False) -> float:
    """How much one merge raises the log-likelihood (natural log) of the corpus under a unigram model.

    The model gives each piece the probability count / N, where N (``total``) is the number of pieces in
    the corpus; the log-likelihood is L = Σ count·ln(count / N) = Σ f(count) − f(N), with f(x) = x·ln x.
    A merge that makes ``made`` new pieces changes only four terms: the left piece loses ``made``
    (``left_count`` → ``left_count − made``), so does the right piece, the merged piece gains ``made``
    (``piece_count``, its count before the merge, is 0 unless another pair already made the same piece), and
    N falls by ``made``. For a pair (a, a) (``same=True``) the one piece loses 2 × ``made``. So

        gain = [f(a − m) − f(a)] + [f(b − m) − f(b)] + [f(ab + m) − f(ab)] + [f(N) − f(N − m)]

    which for a new piece is close to m·ln(m·N / (a·b)): the log of the ratio score, weighted by the count.

    >>> round(likelihood_gain(20, 36, 20, 0, 113), 3)  # ('##u', '##g') in the hug corpus: 20 merges, N = 113
    28.018
    """
    check.wordpiece_gain_args(made, left_count, right_count, piece_count, total, same)
    return _gain(made, left_count, right_count, piece_count, total, same)


def _gain(made: int, left_count: int, right_count: int, piece_count: int, total: int, same: bool) -> float:
    """``likelihood_gain`` without its argument checks: the trainers call it for every pair they score, with
    counts they keep consistent themselves (the checks would cost more than the formula)."""
    if same:
        lost = -_drop(left_count, 2 * made)
    else:
        lost = -_drop(left_count, made) - _drop(right_count, made)
    return (lost + _drop(piece_count + made, made)) + _drop(total, made)


def _drop(x: int, m: int) -> float:
    """f(x) − f(x − m) for f(t) = t·ln t (f(0) = 0), written so that no two large numbers are subtracted."""
    if m == 0:
        return 0.0
    if m == x:
        return x * math.log(x)
    return m * math.log(x) - (x - m) * math.log1p(-m / x)


def _merge(word: tuple, left: str, right: str, new_piece: str) -> tuple:
    """BPE's left-to-right merge (``bpe.merge_pair``) with WordPiece's own merged piece:
    ('h', '##u', '##g'), 'h', '##u', 'hu' -> ('hu', '##g'). Words without both pieces are returned as they are."""
    return bpe.merge_pair(word, (left, right), merged=new_piece) if left in word and right in word else word


def fast_train(corpus, vocab_size: int, *, special_tokens=SPECIAL_TOKENS, score: str = "likelihood",
               progress: bool = False) -> WordPieceResult:
    """The same vocabulary and steps as ``train`` (for every ``score``), without recounting the corpus after
    every merge.

    It works like ``bpe_lab.fast_bpe`` (each word a string of symbol characters, only the words holding a
    merged pair rewritten, a heap with lazy deletion: ``bpe_lab._incremental``). The heap may hold stale
    entries only where a stale entry is still an *upper bound* of the pair's score now: ``pop_best`` then
    finds the true best, since a stale entry reaching the top is recomputed and pushed back. So whenever a
    pair's score may have gone *up* past its entry, the pair gets a fresh entry.

    A merge of (a, b) lowers count(a) and count(b), and a lower count(a) raises the score of every pair
    holding a ("ratio" and "likelihood"): hundreds of pairs for a common piece, nearly all of them far
    from the top. So an entry is scored with a *floor* for each of its two pieces' counts instead of the
    counts themselves (``_SymbolCounts.floor``, about half the count): a score with lower counts is higher,
    so the entry stays an upper bound until a count falls below its floor. Then that piece gets a new floor
    and its pairs fresh entries. An entry that reaches the top is scored exactly, with the counts as they
    are (``tight``), and refreshed whenever one of its two counts falls. After each merge these pairs get a
    fresh entry:

    * the pairs whose count changed (in the words the merge rewrote);
    * the pairs holding a or b, if its count fell below its floor, or if their entry is exact (``tight``);
    * "likelihood" only: the pairs whose merge would make the same piece (its count went up).

    N, the number of pieces, falls with every merge, and a lower N lowers every pair's gain (f(N) − f(N − m)
    grows with N): the entries not refreshed stay upper bounds. Since every rise past an entry gets a fresh
    entry, a pair's *latest* entry is always an upper bound, and the older ones can be dropped unexamined
    when they reach the top (``latest``, given to ``pop_best``).

    On the novel at 4,000 pieces ("likelihood") this scores about 100,000 entries, where refreshing every
    pair that holds a or b after every merge scores 430,000.

    Steps keep their pair, score and counts, but not every pair's score (``scores`` is empty). Like ``train``,
    it stops early when no pair is left (every word a single piece), before ``vocab_size``.
    """
    start_words, alphabet, specials = _starting_point(corpus, vocab_size, special_tokens)
    score, progress = check.wordpiece_score(score), check.switch(progress, "progress")
    symbols = SymbolTable(alphabet)
    index = PairIndex([symbols.word(word) for word in start_words], list(start_words.values()))
    counts = _SymbolCounts(index)
    exact, bound = _entry_of(index, counts, symbols, score)
    heap = [bound(pair) for pair in index.pair_counts]
    heapq.heapify(heap)
    latest = {item[-1]: item for item in heap}  # pair -> the entry pushed last for it, the one that counts
    vocab = specials + alphabet
    steps = []
    with _progress.steps(vocab_size - len(vocab), "WordPiece pieces", progress) as bar:
        while len(vocab) < vocab_size:
            best = pop_best(heap, exact, latest)
            if best is None:
                break  # every word is a single piece
            pair = best[-1]
            left, right = symbols.name(pair[0]), symbols.name(pair[1])
            new_piece = _join(left, right)
            steps.append(WordPieceStep(len(steps) + 1, (left, right), -best[0], -best[1],
                                       counts.of[pair[0]], counts.of[pair[1]], new_piece, {}))
            stale = _apply_merge(index, counts, pair, chr(symbols.add(new_piece)))
            if score == "likelihood":
                stale |= _making(new_piece, symbols, index)
            for pair in stale:
                fresh = bound(pair)
                heapq.heappush(heap, fresh)
                latest[pair] = fresh
            if new_piece not in vocab:
                vocab.append(new_piece)
                bar.advance()
    return WordPieceResult(vocab=vocab, steps=steps, alphabet=alphabet, corpus=start_words,
                           special_tokens=specials, score=score)


def _starting_point(corpus, vocab_size, special_tokens) -> tuple[dict, list, list]:
    """Both trainers start here: the words as starting pieces, the alphabet, the special tokens
    (after checking the arguments)."""
    counts = check.wordpiece_corpus(corpus)
    specials = check.wordpiece_special_tokens(special_tokens)
    words = {word_symbols(word): count for word, count in counts.items()}
    alphabet = sorted({symbol for word in words for symbol in word})
    check.wordpiece_vocab_size(vocab_size, specials, alphabet)
    return words, alphabet, specials


_FLOOR_SHARE = 0.5  # a piece's floor: this share of its count (see fast_train)


class _SymbolCounts:
    """fast_train's extra bookkeeping, by symbol character:

        of          its count in the corpus (``total``: their sum, N)
        floor       a number at most its count: the entries of its pairs were scored with it (see fast_train)
        pairs_with  the pairs that contain it (some may have died since)
        tight       the pairs whose entry was scored with its count itself, not its floor
    """

    def __init__(self, index: PairIndex):
        self.of: dict[str, int] = Counter()
        self.pairs_with: dict[str, set[str]] = {}
        self.tight: dict[str, set[str]] = {}
        for word, count in zip(index.words, index.counts):
            for char in word:
                self.of[char] += count
            self.note(pairs(word))
        self.floor = {char: int(count * _FLOOR_SHARE) for char, count in self.of.items()}
        self.total = sum(self.of.values())

    def note(self, word_pairs: list[str]) -> None:
        """Remember which pairs hold which symbols."""
        for pair in word_pairs:
            self.pairs_with.setdefault(pair[0], set()).add(pair)
            self.pairs_with.setdefault(pair[1], set()).add(pair)

    def fell(self, char: str, alive) -> set[str]:
        """``char``'s count just fell: the pairs (still there, by ``alive``) whose entries may no longer be
        upper bounds. Those scored with its count itself; and all of them if the count fell below its floor,
        which then drops to ``_FLOOR_SHARE`` of the count."""
        stale = {pair for pair in self.tight.pop(char, ()) if alive(pair)}
        if self.of[char] < self.floor[char]:
            self.floor[char] = int(self.of[char] * _FLOOR_SHARE)
            self.pairs_with[char] = {pair for pair in self.pairs_with.get(char, ()) if alive(pair)}  # forget the dead
            stale |= self.pairs_with[char]
        return stale


def _entry_of(index: PairIndex, counts: _SymbolCounts, symbols: SymbolTable, score: str):
    """The two functions that give a pair's heap entry now, (-score, -count, left piece, right piece, pair), so
    that the smallest entry is ``train``'s choice; None for a pair that is gone:

    * ``exact(pair)``: the score with the counts of the two pieces as they are (for ``pop_best``, which asks
      about the entry on top of the heap); the pair is noted as ``tight`` for both pieces;
    * ``bound(pair)``: the score with their floors instead, an upper bound until a count falls below its floor.
    """
    of, floor, pair_counts, words, word_counts = counts.of, counts.floor, index.pair_counts, index.words, index.counts
    names, id_of = symbols.names, symbols.id_of
    joined: dict[str, str] = {}  # pair -> the piece its merge makes; a pair is scored again and again

    def scored(pair: str, count: int, left_count: int, right_count: int) -> tuple:
        a, b = pair
        if score == "likelihood":
            made_piece = joined.get(pair)
            if made_piece is None:
                made_piece = joined[pair] = _join(names[ord(a)], names[ord(b)])
            piece = id_of.get(made_piece)
            made = count
            if a == b:  # occurrences may overlap; str.count, like a merge, takes them left to right
                made = sum(word_counts[i] * words[i].count(pair) for i in index.where.get(pair, ()))
                left_count = max(left_count, 2 * made)  # (a floor may be lower than a can be)
            value = _gain(made, left_count, right_count, of[chr(piece)] if piece is not None else 0,
                          counts.total, a == b)
        elif score == "ratio":
            value = count / (left_count * right_count)
        else:
            value = count
        return (-value, -count, names[ord(a)], names[ord(b)], pair)

    def exact(pair: str) -> tuple | None:
        count = pair_counts.get(pair, 0)
        if count <= 0:
            return None
        a, b = pair
        counts.tight.setdefault(a, set()).add(pair)
        counts.tight.setdefault(b, set()).add(pair)
        return scored(pair, count, of[a], of[b])

    def bound(pair: str) -> tuple:
        count = pair_counts[pair]
        # subtle: a occurs at least ``count`` times, so a floor below that is raised to it: a tighter bound, and
        # the gain's logarithms need it
        return scored(pair, count, max(floor[pair[0]], count), max(floor[pair[1]], count))

    return exact, bound


def _apply_merge(index: PairIndex, counts: _SymbolCounts, pair: str, new: str) -> set[str]:
    """Merge ``pair`` into the symbol ``new`` in every word that holds it (recounting those words' pairs).

    Only three symbol counts change: each merged occurrence takes one from each half and adds one to
    ``new``; N falls by one. Returned: the pairs (still there) that need a fresh heap entry (see fast_train):
    those whose count changed, and those that ``counts.fell`` names for the two halves.
    """
    left, right = pair
    alive = index.pair_counts.get
    before: dict[str, int] = {}  # pair -> its count before this merge, for the pairs of the rewritten words
    for i in index.holding(pair):
        word = index.words[i]
        merged = word.replace(pair, new)
        for p in pairs(word) + pairs(merged):
            if p not in before:
                before[p] = index.pair_counts.get(p, 0)
        occurrences = (len(word) - len(merged)) * index.counts[i]  # word count included
        counts.of[left] -= occurrences
        counts.of[right] -= occurrences  # subtle: for a pair like (a, a) this takes two from the same symbol
        counts.of[new] += occurrences
        counts.total -= occurrences
        counts.note(index.rewrite(i, merged))
    index.forget(pair)
    counts.floor.setdefault(new, int(counts.of[new] * _FLOOR_SHARE))
    stale = {p for p, count in before.items() if 0 < alive(p, 0) != count}
    return stale | counts.fell(left, alive) | counts.fell(right, alive)


def _making(piece: str, symbols: SymbolTable, index: PairIndex) -> set[str]:
    """The pairs present whose merge would make ``piece`` (its count just went up, and with it their gain):
    every way of cutting it in two, e.g. "hug" -> ("h", "##ug"), ("hu", "##g")."""
    prefix = PREFIX if piece.startswith(PREFIX) else ""
    body = piece[len(prefix):]
    found = set()
    for cut in range(1, len(body)):
        left, right = symbols.id_of.get(prefix + body[:cut]), symbols.id_of.get(PREFIX + body[cut:])
        if left is not None and right is not None and index.pair_counts.get(chr(left) + chr(right), 0) > 0:
            found.add(chr(left) + chr(right))
    return found


@dataclass(frozen=True)
class WordPieceStep:
    """One training step: the merged pair, its score, its count, and the counts of its two symbols.

    ``scores`` holds every pair's (score, count) at that step: what the choice was made from.
    """

    number: int
    pair: tuple[str, str]
    score: float
    count: int
    left_count: int
    right_count: int
    new_piece: str
    scores: dict


@dataclass
class WordPieceResult:
    """What ``train`` returns: the vocabulary (special tokens, alphabet, then merged pieces in order),
    the trace of every step, and the starting corpus (word as pieces -> count)."""

    vocab: list
    steps: list
    alphabet: list
    corpus: dict
    special_tokens: list
    score: str = "likelihood"  # the rule each step picked its pair by (see train)

    @property
    def merges(self) -> list:
        return [step.pair for step in self.steps]

    def vocab_after(self, k: int) -> list:
        """The vocabulary after ``k`` merges (special tokens, alphabet, the first k new pieces).

        ``k``: a whole number from 0 to ``len(steps)``; anything else raises TypeError or ValueError.
        """
        k = check.wordpiece_steps_k(k, self.steps)
        start = len(self.special_tokens) + len(self.alphabet)
        new, seen = [], set(self.vocab[:start])  # seen: a set, since a list is searched piece by piece
        for step in self.steps[:k]:
            if step.new_piece not in seen:  # a piece made again by another pair is listed once
                new.append(step.new_piece)
                seen.add(step.new_piece)
        return self.vocab[:start] + new

    def corpus_after(self, k: int) -> dict:
        """The training words split by the first ``k`` merges.

        ``k``: a whole number from 0 to ``len(steps)``; anything else raises TypeError or ValueError.
        """
        k = check.wordpiece_steps_k(k, self.steps)
        words = self.corpus
        for step in self.steps[:k]:
            words = {_merge(word, *step.pair, step.new_piece): count for word, count in words.items()}
        return words


# ------------------------------------------------------------------------------------------------
# Segmenting a word: greedy longest match (MaxMatch); pieces back to text (decode)
# ------------------------------------------------------------------------------------------------

def tokenize(word: str, vocab, *, max_chars: int = MAX_WORD_CHARS, steps: list | None = None) -> list[str]:
    """Split one word into the longest vocabulary pieces from the left, "##" on continuations.

    ``vocab``: a set, a list, or a dict piece -> id. A word that cannot be covered, or that is longer
    than ``max_chars`` characters, becomes ["[UNK]"]. ``max_chars``: a whole number of at least 1.
    Pass a list as ``steps`` to receive each attempt (start, candidate, found) for display.

    >>> vocab = {"[UNK]", "play", "##ing", "##s", "p", "##l", "##a", "##y"}
    >>> tokenize("playing", vocab), tokenize("plays", vocab), tokenize("pray", vocab)
    (['play', '##ing'], ['play', '##s'], ['[UNK]'])
    """
    vocab = check.wordpiece_tokenize_args(word, vocab, max_chars, steps)
    if len(word) > max_chars:
        return [UNK]
    pieces, start = [], 0
    while start < len(word):
        end = len(word)
        found = None
        while start < end:
            candidate = (PREFIX if start > 0 else "") + word[start:end]
            hit = candidate in vocab
            if steps is not None:
                steps.append((start, candidate, hit))
            if hit:
                found = candidate
                break
            end -= 1  # try one character shorter
        if found is None:
            return [UNK]  # subtle: the whole word is lost, not only the part that did not match
        pieces.append(found)
        start = end
    return pieces


def decode(pieces) -> str:
    """Pieces -> text, as Hugging Face's WordPiece decoder writes them: a "##" piece joins the piece before it,
    any other piece gets a space in front, except one starting with . ? ! , n't 'm 's 've 're ("cleanup").
    Lower case and lost whitespace stay lost: BERT's normaliser did that before ``tokenize``.

    >>> decode(["play", "##ing", "dog", ",", "don", "'", "t", "!"])
    "playing dog, don ' t!"
    """
    text = []
    for number, piece in enumerate(check.wordpiece_decode_pieces(pieces)):
        if number and piece.startswith(PREFIX):
            piece = piece[len(PREFIX) :]
        elif number and not piece.startswith(GLUED):
            piece = " " + piece
        text.append(piece)
    return "".join(text)


# ------------------------------------------------------------------------------------------------
# Saving and loading a trained vocabulary (BPE Lab's own versioned JSON; see bpe_lab.storage)
# ------------------------------------------------------------------------------------------------

class WordPieceVocabulary(dict):
    """piece -> id in id order, plus which pieces are special tokens: what ``load_vocabulary`` returns.

    It is a dict like ``bert.load_vocab``'s, so ``tokenize``, ``bert.bert_tokenize`` and ``save_vocabulary`` take it.
    """

    def __init__(self, pieces=(), special_tokens=()):
        pieces, special_tokens = check.wordpiece_vocabulary_args(pieces, special_tokens)
        super().__init__((piece, number) for number, piece in enumerate(pieces))
        self.special_tokens = special_tokens

    @property
    def pieces(self) -> list:
        """The pieces in id order."""
        return list(self)

    def __eq__(self, other):
        if isinstance(other, WordPieceVocabulary) and self.special_tokens != other.special_tokens:
            return False
        return dict.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        return f"WordPieceVocabulary({len(self)} pieces, special_tokens={self.special_tokens!r})"


def save_vocabulary(vocab, path, *, special_tokens=None) -> Path:
    """Save a trained WordPiece vocabulary as versioned JSON (atomically); returns the path.

    ``vocab``: a ``WordPieceResult`` (from ``train`` or ``fast_train``), a ``WordPieceVocabulary``, a
    list of pieces in id order, or a dict piece -> id with ids 0…n-1 (e.g. from ``bert.load_vocab``). The
    order of the pieces (their ids) is kept. ``special_tokens``: which pieces are special; by default
    those of the result or vocabulary, none for a plain list or dict. The pieces must include "[UNK]".

    >>> import tempfile, pathlib
    >>> result = train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 5 + 10)
    >>> path = save_vocabulary(result, pathlib.Path(tempfile.mkdtemp()) / "wordpiece.json")
    >>> vocab = load_vocabulary(path)
    >>> vocab.pieces == result.vocab, vocab.special_tokens[:2], tokenize("hugs", vocab)
    (True, ['[PAD]', '[UNK]'], ['hug', '##s'])
    """
    pieces, special_tokens = check.wordpiece_saved_pieces(vocab, special_tokens, WordPieceResult, WordPieceVocabulary)
    return storage.save(path, "wordpiece", {"special_tokens": special_tokens, "pieces": pieces})


def load_vocabulary(path) -> WordPieceVocabulary:
    """Read a vocabulary saved with ``save_vocabulary``: a ``WordPieceVocabulary`` (piece -> id).

    A truncated, damaged or foreign file, one of another kind or of a newer version raises
    ``bpe_lab.storage.FileFormatError`` (a ``ValueError``) naming the file and the problem.
    """

    def build(payload: dict, version: int) -> WordPieceVocabulary:
        pieces, special_tokens = payload["pieces"], payload["special_tokens"]
        check.wordpiece_saved_file(pieces, special_tokens)
        return WordPieceVocabulary(pieces, special_tokens)

    return storage.load(path, "wordpiece", build)
