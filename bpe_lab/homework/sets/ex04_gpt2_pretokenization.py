"""Exercises for notebook 04 (GPT-2 pre-tokenization): from counting GPT-2's chunks to a pre-tokenization
regex of your own for French.

The questions, in order (name — asks, level). ``asks``: "new case" (a lesson idea on a new input),
"function", "explain" (a value the check marks, and a written reason marked by hand with the rubric
``solution()`` shows), and the project:

- ``count_chunks`` — new case, warm-up
- ``typo_split`` — explain, warm-up
- ``split_gpt2`` — function, core
- ``two_spaces`` — explain, core
- ``cl100k_split`` — explain, core
- ``printable_bytes`` — function, core
- ``split_special`` — function, stretch
- ``split_french`` — project (a pattern for French elisions, checked on cases and edge cases)

None asks for a number notebook 04 printed; ``cl100k_split`` reuses the lesson's number 1234567 in a new
sentence, next to a contraction in capitals. ``set_04(student="alice")`` gives alice her own sentences in
the four value questions; the four function questions have hidden cases, and those bpe_lab implements
(GPT-2's split, its printable bytes) forbid calling it. Points grow with the level: warm-up 1, core 2,
stretch 3, project 5.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache

import regex

from ... import _checks as check
from ... import byte_level, gpt2, pretokenize
from ..questions import Question
from ._shared import LEVEL_POINTS, by_name, student_rng, unseen_cases

# One function per question (q_...) builds it; set_04, the notebook's set, is what graders call.
__all__ = ["set_04"]


def set_04(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 04: pre-tokenization and GPT-2. ``student``: an id such as "alice" gives that
    student's own sentences in the value questions ("": everyone's version)."""
    student = check.student(student)
    return by_name(q_count_chunks(student), q_typo_split(student), q_split_gpt2(), q_two_spaces(student),
                   q_cl100k_split(student), q_printable_bytes(), q_split_special(), q_split_french())


@lru_cache(maxsize=1)
def _gpt2():
    """GPT-2's tokenizer, loaded once (a student's version of two_spaces writes its ids into the rubric)."""
    return gpt2.load()


def _as_list(got, expected) -> bool:
    """Whether ``got`` is a list or tuple equal to ``expected`` item by item (a list of str, or of int)."""
    return isinstance(got, (list, tuple)) and list(got) == expected


def _chunk_sentence(student: str) -> str:
    """"I'm here,  twice.", or for a student another sentence with a contraction, a comma and two spaces, and
    perhaps a word more or a number."""
    rng = student_rng(student, "04 count_chunks")
    if rng is None:
        return "I'm here,  twice."
    start = rng.choice([("I'm", "here"), ("We're", "back"), ("She's", "late"), ("They'll", "stay"), ("You've", "won"),
                        ("It's", "done"), ("I'd", "go"), ("We'll", "see")])
    tail = rng.choice(["twice", "today", "again and again", "at 9", "in 2024", "for 3 more days", "I think",
                       "and that's it", "don't you", "in May 2024", "no doubt"])
    return f"{' '.join(start)},  {tail}{rng.choice(['.', '!', '?!', '...'])}"


def q_count_chunks(student: str = "") -> Question:
    text = _chunk_sentence(student)
    chunks = pretokenize.split(text)
    return Question(
        name="count_chunks",
        prompt=f"Into how many chunks does GPT-2's pattern split {_quoted(text)}? Answer a number.",
        reference=lambda: len(pretokenize.split(text)),
        hints=["Go through the pattern's alternatives in order at each position: contractions, letters, digits, "
               "other symbols (each with one optional leading space), then whitespace.",
               "After the comma come two spaces: the whitespace rule leaves the last one to the next word.",
               "Once you have a number, check it with pretokenize.split."],
        solution_code=f"chunk_count = len({chunks!r})",
        wrong_code=f"chunk_count = {len(text.split())}  # counted words",
        answer_name="chunk_count",
        points=LEVEL_POINTS["warm-up"],
        level="warm-up",
        asks="new case",
        student=student,
    )


def _quoted(text: str) -> str:
    """The text in double quotes, as the prompts write a sentence with an apostrophe."""
    return '"' + text + '"'


