"""Exercises for notebook 10 (your own tokenizer), from a warm-up to a small project:

    name                  asks            level     points  what
    rank_line             function        warm-up   1       one line of a tiktoken rank file
    read_rank_line        function        warm-up   1       the line read back: (token bytes, rank)
    choose_size           function        core      2       notebook 10's rule for a vocabulary size, on new curves
    allowed_in_training   explain         core      2       which special tokens to allow when encoding training data
    chatml                function        core      2       a conversation as ChatML text
    rank_file_lines       lesson number   core      1       how many lines to_tiktoken writes for a tokenizer
    differing_texts       function        core      2       which texts an export encodes differently
    rank_file             project         project   4       a whole rank file from a merge list, as to_tiktoken does

One (rank_file_lines) is about the notebook's own setting; the rest are new cases. The two value questions are
personalised (``set_10(student="alice")``: other special tokens put in and quoted, another vocabulary size and
other special tokens); every function question has hidden cases, and the rank-file ones forbid bpe_lab's export
and tiktoken's own reading and writing of rank files (``tiktoken.load``).
"""

from __future__ import annotations

import base64
from functools import lru_cache

from ... import _checks as check
from ... import corpus
from ..questions import Question
from ...export import tiktoken_file
from ...tokenizer import Tokenizer
from ._shared import apart, by_name, student_rng

# One function per question (q_...) builds it; set_10, the notebook's set, is what graders call.
__all__ = ["set_10"]


