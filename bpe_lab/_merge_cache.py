"""A cache of the merges recovered from cl100k's and o200k's ranks, so that they load quickly after the first time.

Recovering the merges (``bpe_lab.ranks.merges_from_ranks``) runs BPE on each of 100,000 or 200,000 tokens,
which takes seconds. The answer depends only on the ranks, so ``bpe_lab.gpt2.load_encoding`` saves it once
and reads it back on every later load, in any process:

- **Where.** The folder ``$BPE_LAB_CACHE_DIR`` if that is set, else ``$XDG_CACHE_HOME/bpe_lab``, else
  ``~/.cache/bpe_lab``; one file per vocabulary, e.g. ``merges-cl100k_base.json`` (about 1 and 2 MB).
  ``bpe_lab.gpt2.cache_dir()`` says which folder. The test suite sets ``BPE_LAB_CACHE_DIR`` to a temporary one.
- **What.** A ``bpe_lab.storage`` file of kind "merge_cache" (versioned, checksummed, written atomically)::

      {"format": "bpe_lab.merge_cache", "version": 3, "checksum": "sha256:…", "vocabulary": "cl100k_base",
       "ranks_sha256": "2239…", "lefts": "IAAAAAABAABp…", "rights": "IAAAAAABAABu…", "unmergeable": []}

  ``ranks_sha256`` is the key: the sha256 of the rank file the merges came from (the hash tiktoken checks on
  download). The vocabulary is the 256 bytes (byte b at position b), then the tokens a merge makes, in rank
  order (merge r makes the token at position 256 + r); merge r joins the tokens at positions ``lefts[r]`` and
  ``rights[r]`` (``b" t"`` + ``b"he"``). ``lefts`` and ``rights`` are lists of positions ([32, 256, 105, …]) kept as
  NumPy writes them (4-byte little-endian integers) in base64 text: read back in milliseconds, where a JSON list
  of 200,000 numbers takes tens (``_positions_text``, ``_positions``). ``unmergeable`` lists the ranks of the
  tokens no merge makes, in the order ``merges_from_ranks`` gives them. (Version 2 kept the positions as JSON
  lists, and version 1 one split per token; such a file is rebuilt.)
- **Never trusted.** A cache is used only if it reads as a whole, valid file (version, fields, and a checksum of
  its bytes: ``storage.load``), is for the same vocabulary and the same ranks (``ranks_sha256``), has one merge
  per token, each joining two tokens made before it whose bytes are its token's bytes, and a sample of its merges
  recomputed from the ranks agrees. Anything else (a truncated file, a flipped byte, an old version, ranks
  that changed) is ignored and the merges are recovered again and saved over it. A cache that cannot be
  written (a read-only home) only costs time, with a warning.
- **Fast.** The positions are the keys of ``Tokenizer``'s tables, so a cached load builds them with a few
  ``zip``s (``ranks.RecoveredMerges``, ``Tokenizer._build_recovered``), and the checks run over whole arrays and
  lists (``benchmarks/bench_vocab_load.py`` times a load).
- **Two processes at once** (two kernels, two test workers) may both recover and save: each writes a
  temporary file and renames it over the cache (``storage.write_bytes_atomic``), so a reader sees the old
  file or the new one, never half of one, and both write the same content.
- **Clearing.** ``bpe_lab.gpt2.clear_cache()``, or ``python -m bpe_lab.gpt2 --clear-cache``, or delete the
  folder: the next load recovers the merges again.

(Within one process, ``load_encoding`` also keeps the merges it first read and builds each Tokenizer from them.)
"""

from __future__ import annotations

import base64
import os
import warnings
from itertools import islice, starmap
from operator import eq, lt
from pathlib import Path

import numpy as np

from . import ranks as ranks_module
from . import storage

ENVIRONMENT_VARIABLE = "BPE_LAB_CACHE_DIR"
_SAMPLE = 500  # merges recomputed from the ranks to check a cache that reads as valid


