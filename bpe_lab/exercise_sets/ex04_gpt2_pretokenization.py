"""Exercises for notebook 04 (GPT-2 pre-tokenization): count chunks, write GPT-2's split pattern, cl100k's
digit groups, a GPT-2 id."""

from __future__ import annotations

from .. import gpt2, pretokenize
from ..exercises import Question
from ._shared import by_name

# One function per question (q_...) builds it; set_04, the notebook's set, is what graders call.
__all__ = ["set_04"]


def set_04() -> dict[str, Question]:
    """Exercises for notebook 04: pre-tokenization and GPT-2."""
    return by_name(q_count_chunks(), q_split_gpt2(), q_digit_groups(), q_gpt2_id())


def q_count_chunks() -> Question:
    return Question(
        name="count_chunks",
        prompt="Into how many chunks does GPT-2's pattern split \"I'm here,  twice.\"?",
        reference=lambda: len(pretokenize.split("I'm here,  twice.")),
        hints=["Contractions, words with their leading space, punctuation runs, whitespace runs.",
               "Check with pretokenize.split(...) once you have an answer."],
        solution_code="answer = len(['I', \"'m\", ' here', ',', ' ', ' twice', '.'])",
        wrong_code="answer = 3  # counted words",
    )


def q_split_gpt2() -> Question:
    return Question(
        name="split_gpt2",
        prompt=("Write split_gpt2(text) with the `regex` module: GPT-2's chunks (contractions; letters, digits or "
                "other symbols with one optional leading space; whitespace that leaves its last space to the next "
                "word)."),
        reference=lambda text: pretokenize.split(text, "gpt2"),
        cases=[("Hello world",), ("it's 2024!",), ("a  b\n\nc",), ("x   ",), ("naïve café",), ("",)],
        hints=["Alternatives, tried in order: contractions, ' ?\\p{L}+', ' ?\\p{N}+', ' ?[^\\s\\p{L}\\p{N}]+', "
               "whitespace.",
               "Whitespace: first '\\s+(?!\\S)' (all but the last space before a word), then '\\s+'."],
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


def q_digit_groups() -> Question:
    return Question(
        name="digit_groups",
        prompt="How does GPT-4's cl100k pattern split '1234567'? Answer as a list of strings.",
        reference=lambda: pretokenize.split("1234567", "gpt4"),
        hints=["Numbers are cut into groups of at most three digits, from the left."],
        solution_code="answer = ['123', '456', '7']",
        wrong_code="answer = ['1', '234', '567']",
    )


def q_gpt2_id() -> Question:
    return Question(
        name="gpt2_id",
        prompt="What is GPT-2's id for the text 'Hello'? Answer as a list of ids (use bpe_lab.gpt2.load()).",
        reference=lambda: gpt2.load().encode("Hello"),
        hints=["enc = gpt2.load(); enc.encode('Hello')"],
        solution_code="from bpe_lab import gpt2\nanswer = gpt2.load().encode('Hello')",
        wrong_code="from bpe_lab import gpt2\nanswer = gpt2.load().encode(' Hello')  # with a leading space",
    )
