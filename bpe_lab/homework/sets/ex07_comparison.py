"""Exercises for notebook 07 (comparing tokenizers), from the measures to a measured comparison of your own.

====  ===========================  =============  =======  ======  ================================================
 #    name                         asks           level    points  what it asks
====  ===========================  =============  =======  ======  ================================================
 1    ``bytes_per_token``          function       warm-up  1       the series' measure of compression
 2    ``fertility``                function       warm-up  1       tokens per whitespace-separated word
 3    ``cost_per_language``        function       core     2       each language's tokens over the reference
                                                                   language's
 4    ``hindi_cost``               explain        core     1       a Hindi line's GPT-2 tokens with no merge and with
                                                                   GPT-2's, and why
 5    ``ratio_to_english``         explain        core     2       two tokenizers' ratios to English, and why they
                                                                   mislead
 6    ``data_or_algorithm``        explain        core     1       a grid of results: the algorithm's and the data's
                                                                   effect, each with the rest held fixed
 7    ``held_out_comparison``      function       stretch  4       train tokenizers at given sizes, measure on
                                                                   held-out text
 8    ``comparison_conclusion``    project        project  4       run it on BPE and Unigram: a number and a written
                                                                   conclusion
====  ===========================  =============  =======  ======  ================================================

Lesson's own numbers: none of 8. All are new cases, functions and predictions to explain; an *explain*
question has a value answer (checked) and a written ``why`` that an instructor marks with its ``rubric``. The
points add up to 16: 1 for a warm-up, ``hindi_cost`` and ``data_or_algorithm``, 2 for another core question, 4
for the stretch function and the project.

Grading: ``set_07(student="alice")`` gives alice her own numbers in every value question (another line of the
declaration, other token counts, another replication's grid, another stretch of the novel; ``student_rng``;
"" is everyone's version, the lesson's). The four function questions have hidden cases (small texts, toy
trainers, fast); the three measures forbid ``bpe_lab.metrics``' own.

``train_bpe`` and ``train_unigram`` are the trainers the project questions hand to the student's function
(the exercise notebook imports them): byte-level BPE with GPT-2's pattern, and Unigram as notebook 07 trains
it. They remember what they trained, so the same text and size train once per session. They are helpers of
this set, not part of bpe_lab's API (not in ``__all__``, no argument checks).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from functools import lru_cache

from ... import _checks as check
from ... import corpus, gpt2, metrics, unigram
from ..questions import Question
from ...tokenizer import Tokenizer
from ._shared import by_name, close, same_tuple, student_rng, apart

# One function per question (q_...) builds it; set_07, the notebook's set, is what graders call.
__all__ = ["set_07"]  # train_bpe and train_unigram are imported by the notebook, but are not bpe_lab's API


def set_07(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 07: measuring tokenizers. ``student``: an id such as "alice" gives that student's
    own numbers in the value questions ("": everyone's version, the lesson's)."""
    student = check.student(student)
    return by_name(q_bytes_per_token(), q_fertility(), q_cost_per_language(), q_hindi_cost(student),
                   q_ratio_to_english(student), q_data_or_algorithm(student), q_held_out_comparison(),
                   q_comparison_conclusion(student))


# -- 1-3: the measures ----------------------------------------------------------------------------------------

# Words for the hidden cases: some with letters of two or three UTF-8 bytes.
HIDDEN_WORDS = ("to", "be", "the", "cat", "naïve", "café", "déjà", "vu", "東京", "über", "señor", "ok", "a", "ελιά")


def _hidden_text(rng, words: int) -> str:
    """``words`` words (at least 1) joined by single or double spaces and line breaks."""
    chosen = [rng.choice(HIDDEN_WORDS) for _ in range(max(words, 1))]
    return chosen[0] + "".join(rng.choice([" ", " ", "  ", "\n"]) + word for word in chosen[1:])


def _hidden_measures(rng) -> list[tuple]:
    """(tokenize, text): one of three tokenizers (words, characters, UTF-8 bytes) on a text of 1-12 words."""
    return [(rng.choice([str.split, list, utf8_bytes]), _hidden_text(rng, rng.randint(1, 12))) for _ in range(8)]

