"""Checks of ``bpe_lab.export``: which kind of tokenizer an object is, what each format can hold (a
``tokenizer.json``, BERT's files, a SentencePiece ``.model``), and whether a ``tokenizer.json`` that is read is
whole.

A file's problems are ValueErrors whose message reads after the file's name ("is empty: ...", "is not valid
JSON (line 3, column 1): ..."); the reader turns them into a ``FileFormatError`` naming the file.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from pathlib import Path

from . import path as file_path, short
from .wordpiece import distinct_pieces

_FLOAT32_MAX = 3.4028234663852886e38  # the largest 32-bit float: a .model stores scores as these

__all__ = ["EXPORT_KINDS", "export_kind", "exported", "sentencepiece_exported", "wordpiece_export", "unigram_export",
           "bpe_export", "hf_target", "encode_with_specials_args", "hf_json",
           "hf_bpe_model"]

# kind -> the bpe_lab classes of that kind; bpe_lab.export fills it in (_checks imports nothing from bpe_lab)
EXPORT_KINDS: dict[str, tuple] = {"bpe": (), "wordpiece": (), "unigram": ()}
_NAMES = {"bpe": "a bpe_lab.Tokenizer", "wordpiece": "a WordPiece vocabulary", "unigram": "a Unigram model"}


def export_kind(obj) -> str:
    """"bpe" (a byte-level ``Tokenizer``), "wordpiece" (a WordPiece vocabulary: a ``wordpiece.train`` result,
    a ``WordPieceVocabulary`` or a list of pieces in id order) or "unigram" (a Unigram model: a ``unigram.train``
    result or a dict piece -> log-probability); TypeError naming what to pass otherwise."""
    for kind in ("bpe", "wordpiece", "unigram"):
        if isinstance(obj, EXPORT_KINDS[kind]):
            return kind
    if isinstance(obj, (list, tuple)) and obj and all(isinstance(piece, str) for piece in obj):
        return "wordpiece"
    if isinstance(obj, Mapping) and obj and all(isinstance(piece, str) for piece in obj):
        return "unigram"
    raise TypeError(f"to_hf exports a byte-level bpe_lab.Tokenizer, a WordPiece vocabulary (wordpiece.train's "
                    f"result or a list of pieces in id order) or a Unigram model (unigram.train's result or a dict "
                    f"piece -> log-probability), got {type(obj).__name__}")


def _found(obj) -> str:
    """What ``obj`` is, for an error message ("a WordPiece vocabulary", "int")."""
    try:
        return _NAMES[export_kind(obj)]
    except TypeError:
        return type(obj).__name__


def exported(obj, kind: str, writer: str):
    """``obj`` if it is of ``kind`` ("bpe", "unigram"), for a writer that takes only that kind."""
    what = {"bpe": "a byte-level bpe_lab.Tokenizer", "unigram": "a Unigram model (unigram.train's result or a "
            "dict piece -> log-probability)"}[kind]
    if _found(obj) != _NAMES[kind]:
        raise TypeError(f"{writer} writes {what}, got {_found(obj)}")
    return obj


def bpe_export(tokenizer, what: str) -> dict[bytes, int]:
    """token bytes -> id of a byte-level ``Tokenizer``'s bytes and merged tokens, to write as ``what`` (a file
    that holds one id per token): TypeError for anything but a ``Tokenizer``, ValueError if two of its merges
    make the same bytes (a ``Tokenizer`` allows it, the file cannot)."""
    if not isinstance(tokenizer, EXPORT_KINDS["bpe"]):
        raise TypeError(f"cannot write {_found(tokenizer)} as {what}: pass a byte-level bpe_lab.Tokenizer "
                        "(export.to_hf writes every kind)")
    saved = tokenizer.to_dict()
    token_ids = saved["token_ids"] or list(range(len(tokenizer.vocab)))
    ids: dict[bytes, int] = {}
    for position, (token, token_id) in enumerate(zip(tokenizer.vocab, token_ids)):
        if token in ids:
            raise ValueError(f"cannot write this Tokenizer as {what}: merge {position - 256} makes {token!r}, which "
                             f"an earlier merge already made, and {what} holds one id per token (ids {ids[token]} "
                             f"and {token_id})")
        ids[token] = token_id
    return ids


def hf_target(path) -> tuple[Path, bool]:
    """(``path``, whether it is a folder) for ``export.to_hf``: a path ending in ".json" is the tokenizer.json
    alone; any other path is a folder, made if missing: its parent must exist and it must not be a file."""
    path = file_path(path)
    if path.suffix == ".json":
        return path, False
    if path.exists() and not path.is_dir():
        raise FileExistsError(f"cannot save to {path}: it is a file, not a folder; to write the tokenizer.json "
                              "alone, give a path ending in .json")
    if not path.parent.is_dir():
        raise FileNotFoundError(f"cannot save to {path}: the folder {path.parent} does not exist")
    return path, True


def encode_with_specials_args(encode, text, special_tokens) -> tuple:
    """``export.encode_with_specials``'s arguments: a function text -> ids, a str, a dict name -> id."""
    if not callable(encode):
        raise TypeError(f"encode must be a function text -> ids (e.g. tokenizer.encode_ordinary), got "
                        f"{type(encode).__name__}")
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    if not isinstance(special_tokens, Mapping) or not all(isinstance(name, str) and name and type(token_id) is int
                                                          for name, token_id in special_tokens.items()):
        raise TypeError(f"special_tokens must be a dict name -> id, e.g. {{'<s>': 1}}, got {short(special_tokens)}")
    return encode, text, dict(special_tokens)


