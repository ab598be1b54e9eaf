"""Exercises for notebook 07 (comparing tokenizers), from the measures to a measured comparison of your own.

====  ===========================  ========  =========  ========================================================
 #    name                         kind      level      what it asks
====  ===========================  ========  =========  ========================================================
 1    ``bytes_per_token``          function  warm-up    the series' measure of compression
 2    ``fertility``                function  warm-up    tokens per whitespace-separated word
 3    ``cost_per_language``        function  practice   each language's tokens over the reference language's
 4    ``hindi_cost``               value     practice   GPT-2's tokens for a line in Hindi over English
 5    ``ratio_to_english``         explain   practice   two tokenizers' ratios to English, and why they mislead
 6    ``data_or_algorithm``        explain   practice   notebook 07's conclusion, with its numbers (the lesson's)
 7    ``held_out_comparison``      project   project    train tokenizers at given sizes, measure on held-out text
 8    ``comparison_conclusion``    explain   project    run it on BPE and Unigram: a number and a written conclusion
====  ===========================  ========  =========  ========================================================

Lesson's own numbers: 2 of 8. ``data_or_algorithm`` asks for notebook 07's section 7 conclusion; ``hindi_cost``
divides two counts that notebook 08's section 7 table prints. The rest are new cases, functions and
predictions to explain; an *explain* question has a value answer (checked) and a written ``why`` that an
instructor marks with its ``rubric``.

``train_bpe`` and ``train_unigram`` are the trainers the project questions hand to the student's function
(the exercise notebook imports them): byte-level BPE with GPT-2's pattern, and Unigram as notebook 07 trains
it. They remember what they trained, so the same text and size train once per session. They are helpers of
this set, not part of bpe_lab's API (not in ``__all__``, no argument checks).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from .. import corpus, gpt2, metrics, unigram
from ..exercises import Question
from ..tokenizer import Tokenizer
from ._shared import by_name, close

# One function per question (q_...) builds it; set_07, the notebook's set, is what graders call.
__all__ = ["set_07"]  # train_bpe and train_unigram are imported by the notebook, but are not bpe_lab's API


def set_07() -> dict[str, Question]:
    """Exercises for notebook 07: measuring tokenizers."""
    return by_name(q_bytes_per_token(), q_fertility(), q_cost_per_language(), q_hindi_cost(), q_ratio_to_english(),
                   q_data_or_algorithm(), q_held_out_comparison(), q_comparison_conclusion())


# -- 1-3: the measures ----------------------------------------------------------------------------------------

def q_bytes_per_token() -> Question:
    return Question(
        name="bytes_per_token",
        prompt="Write bytes_per_token(tokenize, text): UTF-8 bytes of the text divided by the number of tokens.",
        reference=metrics.bytes_per_token,
        cases=[(str.split, "to be or not"), (list, "naïve"), (str.split, "one"), (list, "東京")],
        compare=close,
        hints=["Two counts: how many bytes the text takes in UTF-8, and how many tokens tokenize makes of it.",
               "A character is not always one byte: 'ï' takes two, '東' three. Count the bytes of the encoded "
               "text, not its characters."],
        solution_code=("def bytes_per_token(tokenize, text):\n"
                       "    return len(text.encode('utf-8')) / len(tokenize(text))"),
        wrong_code=("def bytes_per_token(tokenize, text):\n"
                    "    return len(text) / len(tokenize(text))  # characters, not bytes"),
        answer_name="bytes_per_token",
    )


def q_fertility() -> Question:
    return Question(
        name="fertility",
        prompt="Write fertility(tokenize, text): tokens per word, words being what whitespace separates.",
        reference=metrics.fertility,
        cases=[(str.split, "to be or not"), (list, "to be"), (list, "a  b\nc")],
        compare=close,
        hints=["Tokens divided by words: which one goes on top? A fertility of 1.0 means one token per word.",
               "Words are what whitespace separates, however many spaces or line breaks stand between them: "
               "str.split() without an argument does exactly that."],
        solution_code="def fertility(tokenize, text):\n    return len(tokenize(text)) / len(text.split())",
        wrong_code="def fertility(tokenize, text):\n    return len(text.split()) / len(tokenize(text))  # upside down",
        answer_name="fertility",
    )


def utf8_bytes(text: str) -> list[int]:
    """A tokenizer with no merges at all: one token per UTF-8 byte."""
    return list(text.encode("utf-8"))


def q_cost_per_language() -> Question:
    same_content = {"eng": "the cat sleeps", "fra": "le chat dort", "hin": "बिल्ली सोती है"}
    return Question(
        name="cost_per_language",
        prompt=("Write cost_per_language(tokenize, texts, reference): texts maps a language code to a text (the "
                "same content in each language); return a dict code -> the text's tokens divided by the tokens of "
                "texts[reference] (so the reference language itself gets 1.0)."),
        reference=metrics.cost_per_language,
        cases=[(list, same_content, "eng"), (utf8_bytes, same_content, "eng"), (str.split, same_content, "fra"),
               (utf8_bytes, {"eng": "rights", "ell": "δικαιώματα"}, "ell")],
        compare=lambda got, expected: (isinstance(got, dict) and set(got) == set(expected)
                                       and all(close(got[code], value) for code, value in expected.items())),
        hints=["Count the tokens of every text once; the reference language's count is the divisor.",
               "The reference is an argument: it is not always 'eng'."],
        solution_code=("def cost_per_language(tokenize, texts, reference):\n"
                       "    counts = {code: len(tokenize(text)) for code, text in texts.items()}\n"
                       "    return {code: count / counts[reference] for code, count in counts.items()}"),
        wrong_code=("def cost_per_language(tokenize, texts, reference):\n"
                    "    counts = {code: len(tokenize(text)) for code, text in texts.items()}\n"
                    "    return {code: count / counts['eng'] for code, count in counts.items()}  # always English"),
        answer_name="cost_per_language",
    )


# -- 4-6: what the numbers mean -------------------------------------------------------------------------------

def _second_line(code: str) -> str:
    return corpus.load_udhr()[code]["text"].split("\n")[1]


@lru_cache(maxsize=1)
def _gpt2_cost_hindi() -> float:
    enc = gpt2.load()  # a third of a second: once per session
    return len(enc.encode(_second_line("hin"))) / len(enc.encode(_second_line("eng")))


def q_hindi_cost() -> Question:
    return Question(
        name="hindi_cost",
        prompt=("With GPT-2 (bpe_lab.gpt2.load()), how many times more tokens does the second line of the Universal "
                "Declaration of Human Rights take in Hindi than in English? "
                "(corpus.load_udhr()[code]['text'].split('\\n')[1], codes 'hin' and 'eng'; two decimals)"),
        reference=_gpt2_cost_hindi,
        compare=lambda got, expected: close(got, expected, 0.01),
        hints=["Encode both lines with the same tokenizer and compare the counts.",
               "The answer is a ratio of token counts, not of characters or bytes."],
        solution_code=(
            "from bpe_lab import corpus, gpt2\n"
            "enc = gpt2.load()\n"
            "udhr = corpus.load_udhr()\n"
            "hindi, english = (udhr[c]['text'].split('\\n')[1] for c in ('hin', 'eng'))\n"
            "answer = len(enc.encode(hindi)) / len(enc.encode(english))"),
        wrong_code=(
            "from bpe_lab import corpus\n"
            "udhr = corpus.load_udhr()\n"
            "answer = len(udhr['hin']['text'].split('\\n')[1]) / len(udhr['eng']['text'].split('\\n')[1])"
            "  # characters"),
        rubric=("For a written interpretation: GPT-2's vocabulary was learned mostly from English, so Devanagari\n"
                "falls back to bytes (3 per character) and the same content costs several times more tokens:\n"
                "higher cost, shorter effective context, slower generation for Hindi users."),
    )


# Two made-up tokenizers, A and B, counted on the same declaration in English and in Tamil.
TAMIL_COUNTS = {"A": {"eng": 2_000, "tam": 9_000}, "B": {"eng": 1_500, "tam": 9_000}}


def q_ratio_to_english() -> Question:
    return Question(
        name="ratio_to_english",
        prompt=(f"Two tokenizers are counted on the same text in English and in Tamil: {TAMIL_COUNTS} (tokens). "
                "What is each one's cost for Tamil relative to English? Answer a pair (A's, B's), and say in `why` "
                "which tokenizer handles Tamil better, and what the ratios do and do not tell."),
        reference=lambda: tuple(counts["tam"] / counts["eng"] for counts in TAMIL_COUNTS.values()),
        compare=lambda got, expected: (isinstance(got, (tuple, list)) and len(got) == len(expected)
                                       and all(close(g, e, 0.01) for g, e in zip(got, expected))),
        hints=["A ratio to English divides the Tamil count by the same tokenizer's English count.",
               "Both tokenizers spend the same tokens on Tamil. What differs, and which way does that move the "
               "ratio?"],
        solution_code=("answer = (9_000 / 2_000, 9_000 / 1_500)  # 4.5 and 6.0\n"
                       "why = ('Both spend 9,000 tokens on Tamil: they handle it equally well. B has the '\n"
                       "       'larger ratio only because it is better at English. A ratio compares languages '\n"
                       "       'under one tokenizer; to compare tokenizers, compare their token counts.')"),
        wrong_code="answer = (2_000 / 9_000, 1_500 / 9_000)  # English over Tamil: upside down",
        rubric=("Full marks: (4.5, 6.0), and the point: both spend exactly 9,000 tokens on Tamil, so neither\n"
                "handles it worse; B's ratio is larger only because B spends fewer tokens on English. A ratio to\n"
                "English compares languages under one tokenizer, not tokenizers (notebook 07, section 6); compare\n"
                "tokenizers by the tokens they spend. No marks for 'B handles Tamil worse'."),
    )


def q_data_or_algorithm() -> Question:
    return Question(
        name="data_or_algorithm",
        prompt=("Notebook 07, section 7: which moved compression more, the training data or the algorithm? "
                "Answer 'data' or 'algorithm', and quote in `why` the two numbers the section printed at 4,000."),
        reference="data",
        compare=lambda got, expected: isinstance(got, str) and got.strip().lower() == expected,
        hints=["Section 7's cell prints three distances at 4,000 tokens, in bytes per token.",
               "Compare the spread between the three algorithms on the same words with what training BPE on Python "
               "instead of prose does, measured on Python."],
        solution_code=("answer = 'data'\n"
                       "why = ('At 4,000 the three algorithms on the same words differ by at most <the spread '\n"
                       "       'section 7 printed>; BPE trained on Python instead of prose, measured on '\n"
                       "       'Python, moves by <the data effect it printed>, several times more: the '\n"
                       "       'training data matters most.')"),
        wrong_code="answer = 'algorithm'",
        rubric=("Full marks for 'data' with the two numbers from section 7 quoted: the spread between the three\n"
                "algorithms on the same words, and the change from training BPE on Python instead of prose,\n"
                "measured on Python (the larger one). Half marks without the numbers."),
    )


# -- 7-8: project: a measured comparison ----------------------------------------------------------------------

@lru_cache(maxsize=32)
def train_bpe(text: str, size: int):
    """Byte-level BPE with GPT-2's pattern, ``size`` tokens (at least 256), trained on ``text``: its ``encode``."""
    return Tokenizer.train(text, size).encode


