"""A byte-level BPE tokenizer with ids: train, encode, decode, save and load.

Ids 0–255 are the 256 byte values, so every string has an encoding and nothing is ever unknown.
Each learned merge adds one id: merge number ``r`` (its rank, from 0) makes id ``256 + r``.

    text --pre-tokenize (regex)--> chunks --UTF-8--> bytes --merges, lowest rank first--> ids

The argument names follow tiktoken where they can (``pattern`` plays the role of its ``pat_str``).
Special tokens (such as ``<|endoftext|>``) are whole strings with ids of their own; ``encode`` refuses
them unless allowed, as tiktoken does. The real GPT-2 vocabulary is built on this class in ``bpe_lab.gpt2``.
"""

from __future__ import annotations

import numbers
import reprlib
from collections import Counter
from collections.abc import Mapping
from functools import partial
from itertools import chain, repeat
from pathlib import Path

import regex

from . import fast_bpe, pretokenize, storage
from .byte_level import from_printable, show_token, to_printable

__all__ = ["Tokenizer", "FORMAT", "FORMAT_VERSION"]

FORMAT = "bpe_lab.tokenizer"
FORMAT_VERSION = 1
_NOT_LEARNED = 1 << 62  # the rank of a pair that was never merged
_CACHE_LIMIT = 500_000  # distinct chunks kept by a Tokenizer's encoding cache


def _check_text(text) -> str:
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return text


_SURROGATE = regex.compile(r"[\ud800-\udfff]")


def _surrogate_error(text: str) -> ValueError:
    """The error for a text UTF-8 cannot encode: it names the first lone surrogate and what to do.

    A Python str can hold a lone surrogate (U+D800–U+DFFF), e.g. from ``bytes.decode(errors="surrogateescape")``
    or from a JSON "\\ud83d" escape cut in half; UTF-8 has no bytes for one, so it has no token ids either.
    """
    match = _SURROGATE.search(text)
    if match is None:  # not expected: only surrogates make UTF-8 encoding fail
        return ValueError("text cannot be encoded as UTF-8")
    return ValueError(
        f"text contains a lone surrogate U+{ord(match.group()):04X} at index {match.start()}, which UTF-8 "
        "cannot encode, so it has no token ids. Remove or replace it first, e.g. "
        "text.encode('utf-8', errors='replace').decode('utf-8') turns each one into '?'; if it is half of a "
        "UTF-16 pair, text.encode('utf-16', 'surrogatepass').decode('utf-16') joins the pairs."
    )


def _check_pattern(pattern):
    """None (no pre-tokenization), a pattern name, or a regex string; checked by compiling it."""
    if pattern is not None:
        pretokenize.compile_pattern(pattern)
    return pattern