def wordpiece_export(vocab, required: tuple, bert_specials: tuple) -> tuple[list, list]:
    """(pieces in id order, special tokens) of a WordPiece vocabulary to write as BERT's files: a
    ``wordpiece.train`` result, a list of pieces in id order or a dict piece -> id 0…n-1 (``bert.load_vocab``'s).
    ValueError for what the files cannot hold: no pieces, an empty or repeated piece, a piece with whitespace
    (vocab.txt is one piece per line, and BERT splits on whitespace), a lone surrogate, or one of ``required``
    missing. A plain list's special tokens are the ``bert_specials`` it holds.

    >>> wordpiece_export(["[UNK]", "[CLS]", "[SEP]", "a", "##b"], ("[UNK]", "[CLS]", "[SEP]"), ("[UNK]",))
    (['[UNK]', '[CLS]', '[SEP]', 'a', '##b'], ['[UNK]'])
    """
    specials = None
    if isinstance(vocab, EXPORT_KINDS["wordpiece"]) and not isinstance(vocab, dict):  # a wordpiece.train result
        vocab, specials = list(vocab.vocab), list(vocab.special_tokens)
    elif isinstance(vocab, dict):  # a WordPieceVocabulary (it has special_tokens) or bert.load_vocab's
        if sorted(vocab.values()) != list(range(len(vocab))):
            raise ValueError("vocab, a dict, must map its pieces to the ids 0…n-1, each once")
        specials = getattr(vocab, "special_tokens", None)
        vocab = sorted(vocab, key=vocab.get)
    elif isinstance(vocab, (list, tuple)):
        vocab = list(vocab)
    else:
        raise TypeError(f"vocab (a WordPiece vocabulary) must be a wordpiece.train result, a list of pieces in id "
                        f"order or a dict piece -> id, got {type(vocab).__name__}")
    if not vocab:
        raise ValueError("vocab (a WordPiece vocabulary) is empty: BERT's files need at least [UNK], [CLS] and [SEP]")
    seen = distinct_pieces(vocab, "vocab")
    for number, piece in enumerate(vocab):
        if any(char.isspace() for char in piece):
            raise ValueError(f"vocab[{number}] = {short(piece)} holds whitespace: vocab.txt holds one piece per "
                             "line and BERT splits words on whitespace, so it could never be used")
        try:
            piece.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"vocab[{number}] = {short(piece)} holds a lone surrogate, which cannot be written "
                             "as UTF-8") from None
    missing = [token for token in required if token not in seen]
    if missing:
        raise ValueError(f"vocab (a WordPiece vocabulary) lacks {', '.join(missing)}: WordPiece needs [UNK] for "
                         "words it cannot cover and BERT's template needs [CLS] and [SEP]; add them "
                         "(wordpiece.train does)")
    if specials is None:
        specials = [token for token in bert_specials if token in seen]
    return vocab, list(specials)