@lru_cache(maxsize=32)
def train_unigram(text: str, size: int):
    """Unigram as notebook 07 trains it (``seed_factor=4``, one EM iteration per round), ``size`` pieces, on
    ``text``: a function text -> pieces (each word marked "▁"; a character never seen becomes "<unk>")."""
    model = unigram.train(text, size, seed_factor=4, em_iterations=1)
    unk = min(model.log_probs.values()) - unigram.UNK_PENALTY  # as SentencePiece scores an unknown character
    return unigram.word_tokenizer(model.log_probs, unk_score=unk)


def train_characters(text: str, size: int):
    """A toy 'trainer' that learns nothing: one token per character, whatever the size."""
    return list


def train_whole_words(text: str, size: int):
    """A toy trainer that overfits: the ``size`` most frequent words of ``text`` are one token each; any other
    word is spelled letter by letter, and each space or line break is a token."""
    known = {word for word, _ in Counter(text.split()).most_common(size)}
    return lambda new_text: [token for chunk in re.findall(r"\S+|\s", new_text)
                             for token in ([chunk] if chunk in known or chunk.isspace() else list(chunk))]


def _held_out_comparison(trainers: dict, text: str, sizes) -> dict:
    lines = text.splitlines()
    cut = int(len(lines) * 0.9)
    train_text, held_out = "\n".join(lines[:cut]), "\n".join(lines[cut:])
    return {name: {size: metrics.bytes_per_token(train(train_text, size), held_out) for size in sizes}
            for name, train in trainers.items()}


