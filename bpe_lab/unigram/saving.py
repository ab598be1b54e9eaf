"""Saving and loading a trained Unigram model: BPE Lab's own versioned JSON (see ``bpe_lab.storage``).

The file holds the pieces, most probable first, each with its log-probability, written so that every float
reads back exactly::

    {"format": "bpe_lab.unigram", "version": 1, "pieces": [["▁the", -3.21], ["e", -3.6], ...], ...}

This is not SentencePiece's ``.model`` format (``sentencepiece_model.py`` reads that one).
"""

from __future__ import annotations

from pathlib import Path

from .. import _checks as check
from .. import storage
from .training import UnigramResult

__all__ = ["save_model", "load_model"]


def save_model(model, path) -> Path:
    """Save a trained Unigram model as versioned JSON (atomically); returns the path.

    ``model``: a ``UnigramResult`` (from ``train``) or a dict piece -> log-probability. Pieces are
    written most probable first; floats are written so that they read back exactly.

    >>> import tempfile, pathlib
    >>> from bpe_lab.unigram import viterbi
    >>> log_probs = {"c": -2.5, "a": -2.3, "t": -2.4, "cat": -1.2, "at": -1.9}
    >>> path = save_model(log_probs, pathlib.Path(tempfile.mkdtemp()) / "unigram.json")
    >>> loaded = load_model(path)
    >>> loaded == log_probs, list(loaded)[:2], viterbi("cat", loaded)
    (True, ['cat', 'at'], (['cat'], -1.2))
    """
    log_probs = check.unigram_model(model, UnigramResult)
    pieces = sorted(([piece, float(value)] for piece, value in log_probs.items()), key=lambda item: (-item[1], item[0]))
    return storage.save(path, "unigram", {"pieces": pieces})


def load_model(path) -> dict:
    """Read a model saved with ``save_model``: the dict piece -> log-probability that ``viterbi``,
    ``nbest`` and ``sample`` take (most probable piece first).

    A truncated, damaged or foreign file, one of another kind or of a newer version raises
    ``bpe_lab.storage.FileFormatError`` (a ``ValueError``) naming the file and the problem.
    """
    return storage.load(path, "unigram", _log_probs_from_payload)


def _log_probs_from_payload(payload: dict, version: int) -> dict:
    """The dict piece -> log-probability of a saved model's JSON (its "pieces" checked)."""
    log_probs = check.saved_piece_pairs(payload["pieces"])
    return {piece: float(value) for piece, value in log_probs.items()}
