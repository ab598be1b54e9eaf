"""Exercises for notebook 03 (byte-level BPE): UTF-8 lengths, decoding tokens that split a character,
the 256-byte base vocabulary."""

from __future__ import annotations

from ..exercises import Question
from ._shared import by_name

# One function per question (q_...) builds it; set_03, the notebook's set, is what graders call.
__all__ = ["set_03"]


def set_03() -> dict[str, Question]:
    """Exercises for notebook 03: bytes."""
    return by_name(q_bytes_of_text(), q_utf8_length(), q_decode_tokens(), q_base_vocabulary())


def _reference_decode_tokens(tokens):
    return b"".join(tokens).decode("utf-8", errors="replace")


def q_bytes_of_text() -> Question:
    return Question(
        name="bytes_of_text",
        prompt="How many UTF-8 bytes does the string 'naïve 東京' take?",
        reference=lambda: len("naïve 東京".encode("utf-8")),
        hints=["ASCII letters take 1 byte, ï takes 2, each of 東 and 京 takes 3.",
               "Or ask Python: len(s.encode())."],
        solution_code="answer = len('naïve 東京'.encode('utf-8'))",
        wrong_code="answer = len('naïve 東京')  # counts characters, not bytes",
    )


def q_utf8_length() -> Question:
    return Question(
        name="utf8_length",
        prompt=("Write utf8_length(char) without calling .encode(): how many bytes UTF-8 uses for one character "
                "(look at ord(char): below 0x80, below 0x800, below 0x10000, or more)."),
        reference=lambda char: len(char.encode("utf-8")),
        cases=[("a",), ("\x7f",), ("é",), ("\u07ff",), ("中",), ("\uffff",), ("😀",)],
        hints=["1 byte below 0x80, 2 below 0x800, 3 below 0x10000, else 4.",
               "Check the boundaries: 0x7F is 1 byte, 0x80 is 2."],
        solution_code=(
            "def utf8_length(char):\n"
            "    code = ord(char)\n"
            "    return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4"),
        wrong_code=(
            "def utf8_length(char):\n"
            "    code = ord(char)\n"
            "    return 1 if code < 0x80 else 2 if code < 0x800 else 3  # forgets 4-byte characters"),
        answer_name="utf8_length",
    )


def q_decode_tokens() -> Question:
    return Question(
        name="decode_tokens",
        prompt=("Write decode_tokens(tokens): a list of token bytes -> text. A token may end inside a character: "
                "join first, then decode (bytes that still do not form a character become '\\ufffd')."),
        reference=_reference_decode_tokens,
        cases=[([b"caf", b"\xc3", b"\xa9"],), ([b"\xc3"],), ([b"ab", b"c"],), ([],)],
        hints=["Decoding each token on its own breaks characters that span two tokens.",
               "b''.join(tokens).decode('utf-8', errors='replace')"],
        solution_code="def decode_tokens(tokens):\n    return b''.join(tokens).decode('utf-8', errors='replace')",
        wrong_code=("def decode_tokens(tokens):\n"
                    "    return ''.join(t.decode('utf-8', errors='replace') for t in tokens)  # token by token"),
        answer_name="decode_tokens",
    )


def q_base_vocabulary() -> Question:
    return Question(
        name="base_vocabulary",
        prompt="How many ids does a byte-level BPE vocabulary have before any merge?",
        reference=lambda: len(range(256)),
        hints=["One id per possible byte value."],
        solution_code="answer = 256",
        wrong_code="answer = 255",
    )