def _same_table(got, expected, tolerance=1e-9) -> bool:
    """The same names and sizes, each number within ``tolerance``."""
    return (isinstance(got, dict) and set(got) == set(expected)
            and all(isinstance(got[name], dict) and set(got[name]) == set(row)
                    and all(close(got[name][size], value, tolerance) for size, value in row.items())
                    for name, row in expected.items()))


def _novel_lines(first: int, count: int) -> str:
    lines = [line for line in corpus.load_text("pride_and_prejudice.txt").splitlines() if line.strip()]
    return "\n".join(lines[first:first + count])


def q_held_out_comparison() -> Question:
    toys = {"characters": train_characters, "whole words": train_whole_words}
    short = "the cat sat on the mat\n" * 9 + "le café est fermé"  # 10 lines: the last one is held out
    return Question(
        name="held_out_comparison",
        prompt=("Project: write held_out_comparison(trainers, text, sizes). trainers maps a name to a function "
                "train(train_text, size) -> tokenize (as train_bpe and train_unigram above). Split text as notebook "
                "07 does: lines = text.splitlines(), the first int(len(lines) * 0.9) lines joined with '\\n' are the "
                "training text, the other lines joined with '\\n' the held-out text. Train every tokenizer at every "
                "size on the training text and return {name: {size: bytes per token on the held-out text}}."),
        reference=_held_out_comparison,
        cases=[(toys, _novel_lines(200, 40), [10, 100]),
               ({"BPE": train_bpe, "whole words": train_whole_words}, _novel_lines(1000, 60), [260, 300]),
               ({"BPE": train_bpe}, short, [258, 270])],
        compare=_same_table,
        time_limit=5.0,
        hints=["Three steps: split the text, train each tokenizer at each size on the first part, measure each on "
               "the second part.",
               "Measure on the held-out lines only. A tokenizer measured on the text it was trained on looks far "
               "better than it is: the 'whole words' toy trainer shows how much.",
               "Bytes per token counts UTF-8 bytes (your bytes_per_token from question 1). The result is a dict of "
               "dicts: the outer keys are the trainers' names, the inner ones the sizes."],
        solution_code=(
            "def held_out_comparison(trainers, text, sizes):\n"
            "    lines = text.splitlines()\n"
            "    cut = int(len(lines) * 0.9)\n"
            "    train_text, held_out = '\\n'.join(lines[:cut]), '\\n'.join(lines[cut:])\n"
            "    held_bytes = len(held_out.encode('utf-8'))\n"
            "    return {name: {size: held_bytes / len(train(train_text, size)(held_out)) for size in sizes}\n"
            "            for name, train in trainers.items()}"),
        wrong_code=(
            "def held_out_comparison(trainers, text, sizes):\n"
            "    lines = text.splitlines()\n"
            "    train_text = '\\n'.join(lines[:int(len(lines) * 0.9)])\n"
            "    # measured on the training text: the tokenizers have seen it\n"
            "    return {name: {size: len(train_text.encode('utf-8')) / len(train(train_text, size)(train_text))\n"
            "                   for size in sizes} for name, train in trainers.items()}"),
        answer_name="held_out_comparison",
    )


