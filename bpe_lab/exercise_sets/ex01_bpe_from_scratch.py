"""Exercises for notebook 01 (BPE from scratch), from a warm-up to a small project: count a pair, pick
the first merge (ties!), write ``merge_pair``, write ``train``."""

from __future__ import annotations

from .. import bpe
from ..exercises import Question
from ._shared import by_name

# One function per question (q_...) builds it; set_01, the notebook's set, is what graders call.
__all__ = ["set_01"]

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


def set_01() -> dict[str, Question]:
    """Exercises for notebook 01, from a warm-up to a small project."""
    return by_name(q_count_ug(), q_first_merge(), q_merge_pair(), q_train())


def _reference_merge_pair(symbols, pair):
    return list(bpe.merge_pair(tuple(symbols), tuple(pair))) if symbols else []


def _reference_train(word_counts, num_merges):
    return bpe.train(word_counts, num_merges).merges


def q_count_ug() -> Question:
    return Question(
        name="count_ug",
        prompt="In the hug corpus, how many times is the pair ('u', 'g') counted?",
        reference=lambda: bpe.pair_counts(HUG)[("u", "g")],
        hints=["Find every word that contains u followed by g.",
               "Add up those words' counts: hug, pug and hugs."],
        solution_code="answer = 10 + 5 + 5  # hug, pug, hugs",
        wrong_code="answer = 3  # counted words, not occurrences",
    )


def q_first_merge() -> Question:
    return Question(
        name="first_merge",
        prompt="Which pair does BPE merge first on the text 'low lower lowest'? Answer as a tuple.",
        reference=lambda: bpe.train("low lower lowest", 1).merges[0],
        compare=lambda got, expected: tuple(got) == expected if isinstance(got, (tuple, list)) else False,
        hints=["(l, o) and (o, w) both occur three times: which one does the tie rule pick?",
               "Among equal counts, the smallest pair in Python's ordering wins: compare ('l', 'o') and ('o', 'w')."],
        solution_code="answer = ('l', 'o')",
        wrong_code="answer = ('o', 'w')",
    )


def q_merge_pair() -> Question:
    return Question(
        name="merge_pair",
        prompt="Write merge_pair(symbols, pair): a new list with every occurrence of pair merged, left to right.",
        reference=_reference_merge_pair,
        cases=[(["h", "u", "g"], ("u", "g")), (["h", "u", "g", "s"], ("h", "u")), (["a", "a", "a"], ("a", "a")),
               (["a", "a", "a", "a"], ("a", "a")), ([], ("a", "b")), (["x", "y"], ("a", "b"))],
        hints=["Walk through the list with an index i and build a new list.",
               "When (symbols[i], symbols[i + 1]) == pair, append the joined symbol and move i by 2; else by 1.",
               "Overlaps: in 'a a a', after merging the first two, the scan continues after them."],
        solution_code=(
            "def merge_pair(symbols, pair):\n"
            "    out, i = [], 0\n"
            "    while i < len(symbols):\n"
            "        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == tuple(pair):\n"
            "            out.append(symbols[i] + symbols[i + 1])\n"
            "            i += 2\n"
            "        else:\n"
            "            out.append(symbols[i])\n"
            "            i += 1\n"
            "    return out"),
        wrong_code=(
            "def merge_pair(symbols, pair):\n"
            "    # merges overlapping occurrences too\n"
            "    return [a + b if (a, b) == tuple(pair) else a for a, b in zip(symbols, list(symbols[1:]) + [''])]"),
        answer_name="merge_pair",
    )


def q_train() -> Question:
    return Question(
        name="train",
        prompt=("Write train(word_counts, num_merges) -> list of merges: count pairs (weighted by the word counts), "
                "merge the most frequent pair (ties: the smallest pair), repeat. Words are strings."),
        reference=_reference_train,
        cases=[(HUG, 3), ({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 6), ({"aaaa": 1}, 4), ({"ab": 2}, 0)],
        hints=["Start with words = {tuple(word): count for word, count in word_counts.items()}.",
               "Each round: count all pairs, pick max by (count, then smallest pair), merge it in every word.",
               "Stop early when no pair is left (every word is one symbol)."],
        solution_code=(
            "def train(word_counts, num_merges):\n"
            "    words = {tuple(w): c for w, c in word_counts.items()}\n"
            "    merges = []\n"
            "    for _ in range(num_merges):\n"
            "        counts = {}\n"
            "        for symbols, c in words.items():\n"
            "            for pair in zip(symbols, symbols[1:]):\n"
            "                counts[pair] = counts.get(pair, 0) + c\n"
            "        if not counts:\n"
            "            break\n"
            "        top = max(counts.values())\n"
            "        pair = min(p for p, c in counts.items() if c == top)\n"
            "        new = {}\n"
            "        for symbols, c in words.items():\n"
            "            out, i = [], 0\n"
            "            while i < len(symbols):\n"
            "                if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:\n"
            "                    out.append(symbols[i] + symbols[i + 1]); i += 2\n"
            "                else:\n"
            "                    out.append(symbols[i]); i += 1\n"
            "            new[tuple(out)] = c\n"
            "        words = new\n"
            "        merges.append(pair)\n"
            "    return merges"),
        wrong_code=(
            "def train(word_counts, num_merges):\n"
            "    # counts each distinct word once, ignoring how often it occurs\n"
            "    from bpe_lab import bpe\n"
            "    return bpe.train({w: 1 for w in word_counts}, num_merges).merges"),
        answer_name="train",
    )