def sentencepiece_exported(model):
    """``model`` if it is a Unigram model, what ``to_sentencepiece`` writes besides a SentencePiece model."""
    if _found(model) == _NAMES["unigram"]:
        return model
    raise TypeError(f"to_sentencepiece writes a Unigram model (unigram.train's result or a dict piece -> "
                    f"log-probability) or a SentencePiece BPE model (sentencepiece_bpe.train's result), "
                    f"got {_found(model)}")


def unigram_export(log_probs, what: str, reserved: list) -> dict:
    """The dict piece -> log-probability of a ``unigram.train`` result or a dict, if ``what`` (".model") can
    hold it: pieces that are non-empty, not ``reserved``, without a space or a lone surrogate; log-probabilities
    finite, at most 0 and within a 32-bit float."""
    if isinstance(log_probs, EXPORT_KINDS["unigram"]) and not isinstance(log_probs, dict):  # unigram.train's
        log_probs = log_probs.log_probs
    if not isinstance(log_probs, dict):
        raise TypeError(f"log_probs (a Unigram model) must be a unigram.train result or a dict piece -> "
                        f"log-probability, "
                        f"got {type(log_probs).__name__}")
    if not log_probs:
        raise ValueError(f"log_probs (a Unigram model) has no pieces: a {what} needs at least one")
    if len(log_probs) > 1 and sorted(log_probs.values(), key=repr) == sorted(range(len(log_probs)), key=repr):
        raise TypeError(f"log_probs (a Unigram model) maps pieces to log-probabilities; this dict maps "
                        f"them to the ids 0…n-1, "
                        f"like a WordPiece vocabulary: for a {what} of a WordPiece vocabulary pass its pieces in "
                        f"id order, e.g. sorted(vocab, key=vocab.get), to export.to_hf")
    for piece, log_prob in log_probs.items():
        if not isinstance(piece, str) or not piece:
            raise ValueError(f"the pieces of log_probs must be non-empty strings, got {short(piece)}")
        if piece in reserved:
            raise ValueError(f"the piece {piece!r} of log_probs is reserved: a {what} gives it its own "
                             f"id; leave it out")
        if " " in piece:
            raise ValueError(f"the piece {short(piece)} of log_probs holds a space, which a {what} cannot use: "
                             "spaces become '▁' before segmenting; write '▁' instead")
        try:
            piece.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"the piece {short(piece)} of log_probs holds a lone surrogate, which "
                             f"is not a character "
                             f"and cannot be written as UTF-8") from None
        if isinstance(log_prob, bool) or not isinstance(log_prob, (int, float)) or not math.isfinite(log_prob) \
                or log_prob > 0:
            raise ValueError(f"log_probs: the log-probability of {piece!r} must be a finite number at most 0, "
                             f"got {short(log_prob)}")
        if log_prob < -_FLOAT32_MAX:
            raise ValueError(f"log_probs: the log-probability of {piece!r} is {log_prob}, below what a "
                             f"32-bit float holds "
                             f"(-3.4e38)")
    return log_probs


# -- reading a tokenizer.json -----------------------------------------------------------------------------------

class _Twice(ValueError):
    """A key that appears twice in one JSON object (json.loads would silently keep the second)."""


def _once(pairs: list) -> dict:
    document = {}
    for key, value in pairs:
        if key in document:
            raise _Twice(key, value)
        document[key] = value
    return document


def _refuse_constant(name: str):
    raise ValueError(f"holds {name}, which is not a number JSON allows")


