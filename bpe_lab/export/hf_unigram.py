"""A Unigram model as a Hugging Face ``tokenizer.json``: a ``Unigram`` model behind a ``Metaspace`` pre-tokenizer.

The same pieces, ids and scores as the SentencePiece ``.model`` that ``sentencepiece_file`` writes (ids 0
"<unk>", 1 "<s>", 2 "</s>", then the pieces from the most probable down), and the same text handling:

    normalizer      spaces cleaned up as SentencePiece does: a run of spaces becomes one, and a leading
                    or trailing one goes (two ``Replace`` steps; only " ", like SentencePiece's)
    pre_tokenizer   ``Metaspace``: every space becomes "▁" and a "▁" goes in front (prepend_scheme
                    "always"); split false, so Viterbi runs over the whole text, as SentencePiece's does
    model           ``Unigram`` (an unknown character scores lowest - 10, a run of them is one "<unk>")
    decoder         ``Metaspace``: "▁" back to spaces

"<unk>", "<s>" and "</s>" are listed as special added tokens, as in the tokenizer.json files Hugging Face
converts from SentencePiece models. Scores are written in full (JSON numbers), not as 32-bit floats.

Two texts segment differently from ``sentencepiece`` (and ``SentencePieceModel``), both by ``tokenizers``'
design: a literal "<unk>", "<s>" or "</s>" in the text is that special token (sentencepiece spells it out
in pieces), and a text that already starts with "▁" gets no second "▁" in front (sentencepiece adds one).
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import _checks as check
from .. import storage
from ..sentencepiece.model_file import model_pieces

# write is the entry point (export.to_hf calls it for a Unigram model); tokenizer_json is its document.
__all__ = ["write"]

SPACE = "\u2581"


def tokenizer_json(log_probs) -> dict:
    """The ``tokenizer.json`` document for a Unigram model (what ``write`` writes), as a dict."""
    pieces = model_pieces(log_probs)  # checks log_probs: what a .model cannot hold, this refuses too
    metaspace = {"replacement": SPACE, "prepend_scheme": "always", "split": False}
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [{"id": i, "content": piece, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True} for i, (piece, _, _) in enumerate(pieces[:3])],
        "normalizer": {"type": "Sequence", "normalizers": [
            {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "},
            # subtle: \A and \z, not ^ and $, which Oniguruma matches at every line break (a line's leading
            # space would go too, where SentencePiece keeps it: it does not treat a line break as whitespace)
            {"type": "Replace", "pattern": {"Regex": "\\A | \\z"}, "content": ""},
        ]},
        "pre_tokenizer": {"type": "Metaspace", **metaspace},
        "post_processor": None,
        "decoder": {"type": "Metaspace", **metaspace},
        "model": {"type": "Unigram", "unk_id": 0, "vocab": [[piece, score] for piece, score, _ in pieces],
                  "byte_fallback": False},
    }


def write(log_probs, path) -> Path:
    """Write a Unigram model (a ``unigram.train`` result or a dict piece -> log-probability) as a Hugging
    Face ``tokenizer.json`` at ``path`` (atomically); returns the path. Refuses, with ValueError, what
    ``sentencepiece_file.write`` refuses (an empty model, a piece with a space, a reserved piece, ...).

    >>> import tempfile, pathlib
    >>> from tokenizers import Tokenizer
    >>> path = write({"▁a": -1.0, "▁": -2.0, "a": -2.5}, pathlib.Path(tempfile.mkdtemp()) / "tokenizer.json")
    >>> Tokenizer.from_file(str(path)).encode("a  a").tokens
    ['▁a', '▁a']
    """
    document, path = tokenizer_json(log_probs), check.path(path)
    return storage.write_text_atomic(path, json.dumps(document, ensure_ascii=False, indent=2))
