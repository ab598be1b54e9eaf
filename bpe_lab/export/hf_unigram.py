"""A Unigram model as a Hugging Face ``tokenizer.json``: ``tokenizers``' ``Unigram`` model (Viterbi), with a
normaliser that prepares the text as SentencePiece does and a decoder that gives the text back as it does.

The same pieces, ids and scores as the SentencePiece ``.model`` that ``export.to_sentencepiece`` writes (ids 0
"<unk>", 1 "<s>", 2 "</s>", then the pieces from the most probable down), and the same text handling:

    normalizer  1. "<" becomes a look-alike that no piece holds (why: the special tokens, below)
                2. spaces cleaned up as SentencePiece does: a run of spaces becomes one, and a leading or
                   trailing one goes (only " ", like SentencePiece's)
                3. every space becomes "▁", a "▁" at the end goes, and one "▁" goes in front ("▁x" gets a
                   second one, as in SentencePiece)
    model       ``Unigram``: Viterbi over the whole text; an unknown character scores lowest - 10 and a
                run of them is one "<unk>"
    decoder     SentencePieceProcessor.decode's rules: "<unk>" is " ⁇ ", "<s>" and "</s>" are nothing,
                "▁" is a space, and each piece at the very start loses one "▁" (the one added in front)

"<unk>", "<s>" and "</s>" are special added tokens: by default a text that holds one gets its id, and with
``split_special_tokens=True`` it is read as characters, as SentencePiece always reads it (``export`` states the
rule for every kind). ``tokenizers``' Unigram model may choose any piece of its vocabulary, "<s>" too, where
SentencePiece never chooses a control piece; with no "<" left in the text, they never match. Their roles
(``ROLES``): "<unk>" unknown, "<s>" begins, "</s>" ends and pads. Scores are the ``.model``'s, rounded to
32-bit floats, so the two files are one model. A piece holding "<" is listed with the look-alike (its id, and
the text it decodes to, are the same).

One difference is left, by design of the libraries: SentencePiece (and ``bpe_lab.sentencepiece``, which follows
it) adds up a path's scores in 32-bit floats, ``tokenizers`` in 64-bit; on a long string (thousands of
characters at once) a near tie can go the other way, to a path that scores as high to within 32-bit rounding.
"""

from __future__ import annotations

import json
import struct

from .. import _checks as check
from .. import storage
from ..sentencepiece.model_file import model_pieces

# tokenizer_json is the entry point (export.to_hf writes what it returns; write is its one-file form)
__all__ = ["ROLES", "tokenizer_json", "write"]

SPACE = "\u2581"
UNK_SURFACE = " \u2047 "  # what SentencePieceProcessor.decode writes for "<unk>"
ROLES = {"unk_token": "<unk>", "bos_token": "<s>", "eos_token": "</s>", "pad_token": "</s>"}  # "</s>" pads
LOOK_ALIKES = "\uff1c\ufe64\u2039\u02c2"  # ＜ ﹤ ‹ ˂: the first that no piece holds stands for "<"
SPARES = [chr(code) for code in range(0xE000, 0xF900)]  # private-use characters: the first no piece holds


def tokenizer_json(log_probs) -> tuple[dict, dict]:
    """(the ``tokenizer.json`` document of a Unigram model, its roles), as dicts; what ``write`` writes.

    >>> document, roles = tokenizer_json({"▁a": -1.0, "▁": -2.0, "a<": -2.5})
    >>> [piece for piece, _ in document["model"]["vocab"]], roles["pad_token"]
    (['<unk>', '<s>', '</s>', '▁a', '▁', 'a＜'], '</s>')
    """
    pieces = model_pieces(log_probs)  # checks log_probs: what a .model cannot hold, this refuses too
    known = {char for piece, _, _ in pieces[3:] for char in piece}
    # subtle: tokenizers' Unigram may choose any piece of its vocab, "<s>" too, where SentencePiece never
    # chooses a control piece; with no "<" left in the text, "<unk>", "<s>" and "</s>" can never match
    look_alike = next(char for char in LOOK_ALIKES if char not in known)
    spare = next(char for char in SPARES if char not in known)  # a character no piece holds, for two jobs
    specials = [piece for piece, _, _ in pieces[:3]]
    document = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [{"id": i, "content": piece, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True} for i, piece in enumerate(specials)],
        "normalizer": {"type": "Sequence", "normalizers": [
            _replace(look_alike, spare),  # one typed in the text stays unknown
            _replace("<", look_alike),
            _replace({"Regex": " {2,}"}, " "),
            # subtle: \A and \z, not ^ and $, which Oniguruma matches at every line break (a line's leading
            # space would go too, where SentencePiece keeps it: it does not treat a line break as whitespace)
            _replace({"Regex": "\\A | \\z"}, ""),
            _replace(" ", SPACE),
            _replace({"Regex": SPACE + "+\\z"}, ""),  # SentencePiece drops a "▁" the text itself ends with
            {"type": "Prepend", "prepend": SPACE},  # (an empty text stays empty)
        ]},
        "pre_tokenizer": None,
        "post_processor": None,
        "decoder": {"type": "Sequence", "decoders": [
            _replace({"Regex": "\\A<unk>\\z"}, UNK_SURFACE),
            _replace({"Regex": "\\A(?:<s>|</s>)\\z"}, ""),
            _replace(look_alike, "<"),
            _replace({"Regex": "\\A" + SPACE}, spare),  # each piece's first "▁", marked ...
            {"type": "Fuse"},
            _replace({"Regex": "\\A" + spare + "+"}, ""),  # ... goes while nothing came before it
            _replace({"Regex": f"[{SPACE}{spare}]"}, " "),
        ]},
        "model": {"type": "Unigram", "unk_id": 0, "byte_fallback": False,
                  "vocab": [[piece.replace("<", look_alike) if i > 2 else piece, _float32(score)]
                            for i, (piece, score, _) in enumerate(pieces)]},
    }
    return document, dict(ROLES)


def _float32(score: float) -> float:
    return struct.unpack("<f", struct.pack("<f", score))[0]  # as the .model stores it


def _replace(pattern, content: str) -> dict:
    """A ``Replace`` step (normalizer or decoder): ``pattern`` a string, or {"Regex": ...}."""
    return {"type": "Replace", "pattern": pattern if isinstance(pattern, dict) else {"String": pattern},
            "content": content}


def write(log_probs, path):
    """Write a Unigram model (a ``unigram.train`` result or a dict piece -> log-probability) as a Hugging
    Face ``tokenizer.json`` at ``path`` (atomically); returns the path. Refuses, with ValueError, what
    ``export.to_sentencepiece`` refuses (an empty model, a piece with a space, a reserved piece, ...).

    >>> import tempfile, pathlib
    >>> from tokenizers import Tokenizer
    >>> path = write({"▁a": -1.0, "▁": -2.0, "a": -2.5}, pathlib.Path(tempfile.mkdtemp()) / "tokenizer.json")
    >>> Tokenizer.from_file(str(path)).encode("a  a").tokens
    ['▁a', '▁a']
    """
    (document, _), path = tokenizer_json(log_probs), check.path(path)
    return storage.write_text_atomic(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
