"""Exercises for notebook 03 (byte-level BPE): from counting UTF-8 bytes to a byte-level tokenizer whose
decoding survives tokens that cut a character.

The questions, in order (name — asks, level). ``asks``: "new case" (a lesson idea on a new input),
"function", "explain" (a value the check marks, and a written reason marked by hand with the rubric
``solution()`` shows), and the project:

- ``bytes_of_text`` — new case, warm-up
- ``utf8_length`` — function, warm-up
- ``decode_tokens`` — function, core
- ``replacement_count`` — explain, core
- ``nfd_cost`` — explain, core
- ``cut_token`` — explain, stretch
- ``complete_part`` — function, stretch
- ``byte_tokenizer`` — project (train, encode, decode and stream on texts in several scripts; in
  ``_ex03_byte_tokenizer``)

None asks for a number notebook 03 printed: every one is a new text, a new function, or a lesson idea
tried on a new case. ``set_03(student="alice")`` gives alice her own texts in the four value questions
(another word, other cuts, another script); the four function questions have hidden cases and forbid
calling bpe_lab's own byte-level code. Points grow with the level: warm-up 1, core 2, stretch 3, project 5.
"""

from __future__ import annotations

import random
import unicodedata

from ... import _checks as check
from ..questions import Question
from ...tokenizer import Tokenizer
from ._shared import LEVEL_POINTS, by_name, same_tuple, student_rng, unseen_cases
from ._ex03_byte_tokenizer import set_03_project

# One function per question (q_...) builds it; set_03, the notebook's set, is what graders call.
__all__ = ["set_03"]

# Words the per-student versions and the hidden cases draw from: accented Latin, and other scripts.
LATIN = ("naïve", "café", "crème", "Zürich", "señor", "façade", "jalapeño", "São", "über", "Ångström")
OTHER = ("東京", "北京", "日本語", "Москва", "мир", "Αθήνα", "नमस्ते", "서울", "😀", "🦜🦜")
WORDS = LATIN + OTHER + ("hello", "token", "привет", "ありがとう", "สวัสดี", "𝔘𝔫𝔦", "a", "")


