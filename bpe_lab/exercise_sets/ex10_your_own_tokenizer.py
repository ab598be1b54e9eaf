"""Exercises for notebook 10 (your own tokenizer), from a warm-up to a small project:

    rank_line             function   warm-up   one line of a tiktoken rank file
    read_rank_line        function   warm-up   the line read back: (token bytes, rank), a bad line refused
    choose_size           function   core      notebook 10's rule for a vocabulary size, on new curves
    allowed_in_training   value      core      which special tokens to allow when encoding training data
    chatml                function   core      a conversation as ChatML text
    rank_file_lines       value      core      how many lines to_tiktoken writes for a tokenizer with specials
    differing_texts       function   core      which texts an export encodes differently (rubric: why id for id)
    rank_file             project    project   a whole rank file from a merge list, as to_tiktoken writes it

One (rank_file_lines) is about the notebook's own setting; the rest are new cases.
"""

from __future__ import annotations

import base64
from functools import lru_cache

from .. import corpus
from ..exercises import Question
from ..export import tiktoken_file
from ..tokenizer import Tokenizer
from ._shared import by_name

# One function per question (q_...) builds it; set_10, the notebook's set, is what graders call.
__all__ = ["set_10"]


def set_10() -> dict[str, Question]:
    """Exercises for notebook 10: your own tokenizer."""
    return by_name(q_rank_line(), q_read_rank_line(), q_choose_size(), q_allowed_in_training(), q_chatml(),
                   q_rank_file_lines(), q_differing_texts(), q_rank_file())


def _choose_size(sizes, bytes_per_token, enough):
    best = max(bytes_per_token)
    return min(size for size, value in zip(sizes, bytes_per_token) if value >= (1 - enough) * best)


def q_choose_size() -> Question:
    return Question(
        name="choose_size",
        prompt=("Write choose_size(sizes, bytes_per_token, enough): the smallest vocabulary size whose bytes per token "
                "is at least (1 - enough) times the best bytes per token measured (notebook 10's rule). sizes is a "
                "list in increasing order, bytes_per_token the held-out compression at each size, enough a fraction "
                "such as 0.1."),
        reference=_choose_size,
        cases=[([300, 600, 1200, 2400], [2.0, 3.0, 3.6, 3.9], 0.1),
               ([300, 600, 1200, 2400], [2.0, 3.0, 3.6, 3.9], 0.0),
               ([500, 1000, 2000, 4000], [3.1, 3.9, 4.2, 4.1], 0.05),  # noisy: the best is not at the largest size
               ([500, 1000, 2000, 4000], [3.1, 3.9, 4.2, 4.1], 0.5),
               ([1000], [4.0], 0.1)],
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
    )


def _same_names(got, expected) -> bool:
    """A set (or list, tuple) of special-token names equal to ``expected`` as a set; a str is simply wrong."""
    return not isinstance(got, str) and hasattr(got, "__iter__") and set(got) == expected


def q_allowed_in_training() -> Question:
    return Question(
        name="allowed_in_training",
        prompt=("Your training data is many documents joined into one text with '<|endoftext|>' between them, and "
                "some documents quote the text '<|im_start|>' (tutorials about chat formats). Your Tokenizer has both "
                "as special tokens. Which special tokens must encode(joined_text, allowed_special=...) allow? "
                "Answer a set of names."),
        reference={"<|endoftext|>"},
        compare=_same_names,
        hints=["Which of the two did your program put into the text, and which was typed by the documents' authors?",
               "Only the separator your program inserted should become a special id; the quoted marker is text."],
        solution_code='answer = {"<|endoftext|>"}',
        wrong_code='answer = {"<|endoftext|>", "<|im_start|>"}  # the quoted marker would become a special id',
        rubric=("Full marks with the reason: special ids may come only from the program (here the document\n"
                "separator it inserted); text the documents contain, markers included, is encoded as text."),
    )


def _rank_line(token, rank):
    return f"{base64.b64encode(token).decode('ascii')} {rank}"


def q_rank_line() -> Question:
    return Question(
        name="rank_line",
        prompt=("Write rank_line(token, rank): the line a tiktoken rank file holds for a token (its bytes, a bytes "
                "object) of rank (and id) rank, without the line break: the bytes in base64, a space, the rank. "
                "rank_line(b'!', 33) is 'IQ== 33'."),
        reference=_rank_line,
        cases=[(b"!", 33), (b"\x00", 0), (b" the", 262), (b"\xe4\xb8", 1000), (b"    return", 1599)],
        hints=["import base64; base64.b64encode(token) gives the base64 as bytes.",
               "Decode those bytes as ASCII to get a str, then add ' ' and the rank."],
        solution_code=("import base64\n\n\n"
                       "def rank_line(token, rank):\n"
                       "    return f\"{base64.b64encode(token).decode('ascii')} {rank}\""),
        wrong_code=("def rank_line(token, rank):\n"
                    "    return f\"{token.decode('utf-8', 'replace')} {rank}\"  # the text, not base64"),
        answer_name="rank_line",
    )


@lru_cache(maxsize=1)
def _chat_tokenizer() -> Tokenizer:
    tokenizer = Tokenizer.train(corpus.load_text()[:50_000], 600, "gpt4")
    for name in ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]:
        tokenizer.add_special_token(name, tokenizer.vocab_size)
    return tokenizer


