"""Exercises for notebook 03 (byte-level BPE): from counting UTF-8 bytes to a byte-level tokenizer whose
decoding survives tokens that cut a character.

The questions, in order (name — kind, level). Kinds: value, function, explain (a value the check
marks, and a written reason marked by hand with the rubric ``solution()`` shows), and the project:

- ``bytes_of_text`` — value, warm-up
- ``utf8_length`` — function, warm-up
- ``decode_tokens`` — function, core
- ``replacement_count`` — explain, core
- ``nfd_cost`` — explain, core
- ``cut_token`` — explain, deeper
- ``complete_part`` — function, deeper
- ``byte_tokenizer`` — project (train, encode, decode and stream on texts in several scripts)

None asks for a number notebook 03 printed: every one is a new text, a new function, or a lesson idea
tried on a new case.
"""

from __future__ import annotations

import codecs
import unicodedata

from ..exercises import Question
from ..tokenizer import Tokenizer
from ._shared import by_name

# One function per question (q_...) builds it; set_03, the notebook's set, is what graders call.
__all__ = ["set_03"]


def set_03() -> dict[str, Question]:
    """Exercises for notebook 03: bytes."""
    return by_name(q_bytes_of_text(), q_utf8_length(), q_decode_tokens(), q_replacement_count(), q_nfd_cost(),
                   q_cut_token(), q_complete_part(), q_byte_tokenizer())


def q_bytes_of_text() -> Question:
    return Question(
        name="bytes_of_text",
        prompt="How many UTF-8 bytes does the string 'naïve 東京' take? Answer a number.",
        reference=lambda: len("naïve 東京".encode("utf-8")),
        hints=["Go character by character: the space counts too, and each character's number of bytes depends "
               "only on its code point's range (section 1's table).",
               "ï is U+00EF; 東 and 京 are U+6771 and U+4EAC. Which of the ranges below U+0080, below U+0800 and "
               "below U+10000 holds each?",
               "Once you have a number, let Python count the bytes of the encoded string to check it."],
        solution_code="answer = len('naïve 東京'.encode('utf-8'))",
        wrong_code="answer = len('naïve 東京')  # counts characters, not bytes",
    )


