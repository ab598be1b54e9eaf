"""The project of exercise set 05 (notebook 05, WordPiece): ``train_wordpiece``, WordPiece training with the
likelihood gain for a few steps, checked on toy corpora.

``set_05`` (``ex05_wordpiece``) asks it last. It is in a module of its own, with a set of its own
(``set_05_project``), so that no question module grows past 600 lines; the student edition rewrites it as it
rewrites every question module, so its reference, solution and hidden cases do not reach students.
"""

from __future__ import annotations

import random

from ... import _checks as check
from ... import wordpiece
from ..questions import Question
from ._shared import LEVEL_POINTS, by_name, unseen_cases

__all__ = ["set_05_project"]


def set_05_project(student: str = "") -> dict[str, Question]:
    """The last question of set 05, the project (the same for every student: its cases are toy corpora)."""
    check.student(student)
    return by_name(q_train_wordpiece())


def _train_wordpiece(word_counts: dict, steps: int) -> list[tuple[str, str]]:
    """The first ``steps`` merges of WordPiece with the likelihood gain (fewer if the pairs run out)."""
    alphabet = {piece for word in word_counts for piece in wordpiece.word_symbols(word)}
    result = wordpiece.train(word_counts, len(alphabet) + steps, special_tokens=(), score="likelihood")
    return result.merges[:steps]