_TYPO_TEXT = "some dogs don't bark"
_TYPO = pretokenize.GPT2_PATTERN[1:]
TYPO_FIRST = ("some", "most", "many", "these", "those", "two", "ten", "six", "my", "ster")  # 'ster' is filtered out
TYPO_MIDDLE = ("cats", "birds", "people", "kids", "robots", "dogs", "bees", "owls")
TYPO_CONTRACTION = ("don't", "didn't", "can't", "won't", "wouldn't", "couldn't", "mustn't", "shouldn't")
TYPO_LAST = ("bark", "sing", "know", "care", "sleep", "run", "agree", "mind")


def _typo_text(student: str) -> str:
    """"some dogs don't bark", or for a student a sentence of the same shape: its first word starts with a
    letter the typo's first alternative takes, its third is a contraction."""
    rng = student_rng(student, "04 typo_split")
    if rng is None:
        return _TYPO_TEXT
    for _ in range(100):
        first = rng.choice(TYPO_FIRST)
        if len(pretokenize.split(first, _TYPO)) == 2:  # 'ster' would lose two letters: s, t, er
            break
    return f"{first} {rng.choice(TYPO_MIDDLE)} {rng.choice(TYPO_CONTRACTION)} {rng.choice(TYPO_LAST)}"


def q_typo_split(student: str = "") -> Question:
    text = _typo_text(student)
    chunks = pretokenize.split(text, _TYPO)
    if student:
        first, contraction = text.split()[0], text.split()[2]
        suffix = contraction.split("'")[1]
        spaced = [chunk for chunk in chunks if chunk.startswith(" ")]
        rubric = (f"Full marks for {chunks!r} with the reason. At the start of the text the first alternative "
                  f"matches the bare {first[0]!r} of {first!r}; after \"'\" (taken by the symbols rule, as the "
                  f"contraction rule now needs no apostrophe) a chunk starts at {suffix!r} and the first "
                  f"alternative takes it. {', '.join(map(repr, spaced[:-1]))} and {spaced[-1]!r} start with a "
                  "space, which the first alternative cannot match, so the letters rule takes the whole word.")
    else:
        rubric = ("Full marks for ['s', 'ome', ' dogs', ' don', \"'\", 't', ' bark'] with the reason. At the\n"
                  "start of the text the first alternative matches the bare 's' of 'some'; after \"'\" (taken\n"
                  "by the symbols rule, as the contraction rule now needs no apostrophe) a chunk starts at 't'\n"
                  "and the first alternative takes it. ' dogs', ' don' and ' bark' start with a space, which\n"
                  "[sdmt] cannot match, so the letters rule takes the whole word.")
    return Question(
        name="typo_split",
        prompt=(f"The widely copied typo drops the pattern's first apostrophe: `(?:[sdmt]|ll|ve|re)|...`. How does "
                f"that pattern (pretokenize.GPT2_PATTERN[1:]) split {text!r}? Predict the list of chunks; "
                "then, in the cell under it, explain which words lose letters and why words with a leading "
                "space are safe."),
        reference=lambda: pretokenize.split(text, _TYPO),
        compare=_as_list,
        hints=["Without the apostrophe, the first alternative matches a bare s, d, m, t, ll, ve or re wherever a "
               "chunk starts, and it is tried before the letters rule.",
               "Where does a chunk start? At the beginning of the text, and right after the previous chunk "
               "ends. A chunk that starts with a space cannot match [sdmt].",
               f"The apostrophe in {text.split()[2]}: which rule takes it now, and what is left after it?"],
        solution_code=("from bpe_lab import pretokenize\n"
                       f"typo_chunks = pretokenize.split({text!r}, pretokenize.GPT2_PATTERN[1:])"),
        wrong_code=("from bpe_lab import pretokenize\n"
                    f"typo_chunks = pretokenize.split({text!r})  # the right pattern, not the typo"),
        answer_name="typo_chunks",
        rubric=rubric,
        points=LEVEL_POINTS["warm-up"],
        level="warm-up",
        asks="explain",
        student=student,
    )