def cache_dir() -> Path:
    """The folder of the cache: $BPE_LAB_CACHE_DIR, else $XDG_CACHE_HOME/bpe_lab, else ~/.cache/bpe_lab."""
    chosen = os.environ.get(ENVIRONMENT_VARIABLE)
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base).expanduser() / "bpe_lab"


def cache_path(name: str) -> Path:
    """The cache file of the vocabulary ``name`` (e.g. "cl100k_base")."""
    return cache_dir() / f"merges-{name}.json"


def clear() -> list[Path]:
    """Delete every cache file (and temporary file left by an interrupted save); return the paths deleted."""
    folder, deleted = cache_dir(), []
    if not folder.is_dir():
        return deleted
    for path in sorted(folder.glob("merges-*.json")) + sorted(folder.glob(".merges-*.tmp")):
        try:
            path.unlink()
            deleted.append(path)
        except FileNotFoundError:  # another process deleted or replaced it first
            pass
    return deleted


def merges(name: str, ranks: dict[bytes, int], ranks_sha256: str, *, use_cache: bool = True):
    """``merges_from_ranks(ranks)``, read from the cache file if it holds them, else recovered and saved.

    ``ranks_sha256`` must be the sha256 of the file ``ranks`` were read from. With ``use_cache=False`` the
    merges are recovered from the ranks and the file is neither read nor written.
    """
    if not use_cache:
        return ranks_module.merges_from_ranks(ranks)
    path = cache_path(name)
    recovered = read(path, name, ranks, ranks_sha256)
    if recovered is None:
        recovered = ranks_module.merges_from_ranks(ranks)
        write(path, name, ranks, ranks_sha256, recovered)
    return recovered


# ------------------------------------------------------------------------------------------------
# The file: merges <-> positions
# ------------------------------------------------------------------------------------------------

def _long_tokens(ranks: dict[bytes, int]) -> list[bytes]:
    """The tokens of two bytes or more, in rank order: the tokens a merge could make."""
    values = list(ranks.values())
    in_order = all(map(lt, values, islice(values, 1, None)))  # rank files list tokens by rank: no need to sort
    return [token for token in (ranks if in_order else sorted(ranks, key=ranks.__getitem__)) if len(token) > 1]


