"""Exercises for notebook 01 (BPE from scratch), from a warm-up to a small project: count a pair, pick
the first merge (ties!), write ``merge_pair``, write ``train``.

This set is the worked example of the grading fields (docs/INSTRUCTORS.md): the two value questions
take per-student numbers (``set_01(student="alice")``: another corpus, another text), the two function
questions have hidden cases (made from the instructor's seed when grading) and forbid calling bpe_lab's
own ``merge_pair`` and ``train``, and every question has points and a level.
"""

from __future__ import annotations

from .. import _checks as check
from .. import bpe
from ..exercises import Question
from ._shared import by_name, student_rng

# One function per question (q_...) builds it; set_01, the notebook's set, is what graders call.
__all__ = ["set_01"]

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
WITH_UG = ("hug", "pug", "mug", "jug", "bug", "hugs", "shrug", "tug")  # per-student corpora draw from these
WITHOUT_UG = ("pun", "bun", "hum", "gum", "sun", "gnu")
TEXT_WORDS = ("low", "lower", "lowest", "newer", "wider", "slow", "slower", "widest", "newest", "blow", "flow",
              "glow", "tower", "power", "lost", "host", "most", "post", "slowest", "lens")


def set_01(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 01, from a warm-up to a small project. ``student``: an id such as "alice" gives
    that student's own numbers in the value questions ("" : everyone's version, the lesson's examples)."""
    student = check.student(student)
    return by_name(q_count_ug(student), q_first_merge(student), q_merge_pair(), q_train())


def _reference_merge_pair(symbols, pair):
    return list(bpe.merge_pair(tuple(symbols), tuple(pair))) if symbols else []


def _reference_train(word_counts, num_merges):
    return bpe.train(word_counts, num_merges).merges


def _corpus_for(student: str) -> dict:
    """The hug corpus, or for a student five other words with other counts (three of them hold u g)."""
    rng = student_rng(student, "01 count_ug")
    if rng is None:
        return dict(HUG)
    words = rng.sample(WITH_UG, 3) + rng.sample(WITHOUT_UG, 2)
    rng.shuffle(words)
    return {word: rng.randint(2, 20) for word in words}


def q_count_ug(student: str = "") -> Question:
    corpus = _corpus_for(student)
    terms = [(word, count) for word, count in corpus.items() if "ug" in word]
    return Question(
        name="count_ug",
        prompt=f"In the corpus {corpus} (word: count), how many times is the pair ('u', 'g') counted?",
        reference=lambda: bpe.pair_counts(corpus)[("u", "g")],
        hints=["Look inside each word for a u followed by a g.",
               "A word that holds the pair adds its count, not 1: it occurs that many times in the text."],
        solution_code=(f"ug_count = {' + '.join(str(c) for _, c in terms)}  # {', '.join(w for w, _ in terms)}"),
        wrong_code=f"ug_count = {len(terms)}  # counted words, not occurrences",
        answer_name="ug_count",
        points=1,
        level="warm-up",
        student=student,
    )


def _tied_text(student: str) -> tuple[str, tuple, tuple]:
    """(text, its first merge, a tempting wrong answer): 'low lower lowest' (where ('l', 'o') and ('o', 'w')
    tie), or for a student a text whose first merge is a tie that the 'smallest pair' rule and the 'first
    met' rule break differently."""
    rng = student_rng(student, "01 first_merge")
    if rng is None:
        return "low lower lowest", ("l", "o"), ("o", "w")
    for _ in range(500):
        text = " ".join(rng.sample(TEXT_WORDS, rng.randint(3, 4)))
        smallest = bpe.train(text, 1).merges[0]
        first = bpe.train(text, 1, tie_break="first").merges[0]
        if smallest != first:
            return text, smallest, first
    raise AssertionError("no tied text found")  # not reached: about one text in three qualifies


def q_first_merge(student: str = "") -> Question:
    text, smallest, wrong = _tied_text(student)
    return Question(
        name="first_merge",
        prompt=f"Which pair does BPE merge first on the text {text!r}? Answer as a tuple.",
        reference=lambda: bpe.train(text, 1).merges[0],
        compare=lambda got, expected: tuple(got) == expected if isinstance(got, (tuple, list)) else False,
        hints=["Count every adjacent pair of letters, word by word (a word's pairs do not cross spaces).",
               "Several pairs share the top count. Notebook 01's tie rule decides: which rule is it?"],
        solution_code=f"first_pair = {smallest!r}",
        wrong_code=f"first_pair = {wrong!r}  # another pair with the top count, not the smallest",
        answer_name="first_pair",
        points=1,
        level="warm-up",
        student=student,
    )


def _hidden_merge_pair(rng) -> list[tuple]:
    """Lists over a few symbols, so pairs repeat and overlap ('a a a'), and the pair is often in the list."""
    cases = []
    for _ in range(8):
        symbols = [rng.choice(["a", "a", "b", "c", "ab"]) for _ in range(rng.randint(0, 12))]
        if len(symbols) >= 2 and rng.random() < 0.8:
            i = rng.randrange(len(symbols) - 1)
            pair = (symbols[i], symbols[i + 1])
        else:
            pair = (rng.choice("abc"), rng.choice("abc"))
        cases.append((symbols, pair))
    return cases


def q_merge_pair() -> Question:
    return Question(
        name="merge_pair",
        prompt="Write merge_pair(symbols, pair): a new list with every occurrence of pair merged, left to right.",
        reference=_reference_merge_pair,
        cases=[(["h", "u", "g"], ("u", "g")), (["h", "u", "g", "s"], ("h", "u")), (["a", "a", "a"], ("a", "a")),
               (["a", "a", "a", "a"], ("a", "a")), ([], ("a", "b")), (["x", "y"], ("a", "b"))],
        hints=["Build a new list while you walk through the old one with an index.",
               "When two neighbours form the pair, what goes into the new list, and where does the walk go on?",
               "Try it by hand on ['a', 'a', 'a'] with ('a', 'a'): the answer is ['aa', 'a'], not ['aa', 'aa']."],
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
        points=2,
        hidden_cases=_hidden_merge_pair,
        forbidden=("bpe_lab.bpe.merge_pair",),
        level="core",
    )


def _hidden_train(rng) -> list[tuple]:
    """Small corpora over a few letters (ties and repeated pairs are common), 0 to 8 merges."""
    cases = []
    for _ in range(6):
        letters = rng.choice(["ab", "abc", "lowen", "hugps"])
        words = {"".join(rng.choice(letters) for _ in range(rng.randint(1, 7))) for _ in range(rng.randint(2, 6))}
        cases.append(({word: rng.randint(1, 12) for word in sorted(words)}, rng.randint(0, 8)))
    return cases


def q_train() -> Question:
    return Question(
        name="train",
        prompt=("Write train(word_counts, num_merges) -> list of merges: count pairs (weighted by the word counts), "
                "merge the most frequent pair (ties: the smallest pair), repeat. Words are strings."),
        reference=_reference_train,
        cases=[(HUG, 3), ({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 6), ({"aaaa": 1}, 4), ({"ab": 2}, 0)],
        hints=["Keep each word as a tuple of symbols with its count; one round counts pairs, picks one, merges it "
               "everywhere.",
               "Ties: of the pairs with the top count, which one does notebook 01 take? min() compares tuples.",
               "What happens when every word is a single symbol before num_merges rounds are done?"],
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
            "    words = [tuple(w) for w in word_counts]\n"
            "    merges = []\n"
            "    for _ in range(num_merges):\n"
            "        counts = {}\n"
            "        for symbols in words:\n"
            "            for pair in zip(symbols, symbols[1:]):\n"
            "                counts[pair] = counts.get(pair, 0) + 1\n"
            "        if not counts:\n"
            "            break\n"
            "        top = max(counts.values())\n"
            "        pair = min(p for p, c in counts.items() if c == top)\n"
            "        new = []\n"
            "        for symbols in words:\n"
            "            out, i = [], 0\n"
            "            while i < len(symbols):\n"
            "                if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:\n"
            "                    out.append(symbols[i] + symbols[i + 1]); i += 2\n"
            "                else:\n"
            "                    out.append(symbols[i]); i += 1\n"
            "            new.append(tuple(out))\n"
            "        words = new\n"
            "        merges.append(pair)\n"
            "    return merges"),
        answer_name="train",
        points=4,
        hidden_cases=_hidden_train,
        forbidden=("bpe_lab.bpe.train", "bpe_lab.fast_bpe.train"),
        level="project",
    )