# Toy corpora for the project: no word holds two equal pieces side by side, and no piece is made twice, so the
# gain of question 2 (two different pieces, a new merged piece) is the whole story (tests/test_exercise_sets_345.py).
_PROJECT_CASES = [
    ({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 4),
    ({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 6),
    ({"he": 25, "there": 20, "his": 6, "quit": 3}, 3),
    ({"token": 6, "tokens": 3, "tokenize": 4, "open": 2}, 5),
    ({"ab": 3, "c": 2}, 5),
    ({"hug": 10, "pug": 5}, 0),
]

_PROJECT_SOLUTION = (
    "import math\n"
    "from collections import Counter\n"
    "\n"
    "def f(x):\n"
    "    return x * math.log(x) if x > 0 else 0.0\n"
    "\n"
    "def merge_word(word, left, right, new):\n"
    "    out, i = [], 0\n"
    "    while i < len(word):\n"
    "        if i + 1 < len(word) and (word[i], word[i + 1]) == (left, right):\n"
    "            out.append(new)\n"
    "            i += 2\n"
    "        else:\n"
    "            out.append(word[i])\n"
    "            i += 1\n"
    "    return tuple(out)\n"
    "\n"
    "def train_wordpiece(word_counts, steps):\n"
    "    words = {(w[0],) + tuple('##' + c for c in w[1:]): n for w, n in word_counts.items()}\n"
    "    merges = []\n"
    "    while len(merges) < steps:\n"
    "        pairs, pieces = Counter(), Counter()\n"
    "        for word, n in words.items():\n"
    "            for piece in word:\n"
    "                pieces[piece] += n\n"
    "            for pair in zip(word, word[1:]):\n"
    "                pairs[pair] += n\n"
    "        if not pairs:\n"
    "            break\n"
    "        N = sum(pieces.values())\n"
    "\n"
    "        def gain(pair):\n"
    "            m, a, b = pairs[pair], pieces[pair[0]], pieces[pair[1]]\n"
    "            return (f(a - m) - f(a)) + (f(b - m) - f(b)) + f(m) + (f(N) - f(N - m))\n"
    "\n"
    "        left, right = min(pairs, key=lambda p: (-gain(p), -pairs[p], p))\n"
    "        new = left + right.removeprefix('##')\n"
    "        words = {merge_word(word, left, right, new): n for word, n in words.items()}\n"
    "        merges.append((left, right))\n"
    "    return merges")

# The typical wrong answer: the same trainer with the Hugging Face course's ratio instead of the gain.
_PROJECT_WRONG = _PROJECT_SOLUTION.replace(
    "            return (f(a - m) - f(a)) + (f(b - m) - f(b)) + f(m) + (f(N) - f(N - m))\n",
    "            return m / (a * b)  # the ratio, not the likelihood gain\n")


def _same_merges(got, expected: list) -> bool:
    """Whether ``got`` is a list of the same pairs in the same order (a pair may be given as a list)."""
    return (isinstance(got, (list, tuple)) and len(got) == len(expected)
            and all(isinstance(pair, (tuple, list)) and tuple(pair) == want for pair, want in zip(got, expected)))


def _fair_corpus(word_counts: dict, steps: int) -> bool:
    """Whether question 2's gain is the whole story on this corpus (no pair of two equal pieces is scored, no
    merge makes a piece that exists) and no best gain is a near-tie that float rounding could decide."""
    alphabet = {piece for word in word_counts for piece in wordpiece.word_symbols(word)}
    made = set(alphabet)
    result = wordpiece.train(word_counts, len(alphabet) + steps, special_tokens=(), score="likelihood")
    for step in result.steps[:steps]:
        near = {score for score, _ in step.scores.values() if abs(score - step.score) < 1e-9}
        if any(a == b for a, b in step.scores) or step.new_piece in made or near != {step.score}:
            return False
        made.add(step.new_piece)
    return True


def _wordpiece_corpus(rng: random.Random) -> tuple:
    """A toy corpus of 1 to 5 words over a few letters, with counts, and 0 to 7 steps, fair in the sense above."""
    while True:
        letters = rng.choice(["hugpnbs", "lowerndst", "abcde", "tokenizs"])
        words = {"".join(rng.sample(letters, rng.randint(1, 5))) for _ in range(rng.randint(1, 5))}
        case = ({word: rng.randint(1, 20) for word in sorted(words)}, rng.randint(0, 7))
        if _fair_corpus(*case):
            return case


def q_train_wordpiece() -> Question:
    return Question(
        name="train_wordpiece",
        prompt=("**Project:** WordPiece training as published, for a few steps. Write "
                "train_wordpiece(word_counts, steps) -> the list of merged pairs, in order:\n\n"
                "- start from each word's pieces: the first character bare, the others with '##' ('hug' is "
                "h ##u ##g), each word counted as often as word_counts says;\n"
                "- at each step, count every adjacent pair (m) and every piece over the current segmentation, "
                "with N the number of all pieces, and merge the pair with the highest likelihood gain (your gain "
                "from question 2); ties go to the higher pair count, then to the smaller pair in Python's "
                "ordering;\n"
                "- the merged piece is the left piece followed by the right one without its '##' "
                "(h + ##u -> hu, ##u + ##g -> ##ug); merge every occurrence, left to right;\n"
                "- stop after `steps` merges, or earlier when every word is a single piece.\n\n"
                "It is checked on toy corpora (the hug corpus, low/lower/newest/widest, and others) and on edge "
                "cases: zero steps, and a corpus that runs out of pairs. In these corpora no word holds two equal "
                "pieces side by side and no piece is made twice, so question 2's gain is all you need."),
        reference=_train_wordpiece,
        cases=_PROJECT_CASES,
        compare=_same_merges,
        hints=["Keep the corpus as a dict from a word's pieces (a tuple) to its count, and rebuild it after each "
               "merge, as notebook 01's trainer does.",
               "Recount pairs and pieces from scratch at every step: a merge changes the counts of its two "
               "pieces and N, so every gain changes, not only the merged pair's.",
               "One sort key does the tie rule: highest gain first, then highest count, then the pair itself.",
               "Compare your first merges on the hug corpus with notebook 05's table (section 3, the likelihood "
               "column)."],
        solution_code=_PROJECT_SOLUTION,
        wrong_code=_PROJECT_WRONG,
        answer_name="train_wordpiece",
        points=LEVEL_POINTS["project"],
        hidden_cases=unseen_cases(_wordpiece_corpus, _PROJECT_CASES, 8),
        forbidden=("bpe_lab.wordpiece.train", "bpe_lab.wordpiece.fast_train", "bpe_lab.wordpiece.likelihood_gain",
                   "bpe_lab.wordpiece._gain"),
        level="project",
        asks="project",
    )
