"""The Unigram language model (Kudo, 2018): segment a text by probabilities, with Viterbi.

A Unigram tokenizer is a vocabulary in which each piece has a probability; a segmentation's probability
is the product of its pieces' probabilities (a sum of log-probabilities). Every way of cutting the text
into vocabulary pieces forms a *lattice*: a graph whose nodes are the positions 0…n and whose arcs are
pieces from one position to another. Viterbi finds the best path through it in one left-to-right pass:

    best[end] = max over pieces text[start:end] of  best[start] + log_prob(piece)

This module holds Viterbi (with its table, for display), the n best segmentations, sampling a
segmentation (subword regularisation), counting segmentations, and reading a SentencePiece ``.model``
file so that a real SentencePiece model can be run here, and ``train``: a seed vocabulary, EM over the
lattice, and pruning.
"""

from __future__ import annotations

import math
import numbers
import random
import struct
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from . import storage

__all__ = [
    "Arc",
    "ViterbiTable",
    "lattice",
    "viterbi_table",
    "viterbi",
    "segment_words",
    "word_tokenizer",
    "nbest",
    "sample",
    "count_segmentations",
    "SentencePieceModel",
    "read_sentencepiece_model",
    "save_model",
    "load_model",
    "train",
    "UnigramResult",
    "TrainingRound",
]


class Arc(NamedTuple):
    """A piece in the lattice: ``text[start:end] == piece``, with its log-probability."""

    start: int
    end: int
    piece: str
    log_prob: float


_LOG_PROBS_HINT = "log_probs must be a non-empty dict piece -> log-probability, e.g. {'c': -2.5, 'ca': -1.8}"


def _check_log_probs(log_probs) -> dict:
    if not isinstance(log_probs, dict):
        raise TypeError(f"{_LOG_PROBS_HINT}, got {type(log_probs).__name__}")
    if not log_probs:
        raise ValueError(f"{_LOG_PROBS_HINT}, got an empty dict")
    for piece, value in log_probs.items():
        if not isinstance(piece, str) or not piece:
            raise ValueError(f"log_probs: pieces must be non-empty strings, got {storage._short(piece)}")
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(value):
            raise ValueError(f"log_probs[{storage._short(piece)}] must be a number, got {storage._short(value)}")
        if value > 0:
            raise ValueError(f"log_probs[{storage._short(piece)}] = {value} is positive; a log-probability is at most 0")
    return log_probs


def _check_unk_score(unk_score) -> None:
    """``unk_score``: None, or a finite log-probability (at most 0) for the "<unk>" arc."""
    if unk_score is None:
        return
    if isinstance(unk_score, bool) or not isinstance(unk_score, numbers.Real):
        raise TypeError("unk_score must be a finite number at most 0 (the log-probability of an unknown "
                        f"character, e.g. -20.0) or None, got {storage._short(unk_score)}")
    if not math.isfinite(unk_score) or unk_score > 0:
        raise ValueError("unk_score must be a finite number at most 0 (the log-probability of an unknown "
                         f"character, e.g. -20.0) or None, got {unk_score!r}")


