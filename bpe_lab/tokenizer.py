"""A byte-level BPE tokenizer with ids: train, encode, decode, save and load.

Ids 0–255 are the 256 byte values, so every string has an encoding and nothing is ever unknown.
Each learned merge adds one id: merge number ``r`` (its rank, from 0) makes id ``256 + r``.

    text --pre-tokenize (regex)--> chunks --UTF-8--> bytes --merges, lowest rank first--> ids

This is notebook 03's ``encode_bytes`` and ``decode_bytes`` kept in one object, with notebook 04's regex in
front. The argument names follow tiktoken where they can (``pattern`` plays the role of its ``pat_str``).
Special tokens (such as ``<|endoftext|>``) are whole strings with ids of their own; ``encode`` refuses
them unless allowed, as tiktoken does.

What this module does not do: learn merges the readable way (``bpe_lab.bpe``; ``train`` here calls the fast
trainer, ``bpe_lab.fast_bpe``), encode many chunks fast (``bpe_lab._batch_encode`` runs ``_encode_chunk``'s
loop on all the new chunks of a text at once, with NumPy; its docstring shows why the ids are the same),
split text into chunks (``bpe_lab.pretokenize``), recover merges from tiktoken's ranks (``bpe_lab.ranks``),
read GPT-2's own files (``bpe_lab.gpt2``) or write files safely (``bpe_lab.storage``). Argument checks live
in ``bpe_lab._checks.tokenizer``.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from itertools import chain, islice, repeat
from pathlib import Path

import regex

from . import _checks as check
from . import fast_bpe, pretokenize, ranks, storage
from ._batch_encode import BatchEncoder
from .byte_level import from_printable, show_token, to_printable

__all__ = ["Tokenizer", "FORMAT", "FORMAT_VERSION"]

FORMAT = "bpe_lab.tokenizer"
FORMAT_VERSION = 1
_NOT_LEARNED = 1 << 62  # the rank of a pair that was never merged
_CACHE_LIMIT = 500_000  # distinct chunks kept by a Tokenizer's encoding cache
_BATCH_FROM = 200  # new chunks in one text from which they are encoded all at once (bpe_lab._batch_encode)


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
        self.pattern, self._split = pattern, _splitter(pattern)
        # sets self.merges, self.vocab (the 256 bytes, then one token per merge) and the tables encoding reads
        if isinstance(merges, ranks.RecoveredMerges):  # recovered from ranks: consistent by construction
            self._build_recovered(merges, token_ids)
        else:
            self._build(check.tokenizer_merges(merges), token_ids)
        self._decoder: dict[int, bytes] = dict(zip(self._external, self.vocab))  # id -> bytes, specials too
        self.special_tokens: dict[str, int] = {}
        for name, token_id in check.tokenizer_special_tokens(special_tokens).items():
            self.add_special_token(name, token_id)
        self._cache: dict[str, tuple[int, ...]] = {}  # chunk -> its ids (see encode_ordinary)
        self._batch: BatchEncoder | bool | None = None  # see _batch_encoder: built when first needed

    def _build(self, merges: list[tuple[bytes, bytes]], token_ids) -> None:
        """The vocabulary and the tables encoding reads, one merge at a time."""
        self.merges = merges
        self.vocab: list[bytes] = [bytes([b]) for b in range(256)]  # the 256 bytes, then one token per merge
        # encoding works on vocabulary positions: the rank of each pair and the token it makes
        self._ranks: dict[tuple[int, int], int] = {}  # (left, right) -> rank of the merge
        self._merged: dict[tuple[int, int], int] = {}  # (left, right) -> the merged token
        position = {token: k for k, token in enumerate(self.vocab)}  # bytes -> first position
        lefts, rights = self._lefts_rights = [], []  # the same pairs as two lists, for the batch encoder
        for rank, (left, right) in enumerate(self.merges):
            token = left + right
            self.vocab.append(token)
            pair = (position[left], position[right])
            self._ranks[pair] = rank
            # subtle: if another merge already made the same bytes, encoding keeps using that first id,
            # so equal bytes always get equal ids (id 256 + rank still decodes to the same bytes)
            self._merged[pair] = position.setdefault(token, 256 + rank)
            lefts.append(pair[0])
            rights.append(pair[1])
        self._plain = len(position) == len(self.vocab)  # no merge made bytes an earlier one made (_batch_encode)
        self._external: list[int] = check.tokenizer_token_ids(token_ids, self.vocab)  # vocab[k]'s id is _external[k]

    def _build_recovered(self, merges: ranks.RecoveredMerges, token_ids: dict[bytes, int] | None) -> None:
        """``_build``'s tables, built at once for merges recovered from ranks (no Python loop over the merges).

        There each merge makes a token no other merge makes, so merge r's token is at position 256 + r, and
        ``merges.pairs`` already holds each merge as the positions of its two tokens: the loop of ``_build``
        becomes one ``zip`` per table, run in C.
        """
        self.merges = list(merges)
        self.vocab = [bytes([b]) for b in range(256)] + merges.tokens
        numbers = list(range(256 + len(merges)))  # (one int object per number, shared by the two tables: less memory)
        self._ranks = dict(zip(merges.pairs, numbers))  # merge r: (left, right) -> r
        self._merged = dict(zip(merges.pairs, numbers[256:]))  # merge r: (left, right) -> 256 + r
        if token_ids is None:  # byte b is id b, merge r makes id 256 + r
            self._external = list(range(len(self.vocab)))
        else:  # the ranks are the ids
            self._external = list(map(token_ids.__getitem__, self.vocab[:256])) + _values_of(token_ids, merges.tokens)
        self._lefts_rights = None  # worked out from merges.pairs if the batch encoder needs them
        self._plain = True  # each recovered merge makes a token no other merge makes

    def _batch_encoder(self) -> BatchEncoder | None:
        """The encoder of many chunks at once (``bpe_lab._batch_encode``), built the first time it is asked for;
        None for merges that are not plain (they keep the readable loop)."""
        if self._batch is None:
            if self._plain and self._lefts_rights is None:  # merge r joins positions lefts[r] and rights[r]
                pairs = list(self._ranks)  # in rank order
                self._lefts_rights = ([left for left, _ in pairs], [right for _, right in pairs])
            self._batch = BatchEncoder(*self._lefts_rights, self._external) if self._plain else False
        return self._batch or None

    def add_special_token(self, name: str, token_id: int) -> None:
        """Register a special token such as "<|endoftext|>" under an id no regular token uses.

        ``name``: a non-empty str. ``token_id``: an int >= 0 that no token has yet.
        """
        check.tokenizer_special_token(name, token_id, self._decoder, self.special_tokens)
        self.special_tokens[name] = token_id
        self._decoder[token_id] = name.encode("utf-8")

    # ------------------------------------------------------------------------------------------
    @classmethod
    def train(cls, text: str, vocab_size: int, pattern: str | None = "gpt2", *,
              tie_break: str = "smallest", progress: bool = False) -> "Tokenizer":
        """Learn ``vocab_size - 256`` merges from a text with the fast trainer.

        ``pattern``: "gpt2", a regex string, or None to treat the whole text as one chunk.
        ``tie_break``: "smallest" (BPE Lab's rule) or "hf" (Hugging Face ``tokenizers``' order).
        ``progress=True`` shows the merges as a bar (in a notebook) or a line (in a terminal).
        Training stops early if every chunk has become a single token.
        """
        text, vocab_size = check.text(text), check.tokenizer_vocab_size(vocab_size)
        progress = check.switch(progress, "progress")
        _splitter(pattern)  # refuses a bad pattern before any work
        chunks = pretokenize.chunk_counts(text, pattern) if pattern is not None else Counter([text] if text else [])
        words = check.tokenizer_corpus(chunks, text)  # {b'the': 120, b' cat': 20, ...}
        result = fast_bpe.train(words, vocab_size - 256, tie_break=tie_break, progress=progress)
        return cls(result.merges, pattern)

    @classmethod
    def from_ranks(cls, mergeable_ranks: dict, pattern: str | None, special_tokens=None) -> "Tokenizer":
        """Build a Tokenizer from tiktoken-style ranks (token bytes -> rank, which is also its id).

        tiktoken stores no merges, only a rank per token. The merge that makes a token is recovered
        by running BPE on the token's own bytes with the tokens of lower rank: if that ends in exactly two
        pieces, those are its merge. A token for which it does not cannot be expressed as a pair merge;
        such tokens are kept out of the merges and listed in ``.unmergeable`` (see ``bpe_lab.ranks``).
        """
        merges, token_ids, unmergeable = ranks.merges_from_ranks(mergeable_ranks)
        tokenizer = cls(merges, pattern, special_tokens=special_tokens, token_ids=token_ids)
        tokenizer.unmergeable = unmergeable
        return tokenizer

    # ------------------------------------------------------------------------------------------
    def _encode_chunk(self, data: bytes) -> list[int]:
        """One chunk's bytes -> vocabulary positions: merge the adjacent pair with the lowest rank until
        no adjacent pair was ever merged (notebook 03's ``encode_bytes``).

        Speed: ``encode`` runs this loop only once per *distinct* chunk of a text: ``encode_ordinary`` keeps its
        answer in a cache, so " the", met thousands of times in a novel, is encoded once. And a text with many
        new chunks sends them all through this same loop at once (``bpe_lab._batch_encode``, with NumPy).
        """
        ids = list(data)  # e.g. [32, 116, 104, 101] for b" the"
        while len(ids) >= 2:
            pair_ranks = list(map(self._ranks.get, zip(ids, ids[1:]), repeat(_NOT_LEARNED)))  # [3, NOT_LEARNED, 0]
            best = min(pair_ranks)
            if best == _NOT_LEARNED:
                break  # no adjacent pair was ever merged: done
            start = pair_ranks.index(best)  # the first occurrence of the best pair
            pair = (ids[start], ids[start + 1])
            ids = _merge_ids(ids, pair, self._merged[pair], start)
        return ids

    def encode(self, text: str, allowed_special="none") -> list[int]:
        """Text -> ids. Special tokens in the text are refused unless allowed, as tiktoken does.

        ``allowed_special``: "none" (the default), "all", or a set of special-token names to encode
        as their ids. A special token that is not allowed raises ``ValueError``; to encode its
        characters as ordinary text, use ``encode_ordinary``. An empty text gives [].
        """
        allowed = check.tokenizer_allowed_special(allowed_special, self.special_tokens, check.text(text))
        if not allowed:
            return self.encode_ordinary(text)
        # split around the allowed special tokens (longest first); the separators are the tokens themselves
        specials = "(" + "|".join(regex.escape(name) for name in sorted(allowed, key=len, reverse=True)) + ")"
        ids: list[int] = []
        try:
            for position, piece in enumerate(regex.split(specials, text)):
                if position % 2:
                    ids.append(self.special_tokens[piece])
                elif piece:
                    ids += self._encode_ordinary(piece)
        except UnicodeEncodeError:
            raise check.tokenizer_surrogate(text) from None  # the index in the whole text, not in one piece
        return ids

    def encode_ordinary(self, text: str) -> list[int]:
        """Text -> ids, with any special-token text encoded as ordinary characters.

        Each distinct chunk is encoded once; repeated chunks are looked up in a cache. A text UTF-8
        cannot encode (one with a lone surrogate) raises ``ValueError`` naming the character and its index.
        An empty text gives [].
        """
        try:
            return self._encode_ordinary(check.text(text))
        except UnicodeEncodeError:
            raise check.tokenizer_surrogate(text) from None

    def _encode_ordinary(self, text: str) -> list[int]:
        chunks = self._split(text)  # ['It', ' is', ' a', ' truth', ...]
        cache = self._cache  # chunk -> ids, kept between calls
        missing = list(set(chunks).difference(cache))
        if len(cache) + len(missing) > _CACHE_LIMIT:
            cache.clear()  # keep memory bounded on huge texts; the chunks of this text still fit below
            missing = list(set(chunks))
        batch = self._batch_encoder() if len(missing) >= _BATCH_FROM else None
        if batch:  # many new chunks: all of them through the merge loop at once (bpe_lab._batch_encode), same ids
            cache.update(zip(missing, batch.encode_many(list(map(str.encode, missing)))))  # UTF-8
            missing = []
        external = self._external
        for chunk in missing:
            cache[chunk] = tuple(map(external.__getitem__, self._encode_chunk(chunk.encode("utf-8"))))
        return list(chain.from_iterable(map(cache.__getitem__, chunks)))

    def decode_bytes(self, ids) -> bytes:
        """Ids -> the bytes they stand for."""
        return b"".join(map(self._decoder.__getitem__, check.tokenizer_ids(ids, self._decoder, self._valid_ids)))

    def decode(self, ids) -> str:
        """Ids -> text. Bytes that are not valid UTF-8 (a cut-off character) become '\ufffd'."""
        return self.decode_bytes(ids).decode("utf-8", errors="replace")

    def token_bytes(self, token_id: int) -> bytes:
        """The bytes of one token; ``token_id`` is an int id of this tokenizer (regular or special)."""
        return self._decoder[check.tokenizer_token_id(token_id, self._decoder, self._valid_ids)]

    def _valid_ids(self) -> str:
        """The ids this tokenizer has, for error messages ("ids run from 0 to 299"); worked out once per size."""
        cached = getattr(self, "_valid_ids_text", None)  # (number of ids, text); add_special_token adds one
        if cached is None or cached[0] != len(self._decoder):
            self._valid_ids_text = cached = (len(self._decoder), check.tokenizer_id_ranges(self._decoder))
        return cached[1]

    @property
    def vocab_size(self) -> int:
        """One more than the largest id (regular and special tokens)."""
        return max(self._decoder) + 1

    def vocab_listing(self) -> str:
        """One line per token: id, its bytes as readable text (cut characters shown as ⟨hex⟩), the merge."""
        lines = [f"# {len(self.vocab)} tokens: 256 bytes, then {len(self.merges)} merges in learned order"
                 + (f", and {len(self.special_tokens)} special tokens" if self.special_tokens else "")]
        for k, token in enumerate(self.vocab):
            made = "" if k < 256 else "   <- {} + {}".format(*map(show_token, self.merges[k - 256]))
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
        """The fields of a saved tokenizer (``to_dict`` read back) -> a Tokenizer; ValueError/TypeError for
        anything wrong, which ``load`` reports with the file's name."""
        merges, pattern, special_tokens, token_ids = check.tokenizer_file(data, from_printable)
        return cls(merges, pattern, special_tokens=special_tokens, token_ids=token_ids)

    def __repr__(self) -> str:
        return f"Tokenizer(vocab_size={self.vocab_size}, pattern={self.pattern!r})"


def _splitter(pattern: str | None):
    """The function text -> chunks for ``pattern``; None keeps a whole text as one chunk. A bad pattern
    (not a name, an invalid regex, one that matches the empty string) is refused here, once."""
    if pattern is None:
        return lambda text: [text] if text else []
    pretokenize.compile_pattern(pattern)
    return partial(pretokenize.split, pattern=pattern)


def _values_of(table: dict, keys: list) -> list:
    """``[table[key] for key in keys]``, taken at once when ``keys`` are the last keys of ``table`` in its order.

    Speed: the ranks of cl100k and o200k list the tokens their merges make last, in the order of the merges, so
    their ids are the last values: no lookup of 200,000 tokens (each in a different place in memory).

    >>> _values_of({b"a": 0, b"ab": 5, b"abc": 7}, [b"ab", b"abc"]), _values_of({b"ab": 5, b"a": 0}, [b"ab"])
    ([5, 7], [5])
    """
    first = len(table) - len(keys)  # where ``keys`` would start in ``table``
    if first >= 0 and list(islice(table, first, None)) == keys:
        return list(islice(table.values(), first, None))
    return list(map(table.__getitem__, keys))


def _merge_ids(ids: list[int], pair: tuple[int, int], new_id: int, start: int = 0) -> list[int]:
    """Notebook 03's ``merge_ids``: every occurrence of ``pair`` in ``ids``, left to right, becomes ``new_id``.
    ``start`` is the first occurrence (the encode loop has found it), so the prefix before it is copied as is.

    >>> _merge_ids([1, 2, 3, 1, 2], (1, 2), 256)
    [256, 3, 256]
    """
    merged, i = ids[:start], start
    while i < len(ids):
        if i + 1 < len(ids) and ids[i] == pair[0] and ids[i + 1] == pair[1]:
            merged.append(new_id)
            i += 2
        else:
            merged.append(ids[i])
            i += 1
    return merged
