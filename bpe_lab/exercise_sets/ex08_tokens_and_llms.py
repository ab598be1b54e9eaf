"""Exercises for notebook 08 (tokens and language models), from a word's pieces to the digit patterns of a
tokenizer.

====  ==========================  ========  =========  =========================================================
 #    name                        kind      level      what it asks
====  ==========================  ========  =========  =========================================================
 1    ``raspberry_tokens``        value     warm-up    GPT-2's tokens for a word with and without its space
 2    ``digit_groups_left``       function  warm-up    cl100k's groups of at most three digits, from the left
 3    ``trailing_space``          value     practice   the last GPT-2 id of 'Hello world ' (the lesson's example)
 4    ``embedding_parameters``    function  practice   what a vocabulary costs in embedding parameters
 5    ``safe_user_text``          value     practice   a special token's text, encoded as ordinary text
 6    ``unseen_tokens``           function  challenge  the merged tokens of a vocabulary a text never produces
 7    ``number_patterns``         project   project    a tokenizer's digit-group patterns over a range of numbers
 8    ``gpt2_single_numbers``     explain   project    run it on GPT-2 for 1000-1999: a count, and why
====  ==========================  ========  =========  =========================================================

Lesson's own numbers: 1 of 8 (``trailing_space`` looks up the id of a token the lesson showed). The rest are new
cases, functions and predictions to explain; an *explain* question has a value answer (checked) and a written
``why`` that an instructor marks with its ``rubric``. No question loads cl100k or o200k (seconds each): the
vocabulary questions use GPT-2, which the exercise notebook loads once as ``enc``, and small tokenizers trained
here in milliseconds.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from .. import gpt2, pretokenize, vocab_audit
from ..exercises import Question
from ..tokenizer import Tokenizer
from ._shared import by_name

# One function per question (q_...) builds it; set_08, the notebook's set, is what graders call.
__all__ = ["set_08"]


def set_08() -> dict[str, Question]:
    """Exercises for notebook 08: tokens and language models."""
    return by_name(q_raspberry_tokens(), q_digit_groups_left(), q_trailing_space(), q_embedding_parameters(),
                   q_safe_user_text(), q_unseen_tokens(), q_number_patterns(), q_gpt2_single_numbers())


@lru_cache(maxsize=1)
def _gpt2() -> Tokenizer:
    return gpt2.load()  # a third of a second: once per session for every reference answer


# -- 1-2: warm-up ---------------------------------------------------------------------------------------------

def q_raspberry_tokens() -> Question:
    return Question(
        name="raspberry_tokens",
        prompt=("Into how many GPT-2 tokens is 'raspberry' cut at the start of a line (no space before it), and "
                "into how many is ' raspberry' cut after a space? Answer a pair (without the space, with it)."),
        reference=lambda: (len(_gpt2().encode("raspberry")), len(_gpt2().encode(" raspberry"))),
        hints=["In running text a word carries the space before it, and the vocabulary learned words that way.",
               "Encode both spellings with GPT-2 (enc in this notebook) and count the ids."],
        solution_code="answer = (len(enc.encode('raspberry')), len(enc.encode(' raspberry')))",
        wrong_code="answer = (1, 1)  # as if the space made no difference",
    )


def q_digit_groups_left() -> Question:
    return Question(
        name="digit_groups_left",
        prompt=("Write digit_groups(digits): cut a string of digits into groups of at most three from the left, "
                "as the cl100k pattern does ('1234567' -> ['123', '456', '7']). An empty string gives []."),
        reference=lambda digits: pretokenize.split(digits, "gpt4"),
        cases=[("1234567",), ("12",), ("123",), ("1000000",), ("",), ("12345678901",)],
        hints=["The first group is always the first three digits (or fewer, if the string is shorter); then the "
               "next three, and so on. Only the last group can be short.",
               "Step through the string three positions at a time; a slice past the end of a string is simply "
               "shorter, never an error."],
        solution_code=("def digit_groups(digits):\n"
                       "    return [digits[k:k + 3] for k in range(0, len(digits), 3)]"),
        wrong_code=("def digit_groups(digits):\n"
                    "    # from the right, as thousands separators group them\n"
                    "    first = len(digits) % 3 or 3\n"
                    "    return [digits[:first]] + [digits[k:k + 3] for k in range(first, len(digits), 3)]"
                    " if digits else []"),
        answer_name="digit_groups",
    )


# -- 3-5: practice --------------------------------------------------------------------------------------------

def q_trailing_space() -> Question:
    return Question(
        name="trailing_space",
        prompt="What is the id of the last GPT-2 token of 'Hello world ' (with a space at the end)?",
        reference=lambda: _gpt2().encode("Hello world ")[-1],
        hints=["The space at the end cannot join ' world': it becomes a token of its own.",
               "Encode the text with GPT-2 and look at the last id."],
        solution_code="answer = enc.encode('Hello world ')[-1]",
        wrong_code="answer = enc.encode('Hello world')[-1]  # without the space",
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
        hints=["How many numbers does one matrix with a row of `width` numbers per token hold?",
               "Untied, the input embedding and the output layer are two such matrices; tied, they are one."],
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
        reference=lambda: _gpt2().encode_ordinary("Hi<|endoftext|>"),
        hints=["encode refuses the text; encode(..., allowed_special='all') turns it into the special id 50256.",
               "The tokenizer has a method that treats every character as text (notebook 08, section 5)."],
        solution_code="answer = enc.encode_ordinary('Hi<|endoftext|>')",
        wrong_code="answer = enc.encode('Hi<|endoftext|>', allowed_special='all')  # injected",
        rubric=("For a written answer: special ids must come only from the program that builds the template;\n"
                "text a user typed is encoded as text, or refused."),
    )


# -- 6: challenge: tokens a text never produces ---------------------------------------------------------------

def _unseen_merged_tokens(tok, text) -> list[int]:
    return [token_id for token_id in vocab_audit.unseen_tokens(tok, text) if token_id >= 256]


def q_unseen_tokens() -> Question:
    abc = Tokenizer(merges=[(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")], pattern=None)
    abc_special = Tokenizer(merges=[(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")], pattern=None,
                            special_tokens={"<|end|>": 259})
    the = Tokenizer(merges=[(b" ", b"t"), (b"h", b"e"), (b" t", b"he"), (b"t", b"he")])  # GPT-2's pattern
    return Question(
        name="unseen_tokens",
        prompt=("Write unseen_tokens(tok, text): the ids of the merged tokens of a bpe_lab Tokenizer that encoding "
                "text (tok.encode_ordinary) never produces, sorted. The merged tokens have the ids 256 to "
                "len(tok.vocab) - 1 (0-255 are the single bytes); special tokens (tok.special_tokens) come after them "
                "and are never counted. (vocab_audit.unseen_tokens, notebook 08 section 4, gives the same for every "
                "ordinary token: write it yourself.)"),
        reference=_unseen_merged_tokens,
        cases=[(abc, "abc ab"), (abc, ""), (abc_special, "bc"), (the, "the the"), (the, "then")],
        hints=["Which ids does encoding the text give? Every other ordinary id is unseen.",
               "Whether a token's bytes occur in the text is not the question: in 'abc ab' the bytes of 'abc' occur, "
               "yet with these merges encoding makes 'ab' + 'c' (notebook 08: reachable vs produced).",
               "Mind the special token: it has an id but is not an ordinary token, so it is never in the answer."],
        solution_code=("def unseen_tokens(tok, text):\n"
                       "    produced = set(tok.encode_ordinary(text))\n"
                       "    return sorted(set(range(256, len(tok.vocab))) - produced)"),
        wrong_code=("def unseen_tokens(tok, text):\n"
                    "    # a token counts as seen when its bytes occur somewhere in the text\n"
                    "    data = text.encode('utf-8')\n"
                    "    return [i for i in range(256, len(tok.vocab)) if tok.token_bytes(i) not in data]"),
        answer_name="unseen_tokens",
    )


# -- 7-8: project: the digit patterns of a tokenizer ----------------------------------------------------------

def _number_patterns(tok, numbers) -> dict:
    patterns = Counter(tuple(len(tok.token_bytes(i)) for i in tok.encode_ordinary(str(n))) for n in numbers)
    return dict(patterns)


@lru_cache(maxsize=1)
def _number_tokenizers() -> tuple:
    """Two small tokenizers trained here on numbers, one line each (years, small numbers, multiples of 25):
    one with cl100k's pattern (digits in groups of at most three), one with GPT-2's (a run of digits whole)."""
    text = "\n".join(str(n) for n in [*range(1950, 2030), *range(120), *range(0, 1000, 25)] * 3)
    return Tokenizer.train(text, 320, pattern="gpt4"), Tokenizer.train(text, 320, pattern="gpt2")


def q_number_patterns() -> Question:
    groups_of_three, whole_runs = _number_tokenizers()
    return Question(
        name="number_patterns",
        prompt=("Project: write number_patterns(tok, numbers): encode each number, written plainly (str(n)), with "
                "tok.encode_ordinary, and describe it by its pattern, the tuple of its tokens' lengths in digits "
                "(in cl100k, 1234 is '123' + '4': the pattern (3, 1)). Return a dict pattern -> how many of the "
                "numbers have it. The cases use two small tokenizers trained on numbers, one with cl100k's pattern "
                "and one with GPT-2's."),
        reference=_number_patterns,
        cases=[(groups_of_three, range(0, 1200)), (whole_runs, range(0, 1200)), (whole_runs, range(1900, 2100)),
               (groups_of_three, [7, 1234567, 99999, 2024]), (whole_runs, [])],
        hints=["One number at a time: its ids, then each id's length. tok.token_bytes(i) gives a token's bytes, "
               "and a digit is one byte.",
               "Count the patterns as you go (collections.Counter, or a dict). A pattern must be a tuple: a list "
               "cannot be a dict key.",
               "Do not cut the digits yourself into groups of three: the tokenizer decides, and with GPT-2's "
               "pattern it does not cut in threes at all."],
        solution_code=("from collections import Counter\n"
                       "def number_patterns(tok, numbers):\n"
                       "    patterns = Counter()\n"
                       "    for n in numbers:\n"
                       "        patterns[tuple(len(tok.token_bytes(i)) for i in tok.encode_ordinary(str(n)))] += 1\n"
                       "    return dict(patterns)"),
        wrong_code=("from collections import Counter\n"
                    "def number_patterns(tok, numbers):\n"
                    "    # cl100k's rule for every tokenizer: groups of three from the left, without encoding\n"
                    "    return dict(Counter(tuple(len(str(n)[k:k + 3]) for k in range(0, len(str(n)), 3))\n"
                    "                        for n in numbers))"),
        answer_name="number_patterns",
    )


def q_gpt2_single_numbers() -> Question:
    return Question(
        name="gpt2_single_numbers",
        prompt=("Project, continued: run your number_patterns on GPT-2 (enc) for the numbers 1000 to 1999. How many "
                "of them are a single token? Answer a number, and say in `why` which numbers they mostly are, why "
                "GPT-2 has tokens for them, and what cl100k's patterns for the same numbers would be."),
        reference=lambda: _number_patterns(_gpt2(), range(1000, 2000)).get((4,), 0),
        hints=["A single token of four digits has the pattern (4,).",
               "To see which numbers they are, list the n in 1000-1999 for which enc.encode(str(n)) has one id: "
               "where do they bunch up?",
               "Where would text on the web write numbers of this size? And notebook 08, section 2, says how cl100k "
               "cuts every four-digit number."],
        solution_code=("answer = number_patterns(enc, range(1000, 2000)).get((4,), 0)\n"
                       "why = ('Most are years of the 20th century, most of 1950-1999, and round numbers like 1500: '\n"
                       "       'frequent in web text, so GPT-2 learned them as merges. cl100k cuts every one '\n"
                       "       'of them the same way, 3 digits + 1, the pattern (3, 1) for all 1,000.')"),
        wrong_code="answer = number_patterns(enc, range(1000, 2000)).get((1,), 0)  # one digit, not one token",
        rubric=("The number (checked): the count of pattern (4,) among 1000-1999 in GPT-2. The explanation, 3 points:\n"
                "1 point: they are mostly years (most of 1950-1999, and 19xx generally), with a few round numbers.\n"
                "1 point: GPT-2's merges come from the frequency of strings in its training text (web pages, where\n"
                "  years are common); there is no rule for numbers, so 1984 is one token and 1734 is not.\n"
                "1 point: cl100k's pattern cuts digits in groups of at most three from the left, so every number\n"
                "  from 1000 to 1999 is (3, 1): regular, but not aligned with place value."),
    )
