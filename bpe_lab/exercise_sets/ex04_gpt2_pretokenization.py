"""Exercises for notebook 04 (GPT-2 pre-tokenization): from counting GPT-2's chunks to a pre-tokenization
regex of your own for French.

The questions, in order (name — kind, level). Kinds: value, function, explain (a value the check
marks, and a written reason marked by hand with the rubric ``solution()`` shows), and the project:

- ``count_chunks`` — value, warm-up
- ``typo_split`` — explain, warm-up
- ``split_gpt2`` — function, core
- ``two_spaces`` — explain, core
- ``cl100k_split`` — explain, core
- ``printable_bytes`` — function, core
- ``split_special`` — function, deeper
- ``split_french`` — project (a pattern for French elisions, checked on cases and edge cases)

None asks for a number notebook 04 printed; ``cl100k_split`` reuses the lesson's number 1234567 in a new
sentence, next to a contraction in capitals.
"""

from __future__ import annotations

import re

import regex

from .. import byte_level, gpt2, pretokenize
from ..exercises import Question
from ._shared import by_name

# One function per question (q_...) builds it; set_04, the notebook's set, is what graders call.
__all__ = ["set_04"]


def set_04() -> dict[str, Question]:
    """Exercises for notebook 04: pre-tokenization and GPT-2."""
    return by_name(q_count_chunks(), q_typo_split(), q_split_gpt2(), q_two_spaces(), q_cl100k_split(),
                   q_printable_bytes(), q_split_special(), q_split_french())


def _as_list(got, expected) -> bool:
    """Whether ``got`` is a list or tuple equal to ``expected`` item by item (a list of str, or of int)."""
    return isinstance(got, (list, tuple)) and list(got) == expected


def q_count_chunks() -> Question:
    return Question(
        name="count_chunks",
        prompt="Into how many chunks does GPT-2's pattern split \"I'm here,  twice.\"? Answer a number.",
        reference=lambda: len(pretokenize.split("I'm here,  twice.")),
        hints=["Go through the pattern's alternatives in order at each position: contractions, letters, digits, "
               "other symbols (each with one optional leading space), then whitespace.",
               "After the comma come two spaces: the whitespace rule leaves the last one to the next word.",
               "Once you have a number, check it with pretokenize.split."],
        solution_code="answer = len(['I', \"'m\", ' here', ',', ' ', ' twice', '.'])",
        wrong_code="answer = 3  # counted words",
    )


_TYPO_TEXT = "some dogs don't bark"


def q_typo_split() -> Question:
    return Question(
        name="typo_split",
        prompt=(f"The widely copied typo drops the pattern's first apostrophe: `(?:[sdmt]|ll|ve|re)|...`. How does "
                f"that pattern (pretokenize.GPT2_PATTERN[1:]) split {_TYPO_TEXT!r}? Predict the list of chunks; "
                "then, in the cell under it, explain which words lose letters and why words with a leading "
                "space are safe."),
        reference=lambda: pretokenize.split(_TYPO_TEXT, pretokenize.GPT2_PATTERN[1:]),
        compare=_as_list,
        hints=["Without the apostrophe, the first alternative matches a bare s, d, m, t, ll, ve or re wherever a "
               "chunk starts, and it is tried before the letters rule.",
               "Where does a chunk start? At the beginning of the text, and right after the previous chunk "
               "ends. A chunk that starts with a space cannot match [sdmt].",
               "The apostrophe in don't: which rule takes it now, and what is left after it?"],
        solution_code=("from bpe_lab import pretokenize\n"
                       f"answer = pretokenize.split({_TYPO_TEXT!r}, pretokenize.GPT2_PATTERN[1:])"),
        wrong_code=("from bpe_lab import pretokenize\n"
                    f"answer = pretokenize.split({_TYPO_TEXT!r})  # the right pattern, not the typo"),
        rubric=("Full marks for ['s', 'ome', ' dogs', ' don', \"'\", 't', ' bark'] with the reason. At the\n"
                "start of the text the first alternative matches the bare 's' of 'some'; after \"'\" (taken\n"
                "by the symbols rule, as the contraction rule now needs no apostrophe) a chunk starts at 't'\n"
                "and the first alternative takes it. ' dogs', ' don' and ' bark' start with a space, which\n"
                "[sdmt] cannot match, so the letters rule takes the whole word."),
    )


def q_split_gpt2() -> Question:
    return Question(
        name="split_gpt2",
        prompt=("Write split_gpt2(text) with the `regex` module: GPT-2's chunks (contractions; letters, digits or "
                "other symbols with one optional leading space; whitespace that leaves its last space to the next "
                "word)."),
        reference=lambda text: pretokenize.split(text, "gpt2"),
        cases=[("Hello world",), ("it's 2024!",), ("a  b\n\nc",), ("x   ",), ("naïve café",), ("",),
               ("they'll see:  don't",), ("   word",)],
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
    )


