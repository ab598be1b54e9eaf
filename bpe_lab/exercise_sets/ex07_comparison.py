"""Exercises for notebook 07 (comparing tokenizers): write bytes per token and fertility, GPT-2's cost
for Hindi, and whether data or algorithm moved compression more."""

from __future__ import annotations

from .. import corpus, gpt2, metrics
from ..exercises import Question
from ._shared import by_name, close

# One function per question (q_...) builds it; set_07, the notebook's set, is what graders call.
__all__ = ["set_07"]


def set_07() -> dict[str, Question]:
    """Exercises for notebook 07: measuring tokenizers."""
    return by_name(q_bytes_per_token(), q_fertility(), q_hindi_cost(), q_data_or_algorithm())


def _article_1(code):
    return corpus.load_udhr()[code]["text"].split("\n")[1]


def _gpt2_cost_hindi():
    enc = gpt2.load()
    return len(enc.encode(_article_1("hin"))) / len(enc.encode(_article_1("eng")))


def q_bytes_per_token() -> Question:
    return Question(
        name="bytes_per_token",
        prompt="Write bytes_per_token(tokenize, text): UTF-8 bytes of the text divided by the number of tokens.",
        reference=metrics.bytes_per_token,
        cases=[(str.split, "to be or not"), (list, "naïve"), (str.split, "one")],
        compare=close,
        hints=["len(text.encode('utf-8')) / len(tokenize(text))"],
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
        hints=["len(tokenize(text)) / len(text.split())"],
        solution_code="def fertility(tokenize, text):\n    return len(tokenize(text)) / len(text.split())",
        wrong_code="def fertility(tokenize, text):\n    return len(text.split()) / len(tokenize(text))  # upside down",
        answer_name="fertility",
    )


def q_hindi_cost() -> Question:
    return Question(
        name="hindi_cost",
        prompt=("With GPT-2 (bpe_lab.gpt2.load()), how many times more tokens does article 1 of the UDHR take in "
                "Hindi than in English? (corpus.load_udhr()[code]['text'].split('\\n')[1]; two decimals)"),
        reference=_gpt2_cost_hindi,
        compare=lambda got, expected: close(got, expected, 0.01),
        hints=["Encode both texts with the same tokenizer and divide the token counts."],
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


def q_data_or_algorithm() -> Question:
    return Question(
        name="data_or_algorithm",
        prompt="Notebook 07, section 7: which moved compression more, the training data or the algorithm? "
               "Answer 'data' or 'algorithm'.",
        reference="data",
        compare=lambda got, expected: isinstance(got, str) and got.strip().lower() == expected,
        hints=["Compare the spread between the algorithms on the same words with prose-trained vs Python-trained BPE."],
        solution_code="answer = 'data'",
        wrong_code="answer = 'algorithm'",
        rubric="Full marks for 'data' with the two numbers from section 7 quoted.",
    )