_SPLIT_GPT2_CASES = [("Hello world",), ("it's 2024!",), ("a  b\n\nc",), ("x   ",), ("naïve café",), ("",),
                     ("they'll see:  don't",), ("   word",)]
PIECES = ("hello", "world", "naïve", "café", "東京", "мир", "I", "'s", "'ll", "'re", "'ve", "'d", "'m", "'t", "'S",
          "'LL", "2024", "7", "1234567", "x2", "!", "...", ",", "?!", "--", "$", "@@", "'", "’", " ", "  ", "\n",
          "\n\n", "\t", "   ", " \n ")


def _gpt2_text(rng: random.Random) -> tuple:
    """Pieces of words, contractions, numbers, symbols and whitespace, some with a leading space."""
    return ("".join(rng.choice(["", " "]) + rng.choice(PIECES) for _ in range(rng.randint(1, 8))),)


def q_split_gpt2() -> Question:
    return Question(
        name="split_gpt2",
        prompt=("Write split_gpt2(text) with the `regex` module: GPT-2's chunks (contractions; letters, digits or "
                "other symbols with one optional leading space; whitespace that leaves its last space to the next "
                "word)."),
        reference=lambda text: pretokenize.split(text, "gpt2"),
        cases=_SPLIT_GPT2_CASES,
        hints=["Six alternatives, tried in order: contractions, letters, digits, other symbols, and whitespace "
               "twice. \\p{L} is a letter in any script and \\p{N} a digit; both need `regex`, not `re`.",
               "The contraction alternative starts with the apostrophe itself.",
               "Whitespace: first a run that is not followed by a non-space (a negative lookahead), then any run."],
        solution_code=(
            "import regex\n"
            "def split_gpt2(text):\n"
            "    return regex.findall(r\"\"\"'(?:[sdmt]|ll|ve|re)| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+"
            "|\\s+(?!\\S)|\\s+\"\"\", text)"),
        wrong_code=(
            "import regex\n"
            "def split_gpt2(text):\n"
            "    return regex.findall(r\"\"\"(?:[sdmt]|ll|ve|re)| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+"
            "|\\s+(?!\\S)|\\s+\"\"\", text)"
            "  # the typo"),
        answer_name="split_gpt2",
        points=LEVEL_POINTS["core"],
        hidden_cases=unseen_cases(_gpt2_text, _SPLIT_GPT2_CASES, 12),
        forbidden=("bpe_lab.pretokenize.split", "bpe_lab.pretokenize.chunk_counts",
                   "bpe_lab.pretokenize.compile_pattern"),
        level="core",
        asks="function",
    )


# Two words that are one GPT-2 token each ('Hello' and ' world'): a student's version of two_spaces.
WORD_PAIRS = (("Good", "morning"), ("Thank", "you"), ("New", "York"), ("Happy", "birthday"), ("Open", "source"),
              ("Big", "data"), ("Last", "night"), ("Green", "tea"), ("Free", "time"), ("Well", "done"))


def _spaced(student: str) -> tuple[str, str, int]:
    """('Hello', 'world', 2), or for a student another pair of words and two or three spaces."""
    rng = student_rng(student, "04 two_spaces")
    if rng is None:
        return "Hello", "world", 2
    first, second = rng.choice(WORD_PAIRS)
    return first, second, rng.choice([2, 3])


