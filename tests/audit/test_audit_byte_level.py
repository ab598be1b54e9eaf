"""Bad-input rows for bpe_lab.byte_level: one call per row (what a row checks: conftest.py)."""

from bpe_lab import byte_level

from .conftest import Rows

ROWS = Rows("byte_level")
raises, documented = ROWS.raises, ROWS.documented

raises("byte_level.char_bytes", "char=5", lambda: byte_level.char_bytes(5), TypeError, r"char must be a str, got int")
raises("byte_level.char_bytes", "char=b'a'", lambda: byte_level.char_bytes(b"a"), TypeError, r"char must be a str")
raises("byte_level.char_bytes", "char='ab'", lambda: byte_level.char_bytes("ab"), ValueError,
    r"char must be exactly one character, got 'ab' \(2 characters\)")
raises("byte_level.char_bytes", "char=''", lambda: byte_level.char_bytes(""), ValueError,
    r"char must be exactly one character")
raises("byte_level.char_bytes", "char='\\ud800' (lone surrogate)", lambda: byte_level.char_bytes("\ud800"), ValueError,
    r"char holds a lone surrogate U\+D800 at index 0, which has no UTF-8 bytes")
raises("byte_level.bytes_by_char", "text=5", lambda: byte_level.bytes_by_char(5), TypeError,
    r"text must be a str, got int")
raises("byte_level.bytes_by_char", "text=b'ab'", lambda: byte_level.bytes_by_char(b"ab"), TypeError,
    r"text must be a str")
raises("byte_level.bytes_by_char", "text='a\\ud800' (lone surrogate)", lambda: byte_level.bytes_by_char("a\ud800"),
    ValueError, r"text holds a lone surrogate U\+D800 at index 1, which has no UTF-8 bytes")
# the same rows for byte_level.to_printable, byte_level.utf8_status and byte_level.show_token
for fn in ("to_printable", "utf8_status", "show_token"):
    raises(f"byte_level.{fn}", "data='abc'", lambda fn=fn: getattr(byte_level, fn)("abc"), TypeError,
        r"data must be bytes, got str; use text\.encode\('utf-8'\)")
    raises(f"byte_level.{fn}", "data=None", lambda fn=fn: getattr(byte_level, fn)(None), TypeError,
        r"data must be bytes")
    raises(f"byte_level.{fn}", "data=[104, 105]", lambda fn=fn: getattr(byte_level, fn)([104, 105]), TypeError,
        r"data must be bytes, got list")
raises("byte_level.from_printable", "text=5", lambda: byte_level.from_printable(5), TypeError,
    r"text must be a str, got int")
raises("byte_level.from_printable", "text=b'hi'", lambda: byte_level.from_printable(b"hi"), TypeError,
    r"text must be a str")
raises("byte_level.from_printable", "text='a\\x00'", lambda: byte_level.from_printable("a\x00"), ValueError,
    r"text holds '\\x00' at index 1, which is not one of GPT-2's 256 printable byte characters")
raises("byte_level.from_printable", "text='hello world' (a space)", lambda: byte_level.from_printable("hello world"),
    ValueError, r"text holds ' ' at index 5, which is not one of GPT-2's 256 printable byte characters.*to_printable")
raises("byte_level.StreamDecoder.feed", "data='abc'", lambda: byte_level.StreamDecoder().feed("abc"), TypeError,
    r"data must be bytes, got str; use text\.encode\('utf-8'\)")
raises("byte_level.StreamDecoder.feed", "data=None", lambda: byte_level.StreamDecoder().feed(None), TypeError,
    r"data must be bytes, got NoneType")
raises("byte_level.StreamDecoder.feed", "data=[104, 105]", lambda: byte_level.StreamDecoder().feed([104, 105]),
    TypeError, r"data must be bytes, got list")
raises("byte_level.StreamDecoder.feed", "data=104 (one id, not its bytes)", lambda: byte_level.StreamDecoder().feed(104),
    TypeError, r"data must be bytes, got int")
documented("byte_level.StreamDecoder.feed", "data=b'\\xe2\\x82' (a character cut short)",
    lambda: byte_level.StreamDecoder().feed(b"\xe2\x82"), lambda v: v == "", "''",
    r"The first bytes of a character that is not finished are held back")
documented("byte_level.StreamDecoder.feed", "data=b'\\xff' (a byte that starts no character)",
    lambda: byte_level.StreamDecoder().feed(b"\xff"), lambda v: v == "\ufffd", "'\\ufffd' (�)",
    r"A byte that can start no character .* comes out as '\\ufffd' \(�\) at once")


def _flush_after(data):
    stream = byte_level.StreamDecoder()
    stream.feed(data)
    return stream.flush()


documented("byte_level.StreamDecoder.flush", "a character cut short is still held",
    lambda: _flush_after(b"ok \xf0\x9f\x98"), lambda v: v == "\ufffd", "'\\ufffd' (�)",
    r"Bytes still held back can never become a character, and come out as '\\ufffd'")
documented("byte_level.StreamDecoder.flush", "nothing held", lambda: _flush_after(b""), lambda v: v == "", "''",
    r"'' if nothing is")

test_bad_input = ROWS.test()
