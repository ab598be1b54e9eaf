"""Checks for the Unigram language model (``bpe_lab.unigram``): vocabularies of log-probabilities, the score of
an unknown character, the trainer's settings and saved models (SentencePiece models: ``sentencepiece.py``).

A *log_probs* vocabulary is a dict piece -> log-probability (a number at most 0).
"""

from __future__ import annotations

import math
from collections import Counter

from . import is_real, is_whole, short, whole

__all__ = [
    "log_probs",
    "unk_score",
    "space_marker",
    "unigram_words",
    "segmentation_pieces",
    "sample_alpha",
    "sample_seed",
    "unigram_corpus",
    "unigram_shrink",
    "unigram_training",
    "unigram_vocab_size",
    "checkpoint_sizes",
    "unigram_model",
    "saved_log_probs",
    "saved_piece_pairs",
]

_LOG_PROBS_HINT = "log_probs must be a non-empty dict piece -> log-probability, e.g. {'c': -2.5, 'ca': -1.8}"


def log_probs(value) -> dict:
    """``value`` if it is a non-empty dict of non-empty str pieces -> numbers at most 0 (not NaN)."""
    if not isinstance(value, dict):
        raise TypeError(f"{_LOG_PROBS_HINT}, got {type(value).__name__}")
    if not value:
        raise ValueError(f"{_LOG_PROBS_HINT}, got an empty dict")
    for piece, log_prob in value.items():
        if not isinstance(piece, str) or not piece:
            raise ValueError(f"log_probs: pieces must be non-empty strings, got {short(piece)}")
        if not is_real(log_prob) or math.isnan(log_prob):
            raise ValueError(f"log_probs[{short(piece)}] must be a number, got {short(log_prob)}")
        if log_prob > 0:
            raise ValueError(f"log_probs[{short(piece)}] = {log_prob} is positive; a log-probability is at most 0")
    return value


def unk_score(value):
    """``value`` if it is None or a finite log-probability (at most 0) for the "<unk>" arc."""
    if value is None:
        return value
    what = ("unk_score must be a finite number at most 0 (the log-probability of an unknown character, e.g. -20.0) "
            "or None, got")
    if not is_real(value):
        raise TypeError(f"{what} {short(value)}")
    if not math.isfinite(value) or value > 0:
        raise ValueError(f"{what} {value!r}")
    return value


def space_marker(value, default: str | None = None) -> str:
    """``value`` if it is a str (the word-start marker, "▁" by default); ``default`` for None, if one is given."""
    if value is None and default is not None:
        return default
    if not isinstance(value, str):
        raise TypeError(f"space must be a str (the word-start marker, e.g. '\u2581'), got {type(value).__name__}")
    return value


def unigram_words(words) -> list:
    """A list (or other iterable) of str words -> a list; one str is refused (``[text]`` or ``text.split()``)."""
    if isinstance(words, str):
        raise TypeError(f"words must be a list of words, not one str (got {short(words)}); "
                        "pass [text] for one word, or text.split() for its words")
    if isinstance(words, bytes) or not hasattr(words, "__iter__"):
        raise TypeError(f"words must be a list of words, got {type(words).__name__}")
    words = list(words)
    for number, word in enumerate(words):
        if not isinstance(word, str):
            raise TypeError(f"words[{number}] must be a str, got {type(word).__name__}")
    return words


def segmentation_pieces(pieces) -> set:
    """A set, list or dict of str pieces -> a set."""
    if isinstance(pieces, (str, bytes)) or not hasattr(pieces, "__iter__"):
        raise TypeError(f"pieces must be a set, list or dict of strings, got {type(pieces).__name__}")
    pieces = list(pieces)
    for piece in pieces:
        if not isinstance(piece, str):
            raise TypeError(f"pieces must be a set, list or dict of strings, got a {type(piece).__name__} among them")
    return set(pieces)


def sample_alpha(value) -> float:
    """``value`` if it is a finite number greater than 0 (the sharpness of subword sampling)."""
    if not is_real(value):
        raise TypeError(f"alpha must be a number greater than 0, got {short(value)}")
    if not value > 0:
        raise ValueError(f"alpha must be a number greater than 0, got {value!r}")
    if not math.isfinite(value):
        raise ValueError(f"alpha must be a finite number greater than 0, got {value!r}")
    return value


def sample_seed(value):
    """``value`` if it is a whole number or None (a fresh random draw)."""
    if value is not None and not is_whole(value):
        raise TypeError(f"seed must be an int or None (for a fresh random draw), got {short(value)}")
    return value