def q_two_spaces(student: str = "") -> Question:
    first, second, spaces = _spaced(student)
    one, many = f"{first} {second}", first + " " * spaces + second
    how_many = {2: "two", 3: "three"}[spaces]
    if student:
        tokenizer = _gpt2()
        ids = tokenizer.encode(many)
        chunks = pretokenize.split(many)
        rubric = (f"Full marks for {ids} with the reason. The chunks are {', '.join(map(repr, chunks))}: the "
                  f"whitespace run of {spaces} spaces is followed by a letter, so \\s+(?!\\S) takes all but its "
                  f"last space and the letters rule takes ' {second}' with one space. ' {second}' is the same chunk "
                  f"as in {one!r}, so it has the same id ({tokenizer.encode(' ' + second)[0]}); "
                  + ("the extra space is the single-space token 220." if spaces == 2 else
                     "the two extra spaces are the chunk '  ', which GPT-2 encodes as two single-space tokens, "
                     f"{tokenizer.encode('  ')}."))
    else:
        rubric = ("Full marks for [15496, 220, 995] with the reason. The chunks are 'Hello', ' ' and ' world': the\n"
                  "whitespace run '  ' is followed by a letter, so \\s+(?!\\S) takes all but its last space and the\n"
                  "letters rule takes ' world' with one space. ' world' is the same chunk as in 'Hello world', so\n"
                  "it has the same id (995); the extra space is the single-space token 220.")
    return Question(
        name="two_spaces",
        prompt=(f"Encode {one!r} with GPT-2 (bpe_lab.gpt2.load()) and look at its ids. Then, before encoding "
                f"it, predict GPT-2's ids for {many!r}, with {how_many} spaces; check; and, in the cell under it, "
                f"explain which chunk each id comes from and why ' {second}' keeps its id."),
        reference=lambda: _gpt2().encode(many),
        compare=_as_list,
        hints=[f"Split the text into chunks first: what does the whitespace rule do with a run of {how_many} "
               "spaces before a word?",
               "A chunk that is a single space has an id of its own in GPT-2's vocabulary; find it with the "
               "tokenizer."],
        solution_code=f"from bpe_lab import gpt2\ntwo_space_ids = gpt2.load().encode({many!r})",
        wrong_code=f"from bpe_lab import gpt2\ntwo_space_ids = gpt2.load().encode({one!r})  # one space",
        answer_name="two_space_ids",
        rubric=rubric,
        points=LEVEL_POINTS["core"],
        level="core",
        asks="explain",
        student=student,
    )


_CL100K_TEXT = "WE'LL PAY 1234567"


def _capitals(student: str) -> str:
    """"WE'LL PAY 1234567", or for a student another contraction in capitals, verb and number of 4 to 8 digits."""
    rng = student_rng(student, "04 cl100k_split")
    if rng is None:
        return _CL100K_TEXT
    contraction = rng.choice(["YOU'RE", "THEY'VE", "I'M", "IT'S", "DON'T", "SHE'D", "WE'RE", "THEY'LL"])
    digits = rng.randint(4, 8)
    number = rng.randint(10 ** (digits - 1), 10 ** digits - 1)
    return f"{contraction} {rng.choice(['PAY', 'SEE', 'WIN', 'GET', 'OWE', 'SEND'])} {number}"


def q_cl100k_split(student: str = "") -> Question:
    text = _capitals(student)
    contraction, verb, number = text.split()
    base, suffix = contraction.split("'")
    if student:
        rubric = (f"Full marks for {pretokenize.split(text, 'gpt4')!r} with the reasons. cl100k's contractions "
                  f"ignore case ('(?i:...)'), so \"'{suffix}\" stays one chunk (GPT-2's are lower-case only, so it "
                  f"splits \"'\" + {suffix!r}); numbers come in groups of at most three digits from the left, with "
                  "no leading space, so the space before the number becomes a chunk of its own.")
    else:
        rubric = ("Full marks for ['WE', \"'LL\", ' PAY', ' ', '123', '456', '7'] with the reasons. cl100k's\n"
                  "contractions ignore case ('(?i:...)'), so \"'LL\" stays one chunk (GPT-2's are lower-case only,\n"
                  "so it splits \"'\" + 'LL'); numbers come in groups of at most three digits from the left, with\n"
                  "no leading space, so the space before the number becomes a chunk of its own.")
    return Question(
        name="cl100k_split",
        prompt=(f"GPT-2's pattern splits {text!r} into {pretokenize.split(text)}. Predict "
                "how GPT-4's cl100k pattern (pretokenize.split(text, 'gpt4')) splits it; then, in the cell under "
                "it, explain each difference from GPT-2."),
        reference=lambda: pretokenize.split(text, "gpt4"),
        compare=_as_list,
        hints=["Three of the changes listed in section 5 matter here: contractions in any case, a number without "
               "its leading space, digits in groups.",
               "cl100k's digit rule takes at most three digits and no space; what happens to the space before "
               "the number?"],
        solution_code=("from bpe_lab import pretokenize\n"
                       f"cl100k_chunks = pretokenize.split({text!r}, 'gpt4')"),
        wrong_code=f"cl100k_chunks = {[base, chr(39) + suffix, ' ' + verb, ' ' + number]!r}  # forgot the digit groups",
        answer_name="cl100k_chunks",
        rubric=rubric,
        points=LEVEL_POINTS["core"],
        level="core",
        asks="explain",
        student=student,
    )


