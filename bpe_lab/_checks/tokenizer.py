"""Checks for the byte-level ``Tokenizer`` (``bpe_lab.tokenizer``), its tiktoken ranks and GPT-2's files.

Each check returns the value it was given (tidied where that helps: a list of merges, the id of each token)
or raises TypeError/ValueError with a message that names the argument and says what to pass. The messages
that describe a tokenizer's ids ("ids run from 0 to 299") are built here too, from the id -> bytes table.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from . import is_whole, short, whole

__all__ = [
    "tokenizer_merges", "tokenizer_token_ids", "tokenizer_special_tokens", "tokenizer_special_token",
    "tokenizer_vocab_size", "tokenizer_corpus", "tokenizer_allowed_special", "tokenizer_ids", "tokenizer_token_id",
    "tokenizer_id_ranges", "tokenizer_surrogate", "mergeable_ranks", "encoding_name", "gpt2_file_text",
]

_SURROGATE = re.compile("[\ud800-\udfff]")


def tokenizer_merges(merges) -> list[tuple[bytes, bytes]]:
    """(left bytes, right bytes) pairs in rank order, each made of tokens that exist by then, each pair once."""
    if isinstance(merges, (str, bytes)) or not hasattr(merges, "__iter__"):
        raise TypeError(f"merges must be a list of (left bytes, right bytes) pairs, got {type(merges).__name__}")
    known, seen, checked = {bytes([b]) for b in range(256)}, set(), []
    for rank, merge in enumerate(merges):
        if not isinstance(merge, (tuple, list)) or len(merge) != 2:
            raise ValueError(f"merges[{rank}] must be a pair of non-empty bytes, got {short(merge)}")
        left, right = merge
        if not (isinstance(left, bytes) and isinstance(right, bytes) and left and right):
            raise ValueError(f"merges[{rank}] must be a pair of non-empty bytes, got {short(merge)}")
        if left not in known or right not in known:
            raise ValueError(f"merges[{rank}] = {short(merge)} uses a token that no earlier merge made")
        if (left, right) in seen:
            raise ValueError(f"merges[{rank}] repeats the pair {short(merge)}")
        seen.add((left, right))
        known.add(left + right)
        checked.append((left, right))
    return checked


def tokenizer_token_ids(token_ids, tokens: list[bytes]) -> list[int]:
    """The id of each of ``tokens`` (vocabulary order): from ``token_ids`` (bytes -> id), or 0, 1, 2... for None."""
    if token_ids is None:
        return list(range(len(tokens)))
    if not isinstance(token_ids, dict):
        raise TypeError(f"token_ids must be a dict bytes -> id, got {type(token_ids).__name__}")
    ids, owner = [], {}
    for token in tokens:
        token_id = token_ids.get(token)
        if isinstance(token_id, bool) or not isinstance(token_id, int) or token_id < 0:
            raise ValueError(f"token_ids must give every token a whole-number id >= 0; {token!r} has {short(token_id)}")
        if owner.setdefault(token_id, token) != token:
            raise ValueError(f"token_ids gives id {token_id} to both {owner[token_id]!r} and {token!r}")
        ids.append(token_id)
    return ids


def tokenizer_special_tokens(special_tokens) -> Mapping:
    """A mapping name -> id ({} for None); each pair is checked when it is added (``tokenizer_special_token``)."""
    if special_tokens is not None and not isinstance(special_tokens, Mapping):
        raise TypeError(f"special_tokens must be a dict name -> id, got {type(special_tokens).__name__}; "
                        "pass e.g. {'<|endoftext|>': 256}")
    return special_tokens or {}


def tokenizer_special_token(name, token_id, taken: Mapping[int, bytes], registered: Mapping[str, int]) -> None:
    """A new special token: a non-empty str without lone surrogates, under an id >= 0 that no token has
    (``taken``: id -> bytes of the tokens so far) and a name not yet ``registered``."""
    if not isinstance(name, str) or not name:
        error = ValueError if isinstance(name, str) else TypeError  # '' is a str with a wrong value
        raise error(f"a special token's name must be a non-empty str, got {short(name)}")
    if isinstance(token_id, bool) or not isinstance(token_id, int) or token_id < 0:
        error = ValueError if isinstance(token_id, int) and not isinstance(token_id, bool) else TypeError
        raise error(f"the id of special token {name!r} must be a whole number >= 0, got {short(token_id)}")
    if token_id in taken:
        raise ValueError(f"id {token_id} is already used by token {taken[token_id]!r}; "
                         f"give {name!r} an unused id, e.g. {max(taken) + 1}")
    if name in registered:
        raise ValueError(f"special token {name!r} is already registered (id {registered[name]})")
    if _SURROGATE.search(name):
        error = str(tokenizer_surrogate(name)).replace("text contains", "it contains")
        raise ValueError(f"special token {name!r}: {error}")


def tokenizer_vocab_size(vocab_size) -> int:
    """The size of a vocabulary to train: a whole number of at least 256 (the byte alphabet)."""
    return whole(vocab_size, "vocab_size", minimum=256,
                 out_of_range="vocab_size must be at least 256 (the byte alphabet), got {value}")


def tokenizer_corpus(chunks: Mapping[str, int], text: str) -> dict[bytes, int]:
    """A text's chunk counts as {chunk's UTF-8 bytes: count}, the corpus a byte-level trainer learns from.

    No chunk (an empty text) is a ValueError, and so is a lone surrogate, named by its index in ``text``.
    """
    if not chunks:
        raise ValueError("text is empty: pass the text to learn merges from")
    try:
        return {chunk.encode("utf-8"): count for chunk, count in chunks.items()}
    except UnicodeEncodeError:
        raise tokenizer_surrogate(text) from None  # the index in the whole text


def tokenizer_allowed_special(allowed_special, special_tokens: Mapping[str, int], text: str) -> set[str]:
    """The names of the special tokens ``encode`` turns into their ids: none, all, or the set given.

    A text that holds a special token which is not allowed is refused, as tiktoken does.
    """
    if allowed_special == "all":
        allowed = set(special_tokens)
    elif allowed_special == "none":
        allowed = set()
    elif isinstance(allowed_special, (set, frozenset, list, tuple)):
        allowed = set(allowed_special)
        unknown = allowed - set(special_tokens)
        if unknown:
            raise ValueError(f"allowed_special names tokens this tokenizer does not have: {sorted(unknown)}; "
                             f"it has {sorted(special_tokens)}")
    else:
        error = ValueError if isinstance(allowed_special, str) else TypeError
        raise error(f'allowed_special must be "none", "all" or a set of names, got {short(allowed_special)}')
    for name in special_tokens:
        if name not in allowed and name in text:
            raise ValueError(
                f"the text contains the special token {name!r}. To encode it as its id "
                f"{special_tokens[name]}, pass allowed_special={{{name!r}}} (or \"all\"); to encode "
                "its characters as ordinary text, use encode_ordinary(text)."
            )
    return allowed


def _is_id(value) -> bool:
    # subtle: check the type first: 3.0 == 3 and hash(3.0) == hash(3), so a float would find a token
    return type(value) is int or is_whole(value)


def tokenizer_ids(ids, decoder: Mapping[int, bytes], id_ranges: Callable[[], str]) -> list:
    """``ids`` as a list, if each is an int id of ``decoder`` (id -> bytes); ``id_ranges()`` describes the ids
    in the error message ("ids run from 0 to 299")."""
    if isinstance(ids, (str, bytes)) or not hasattr(ids, "__iter__"):
        raise TypeError(f"ids must be a list of integers, got {type(ids).__name__}")
    ids = list(ids)
    for position, i in enumerate(ids):
        if type(i) is not int or i not in decoder:  # the usual case, a known int id, costs no call
            _token_id(i, f"ids[{position}]", decoder, id_ranges)
    return ids


def tokenizer_token_id(token_id, decoder: Mapping[int, bytes], id_ranges: Callable[[], str]) -> int:
    """``token_id`` if it is an int id of ``decoder``; see ``tokenizer_ids``."""
    return _token_id(token_id, "token_id", decoder, id_ranges)


def _token_id(value, name: str, decoder: Mapping[int, bytes], id_ranges: Callable[[], str]) -> int:
    if not _is_id(value):
        raise TypeError(f"{name} must be an integer token id ({id_ranges()}), "
                        f"got {short(value)} of type {type(value).__name__}")
    if value not in decoder:
        raise ValueError(f"{name} = {short(value)} is not a token id of this tokenizer ({id_ranges()})")
    return value


def tokenizer_id_ranges(ids) -> str:
    """The ids a tokenizer has, as ranges, for error messages.

    >>> tokenizer_id_ranges(range(300))
    'ids run from 0 to 299'
    >>> tokenizer_id_ranges([*range(1001), 1003])
    'its ids are 0-1000 and 1003'
    """
    ids = sorted(ids)
    ranges, start = [], ids[0]
    for previous, current in zip(ids, ids[1:] + [-1]):  # -1 closes the last range
        if current != previous + 1:
            ranges.append(f"{start}" if start == previous else f"{start}-{previous}")
            start = current
    if len(ids) == ids[-1] + 1:
        return f"ids run from 0 to {ids[-1]}"
    shown = ranges if len(ranges) <= 6 else ranges[:5] + [f"{len(ranges) - 5} more ranges up to {ids[-1]}"]
    return "its ids are " + (", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0])


def tokenizer_surrogate(text: str) -> ValueError:
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


def mergeable_ranks(ranks) -> dict[bytes, int]:
    """tiktoken-style ranks: a dict token bytes -> rank (a whole number >= 0), one token per rank, and all
    256 single bytes among the tokens."""
    if not isinstance(ranks, dict):
        raise TypeError(f"mergeable_ranks must be a dict bytes -> rank, got {type(ranks).__name__}")
    owner = {}  # rank -> the first token with it
    for token, rank in ranks.items():
        if not isinstance(token, bytes):
            raise TypeError(f"mergeable_ranks must map bytes to ranks, got the key {short(token)} "
                            f"({type(token).__name__}); pass token bytes such as b'ab', e.g. 'ab'.encode('utf-8')")
        if isinstance(rank, bool) or not isinstance(rank, int) or rank < 0:
            error = ValueError if isinstance(rank, int) and not isinstance(rank, bool) else TypeError
            raise error(f"mergeable_ranks[{short(token)}] must be a whole number >= 0, got {short(rank)}")
        if owner.setdefault(rank, token) != token:
            raise ValueError(f"mergeable_ranks gives rank {rank} to both {short(owner[rank])} and "
                             f"{short(token)}; each token needs a rank of its own")
    singles = sum(len(token) == 1 for token in ranks)
    if singles != 256:
        raise ValueError(f"mergeable_ranks must hold all 256 single bytes, it holds {singles}")
    return ranks


def encoding_name(name, names) -> str:
    """``name`` if it is one of ``names`` (the OpenAI vocabularies bpe_lab can load, such as "cl100k_base")."""
    names = sorted(names)
    if not isinstance(name, str):
        raise TypeError(f"name must be one of {names}, got {short(name)} ({type(name).__name__})")
    if name not in names:
        gpt2 = name.lower().replace("-", "") in ("gpt2", "r50k_base")
        hint = "; GPT-2's own tokenizer is gpt2.load()" if gpt2 else ""
        raise ValueError(f"name must be one of {names}, got {name[:40]!r}{hint}")
    return name


def gpt2_file_text(text, name: str) -> str:
    """The content of one of GPT-2's files (``name``: "vocab.bpe" or "encoder.json"), as a str."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str (the content of {name}, e.g. load_text({name!r})), "
                        f"got {type(text).__name__}")
    return text
