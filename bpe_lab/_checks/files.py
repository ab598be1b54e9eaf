"""Checks for saved files (``bpe_lab.storage``): the kind of file, its payload, and a saved tokenizer's fields.

The path itself is checked by ``check.path``. Problems inside a file that is being read are ValueErrors
(``storage.load`` turns them into a ``FileFormatError`` naming the file); arguments of the wrong type are
TypeErrors, as everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from . import short

__all__ = ["file_kind", "file_payload", "file_builder", "tokenizer_file"]


def file_kind(kind, kinds: Mapping):
    """The description (``storage.Kind``) of ``kind``, one of the names in ``kinds`` ("tokenizer", ...)."""
    if not isinstance(kind, str):
        raise TypeError(f"kind must be one of {sorted(kinds)} (a str), got {type(kind).__name__}")
    spec = kinds.get(kind)
    if spec is None:
        raise ValueError(f"kind must be one of {sorted(kinds)}, got {short(kind)}")
    return spec


def file_payload(payload, spec) -> dict:
    """``payload`` if it is a dict with every required field of ``spec``'s current version and no unknown one."""
    if not isinstance(payload, dict):
        raise TypeError(f"payload must be a dict field name -> value, got {type(payload).__name__}")
    required, optional = spec.fields[spec.version]
    unknown = [field for field in payload if field not in required + optional]
    missing = [field for field in required if field not in payload]
    if unknown or missing:
        raise ValueError(f"payload of a {spec.name} must hold the fields {list(required)}"
                         + (f" and may hold {list(optional)}" if optional else "")
                         + (f"; unknown: {short(unknown)}" if unknown else "")
                         + (f"; missing: {missing}" if missing else ""))
    return payload


def file_builder(build) -> Callable:
    """``build`` if it is a function (payload, version) -> object."""
    if not callable(build):
        raise TypeError(f"build must be a function (payload, version) -> object, got {type(build).__name__}")
    return build


def tokenizer_file(data: dict, from_printable: Callable[[str], bytes]) -> tuple:
    """The fields of a saved tokenizer -> (merges as bytes pairs, pattern, special tokens, token bytes -> id or None).

    Merges are written with GPT-2's printable characters; ``from_printable`` (``bpe_lab.byte_level``) reads
    them back. The merges themselves and the special tokens are checked again by ``Tokenizer``.
    """
    merges = data["merges"]
    if not isinstance(merges, list):
        raise ValueError(f"\"merges\" must be a list of [left, right] pairs, got {type(merges).__name__}")
    pairs = []
    for rank, merge in enumerate(merges):
        if not (isinstance(merge, list) and len(merge) == 2 and all(isinstance(p, str) and p for p in merge)):
            raise ValueError(f"merges[{rank}] must be a pair of non-empty strings, got {short(merge)}")
        try:
            pairs.append((from_printable(merge[0]), from_printable(merge[1])))
        except ValueError as exc:
            raise ValueError(f"merges[{rank}]: {exc}") from None
    pattern, special, numbering = data["pattern"], data.get("special_tokens", {}), data.get("token_ids")
    if not (pattern is None or isinstance(pattern, str)):
        raise ValueError(f"pattern must be a name such as \"gpt2\", a regex string or null, got {short(pattern)}")
    if not isinstance(special, dict):
        raise ValueError(f"\"special_tokens\" must be an object name -> id, got {short(special)}")
    return pairs, pattern, special, _saved_token_ids(numbering, pairs)


def _saved_token_ids(numbering, pairs: list[tuple[bytes, bytes]]) -> dict[bytes, int] | None:
    """A saved "token_ids" list (the id of each token in vocabulary order, or null) -> token bytes -> id."""
    if numbering is None:
        return None
    if not isinstance(numbering, list):
        raise ValueError(f"\"token_ids\" must be a list of ids or null, got {type(numbering).__name__}")
    if len(numbering) != 256 + len(pairs):
        raise ValueError(f"\"token_ids\" has {len(numbering)} ids for {256 + len(pairs)} tokens "
                         "(256 bytes and one per merge)")
    tokens = [bytes([b]) for b in range(256)] + [left + right for left, right in pairs]
    token_ids = {}
    for token, token_id in zip(tokens, numbering):
        # a token made by two different merges has one id, so both entries must agree
        if token_ids.setdefault(token, token_id) != token_id:
            raise ValueError(f"\"token_ids\" gives the token {token!r} two ids, {token_ids[token]} and {token_id}")
    return token_ids
