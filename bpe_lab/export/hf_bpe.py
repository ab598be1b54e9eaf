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

Roles (``ROLES``): "<|endoftext|>" begins and ends texts, if the tokenizer has it; "<|pad|>" pads, or else
"<|endoftext|>" (``export.to_hf`` adds it to a folder's file, at the next free id, if the tokenizer has
neither). There is no unknown token: every text is bytes.

``tokenizers`` runs its regexes with Oniguruma, not Python's ``regex``; a few spellings mean different things
there and are rewritten (``to_oniguruma``). What a ``tokenizer.json`` cannot hold is refused with a
``ValueError``: two merges that make the same bytes (the file has one id per token string), a pattern
Oniguruma would read differently.

``read`` takes such a file (ours, or a byte-level BPE file from the Hub such as GPT-2's) back to a
``Tokenizer``; a file that is damaged (not JSON, cut short, a token or an id twice, an id missing) or that is
not byte-level BPE (a normalizer, a WordPiece model, ...) is a ``storage.FileFormatError`` naming it.
"""

from __future__ import annotations

import json
from pathlib import Path

import regex

from .. import _checks as check
from ..byte_level import from_printable, to_printable
from ..pretokenize import PATTERNS
from ..storage import FileFormatError, write_text_atomic
from ..tokenizer import Tokenizer

# tokenizer_json is the entry point of export.to_hf; write is its one-file form, read its inverse
__all__ = ["ROLES", "tokenizer_json", "write", "read", "to_oniguruma"]

END_OF_TEXT, PAD = "<|endoftext|>", "<|pad|>"
ROLES = {"bos_token": END_OF_TEXT, "eos_token": END_OF_TEXT, "pad_token": PAD}  # see the module's docstring
_BYTE_LEVEL = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}


def tokenizer_json(tokenizer) -> tuple[dict, dict]:
    """(the ``tokenizer.json`` document of a ``Tokenizer``, its roles), as dicts; what ``write`` writes.

    >>> document, roles = tokenizer_json(Tokenizer([(b"a", b"b")], None, special_tokens={"<|endoftext|>": 257}))
    >>> document["model"]["merges"], document["added_tokens"][0]["content"], roles["pad_token"]
    ([['a', 'b']], '<|endoftext|>', '<|endoftext|>')
    """
    token_ids = check.bpe_export(tokenizer, "a tokenizer.json")
    specials = tokenizer.special_tokens
    roles = {role: name for role, name in ROLES.items() if name in specials}
    roles.setdefault("pad_token", END_OF_TEXT)  # no "<|pad|>": the end-of-text token pads
    document = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [{"id": token_id, "content": name, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True}
                         for name, token_id in sorted(specials.items(), key=lambda item: item[1])],
        "normalizer": None,
        "pre_tokenizer": _pre_tokenizer(tokenizer.pattern),
        "post_processor": None,
        "decoder": dict(_BYTE_LEVEL, add_prefix_space=True),
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": {to_printable(token): token_id for token, token_id in token_ids.items()},
                  "merges": [[to_printable(left), to_printable(right)] for left, right in tokenizer.merges]},
    }
    return document, roles


def write(tokenizer, path) -> Path:
    """Write ``tokenizer`` (a byte-level ``bpe_lab.Tokenizer``) as a ``tokenizer.json`` at ``path``, atomically.

    Returns the path. ``tokenizers.Tokenizer.from_file(path)`` and
    ``transformers.PreTrainedTokenizerFast(tokenizer_file=path)`` then encode as ``tokenizer.encode(text,
    allowed_special="all")`` does. ValueError for what the format cannot hold (see the module's docstring).
    """
    (document, _), path = tokenizer_json(tokenizer), check.path(path)
    return write_text_atomic(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")


def _pre_tokenizer(pattern) -> dict:
    if pattern == "gpt2":
        return dict(_BYTE_LEVEL)  # tokenizers' built-in regex is GPT-2's
    if pattern is None:
        return dict(_BYTE_LEVEL, use_regex=False)
    split = {"type": "Split", "pattern": {"Regex": to_oniguruma(PATTERNS.get(pattern, pattern))},
             "behavior": "Isolated", "invert": False}
    return {"type": "Sequence", "pretokenizers": [split, dict(_BYTE_LEVEL, use_regex=False)]}


# One atom of a regex: a property (\p{L}), an escape, a character class, an interval ({1,3}, {1,3}+), a character.
_ATOM = regex.compile(r"\\[pP]\{[^}]*\}|\\.|\[\^?\]?(?:\\.|[^\]])*\]|\{\d*,?\d*\}\+?|[\s\S]")
# The anchors the two engines spell differently. Python: $ is the end or before a final newline, \Z the end,
# ^ the start; Oniguruma: \Z, \z and \A (its $ and ^ match at every line break).
_TO_ONIGURUMA = {"$": r"\Z", r"\Z": r"\z", "^": r"\A"}
_FROM_ONIGURUMA = {spelling: atom for atom, spelling in _TO_ONIGURUMA.items()}


def to_oniguruma(pattern: str) -> str:
    """A Python ``regex`` pattern spelled so that Oniguruma (``tokenizers``' regex engine) splits the same way.

    The anchors are respelled (``$`` becomes ``\\Z``, ``\\Z`` becomes ``\\z``, ``^`` becomes ``\\A``). A
    possessive interval (``{1,3}+``, a repeat in Oniguruma) loses its ``+`` at the end of a top-level
    alternative, where that cannot change a match; elsewhere it is refused (ValueError).

    >>> to_oniguruma(r"\\p{N}{1,3}+|\\s++$|\\s")
    '\\\\p{N}{1,3}|\\\\s++\\\\Z|\\\\s'
    """
    atoms = _ATOM.findall(check.text(pattern, "pattern", example=r"\s+|\w+"))
    out, depth = [], 0
    for number, atom in enumerate(atoms):
        depth += (atom == "(") - (atom == ")")
        if atom.startswith("{") and atom.endswith("}+"):
            if depth or atoms[number + 1 : number + 2] not in ([], ["|"]):
                raise ValueError(f"the pattern has a possessive interval ({atom!r}) that Oniguruma, the regex engine "
                                 "of tokenizer.json, reads as a repeat; write it without the possessive '+', e.g. "
                                 "{1,3} instead of {1,3}+")
            atom = atom[:-1]
        out.append(_TO_ONIGURUMA.get(atom, atom))
    return "".join(out)


def _from_oniguruma(pattern: str):
    """The inverse of ``to_oniguruma`` (a named pattern comes back as its name, e.g. "gpt4")."""
    for name in ("gpt4", "o200k"):
        if pattern == to_oniguruma(PATTERNS[name]):
            return name
    return "".join(_FROM_ONIGURUMA.get(atom, atom) for atom in _ATOM.findall(pattern))


# ------------------------------------------------------------------------------------------------
# Reading
# ------------------------------------------------------------------------------------------------

def read(path) -> Tokenizer:
    """A byte-level BPE ``tokenizer.json`` (as ``write`` writes it, or GPT-2's from the Hub) -> ``Tokenizer``.
    ``path`` may be the folder that holds it (what ``export.to_hf`` writes).

    ``storage.FileFormatError`` naming the file for one that is damaged (empty, not JSON, cut short, a token or
    an id twice, an id missing; the line where there is one), that is not byte-level BPE or that a
    ``Tokenizer`` cannot hold (a normalizer, another model, a token that no merge makes); FileNotFoundError if
    there is none. The whole file is checked in Python before anything is built from it.
    """
    path = check.path(path)
    path = path / "tokenizer.json" if path.is_dir() else path
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(f"no tokenizer.json at {path}") from None
    try:
        document = check.hf_json(data)
        return _from_document(document, *check.hf_bpe_model(document))
    except (TypeError, ValueError) as exc:
        raise FileFormatError(path, str(exc)) from None


def _from_document(data: dict, vocab: dict, merges: list, special: dict) -> Tokenizer:
    model = data["model"]
    if model.get("type", "BPE") != "BPE":
        raise ValueError(f"is not byte-level BPE: its model is {model.get('type')!r}; bpe_lab.from_hf reads "
                         "byte-level BPE only")
    for field in ("continuing_subword_prefix", "end_of_word_suffix", "dropout"):
        if model.get(field) not in (None, ""):
            raise ValueError(f"has {field}={model[field]!r} in its BPE model, which a bpe_lab.Tokenizer does not have")
    if data.get("normalizer") is not None:
        raise ValueError("has a normalizer, which a bpe_lab.Tokenizer does not have")
    pattern = _pattern(data.get("pre_tokenizer"))
    merges = [(from_printable(left), from_printable(right)) for left, right in merges]
    token_ids = {from_printable(token): token_id for token, token_id in vocab.items() if token not in special}
    made = {bytes([b]) for b in range(256)} | {left + right for left, right in merges}
    extra = [token for token in token_ids if token not in made]
    if extra:
        raise ValueError(f"holds {len(extra)} token(s) in its vocab that no merge makes, e.g. {extra[0]!r}: are "
                         "merges missing?")
    missing = made.difference(token_ids)
    if missing:
        raise ValueError(f"has {len(missing)} token(s) that bytes or merges make missing from its vocab, e.g. "
                         f"{min(missing)!r}")
    return Tokenizer(merges, pattern, special_tokens=special, token_ids=token_ids)


def _pattern(pre_tokenizer):
    """The pre-tokenizer -> a ``Tokenizer`` pattern: "gpt2", a regex, or None."""
    steps = pre_tokenizer.get("pretokenizers") if isinstance(pre_tokenizer, dict) \
        and pre_tokenizer.get("type") == "Sequence" else [pre_tokenizer]
    steps = steps if isinstance(steps, list) and all(isinstance(step, dict) for step in steps) else [None]
    kinds = [step.get("type") if step else None for step in steps]
    if kinds == ["ByteLevel"]:
        if steps[0].get("add_prefix_space"):
            raise ValueError("has a ByteLevel pre-tokenizer that adds a prefix space, which a bpe_lab.Tokenizer "
                             "does not")
        return "gpt2" if steps[0].get("use_regex", True) else None
    if kinds == ["Split", "ByteLevel"] and not steps[1].get("use_regex", True) \
            and not steps[1].get("add_prefix_space") and steps[0].get("behavior") == "Isolated" \
            and not steps[0].get("invert") and isinstance(steps[0].get("pattern"), dict) \
            and isinstance(steps[0]["pattern"].get("Regex"), str):
        return _from_oniguruma(steps[0]["pattern"]["Regex"])
    raise ValueError(f"has a pre-tokenizer ({check.short(kinds)}) that is not ByteLevel, nor Split (Isolated) + "
                     "ByteLevel")
