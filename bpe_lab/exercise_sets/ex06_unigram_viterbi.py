"""Exercises for notebook 06 (Unigram and Viterbi): score a segmentation, write Viterbi, count the
segmentations of a word."""

from __future__ import annotations

import math

from .. import unigram
from ..exercises import Question
from ._shared import by_name, close

# One function per question (q_...) builds it; set_06, the notebook's set, is what graders call.
__all__ = ["set_06"]


def set_06() -> dict[str, Question]:
    """Exercises for notebook 06: Unigram and Viterbi."""
    cats = {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "ca": -1.8, "cat": -1.2, "cats": -3.0,
            "at": -1.9, "ats": -2.1, "ts": -2.0}
    return by_name(q_segmentation_score(cats), q_viterbi(cats), q_count_all(), q_count_segmentations(cats))


def q_segmentation_score(cats: dict[str, float]) -> Question:
    return Question(
        name="segmentation_score",
        prompt=f"With the log-probabilities {cats}, what is the log-probability of the segmentation ca + ts?",
        reference=lambda: cats["ca"] + cats["ts"],
        compare=close,
        hints=["Independent pieces: probabilities multiply, so log-probabilities add."],
        solution_code="answer = -1.8 + -2.0",
        wrong_code="answer = -1.8 * -2.0  # multiplied the logarithms",
    )


def q_viterbi(cats: dict[str, float]) -> Question:
    return Question(
        name="viterbi",
        prompt=("Write viterbi(text, log_probs) -> the best list of pieces: best[i] = max over pieces ending at i of "
                "best[start] + log_prob, with a back-pointer; follow the back-pointers from the end. "
                "When two segmentations tie for best, either one is accepted."),
        reference=lambda text, log_probs: unigram.viterbi(text, log_probs)[0],
        # without "cats", cat + s and ca + ts tie at -3.8 (the same double): both are right
        cases=[("cats", cats), ("cat", cats), ("a", cats), ("tacs", cats),
               ("cats", {k: v for k, v in cats.items() if k != "cats"})],
        compare=equally_good(cats),
        hints=["best = [0] + [-inf] * len(text); back = [None] * (len(text) + 1).",
               "For end in 1..n, for start in 0..end-1: if text[start:end] is a piece, try best[start] + lp.",
               "Ties: any best segmentation is accepted; the package keeps the first best found when trying "
               "starts from 0 upwards (a later candidate must be strictly better)."],
        solution_code=(
            "import math\n"
            "def viterbi(text, log_probs):\n"
            "    best = [0.0] + [-math.inf] * len(text)\n"
            "    back = [None] * (len(text) + 1)\n"
            "    for end in range(1, len(text) + 1):\n"
            "        for start in range(end):\n"
            "            piece = text[start:end]\n"
            "            if piece in log_probs and best[start] + log_probs[piece] > best[end]:\n"
            "                best[end], back[end] = best[start] + log_probs[piece], start\n"
            "    pieces, end = [], len(text)\n"
            "    while end > 0:\n"
            "        pieces.append(text[back[end]:end])\n"
            "        end = back[end]\n"
            "    return pieces[::-1]"),
        wrong_code=(
            "def viterbi(text, log_probs):\n"
            "    # greedy: the most probable piece at each position, no look-back\n"
            "    pieces, start = [], 0\n"
            "    while start < len(text):\n"
            "        options = [text[start:end] for end in range(start + 1, len(text) + 1)"
            " if text[start:end] in log_probs]\n"
            "        piece = max(options, key=log_probs.get)\n"
            "        pieces.append(piece)\n"
            "        start += len(piece)\n"
            "    return pieces"),
        answer_name="viterbi",
    )


def equally_good(log_probs: dict[str, float]):
    """A compare for segmentations: ``got`` is right if it equals ``expected``, or spells the same text with
    pieces of ``log_probs`` and the same total log-probability (another best path of a tie). Every case's
    vocabulary is a part of ``log_probs``, with the same values."""

    def compare(got, expected) -> bool:
        if got == expected:
            return True
        if not (isinstance(got, (list, tuple)) and all(isinstance(piece, str) and piece in log_probs for piece in got)):
            return False
        if "".join(got) != "".join(expected):
            return False
        return math.isclose(sum(log_probs[piece] for piece in got), sum(log_probs[piece] for piece in expected),
                            rel_tol=0.0, abs_tol=1e-9)

    return compare


def q_count_all() -> Question:
    return Question(
        name="count_all",
        prompt="If every substring is a piece, how many segmentations does 'abcdefgh' have?",
        reference=lambda: unigram.count_segmentations(
            "abcdefgh", {"abcdefgh"[i:j] for i in range(8) for j in range(i + 1, 9)}),
        hints=["Each of the 7 gaps between letters is cut or not."],
        solution_code="answer = 2 ** 7",
        wrong_code="answer = 2 ** 8",
    )


def q_count_segmentations(cats: dict[str, float]) -> Question:
    return Question(
        name="count_segmentations",
        prompt="Write count_segmentations(text, pieces): how many ways text can be cut into the given pieces.",
        reference=lambda text, pieces: unigram.count_segmentations(text, pieces),
        cases=[("cats", set(cats)), ("abcd", {"a", "b", "c", "d", "ab", "bc", "cd"}), ("xyz", {"x"}), ("", {"a"})],
        hints=["ways[0] = 1; ways[end] = sum of ways[start] for every piece text[start:end]."],
        solution_code=(
            "def count_segmentations(text, pieces):\n"
            "    ways = [1] + [0] * len(text)\n"
            "    for end in range(1, len(text) + 1):\n"
            "        ways[end] = sum(ways[s] for s in range(end) if text[s:end] in pieces)\n"
            "    return ways[-1]"),
        wrong_code=(
            "def count_segmentations(text, pieces):\n"
            "    return 2 ** max(len(text) - 1, 0)  # assumes every substring is a piece"),
        answer_name="count_segmentations",
    )