def unigram_corpus(corpus) -> dict:
    """A text (split on whitespace) or a dict word -> positive count -> a dict word -> count."""
    if isinstance(corpus, str):
        counts = Counter(corpus.split())
    elif isinstance(corpus, dict):
        counts = corpus
    else:
        raise TypeError(f"corpus must be a text or a dict word -> count, got {type(corpus).__name__}")
    if not counts:
        raise ValueError("corpus is empty: pass a text or a mapping word -> count with at least one word")
    for word, count in counts.items() if counts is corpus else ():
        if not isinstance(word, str) or not word:
            raise (ValueError if isinstance(word, str) else TypeError)(
                f"corpus: each word must be a non-empty str, got {short(word)}")
        if not is_real(count):
            raise TypeError(f"corpus: the count of {short(word)} must be a positive number, got {short(count)}")
        if not (math.isfinite(count) and count > 0):
            raise ValueError(f"corpus: the count of {short(word)} must be a positive number, got {short(count)}")
    return counts


def unigram_shrink(value) -> float:
    """``value`` if it is a number strictly between 0 and 1 (the share of pieces a pruning round keeps)."""
    if not is_real(value):
        raise TypeError(f"shrink must be a number between 0 and 1 (the share of pieces kept per round), "
                        f"got {short(value)}")
    if not 0 < value < 1:
        raise ValueError(f"shrink must be between 0 and 1 (the share of pieces kept per round), got {value!r}")
    return value


def unigram_training(shrink, em_iterations, seed_factor, max_piece_chars, space, checkpoints) -> list:
    """Check ``unigram.train``'s settings (the corpus and ``vocab_size`` aside); return the checkpoints as a list."""
    unigram_shrink(shrink)
    for name, value in [("em_iterations", em_iterations), ("seed_factor", seed_factor),
                        ("max_piece_chars", max_piece_chars)]:
        whole(value, name, minimum=1)
    space_marker(space)
    return checkpoint_sizes(checkpoints)


def unigram_vocab_size(vocab_size: int, characters: set) -> set:
    """Check that ``vocab_size`` can hold every distinct character of the words; return the characters."""
    if vocab_size < len(characters):
        raise ValueError(f"vocab_size must be at least {len(characters)}, the number of distinct characters "
                         "(every character is kept so that every word can be segmented)")
    return characters


def checkpoint_sizes(checkpoints) -> list:
    """A list of vocabulary sizes (whole numbers of at least 1) -> a list."""
    if isinstance(checkpoints, (str, bytes)) or not hasattr(checkpoints, "__iter__"):
        raise TypeError(f"checkpoints must be a list of vocabulary sizes (whole numbers), "
                        f"got {type(checkpoints).__name__}")
    checkpoints = list(checkpoints)
    for number, size in enumerate(checkpoints):
        whole(size, f"checkpoints[{number}]", minimum=1)
    return checkpoints


# -- saved models (bpe_lab's JSON) -----------------------------------------------------------------------------

def unigram_model(model, result_type) -> dict:
    """A ``result_type`` (what ``unigram.train`` returns) or a dict piece -> log-probability -> the dict,
    checked as ``saved_log_probs`` checks it."""
    if isinstance(model, result_type):
        model = model.log_probs
    if not isinstance(model, dict):
        raise TypeError(f"model must be a UnigramResult or a dict piece -> log-probability, got {type(model).__name__}")
    return saved_log_probs(model)


def saved_log_probs(value: dict) -> dict:
    """What a saved model holds: non-empty pieces with finite log-probabilities at most 0."""
    if not value:
        raise ValueError("the model has no pieces")
    for piece, log_prob in value.items():
        if not isinstance(piece, str) or not piece:
            raise ValueError(f"pieces must be non-empty strings, got {short(piece)}")
        try:
            finite = is_real(log_prob) and math.isfinite(log_prob)
        except OverflowError:  # an integer too large for a float
            finite = False
        if not finite:
            raise ValueError(f"the log-probability of {piece!r} must be a finite number, got {short(log_prob)}")
        if log_prob > 0:
            raise ValueError(f"the log-probability of {piece!r} is {log_prob}, positive; "
                             "a log-probability is at most 0")
    return value


def saved_piece_pairs(pieces) -> dict:
    """A saved model's "pieces", a list of [piece, log-probability] pairs -> a dict piece -> log-probability."""
    if not isinstance(pieces, list):
        raise ValueError(f"\"pieces\" must be a list of [piece, log-probability] pairs, got {type(pieces).__name__}")
    found = {}
    for number, item in enumerate(pieces):
        if not (isinstance(item, list) and len(item) == 2):
            raise ValueError(f"pieces[{number}] must be a [piece, log-probability] pair, got {short(item)}")
        piece, value = item
        if not isinstance(piece, str) or not piece:
            raise ValueError(f"pieces[{number}]: a piece must be a non-empty string, got {short(piece)}")
        if piece in found:
            raise ValueError(f"pieces[{number}]: the piece {piece!r} is listed twice")
        found[piece] = value
    return saved_log_probs(found)