class Tokenizer:
    """Byte-level BPE. Build one with ``Tokenizer.train(...)`` or ``Tokenizer.load(path)``.

    >>> tok = Tokenizer.train("the cat sat on the mat " * 20, vocab_size=270)
    >>> ids = tok.encode("the cat")
    >>> tok.decode(ids)
    'the cat'
    >>> [tok.token_bytes(i) for i in ids]
    [b'the', b' cat']
    """

    def __init__(self, merges=(), pattern: str | None = "gpt2", *, special_tokens=None, token_ids=None):
        """``merges``: (left bytes, right bytes) pairs in rank order. ``special_tokens``: name -> id.
        ``token_ids``: bytes -> id for every byte and merged token, where a vocabulary numbers its tokens
        its own way (GPT-2's bytes are not ids 0-255 in byte order); by default byte b is id b and
        merge r makes id 256 + r.
        """
        self.pattern = _check_pattern(pattern)
        self._split = partial(pretokenize.split, pattern=pattern) if pattern is not None else (lambda t: [t] if t else [])
        self.merges: list[tuple[bytes, bytes]] = []
        self.vocab: list[bytes] = [bytes([b]) for b in range(256)]  # id -> bytes
        self._ids: dict[bytes, int] = {token: i for i, token in enumerate(self.vocab)}  # bytes -> first id
        self._ranks: dict[tuple[int, int], int] = {}  # (left id, right id) -> rank of the merge
        self._merged: dict[tuple[int, int], int] = {}  # (left id, right id) -> id of the merged token
        if isinstance(merges, (str, bytes)) or not hasattr(merges, "__iter__"):
            raise TypeError(f"merges must be a list of (left bytes, right bytes) pairs, got {type(merges).__name__}")
        for rank, merge in enumerate(merges):
            if (not isinstance(merge, (tuple, list)) or len(merge) != 2
                    or not all(isinstance(part, bytes) and part for part in merge)):
                raise ValueError(f"merges[{rank}] must be a pair of non-empty bytes, got {merge!r}")
            left, right = merge
            if left not in self._ids or right not in self._ids:
                raise ValueError(f"merges[{rank}] = {merge!r} uses a token that no earlier merge made")
            pair = (self._ids[left], self._ids[right])
            if pair in self._ranks:
                raise ValueError(f"merges[{rank}] repeats the pair {merge!r}")
            self._ranks[pair] = rank
            # subtle: if another merge already made the same bytes, encoding keeps using that first id,
            # so equal bytes always get equal ids (id 256 + rank still decodes to the same bytes)
            self._merged[pair] = self._ids.setdefault(left + right, len(self.vocab))
            self.merges.append((left, right))
            self.vocab.append(left + right)
        self._external = self._number_tokens(token_ids)  # internal index -> the id callers see
        self._decoder: dict[int, bytes] = {i: self.vocab[k] for k, i in enumerate(self._external)}
        self.special_tokens: dict[str, int] = {}
        if special_tokens is not None and not isinstance(special_tokens, Mapping):
            raise TypeError(f"special_tokens must be a dict name -> id, got {type(special_tokens).__name__}; "
                            "pass e.g. {'<|endoftext|>': 256}")
        for name, token_id in (special_tokens or {}).items():
            self.add_special_token(name, token_id)
        self._cache: dict[str, list[int]] = {}

    def _number_tokens(self, token_ids) -> list[int]:
        if token_ids is None:
            return list(range(len(self.vocab)))
        if not isinstance(token_ids, dict):
            raise TypeError(f"token_ids must be a dict bytes -> id, got {type(token_ids).__name__}")
        external, owner = [], {}
        for token in self.vocab:
            token_id = token_ids.get(token)
            if isinstance(token_id, bool) or not isinstance(token_id, int) or token_id < 0:
                raise ValueError(f"token_ids must give every token a whole-number id >= 0; {token!r} has {token_id!r}")
            if owner.setdefault(token_id, token) != token:
                raise ValueError(f"token_ids gives id {token_id} to both {owner[token_id]!r} and {token!r}")
            external.append(token_id)
        return external

    def add_special_token(self, name: str, token_id: int) -> None:
        """Register a special token such as "<|endoftext|>" under an id no regular token uses.

        ``name``: a non-empty str. ``token_id``: an int >= 0 that no token has yet.
        """
        if not isinstance(name, str) or not name:
            error = ValueError if isinstance(name, str) else TypeError  # '' is a str with a wrong value
            raise error(f"a special token's name must be a non-empty str, got {reprlib.repr(name)}")
        if isinstance(token_id, bool) or not isinstance(token_id, int) or token_id < 0:
            error = ValueError if isinstance(token_id, int) and not isinstance(token_id, bool) else TypeError
            raise error(f"the id of special token {name!r} must be a whole number >= 0, got {reprlib.repr(token_id)}")
        if token_id in self._decoder:
            raise ValueError(f"id {token_id} is already used by token {self._decoder[token_id]!r}; "
                             f"give {name!r} an unused id, e.g. {self.vocab_size}")
        if name in self.special_tokens:
            raise ValueError(f"special token {name!r} is already registered (id {self.special_tokens[name]})")
        if _SURROGATE.search(name):
            raise ValueError(f"special token {name!r}: " + str(_surrogate_error(name)).replace("text contains", "it contains"))
        self.special_tokens[name] = token_id
        self._decoder[token_id] = name.encode("utf-8")

    # ------------------------------------------------------------------------------------------
    @classmethod
    def train(cls, text: str, vocab_size: int, pattern: str | None = "gpt2", *,
              tie_break: str = "smallest") -> "Tokenizer":
        """Learn ``vocab_size - 256`` merges from a text with the fast trainer.

        ``pattern``: "gpt2", a regex string, or None to treat the whole text as one chunk.
        ``tie_break``: "smallest" (BPE Lab's rule) or "hf" (Hugging Face ``tokenizers``' order).
        Training stops early if every chunk has become a single token.
        """
        _check_text(text)
        if isinstance(vocab_size, bool) or not isinstance(vocab_size, numbers.Integral):
            raise TypeError(f"vocab_size must be a whole number of at least 256, got {vocab_size!r}")
        if vocab_size < 256:
            raise ValueError(f"vocab_size must be at least 256 (the byte alphabet), got {vocab_size}")
        _check_pattern(pattern)
        chunks = pretokenize.chunk_counts(text, pattern) if pattern is not None else Counter([text] if text else [])
        if not chunks:
            raise ValueError("text is empty: pass the text to learn merges from")
        try:
            words = {chunk.encode("utf-8"): count for chunk, count in chunks.items()}
        except UnicodeEncodeError:
            raise _surrogate_error(text) from None  # the index in the whole text
        result = fast_bpe.train(words, int(vocab_size) - 256, tie_break=tie_break)
        return cls(result.merges, pattern)

    @classmethod
    def from_ranks(cls, mergeable_ranks: dict, pattern: str | None, special_tokens=None) -> "Tokenizer":
        """Build a Tokenizer from tiktoken-style ranks (token bytes -> rank, which is also its id).

        tiktoken stores no merges, only a rank per token. The merge that makes a token is recovered
        by running BPE on the token's own bytes with the tokens of lower rank: if that ends in exactly two
        pieces, those are its merge. A token for which it does not cannot be expressed as a pair merge;
        such tokens are kept out of the merges and listed in ``.unmergeable``.
        """
        if not isinstance(mergeable_ranks, dict):
            raise TypeError(f"mergeable_ranks must be a dict bytes -> rank, got {type(mergeable_ranks).__name__}")
        owner = {}  # rank -> the first token with it
        for token, rank in mergeable_ranks.items():
            if not isinstance(token, bytes):
                raise TypeError(f"mergeable_ranks must map bytes to ranks, got the key {reprlib.repr(token)} "
                                f"({type(token).__name__}); pass token bytes such as b'ab', e.g. 'ab'.encode('utf-8')")
            if isinstance(rank, bool) or not isinstance(rank, int) or rank < 0:
                error = ValueError if isinstance(rank, int) and not isinstance(rank, bool) else TypeError
                raise error(f"mergeable_ranks[{reprlib.repr(token)}] must be a whole number >= 0, "
                            f"got {reprlib.repr(rank)}")
            if owner.setdefault(rank, token) != token:
                raise ValueError(f"mergeable_ranks gives rank {rank} to both {reprlib.repr(owner[rank])} and "
                                 f"{reprlib.repr(token)}; each token needs a rank of its own")
        singles = [token for token in mergeable_ranks if len(token) == 1]
        if len(singles) != 256:
            raise ValueError(f"mergeable_ranks must hold all 256 single bytes, it holds {len(singles)}")
        merges, unmergeable = [], []
        for token, rank in sorted(mergeable_ranks.items(), key=lambda item: item[1]):
            if len(token) == 1:
                continue
            pieces = _bpe_by_rank(token, mergeable_ranks, below=rank)
            if len(pieces) == 2:
                merges.append((pieces[0], pieces[1]))
            else:
                unmergeable.append(token)
        # every token of a merge must itself exist; skipped tokens cannot be used by later merges
        kept = {bytes([b]) for b in range(256)}
        usable = []
        for left, right in merges:
            if left in kept and right in kept:
                usable.append((left, right))
                kept.add(left + right)
            else:
                unmergeable.append(left + right)
        token_ids = {token: mergeable_ranks[token] for token in kept}
        tokenizer = cls(usable, pattern, special_tokens=special_tokens, token_ids=token_ids)
        tokenizer.unmergeable = unmergeable
        return tokenizer

    # ------------------------------------------------------------------------------------------
    def _encode_chunk(self, data: bytes) -> list[int]:
        """One chunk's bytes -> ids: merge the adjacent pair with the lowest rank until none is left."""
        ids = list(data)
        ranks = self._ranks
        while len(ids) >= 2:
            pairs = list(zip(ids, ids[1:]))
            pair_ranks = list(map(ranks.get, pairs, repeat(_NOT_LEARNED)))  # e.g. [3, NOT_LEARNED, 0]
            best = min(pair_ranks)
            if best == _NOT_LEARNED:
                break  # no adjacent pair was ever merged: done
            i = pair_ranks.index(best)
            left, right = pairs[i]
            new_id = self._merged[left, right]
            # bpe._merge does the same, but this is the hot path of encoding: start at the first
            # occurrence (found above) instead of rescanning the prefix, and stay with lists
            merged = ids[:i]
            while i < len(ids):
                if i + 1 < len(ids) and ids[i] == left and ids[i + 1] == right:
                    merged.append(new_id)
                    i += 2
                else:
                    merged.append(ids[i])
                    i += 1
            ids = merged
        return ids

    def encode(self, text: str, allowed_special="none") -> list[int]:
        """Text -> ids. Special tokens in the text are refused unless allowed, as tiktoken does.

        ``allowed_special``: "none" (the default), "all", or a set of special-token names to encode
        as their ids. A special token that is not allowed raises ``ValueError``; to encode its
        characters as ordinary text, use ``encode_ordinary``. An empty text gives [].
        """
        _check_text(text)
        if not self.special_tokens and allowed_special == "none":
            return self.encode_ordinary(text)
        if allowed_special == "all":
            allowed = set(self.special_tokens)
        elif allowed_special == "none":
            allowed = set()
        elif isinstance(allowed_special, (set, frozenset, list, tuple)):
            allowed = set(allowed_special)
            unknown = allowed - set(self.special_tokens)
            if unknown:
                raise ValueError(f"allowed_special names tokens this tokenizer does not have: {sorted(unknown)}; "
                                 f"it has {sorted(self.special_tokens)}")
        else:
            error = ValueError if isinstance(allowed_special, str) else TypeError
            raise error(f'allowed_special must be "none", "all" or a set of names, got {reprlib.repr(allowed_special)}')
        if not self.special_tokens:
            return self.encode_ordinary(text)
        for name in self.special_tokens:
            if name not in allowed and name in text:
                raise ValueError(
                    f"the text contains the special token {name!r}. To encode it as its id "
                    f"{self.special_tokens[name]}, pass allowed_special={{{name!r}}} (or \"all\"); to encode "
                    "its characters as ordinary text, use encode_ordinary(text)."
                )
        if not allowed:
            return self.encode_ordinary(text)
        ids: list[int] = []
        pieces = regex.split("(" + "|".join(regex.escape(n) for n in sorted(allowed, key=len, reverse=True)) + ")", text)
        try:
            for position, piece in enumerate(pieces):
                if position % 2:  # the separators regex.split keeps: the special tokens themselves
                    ids.append(self.special_tokens[piece])
                elif piece:
                    ids += self._encode_ordinary(piece)
        except UnicodeEncodeError:
            raise _surrogate_error(text) from None  # the index in the whole text, not in one piece
        return ids

    def encode_ordinary(self, text: str) -> list[int]:
        """Text -> ids, with any special-token text encoded as ordinary characters.

        Each distinct chunk is encoded once; repeated chunks are looked up in a cache. A text UTF-8
        cannot encode (one with a lone surrogate) raises ``ValueError`` naming the character and its index.
        An empty text gives [].
        """
        _check_text(text)
        try:
            return self._encode_ordinary(text)
        except UnicodeEncodeError:
            raise _surrogate_error(text) from None

    def _encode_ordinary(self, text: str) -> list[int]:
        chunks = self._split(text)  # ['It', ' is', ' a', ' truth', ...]
        cache = self._cache
        missing = set(chunks).difference(cache)
        if len(cache) + len(missing) > _CACHE_LIMIT:
            cache.clear()  # keep memory bounded on huge texts; the chunks of this text still fit below
            missing = set(chunks)
        external = self._external
        for chunk in missing:
            cache[chunk] = [external[i] for i in self._encode_chunk(chunk.encode("utf-8"))]
        return list(chain.from_iterable(map(cache.__getitem__, chunks)))

    def decode_bytes(self, ids) -> bytes:
        """Ids -> the bytes they stand for."""
        if isinstance(ids, (str, bytes)) or not hasattr(ids, "__iter__"):
            raise TypeError(f"ids must be a list of integers, got {type(ids).__name__}")
        out = []
        decoder = self._decoder
        for position, i in enumerate(ids):
            # subtle: check the type first: 3.0 == 3 and hash(3.0) == hash(3), so a float would find a token
            if type(i) is not int and (isinstance(i, bool) or not isinstance(i, numbers.Integral)):
                raise TypeError(f"ids[{position}] must be an integer token id ({self._valid_ids()}), "
                                f"got {reprlib.repr(i)} of type {type(i).__name__}")
            token = decoder.get(i)
            if token is None:
                raise ValueError(f"ids[{position}] = {i} is not a token id of this tokenizer ({self._valid_ids()})")
            out.append(token)
        return b"".join(out)

    def _valid_ids(self) -> str:
        """The ids this tokenizer has, as ranges, for error messages: "ids run from 0 to 299", or with
        the gaps of a custom numbering: "its ids are 0-100255, 100257-100260 and 100276"."""
        cached = getattr(self, "_valid_ids_text", None)  # (number of ids, text); add_special_token adds one
        if cached is not None and cached[0] == len(self._decoder):
            return cached[1]
        ids = sorted(self._decoder)
        ranges, start = [], ids[0]
        for previous, current in zip(ids, ids[1:] + [-1]):  # -1 closes the last range
            if current != previous + 1:
                ranges.append(f"{start}" if start == previous else f"{start}-{previous}")
                start = current
        shown = ranges if len(ranges) <= 6 else ranges[:5] + [f"{len(ranges) - 5} more ranges up to {ids[-1]}"]
        if len(ids) == ids[-1] + 1:
            text = f"ids run from 0 to {ids[-1]}"
        else:
            text = "its ids are " + (", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0])
        self._valid_ids_text = (len(ids), text)
        return text

    def decode(self, ids) -> str:
        """Ids -> text. Bytes that are not valid UTF-8 (a cut-off character) become '\ufffd'."""
        return self.decode_bytes(ids).decode("utf-8", errors="replace")

    def token_bytes(self, token_id: int) -> bytes:
        """The bytes of one token; ``token_id`` is an int id of this tokenizer (regular or special)."""
        # subtle: check the type first: 3.0 == 3 and hash(3.0) == hash(3), so a float would find a token
        if type(token_id) is not int and (isinstance(token_id, bool) or not isinstance(token_id, numbers.Integral)):
            raise TypeError(f"token_id must be an integer token id ({self._valid_ids()}), "
                            f"got {reprlib.repr(token_id)} of type {type(token_id).__name__}")
        token = self._decoder.get(token_id)
        if token is None:
            raise ValueError(f"token_id = {reprlib.repr(token_id)} is not a token id of this tokenizer "
                             f"({self._valid_ids()})")
        return token

    @property
    def vocab_size(self) -> int:
        """One more than the largest id (regular and special tokens)."""
        return max(self._decoder) + 1

    def vocab_listing(self) -> str:
        """One line per token: id, its bytes as readable text (cut characters shown as ⟨hex⟩), the merge."""
        lines = [f"# {len(self.vocab)} tokens: 256 bytes, then {len(self.merges)} merges in learned order"
                 + (f", and {len(self.special_tokens)} special tokens" if self.special_tokens else "")]
        for k, token in enumerate(self.vocab):
            made = "" if k < 256 else f"   <- {show_token(self.merges[k - 256][0])} + {show_token(self.merges[k - 256][1])}"
            lines.append(f"{self._external[k]:>6}  {show_token(token).replace(' ', '␣')}{made}")
        for name, token_id in self.special_tokens.items():
            lines.append(f"{token_id:>6}  {name}   (special)")
        return "\n".join(lines)

    # ------------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The tokenizer as the JSON document ``save`` writes (without its checksum)."""
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "pattern": self.pattern,
            # GPT-2's printable characters keep the file readable and exact (one character per byte)
            "merges": [[to_printable(left), to_printable(right)] for left, right in self.merges],
            # by id, so the same tokens give the same file whatever order they were added in
            "special_tokens": dict(sorted(self.special_tokens.items(), key=lambda item: item[1])),
            # the id of each token in vocabulary order (bytes 0-255, then merges), or null for the default
            "token_ids": None if self._external == list(range(len(self.vocab))) else list(self._external),
        }

    def save(self, path) -> Path:
        """Write the tokenizer as versioned JSON; returns the path.

        The file is written to a temporary file first and then renamed, so an interrupted save never
        leaves half a file (see ``bpe_lab.storage``); the same tokenizer always gives the same bytes.
        """
        payload = {key: value for key, value in self.to_dict().items() if key not in ("format", "version")}
        return storage.save(path, "tokenizer", payload)

    @classmethod
    def load(cls, path) -> "Tokenizer":
        """Read a tokenizer saved with ``save``.

        A truncated, damaged or foreign file, one of another kind or of a newer version raises
        ``bpe_lab.storage.FileFormatError`` (a ``ValueError``) naming the file and the problem.
        """
        return storage.load(path, "tokenizer", lambda payload, version: cls._from_payload(payload))

    @classmethod
    def _from_payload(cls, data: dict) -> "Tokenizer":
        """The fields of a saved tokenizer -> a Tokenizer; ValueError/TypeError for anything wrong."""
        merges = data["merges"]
        if not isinstance(merges, list):
            raise ValueError(f"\"merges\" must be a list of [left, right] pairs, got {type(merges).__name__}")
        pairs = []
        for rank, merge in enumerate(merges):
            if not (isinstance(merge, list) and len(merge) == 2 and all(isinstance(p, str) and p for p in merge)):
                raise ValueError(f"merges[{rank}] must be a pair of non-empty strings, got {storage._short(merge)}")
            try:
                pairs.append((from_printable(merge[0]), from_printable(merge[1])))
            except ValueError as exc:
                raise ValueError(f"merges[{rank}]: {exc}") from None
        pattern, special, numbering = data["pattern"], data.get("special_tokens", {}), data.get("token_ids")
        if not (pattern is None or isinstance(pattern, str)):
            raise ValueError(f"pattern must be a name such as \"gpt2\", a regex string or null, got {storage._short(pattern)}")
        if not isinstance(special, dict):
            raise ValueError(f"\"special_tokens\" must be an object name -> id, got {storage._short(special)}")
        if not (numbering is None or isinstance(numbering, list)):
            raise ValueError(f"\"token_ids\" must be a list of ids or null, got {type(numbering).__name__}")
        token_ids = None
        if numbering is not None:
            if len(numbering) != 256 + len(pairs):
                raise ValueError(f"\"token_ids\" has {len(numbering)} ids for {256 + len(pairs)} tokens "
                                 "(256 bytes and one per merge)")
            tokens = [bytes([b]) for b in range(256)] + [left + right for left, right in pairs]
            token_ids = {}
            for token, token_id in zip(tokens, numbering):
                # a token made by two different merges has one id, so both entries must agree
                if token_ids.setdefault(token, token_id) != token_id:
                    raise ValueError(f"\"token_ids\" gives the token {token!r} two ids, {token_ids[token]} and {token_id}")
        return cls(pairs, pattern, special_tokens=special, token_ids=token_ids)

    def __repr__(self) -> str:
        return f"Tokenizer(vocab_size={self.vocab_size}, pattern={self.pattern!r})"


def _bpe_by_rank(data: bytes, ranks: dict, below: int) -> list[bytes]:
    """tiktoken's rule on one piece: merge the adjacent parts whose joined bytes have the lowest rank
    (only ranks below ``below``), until no joined pair is a token."""
    parts = [data[i : i + 1] for i in range(len(data))]
    while len(parts) > 1:
        best_rank, best = below, None
        for i in range(len(parts) - 1):
            rank = ranks.get(parts[i] + parts[i + 1])
            if rank is not None and rank < best_rank:
                best_rank, best = rank, i
        if best is None:
            break
        parts[best : best + 2] = [parts[best] + parts[best + 1]]
    return parts