def q_bytes_per_token() -> Question:
    public = [(str.split, "to be or not"), (list, "naïve"), (str.split, "one"), (list, "東京")]
    return Question(
        name="bytes_per_token",
        prompt="Write bytes_per_token(tokenize, text): UTF-8 bytes of the text divided by the number of tokens.",
        reference=metrics.bytes_per_token,
        cases=public,
        compare=close,
        hints=["Two counts: how many bytes the text takes in UTF-8, and how many tokens tokenize makes of it.",
               "A character is not always one byte: 'ï' takes two, '東' three. Count the bytes of the encoded "
               "text, not its characters."],
        solution_code=("def bytes_per_token(tokenize, text):\n"
                       "    return len(text.encode('utf-8')) / len(tokenize(text))"),
        wrong_code=("def bytes_per_token(tokenize, text):\n"
                    "    return len(text) / len(tokenize(text))  # characters, not bytes"),
        answer_name="bytes_per_token",
        points=1,
        hidden_cases=apart(_hidden_measures, public),
        forbidden=("bpe_lab.metrics.bytes_per_token",),
        level="warm-up",
        asks="function",
    )


def q_fertility() -> Question:
    public = [(str.split, "to be or not"), (list, "to be"), (list, "a  b\nc")]
    return Question(
        name="fertility",
        prompt="Write fertility(tokenize, text): tokens per word, words being what whitespace separates.",
        reference=metrics.fertility,
        cases=public,
        compare=close,
        hints=["Tokens divided by words: which one goes on top? A fertility of 1.0 means one token per word.",
               "Words are what whitespace separates, however many spaces or line breaks stand between them: "
               "str.split() without an argument does exactly that."],
        solution_code="def fertility(tokenize, text):\n    return len(tokenize(text)) / len(text.split())",
        wrong_code="def fertility(tokenize, text):\n    return len(text.split()) / len(tokenize(text))  # upside down",
        answer_name="fertility",
        points=1,
        hidden_cases=apart(_hidden_measures, public),
        forbidden=("bpe_lab.metrics.fertility",),
        level="warm-up",
        asks="function",
    )


class _Named:
    """A module-level function that shows as its name (``utf8_bytes``), the same in every process: the cases
    pass functions, and a case must read the same in the grader, in its child and in a feedback message
    (a plain function shows its memory address). It crosses to the grader's child by that name."""

    def __init__(self, function):
        self._function = function
        functools.update_wrapper(self, function)  # __module__, __qualname__, __doc__: importable by name

    def __call__(self, *args, **kwargs):
        return self._function(*args, **kwargs)

    def __repr__(self) -> str:
        return self.__name__


@_Named
def utf8_bytes(text: str) -> list[int]:
    """A tokenizer with no merges at all: one token per UTF-8 byte."""
    return list(text.encode("utf-8"))


def _hidden_costs(rng) -> list[tuple]:
    """(tokenize, texts, reference): two to four made-up language codes, one of them the reference."""
    cases = []
    for _ in range(6):
        codes = rng.sample(["eng", "fra", "deu", "ell", "jpn", "hin", "tam", "spa"], rng.randint(2, 4))
        texts = {code: _hidden_text(rng, rng.randint(1, 8)) for code in codes}
        cases.append((rng.choice([str.split, list, utf8_bytes]), texts, rng.choice(codes)))
    return cases


def q_cost_per_language() -> Question:
    same_content = {"eng": "the cat sleeps", "fra": "le chat dort", "hin": "बिल्ली सोती है"}
    public = [(list, same_content, "eng"), (utf8_bytes, same_content, "eng"), (str.split, same_content, "fra"),
              (utf8_bytes, {"eng": "rights", "ell": "δικαιώματα"}, "ell")]
    return Question(
        name="cost_per_language",
        prompt=("Write cost_per_language(tokenize, texts, reference): texts maps a language code to a text (the "
                "same content in each language); return a dict code -> the text's tokens divided by the tokens of "
                "texts[reference] (so the reference language itself gets 1.0)."),
        reference=metrics.cost_per_language,
        cases=public,
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
        points=2,
        hidden_cases=apart(_hidden_costs, public),
        forbidden=("bpe_lab.metrics.cost_per_language",),
        level="core",
        asks="function",
    )


