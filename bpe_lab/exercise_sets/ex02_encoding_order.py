"""Exercises for notebook 02 (encoding order): encode with learned merges, the frequency trap, write
``encode`` (lowest rank first) and ``replay`` (each rule once, in order)."""

from __future__ import annotations

from .. import bpe
from ..exercises import Question
from ._shared import by_name

# One function per question (q_...) builds it; set_02, the notebook's set, is what graders call.
__all__ = ["set_02"]

AAAB = [("a", "a"), ("aa", "a"), ("a", "b"), ("aaa", "b")]
LOWEST = [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t"), ("e", "r"), ("low", "er")]


def set_02() -> dict[str, Question]:
    """Exercises for notebook 02: encoding with learned merges."""
    return by_name(q_encode_lowest(), q_frequency_trap(), q_encode(), q_replay())


def q_encode_lowest() -> Question:
    return Question(
        name="encode_lowest",
        prompt=f"With the merges {LOWEST}, what does encoding 'lowest' give? Answer as a list of symbols.",
        reference=lambda: bpe.encode("lowest", LOWEST),
        hints=["Apply the merges in their order: l+o first, then lo+w, ...",
               "After lo+w you have low e s t; which later merges apply?"],
        solution_code="answer = ['low', 'est']",
        wrong_code="answer = ['lowe', 's', 't']",
    )


def q_frequency_trap() -> Question:
    return Question(
        name="frequency_trap",
        prompt=("With the merges (a,a), (aa,a), (a,b), (aaa,b), what does a correct encoder give for "
                "'aaabdaaabac'? Answer as a list. (Merging by frequency in the new text gets it wrong.)"),
        reference=lambda: bpe.encode("aaabdaaabac", AAAB),
        hints=["Lowest rank first: (a, a) has rank 0.",
               "After a+a: aa a b d aa a b a c. Now (aa, a) has rank 1 and (a, b) rank 2."],
        solution_code="answer = ['aaab', 'd', 'aaab', 'a', 'c']",
        wrong_code="answer = ['aa', 'ab', 'd', 'aa', 'ab', 'a', 'c']  # merged by frequency",
        rubric="Full marks for the list. For a written explanation: the encoder must follow the learned\n"
               "order (rank), not the counts in the new text; after a+a both aa+a and a+b occur twice, and\n"
               "the learned order says aa+a first.",
    )


def q_encode() -> Question:
    return Question(
        name="encode",
        prompt=("Write encode(symbols, merges): repeatedly merge the adjacent pair with the lowest rank "
                "(its position in merges) until no learned pair is left. Return a list."),
        reference=lambda symbols, merges: bpe.encode(list(symbols), merges),
        cases=[(list("lowest"), LOWEST), (list("aaabdaaabac"), AAAB), (list("xyz"), LOWEST), ([], LOWEST),
               (list("aaaa"), [("a", "a"), ("aa", "aa")])],
        hints=["Make a dict rank = {pair: position}.",
               "Each round: among the adjacent pairs that are in rank, take the one with the smallest rank.",
               "Merge every occurrence of that pair left to right, then repeat; stop when none is in rank."],
        solution_code=(
            "def encode(symbols, merges):\n"
            "    rank = {tuple(p): r for r, p in enumerate(merges)}\n"
            "    symbols = list(symbols)\n"
            "    while len(symbols) > 1:\n"
            "        present = [p for p in zip(symbols, symbols[1:]) if p in rank]\n"
            "        if not present:\n"
            "            break\n"
            "        pair = min(present, key=rank.get)\n"
            "        out, i = [], 0\n"
            "        while i < len(symbols):\n"
            "            if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:\n"
            "                out.append(symbols[i] + symbols[i + 1]); i += 2\n"
            "            else:\n"
            "                out.append(symbols[i]); i += 1\n"
            "        symbols = out\n"
            "    return symbols"),
        wrong_code=(
            "def encode(symbols, merges):\n"
            "    # merges the most frequent learned pair of the word: the misconception\n"
            "    from bpe_lab import bpe\n"
            "    return bpe.wrong_encode_by_frequency(list(symbols), merges)"),
        answer_name="encode",
    )


def q_replay() -> Question:
    return Question(
        name="replay",
        prompt="Write replay(symbols, merges): apply each merge rule once, in order, to the word. Return a list.",
        reference=lambda symbols, merges: bpe.replay(list(symbols), merges),
        cases=[(list("lowest"), LOWEST), (list("aaabdaaabac"), AAAB), (list("xyz"), LOWEST), ([], AAAB)],
        hints=["One loop over merges; inside it, one left-to-right pass over the word.",
               "Reuse your merge_pair from the exercises of notebook 01."],
        solution_code=(
            "def replay(symbols, merges):\n"
            "    symbols = list(symbols)\n"
            "    for left, right in merges:\n"
            "        out, i = [], 0\n"
            "        while i < len(symbols):\n"
            "            if i + 1 < len(symbols) and symbols[i] == left and symbols[i + 1] == right:\n"
            "                out.append(left + right); i += 2\n"
            "            else:\n"
            "                out.append(symbols[i]); i += 1\n"
            "        symbols = out\n"
            "    return symbols"),
        wrong_code=(
            "def replay(symbols, merges):\n"
            "    # applies the rules in reverse order\n"
            "    from bpe_lab import bpe\n"
            "    return bpe.replay(list(symbols), list(reversed(merges)))"),
        answer_name="replay",
    )
