"""Checks for files: BPE Lab's saved files (``bpe_lab.storage``: the kind of file, its payload, a saved
tokenizer's fields) and the one-entry-per-line files of other libraries (a tiktoken rank file, BERT's vocab.txt).

The path itself is checked by ``check.path``. Problems inside a file that is being read are ValueErrors whose
message reads after the file's name ("is empty: ...", ", line 3: ..."); the reader (``storage.load``,
``bert.load_vocab``, ``export.tiktoken_file.read``) turns them into a ``FileFormatError`` naming the file.
Arguments of the wrong type are TypeErrors, as everywhere.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Mapping

from . import short

__all__ = ["file_kind", "file_payload", "file_builder", "tokenizer_file", "rank_file_lines", "rank_file_specials",
           "vocab_txt_lines"]


def file_kind(kind, kinds: Mapping):
    """The description (``storage.Kind``) of ``kind``, one of the names in ``kinds`` ("tokenizer", ...)."""
    if not isinstance(kind, str):
        raise TypeError(f"kind must be one of {sorted(kinds)} (a str), got {type(kind).__name__}")
    spec = kinds.get(kind)
    if spec is None:
        raise ValueError(f"kind must be one of {sorted(kinds)}, got {short(kind)}")
    return spec


def file_payload(payload, spec) -> dict:
    """``payload`` if it is a dict with every required field of ``spec``'s current version and no unknown one."""
    if not isinstance(payload, dict):
        raise TypeError(f"payload must be a dict field name -> value, got {type(payload).__name__}")
    required, optional = spec.fields[spec.version]
    unknown = [field for field in payload if field not in required + optional]
    missing = [field for field in required if field not in payload]
    if unknown or missing:
        raise ValueError(f"payload of a {spec.name} must hold the fields {list(required)}"
                         + (f" and may hold {list(optional)}" if optional else "")
                         + (f"; unknown: {short(unknown)}" if unknown else "")
                         + (f"; missing: {missing}" if missing else ""))
    return payload


def file_builder(build) -> Callable:
    """``build`` if it is a function (payload, version) -> object."""
    if not callable(build):
        raise TypeError(f"build must be a function (payload, version) -> object, got {type(build).__name__}")
    return build


def tokenizer_file(data: dict, from_printable: Callable[[str], bytes]) -> tuple:
    """The fields of a saved tokenizer -> (merges as bytes pairs, pattern, special tokens, token bytes -> id or None).

    Merges are written with GPT-2's printable characters; ``from_printable`` (``bpe_lab.byte_level``) reads
    them back. The merges themselves and the special tokens are checked again by ``Tokenizer``.
    """
    merges = data["merges"]
    if not isinstance(merges, list):
        raise ValueError(f"\"merges\" must be a list of [left, right] pairs, got {type(merges).__name__}")
    pairs = []
    for rank, merge in enumerate(merges):
        if not (isinstance(merge, list) and len(merge) == 2 and all(isinstance(p, str) and p for p in merge)):
            raise ValueError(f"merges[{rank}] must be a pair of non-empty strings, got {short(merge)}")
        try:
            pairs.append((from_printable(merge[0]), from_printable(merge[1])))
        except ValueError as exc:
            raise ValueError(f"merges[{rank}]: {exc}") from None
    pattern, special, numbering = data["pattern"], data.get("special_tokens", {}), data.get("token_ids")
    if not (pattern is None or isinstance(pattern, str)):
        raise ValueError(f"pattern must be a name such as \"gpt2\", a regex string or null, got {short(pattern)}")
    if not isinstance(special, dict):
        raise ValueError(f"\"special_tokens\" must be an object name -> id, got {short(special)}")
    return pairs, pattern, special, _saved_token_ids(numbering, pairs)


def _saved_token_ids(numbering, pairs: list[tuple[bytes, bytes]]) -> dict[bytes, int] | None:
    """A saved "token_ids" list (the id of each token in vocabulary order, or null) -> token bytes -> id."""
    if numbering is None:
        return None
    if not isinstance(numbering, list):
        raise ValueError(f"\"token_ids\" must be a list of ids or null, got {type(numbering).__name__}")
    if len(numbering) != 256 + len(pairs):
        raise ValueError(f"\"token_ids\" has {len(numbering)} ids for {256 + len(pairs)} tokens "
                         "(256 bytes and one per merge)")
    tokens = [bytes([b]) for b in range(256)] + [left + right for left, right in pairs]
    token_ids = {}
    for token, token_id in zip(tokens, numbering):
        # a token made by two different merges has one id, so both entries must agree
        if token_ids.setdefault(token, token_id) != token_id:
            raise ValueError(f"\"token_ids\" gives the token {token!r} two ids, {token_ids[token]} and {token_id}")
    return token_ids