def set_10(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 10: your own tokenizer. ``student``: an id such as "alice" gives that student's own
    special tokens and vocabulary size in the value questions ("": everyone's version)."""
    student = check.student(student)
    return by_name(q_rank_line(), q_read_rank_line(), q_choose_size(), q_allowed_in_training(student), q_chatml(),
                   q_rank_file_lines(student), q_differing_texts(), q_rank_file())


# Rank-file questions: what writes or reads rank files for you (bpe_lab's export, tiktoken's own loader).
RANK_FILE_CODE = ("bpe_lab.export.tiktoken_file", "bpe_lab.export.to_tiktoken", "tiktoken.load")
# Special-token names the personalised questions draw from.
SPECIAL_NAMES = ("<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|fim_prefix|>", "<|fim_middle|>",
                 "<|fim_suffix|>", "<|endofprompt|>", "<|pad|>")


def _choose_size(sizes, bytes_per_token, enough):
    best = max(bytes_per_token)
    return min(size for size, value in zip(sizes, bytes_per_token) if value >= (1 - enough) * best)


def _hidden_choose_size(rng) -> list[tuple]:
    """Rising curves with noise (the best is not always at the largest size), one to six sizes."""
    cases = []
    for _ in range(6):
        sizes = sorted(rng.sample(range(300, 8_001, 100), rng.randint(1, 6)))
        values = [round(2.0 + 2.5 * (1 - 300 / size) + rng.uniform(-0.3, 0.3), 3) for size in sizes]
        cases.append((sizes, values, rng.choice([0.0, 0.02, 0.05, 0.1, 0.2, 0.5])))
    return cases


def q_choose_size() -> Question:
    cases = [([300, 600, 1200, 2400], [2.0, 3.0, 3.6, 3.9], 0.1),
             ([300, 600, 1200, 2400], [2.0, 3.0, 3.6, 3.9], 0.0),
             ([500, 1000, 2000, 4000], [3.1, 3.9, 4.2, 4.1], 0.05),  # noisy: the best is not at the largest size
             ([500, 1000, 2000, 4000], [3.1, 3.9, 4.2, 4.1], 0.5),
             ([1000], [4.0], 0.1)]
    return Question(
        name="choose_size",
        prompt=("Write choose_size(sizes, bytes_per_token, enough): the smallest vocabulary size whose bytes per token "
                "is at least (1 - enough) times the best bytes per token measured (notebook 10's rule). sizes is a "
                "list in increasing order, bytes_per_token the held-out compression at each size, enough a fraction "
                "such as 0.1."),
        reference=_choose_size,
        cases=cases,
        hints=["First find the best value: max(bytes_per_token).",
               "Then go through the sizes in order and return the first whose value is >= (1 - enough) * best."],
        solution_code=("def choose_size(sizes, bytes_per_token, enough):\n"
                       "    best = max(bytes_per_token)\n"
                       "    for size, value in zip(sizes, bytes_per_token):\n"
                       "        if value >= (1 - enough) * best:\n"
                       "            return size"),
        wrong_code=("def choose_size(sizes, bytes_per_token, enough):\n"
                    "    # compares with the value at the largest size, which is not always the best\n"
                    "    last = bytes_per_token[-1]\n"
                    "    for size, value in zip(sizes, bytes_per_token):\n"
                    "        if value >= (1 - enough) * last:\n"
                    "            return size"),
        answer_name="choose_size",
        points=2,
        hidden_cases=apart(_hidden_choose_size, cases),
        level="core",
        asks="function",
    )


def _same_names(got, expected) -> bool:
    """A set (or list, tuple) of special-token names equal to ``expected`` as a set; a str is simply wrong."""
    return not isinstance(got, str) and hasattr(got, "__iter__") and set(got) == expected


def _training_specials(student: str) -> tuple[list, list]:
    """(the special tokens the program puts into the training text, those some documents quote)."""
    rng = student_rng(student, "10 allowed_in_training")
    if rng is None:
        return ["<|endoftext|>"], ["<|im_start|>"]
    names = rng.sample(SPECIAL_NAMES, rng.randint(2, 4))
    put = rng.randint(1, min(2, len(names) - 1))
    return names[:put], names[put:]


def q_allowed_in_training(student: str = "") -> Question:
    put, quoted = _training_specials(student)
    expected = set(put)
    if not student:
        prompt = ("Your training data is many documents joined into one text with '<|endoftext|>' between them, and "
                  "some documents quote the text '<|im_start|>' (tutorials about chat formats). Your Tokenizer has "
                  "both as special tokens. Which special tokens must encode(joined_text, allowed_special=...) allow? "
                  "Answer a set of names.")
    else:
        title = f", and {put[1]!r} in front of each document's title" if len(put) > 1 else ""
        prompt = (f"Your training data is many documents joined into one text with {put[0]!r} between them{title}; "
                  f"some documents quote the text {_listed(quoted)} (tutorials about chat formats and "
                  f"tokenizers). Your Tokenizer has all of {', '.join(put + quoted)} as special tokens. Which special "
                  "tokens must encode(joined_text, allowed_special=...) allow? Answer a set of names.")
    if not student:
        hints = ["Which of the two did your program put into the text, and which was typed by the documents' authors?",
                 "Only the separator your program inserted should become a special id; the quoted marker is text."]
        rubric = ("Full marks with the reason: special ids may come only from the program (here the document\n"
                  "separator it inserted); text the documents contain, markers included, is encoded as text.")
    else:
        hints = ["Which of them did your program put into the text, and which were typed by the documents' authors?",
                 "Only what your program inserted should become a special id; a quoted marker is text."]
        rubric = ("Full marks with the reason: special ids may come only from the program (here what it inserted:\n"
                  f"{', '.join(put)}); text the documents contain, markers included ({' and '.join(quoted)}), is\n"
                  "encoded as text.")
    return Question(
        name="allowed_in_training",
        prompt=prompt,
        reference=lambda: set(expected),
        compare=_same_names,
        hints=hints,
        solution_code=f"allowed = {_set_literal(put)}",
        wrong_code=f"allowed = {_set_literal(put + quoted)}  # a quoted marker would become a special id",
        answer_name="allowed",
        points=2,
        level="core",
        asks="explain",
        rubric=rubric,
        student=student,
    )


def _listed(names) -> str:
    """'a', 'b' and 'c'."""
    shown = [repr(name) for name in names]
    return " and ".join([", ".join(shown[:-1]), shown[-1]] if len(shown) > 1 else shown)


def _set_literal(names) -> str:
    return "{" + ", ".join(f'"{name}"' for name in names) + "}"


def _rank_line(token, rank):
    return f"{base64.b64encode(token).decode('ascii')} {rank}"


def _random_token(rng) -> bytes:
    """One to eight bytes: a piece of text (a space in front, sometimes) or any bytes at all."""
    if rng.random() < 0.5:
        word = rng.choice(["the", "return", "東京", "naïve", "Emma", "ing", "🙂", "\n\n", "1816"])
        return ((" " if rng.random() < 0.5 else "") + word).encode("utf-8")
    return bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))


def _hidden_rank_line(rng) -> list[tuple]:
    return [(_random_token(rng), rng.randrange(200_000)) for _ in range(6)]