# -- 4-6: what the numbers mean -------------------------------------------------------------------------------

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _line(code: str, index: int) -> str:
    return corpus.load_udhr()[code]["text"].split("\n")[index]


@lru_cache(maxsize=1)
def _gpt2():
    return gpt2.load()  # a third of a second: once per session


@lru_cache(maxsize=8)
def _hindi_bytes_and_tokens(index: int = 1) -> tuple[int, int]:
    """The Hindi line's UTF-8 bytes (its GPT-2 tokens if GPT-2 had learned no merge at all: byte-level BPE starts
    from one token per byte) and its GPT-2 tokens."""
    hindi = _line("hin", index)
    return len(hindi.encode("utf-8")), len(_gpt2().encode(hindi))


def _hindi_line(student: str) -> int:
    """The second line (index 1), or for a student another line of the preamble, whose English and Hindi
    lines say the same (each begins 'Whereas')."""
    rng = student_rng(student, "07 hindi_cost")
    return 1 if rng is None else rng.choice([0, 2, 3, 4, 5])


def q_hindi_cost(student: str = "") -> Question:
    index = _hindi_line(student)
    no_merges, tokens = _hindi_bytes_and_tokens(index)
    return Question(
        name="hindi_cost",
        prompt=(f"Take the {ORDINALS[index]} line of the Universal Declaration of Human Rights in Hindi "
                f"(corpus.load_udhr()['hin']['text'].split('\\n')[{index}]). How many tokens would GPT-2 give it if "
                "it had learned no merge at all, and how many does it give? Answer (no_merges, gpt2): two whole "
                "numbers. Then, in the cell under it, explain what the two numbers say about GPT-2's merges for "
                "Devanagari, and why the first one is so large."),
        reference=lambda: _hindi_bytes_and_tokens(index),
        compare=same_tuple,
        hints=["GPT-2 is byte-level BPE: before any merge, what is one token?",
               "How many bytes does one Devanagari character take in UTF-8? Count the line's bytes, not its "
               "characters.",
               "Then encode the line with GPT-2 (bpe_lab.gpt2.load()) and compare."],
        solution_code=(
            "from bpe_lab import corpus, gpt2\n"
            f"hindi = corpus.load_udhr()['hin']['text'].split('\\n')[{index}]\n"
            "hindi_cost = (len(hindi.encode('utf-8')), len(gpt2.load().encode(hindi)))\n"
            "# Why: with no merge, byte-level BPE gives one token per byte, and a Devanagari character is 3\n"
            f"# bytes; GPT-2's merges cut that by little (about {no_merges / tokens:.1f} bytes per token, "
            "against about 4-5 for\n"
            "# English): it learned few merges for Devanagari, so Hindi costs several times more tokens."),
        wrong_code=(
            "from bpe_lab import corpus, gpt2\n"
            f"hindi = corpus.load_udhr()['hin']['text'].split('\\n')[{index}]\n"
            "hindi_cost = (len(hindi), len(gpt2.load().encode(hindi)))  # characters, not bytes"),
        answer_name="hindi_cost",
        rubric=(f"Full marks for {(no_merges, tokens)!r}. For the written reason: byte-level BPE starts from one\n"
                "token per byte, and a Devanagari character is 3 bytes in UTF-8 (the spaces and punctuation 1),\n"
                f"so the line starts at {no_merges} tokens; GPT-2's merges bring it only to {tokens} (about "
                f"{no_merges / tokens:.1f} bytes per\n"
                "token, where English gets 4 or more): its vocabulary, learned mostly from English, has few merges\n"
                "for Devanagari, so Hindi pays several times more tokens for the same content (cost, context)."),
        points=1,
        level="core",
        asks="explain",
        student=student,
    )


