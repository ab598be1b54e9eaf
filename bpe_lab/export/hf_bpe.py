"""A byte-level BPE ``Tokenizer`` as a Hugging Face ``tokenizer.json``, and back.

A ``tokenizer.json`` holds the whole pipeline of Hugging Face ``tokenizers``. For a byte-level BPE
``Tokenizer`` it is written as:

- ``model``: ``"type": "BPE"`` with ``vocab`` (token -> id) and ``merges`` (``[left, right]`` in rank
  order); tokens are written with GPT-2's printable characters (``Ġ`` is the space byte, see
  ``bpe_lab.byte_level``), which is how ``tokenizers`` stores byte-level tokens;
- ``pre_tokenizer``: the pattern. GPT-2's is ``ByteLevel`` with ``use_regex`` (``tokenizers`` has GPT-2's
  regex built in); any other pattern (cl100k, o200k, a custom regex) is a ``Split`` with the regex
  (``Isolated``) followed by ``ByteLevel`` without its regex; ``pattern=None`` is ``ByteLevel`` alone;
- ``decoder``: ``ByteLevel`` (printable characters back to bytes, then UTF-8);
- ``added_tokens``: the special tokens, matched whole before the pattern splits the text.

``tokenizers`` runs its regexes with Oniguruma, not Python's ``regex``; two spellings mean different
things there and are rewritten: ``$`` (end, or before a final newline) becomes ``\\Z``, and a possessive
interval such as ``\\p{N}{1,3}+`` (in Oniguruma: repeat the interval) loses its ``+`` where that cannot
change a match (the end of a top-level alternative); elsewhere it is refused.

What a ``tokenizer.json`` cannot hold is refused with a ``ValueError``: two merges that make the same
bytes (the file has one id per token string), a pattern Oniguruma would read differently.

``read`` takes such a file (ours, or a byte-level BPE file from the Hub such as GPT-2's) back to a
``Tokenizer``; it refuses files that are not byte-level BPE (a normalizer, a WordPiece model, ...).
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import _checks as check
from ..byte_level import from_printable, to_printable
from ..pretokenize import PATTERNS
from ..storage import write_text_atomic
from ..tokenizer import Tokenizer

__all__ = ["write", "read", "to_oniguruma"]

_BYTE_LEVEL = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}


def write(tokenizer, path) -> Path:
    """Write ``tokenizer`` (a byte-level ``bpe_lab.Tokenizer``) as a ``tokenizer.json`` at ``path``, atomically.

    Returns the path. ``tokenizers.Tokenizer.from_file(path)`` and
    ``transformers.PreTrainedTokenizerFast(tokenizer_file=path)`` then encode as ``tokenizer.encode(text,
    allowed_special="all")`` does. ValueError for what the format cannot hold (see the module's docstring).
    """
    tokenizer, path = check.exported(tokenizer, "bpe", "hf_bpe.write"), check.path(path)
    return write_text_atomic(path, json.dumps(_document(tokenizer), ensure_ascii=False, indent=1) + "\n")


def _document(tokenizer) -> dict:
    """The ``tokenizer.json`` document of a ``Tokenizer``, as a dict (``write`` saves it)."""
    saved = tokenizer.to_dict()
    token_ids = saved["token_ids"] or list(range(len(tokenizer.vocab)))
    vocab = {}
    for position, (token, token_id) in enumerate(zip(tokenizer.vocab, token_ids)):
        key = to_printable(token)
        if key in vocab:
            raise ValueError(f"cannot write this Tokenizer as a tokenizer.json: merge {position - 256} makes "
                             f"{token!r}, which an earlier merge already made, and a tokenizer.json holds one id "
                             f"per token (ids {vocab[key]} and {token_id})")
        vocab[key] = token_id
    added = [{"id": token_id, "content": name, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": False, "special": True} for name, token_id in saved["special_tokens"].items()]
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": None,
        "pre_tokenizer": _pre_tokenizer(tokenizer.pattern),
        "post_processor": None,
        "decoder": dict(_BYTE_LEVEL, add_prefix_space=True),
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": vocab, "merges": saved["merges"]},
    }


def _pre_tokenizer(pattern) -> dict:
    if pattern == "gpt2":
        return dict(_BYTE_LEVEL)  # tokenizers' built-in regex is GPT-2's
    if pattern is None:
        return dict(_BYTE_LEVEL, use_regex=False)
    split = {"type": "Split", "pattern": {"Regex": to_oniguruma(PATTERNS.get(pattern, pattern))},
             "behavior": "Isolated", "invert": False}
    return {"type": "Sequence", "pretokenizers": [split, dict(_BYTE_LEVEL, use_regex=False)]}


def to_oniguruma(pattern: str) -> str:
    """A Python ``regex`` pattern spelled so that Oniguruma (``tokenizers``' regex engine) splits the same way.

    ``$`` becomes ``\\Z`` (Oniguruma's ``$`` is the end of any line); a possessive interval (``{1,3}+``) at the
    end of a top-level alternative loses its ``+``; elsewhere one is refused (ValueError).

    >>> to_oniguruma(r"\\p{N}{1,3}+|\\s++$|\\s")
    '\\\\p{N}{1,3}|\\\\s++\\\\Z|\\\\s'
    """
    pattern = check.text(pattern, "pattern", example=r"\s+|\w+")
    out, depth, in_class, i = [], 0, False, 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            end = i + 2
            if pattern[i + 1 : i + 3] in ("p{", "P{"):  # a property such as \p{L}: its braces are no interval
                end = pattern.find("}", i) + 1 or len(pattern)
            out.append(pattern[i:end])
            i = end
            continue
        if in_class:
            in_class = char != "]" or pattern[i - 1] == "[" or pattern[i - 2 : i] == "[^"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "$":
            char = r"\Z"
        elif char == "}" and pattern[i + 1 : i + 2] == "+":
            if depth or pattern[i + 2 : i + 3] not in ("|", ""):
                raise ValueError(f"the pattern has a possessive interval ({pattern[max(0, i - 8) : i + 2]!r}) that "
                                 "Oniguruma, the regex engine of tokenizer.json, reads as a repeat; write it "
                                 "without the possessive '+', e.g. {1,3} instead of {1,3}+")
            out.append(char)
            i += 2
            continue
        out.append(char)
        i += 1
    return "".join(out)


def _from_oniguruma(pattern: str):
    """The inverse of ``to_oniguruma`` (a named pattern comes back as its name, e.g. "gpt4")."""
    for name in ("gpt4", "o200k"):
        if pattern == to_oniguruma(PATTERNS[name]):
            return name
    out, i = [], 0
    while i < len(pattern):
        pair = pattern[i : i + 2]
        out.append({r"\Z": "$", r"\z": r"\Z"}.get(pair, pair) if pattern[i] == "\\" else pattern[i])
        i += 2 if pattern[i] == "\\" else 1
    return "".join(out)


# ------------------------------------------------------------------------------------------------
# Reading
# ------------------------------------------------------------------------------------------------

def read(path) -> Tokenizer:
    """A byte-level BPE ``tokenizer.json`` (as ``write`` writes it, or GPT-2's from the Hub) -> ``Tokenizer``.

    ValueError naming the file for one that is not byte-level BPE or that a ``Tokenizer`` cannot hold
    (a normalizer, another model, a token that no merge makes); FileNotFoundError if there is none.
    """
    path = check.path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileNotFoundError(f"no tokenizer.json at {path}") from None
    except IsADirectoryError:
        raise IsADirectoryError(f"{path} is a folder, not a tokenizer.json") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path} is not a tokenizer.json: it is not valid JSON text ({check.short(str(exc))})") from None
    try:
        return _from_document(data)
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        problem = f"the field {exc} is missing" if isinstance(exc, KeyError) else str(exc)
        raise ValueError(f"{path} cannot be read as a byte-level BPE Tokenizer: {problem}") from None


def _from_document(data) -> Tokenizer:
    if not isinstance(data, dict) or not isinstance(data.get("model"), dict):
        raise ValueError("it is not a tokenizer.json (no \"model\" object)")
    model = data["model"]
    if model.get("type", "BPE") != "BPE":
        raise ValueError(f"its model is {model.get('type')!r}, not BPE: bpe_lab.from_hf reads byte-level BPE only")
    for field in ("continuing_subword_prefix", "end_of_word_suffix", "dropout"):
        if model.get(field) not in (None, ""):
            raise ValueError(f"its BPE model sets {field}={model[field]!r}, which a bpe_lab.Tokenizer does not have")
    if data.get("normalizer") is not None:
        raise ValueError("it has a normalizer, which a bpe_lab.Tokenizer does not have")
    pattern = _pattern(data.get("pre_tokenizer"))
    special = {token["content"]: token["id"] for token in data.get("added_tokens") or []}
    merges = [tuple(m.split(" ")) if isinstance(m, str) else tuple(m) for m in model["merges"]]
    merges = [(from_printable(left), from_printable(right)) for left, right in merges]
    token_ids = {from_printable(token): token_id for token, token_id in model["vocab"].items() if token not in special}
    made = {bytes([b]) for b in range(256)} | {left + right for left, right in merges}
    extra = [token for token in token_ids if token not in made]
    if extra:
        raise ValueError(f"its vocab holds {len(extra)} token(s) that no merge makes, e.g. {extra[0]!r}")
    missing = made.difference(token_ids)
    if missing:
        raise ValueError(f"its vocab lacks {len(missing)} token(s) that bytes or merges make, e.g. {min(missing)!r}")
    return Tokenizer(merges, pattern, special_tokens=special, token_ids=token_ids)


def _pattern(pre_tokenizer):
    """The pre-tokenizer -> a ``Tokenizer`` pattern: "gpt2", a regex, or None."""
    steps = pre_tokenizer.get("pretokenizers") if pre_tokenizer and pre_tokenizer.get("type") == "Sequence" \
        else [pre_tokenizer]
    kinds = [step.get("type") if isinstance(step, dict) else None for step in steps]
    if kinds == ["ByteLevel"]:
        if steps[0].get("add_prefix_space"):
            raise ValueError("its ByteLevel pre-tokenizer adds a prefix space, which a bpe_lab.Tokenizer does not")
        return "gpt2" if steps[0].get("use_regex", True) else None
    if kinds == ["Split", "ByteLevel"] and not steps[1].get("use_regex", True) \
            and not steps[1].get("add_prefix_space") and steps[0].get("behavior") == "Isolated" \
            and not steps[0].get("invert") and "Regex" in steps[0].get("pattern", {}):
        return _from_oniguruma(steps[0]["pattern"]["Regex"])
    raise ValueError(f"its pre-tokenizer ({check.short(kinds)}) is not ByteLevel, nor Split (Isolated) + ByteLevel")