def q_rank_line() -> Question:
    cases = [(b"!", 33), (b"\x00", 0), (b" the", 262), (b"\xe4\xb8", 1000), (b"    return", 1599)]
    return Question(
        name="rank_line",
        prompt=("Write rank_line(token, rank): the line a tiktoken rank file holds for a token (its bytes, a bytes "
                "object) of rank (and id) rank, without the line break: the bytes in base64, a space, the rank. "
                "rank_line(b'!', 33) is 'IQ== 33'."),
        reference=_rank_line,
        cases=cases,
        hints=["import base64; base64.b64encode(token) gives the base64 as bytes.",
               "Decode those bytes as ASCII to get a str, then add ' ' and the rank."],
        solution_code=("import base64\n\n\n"
                       "def rank_line(token, rank):\n"
                       "    return f\"{base64.b64encode(token).decode('ascii')} {rank}\""),
        wrong_code=("def rank_line(token, rank):\n"
                    "    return f\"{token.decode('utf-8', 'replace')} {rank}\"  # the text, not base64"),
        answer_name="rank_line",
        points=1,
        hidden_cases=apart(_hidden_rank_line, cases),
        forbidden=RANK_FILE_CODE,
        level="warm-up",
        asks="function",
    )


@lru_cache(maxsize=8)
def _chat_tokenizer(vocab_size: int = 600, specials: tuple = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")):
    tokenizer = Tokenizer.train(corpus.load_text()[:50_000], vocab_size, "gpt4")
    for name in specials:
        tokenizer.add_special_token(name, tokenizer.vocab_size)
    return tokenizer


def _chat_setting(student: str) -> tuple[int, tuple]:
    """(vocab_size, special tokens): 600 and notebook 10's three special tokens, or a student's own."""
    rng = student_rng(student, "10 rank_file_lines")
    if rng is None:
        return 600, ("<|endoftext|>", "<|im_start|>", "<|im_end|>")
    return rng.randrange(300, 901, 50), tuple(rng.sample(SPECIAL_NAMES, rng.randint(1, 5)))


def q_rank_file_lines(student: str = "") -> Question:
    vocab_size, specials = _chat_setting(student)
    if not student:
        prompt = ("A Tokenizer is trained to vocab_size 600 (Tokenizer.train(text, 600, 'gpt4'), on a text long "
                  "enough for all its merges), then gets notebook 10's three special tokens. How many lines does "
                  "export.to_tiktoken write for it? Answer a number.")
    else:
        prompt = (f"A Tokenizer is trained to vocab_size {vocab_size} (Tokenizer.train(text, {vocab_size}, 'gpt4'), "
                  f"on a text long enough for all its merges), then gets {len(specials)} special token"
                  f"{'s' if len(specials) > 1 else ''}: {', '.join(specials)}. How many lines does "
                  "export.to_tiktoken write for it? Answer a number.")
    several = "s are" if len(specials) > 1 else " is"
    return Question(
        name="rank_file_lines",
        prompt=prompt,
        reference=lambda: len(tiktoken_file.ranks(_chat_tokenizer(vocab_size, specials))),
        hints=["One line per token of the vocabulary: what is in it?",
               "The 256 bytes and the merges are; the special tokens are not (tiktoken takes them in code)."],
        solution_code=(f"line_count = {vocab_size}  # 256 bytes + {vocab_size - 256} merges; the {len(specials)} "
                       f"special token{several} not in the file"),
        wrong_code=f"line_count = {vocab_size + len(specials)}  # counts the special tokens too",
        answer_name="line_count",
        points=1,
        level="core",
        asks="lesson number",
        student=student,
    )


def _differing_texts(ours, theirs):
    return [k for k, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]


def _hidden_differing_texts(rng) -> list[tuple]:
    """Id lists, some changed in ways a count or a sum does not show (two ids swapped, one id for another of
    the same total), some in ways it does."""
    cases = []
    for _ in range(5):
        ours = [[rng.randrange(1_000) for _ in range(rng.randint(1, 8))] for _ in range(rng.randint(1, 6))]
        theirs = []
        for ids in ours:
            ids, change = list(ids), rng.choice(["same", "same", "swap", "shift", "split"])
            if change == "swap" and len(ids) > 1 and ids[0] != ids[1]:
                ids[0], ids[1] = ids[1], ids[0]
            elif change == "shift":
                ids[-1] += 1
            elif change == "split":
                ids[-1:] = [ids[-1], 7]
            theirs.append(ids)
        cases.append((ours, theirs))
    return cases


def q_differing_texts() -> Question:
    cases = [([[1, 2], [3]], [[1, 2], [3]]),
             ([[1, 2], [3]], [[1, 2], [4]]),
             ([[5, 6, 7], [1]], [[5, 7, 6], [1]]),  # the same ids and the same count, in another order
             ([[1], [2, 3], [4]], [[1], [2, 3, 4], [5]]),
             ([], [])]
    return Question(
        name="differing_texts",
        prompt=("Write differing_texts(ours, theirs): ours and theirs are lists of id lists, one per text, from our "
                "encoder and from the exported file loaded by a library. Return the indices of the texts whose ids "
                "differ, in order ([] if every text gets the same ids)."),
        reference=_differing_texts,
        cases=cases,
        hints=["Go through the two lists side by side: for k, (a, b) in enumerate(zip(ours, theirs)).",
               "Compare the id lists themselves, not their lengths or sums: a wrong merge can keep the count."],
        solution_code=("def differing_texts(ours, theirs):\n"
                       "    return [k for k, (a, b) in enumerate(zip(ours, theirs)) if a != b]"),
        wrong_code=("def differing_texts(ours, theirs):\n"
                    "    # compares token counts only: the same count can hide different ids\n"
                    "    return [k for k, (a, b) in enumerate(zip(ours, theirs)) if len(a) != len(b)]"),
        answer_name="differing_texts",
        points=2,
        hidden_cases=apart(_hidden_differing_texts, cases),
        level="core",
        asks="function",
        rubric=("For a written answer: most export mistakes do not raise (a pattern read differently, a missing\n"
                "normalisation step, a shifted id), so a file that loads can still encode differently; only the\n"
                "ids themselves, text by text, show it is the tokenizer you trained."),
    )


def _read_rank_line(line):
    token, rank = line.split()
    return base64.b64decode(token), int(rank)


def _hidden_read_rank_line(rng) -> list[tuple]:
    return [(_rank_line(_random_token(rng), rng.randrange(200_000)) + rng.choice(["", "\n"]),) for _ in range(6)]


def q_read_rank_line() -> Question:
    cases = [("IQ== 33\n",), ("AA== 0",), ("IHRoZQ== 262\n",), ("5Lg= 1000",), ("ICAgIHJldHVybg== 1599\n",)]
    return Question(
        name="read_rank_line",
        prompt=("Write read_rank_line(line): the (token bytes, rank) a rank-file line holds, the rank an int; a line "
                "break at its end is allowed. read_rank_line('IQ== 33\\n') is (b'!', 33)."),
        reference=_read_rank_line,
        cases=cases,
        hints=["line.split() splits on any whitespace and drops the line break.",
               "base64.b64decode(part) gives the bytes; the rank must be an int, not the str '33'."],
        solution_code=("import base64\n\n\n"
                       "def read_rank_line(line):\n"
                       "    token, rank = line.split()\n"
                       "    return base64.b64decode(token), int(rank)"),
        wrong_code=("import base64\n\n\n"
                    "def read_rank_line(line):\n"
                    "    token, rank = line.split()\n"
                    "    return base64.b64decode(token), rank  # the rank stays a str"),
        answer_name="read_rank_line",
        points=1,
        hidden_cases=apart(_hidden_read_rank_line, cases),
        forbidden=RANK_FILE_CODE,
        level="warm-up",
        asks="function",
    )


def _chatml(messages):
    return "".join(f"<|im_start|>{role}\n{content}<|im_end|>\n" for role, content in messages) + "<|im_start|>assistant\n"


def _hidden_chatml(rng) -> list[tuple]:
    """Conversations of zero to four messages; contents with line breaks, other scripts, empty ones."""
    roles = ["system", "user", "assistant", "tool"]
    contents = ["Hi", "", "What is BPE?", "two\nlines", "東京は晴れ", "  spaces  ", "def f():\n    return 1", "🙂"]
    return [([(rng.choice(roles), rng.choice(contents)) for _ in range(rng.randint(0, 4))],) for _ in range(5)]


def q_chatml() -> Question:
    cases = [([("user", "Hi")],), ([],), ([("system", "Be brief."), ("user", "2+2?")],),
             ([("user", "two\nlines")],), ([("user", "a"), ("assistant", "b"), ("user", "c")],)]
    return Question(
        name="chatml",
        prompt=("Write chatml(messages): a conversation, a list of (role, content) pairs, as notebook 10's ChatML "
                "text: each message is '<|im_start|>' + role + a line break + content + '<|im_end|>' + a line break, "
                "and the text ends with '<|im_start|>assistant' and a line break, where the model's answer begins. "
                "chatml([('user', 'Hi')]) is '<|im_start|>user\\nHi<|im_end|>\\n<|im_start|>assistant\\n'."),
        reference=_chatml,
        cases=cases,
        hints=["Build one string per message with an f-string, join them with ''.",
               "Do not forget the last part, '<|im_start|>assistant\\n', even for an empty conversation."],
        solution_code=("def chatml(messages):\n"
                       "    text = ''.join(f'<|im_start|>{role}\\n{content}<|im_end|>\\n' for role, content in messages)\n"
                       "    return text + '<|im_start|>assistant\\n'"),
        wrong_code=("def chatml(messages):\n"
                    "    # no line break after <|im_end|>, and no place for the answer\n"
                    "    return ''.join(f'<|im_start|>{role}\\n{content}<|im_end|>' for role, content in messages)"),
        answer_name="chatml",
        points=2,
        hidden_cases=apart(_hidden_chatml, cases),
        level="core",
        asks="function",
    )


def _rank_file(merges):
    ranks = {bytes([b]): b for b in range(256)}
    for left, right in merges:
        ranks.setdefault(left + right, len(ranks))
    return "".join(_rank_line(token, rank) + "\n" for token, rank in ranks.items())


def _hidden_rank_file(rng) -> list[tuple]:
    """Merge lists built as a trainer would: each joins two tokens made before (bytes or merges) into a new one."""
    cases = []
    for _ in range(4):
        tokens, merges, size = [bytes([b]) for b in rng.sample(range(256), 6)], [], rng.randint(0, 10)
        while len(merges) < size:
            left, right = rng.choice(tokens), rng.choice(tokens)
            if len(left + right) > 1 and left + right not in tokens:
                merges.append((left, right))
                tokens.append(left + right)
        cases.append((merges,))
    return cases


def q_rank_file() -> Question:
    cases = [([],), ([(b"h", b"e")],), ([(b" ", b"t"), (b"h", b"e"), (b" t", b"he")],),
             ([(b"\xe4", b"\xb8"), (b"\xe4\xb8", b"\xad")],), ([(b"a", b"a"), (b"aa", b"aa"), (b"aaaa", b"a")],)]
    return Question(
        name="rank_file",
        prompt=("Project: write rank_file(merges), the whole tiktoken rank file (a str) of a byte-level BPE whose merges, "
                "in the order learned, are pairs of bytes such as (b'h', b'e'). The file lists every token by rank: "
                "the 256 single bytes first, rank = the byte's value, then each merge's joined bytes with the next "
                "rank, 256, 257, ...; one line per token, 'base64 rank', each ending with a line break (your "
                "rank_line does one line). This is what export.to_tiktoken writes for such a tokenizer."),
        reference=_rank_file,
        cases=cases,
        hints=["Start from a dict token -> rank holding bytes([b]) -> b for b in range(256); bytes([b]) is one byte.",
               "Each merge adds left + right with rank len(ranks) (in this tokenizer no merge remakes a token, "
               "so every merge gets the next rank). Then write one line per token in rank order."],
        solution_code=("import base64\n\n\n"
                       "def rank_file(merges):\n"
                       "    ranks = {bytes([b]): b for b in range(256)}\n"
                       "    for left, right in merges:\n"
                       "        ranks[left + right] = len(ranks)\n"
                       "    return ''.join(f\"{base64.b64encode(t).decode('ascii')} {r}\\n\" for t, r in ranks.items())"),
        wrong_code=("import base64\n\n\n"
                    "def rank_file(merges):\n"
                    "    # the merges numbered from 0, as if there were no 256 byte tokens before them\n"
                    "    lines = [f\"{base64.b64encode(l + r).decode('ascii')} {k}\\n\" for k, (l, r) in enumerate(merges)]\n"
                    "    return ''.join(lines)"),
        answer_name="rank_file",
        time_limit=5.0,
        points=4,
        hidden_cases=apart(_hidden_rank_file, cases),
        forbidden=(*RANK_FILE_CODE, "bpe_lab.export"),
        level="project",
        asks="project",
    )
