"""Bytes under the text: UTF-8 views, GPT-2's printable byte <-> character map, partial UTF-8, streaming.

A byte-level tokenizer starts from the 256 possible byte values instead of characters. Every string
is a sequence of UTF-8 bytes, so every string can be encoded and nothing is ever unknown. The price:
a character outside ASCII takes 2 to 4 bytes, and a learned token can end in the middle of one.

This module only looks at bytes; it does not learn merges (``bpe_lab.fast_bpe``) or assign ids
(``bpe_lab.tokenizer``).
"""

from __future__ import annotations

from . import _checks as check

__all__ = [
    "char_bytes",
    "bytes_by_char",
    "bytes_to_unicode",
    "unicode_to_bytes",
    "to_printable",
    "from_printable",
    "utf8_status",
    "show_token",
    "StreamDecoder",
]


def char_bytes(char: str) -> bytes:
    """The UTF-8 bytes of one character (1 to 4 of them).

    >>> char_bytes("a"), char_bytes("é"), char_bytes("€"), char_bytes("😀")
    (b'a', b'\\xc3\\xa9', b'\\xe2\\x82\\xac', b'\\xf0\\x9f\\x98\\x80')
    """
    return check.one_char(char).encode("utf-8")


def bytes_by_char(text: str) -> list[tuple[str, bytes]]:
    """Each character of a text with its UTF-8 bytes.

    >>> bytes_by_char("né")
    [('n', b'n'), ('é', b'\\xc3\\xa9')]
    """
    check.utf8_text(text)  # a lone surrogate anywhere is refused with its index
    return [(char, char.encode("utf-8")) for char in text]


def bytes_to_unicode() -> dict[int, str]:
    """GPT-2's map from each byte value to a printable character.

    Bytes that are already printable and not a space keep their own character ('A' is 65 -> 'A');
    the other 68 (controls, space, a few Latin-1 gaps) are moved, in order, to the characters from
    U+0100 on. So the space 32 becomes 'Ġ' (U+0120) and the newline 10 becomes 'Ċ' (U+010A): that is why
    GPT-2's vocabulary is full of 'Ġ'. GPT-2's own BPE code works on str, joins a chunk's symbols with spaces
    and reads its merges file by splitting lines on whitespace; with one printable, non-space character per byte
    it runs on bytes without a space or a control character ever inside a symbol (openai/gpt-2,
    ``src/encoder.py``). ``bpe_lab`` works on the bytes themselves and uses the map only for GPT-2's files.

    >>> m = bytes_to_unicode()
    >>> m[ord("A")], m[ord(" ")], m[ord("\\n")], len(set(m.values()))
    ('A', 'Ġ', 'Ċ', 256)
    """
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    mapping = {b: chr(b) for b in printable}
    moved = 0
    for b in range(256):
        if b not in mapping:
            mapping[b] = chr(256 + moved)  # the next unused character after Latin-1
            moved += 1
    return dict(sorted(mapping.items()))


_BYTE_TO_CHAR = bytes_to_unicode()
_CHAR_TO_BYTE = {char: b for b, char in _BYTE_TO_CHAR.items()}
# from_printable's table for str.translate: each printable character -> the Latin-1 character of its byte, and
# every other character below 256 -> one that Latin-1 cannot encode (above 255, the rest cannot either)
_TO_LATIN1 = {code: "\U0010ffff" for code in range(256)} | {ord(char): chr(b) for char, b in _CHAR_TO_BYTE.items()}


def unicode_to_bytes() -> dict[str, int]:
    """The inverse of ``bytes_to_unicode``: printable character -> byte value."""
    return dict(_CHAR_TO_BYTE)


def to_printable(data: bytes) -> str:
    """Bytes written with GPT-2's printable characters, as in GPT-2's vocabulary files.

    >>> to_printable(" hello".encode())
    'Ġhello'
    """
    check.byte_data(data)
    return "".join(_BYTE_TO_CHAR[b] for b in data)


def from_printable(text: str) -> bytes:
    """The bytes behind a GPT-2 printable string.

    >>> from_printable("Ġhello")
    b' hello'
    """
    check.text(text)
    try:
        return text.translate(_TO_LATIN1).encode("latin-1")  # each character to its byte, in C
    except UnicodeEncodeError:
        index = next(i for i, char in enumerate(text) if char not in _CHAR_TO_BYTE)
        raise ValueError(f"text holds {text[index]!r} at index {index}, which is not one of GPT-2's 256 printable "
                         "byte characters (to_printable makes them from bytes)") from None


