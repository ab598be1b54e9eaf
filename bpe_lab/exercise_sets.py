"""The questions of the exercise notebooks, one function per notebook.

Each question's ``solution_code`` and ``wrong_code`` are complete answer cells: the tests run every
exercise notebook unattempted, with the solutions, and with the typical wrong answers.
"""

from __future__ import annotations

from . import bpe
from .exercises import Question

__all__ = ["set_01", "set_02"]

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


def _reference_merge_pair(symbols, pair):
    return list(bpe.merge_pair(tuple(symbols), tuple(pair))) if symbols else []


def _reference_train(word_counts, num_merges):
    return bpe.train(word_counts, num_merges).merges


def set_01() -> dict[str, Question]:
    """Exercises for notebook 01, from a warm-up to a small project."""
    questions = [
        Question(
            name="count_ug",
            prompt="In the hug corpus, how many times is the pair ('u', 'g') counted?",
            reference=lambda: bpe.pair_counts(HUG)[("u", "g")],
            hints=["Find every word that contains u followed by g.",
                   "Add up those words' counts: hug, pug and hugs."],
            solution_code="answer = 10 + 5 + 5  # hug, pug, hugs",
            wrong_code="answer = 3  # counted words, not occurrences",
        ),
        Question(
            name="first_merge",
            prompt="Which pair does BPE merge first on the text 'low lower lowest'? Answer as a tuple.",
            reference=lambda: bpe.train("low lower lowest", 1).merges[0],
            compare=lambda got, expected: tuple(got) == expected if isinstance(got, (tuple, list)) else False,
            hints=["(l, o) and (o, w) both occur three times: which one does the tie rule pick?",
                   "Among equal counts, the smallest pair in Python's ordering wins: compare ('l', 'o') and ('o', 'w')."],
            solution_code="answer = ('l', 'o')",
            wrong_code="answer = ('o', 'w')",
        ),
        Question(
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
        ),
        Question(
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
        ),
    ]
    return {q.name: q for q in questions}


AAAB = [("a", "a"), ("aa", "a"), ("a", "b"), ("aaa", "b")]
LOWEST = [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t"), ("e", "r"), ("low", "er")]


def set_02() -> dict[str, Question]:
    """Exercises for notebook 02: encoding with learned merges."""
    questions = [
        Question(
            name="encode_lowest",
            prompt=f"With the merges {LOWEST}, what does encoding 'lowest' give? Answer as a list of symbols.",
            reference=lambda: bpe.encode("lowest", LOWEST),
            hints=["Apply the merges in their order: l+o first, then lo+w, ...",
                   "After lo+w you have low e s t; which later merges apply?"],
            solution_code="answer = ['low', 'est']",
            wrong_code="answer = ['lowe', 's', 't']",
        ),
        Question(
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
        ),
        Question(
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
        ),
        Question(
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
        ),
    ]
    return {q.name: q for q in questions}