_PRINTABLE_CASES = [(b" hello",), (b"\n\n",), (b"\x00\x7f",), (b"\xa0\xad\xae",), ("é".encode(),), ("“".encode(),),
                    (b"",), (bytes(range(256)),)]


def _some_bytes(rng: random.Random) -> tuple:
    """Random bytes (the gaps 0-32, 127-160 and 173 often), or a text's UTF-8 bytes."""
    if rng.random() < 0.4:
        return (" ".join(rng.choice(PIECES) for _ in range(rng.randint(1, 4))).encode("utf-8"),)
    pool = [*range(0, 33), *range(127, 161), *[173] * 8, *rng.sample(range(256), 40)]
    return (bytes(rng.choice(pool) for _ in range(rng.randint(1, 16))),)


def q_printable_bytes() -> Question:
    return Question(
        name="printable_bytes",
        prompt=("Write printable(data): a token's bytes written the way GPT-2's vocabulary files write them "
                "(section 4). The 188 bytes that are printable characters in Latin-1 (33–126, 161–172 and "
                "174–255) stand for themselves; the other 68, in increasing order, become the characters from "
                "U+0100 on (so the space, 32, becomes 'Ġ'). Return a str."),
        reference=byte_level.to_printable,
        cases=_PRINTABLE_CASES,
        hints=["Build the map once: one dict from each of the 256 byte values to a character.",
               "Walk through 0 to 255 in order, counting the bytes that are not printable: the n-th of them "
               "(from 0) becomes chr(256 + n).",
               "Mind the gap at 173 (0xAD, the soft hyphen): it is not in the printable ranges."],
        solution_code=(
            "def printable(data):\n"
            "    keep = [*range(33, 127), *range(161, 173), *range(174, 256)]\n"
            "    mapping, moved = {b: chr(b) for b in keep}, 0\n"
            "    for b in range(256):\n"
            "        if b not in mapping:\n"
            "            mapping[b] = chr(256 + moved)\n"
            "            moved += 1\n"
            "    return ''.join(mapping[b] for b in data)"),
        wrong_code=(
            "def printable(data):\n"
            "    keep = [*range(33, 127), *range(161, 256)]  # misses the gap at 173\n"
            "    mapping, moved = {b: chr(b) for b in keep}, 0\n"
            "    for b in range(256):\n"
            "        if b not in mapping:\n"
            "            mapping[b] = chr(256 + moved)\n"
            "            moved += 1\n"
            "    return ''.join(mapping[b] for b in data)"),
        answer_name="printable",
        points=LEVEL_POINTS["core"],
        hidden_cases=unseen_cases(_some_bytes, _PRINTABLE_CASES, 12),
        forbidden=("bpe_lab.byte_level.to_printable", "bpe_lab.byte_level.bytes_to_unicode",
                   "bpe_lab.byte_level.unicode_to_bytes", "bpe_lab.byte_level.from_printable"),
        level="core",
        asks="function",
    )


def _split_special(text: str, specials) -> list[tuple[str, bool]]:
    """``text`` cut at the special tokens: (piece, is it a special token), longest special first."""
    if not specials:
        return [(text, False)] if text else []
    longest_first = sorted(specials, key=len, reverse=True)
    pieces = re.split("(" + "|".join(map(re.escape, longest_first)) + ")", text)
    return [(piece, index % 2 == 1) for index, piece in enumerate(pieces) if piece]


_CHAT = ["<|im_start|>", "<|im_sep|>", "<|im_end|>"]