def _expected_length(lead: int) -> int:
    """How many bytes a UTF-8 sequence has, from its first byte (0 = not a valid first byte)."""
    if lead < 0x80:
        return 1
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 0


def utf8_status(data: bytes) -> list[tuple[bytes, str]]:
    """Split a token's bytes into complete characters and incomplete pieces, and say which is which.

    A byte-level token can start or end in the middle of a character; decoding such a token alone
    cannot give that character. Each part is ``(bytes, description)``.

    >>> utf8_status("é".encode()[:1])
    [(b'\\xc3', 'start of a 2-byte character, 1 of 2 bytes here')]
    >>> utf8_status(b"a\\xa9")
    [(b'a', "'a'"), (b'\\xa9', 'continuation byte of a character that started earlier')]
    """
    check.byte_data(data)
    parts = []
    i = 0
    while i < len(data):
        length = _expected_length(data[i])
        if length == 0:
            j = i + 1
            while j < len(data) and _expected_length(data[j]) == 0:
                j += 1
            parts.append((bytes(data[i:j]), "continuation byte of a character that started earlier"
                          if j - i == 1 else f"{j - i} continuation bytes of a character that started earlier"))
            i = j
            continue
        piece = bytes(data[i : i + length])
        try:
            char = piece.decode("utf-8")
        except UnicodeDecodeError:
            have = len(piece)
            parts.append((piece, f"start of a {length}-byte character, {have} of {length} bytes here"))
            i += have
            continue
        parts.append((piece, repr(char)))
        i += length
    return parts


def show_token(data: bytes) -> str:
    """A token's bytes as readable text, with incomplete characters shown as ⟨hex⟩ instead of hidden.

    ``bytes.decode('utf-8', errors='replace')`` would show '�' and lose which bytes they were.

    >>> show_token("café".encode()[:4])
    'caf⟨c3⟩'
    >>> show_token("é".encode()[1:] + b"t")
    '⟨a9⟩t'
    """
    out = []
    for piece, description in utf8_status(data):
        if description.startswith(("start", "continuation")) or description.endswith("earlier"):
            out.append("⟨" + piece.hex(" ") + "⟩")
        else:
            text = piece.decode("utf-8")
            out.append(text if text.isprintable() else repr(text)[1:-1])  # '\n' shown as \n
    return "".join(out)


def _incomplete_tail(data: bytes) -> int:
    """How many bytes at the end of ``data`` start a character whose other bytes have not come yet (0 to 3)."""
    for back in range(1, min(4, len(data)) + 1):
        if not 0x80 <= data[-back] <= 0xBF:  # the last byte that is not a continuation: a character starts here
            return back if _expected_length(data[-back]) > back else 0
    return 0  # only continuation bytes at the end: nothing a later byte could complete


class StreamDecoder:
    """Decodes bytes that arrive in pieces (the bytes of one token at a time) and returns only whole characters.

    A chat server sends text as the model makes tokens, but a byte-level token can end inside a character.
    ``feed`` returns the characters each piece completes and holds back an unfinished one; ``flush`` ends the
    stream. Whatever the pieces, the texts returned, joined, are the whole stream decoded at once with
    ``errors='replace'``. (Python's ``codecs.getincrementaldecoder("utf-8")`` does the same job in C.)

    >>> stream = StreamDecoder()
    >>> [stream.feed(piece) for piece in [b"caf", b"\\xc3", b"\\xa9!"]]
    ['caf', '', 'é!']
    >>> stream.feed(b"\\xe2\\x82"), stream.held, stream.flush()
    ('', b'\\xe2\\x82', '�')
    """

    def __init__(self) -> None:
        self.held = b""  # the first bytes of a character still waiting for the rest

    def feed(self, data: bytes) -> str:
        """Add the next piece of bytes; return the characters it completes ('' if none).

        The first bytes of a character that is not finished are held back (in ``held``) until the next piece
        brings the rest. A byte that can start no character (a stray continuation byte, or C0, C1, F5 to FF)
        comes out as '\\ufffd' (�) at once.
        """
        data = self.held + check.byte_data(data)
        cut = len(data) - _incomplete_tail(data)  # subtle: a character cut in two waits for its last byte
        self.held = bytes(data[cut:])
        return data[:cut].decode("utf-8", errors="replace")

    def flush(self) -> str:
        """End the stream; the decoder then starts afresh.

        Bytes still held back can never become a character, and come out as '\\ufffd' (�), as
        ``bytes.decode('utf-8', errors='replace')`` writes them; '' if nothing is held.
        """
        data, self.held = self.held, b""
        return data.decode("utf-8", errors="replace")