def set_03(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 03: bytes. ``student``: an id such as "alice" gives that student's own texts in
    the value questions ("": everyone's version)."""
    student = check.student(student)
    return {**by_name(q_bytes_of_text(student), q_utf8_length(), q_decode_tokens(), q_replacement_count(student),
                      q_nfd_cost(student), q_cut_token(student), q_complete_part()),
            **set_03_project(student)}


def _text(rng: random.Random, words: int) -> str:
    """A few words from WORDS, joined by spaces (hidden cases)."""
    return " ".join(rng.choice(WORDS) for _ in range(words))


def _bytes_text(student: str) -> str:
    """'naïve 東京', or for a student an accented Latin word and a word of another script."""
    rng = student_rng(student, "03 bytes_of_text")
    return "naïve 東京" if rng is None else f"{rng.choice(LATIN)} {rng.choice(OTHER)}"


def q_bytes_of_text(student: str = "") -> Question:
    text = _bytes_text(student)
    beyond = [char for char in dict.fromkeys(text) if ord(char) >= 0x80]
    if student:
        where = "; ".join(f"{char} is U+{ord(char):04X}" for char in beyond)
        second = (f"{where}. Which of the ranges below U+0080, below U+0800, below U+10000 and above holds "
                  "each?")
    else:
        second = ("ï is U+00EF; 東 and 京 are U+6771 and U+4EAC. Which of the ranges below U+0080, below U+0800 and "
                  "below U+10000 holds each?")
    return Question(
        name="bytes_of_text",
        prompt=f"How many UTF-8 bytes does the string {text!r} take? Answer a number.",
        reference=lambda: len(text.encode("utf-8")),
        hints=["Go character by character: the space counts too, and each character's number of bytes depends "
               "only on its code point's range (section 1's table).",
               second,
               "Once you have a number, let Python count the bytes of the encoded string to check it."],
        solution_code=f"byte_count = len({text!r}.encode('utf-8'))",
        wrong_code=f"byte_count = len({text!r})  # counts characters, not bytes",
        answer_name="byte_count",
        points=LEVEL_POINTS["warm-up"],
        level="warm-up",
        asks="new case",
        student=student,
    )


def _any_char(rng: random.Random) -> str:
    """A character from one of UTF-8's four ranges, often at a boundary (never a surrogate)."""
    low, high = rng.choice([(0, 0x7F), (0x80, 0x7FF), (0x800, 0xD7FF), (0xE000, 0xFFFF), (0x10000, 0x10FFFF)])
    code = rng.choice([low, high, rng.randint(low, high)])
    return chr(code)


_UTF8_LENGTH_CASES = [("a",), ("\x7f",), ("\x80",), ("é",), ("\u07ff",), ("\u0800",), ("中",), ("\uffff",), ("😀",),
                      ("\U0010ffff",)]


def q_utf8_length() -> Question:
    return Question(
        name="utf8_length",
        prompt=("Write utf8_length(char) without calling .encode(): how many bytes UTF-8 uses for one character "
                "(look at ord(char): below 0x80, below 0x800, below 0x10000, or more)."),
        reference=lambda char: len(char.encode("utf-8")),
        cases=_UTF8_LENGTH_CASES,
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
        points=LEVEL_POINTS["warm-up"],
        hidden_cases=unseen_cases(lambda rng: (_any_char(rng),), _UTF8_LENGTH_CASES, 12),
        forbidden=("bpe_lab.byte_level.char_bytes", "bpe_lab.byte_level.bytes_by_char"),
        level="warm-up",
        asks="function",
    )


def _reference_decode_tokens(tokens):
    return b"".join(tokens).decode("utf-8", errors="replace")


_DECODE_CASES = [([b"caf", b"\xc3", b"\xa9"],), ([b"\xe6\x9d", b"\xb1\xe4\xba", b"\xac"],), ([b"\xc3"],),
                 ([b"ab", b"c"],), ([],)]


def _cut_bytes(rng: random.Random) -> tuple:
    """A text's bytes cut at random places into tokens; now and then a byte is dropped or a stray one added,
    so that some bytes do not form a character at all."""
    data = bytearray(_text(rng, rng.randint(1, 3)).encode("utf-8"))
    if data and rng.random() < 0.3:
        del data[rng.randrange(len(data))]
    if rng.random() < 0.2:
        data.insert(rng.randint(0, len(data)), rng.choice([0x80, 0xA9, 0xC3, 0xE6, 0xF0, 0xFF]))
    cuts = sorted(rng.sample(range(1, len(data)), min(len(data) - 1, rng.randint(0, 5)))) if len(data) > 1 else []
    edges = [0, *cuts, len(data)] if data else [0]
    return ([bytes(data[a:b]) for a, b in zip(edges, edges[1:])],)


def q_decode_tokens() -> Question:
    return Question(
        name="decode_tokens",
        prompt=("Write decode_tokens(tokens): a list of token bytes -> text. A token may end inside a character, "
                "so the text must come out whole all the same; bytes that do not form a character at all become "
                "'\\ufffd' (errors='replace')."),
        reference=_reference_decode_tokens,
        cases=_DECODE_CASES,
        hints=["Decoding each token on its own breaks every character whose bytes are in two tokens.",
               "Put all the bytes back together first; decode once, at the end."],
        solution_code="def decode_tokens(tokens):\n    return b''.join(tokens).decode('utf-8', errors='replace')",
        wrong_code=("def decode_tokens(tokens):\n"
                    "    return ''.join(t.decode('utf-8', errors='replace') for t in tokens)  # token by token"),
        answer_name="decode_tokens",
        points=LEVEL_POINTS["core"],
        hidden_cases=unseen_cases(_cut_bytes, _DECODE_CASES, 10),
        forbidden=("bpe_lab.tokenizer.Tokenizer.decode", "bpe_lab.tokenizer.Tokenizer.decode_bytes"),
        level="core",
        asks="function",
    )


_TOKYO_TOKENS = [b"\xe6\x9d", b"\xb1\xe4\xba", b"\xac"]  # '東京' (6 bytes) cut into three tokens
TWO_CHARACTERS = ("北京", "日本", "大阪", "上海", "서울", "부산", "すし", "そら", "中文")  # 3 bytes per character


def _cut_word(student: str) -> tuple[str, list[bytes]]:
    """'東京' in the tokens above, or for a student another word of two 3-byte characters cut into three
    tokens at two places inside characters."""
    rng = student_rng(student, "03 replacement_count")
    if rng is None:
        return "東京", _TOKYO_TOKENS
    word = rng.choice(TWO_CHARACTERS)
    data = word.encode("utf-8")
    first, second = sorted(rng.sample([1, 2, 4, 5], 2))
    return word, [data[:first], data[first:second], data[second:]]


def _replacements(tokens: list[bytes]) -> int:
    return sum(token.decode("utf-8", errors="replace").count("\ufffd") for token in tokens)


def _where_each_comes_from(word: str, tokens: list[bytes]) -> str:
    """The rubric's reason, token by token: which bytes of which character each holds, and its � count."""
    sentences, start = [], 0
    for number, token in enumerate(tokens, 1):
        parts = []
        for index, char in enumerate(word):
            low, high = 3 * index, 3 * index + 3
            a, b = max(start, low), min(start + len(token), high)
            if a >= b:
                continue
            if (a, b) == (low, high):
                parts.append(f"all of {char} (no �)")
            elif a == low:
                parts.append(f"the first {'byte' if b - a == 1 else '2 bytes'} of the 3 of {char} (one �)")
            else:
                signs = "one �" if b - a == 1 else f"{b - a} �, one per byte"
                parts.append(f"{b - a} continuation byte{'s' * (b - a > 1)} of {char} without its first byte "
                             f"({signs})")
        sentences.append(f"Token {number} ({token.hex(' ')}) holds " + " and ".join(parts))
        start += len(token)
    return ". ".join(sentences)


def q_replacement_count(student: str = "") -> Question:
    word, tokens = _cut_word(student)
    data = word.encode()
    answer = _replacements(tokens)
    if student:
        rubric = (f"Full marks for {answer} with the reason. " + _where_each_comes_from(word, tokens) + ". Together "
                  f"the {len(data)} bytes decode to {word!r} with no �: decode the whole sequence, or hold back an "
                  "unfinished character until its last byte arrives.")
    else:
        rubric = ("Full marks for 4 with the reason. Token 1 holds 2 of the 3 bytes of 東 (one �); token 2 holds the\n"
                  "last byte of 東 (a continuation byte with no start: one �) and 2 bytes of 京 (one �); token 3\n"
                  "holds the last byte of 京 (one �). Together the six bytes decode to '東京' with no �: decode\n"
                  "the whole sequence, or hold back an unfinished character until its last byte arrives.")
    wrong = len(word) if answer != len(word) else answer + 1
    return Question(
        name="replacement_count",
        prompt=(f"{word!r} is {len(data)} bytes, {data.hex(' ')}. A byte-level tokenizer cut it into three tokens, "
                f"{tokens!r}. A streaming chat shows each token as soon as it arrives, decoding it on its "
                "own with errors='replace'. Predict: how many '\\ufffd' (�) does the screen show in all? Answer a "
                "number; then, in the cell under it, explain where each � comes from and what decoding the three "
                "tokens together gives."),
        reference=lambda: _replacements(tokens),
        hints=["Look at each token's bytes: which start a character (e0–ef start a 3-byte one), and which "
               "continue one (80–bf)?",
               "Python replaces each broken piece with one �: a start of a character that is cut short is one "
               "piece; so is each continuation byte whose start is in another token.",
               "A token may hold the end of one character and the start of the next."],
        solution_code=(f"tokens = {tokens!r}\n"
                       "replacements = sum(t.decode('utf-8', errors='replace').count('\\ufffd') for t in tokens)"),
        wrong_code=f"replacements = {wrong}  # one per character",
        answer_name="replacements",
        rubric=rubric,
        points=LEVEL_POINTS["core"],
        level="core",
        asks="explain",
        student=student,
    )


_VIETNAMESE = "Tiếng Việt"
VIETNAMESE_WORDS = ("Hà Nội", "phở", "bánh mì", "cà phê", "Việt Nam", "tiếng", "người", "nước", "cảm ơn", "xin chào",
                    "Huế", "Sài Gòn", "trời", "sữa", "đẹp")


def _vietnamese(student: str) -> str:
    """'Tiếng Việt', or for a student two other Vietnamese words."""
    rng = student_rng(student, "03 nfd_cost")
    return _VIETNAMESE if rng is None else " ".join(rng.sample(VIETNAMESE_WORDS, 2))


def _nfc_nfd(text: str) -> tuple[int, int]:
    return tuple(len(unicodedata.normalize(form, text).encode("utf-8")) for form in ("NFC", "NFD"))


def _letter_costs(text: str) -> str:
    """Each letter beyond ASCII with its bytes in NFC and NFD (the rubric of a student's version)."""
    costs = []
    for char in dict.fromkeys(unicodedata.normalize("NFC", text)):
        if ord(char) < 0x80:
            continue
        parts = unicodedata.normalize("NFD", char)
        nfd = " + ".join(f"{part} ({len(part.encode())})" if not unicodedata.combining(part)
                         else f"U+{ord(part):04X} ({len(part.encode())})" for part in parts)
        costs.append(f"{char} is U+{ord(char):04X}, {len(char.encode())} bytes in NFC"
                     + (f"; in NFD {nfd}" if len(parts) > 1 else ", and the same in NFD (it does not decompose)"))
    return "; ".join(costs)


def q_nfd_cost(student: str = "") -> Question:
    text = _vietnamese(student)
    nfc, nfd = _nfc_nfd(text)
    beyond = [char for char in dict.fromkeys(unicodedata.normalize("NFC", text)) if ord(char) >= 0x80]
    if student:
        hints = [f"The letters beyond ASCII are {', '.join(beyond)}. Each takes one code point in NFC; which range "
                 "is each in?",
                 "In NFD an accented letter is its base letter followed by one or two combining marks, each "
                 "between U+0300 and U+036F (unicodedata.name tells you which marks).",
                 "unicodedata.normalize('NFD', text) lets you count the code points; predict the bytes first."]
        rubric = (f"Full marks for {(nfc, nfd)} with the reason. {_letter_costs(text)}; every other character is "
                  f"ASCII, 1 byte in both. NFD has {nfd - nfc} more bytes, and rarer byte sequences (a mark after "
                  "its letter instead of one code point), so a byte-level tokenizer usually needs more tokens for "
                  "the same text; normalise (NFC) before tokenizing.")
    else:
        hints = ["Only ế and ệ are not ASCII. Each takes one code point in NFC; which range is it in?",
                 "In NFD, ế is e, a combining circumflex and a combining acute accent; ệ is e, a combining dot "
                 "below and a circumflex. The combining marks are between U+0300 and U+036F.",
                 "unicodedata.normalize('NFD', text) lets you count the code points; predict the bytes first."]
        rubric = ("Full marks for (14, 18) with the reason. NFC: 8 ASCII bytes + 2 letters from U+1E00–U+1EFF at 3\n"
                  "bytes each. NFD: 8 + 2 x (1 for e + 2 combining marks of 2 bytes each) = 18. More bytes, and\n"
                  "rarer byte sequences (a mark after e instead of one code point), so a byte-level tokenizer\n"
                  "usually needs more tokens for the same text; normalise (NFC) before tokenizing.")
    return Question(
        name="nfd_cost",
        prompt=(f"'{text}' (Vietnamese) as NFC, one code point per accented letter, and as NFD, where each "
                "accent is a combining code point of its own: how many UTF-8 bytes in each? Answer a pair "
                "(NFC bytes, NFD bytes); then, in the cell under it, explain the difference, and what it does to "
                "a byte-level tokenizer's token count."),
        reference=lambda: _nfc_nfd(text),
        compare=same_tuple,
        hints=hints,
        solution_code=("import unicodedata\n"
                       f"text = {text!r}\n"
                       "nfc_nfd_bytes = tuple(len(unicodedata.normalize(form, text).encode('utf-8'))\n"
                       "                      for form in ('NFC', 'NFD'))"),
        wrong_code=("import unicodedata\n"
                    f"text = {text!r}\n"
                    "nfc_nfd_bytes = (len(text), len(unicodedata.normalize('NFD', text)))  # code points, not bytes"),
        answer_name="nfc_nfd_bytes",
        rubric=rubric,
        points=LEVEL_POINTS["core"],
        level="core",
        asks="explain",
        student=student,
    )


_NAMASTE_TWICE = "नमस्ते नमस्ते"
# Scripts whose code points are 3 bytes in UTF-8 (name, first and last code point of the block, words).
SCRIPTS = (("Devanagari", 0x0900, 0x097F, ("धन्यवाद", "भारत", "हिन्दी", "पानी", "किताब")),
           ("Bengali", 0x0980, 0x09FF, ("নমস্কার", "বাংলা", "ধন্যবাদ", "ভালো")),
           ("Thai", 0x0E00, 0x0E7F, ("สวัสดี", "ขอบคุณ", "ภาษาไทย")),
           ("Tamil", 0x0B80, 0x0BFF, ("வணக்கம்", "தமிழ்", "நன்றி")),
           ("Hiragana", 0x3040, 0x309F, ("ありがとう", "こんにちは", "さようなら", "おはよう")),
           ("Gujarati", 0x0A80, 0x0AFF, ("નમસ્તે", "ગુજરાતી", "આભાર")))


def _first_token(text: str) -> bytes:
    return Tokenizer.train(text, 257, pattern=None).vocab[256]


def _twice(student: str) -> tuple[str, str, int, int]:
    """(text, script, first and last code point of its block): 'नमस्ते नमस्ते', or for a student another
    word of a 3-byte script, twice."""
    rng = student_rng(student, "03 cut_token")
    if rng is None:
        return _NAMASTE_TWICE, "Devanagari", 0x0900, 0x097F
    script, low, high, words = rng.choice(SCRIPTS)
    word = rng.choice(words)
    return f"{word} {word}", script, low, high


def q_cut_token(student: str = "") -> Question:
    text, script, low, high = _twice(student)
    word = text.split()[0]
    token = _first_token(text)
    data = text.encode()
    if student:
        halves = " and of ".join(f"U+{start:04X}–U+{min(start + 63, high):04X}" for start in range(low, high + 1, 64))
        hints = [f"All {len(word)} code points of {word} are {script} (U+{low:04X}–U+{high:04X}): 3 bytes each. "
                 "What do their bytes have in common?",
                 f"Write the first two bytes of {halves}: which adjacent pair of bytes occurs most often in the "
                 "text?",
                 "A merge only sees counts of adjacent byte pairs; nothing tells it where a character ends."]
        starting = "".join(dict.fromkeys(char for char in word if char.encode().startswith(token)))
        count = sum(data[i:i + 2] == token for i in range(len(data) - 1))
        rubric = (f"Full marks for {token!r} with the reason. Each {script} code point is 3 bytes; "
                  f"{token.hex(' ')} occurs {count} times, more than any other pair, so BPE merges it first. It is "
                  f"the first 2 of the 3 bytes of {', '.join(starting)}, so decode([256]) alone gives '\\ufffd'; "
                  "decoding it with the tokens after it gives the text back.")
    else:
        hints = ["All six code points of नमस्ते are Devanagari (U+0900–U+097F): 3 bytes each. What do their bytes "
                 "have in common?",
                 "Write the first two bytes of U+0900–U+093F and of U+0940–U+097F: which adjacent pair of bytes "
                 "occurs most often in the text?",
                 "A merge only sees counts of adjacent byte pairs; nothing tells it where a character ends."]
        rubric = ("Full marks for b'\\xe0\\xa4' with the reason. Each Devanagari code point is 3 bytes starting\n"
                  "e0 a4 (U+0900–U+093F) or e0 a5; e0 a4 occurs 8 times, more than any other pair, so BPE merges it\n"
                  "first. It is the first 2 of 3 bytes of several characters, so decode([256]) alone gives '\\ufffd';\n"
                  "decoding it with the tokens after it gives the text back.")
    return Question(
        name="cut_token",
        prompt=(f"Train byte-level BPE without a pattern (the whole text is one sequence, as in section 3) on "
                f"'{text}' with a single merge. Predict the one learned token's bytes (a bytes object, "
                "such as b'\\x41\\x42'); then, in the cell under it, explain why it is not a character, and what "
                "decode gives for it alone."),
        reference=lambda: _first_token(text),
        hints=hints,
        solution_code=f"first_token = {token!r}  # the first two bytes of several characters",
        wrong_code=f"first_token = {word[0]!r}.encode('utf-8')  # a whole character",
        answer_name="first_token",
        rubric=rubric,
        points=LEVEL_POINTS["stretch"],
        level="stretch",
        asks="explain",
        student=student,
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


_COMPLETE_CASES = [(b"abc",), (b"caf\xc3",), (b"caf\xc3\xa9",), (b"\xe6\x9d",), (b"\xe6\x9d\xb1\xe4",),
                   (b"\xf0\x9f\x98",), (b"\xf0\x9f\x98\x80",), (b"\xc3",), (b"",), ("ok 👍".encode()[:-1],)]


def _text_start(rng: random.Random) -> tuple:
    """The start of a text's bytes, cut inside a character two times in three."""
    data = _text(rng, rng.randint(1, 3)).encode("utf-8")
    inside = [i for i in range(1, len(data)) if 0x80 <= data[i] <= 0xBF]
    cut = rng.choice(inside) if inside and rng.random() < 0.67 else rng.randint(0, len(data))
    return (data[:cut],)


def q_complete_part() -> Question:
    return Question(
        name="complete_part",
        prompt=("A streaming decoder receives bytes in pieces. Write complete_part(data) -> (ready, held): ready "
                "is the longest start of data made of whole characters (safe to show now), held the bytes of a "
                "character that has not finished arriving (0 to 3 bytes). data is always the start of valid "
                "UTF-8 text, so only its end can be unfinished. Return a tuple of two bytes objects."),
        reference=_complete_part,
        cases=_COMPLETE_CASES,
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
        points=LEVEL_POINTS["stretch"],
        hidden_cases=unseen_cases(_text_start, _COMPLETE_CASES, 12),
        forbidden=("bpe_lab.byte_level.utf8_status", "bpe_lab.byte_level.show_token",
                   "bpe_lab.byte_level.StreamDecoder.feed"),
        level="stretch",
        asks="function",
    )