def _whole(name: str, value, minimum: int) -> int:
    """Check that ``value`` is a whole number (not a bool) of at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number of at least {minimum}, got {storage._short(value)}")
    if value < minimum:
        raise ValueError(f"{name} must be a whole number of at least {minimum}, got {value!r}")
    return value


def _check_text(text) -> str:
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return text


def _lengths_by_first_char(log_probs: dict) -> dict[str, list[int]]:
    """For each first character, the lengths of the pieces that start with it (after checking them all)."""
    _check_log_probs(log_probs)
    lengths: dict[str, set] = {}
    for piece in log_probs:
        lengths.setdefault(piece[0], set()).add(len(piece))
    return {char: sorted(found) for char, found in lengths.items()}


def lattice(text: str, log_probs: dict, *, unk_score: float | None = None, _lengths=None) -> list[list[Arc]]:
    """For each end position 1…n, the arcs (vocabulary pieces) that end there.

    A character that no single-character piece covers raises ``ValueError``, unless ``unk_score`` is
    given: then it gets an arc "<unk>" of one character with that log-probability (SentencePiece does
    this, with the lowest piece score minus 10).

    >>> [[a.piece for a in arcs] for arcs in lattice("cat", {"c": -1.0, "a": -1.0, "t": -1.0, "at": -1.5})]
    [['c'], ['a'], ['at', 't']]
    """
    _check_text(text)
    _check_unk_score(unk_score)
    lengths = _lengths if _lengths is not None else _lengths_by_first_char(log_probs)
    ending: list[list[Arc]] = [[] for _ in range(len(text) + 1)]
    for end, start, piece in _word_spans(text, log_probs, lengths):  # by end, then start
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
        arcs, position = [], len(self.text)
        while position > 0:
            arc = self.back[position]
            arcs.append(arc)
            position = arc.start
        return arcs[::-1]


def viterbi_table(text: str, log_probs: dict, *, unk_score: float | None = None, _lengths=None) -> ViterbiTable:
    """Run Viterbi and keep its table. Ties go to the arc that starts earliest (the longest piece)."""
    arcs_ending = lattice(text, log_probs, unk_score=unk_score, _lengths=_lengths)
    best = [0.0] + [-math.inf] * len(text)
    back: list = [None] * (len(text) + 1)
    candidates: list = [[]]
    for end, arcs in enumerate(arcs_ending, start=1):
        scored = [(best[arc.start] + arc.log_prob, arc) for arc in arcs if best[arc.start] > -math.inf]
        candidates.append(scored)
        for score, arc in scored:
            if score > best[end]:
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

    subtle: cat + s also adds up to -3.8 on paper, but in binary floating point -1.2 + -2.6 is
    -3.8000000000000003, a hair below -1.8 + -2.0; exact ties go to the arc that starts earliest.
    """
    table = viterbi_table(text, log_probs, unk_score=unk_score)
    return [arc.piece for arc in table.path()], table.best[len(text)]


def segment_words(words, log_probs: dict, *, unk_score: float | None = None) -> list[list[str]]:
    """Viterbi for many words with one vocabulary (the vocabulary is checked and indexed once).

    >>> segment_words(["cat", "at"], {"c": -1.0, "a": -1.0, "t": -1.0, "at": -0.5})
    [['c', 'at'], ['at']]
    """
    if isinstance(words, str):
        raise TypeError(f"words must be a list of words, not one str (got {storage._short(words)}); "
                        "pass [text] for one word, or text.split() for its words")
    if isinstance(words, bytes) or not hasattr(words, "__iter__"):
        raise TypeError(f"words must be a list of words, got {type(words).__name__}")
    words = list(words)
    for number, word in enumerate(words):
        if not isinstance(word, str):
            raise TypeError(f"words[{number}] must be a str, got {type(word).__name__}")
    lengths = _lengths_by_first_char(log_probs)
    return [_segment(word, log_probs, unk_score, lengths) for word in words]


def _segment(word: str, log_probs: dict, unk_score: float | None, lengths: dict) -> list[str]:
    """Viterbi's pieces for one word, with the vocabulary already checked and indexed (``lengths``)."""
    return [arc.piece for arc in viterbi_table(word, log_probs, unk_score=unk_score, _lengths=lengths).path()]


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
    lengths = _lengths_by_first_char(log_probs)
    _check_unk_score(unk_score)
    space = SPACE if space is None else space
    if not isinstance(space, str):
        raise TypeError(f"space must be a str (the word-start marker, e.g. '\u2581'), got {type(space).__name__}")
    log_probs = dict(log_probs)  # a snapshot: the index above belongs to these pieces

    def tokenize(text: str) -> list[str]:
        _check_text(text)
        return [piece for word in text.split() for piece in _segment(space + word, log_probs, unk_score, lengths)]

    return tokenize