def rank_file_lines(data: bytes) -> dict[bytes, int]:
    """The bytes of a tiktoken rank file -> token bytes -> rank, checked line by line.

    One line per token, ``<its bytes in base64> <rank>``; the ranks run 0, 1, 2, ... down the file, so a line
    missing, repeated or moved shows at once; each token once; every token longer than one byte is two
    tokens of lower rank joined (BPE made it so); all 256 bytes are there. Empty lines are skipped, as
    tiktoken skips them. A file cut at a line boundary is a shorter file of the same kind: only the
    special tokens' ids can tell (``rank_file_specials``).
    """
    ranks: dict[bytes, int] = {}
    line_of: list[int] = []  # rank -> the line that gave it, to name both lines of a repeat
    for number, line in enumerate(data.splitlines(), start=1):  # \n, \r\n or \r, as tiktoken reads it
        fields = line.split()
        if not fields:
            continue
        if not line.isascii():
            raise ValueError(f", line {number}: not ASCII text ({short(line)}): a tiktoken rank file holds "
                             "base64 and digits")
        token = _base64_token(fields[0])
        if len(fields) != 2 or token is None or not fields[1].isdigit():
            raise ValueError(f", line {number}: expected '<base64 token> <rank>', got {short(line.decode())}")
        rank, expected = int(fields[1]), len(ranks)
        if rank != expected:
            why = (f"rank {rank} is already on line {line_of[rank]}" if rank < expected
                   else f"no line gives {'rank' if rank == expected + 1 else 'ranks'} {expected}"
                        + ("" if rank == expected + 1 else f"…{rank - 1}"))
            raise ValueError(f", line {number}: rank {rank} where rank {expected} belongs ({why}): the ranks run "
                             "0, 1, 2, … one per line; is a line missing, repeated or moved?")
        if token in ranks:
            raise ValueError(f", line {number}: the token {short(token)} is already on line "
                             f"{line_of[ranks[token]]}: each token has one rank")
        # subtle: a token's own bytes always split into single bytes; BPE needs a split into two known tokens
        if len(token) > 1 and not any(token[:i] in ranks and token[i:] in ranks for i in range(1, len(token))):
            raise ValueError(f", line {number}: the token {short(token)} (rank {rank}) is not two tokens of lower "
                             "rank joined, as BPE makes every token longer than one byte; is the line damaged?")
        ranks[token] = rank
        line_of.append(number)
    if not ranks:
        raise ValueError("is empty: a tiktoken rank file has one line per token, '<base64 token> <rank>'")
    missing = [bytes([b]) for b in range(256) if bytes([b]) not in ranks]
    if missing:
        raise ValueError(f"has no rank for {len(missing)} of the 256 bytes (the first: {missing[0]!r}) after its "
                         f"last line, {line_of[-1]}: a byte-level rank file ranks every byte; is it cut short?")
    return ranks


def _base64_token(field: bytes) -> bytes | None:
    """The bytes ``field`` encodes, if it is base64 exactly as tiktoken writes it (padded, no other spelling)."""
    try:
        token = base64.b64decode(field, validate=True)
    except binascii.Error:
        return None
    return token if token and base64.b64encode(token) == field else None


def rank_file_specials(special_tokens: Mapping[str, int], n_ranks: int) -> None:
    """The special tokens of a rank file of ``n_ranks`` tokens take the ids right after its ranks.

    An id inside the ranks would give one id two tokens; special tokens that start further on leave ids
    without a token, which is what a rank file cut short at a line boundary looks like.
    """
    if not special_tokens:
        return
    first = min(special_tokens.values())
    name = min(special_tokens, key=special_tokens.get)
    if first < n_ranks:
        raise ValueError(f"has ranks 0…{n_ranks - 1}, and the special token {short(name)} has the id {first}, "
                         "which a token of the file has: pass the special tokens of the tokenizer that wrote it "
                         "(their ids follow its ranks)")
    if first > n_ranks:
        unused = f"id {n_ranks} has" if first == n_ranks + 1 else f"ids {n_ranks}…{first - 1} have"
        raise ValueError(f"has ranks 0…{n_ranks - 1} ({n_ranks} tokens), but the special tokens start at id {first} "
                         f"({short(name)}): {unused} no token. Is the file cut short? Its "
                         "ranks and then the special tokens number the ids 0, 1, 2, … (for special tokens further "
                         "on by design, load it without them and give them to tiktoken.Encoding yourself)")


_SPACE_IN_A_LINE = re.compile(r"[^\S\n]")  # any whitespace but the line end


def vocab_txt_lines(data: bytes, unknown: str) -> dict[str, int]:
    """The bytes of a BERT ``vocab.txt`` -> piece -> id (its line number, from 0), checked line by line.

    UTF-8, one non-empty piece per line without whitespace, each piece once, ``unknown`` ("[UNK]") among them,
    and a line end after every piece, the last one too (as BERT's files and the libraries write it): a file cut
    inside its last line is refused. Line ends are \\n, \\r\\n or \\r, as Python (and ``transformers``) read
    text. A file cut at a line boundary is a shorter vocab.txt: no file of this format can tell.
    """
    if not data:
        raise ValueError("is empty: a BERT vocab.txt lists one piece per line")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ValueError(f"is not a UTF-8 vocab.txt: line {line} holds the byte 0x{data[exc.start]:02x}, "
                         "which UTF-8 does not allow there; save the file as UTF-8") from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # line ends as Python reads text
    pieces = text.split("\n")
    if pieces[-1]:
        raise ValueError(f", line {len(pieces)}: {short(pieces[-1])} has no line end after it: is the file cut "
                         "short? A vocab.txt ends every piece with a line end, the last one too")
    space = _SPACE_IN_A_LINE.search(text)
    if space:
        number = text.count("\n", 0, space.start())
        raise ValueError(f", line {number + 1}: the piece {short(pieces[number])} holds whitespace "
                         f"({space.group()!r}); BERT splits text at whitespace, so no piece holds any")
    vocab: dict[str, int] = {}
    for number, piece in enumerate(pieces[:-1]):
        if not piece or piece in vocab:
            again = f" (already on line {vocab[piece] + 1})" if piece else ""
            raise ValueError(f", line {number + 1}: a piece must be non-empty and listed once, got "
                             f"{short(piece)}{again}; is it a BERT vocab.txt?")
        vocab[piece] = number
    if unknown not in vocab:
        raise ValueError(f"has no {unknown!r} piece: WordPiece needs it for words it cannot cover; is it a BERT "
                         "vocab.txt, and complete?")
    return vocab
