"""A byte-level BPE ``Tokenizer`` as a tiktoken rank file, and the ``tiktoken.Encoding`` that reads it.

A rank file has one line per token: its bytes in base64, a space, its rank (which is also its id)::

    IQ== 0
    Ig== 1
    …

That is all tiktoken stores: no merges, no pattern, no special tokens. The pattern and the special tokens
are given to ``tiktoken.Encoding`` directly; ``load_encoding(path, pattern, special_tokens)`` does that
(pass the ``Tokenizer``'s own ``pattern`` and ``special_tokens``).

tiktoken merges, in a chunk, the adjacent pair whose *joined bytes* have the lowest rank; a ``Tokenizer``
merges the adjacent pair with the lowest *merge* rank. The two agree when the ids grow with the merge order
and each token's merge is the one tiktoken's rule finds on the token's own bytes (what
``bpe_lab.ranks.merges_from_ranks`` recovers). ``write`` checks both and refuses, naming the first token
where they differ, a tokenizer that tiktoken would encode differently; e.g. merges ``b+c``, then ``a+b``,
then ``ab+c``: on "abc" the Tokenizer merges ``b+c`` and stops at ``a`` ``bc``, while tiktoken joins
``a`` and ``bc`` into ``abc``, a token of the vocabulary.

``read`` checks a rank file in Python before tiktoken's Rust code sees it (a damaged file there can end in a
``PanicException``, which ``except Exception`` does not catch, or load as a different vocabulary): ranks 0, 1,
2, ... one per line, each token once, every longer token two earlier ones joined, all 256 bytes. Anything else is
a ``bpe_lab.storage.FileFormatError`` naming the file and the line. A file cut at a line boundary is still a
valid rank file; ``load_encoding`` catches it through the special tokens, whose ids follow the ranks.
"""

from __future__ import annotations

import base64
from pathlib import Path

from .. import _checks as check
from ..pretokenize import PATTERNS, compile_pattern
from ..ranks import merges_from_ranks
from ..storage import FileFormatError, read_bytes, write_text_atomic

__all__ = ["write", "read", "ranks", "load_encoding"]


def ranks(tokenizer) -> dict[bytes, int]:
    """The tiktoken ranks (token bytes -> id) of a ``Tokenizer``; ValueError if tiktoken's rule
    (rank of the joined bytes) would encode any text differently from the Tokenizer's merges."""
    tokenizer = check.exported(tokenizer, "bpe", "tiktoken_file.ranks")
    token_ids = tokenizer.to_dict()["token_ids"] or list(range(len(tokenizer.vocab)))
    result = {}
    for position, (token, token_id) in enumerate(zip(tokenizer.vocab, token_ids)):
        if token in result:
            raise ValueError(f"cannot write this Tokenizer as a tiktoken rank file: merge {position - 256} makes "
                             f"{token!r}, which an earlier merge already made, and tiktoken has one rank per token")
        result[token] = token_id
    merged_ids = token_ids[256:]
    for rank, (before, after) in enumerate(zip(merged_ids, merged_ids[1:])):
        if after < before:
            raise ValueError(f"cannot write this Tokenizer as a tiktoken rank file: tiktoken merges by id, but merge "
                             f"{rank + 1} makes id {after}, below the id {before} of the merge before it; its ids must "
                             "grow with the merge order")
    recovered, _, _ = merges_from_ranks(result)
    for rank, (ours, theirs) in enumerate(zip(tokenizer.merges, recovered + [None] * len(tokenizer.merges))):
        if ours != theirs:
            token = ours[0] + ours[1]
            raise ValueError(
                f"cannot write this Tokenizer as a tiktoken rank file: tiktoken merges the adjacent pair whose joined "
                f"bytes have the lowest rank, and on the bytes of token {token!r} (merge {rank}: {ours[0]!r} + "
                f"{ours[1]!r}) that rule ends in {_pieces(token, result)!r} instead, so tiktoken would encode some "
                "texts differently from this Tokenizer")
    return result


def _pattern(pattern):
    """A pattern name or regex (checked by ``bpe_lab.pretokenize``) -> the regex tiktoken runs."""
    if pattern is None:
        return r"[\s\S]+"  # the whole text is one chunk
    compile_pattern(pattern)
    return PATTERNS.get(pattern, pattern)