# Two made-up tokenizers, A and B, counted on the same declaration in English and in Tamil.
TAMIL_COUNTS = {"A": {"eng": 2_000, "tam": 9_000}, "B": {"eng": 1_500, "tam": 9_000}}


def _tamil_counts(student: str) -> dict:
    """TAMIL_COUNTS, or for a student other counts: the same for Tamil, B better at English than A."""
    rng = student_rng(student, "07 ratio_to_english")
    if rng is None:
        return TAMIL_COUNTS
    tamil = rng.randrange(6_000, 12_001, 500)
    english_b, english_a = sorted(rng.sample(range(1_200, 2_600, 100), 2))
    return {"A": {"eng": english_a, "tam": tamil}, "B": {"eng": english_b, "tam": tamil}}


def q_ratio_to_english(student: str = "") -> Question:
    counts = _tamil_counts(student)
    tamil, english_a, english_b = counts["A"]["tam"], counts["A"]["eng"], counts["B"]["eng"]
    return Question(
        name="ratio_to_english",
        prompt=(f"Two tokenizers are counted on the same text in English and in Tamil: {counts} (tokens). "
                "What is each one's cost for Tamil relative to English? Answer a pair (A's, B's), and say in `why` "
                "which tokenizer handles Tamil better, and what the ratios do and do not tell."),
        reference=lambda: tuple(c["tam"] / c["eng"] for c in counts.values()),
        compare=lambda got, expected: (isinstance(got, (tuple, list)) and len(got) == len(expected)
                                       and all(close(g, e, 0.01) for g, e in zip(got, expected))),
        hints=["A ratio to English divides the Tamil count by the same tokenizer's English count.",
               "Both tokenizers spend the same tokens on Tamil. What differs, and which way does that move the "
               "ratio?"],
        solution_code=(f"tamil_ratios = ({tamil:_} / {english_a:_}, {tamil:_} / {english_b:_})  "
                       f"# {tamil / english_a:.2f} and {tamil / english_b:.2f}\n"
                       f"why = ('Both spend {tamil:,} tokens on Tamil: they handle it equally well. B has the '\n"
                       "       'larger ratio only because it is better at English. A ratio compares languages '\n"
                       "       'under one tokenizer; to compare tokenizers, compare their token counts.')"),
        wrong_code=(f"tamil_ratios = ({english_a:_} / {tamil:_}, {english_b:_} / {tamil:_})  "
                    "# English over Tamil: upside down"),
        answer_name="tamil_ratios",
        rubric=(f"Full marks: ({tamil / english_a:.2f}, {tamil / english_b:.2f}), and the point: both spend exactly "
                f"{tamil:,} tokens on\nTamil, so neither handles it worse; B's ratio is larger only because B spends "
                "fewer tokens on\nEnglish. A ratio to English compares languages under one tokenizer, not tokenizers "
                "(notebook 07,\nsection 6); compare tokenizers by the tokens they spend. No marks for 'B handles "
                "Tamil worse'."),
        points=2,
        level="core",
        asks="explain",
        student=student,
    )


ALGORITHMS, TEXTS = ("BPE", "Unigram", "WordPiece"), ("prose", "Python")
# Everyone's version: a made-up grid of bytes per token at 4,000 tokens (algorithm, trained on, measured on).
GRID = {("BPE", "prose", "prose"): 4.31, ("Unigram", "prose", "prose"): 4.18, ("WordPiece", "prose", "prose"): 4.25,
        ("BPE", "Python", "prose"): 3.52, ("Unigram", "Python", "prose"): 3.44, ("WordPiece", "Python", "prose"): 3.61,
        ("BPE", "prose", "Python"): 2.47, ("Unigram", "prose", "Python"): 2.39, ("WordPiece", "prose", "Python"): 2.58,
        ("BPE", "Python", "Python"): 3.36, ("Unigram", "Python", "Python"): 3.12,
        ("WordPiece", "Python", "Python"): 3.29}


