"""Exercise questions: friendly feedback, and nothing a student writes can crash the check."""

import pytest

from bpe_lab import bpe
from bpe_lab.exercises import CORRECT, INCORRECT, NOT_YET, Question

MERGE = Question(
    name="merge_pair",
    prompt="Write merge_pair(symbols, pair): replace every occurrence of pair, left to right.",
    reference=lambda symbols, pair: list(bpe.merge_pair(tuple(symbols), pair)),
    cases=[(["h", "u", "g"], ("u", "g")), (["a", "a", "a"], ("a", "a")), ([], ("a", "b")), (["x"], ("a", "b"))],
    hints=["Walk through the list with an index i.", "When symbols[i], symbols[i+1] == pair, append the merge and skip 2."],
    solution_code="def merge_pair(symbols, pair): ...",
    time_limit=0.5,
)


def good(symbols, pair):
    out, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            out.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def test_states():
    assert MERGE.check().status == NOT_YET and MERGE.check(...).status == NOT_YET
    assert MERGE.check(good).status == CORRECT and bool(MERGE.check(good))


def overlapping(symbols, pair):  # the typical mistake: merges overlapping pairs
    return [a + b for a, b in zip(symbols, symbols[1:]) if (a, b) == pair] or list(symbols)


def no_return(symbols, pair):
    good(symbols, pair)


def forever(symbols, pair):
    while True:
        pass


def chatty(symbols, pair):
    print("x" * 5000)
    return good(symbols, pair)


@pytest.mark.parametrize(
    "answer, message",
    [
        (overlapping, "for input (['h', 'u', 'g'], ('u', 'g')) expected ['h', 'ug'], but got ['ug']"),
        (no_return, "returned None — did you forget `return`?"),
        (forever, "did not finish within 0.5 s"),
        (chatty, "printed 5,001 characters"),  # 5,000 x and a newline
        (lambda s, p: 1 / 0, "raised ZeroDivisionError: division by zero"),
        (lambda s, p: "hug", "expected a list such as ['h', 'ug'], but got a str"),
        (good(["a"], ("a", "b")), "this question wants a function, but got list"),
    ],
)
def test_helpful_messages(answer, message):
    feedback = MERGE.check(answer)
    assert feedback.status == INCORRECT and message in feedback.message, feedback.message
    assert "merge_pair" in str(feedback) and "<div" in feedback._repr_html_()


def test_value_questions_hints_and_solution(capsys):
    question = Question("count", "How often is (u, g) counted in the hug corpus?",
                        reference=lambda: bpe.pair_counts({"hug": 10, "pug": 5, "hugs": 5})[("u", "g")],
                        hints=["Add the counts of every word that holds u g."], rubric="Full marks for 20.")
    assert question.check(20).status == CORRECT
    assert "you answered 19" in question.check(19).message
    assert question.hint().startswith("hint 1 of 1")
    assert "Rubric" in question.solution() and "20" in question.solution()
    assert "no hint" in Question("q", "?", reference=1).hint()