def q_rank_file_lines() -> Question:
    return Question(
        name="rank_file_lines",
        prompt=("A Tokenizer is trained to vocab_size 600 (Tokenizer.train(text, 600, 'gpt4'), on a text long enough "
                "for all its merges), then gets notebook 10's three special tokens. How many lines does "
                "export.to_tiktoken write for it? Answer a number."),
        reference=lambda: len(tiktoken_file.ranks(_chat_tokenizer())),
        hints=["One line per token of the vocabulary: what is in it?",
               "The 256 bytes and the merges are; the special tokens are not (tiktoken takes them in code)."],
        solution_code="answer = 600  # 256 bytes + 344 merges; the 3 special tokens are not in the file",
        wrong_code="answer = 603  # counts the special tokens too",
    )


def _differing_texts(ours, theirs):
    return [k for k, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]


def q_differing_texts() -> Question:
    return Question(
        name="differing_texts",
        prompt=("Write differing_texts(ours, theirs): ours and theirs are lists of id lists, one per text, from our "
                "encoder and from the exported file loaded by a library. Return the indices of the texts whose ids "
                "differ, in order ([] if every text gets the same ids)."),
        reference=_differing_texts,
        cases=[([[1, 2], [3]], [[1, 2], [3]]),
               ([[1, 2], [3]], [[1, 2], [4]]),
               ([[5, 6, 7], [1]], [[5, 7, 6], [1]]),  # the same ids and the same count, in another order
               ([[1], [2, 3], [4]], [[1], [2, 3, 4], [5]]),
               ([], [])],
        hints=["Go through the two lists side by side: for k, (a, b) in enumerate(zip(ours, theirs)).",
               "Compare the id lists themselves, not their lengths or sums: a wrong merge can keep the count."],
        solution_code=("def differing_texts(ours, theirs):\n"
                       "    return [k for k, (a, b) in enumerate(zip(ours, theirs)) if a != b]"),
        wrong_code=("def differing_texts(ours, theirs):\n"
                    "    # compares token counts only: the same count can hide different ids\n"
                    "    return [k for k, (a, b) in enumerate(zip(ours, theirs)) if len(a) != len(b)]"),
        answer_name="differing_texts",
        rubric=("For a written answer: most export mistakes do not raise (a pattern read differently, a missing\n"
                "normalisation step, a shifted id), so a file that loads can still encode differently; only the\n"
                "ids themselves, text by text, show it is the tokenizer you trained."),
    )


def _read_rank_line(line):
    token, rank = line.split()
    return base64.b64decode(token), int(rank)


def q_read_rank_line() -> Question:
    return Question(
        name="read_rank_line",
        prompt=("Write read_rank_line(line): the (token bytes, rank) a rank-file line holds, the rank an int; a line "
                "break at its end is allowed. read_rank_line('IQ== 33\\n') is (b'!', 33)."),
        reference=_read_rank_line,
        cases=[("IQ== 33\n",), ("AA== 0",), ("IHRoZQ== 262\n",), ("5Lg= 1000",), ("ICAgIHJldHVybg== 1599\n",)],
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
    )


def _chatml(messages):
    return "".join(f"<|im_start|>{role}\n{content}<|im_end|>\n" for role, content in messages) + "<|im_start|>assistant\n"


def q_chatml() -> Question:
    return Question(
        name="chatml",
        prompt=("Write chatml(messages): a conversation, a list of (role, content) pairs, as notebook 10's ChatML "
                "text: each message is '<|im_start|>' + role + a line break + content + '<|im_end|>' + a line break, "
                "and the text ends with '<|im_start|>assistant' and a line break, where the model's answer begins. "
                "chatml([('user', 'Hi')]) is '<|im_start|>user\\nHi<|im_end|>\\n<|im_start|>assistant\\n'."),
        reference=_chatml,
        cases=[([("user", "Hi")],), ([],), ([("system", "Be brief."), ("user", "2+2?")],),
               ([("user", "two\nlines")],), ([("user", "a"), ("assistant", "b"), ("user", "c")],)],
        hints=["Build one string per message with an f-string, join them with ''.",
               "Do not forget the last part, '<|im_start|>assistant\\n', even for an empty conversation."],
        solution_code=("def chatml(messages):\n"
                       "    text = ''.join(f'<|im_start|>{role}\\n{content}<|im_end|>\\n' for role, content in messages)\n"
                       "    return text + '<|im_start|>assistant\\n'"),
        wrong_code=("def chatml(messages):\n"
                    "    # no line break after <|im_end|>, and no place for the answer\n"
                    "    return ''.join(f'<|im_start|>{role}\\n{content}<|im_end|>' for role, content in messages)"),
        answer_name="chatml",
    )


def _rank_file(merges):
    ranks = {bytes([b]): b for b in range(256)}
    for left, right in merges:
        ranks.setdefault(left + right, len(ranks))
    return "".join(_rank_line(token, rank) + "\n" for token, rank in ranks.items())


def q_rank_file() -> Question:
    return Question(
        name="rank_file",
        prompt=("Project: write rank_file(merges), the whole tiktoken rank file (a str) of a byte-level BPE whose merges, "
                "in the order learned, are pairs of bytes such as (b'h', b'e'). The file lists every token by rank: "
                "the 256 single bytes first, rank = the byte's value, then each merge's joined bytes with the next "
                "rank, 256, 257, ...; one line per token, 'base64 rank', each ending with a line break (your "
                "rank_line does one line). This is what export.to_tiktoken writes for such a tokenizer."),
        reference=_rank_file,
        cases=[([],), ([(b"h", b"e")],), ([(b" ", b"t"), (b"h", b"e"), (b" t", b"he")],),
               ([(b"\xe4", b"\xb8"), (b"\xe4\xb8", b"\xad")],), ([(b"a", b"a"), (b"aa", b"aa"), (b"aaaa", b"a")],)],
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
    )