def _grid(student: str) -> dict:
    """GRID, or for a student another made-up grid: a base per measured text, a small offset per algorithm and
    cell, and a gain for training on the text measured on; the two effects never within 0.05 of each other."""
    rng = student_rng(student, "07 data_or_algorithm")
    if rng is None:
        return GRID
    while True:
        base = {"prose": rng.uniform(3.8, 4.6), "Python": rng.uniform(2.2, 3.0)}
        spread, gain = rng.uniform(0.1, 0.9), rng.uniform(0.2, 1.2)
        grid = {(algorithm, trained, measured): round(base[measured] + rng.uniform(0, spread)
                                                      + (gain * rng.uniform(0.6, 1) if trained == measured else 0), 2)
                for measured in TEXTS for trained in TEXTS for algorithm in ALGORITHMS}
        algorithm_effect, data_effect, _ = _effects(grid)
        if abs(algorithm_effect - data_effect) > 0.05:
            return grid


def _effects(grid: dict) -> tuple[float, float, str]:
    """The largest change of the algorithm alone (training and measured text the same), the largest change of
    the training text alone (algorithm and measured text the same), and which is bigger."""
    algorithm_effect = max(max(grid[a, t, m] for a in ALGORITHMS) - min(grid[a, t, m] for a in ALGORITHMS)
                           for t in TEXTS for m in TEXTS)
    data_effect = max(abs(grid[a, "prose", m] - grid[a, "Python", m]) for a in ALGORITHMS for m in TEXTS)
    algorithm_effect, data_effect = round(algorithm_effect, 2), round(data_effect, 2)
    return algorithm_effect, data_effect, "data" if data_effect > algorithm_effect else "algorithm"


def q_data_or_algorithm(student: str = "") -> Question:
    grid = _grid(student)
    algorithm_effect, data_effect, bigger = _effects(grid)
    rows = "; ".join(f"{a} trained on {t}, measured on {m}: {v:.2f}" for (a, t, m), v in grid.items())
    return Question(
        name="data_or_algorithm",
        prompt=("A replication of notebook 07, section 7, printed bytes per token at 4,000 tokens for three "
                "algorithms, "
                f"each trained on prose or on Python and measured on prose or on Python: {rows}. How far can choosing "
                "the algorithm alone move compression, and how far can choosing the training text alone? (Each: the "
                "largest difference between two cells that differ only in that choice.) Answer (algorithm, data, "
                "bigger): two numbers (two decimals) and 'algorithm' or 'data'. Then, in `why`, explain why "
                "comparing other pairs of cells would not measure either effect."),
        reference=lambda: _effects(grid),
        compare=lambda got, expected: (isinstance(got, (list, tuple)) and len(got) == 3
                                       and close(got[0], expected[0], 0.01) and close(got[1], expected[1], 0.01)
                                       and isinstance(got[2], str) and got[2].strip().lower() == expected[2]),
        hints=["An effect of one choice is measured with everything else held the same: same training text and "
               "same measured text for the algorithm; same algorithm and same measured text for the data.",
               "For the algorithm: in each of the four (trained on, measured on) groups, the largest minus the "
               "smallest of the three algorithms; keep the largest. For the data: for each algorithm and "
               "measured text, the difference between training on prose and on Python; keep the largest."],
        solution_code=(f"bigger_effect = ({algorithm_effect}, {data_effect}, {bigger!r})\n"
                       "# Why: a pair of cells that differs in two choices at once (another algorithm trained on\n"
                       "# other text), or in the measured text (prose is easier to compress than code whatever\n"
                       "# the tokenizer), mixes effects: only one choice may change between the two cells."),
        wrong_code=(f"bigger_effect = ({round(max(grid.values()) - min(grid.values()), 2)}, {data_effect}, "
                    f"{bigger!r})  # the whole grid's spread, measured text included"),
        answer_name="bigger_effect",
        rubric=(f"Full marks for {(algorithm_effect, data_effect, bigger)!r}. For the written reason: an effect is\n"
                "measured between cells that differ only in that choice; two cells that also differ in the\n"
                "measured text compare texts (prose compresses better than code under any tokenizer), and two that\n"
                "differ in both algorithm and training text mix the two effects. Notebook 07 found the data's\n"
                "effect several times the algorithms' spread."),
        points=1,
        level="core",
        asks="explain",
        student=student,
    )