_SPECIAL_CASES = [("a<|endoftext|>b", ["<|endoftext|>"]), ("<|endoftext|><|endoftext|>", ["<|endoftext|>"]),
                  ("no special tokens here", ["<|endoftext|>"]), ("", ["<|endoftext|>"]),
                  ("<|im_start|>user<|im_sep|>Hi!<|im_end|>", _CHAT), ("<|end|>ing", ["<|end|>", "<|end|>ing"]),
                  ("a <|endoftext b", ["<|endoftext|>"]), ("x.*y", [".*"]), ("plain", [])]
SPECIALS = ("<|endoftext|>", "<|end|>", "<|end|>ing", "<|im_start|>", "<|im_end|>", "<|im_sep|>", ".*", "[SEP]", "a+b",
            "<s>", "<s>x")
PLAIN = ("hi", " there", "user", "x.y", "<|", "|>", "ab", "a+", "<", "ing", "Hello, world!", "\n")


def _special_text(rng: random.Random) -> tuple:
    """0 to 4 special tokens (given in any order, some a prefix of another) and a text made of them, of plain
    pieces, and of special tokens that were not given."""
    specials = rng.sample(SPECIALS, rng.randint(0, 4))
    pieces = [rng.choice([*specials, *SPECIALS, *PLAIN, *PLAIN]) for _ in range(rng.randint(0, 7))]
    if rng.random() < 0.5:  # a special token and a longer one it starts, the shorter given first
        short, long = rng.choice([("<|end|>", "<|end|>ing"), ("<s>", "<s>x")])
        specials = [short, long, *(t for t in specials if t not in (short, long))]
        pieces.insert(rng.randint(0, len(pieces)), long)
    return "".join(pieces), specials


def q_split_special() -> Question:
    return Question(
        name="split_special",
        prompt=("Before its pattern, an encoder that allows special tokens cuts the text at them (section 6). "
                "Write split_special(text, specials): the text as a list of (piece, is_special) tuples in order, "
                "where each special token is a piece of its own (True) and the text between them is one piece "
                "(False); no empty pieces. Where two special tokens match at the same position, the longer "
                "one wins."),
        reference=_split_special,
        cases=_SPECIAL_CASES,
        hints=["The re module can split a text and keep what it split at, if the pattern has a group.",
               "A special token is text, not a pattern: characters such as |, . or * must be escaped.",
               "An alternation tries its branches in the order written, not the longest first."],
        solution_code=(
            "import re\n"
            "def split_special(text, specials):\n"
            "    if not specials:\n"
            "        return [(text, False)] if text else []\n"
            "    pattern = '|'.join(re.escape(s) for s in sorted(specials, key=len, reverse=True))\n"
            "    pieces = re.split('(' + pattern + ')', text)  # odd positions: the special tokens\n"
            "    return [(piece, k % 2 == 1) for k, piece in enumerate(pieces) if piece]"),
        wrong_code=(
            "import re\n"
            "def split_special(text, specials):\n"
            "    if not specials:\n"
            "        return [(text, False)] if text else []\n"
            "    pattern = '|'.join(re.escape(s) for s in specials)  # in the given order: not the longest first\n"
            "    pieces = re.split('(' + pattern + ')', text)\n"
            "    return [(piece, k % 2 == 1) for k, piece in enumerate(pieces) if piece]"),
        answer_name="split_special",
        points=LEVEL_POINTS["stretch"],
        hidden_cases=unseen_cases(_special_text, _SPECIAL_CASES, 12),
        level="stretch",
        asks="function",
    )