def nbest(text: str, log_probs: dict, n: int) -> list[tuple[list[str], float]]:
    """The ``n`` most probable segmentations, best first (fewer if the text has fewer).

    >>> [p for p, _ in nbest("cats", {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "cat": -1.2, "ts": -2.0}, 2)]
    [['cat', 's'], ['c', 'a', 'ts']]
    """
    _whole("n", n, 1)
    arcs_ending = lattice(text, log_probs)
    # top[i]: up to n best (score, pieces) for text[:i]
    top: list[list[tuple[float, tuple]]] = [[(0.0, ())]] + [[] for _ in text]
    for end, arcs in enumerate(arcs_ending, start=1):
        options = [(score + arc.log_prob, pieces + (arc.piece,)) for arc in arcs for score, pieces in top[arc.start]]
        options.sort(key=lambda option: (-option[0], option[1]))
        top[end] = options[:n]
    return [(list(pieces), score) for score, pieces in top[len(text)]]


def _logsumexp(values: list[float]) -> float:
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
    if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real):
        raise TypeError(f"alpha must be a number greater than 0, got {storage._short(alpha)}")
    if not alpha > 0:
        raise ValueError(f"alpha must be a number greater than 0, got {alpha!r}")
    if not math.isfinite(alpha):
        raise ValueError(f"alpha must be a finite number greater than 0, got {alpha!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, numbers.Integral)):
        raise TypeError(f"seed must be an int or None (for a fresh random draw), got {storage._short(seed)}")
    rng = random.Random(seed)
    arcs_ending = lattice(text, log_probs)
    forward = [0.0] + [-math.inf] * len(text)
    for end, arcs in enumerate(arcs_ending, start=1):
        forward[end] = _logsumexp([forward[arc.start] + alpha * arc.log_prob for arc in arcs] or [-math.inf])
    pieces, position = [], len(text)
    while position > 0:
        arcs = arcs_ending[position - 1]
        weights = [forward[arc.start] + alpha * arc.log_prob for arc in arcs]
        total = _logsumexp(weights)
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
    _check_text(text)
    if isinstance(pieces, (str, bytes)) or not hasattr(pieces, "__iter__"):
        raise TypeError(f"pieces must be a set, list or dict of strings, got {type(pieces).__name__}")
    pieces = list(pieces)
    for piece in pieces:
        if not isinstance(piece, str):
            raise TypeError(f"pieces must be a set, list or dict of strings, got a {type(piece).__name__} among them")
    pieces = set(pieces)
    ways = [1] + [0] * len(text)
    for end in range(1, len(text) + 1):
        ways[end] = sum(ways[start] for start in range(end) if text[start:end] in pieces)
    return ways[len(text)]


# ------------------------------------------------------------------------------------------------
# Reading a SentencePiece model (a protocol-buffer file) and encoding as SentencePiece does
# ------------------------------------------------------------------------------------------------

_NORMAL, _UNKNOWN, _CONTROL, _USER_DEFINED, _UNUSED, _BYTE = 1, 2, 3, 4, 5, 6
UNK_PENALTY = 10.0  # SentencePiece: an unknown character scores (lowest piece score - 10)
SPACE = "\u2581"  # "▁", SentencePiece's visible space
_NORMALIZERS = ("nfkc", "nmt_nfkc", "identity")


def _varint(data: bytes, i: int) -> tuple[int, int]:
    value, shift = 0, 0
    while True:
        if i >= len(data):
            raise ValueError("truncated varint")
        byte = data[i]
        value |= (byte & 0x7F) << shift
        i += 1
        if not byte & 0x80:
            return value, i
        shift += 7


def _fields(data: bytes):
    """Yield (field number, wire type, value) from a protocol-buffer message."""
    i = 0
    while i < len(data):
        key, i = _varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(data, i)
        elif wire == 1:
            value, i = data[i : i + 8], i + 8
        elif wire == 2:
            length, i = _varint(data, i)
            value, i = data[i : i + length], i + length
        elif wire == 5:
            value, i = data[i : i + 4], i + 4
        else:
            raise ValueError(f"unsupported wire type {wire}")
        if i > len(data):
            raise ValueError("truncated field")
        yield number, wire, value


@dataclass
class SentencePieceModel:
    """The parts of a SentencePiece model that segmenting needs: pieces, scores and types, and the
    normaliser's whitespace rules."""

    pieces: list  # (piece, score, type) in id order
    normalizer: str
    add_dummy_prefix: bool
    remove_extra_whitespaces: bool
    escape_whitespaces: bool

    def __post_init__(self):
        self._check()
        self.ids = {piece: i for i, (piece, _, _) in enumerate(self.pieces)}
        self.log_probs = {piece: score for piece, score, kind in self.pieces if kind in (_NORMAL, _USER_DEFINED)}
        self.unk_id = next((i for i, (_, _, kind) in enumerate(self.pieces) if kind == _UNKNOWN), 0)
        self.unk_score = min(self.log_probs.values()) - UNK_PENALTY
        self._lengths = _lengths_by_first_char(self.log_probs)  # checked and indexed once

    def _check(self) -> None:
        """Check the constructor's arguments once (a model read from a file has passed these already)."""
        triples = "pieces must be a list of (piece, score, type) triples in id order, e.g. [('▁the', -3.2, 1)]"
        if not isinstance(self.pieces, (list, tuple)):
            raise TypeError(f"{triples}, got {type(self.pieces).__name__}")
        if not self.pieces:
            raise ValueError(f"pieces must be a non-empty list of (piece, score, type) triples, got an empty "
                             f"{type(self.pieces).__name__}")
        for number, item in enumerate(self.pieces):
            if not isinstance(item, (tuple, list)) or len(item) != 3:
                raise ValueError(f"pieces[{number}] must be (piece, score, type), got {storage._short(item)}")
            piece, score, kind = item
            if (not isinstance(piece, str) or isinstance(score, bool) or not isinstance(score, numbers.Real)
                    or isinstance(kind, bool) or not isinstance(kind, numbers.Integral)):
                raise ValueError(f"pieces[{number}] must be (piece, score, type) with a str, a number and an int, "
                                 f"got {storage._short(item)}")
        if not any(kind in (_NORMAL, _USER_DEFINED) for _, _, kind in self.pieces):
            raise ValueError("pieces hold no normal pieces to segment with: at least one piece must have the type "
                             f"{_NORMAL} (normal) or {_USER_DEFINED} (user-defined)")
        problem = _sentencepiece_problem(self.pieces)
        if problem:
            raise ValueError(f"pieces are unusable: {problem}")
        if not isinstance(self.normalizer, str):
            raise TypeError(f"normalizer must be a str ('nmt_nfkc', 'nfkc' or 'identity'), "
                            f"got {type(self.normalizer).__name__}")
        if self.normalizer not in _NORMALIZERS:
            raise ValueError(f"normalizer {storage._short(self.normalizer)} is not supported (nfkc and identity "
                             "are): pass 'nmt_nfkc', 'nfkc' or 'identity'")

    def normalize(self, text: str) -> str:
        """SentencePiece's normalisation (NFKC or identity), whitespace clean-up, ▁ for spaces."""
        _check_text(text)
        if self.normalizer in ("nfkc", "nmt_nfkc"):
            text = unicodedata.normalize("NFKC", text)
        elif self.normalizer != "identity":
            raise ValueError(f"normaliser {self.normalizer!r} is not supported (nfkc and identity are)")
        if self.remove_extra_whitespaces:
            text = " ".join(part for part in text.split(" ") if part)
        if not text:
            return ""
        if self.escape_whitespaces:
            text = text.replace(" ", SPACE)
        if self.add_dummy_prefix:
            text = SPACE + text
        return text

    def encode(self, text: str) -> list[str]:
        """Pieces for a text, as ``SentencePieceProcessor.encode(text, out_type=str)`` gives them:
        Viterbi over the normalised text, a run of unknown characters kept together as one piece.
        An empty text gives [] (as does one of spaces only, which normalisation removes)."""
        normalized = self.normalize(text)
        if not normalized:
            return []
        table = viterbi_table(normalized, self.log_probs, unk_score=self.unk_score, _lengths=self._lengths)
        pieces, unknown_run = [], False
        for arc in table.path():
            surface = normalized[arc.start : arc.end]
            if arc.piece == "<unk>":
                if unknown_run:
                    pieces[-1] += surface
                else:
                    pieces.append(surface)
                unknown_run = True
            else:
                pieces.append(surface)
                unknown_run = False
        return pieces

    def encode_ids(self, text: str) -> list[int]:
        return [self.ids.get(piece, self.unk_id) for piece in self.encode(text)]


def read_sentencepiece_model(path) -> SentencePieceModel:
    """Read the pieces, scores and normaliser settings of a SentencePiece ``.model`` file.

    The file is a protocol buffer (``ModelProto``); this reads the few fields needed, without the
    ``protobuf`` package.
    """
    path = storage._check_path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(f"no SentencePiece model at {path}") from None
    except IsADirectoryError:
        raise IsADirectoryError(f"{path} is a folder, not a SentencePiece model: pass the path of a .model "
                                "file") from None
    pieces = []
    normalizer = {"name": "nmt_nfkc", "add_dummy_prefix": True, "remove_extra_whitespaces": True,
                  "escape_whitespaces": True}
    try:
        for number, wire, value in _fields(data):
            if number == 1 and wire == 2:  # a piece
                piece, score, kind = None, 0.0, _NORMAL
                for field, field_wire, field_value in _fields(value):
                    if field == 1 and field_wire == 2:
                        piece = field_value.decode("utf-8")
                    elif field == 2 and field_wire == 5:
                        score = struct.unpack("<f", field_value)[0]
                    elif field == 3 and field_wire == 0:
                        kind = field_value
                if piece is None:
                    raise ValueError("a piece without its text")
                pieces.append((piece, score, kind))
            elif number == 3 and wire == 2:  # the normaliser spec
                for field, field_wire, field_value in _fields(value):
                    if field == 1 and field_wire == 2:
                        normalizer["name"] = field_value.decode("utf-8")
                    elif field in (3, 4, 5) and field_wire == 0:
                        key = {3: "add_dummy_prefix", 4: "remove_extra_whitespaces", 5: "escape_whitespaces"}[field]
                        normalizer[key] = bool(field_value)
    except (ValueError, UnicodeDecodeError, struct.error) as exc:
        raise storage.FileFormatError(path, f"is not a readable SentencePiece model: {exc}; was it truncated "
                                            "or damaged?") from None
    if not pieces:
        raise storage.FileFormatError(path, "is not a SentencePiece model: it holds no pieces")
    problem = _sentencepiece_problem(pieces)
    if problem:
        raise storage.FileFormatError(path, f"is not a readable SentencePiece model: {problem}; was it damaged?")
    if normalizer["name"] not in _NORMALIZERS:
        raise storage.FileFormatError(path, f"uses the normaliser {storage._short(normalizer['name'])}, which is "
                                            "not supported (nfkc and identity are)")
    return SentencePieceModel(pieces, normalizer["name"], normalizer["add_dummy_prefix"],
                              normalizer["remove_extra_whitespaces"], normalizer["escape_whitespaces"])


def _sentencepiece_problem(pieces: list) -> str | None:
    """What makes a model's (piece, score, type) list unusable, or None (SentencePiece refuses these too)."""
    seen = set()
    for number, (piece, score, kind) in enumerate(pieces):
        if not piece:
            return f"piece {number} is empty"
        if piece in seen:
            return f"piece {number} ({piece!r}) is listed twice"
        seen.add(piece)
        if kind in (_NORMAL, _USER_DEFINED) and (math.isnan(score) or score > 0):
            return f"piece {number} ({piece!r}) has the score {score}, not a log-probability"
    if not any(kind in (_NORMAL, _USER_DEFINED) for _, _, kind in pieces):
        return "it holds no normal pieces to segment with"
    return None


# ------------------------------------------------------------------------------------------------
# Saving and loading a trained model (BPE Lab's own versioned JSON; see bpe_lab.storage)
# ------------------------------------------------------------------------------------------------

def _check_saved_pieces(log_probs: dict) -> None:
    """What a saved model holds: non-empty pieces with finite log-probabilities at most 0."""
    if not log_probs:
        raise ValueError("the model has no pieces")
    for piece, value in log_probs.items():
        if not isinstance(piece, str) or not piece:
            raise ValueError(f"pieces must be non-empty strings, got {storage._short(piece)}")
        try:
            finite = not isinstance(value, bool) and isinstance(value, numbers.Real) and math.isfinite(value)
        except OverflowError:  # an integer too large for a float
            finite = False
        if not finite:
            raise ValueError(f"the log-probability of {piece!r} must be a finite number, got {storage._short(value)}")
        if value > 0:
            raise ValueError(f"the log-probability of {piece!r} is {value}, positive; a log-probability is at most 0")


def save_model(model, path) -> Path:
    """Save a trained Unigram model as versioned JSON (atomically); returns the path.

    ``model``: a ``UnigramResult`` (from ``train``) or a dict piece -> log-probability. Pieces are
    written most probable first; floats are written so that they read back exactly.

    >>> import tempfile, pathlib
    >>> log_probs = {"c": -2.5, "a": -2.3, "t": -2.4, "cat": -1.2, "at": -1.9}
    >>> path = save_model(log_probs, pathlib.Path(tempfile.mkdtemp()) / "unigram.json")
    >>> loaded = load_model(path)
    >>> loaded == log_probs, list(loaded)[:2], viterbi("cat", loaded)
    (True, ['cat', 'at'], (['cat'], -1.2))
    """
    if isinstance(model, UnigramResult):
        model = model.log_probs
    if not isinstance(model, dict):
        raise TypeError(f"model must be a UnigramResult or a dict piece -> log-probability, got {type(model).__name__}")
    _check_saved_pieces(model)
    pieces = sorted(([piece, float(value)] for piece, value in model.items()), key=lambda item: (-item[1], item[0]))
    return storage.save(path, "unigram", {"pieces": pieces})


def load_model(path) -> dict:
    """Read a model saved with ``save_model``: the dict piece -> log-probability that ``viterbi``,
    ``nbest`` and ``sample`` take (most probable piece first).

    A truncated, damaged or foreign file, one of another kind or of a newer version raises
    ``bpe_lab.storage.FileFormatError`` (a ``ValueError``) naming the file and the problem.
    """

    def build(payload: dict, version: int) -> dict:
        pieces = payload["pieces"]
        if not isinstance(pieces, list):
            raise ValueError(f"\"pieces\" must be a list of [piece, log-probability] pairs, got {type(pieces).__name__}")
        log_probs = {}
        for number, item in enumerate(pieces):
            if not (isinstance(item, list) and len(item) == 2):
                raise ValueError(f"pieces[{number}] must be a [piece, log-probability] pair, got {storage._short(item)}")
            piece, value = item
            if not isinstance(piece, str) or not piece:
                raise ValueError(f"pieces[{number}]: a piece must be a non-empty string, got {storage._short(piece)}")
            if piece in log_probs:
                raise ValueError(f"pieces[{number}]: the piece {piece!r} is listed twice")
            log_probs[piece] = value
        _check_saved_pieces(log_probs)
        return {piece: float(value) for piece, value in log_probs.items()}

    return storage.load(path, "unigram", build)


# ------------------------------------------------------------------------------------------------
# Training: seed vocabulary, EM over the lattice, pruning
# ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TrainingRound:
    """One round of training: the vocabulary size, and the corpus log-likelihood after EM."""

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


def _word_spans(word: str, vocab, lengths: dict) -> list[tuple[int, int, str]]:
    """Every ``(end, start, piece)`` of ``word`` that is a piece of ``vocab``, in lattice order
    (``lattice`` builds its arcs from them).

    Training only ever removes pieces, so the spans found once with the seed vocabulary hold every arc
    of every later lattice: each EM step and pruning round then filters them (``_arcs``) instead of
    slicing the word again. The order (by end, then start) is ``lattice``'s, so sums add up in the
    same order and the results are the same to the last bit.
    """
    found = []
    for start in range(len(word)):
        for length in lengths.get(word[start], ()):
            piece = word[start : start + length]
            if len(piece) == length and piece in vocab:
                found.append((start + length, start, piece))
    found.sort()
    return found


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
        alpha[end] = _logsumexp(values or [-math.inf])
    beta = [-math.inf] * n + [0.0]
    for start in range(n - 1, -1, -1):
        beta[start] = _logsumexp([arc[3] + beta[arc[0]] for arc in starting[start]] or [-math.inf])
    total = alpha[n]
    expected: dict = {}
    for end, start, piece, log_prob in arcs:
        posterior = math.exp(alpha[start] + log_prob + beta[end] - total)
        expected[piece] = expected.get(piece, 0.0) + posterior
    return total, expected


def _em_step(words: dict, spans: dict, log_probs: dict, characters: set) -> tuple[dict, float]:
    """One EM iteration: expected piece counts over every word's lattice, then new log-probabilities.

    ``spans``: each word's ``_word_spans`` in the seed vocabulary. Pieces expected nowhere drop out,
    except single characters, which keep a tiny probability so that every word stays segmentable in
    the next iteration.
    """
    counts: dict = {}
    likelihood = 0.0
    for word, count in words.items():
        word_likelihood, expected = _forward_backward(len(word), _arcs(spans[word], log_probs))
        likelihood += count * word_likelihood
        for piece, value in expected.items():
            counts[piece] = counts.get(piece, 0.0) + count * value
    log_total = math.log(sum(counts.values()))
    # subtle: a tiny expected count divided by the total can underflow to 0.0, so subtract logarithms
    new = {piece: math.log(value) - log_total for piece, value in counts.items() if value > 0}
    for char in characters:
        new.setdefault(char, _CHARACTER_FLOOR)
    return new, likelihood


_CHARACTER_FLOOR = -30.0  # the log-probability a character keeps when EM expects it nowhere


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


def _seed(words: dict, seed_size: int, max_piece_chars: int) -> dict:
    """All characters, plus the most frequent substrings (scored by frequency x length, as SentencePiece)."""
    chars: Counter = Counter()
    substrings: Counter = Counter()
    for word, count in words.items():
        for char in word:
            chars[char] += count
        for start in range(len(word)):
            for end in range(start + 2, min(len(word), start + max_piece_chars) + 1):
                substrings[word[start:end]] += count
    best = sorted(substrings, key=lambda s: (-substrings[s] * len(s), s))[: max(seed_size - len(chars), 0)]
    seed = {**{c: chars[c] for c in chars}, **{s: substrings[s] for s in best}}
    total = sum(seed.values())
    return {piece: math.log(count / total) for piece, count in seed.items()}


def _best_without_itself(piece: str, log_probs: dict, lengths: dict) -> float | None:
    """The best log-probability of spelling ``piece`` with other pieces (None if impossible)."""
    best = [0.0] + [-math.inf] * len(piece)
    for start in range(len(piece)):
        if best[start] == -math.inf:
            continue
        for length in lengths.get(piece[start], ()):
            end = start + length
            if end > len(piece) or (start == 0 and end == len(piece)):
                continue
            part = piece[start:end]
            if part in log_probs:
                best[end] = max(best[end], best[start] + log_probs[part])
    return None if best[-1] == -math.inf else best[-1]


def _prune(words: dict, spans: dict, log_probs: dict, keep: int, required: set) -> dict:
    """Keep the ``keep`` pieces whose removal would cost the most likelihood (``required`` ones always).

    The cost of removing piece X is estimated as in SentencePiece: how often X is used in the corpus's
    Viterbi segmentations, times how much worse the best segmentation of X itself becomes without X.
    """
    lengths = _lengths_by_first_char(log_probs)
    used: Counter = Counter()
    for word, count in words.items():
        for piece in _viterbi_pieces(len(word), _arcs(spans[word], log_probs)):
            used[piece] += count
    losses = {}
    for piece, log_prob in log_probs.items():
        if piece in required:
            continue
        alternative = _best_without_itself(piece, log_probs, lengths)
        if alternative is None:
            continue  # nothing else can spell it: keep it
        losses[piece] = used[piece] * (log_prob - alternative)
    removable = sorted(losses, key=lambda piece: (losses[piece], piece))  # cheapest to lose first
    drop = set(removable[: max(len(log_probs) - keep, 0)])
    kept = {piece: lp for piece, lp in log_probs.items() if piece not in drop}
    total = _logsumexp(list(kept.values()))
    return {piece: lp - total for piece, lp in kept.items()}


def train(corpus, vocab_size: int, *, shrink: float = 0.75, em_iterations: int = 2, seed_factor: int = 8,
          max_piece_chars: int = 16, space: str = SPACE, checkpoints=()) -> UnigramResult:
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
    """
    if isinstance(corpus, str):
        counts = Counter(corpus.split())
    elif isinstance(corpus, dict):
        counts = corpus
    else:
        raise TypeError(f"corpus must be a text or a dict word -> count, got {type(corpus).__name__}")
    if not counts:
        raise ValueError("corpus is empty: pass a text or a mapping word -> count with at least one word")
    if counts is corpus:
        for word, count in counts.items():
            if not isinstance(word, str) or not word:
                raise (ValueError if isinstance(word, str) else TypeError)(
                    f"corpus: each word must be a non-empty str, got {storage._short(word)}")
            if isinstance(count, bool) or not isinstance(count, numbers.Real):
                raise TypeError(f"corpus: the count of {storage._short(word)} must be a positive number, "
                                f"got {storage._short(count)}")
            if not (math.isfinite(count) and count > 0):
                raise ValueError(f"corpus: the count of {storage._short(word)} must be a positive number, "
                                 f"got {storage._short(count)}")
    if isinstance(vocab_size, bool) or not isinstance(vocab_size, numbers.Integral):
        raise TypeError(f"vocab_size must be a whole number, got {storage._short(vocab_size)}")
    if isinstance(shrink, bool) or not isinstance(shrink, numbers.Real):
        raise TypeError(f"shrink must be a number between 0 and 1 (the share of pieces kept per round), "
                        f"got {storage._short(shrink)}")
    if not 0 < shrink < 1:
        raise ValueError(f"shrink must be between 0 and 1 (the share of pieces kept per round), got {shrink!r}")
    _whole("em_iterations", em_iterations, 1)
    _whole("seed_factor", seed_factor, 1)
    _whole("max_piece_chars", max_piece_chars, 1)
    if not isinstance(space, str):
        raise TypeError(f"space must be a str (the word-start marker, e.g. '\u2581'), got {type(space).__name__}")
    if isinstance(checkpoints, (str, bytes)) or not hasattr(checkpoints, "__iter__"):
        raise TypeError(f"checkpoints must be a list of vocabulary sizes (whole numbers), "
                        f"got {type(checkpoints).__name__}")
    checkpoints = list(checkpoints)
    for number, size in enumerate(checkpoints):
        _whole(f"checkpoints[{number}]", size, 1)
    words = {space + word: count for word, count in counts.items()}
    characters = {char for word in words for char in word}
    if vocab_size < len(characters):
        raise ValueError(f"vocab_size must be at least {len(characters)}, the number of distinct characters "
                         "(every character is kept so that every word can be segmented)")
    stops = sorted({int(size) for size in checkpoints if size > vocab_size} | {vocab_size}, reverse=True)
    log_probs = _seed(words, seed_factor * stops[0], max_piece_chars)
    lengths = _lengths_by_first_char(log_probs)
    spans = {word: _word_spans(word, log_probs, lengths) for word in words}  # every arc training can use
    rounds, saved = [], {}
    while True:
        for _ in range(em_iterations):
            log_probs, likelihood = _em_step(words, spans, log_probs, characters)
        rounds.append(TrainingRound(len(rounds) + 1, len(log_probs), likelihood))
        if len(log_probs) in stops:
            saved[len(log_probs)] = dict(log_probs)
        if len(log_probs) <= vocab_size:
            break
        target = max(int(len(log_probs) * shrink), max(size for size in stops if size < len(log_probs)))
        log_probs = _prune(words, spans, log_probs, target, characters)
    return UnigramResult(log_probs=log_probs, rounds=rounds, checkpoints=saved)