# -- 7-8: project: a measured comparison ----------------------------------------------------------------------

@_Named
@lru_cache(maxsize=32)
def train_bpe(text: str, size: int):
    """Byte-level BPE with GPT-2's pattern, ``size`` tokens (at least 256), trained on ``text``: its ``encode``."""
    return Tokenizer.train(text, size).encode


@_Named
@lru_cache(maxsize=32)
def train_unigram(text: str, size: int):
    """Unigram as notebook 07 trains it (``seed_factor=4``, one EM iteration per round), ``size`` pieces, on
    ``text``: a function text -> pieces (each word marked "▁"; a character never seen becomes "<unk>")."""
    model = unigram.train(text, size, seed_factor=4, em_iterations=1)
    unk = min(model.log_probs.values()) - unigram.UNK_PENALTY  # as SentencePiece scores an unknown character
    return unigram.word_tokenizer(model.log_probs, unk_score=unk)


@_Named
def train_characters(text: str, size: int):
    """A toy 'trainer' that learns nothing: one token per character, whatever the size."""
    return list


@_Named
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


def _hidden_held_out(rng) -> list[tuple]:
    """Texts of 3-15 short lines; the two toy trainers at small sizes, sometimes byte-level BPE at 256-290."""
    cases = []
    for _ in range(5):
        text = "\n".join(_hidden_text(rng, rng.randint(1, 6)).replace("\n", " ") for _ in range(rng.randint(3, 15)))
        trainers = {"characters": train_characters, "whole words": train_whole_words}
        if rng.random() < 0.5:
            toy = rng.choice(sorted(trainers))
            trainers = {"BPE": train_bpe, toy: trainers[toy]}
            sizes = sorted(rng.sample(range(256, 291), 2))
        else:
            sizes = sorted(rng.sample(range(1, 12), rng.randint(1, 3)))
        cases.append((trainers, text, sizes))
    return cases


def q_held_out_comparison() -> Question:
    toys = {"characters": train_characters, "whole words": train_whole_words}
    short = "the cat sat on the mat\n" * 9 + "le café est fermé"  # 10 lines: the last one is held out
    public = [(toys, _novel_lines(200, 40), [10, 100]),
              ({"BPE": train_bpe, "whole words": train_whole_words}, _novel_lines(1000, 60), [260, 300]),
              ({"BPE": train_bpe}, short, [258, 270])]
    return Question(
        name="held_out_comparison",
        prompt=("Write held_out_comparison(trainers, text, sizes). trainers maps a name to a function "
                "train(train_text, size) -> tokenize (as train_bpe and train_unigram above). Split text as notebook "
                "07 does: lines = text.splitlines(), the first int(len(lines) * 0.9) lines joined with '\\n' are the "
                "training text, the other lines joined with '\\n' the held-out text. Train every tokenizer at every "
                "size on the training text and return {name: {size: bytes per token on the held-out text}}."),
        reference=_held_out_comparison,
        cases=public,
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
        points=4,
        hidden_cases=apart(_hidden_held_out, public),
        level="stretch",
        asks="function",
    )


CONCLUSION_CHARACTERS = 10_000  # 10,000 characters of the novel: a few seconds' training at most
CONCLUSION_SIZES = (300, 800)


def _conclusion_start(student: str) -> int:
    """Where the text begins in the novel: 0, or for a student another stretch of 10,000 characters."""
    rng = student_rng(student, "07 comparison_conclusion")
    return 0 if rng is None else rng.randrange(1, 60) * CONCLUSION_CHARACTERS