def _special_tokens(special_tokens) -> dict:
    """name -> id, each name a non-empty str and each id a whole number >= 0."""
    special_tokens = check.tokenizer_special_tokens(special_tokens)
    named = {}  # id -> name
    for name, token_id in special_tokens.items():
        check.text(name, "a special token's name", example="<|endoftext|>")
        check.whole(token_id, f"the id of the special token {check.short(name)}")
        if named.setdefault(token_id, name) != name:
            raise ValueError(f"special_tokens gives the id {token_id} to both {check.short(named[token_id])} and "
                             f"{check.short(name)}: each special token needs an id of its own")
    return dict(special_tokens)


def _pieces(token: bytes, ranks_: dict) -> list:
    from ..ranks import bpe_by_rank
    return bpe_by_rank(token, ranks_, below=ranks_[token])


def write(tokenizer, path) -> Path:
    """Write ``tokenizer``'s ranks as a tiktoken rank file (``base64 rank`` per line) at ``path``, atomically.

    Returns the path. Special tokens are not in the file (tiktoken takes them separately: see
    ``load_encoding``). ValueError if tiktoken would encode differently (see ``ranks``).
    """
    tokenizer, path = check.exported(tokenizer, "bpe", "tiktoken_file.write"), check.path(path)
    lines = [f"{base64.b64encode(token).decode('ascii')} {rank}"
             for token, rank in sorted(ranks(tokenizer).items(), key=lambda item: item[1])]
    return write_text_atomic(path, "\n".join(lines) + "\n")


def read(path) -> dict[bytes, int]:
    """The ranks (token bytes -> rank) of a tiktoken rank file, checked line by line (see the module docstring).

    A missing file raises FileNotFoundError; a damaged one ``bpe_lab.storage.FileFormatError`` (a ValueError)
    naming the file and the line. ``Tokenizer.from_ranks(read(path), pattern)`` gives back the ``Tokenizer``.

    >>> import tempfile, pathlib
    >>> from bpe_lab.tokenizer import Tokenizer
    >>> path = write(Tokenizer([(b"a", b"b")], None), pathlib.Path(tempfile.mkdtemp()) / "ab.tiktoken")
    >>> ranks = read(path)
    >>> len(ranks), ranks[b"ab"]
    (257, 256)
    >>> _ = path.write_text(path.read_text()[:-2])  # cut inside the last line, "YWI= 256", to "YWI= 25"
    >>> try:
    ...     read(path)
    ... except FileFormatError as exc:
    ...     print(exc.problem.split(": ")[1])
    rank 25 where rank 256 belongs (rank 25 is already on line 26)
    """
    path = check.path(path)
    data = read_bytes(path, "tiktoken rank file", "a tiktoken rank file: pass the path of the file")
    try:
        return check.rank_file_lines(data)
    except ValueError as exc:
        raise FileFormatError(path, str(exc)) from None


def load_encoding(path, pattern="gpt2", special_tokens=None, name=None):
    """A ``tiktoken.Encoding`` from a rank file, a pattern and special tokens.

    ``pattern``: a name from ``bpe_lab.pretokenize.PATTERNS`` ("gpt2", "gpt4", "o200k") or a regex string,
    as a ``Tokenizer``'s ``pattern`` (None: the whole text is one chunk). ``special_tokens``: name -> id
    (a ``Tokenizer``'s ``special_tokens``), whose ids follow the file's ranks: ranks 0…n-1, specials from n.
    ``name``: the Encoding's name (default: the file's stem). The file is checked by ``read``; special tokens
    that start past the ranks (a file cut short) or among them raise ``bpe_lab.storage.FileFormatError``.
    Needs the package tiktoken.
    """
    path, pattern, special_tokens = check.path(path), _pattern(pattern), _special_tokens(special_tokens)
    name = path.stem if name is None else check.text(name, "name", example="my_encoding")
    try:
        import tiktoken
    except ModuleNotFoundError:
        raise ModuleNotFoundError("load_encoding needs the package tiktoken: run `make install` "
                                  "(or pip install tiktoken)") from None
    mergeable = read(path)
    try:
        check.rank_file_specials(special_tokens, len(mergeable))
    except ValueError as exc:
        raise FileFormatError(path, str(exc)) from None
    return tiktoken.Encoding(name=name, pat_str=pattern, mergeable_ranks=mergeable, special_tokens=special_tokens)