def q_utf8_length() -> Question:
    return Question(
        name="utf8_length",
        prompt=("Write utf8_length(char) without calling .encode(): how many bytes UTF-8 uses for one character "
                "(look at ord(char): below 0x80, below 0x800, below 0x10000, or more)."),
        reference=lambda char: len(char.encode("utf-8")),
        cases=[("a",), ("\x7f",), ("\x80",), ("é",), ("\u07ff",), ("\u0800",), ("中",), ("\uffff",), ("😀",),
               ("\U0010ffff",)],
        hints=["Four ranges of ord(char), four answers: 1, 2, 3 or 4 bytes.",
               "Check the boundaries: 0x7F is 1 byte, 0x80 is 2; 0x7FF is 2, 0x800 is 3; 0xFFFF is 3, 0x10000 is 4."],
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


def _reference_decode_tokens(tokens):
    return b"".join(tokens).decode("utf-8", errors="replace")


def q_decode_tokens() -> Question:
    return Question(
        name="decode_tokens",
        prompt=("Write decode_tokens(tokens): a list of token bytes -> text. A token may end inside a character, "
                "so the text must come out whole all the same; bytes that do not form a character at all become "
                "'\\ufffd' (errors='replace')."),
        reference=_reference_decode_tokens,
        cases=[([b"caf", b"\xc3", b"\xa9"],), ([b"\xe6\x9d", b"\xb1\xe4\xba", b"\xac"],), ([b"\xc3"],),
               ([b"ab", b"c"],), ([],)],
        hints=["Decoding each token on its own breaks every character whose bytes are in two tokens.",
               "Put all the bytes back together first; decode once, at the end."],
        solution_code="def decode_tokens(tokens):\n    return b''.join(tokens).decode('utf-8', errors='replace')",
        wrong_code=("def decode_tokens(tokens):\n"
                    "    return ''.join(t.decode('utf-8', errors='replace') for t in tokens)  # token by token"),
        answer_name="decode_tokens",
    )


_TOKYO_TOKENS = [b"\xe6\x9d", b"\xb1\xe4\xba", b"\xac"]  # '東京' (6 bytes) cut into three tokens


def q_replacement_count() -> Question:
    return Question(
        name="replacement_count",
        prompt=(f"'東京' is {len('東京'.encode())} bytes, {'東京'.encode().hex(' ')}. A byte-level tokenizer cut it into three tokens, "
                f"{_TOKYO_TOKENS!r}. A streaming chat shows each token as soon as it arrives, decoding it on its "
                "own with errors='replace'. Predict: how many '\\ufffd' (�) does the screen show in all? Answer a "
                "number; then, in the cell under it, explain where each � comes from and what decoding the three "
                "tokens together gives."),
        reference=lambda: sum(token.decode("utf-8", errors="replace").count("\ufffd") for token in _TOKYO_TOKENS),
        hints=["Look at each token's bytes: which start a character (e0–ef start a 3-byte one), and which "
               "continue one (80–bf)?",
               "Python replaces each broken piece with one �: a start of a character that is cut short is one "
               "piece; a run of continuation bytes without their start is another.",
               "The middle token holds the end of one character and the start of the next."],
        solution_code=("tokens = [b'\\xe6\\x9d', b'\\xb1\\xe4\\xba', b'\\xac']\n"
                       "answer = sum(t.decode('utf-8', errors='replace').count('\\ufffd') for t in tokens)"),
        wrong_code="answer = 2  # one per character",
        rubric=("Full marks for 4 with the reason. Token 1 holds 2 of the 3 bytes of 東 (one �); token 2 holds the\n"
                "last byte of 東 (a continuation byte with no start: one �) and 2 bytes of 京 (one �); token 3\n"
                "holds the last byte of 京 (one �). Together the six bytes decode to '東京' with no �: decode\n"
                "the whole sequence, or hold back an unfinished character until its last byte arrives."),
    )


_VIETNAMESE = "Tiếng Việt"


def q_nfd_cost() -> Question:
    return Question(
        name="nfd_cost",
        prompt=(f"'{_VIETNAMESE}' (Vietnamese) as NFC, one code point per accented letter, and as NFD, where each "
                "accent is a combining code point of its own: how many UTF-8 bytes in each? Answer a pair "
                "(NFC bytes, NFD bytes); then, in the cell under it, explain the difference, and what it does to "
                "a byte-level tokenizer's token count."),
        reference=lambda: tuple(len(unicodedata.normalize(form, _VIETNAMESE).encode("utf-8"))
                                for form in ("NFC", "NFD")),
        compare=lambda got, expected: isinstance(got, (tuple, list)) and tuple(got) == expected,
        hints=["Only ế and ệ are not ASCII. Each takes one code point in NFC; which range is it in?",
               "In NFD, ế is e, a combining circumflex and a combining acute accent; ệ is e, a combining dot "
               "below and a circumflex. The combining marks are between U+0300 and U+036F.",
               "unicodedata.normalize('NFD', text) lets you count the code points; predict the bytes first."],
        solution_code=("import unicodedata\n"
                       f"text = {_VIETNAMESE!r}\n"
                       "answer = tuple(len(unicodedata.normalize(form, text).encode('utf-8')) for form in ('NFC', 'NFD'))"),
        wrong_code=("import unicodedata\n"
                    f"text = {_VIETNAMESE!r}\n"
                    "answer = (len(text), len(unicodedata.normalize('NFD', text)))  # code points, not bytes"),
        rubric=("Full marks for (14, 18) with the reason. NFC: 8 ASCII bytes + 2 letters from U+1E00–U+1EFF at 3\n"
                "bytes each. NFD: 8 + 2 x (1 for e + 2 combining marks of 2 bytes each) = 18. More bytes, and\n"
                "rarer byte sequences (a mark after e instead of one code point), so a byte-level tokenizer\n"
                "usually needs more tokens for the same text; normalise (NFC) before tokenizing."),
    )


_NAMASTE_TWICE = "नमस्ते नमस्ते"


def q_cut_token() -> Question:
    return Question(
        name="cut_token",
        prompt=(f"Train byte-level BPE without a pattern (the whole text is one sequence, as in section 3) on "
                f"'{_NAMASTE_TWICE}' with a single merge. Predict the one learned token's bytes (a bytes object, "
                "such as b'\\x41\\x42'); then, in the cell under it, explain why it is not a character, and what "
                "decode gives for it alone."),
        reference=lambda: Tokenizer.train(_NAMASTE_TWICE, 257, pattern=None).vocab[256],
        hints=["All six code points of नमस्ते are Devanagari (U+0900–U+097F): 3 bytes each. What do their bytes "
               "have in common?",
               "Write the first two bytes of U+0900–U+093F and of U+0940–U+097F: which adjacent pair of bytes "
               "occurs most often in the text?",
               "A merge only sees counts of adjacent byte pairs; nothing tells it where a character ends."],
        solution_code="answer = b'\\xe0\\xa4'  # the first two bytes of न, म, स and त",
        wrong_code="answer = 'न'.encode('utf-8')  # a whole character",
        rubric=("Full marks for b'\\xe0\\xa4' with the reason. Each Devanagari code point is 3 bytes starting\n"
                "e0 a4 (U+0900–U+093F) or e0 a5; e0 a4 occurs 8 times, more than any other pair, so BPE merges it\n"
                "first. It is the first 2 of 3 bytes of several characters, so decode([256]) alone gives '\\ufffd';\n"
                "decoding it with the tokens after it gives the text back."),
    )


def _complete_part(data: bytes) -> tuple[bytes, bytes]:
    """(the longest prefix of ``data`` made of whole characters, the rest); ``data`` is a prefix of valid UTF-8."""
    for cut in range(len(data), max(len(data) - 4, -1), -1):  # a cut character has at most 3 of its bytes here
        try:
            data[:cut].decode("utf-8")
        except UnicodeDecodeError:
            continue
        return data[:cut], data[cut:]
    raise ValueError(f"{data!r} is not a prefix of valid UTF-8")  # never: the cases are prefixes of real text


def q_complete_part() -> Question:
    return Question(
        name="complete_part",
        prompt=("A streaming decoder receives bytes in pieces. Write complete_part(data) -> (ready, held): ready "
                "is the longest start of data made of whole characters (safe to show now), held the bytes of a "
                "character that has not finished arriving (0 to 3 bytes). data is always the start of valid "
                "UTF-8 text, so only its end can be unfinished. Return a tuple of two bytes objects."),
        reference=_complete_part,
        cases=[(b"abc",), (b"caf\xc3",), (b"caf\xc3\xa9",), (b"\xe6\x9d",), (b"\xe6\x9d\xb1\xe4",),
               (b"\xf0\x9f\x98",), (b"\xf0\x9f\x98\x80",), (b"\xc3",), (b"",), ("ok 👍".encode()[:-1],)],
        hints=["A byte from 0x80 to 0xBF continues a character; any other byte starts one, and says how long "
               "its character is (below 0x80: 1; 0xC0–0xDF: 2; 0xE0–0xEF: 3; 0xF0–0xF7: 4).",
               "Walk back from the end over continuation bytes (at most three) to the last byte that starts a "
               "character. Is that character complete?",
               "If it is, everything is ready; if not, split just before its first byte."],
        solution_code=(
            "def complete_part(data):\n"
            "    start = len(data)\n"
            "    while start > 0 and len(data) - start < 4:\n"
            "        start -= 1\n"
            "        if not 0x80 <= data[start] <= 0xBF:  # the last byte that starts a character\n"
            "            lead = data[start]\n"
            "            need = 1 if lead < 0x80 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4\n"
            "            if len(data) - start < need:\n"
            "                return data[:start], data[start:]\n"
            "            break\n"
            "    return data, b''"),
        wrong_code=(
            "def complete_part(data):\n"
            "    # holds back only a last byte that starts a character, not 2 or 3 bytes of a longer one\n"
            "    if data and data[-1] >= 0xC0:\n"
            "        return data[:-1], data[-1:]\n"
            "    return data, b''"),
        answer_name="complete_part",
    )


def _stream(pieces: list[bytes]) -> list[str]:
    """What a streaming decoder shows as each piece of bytes arrives (an unfinished character waits)."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    shown = [decoder.decode(piece) for piece in pieces]
    if shown:
        shown[-1] += decoder.decode(b"", final=True)
    return shown


def _byte_tokenizer(train_text: str, vocab_size: int, text: str) -> tuple[list[int], str, list[str]]:
    tokenizer = Tokenizer.train(train_text, vocab_size, pattern=None)
    ids = tokenizer.encode(text)
    return ids, tokenizer.decode(ids), _stream([tokenizer.token_bytes(i) for i in ids])


# Texts in several scripts. In the first three cases a learned token ends inside a character (d0/d1 lead bytes of
# Cyrillic, e0 a4 of Devanagari, e4/e6 of Chinese), so showing tokens one by one must hold bytes back.
_RUSSIAN = "привет мир, привет всем, привет"
_HINDI = "नमस्ते दुनिया, नमस्ते सब"
_MIXED = "東京は東京 Tokyo 東京 😀😀 naïve naïve"


# The project's answer: notebook 03's train, encode and decode, with a stream that holds back unfinished
# characters. The typical wrong answer is the same code showing each token decoded on its own.
_PROJECT_SOLUTION = (
    "def train(text, vocab_size):\n"
    "    ids = list(text.encode('utf-8'))\n"
    "    vocab = {i: bytes([i]) for i in range(256)}\n"
    "    merges = {}  # (left id, right id) -> new id, in the order learned\n"
    "    for new_id in range(256, vocab_size):\n"
    "        counts = {}\n"
    "        for pair in zip(ids, ids[1:]):\n"
    "            counts[pair] = counts.get(pair, 0) + 1\n"
    "        if not counts:\n"
    "            break\n"
    "        top = max(counts.values())\n"
    "        pair = min((p for p, c in counts.items() if c == top), key=lambda p: (vocab[p[0]], vocab[p[1]]))\n"
    "        ids = merge(ids, pair, new_id)\n"
    "        merges[pair] = new_id\n"
    "        vocab[new_id] = vocab[pair[0]] + vocab[pair[1]]\n"
    "    return merges\n"
    "\n"
    "def merge(ids, pair, new_id):\n"
    "    out, i = [], 0\n"
    "    while i < len(ids):\n"
    "        if i + 1 < len(ids) and (ids[i], ids[i + 1]) == pair:\n"
    "            out.append(new_id)\n"
    "            i += 2\n"
    "        else:\n"
    "            out.append(ids[i])\n"
    "            i += 1\n"
    "    return out\n"
    "\n"
    "def encode(text, merges):\n"
    "    ids = list(text.encode('utf-8'))\n"
    "    while len(ids) >= 2:\n"
    "        pair = min(zip(ids, ids[1:]), key=lambda p: merges.get(p, float('inf')))\n"
    "        if pair not in merges:\n"
    "            break\n"
    "        ids = merge(ids, pair, merges[pair])\n"
    "    return ids\n"
    "\n"
    "def token_bytes(merges):\n"
    "    vocab = {i: bytes([i]) for i in range(256)}\n"
    "    for (left, right), new_id in merges.items():  # in the order learned\n"
    "        vocab[new_id] = vocab[left] + vocab[right]\n"
    "    return vocab\n"
    "\n"
    "def decode(ids, merges):\n"
    "    vocab = token_bytes(merges)\n"
    "    return b''.join(vocab[i] for i in ids).decode('utf-8', errors='replace')\n"
    "\n"
    "def stream(ids, merges):\n"
    "    vocab, shown, held = token_bytes(merges), [], b''\n"
    "    for i in ids:\n"
    "        data = held + vocab[i]\n"
    "        cut = len(data)\n"
    "        while cut > 0:  # the longest start that decodes: whole characters only\n"
    "            try:\n"
    "                shown.append(data[:cut].decode('utf-8'))\n"
    "                break\n"
    "            except UnicodeDecodeError:\n"
    "                cut -= 1\n"
    "        else:\n"
    "            shown.append('')\n"
    "        held = data[cut:]\n"
    "    return shown\n"
    "\n"
    "def byte_tokenizer(train_text, vocab_size, text):\n"
    "    merges = train(train_text, vocab_size)\n"
    "    ids = encode(text, merges)\n"
    "    return ids, decode(ids, merges), stream(ids, merges)")

_PROJECT_WRONG = _PROJECT_SOLUTION.replace(
    _PROJECT_SOLUTION[_PROJECT_SOLUTION.index("def stream"):_PROJECT_SOLUTION.index("def byte_tokenizer")],
    "def stream(ids, merges):\n"
    "    vocab = token_bytes(merges)\n"
    "    # each token decoded on its own as it arrives: a cut character shows as '\\ufffd'\n"
    "    return [vocab[i].decode('utf-8', errors='replace') for i in ids]\n\n")


def q_byte_tokenizer() -> Question:
    return Question(
        name="byte_tokenizer",
        prompt=("**Project:** a byte-level tokenizer whose decoding survives tokens that cut a character. In one "
                "cell, write:\n\n"
                "- train(text, vocab_size): merges learned on the whole text as one sequence (no pattern): the "
                "most frequent adjacent pair of ids, ties to the pair whose byte strings (left, right) are "
                "smallest; the k-th merge (k = 0, 1, ...) gets id 256 + k; stop early when no pair is left;\n"
                "- encode(text, merges): the merge learned first is applied first;\n"
                "- decode(ids, merges): the exact text, even when a token ends inside a character;\n"
                "- stream(ids, merges): one str per id, the text a chat can show as that id arrives; a character "
                "whose bytes have not all arrived is held back until its last byte comes, so the strs joined "
                "are the text;\n"
                "- byte_tokenizer(train_text, vocab_size, text): trains, encodes text, and returns "
                "(ids, decode(ids, merges), stream(ids, merges)).\n\n"
                "It is checked on Russian, Hindi, Japanese with emoji and Latin letters, where learned tokens "
                "end inside characters, and on edge cases: no merges, an empty text, a text with bytes never "
                "seen in training, training that runs out of pairs."),
        reference=_byte_tokenizer,
        cases=[(_RUSSIAN, 270, "привет, мир"), (_HINDI, 262, "नमस्ते"), (_MIXED, 270, "東京 😀 naïve"),
               (_RUSSIAN, 256, "мир"), (_HINDI, 265, ""), (_RUSSIAN, 270, "hello, мир 🙂"),
               ("ab", 300, "abab")],
        hints=["Notebook 03, section 3 has train, encode and decode on ids; keep a vocab id -> bytes next to the "
               "merges so that decode and stream can find each id's bytes.",
               "decode: join the bytes of all the ids, then decode once.",
               "stream: keep a buffer of bytes not shown yet; after each id, add its bytes and show the part made "
               "of whole characters (question complete_part), keeping the rest for the next id.",
               "Ties: compare the pairs' bytes, (vocab[left], vocab[right]), not their ids."],
        solution_code=_PROJECT_SOLUTION,
        wrong_code=_PROJECT_WRONG,
        answer_name="byte_tokenizer",
    )