@lru_cache(maxsize=8)
def _unigram_lead(start: int = 0) -> float:
    text = corpus.load_text("pride_and_prejudice.txt")[start:start + CONCLUSION_CHARACTERS]
    table = _held_out_comparison({"BPE": train_bpe, "Unigram": train_unigram}, text, CONCLUSION_SIZES)
    return table["Unigram"][800] - table["BPE"][800]


def q_comparison_conclusion(student: str = "") -> Question:
    start = _conclusion_start(student)
    end = start + CONCLUSION_CHARACTERS
    where = (f"the first {CONCLUSION_CHARACTERS:,} characters of the novel "
             f"(corpus.load_text('pride_and_prejudice.txt')[:{CONCLUSION_CHARACTERS}])" if not start else
             f"{CONCLUSION_CHARACTERS:,} characters of the novel from character {start:,} on "
             f"(corpus.load_text('pride_and_prejudice.txt')[{start}:{end}])")
    sliced = "[:10_000]" if not start else f"[{start:_}:{end:_}]"
    return Question(
        name="comparison_conclusion",
        prompt=("Project: run your held_out_comparison with {'BPE': train_bpe, 'Unigram': train_unigram} "
                f"on {where} at the sizes "
                f"{list(CONCLUSION_SIZES)}. By how many bytes per token does Unigram lead BPE on the held-out text at "
                "800 (Unigram minus BPE; two decimals)? Then write, in `why`, a conclusion of two or three sentences: "
                "what the numbers show, how the lead changes from 300 to 800, and what they do not show."),
        reference=lambda: _unigram_lead(start),
        compare=lambda got, expected: close(got, expected, 0.005),
        hints=["Call your function once; the table it returns holds both sizes for both tokenizers.",
               "For the written part, also measure the two tokenizers on their own training text (your function's "
               "typical mistake does that): how large does Unigram's lead look there?",
               "What could make the gap other than the algorithm? Notebook 07, section 4, lists the suspects: the "
               "256-byte base of byte-level BPE at small sizes, the pre-processing of each. And how much text was "
               "this?"],
        solution_code=(
            "from bpe_lab import corpus\n"
            f"text = corpus.load_text('pride_and_prejudice.txt'){sliced}\n"
            "results = held_out_comparison({'BPE': train_bpe, 'Unigram': train_unigram}, text, [300, 800])\n"
            "unigram_lead = results['Unigram'][800] - results['BPE'][800]\n"
            "why = ('On held-out text Unigram leads BPE at both sizes, but its lead shrinks from '\n"
            "       '300 to 800 (print results to quote the numbers). At 300 most of the BPE '\n"
            "       'vocabulary is its 256 bytes; measured on the training text the lead would look several '\n"
            "       'times larger. One small text and one run: this does not show that Unigram is '\n"
            "       'the better algorithm (pre-processing differs, notebook 07 section 4).')"),
        wrong_code=(
            "from bpe_lab import corpus\n"
            f"text = corpus.load_text('pride_and_prejudice.txt'){sliced}\n"
            "results = held_out_comparison({'BPE': train_bpe, 'Unigram': train_unigram}, text, [300, 800])\n"
            "unigram_lead = results['Unigram'][300] - results['BPE'][300]  # the gap at 300, not at 800"),
        answer_name="unigram_lead",
        rubric=("The number (checked): Unigram minus BPE at 800 on the held-out text. The conclusion, 3 points:\n"
                "1 point: the held-out numbers quoted, and how the lead changes from 300 to 800 (on the first\n"
                "  10,000 characters: Unigram ahead at both sizes, by less at 800 than at 300).\n"
                "1 point: a reason other than 'Unigram is better': at 300 most of BPE's vocabulary is the 256 bytes\n"
                "  (notebook 07, section 4), and the two see the text differently (pre-processing).\n"
                "1 point: the limits: one short text, one split, small sizes; measured on the training text the lead\n"
                "  would look several times larger (a tokenizer must be measured on text it has not seen).\n"
                "No point for a conclusion drawn from training-text numbers."),
        points=4,
        level="project",
        asks="project",
        student=student,
    )