def write(path: Path, name: str, ranks: dict[bytes, int], ranks_sha256: str, recovered) -> None:
    """Save ``recovered`` (what ``merges_from_ranks`` returned) as the cache file; warn if it cannot be written."""
    merged, _, unmergeable = recovered
    pairs = (merged if isinstance(merged, ranks_module.RecoveredMerges) else ranks_module.RecoveredMerges(merged)).pairs
    payload = {
        "vocabulary": name,
        "ranks_sha256": ranks_sha256,
        "lefts": _positions_text([left for left, _ in pairs]),
        "rights": _positions_text([right for _, right in pairs]),
        "unmergeable": [ranks[token] for token in unmergeable],
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        storage.save(path, "merge_cache", payload)
    except OSError as exc:
        warnings.warn(f"could not save the merge cache {path} ({exc}); loading {name} works but recovers its merges "
                      f"each time. Set {ENVIRONMENT_VARIABLE} to a folder you can write to.", stacklevel=3)


def read(path: Path, name: str, ranks: dict[bytes, int], ranks_sha256: str):
    """The cache file's (merges, token ids, unmergeable), or None if it is missing or not to be trusted."""
    try:
        return storage.load(path, "merge_cache", lambda payload, version: _rebuild(payload, name, ranks, ranks_sha256))
    except (OSError, storage.FileFormatError):
        return None


def _rebuild(payload: dict, name: str, ranks: dict[bytes, int], ranks_sha256: str):
    """A cache file's fields -> (merges, token ids, unmergeable) as ``merges_from_ranks`` gives them;
    ValueError if they are not for these ranks or do not hold together.

    Speed: o200k has 200,000 merges, so each check runs over whole arrays or lists in C (NumPy, ``map``, ``==``)
    rather than a Python loop per merge; only the spot check at the end runs BPE, on 500 tokens.
    """
    if payload["vocabulary"] != name or payload["ranks_sha256"] != ranks_sha256:
        raise ValueError("it was made from other ranks")
    unmergeable = payload["unmergeable"]
    if not isinstance(unmergeable, list):
        raise ValueError("its unmergeable must be a list")
    # the vocabulary, from the ranks: the 256 bytes, then the tokens a merge makes (all but the unmergeable)
    tokens = _long_tokens(ranks)
    if unmergeable:
        by_rank = {rank: token for token, rank in ranks.items()}
        if not all(type(rank) is int and len(by_rank.get(rank, b"")) > 1 for rank in unmergeable):
            raise ValueError("an unmergeable token is not a token of two bytes or more in the ranks")
        unmergeable = [by_rank[rank] for rank in unmergeable]
        left_out = set(unmergeable)
        if len(left_out) != len(unmergeable):
            raise ValueError("an unmergeable token is listed twice")
        tokens = [token for token in tokens if token not in left_out]
    vocab = ranks_module._SINGLE_BYTES + tokens  # the 256 bytes, then merge r makes vocab[256 + r]
    lefts, rights = _positions(payload["lefts"]), _positions(payload["rights"])  # arrays of positions
    if len(lefts) != len(tokens) or len(rights) != len(tokens):
        raise ValueError("it does not have one merge per token")
    # merge r joins the tokens at positions lefts[r] and rights[r]: each a byte or a token made before it ...
    made_before = np.arange(256, 256 + len(tokens))  # merge r may use the positions below 256 + r
    for positions in (lefts, rights):
        if (positions < 0).any():
            raise ValueError("a position is negative")
        if (positions >= made_before).any():
            raise ValueError("a merge uses a token that is made by a later merge")
    lefts, rights = lefts.tolist(), rights.tolist()  # (Python ints: the keys of Tokenizer's tables)
    merges = ranks_module.RecoveredMerges(zip(map(vocab.__getitem__, lefts), map(vocab.__getitem__, rights)),
                                          tokens=tokens, pairs=list(zip(lefts, rights)))  # (left bytes, right bytes)
    # ... and whose bytes, joined, are its token's (each join compared, then dropped: never 200,000 kept at once)
    if not all(map(eq, starmap(bytes.__add__, merges), tokens)):
        raise ValueError("a merge does not join the bytes of its token")
    # spot check: a sample of merges (and every unmergeable token), recomputed from the ranks
    for r in range(0, len(tokens), max(1, len(tokens) // _SAMPLE)):
        token = tokens[r]
        if ranks_module.bpe_by_rank(token, ranks, below=ranks[token]) != list(merges[r]):
            raise ValueError(f"the merge of {token!r} differs from the one recovered from the ranks")
    kept = set(vocab) if unmergeable else set()
    for token in unmergeable:
        pieces = ranks_module.bpe_by_rank(token, ranks, below=ranks[token])
        if len(pieces) == 2 and pieces[0] in kept and pieces[1] in kept:
            raise ValueError(f"the token {token!r} is listed as unmergeable, but a merge of kept tokens makes it")
    token_ids = {token: ranks[token] for token in vocab} if unmergeable else ranks  # every token is kept
    return merges, token_ids, unmergeable


def _positions_text(positions: list[int]) -> str:
    """Vocabulary positions as the cache file keeps them: 4-byte little-endian integers, in base64 text.

    >>> _positions_text([32, 256, 105])
    'IAAAAAABAABpAAAA'
    """
    return base64.b64encode(np.array(positions, dtype="<i4").tobytes()).decode("ascii")


def _positions(text) -> np.ndarray:
    """``_positions_text`` read back, as a NumPy array; ValueError for anything else.

    >>> _positions("IAAAAAABAABpAAAA").tolist()
    [32, 256, 105]
    """
    try:
        return np.frombuffer(base64.b64decode(text, validate=True), dtype="<i4")
    except (TypeError, ValueError):  # not text, not base64 (binascii.Error), or not 4 bytes per position
        raise ValueError("its lefts and rights must be base64 text of 4-byte integers") from None
