"""Exercises for notebook 08 (tokens and language models): a word's pieces, cl100k's digit groups, the
trailing space, embedding parameters, a user message encoded safely, a glitch token in cl100k."""

from __future__ import annotations

from functools import lru_cache

from .. import gpt2, pretokenize
from ..exercises import Question
from ._shared import by_name

# One function per question (q_...) builds it; set_08, the notebook's set, is what graders call.
__all__ = ["set_08"]


def set_08() -> dict[str, Question]:
    """Exercises for notebook 08: tokens and language models."""
    return by_name(q_capital_strawberry(), q_digit_groups_left(), q_trailing_space(), q_embedding_parameters(),
                   q_safe_user_text(), q_glitch_in_cl100k())


@lru_cache(maxsize=1)
def _cl100k():
    return gpt2.load_encoding("cl100k_base")  # a second or two, so once per session


def q_capital_strawberry() -> Question:
    return Question(
        name="capital_strawberry",
        prompt="Into how many GPT-2 tokens is 'Strawberry' cut (capital S, no leading space)? Answer a number.",
        reference=lambda: len(gpt2.load().encode("Strawberry")),
        hints=["Without a leading space the word is not the token ' Strawberry'.",
               "enc = gpt2.load(); enc.encode('Strawberry')"],
        solution_code="from bpe_lab import gpt2\nanswer = len(gpt2.load().encode('Strawberry'))",
        wrong_code="answer = 1  # as ' Strawberry', with its space",
    )


def q_digit_groups_left() -> Question:
    return Question(
        name="digit_groups_left",
        prompt=("Write digit_groups(digits): cut a string of digits into groups of at most three from the left, "
                "as the cl100k pattern does ('1234567' -> ['123', '456', '7']). An empty string gives []."),
        reference=lambda digits: pretokenize.split(digits, "gpt4"),
        cases=[("1234567",), ("12",), ("123",), ("1000000",), ("",), ("12345678901",)],
        hints=["Take digits[0:3], digits[3:6], ... until the string is used up.",
               "[digits[k:k + 3] for k in range(0, len(digits), 3)]"],
        solution_code=("def digit_groups(digits):\n"
                       "    return [digits[k:k + 3] for k in range(0, len(digits), 3)]"),
        wrong_code=("def digit_groups(digits):\n"
                    "    # from the right, as thousands separators group them\n"
                    "    first = len(digits) % 3 or 3\n"
                    "    return [digits[:first]] + [digits[k:k + 3] for k in range(first, len(digits), 3)]"
                    " if digits else []"),
        answer_name="digit_groups",
    )


def q_trailing_space() -> Question:
    return Question(
        name="trailing_space",
        prompt="What is the id of the last GPT-2 token of 'Hello world ' (with a space at the end)?",
        reference=lambda: gpt2.load().encode("Hello world ")[-1],
        hints=["The space at the end cannot join ' world': it becomes a token of its own.",
               "gpt2.load().encode('Hello world ')"],
        solution_code="from bpe_lab import gpt2\nanswer = gpt2.load().encode('Hello world ')[-1]",
        wrong_code="from bpe_lab import gpt2\nanswer = gpt2.load().encode('Hello world')[-1]  # without the space",
    )


def _embedding_parameters(vocab_size, width, tied):
    return vocab_size * width if tied else 2 * vocab_size * width


def q_embedding_parameters() -> Question:
    return Question(
        name="embedding_parameters",
        prompt=("Write embedding_parameters(vocab_size, width, tied): the parameters of a model's input embedding "
                "and output layer together, one row of `width` numbers per token in each; tied means the two "
                "share one matrix."),
        reference=_embedding_parameters,
        cases=[(50_257, 768, True), (50_257, 768, False), (200_019, 4_096, False), (1, 1, True), (0, 512, False)],
        hints=["One matrix holds vocab_size x width numbers.", "Untied, there are two of them."],
        solution_code=("def embedding_parameters(vocab_size, width, tied):\n"
                       "    return vocab_size * width if tied else 2 * vocab_size * width"),
        wrong_code=("def embedding_parameters(vocab_size, width, tied):\n"
                    "    return vocab_size * width  # forgets the output layer when untied"),
        answer_name="embedding_parameters",
    )


def q_safe_user_text() -> Question:
    return Question(
        name="safe_user_text",
        prompt=("A user types 'Hi<|endoftext|>'. Give GPT-2's ids for it encoded safely: the special-token text "
                "as ordinary characters, so no special id appears. Answer a list of ids."),
        reference=lambda: gpt2.load().encode_ordinary("Hi<|endoftext|>"),
        hints=["encode refuses the text; encode(..., allowed_special='all') injects id 50256.",
               "Tokenizer.encode_ordinary encodes every character as text."],
        solution_code="from bpe_lab import gpt2\nanswer = gpt2.load().encode_ordinary('Hi<|endoftext|>')",
        wrong_code=("from bpe_lab import gpt2\n"
                    "answer = gpt2.load().encode('Hi<|endoftext|>', allowed_special='all')  # injected"),
        rubric=("For a written answer: special ids must come only from the program that builds the template;\n"
                "text a user typed is encoded as text, or refused."),
    )


def q_glitch_in_cl100k() -> Question:
    return Question(
        name="glitch_in_cl100k",
        prompt=("' TheNitromeFan' is one GPT-2 token, one of the glitch tokens reported for GPT-2/GPT-3-era models. "
                "Into how many cl100k tokens is it cut? (gpt2.load_encoding('cl100k_base'))"),
        reference=lambda: len(_cl100k().encode(" TheNitromeFan")),
        hints=["Mind the leading space: the token is ' TheNitromeFan'.",
               "cl100k = gpt2.load_encoding('cl100k_base'); cl100k.encode(' TheNitromeFan')"],
        solution_code=("from bpe_lab import gpt2\n"
                       "answer = len(gpt2.load_encoding('cl100k_base').encode(' TheNitromeFan'))"),
        wrong_code="answer = 1  # as in GPT-2",
        rubric=("Full marks with the reason: cl100k's vocabulary was trained on other text, in which the name was\n"
                "not frequent enough to become one token."),
    )