def q_two_spaces() -> Question:
    return Question(
        name="two_spaces",
        prompt=("Encode 'Hello world' with GPT-2 (bpe_lab.gpt2.load()) and look at its ids. Then, before encoding "
                "it, predict GPT-2's ids for 'Hello  world', with two spaces; check; and, in the cell under it, "
                "explain which chunk each id comes from and why ' world' keeps its id."),
        reference=lambda: gpt2.load().encode("Hello  world"),
        compare=_as_list,
        hints=["Split the text into chunks first: what does the whitespace rule do with a run of two spaces "
               "before a word?",
               "A chunk that is a single space has an id of its own in GPT-2's vocabulary; find it with the "
               "tokenizer."],
        solution_code="from bpe_lab import gpt2\nanswer = gpt2.load().encode('Hello  world')",
        wrong_code="from bpe_lab import gpt2\nanswer = gpt2.load().encode('Hello world')  # one space",
        rubric=("Full marks for [15496, 220, 995] with the reason. The chunks are 'Hello', ' ' and ' world': the\n"
                "whitespace run '  ' is followed by a letter, so \\s+(?!\\S) takes all but its last space and the\n"
                "letters rule takes ' world' with one space. ' world' is the same chunk as in 'Hello world', so\n"
                "it has the same id (995); the extra space is the single-space token 220."),
    )


_CL100K_TEXT = "WE'LL PAY 1234567"


def q_cl100k_split() -> Question:
    return Question(
        name="cl100k_split",
        prompt=(f"GPT-2's pattern splits {_CL100K_TEXT!r} into {pretokenize.split(_CL100K_TEXT)}. Predict "
                "how GPT-4's cl100k pattern (pretokenize.split(text, 'gpt4')) splits it; then, in the cell under "
                "it, explain each difference from GPT-2."),
        reference=lambda: pretokenize.split(_CL100K_TEXT, "gpt4"),
        compare=_as_list,
        hints=["Three of the changes listed in section 5 matter here: contractions in any case, a number without "
               "its leading space, digits in groups.",
               "cl100k's digit rule takes at most three digits and no space; what happens to the space before "
               "the number?"],
        solution_code=("from bpe_lab import pretokenize\n"
                       f"answer = pretokenize.split({_CL100K_TEXT!r}, 'gpt4')"),
        wrong_code="answer = ['WE', \"'LL\", ' PAY', ' 1234567']  # forgot the digit groups",
        rubric=("Full marks for ['WE', \"'LL\", ' PAY', ' ', '123', '456', '7'] with the reasons. cl100k's\n"
                "contractions ignore case ('(?i:...)'), so \"'LL\" stays one chunk (GPT-2's are lower-case only,\n"
                "so it splits \"'\" + 'LL'); numbers come in groups of at most three digits from the left, with\n"
                "no leading space, so the space before the number becomes a chunk of its own."),
    )


def q_printable_bytes() -> Question:
    return Question(
        name="printable_bytes",
        prompt=("Write printable(data): a token's bytes written the way GPT-2's vocabulary files write them "
                "(section 4). The 188 bytes that are printable characters in Latin-1 (33–126, 161–172 and "
                "174–255) stand for themselves; the other 68, in increasing order, become the characters from "
                "U+0100 on (so the space, 32, becomes 'Ġ'). Return a str."),
        reference=byte_level.to_printable,
        cases=[(b" hello",), (b"\n\n",), (b"\x00\x7f",), (b"\xa0\xad\xae",), ("é".encode(),), ("“".encode(),),
               (b"",), (bytes(range(256)),)],
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
    )


def _split_special(text: str, specials) -> list[tuple[str, bool]]:
    """``text`` cut at the special tokens: (piece, is it a special token), longest special first."""
    if not specials:
        return [(text, False)] if text else []
    longest_first = sorted(specials, key=len, reverse=True)
    pieces = re.split("(" + "|".join(map(re.escape, longest_first)) + ")", text)
    return [(piece, index % 2 == 1) for index, piece in enumerate(pieces) if piece]


_CHAT = ["<|im_start|>", "<|im_sep|>", "<|im_end|>"]


def q_split_special() -> Question:
    return Question(
        name="split_special",
        prompt=("Before its pattern, an encoder that allows special tokens cuts the text at them (section 6). "
                "Write split_special(text, specials): the text as a list of (piece, is_special) tuples in order, "
                "where each special token is a piece of its own (True) and the text between them is one piece "
                "(False); no empty pieces. Where two special tokens match at the same position, the longer "
                "one wins."),
        reference=_split_special,
        cases=[("a<|endoftext|>b", ["<|endoftext|>"]), ("<|endoftext|><|endoftext|>", ["<|endoftext|>"]),
               ("no special tokens here", ["<|endoftext|>"]), ("", ["<|endoftext|>"]),
               ("<|im_start|>user<|im_sep|>Hi!<|im_end|>", _CHAT), ("<|end|>ing", ["<|end|>", "<|end|>ing"]),
               ("a <|endoftext b", ["<|endoftext|>"]), ("x.*y", [".*"]), ("plain", [])],
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
    )


# The project's pattern: GPT-2's, with French elisions first and words that keep an inner apostrophe.
_FRENCH = regex.compile(r""" ?(?i:jusqu|lorsqu|puisqu|qu|[cdjlmnst])['’](?=\p{L})"""
                        r"""| ?\p{L}+(?:['’]\p{L}+)*| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")

_FRENCH_CASES = [
    "l'homme", "C'est l'été, qu'il pleuve ou non.", "Jusqu'à demain", "aujourd'hui", "d’accord",
    "L'HOMME", "s'il te plaît", "quelqu'un", "l' homme", "lorsqu'elle", "n'est-ce pas ?", "'hui", "",
    "Il a 3 ans", "puisqu’on  l’a dit",
]


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
    )
