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
"""

from __future__ import annotations

import base64
from pathlib import Path

from .. import _checks as check
from ..pretokenize import PATTERNS, compile_pattern
from ..ranks import merges_from_ranks
from ..storage import write_text_atomic

__all__ = ["write", "ranks", "load_encoding"]


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
    for name, token_id in special_tokens.items():
        check.text(name, "a special token's name", example="<|endoftext|>")
        check.whole(token_id, f"the id of the special token {check.short(name)}")
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


def load_encoding(path, pattern="gpt2", special_tokens=None, name=None):
    """A ``tiktoken.Encoding`` from a rank file, a pattern and special tokens.

    ``pattern``: a name from ``bpe_lab.pretokenize.PATTERNS`` ("gpt2", "gpt4", "o200k") or a regex string,
    as a ``Tokenizer``'s ``pattern`` (None: the whole text is one chunk). ``special_tokens``: name -> id
    (a ``Tokenizer``'s ``special_tokens``). ``name``: the Encoding's name (default: the file's stem).
    Needs the package tiktoken.
    """
    path, pattern, special_tokens = check.path(path), _pattern(pattern), _special_tokens(special_tokens)
    name = path.stem if name is None else check.text(name, "name", example="my_encoding")
    try:
        import tiktoken
    except ModuleNotFoundError:
        raise ModuleNotFoundError("load_encoding needs the package tiktoken: run `make install` "
                                  "(or pip install tiktoken)") from None

    mergeable = {}
    try:
        text = path.read_text(encoding="ascii")
    except FileNotFoundError:
        raise FileNotFoundError(f"no tiktoken rank file at {path}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a tiktoken rank file: it is not ASCII text") from None
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.split()
        if not parts:
            continue
        try:
            token, rank = base64.b64decode(parts[0], validate=True), int(parts[1])
            if len(parts) != 2:
                raise ValueError
        except (ValueError, IndexError):
            raise ValueError(f"{path}, line {number}: expected '<base64 token> <rank>', got {check.short(line)}") from None
        mergeable[token] = rank
    return tiktoken.Encoding(name=name, pat_str=pattern,
                             mergeable_ranks=mergeable, special_tokens=special_tokens)
