"""Values as plain JSON between the grader and the child process that runs a student's code.

Cases go to the child and answers come back as data: numbers, strings, bytes, lists, tuples, dicts,
sets and ranges, nested. Nothing else crosses, so whatever object a student returns, the grader compares plain
values: a list subclass arrives as a list, an object whose ``__eq__`` always says yes arrives as an
``Opaque`` that equals nothing, and no pickle is ever loaded in the grader.

>>> decode(json.loads(json.dumps(encode({("a", "b"): [1, 2.5, b"x", None]}))))
{('a', 'b'): [1, 2.5, b'x', None]}
>>> decode(encode(object()))  # anything else: its type and repr, equal to nothing  # doctest: +ELLIPSIS
<a object: <object object at ...>>

Functions are sent by name (``str.split``, ``bpe_lab.bpe.encode``), for questions whose cases pass a
function (a tokenizer to measure). The child looks them up; the grader never does for what comes back.
A ``bpe_lab.Tokenizer`` in a case crosses as its saved form (``to_dict``) and is rebuilt in the child.
"""

from __future__ import annotations

import importlib
import json
import numbers

__all__ = ["encode", "decode", "Opaque", "WireError", "dumps", "loads"]

MAX_ITEMS = 1_000_000  # values in one answer: more is an error, not a 1 GB message
MAX_DEPTH = 100


class WireError(ValueError):
    """A value that cannot cross: too large, too deep, or a function that has no importable name."""


class Opaque:
    """What arrives for an object that is not plain data: its type name and repr, equal to nothing else."""

    def __init__(self, kind: str, text: str):
        self.kind, self.text = kind, text

    def __eq__(self, other):
        return self is other

    def __hash__(self):
        return id(self)

    def __repr__(self):
        return f"<a {self.kind}: {self.text}>"


def encode(value, *, refs: bool = True) -> object:
    """``value`` as JSON-ready data. ``refs``: send functions by name (cases); else as ``Opaque`` (answers)."""
    budget = [MAX_ITEMS]
    return _encode(value, 0, budget, refs)


def _encode(value, depth: int, budget: list, refs: bool):
    budget[0] -= 1
    if budget[0] < 0:
        raise WireError(f"more than {MAX_ITEMS:,} values")
    if depth > MAX_DEPTH:
        raise WireError(f"nested more than {MAX_DEPTH} levels deep")
    down = depth + 1
    # subtle: base-class methods (str.__str__, list.__iter__) so a subclass's overrides never run
    if value is None or isinstance(value, bool):
        return value if value is None else bool(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return {"f": repr(float.__float__(value))}  # JSON has no inf or nan; repr keeps every digit
    if type(value).__module__ == "numpy" and isinstance(value, (numbers.Integral, numbers.Real)):
        return _encode(value.item(), depth, budget, refs)  # numpy.int64(20): the 20 it stands for
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, (bytes, bytearray)):
        return {"b": bytes(value).decode("latin-1")}
    if isinstance(value, list):
        return {"l": [_encode(v, down, budget, refs) for v in list.__iter__(value)]}
    if isinstance(value, tuple):
        return {"t": [_encode(v, down, budget, refs) for v in tuple.__iter__(value)]}
    if isinstance(value, dict):
        return {"d": [[_encode(k, down, budget, refs), _encode(v, down, budget, refs)] for k, v in dict.items(value)]}
    if isinstance(value, (set, frozenset)):
        each = set.__iter__ if isinstance(value, set) else frozenset.__iter__
        items = [_encode(v, down, budget, refs) for v in each(value)]
        return {"s" if isinstance(value, set) else "fs": items}
    if type(value).__module__ == "numpy" and hasattr(value, "tolist"):
        return _encode(value.tolist(), down, budget, refs)
    if type(value) is range:
        return {"r": [value.start, value.stop, value.step]}
    if refs and _is_tokenizer(value):  # a case may pass a bpe_lab Tokenizer: it crosses as its saved form
        return {"tok": _encode(value.to_dict(), down, budget, refs)}
    if refs and callable(value):
        return {"ref": _name_of(value)}
    return {"obj": _type_name(value), "repr": _repr_cut(value)}


def decode(data, *, refs: bool = False):
    """The value ``encode`` described. ``refs``: look functions up by name (the child only)."""
    if data is None or isinstance(data, (bool, int, str)):
        return data
    if isinstance(data, list):  # only inside a tag below; a bare list is not something encode writes
        raise WireError("a bare JSON list")
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise WireError(f"not an encoded value: {str(data)[:80]}")
    (tag, body), *rest = data.items()
    if tag == "f":
        return float(body)
    if tag == "b":
        return body.encode("latin-1")
    if tag == "l":
        return [decode(v, refs=refs) for v in body]
    if tag == "t":
        return tuple(decode(v, refs=refs) for v in body)
    if tag == "d":
        return {_key(decode(k, refs=refs)): decode(v, refs=refs) for k, v in body}
    if tag in ("s", "fs"):
        items = [_key(decode(v, refs=refs)) for v in body]
        return set(items) if tag == "s" else frozenset(items)
    if tag == "r":
        return range(*(int(v) for v in body))
    if tag == "tok":
        if not refs:
            return Opaque("Tokenizer", "")
        from ...tokenizer import Tokenizer

        return Tokenizer._from_payload(decode(body, refs=refs))
    if tag == "ref":
        return _look_up(body) if refs else Opaque("function", body)
    if tag == "obj":
        return Opaque(str(body), str(rest[0][1]) if rest else "")
    raise WireError(f"unknown tag {tag!r}")


def dumps(value, *, refs: bool = True) -> str:
    return json.dumps(encode(value, refs=refs))


def loads(text: str, *, refs: bool = False):
    return decode(json.loads(text), refs=refs)


def _key(value):
    """A decoded value used as a dict key or set item: lists cannot be (encode only meets hashable ones)."""
    try:
        hash(value)
    except TypeError:
        raise WireError("an unhashable dict key") from None
    return value


def _name_of(function) -> str:
    """'module:qualname' for a function the child can import (str.split, list, bpe_lab.bpe.encode)."""
    owner = getattr(function, "__objclass__", None)  # a method of a built-in type: str.split
    module = getattr(owner or function, "__module__", None)
    name = getattr(function, "__qualname__", None)
    if module and name and "<" not in name:
        try:
            if _look_up(f"{module}:{name}") is function:
                return f"{module}:{name}"
        except WireError:
            pass
    raise WireError(f"the function {_repr_cut(function)} has no importable name (a lambda or a local function); "
                    "use a module-level function in cases")


def _look_up(name: str):
    module, _, path = str(name).partition(":")
    try:
        value = importlib.import_module(module)
        for part in path.split("."):
            value = getattr(value, part)
    except (ImportError, AttributeError, ValueError) as exc:
        raise WireError(f"cannot find the function {name!r}: {exc}") from None
    return value


def _is_tokenizer(value) -> bool:
    return type(value).__name__ == "Tokenizer" and type(value).__module__ == "bpe_lab.tokenizer"


def _type_name(value) -> str:
    try:
        return type(value).__name__
    except Exception:  # a student's metaclass may raise anything
        return "object"


def _repr_cut(value, limit: int = 200) -> str:
    try:
        text = repr(value)
    except Exception:  # a student's __repr__ may raise anything
        return f"<a {_type_name(value)} that cannot be shown>"
    return text if len(text) <= limit else text[: limit - 1] + "…"