# The project's pattern: GPT-2's, with French elisions first and words that keep an inner apostrophe.
_FRENCH = regex.compile(r""" ?(?i:jusqu|lorsqu|puisqu|qu|[cdjlmnst])['’](?=\p{L})"""
                        r"""| ?\p{L}+(?:['’]\p{L}+)*| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")

_FRENCH_CASES = [
    "l'homme", "C'est l'été, qu'il pleuve ou non.", "Jusqu'à demain", "aujourd'hui", "d’accord",
    "L'HOMME", "s'il te plaît", "quelqu'un", "l' homme", "lorsqu'elle", "n'est-ce pas ?", "'hui", "",
    "Il a 3 ans", "puisqu’on  l’a dit",
]


ELISIONS = ("l", "d", "qu", "jusqu", "lorsqu", "puisqu", "c", "j", "m", "n", "s", "t")
FRENCH_WORDS = ("homme", "été", "il", "elle", "on", "à", "eau", "accord", "un", "est", "avoir", "hui")
FRENCH_OTHER = ("aujourd'hui", "quelqu'un", "prud’homme", "Il", "pleut", "demain", "a", "ans", "pas", "3", "2024",
                ",", ".", "?", "!", "-", "«", "»", "'", "’", "l'", "L’")


def _french_text(rng: random.Random) -> tuple:
    """A made-up French sentence: elisions in any case with either apostrophe, words that keep an inner
    apostrophe, numbers, punctuation, an apostrophe before a space or at the start, single and double spaces."""
    pieces = []
    for _ in range(rng.randint(1, 6)):
        if rng.random() < 0.5:
            elision = rng.choice(ELISIONS)
            elision = rng.choice([elision, elision.capitalize(), elision.upper()])
            pieces.append(elision + rng.choice("'’") + rng.choice([*FRENCH_WORDS, " " + rng.choice(FRENCH_WORDS)]))
        else:
            pieces.append(rng.choice(FRENCH_OTHER))
    return ("".join(rng.choice([" ", " ", "  ", ""]) + piece for piece in pieces).lstrip(rng.choice(["", " "])),)


def q_split_french() -> Question:
    return Question(
        name="split_french",
        prompt=("**Project:** a pre-tokenization pattern for French, where an elided word and its apostrophe "
                "should be a chunk of its own (l'homme -> l' + homme), not GPT-2's l + ' + homme. Write "
                "split_french(text) with `regex`: the chunks, left to right; joined, they are the text. At each "
                "position, try in this order:\n\n"
                "1. an elision: one optional space, then one of c, d, j, l, m, n, s, t, qu, jusqu, lorsqu, puisqu "
                "in any case, then an apostrophe (' or ’), only if a letter follows (l' in l'homme, with the space "
                "before it if there is one; Qu’ in Qu’il);\n"
                "2. a word: one optional space and a run of letters, which may go on through an apostrophe "
                "between two letters (aujourd'hui, quelqu'un stay whole);\n"
                "3. a run of digits, with one optional leading space;\n"
                "4. a run of other symbols, with one optional leading space;\n"
                "5. whitespace, as GPT-2: a run not followed by a non-space, then any run.\n\n"
                "It is checked on sentences and on edge cases (capitals, the typographic apostrophe ’, an "
                "apostrophe before a space, at the start, and inside a word)."),
        reference=lambda text: _FRENCH.findall(text),
        cases=[(text,) for text in _FRENCH_CASES],
        hints=["Start from GPT-2's pattern (question split_gpt2) without its contraction alternative, and put "
               "the elision alternative first.",
               "Case: an inline flag such as (?i:...) makes only that group case-insensitive. The apostrophe: a "
               "character class with both ' and ’.",
               "'Only if a letter follows' is a lookahead: it checks the next character without taking it.",
               "The word rule: letters, then any number of (apostrophe, letters) groups."],
        solution_code=(
            "import regex\n"
            "FRENCH = regex.compile(r\"\"\" ?(?i:jusqu|lorsqu|puisqu|qu|[cdjlmnst])['’](?=\\p{L})\"\"\"\n"
            "                       r\"\"\"| ?\\p{L}+(?:['’]\\p{L}+)*| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+\"\"\")\n"
            "\n"
            "def split_french(text):\n"
            "    return FRENCH.findall(text)"),
        wrong_code=(
            "import regex\n"
            "# only the ASCII apostrophe: d’accord and puisqu’on are not elisions here\n"
            "FRENCH = regex.compile(r\"\"\" ?(?i:jusqu|lorsqu|puisqu|qu|[cdjlmnst])'(?=\\p{L})\"\"\"\n"
            "                       r\"\"\"| ?\\p{L}+(?:'\\p{L}+)*| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+\"\"\")\n"
            "\n"
            "def split_french(text):\n"
            "    return FRENCH.findall(text)"),
        answer_name="split_french",
        points=LEVEL_POINTS["project"],
        hidden_cases=unseen_cases(_french_text, [(text,) for text in _FRENCH_CASES], 12),
        level="project",
        asks="project",
    )