CONCLUSION_CHARACTERS = 10_000  # the first 10,000 characters of the novel: a few seconds' training at most
CONCLUSION_SIZES = (300, 800)


def _conclusion_text() -> str:
    return corpus.load_text("pride_and_prejudice.txt")[:CONCLUSION_CHARACTERS]


def _unigram_lead() -> float:
    table = _held_out_comparison({"BPE": train_bpe, "Unigram": train_unigram}, _conclusion_text(), CONCLUSION_SIZES)
    return table["Unigram"][800] - table["BPE"][800]


def q_comparison_conclusion() -> Question:
    return Question(
        name="comparison_conclusion",
        prompt=("Project, continued: run your held_out_comparison with {'BPE': train_bpe, 'Unigram': train_unigram} "
                f"on the first {CONCLUSION_CHARACTERS:,} characters of the novel "
                f"(corpus.load_text('pride_and_prejudice.txt')[:{CONCLUSION_CHARACTERS}]) at the sizes "
                f"{list(CONCLUSION_SIZES)}. By how many bytes per token does Unigram lead BPE on the held-out text at "
                "800 (Unigram minus BPE; two decimals)? Then write, in `why`, a conclusion of two or three sentences: "
                "what the numbers show, how the lead changes from 300 to 800, and what they do not show."),
        reference=_unigram_lead,
        compare=lambda got, expected: close(got, expected, 0.005),
        hints=["Call your function once; the table it returns holds both sizes for both tokenizers.",
               "For the written part, also measure the two tokenizers on their own training text (your function's "
               "typical mistake does that): how large does Unigram's lead look there?",
               "What could make the gap other than the algorithm? Notebook 07, section 4, lists the suspects: the "
               "256-byte base of byte-level BPE at small sizes, the pre-processing of each. And how much text was "
               "this?"],
        solution_code=(
            "from bpe_lab import corpus\n"
            "text = corpus.load_text('pride_and_prejudice.txt')[:10_000]\n"
            "results = held_out_comparison({'BPE': train_bpe, 'Unigram': train_unigram}, text, [300, 800])\n"
            "answer = results['Unigram'][800] - results['BPE'][800]\n"
            "why = ('On held-out text Unigram leads BPE at both sizes, but its lead shrinks from '\n"
            "       '300 to 800 (print results to quote the numbers). At 300 most of the BPE '\n"
            "       'vocabulary is its 256 bytes; measured on the training text the lead would look several '\n"
            "       'times larger. One small text and one run: this does not show that Unigram is '\n"
            "       'the better algorithm (pre-processing differs, notebook 07 section 4).')"),
        wrong_code=(
            "from bpe_lab import corpus\n"
            "text = corpus.load_text('pride_and_prejudice.txt')[:10_000]\n"
            "results = held_out_comparison({'BPE': train_bpe, 'Unigram': train_unigram}, text, [300, 800])\n"
            "answer = results['Unigram'][300] - results['BPE'][300]  # the gap at 300, not at 800"),
        rubric=("The number (checked): Unigram minus BPE at 800 on the held-out text. The conclusion, 3 points:\n"
                "1 point: the held-out numbers quoted: Unigram ahead at both sizes, by less at 800 than at 300.\n"
                "1 point: a reason other than 'Unigram is better': at 300 most of BPE's vocabulary is the 256 bytes\n"
                "  (notebook 07, section 4), and the two see the text differently (pre-processing).\n"
                "1 point: the limits: one short text, one split, small sizes; measured on the training text the lead\n"
                "  would look several times larger (a tokenizer must be measured on text it has not seen).\n"
                "No point for a conclusion drawn from training-text numbers."),
    )