def hf_json(data: bytes) -> dict:
    """The JSON document in a ``tokenizer.json``'s bytes. ValueError for an empty file, one that is not UTF-8,
    not JSON (the line and column where it stops being JSON), cut short, or holding a key twice in one object.

    >>> hf_json(b'{"model": {"vocab": {"a": 0, "a": 1}}}')
    Traceback (most recent call last):
    ValueError: holds the key 'a' twice in one object (line 1): was it damaged or edited by hand?
    """
    if not data:
        raise ValueError("is empty (0 bytes): was it cut short, e.g. by an interrupted copy? Write it again")
    try:
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")  # a byte-order mark an editor added
    except UnicodeDecodeError as exc:
        raise ValueError(f"is not a tokenizer.json: it is not UTF-8 text (byte 0x{data[exc.start]:02x} at position "
                         f"{exc.start})") from None
    try:
        document = json.loads(text, object_pairs_hook=_once, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise ValueError(f"is not a whole tokenizer.json: its JSON ends in the middle ({where}: {exc.msg}); was "
                             "it cut short, e.g. by an interrupted copy? Write it again") from None
        raise ValueError(f"is not a tokenizer.json: it is not valid JSON ({where}: {exc.msg})") from None
    except _Twice as exc:
        key, value = exc.args
        line = _line_of(text, key, value)
        raise ValueError(f"holds the key {short(key)} twice in one object{f' (line {line})' if line else ''}: was it "
                         "damaged or edited by hand?") from None
    except RecursionError:
        raise ValueError("is not a tokenizer.json: its JSON is nested too deeply to be one") from None
    if not isinstance(document, dict) or not isinstance(document.get("model"), dict):
        raise ValueError("is not a tokenizer.json: it has no \"model\" object")
    return document


def _line_of(text: str, key: str, value) -> int | None:
    """The line of the last ``"key": value`` in ``text`` (``value`` a number or a string), or None."""
    if not isinstance(value, (int, float, str)):
        return None
    spellings = {json.dumps(key, ensure_ascii=False), json.dumps(key)}
    pattern = "|".join(re.escape(spelling) for spelling in spellings)
    matches = list(re.finditer(rf"(?:{pattern})\s*:\s*{re.escape(json.dumps(value, ensure_ascii=False))}(?![\w.])",
                               text))
    return text.count("\n", 0, matches[-1].start()) + 1 if matches else None


def hf_bpe_model(document: dict) -> tuple[dict, list, dict]:
    """(vocab token -> id, merges as (left, right), special tokens name -> id) of a BPE ``tokenizer.json``
    document, checked whole: the vocab's ids run 0…n-1, each once (a token or an id twice, or an id missing,
    is damage); each merge is two tokens ("left right" or [left, right]); each added token has a name and an
    id of its own.

    >>> hf_bpe_model({"model": {"vocab": {"a": 0, "b": 2}, "merges": []}})
    Traceback (most recent call last):
    ValueError: has a gap in its vocab's ids: no token has id 1 (the ids run 0…n-1, one per token): is a line missing?
    """
    model = document["model"]
    vocab, merges, added = model.get("vocab"), model.get("merges", []), document.get("added_tokens") or []
    if not isinstance(vocab, dict) or not isinstance(merges, list) or not isinstance(added, list):
        raise ValueError("is not a BPE tokenizer.json: its model needs a \"vocab\" object (token -> id) and a "
                         "\"merges\" list, and \"added_tokens\" must be a list")
    token_of: dict[int, str] = {}
    for token, token_id in vocab.items():
        if type(token_id) is not int or token_id < 0:
            raise ValueError(f"has the id {short(token_id)} for the token {short(token)} in its vocab: ids are whole "
                             "numbers >= 0")
        if token_id in token_of:
            raise ValueError(f"has the id {token_id} twice in its vocab, for {short(token_of[token_id])} and "
                             f"{short(token)}: was it damaged or edited by hand?")
        token_of[token_id] = token
    gap = next((i for i in range(len(token_of)) if i not in token_of), None)
    if gap is not None:
        raise ValueError(f"has a gap in its vocab's ids: no token has id {gap} (the ids run 0…n-1, one per token): "
                         "is a line missing?")
    pairs = []
    for number, merge in enumerate(merges):
        pair = merge.split(" ") if isinstance(merge, str) else merge
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(part, str) and part for part in pair):
            raise ValueError(f"holds merges[{number}] = {short(merge)}, which is not two tokens (\"left right\" or "
                             "[left, right])")
        pairs.append(tuple(pair))
    specials: dict[str, int] = {}
    for number, token in enumerate(added):
        name, token_id = (token.get("content"), token.get("id")) if isinstance(token, dict) else (None, None)
        if not isinstance(name, str) or not name or type(token_id) is not int or token_id < 0:
            raise ValueError(f"holds added_tokens[{number}] = {short(token)}, which needs a \"content\" (its text) "
                             "and an \"id\" (a whole number >= 0)")
        if name in specials or token_id in specials.values():
            raise ValueError(f"has the added token {short(name)} (id {token_id}) twice, or its id twice")
        specials[name] = token_id
    return vocab, pairs, specials
