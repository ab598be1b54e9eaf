"""Exercises for notebook 02 (encoding order): encode with learned merges, the frequency trap, write
``encode`` (lowest rank first) and ``replay`` (each rule once, in order).

Like set 01, a worked example of the grading fields: per-student words in the value questions, hidden
cases with hand-made merge lists (where ``encode`` and ``replay`` disagree), forbidden calls to
bpe_lab's own ``encode`` and ``replay``, points and levels.
"""

from __future__ import annotations

from .. import _checks as check
from .. import bpe
from ..exercises import Question
from ._shared import by_name, student_rng

# One function per question (q_...) builds it; set_02, the notebook's set, is what graders call.
__all__ = ["set_02"]

AAAB = [("a", "a"), ("aa", "a"), ("a", "b"), ("aaa", "b")]
LOWEST = [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t"), ("e", "r"), ("low", "er")]
# Hand-made lists from notebook 02 §6 on which encode (lowest rank first) and replay (each rule once) differ.
BACKWARDS = [("th", "e"), ("t", "h")]
ODD = [("b", "c"), ("a", "b"), ("ab", "c"), ("abc", "d"), ("a", "bc")]


def set_02(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 02: encoding with learned merges. ``student``: an id such as "alice" gives that
    student's own words in the value questions ("": everyone's version)."""
    student = check.student(student)
    return by_name(q_encode_lowest(student), q_frequency_trap(student), q_encode(), q_replay())


def _word_for(student: str) -> str:
    """'lowest', or for a student a word made of pieces the LOWEST merges act on (at least two merges apply)."""
    rng = student_rng(student, "02 encode_lowest")
    if rng is None:
        return "lowest"
    pieces = ["low", "lo", "w", "e", "s", "t", "r", "est", "er", "o", "es"]
    for _ in range(500):
        word = "".join(rng.choice(pieces) for _ in range(rng.randint(2, 4)))
        if 5 <= len(word) <= 10 and len(bpe.encode(word, LOWEST)) <= len(word) - 2:
            return word
    return "lowest"  # not reached in practice


def q_encode_lowest(student: str = "") -> Question:
    word = _word_for(student)
    answer = bpe.encode(word, LOWEST)
    slips = [bpe.replay(word, LOWEST[::-1]), bpe.replay(word, LOWEST[:3]), list(word)]
    slip = next(s for s in slips if s != answer)
    return Question(
        name="encode_lowest",
        prompt=f"With the merges {LOWEST}, what does encoding {word!r} give? Answer as a list of symbols.",
        reference=lambda: bpe.encode(word, LOWEST),
        hints=["Start from single letters; a merge applies wherever its two symbols stand side by side.",
               "Follow the order of the list; a later merge may need a symbol an earlier one made."],
        solution_code=f"encoded = {answer!r}",
        wrong_code=f"encoded = {slip!r}",
        answer_name="encoded",
        points=1,
        level="warm-up",
        student=student,
    )


def _trap_text(student: str) -> str:
    """'aaabdaaabac', or a student's text on which merging by frequency gives another answer than by rank."""
    rng = student_rng(student, "02 frequency_trap")
    if rng is None:
        return "aaabdaaabac"
    pieces = ["aaab", "d", "aab", "ab", "c", "a", "aaa", "b", "aaab"]
    for _ in range(500):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(4, 7)))
        if len(text) <= 16 and bpe.encode(text, AAAB) != bpe.wrong_encode_by_frequency(text, AAAB):
            return text
    return "aaabdaaabac"  # not reached in practice


def q_frequency_trap(student: str = "") -> Question:
    text = _trap_text(student)
    return Question(
        name="frequency_trap",
        prompt=(f"With the merges (a,a), (aa,a), (a,b), (aaa,b), what does a correct encoder give for {text!r}? "
                "Answer as a list. (Merging by frequency in the new text gets it wrong.)"),
        reference=lambda: bpe.encode(text, AAAB),
        hints=["Lowest rank first: write the text out again after each merge you apply.",
               "After the first merge, two learned pairs may both be present: the one learned earlier goes first, "
               "however often the other occurs in this text."],
        solution_code=f"trap_tokens = {bpe.encode(text, AAAB)!r}",
        wrong_code=f"trap_tokens = {bpe.wrong_encode_by_frequency(text, AAAB)!r}  # merged by frequency",
        answer_name="trap_tokens",
        rubric="Full marks for the list. For a written explanation: the encoder must follow the learned\n"
               "order (rank), not the counts in the new text; when two learned pairs are present, the one\n"
               "learned first is merged first.",
        points=1,
        level="core",
        student=student,
    )


def _hidden_merge_lists(rng) -> list[tuple]:
    """Words with merges learned from them: half the lists as learned (encode and replay agree), half with
    their rules reordered so that rule by rule and lowest rank first disagree on the word."""
    cases: list[tuple] = []
    while len(cases) < 10:
        letters = rng.choice(["abc", "abcd", "thea"])
        corpus = {"".join(rng.choice(letters) for _ in range(rng.randint(3, 7))): rng.randint(1, 5)
                  for _ in range(4)}
        merges = bpe.train(corpus, rng.randint(3, 7)).merges
        word = rng.choice(sorted(corpus)) + rng.choice(["", rng.choice(sorted(corpus))])
        if len(cases) % 2:
            for _ in range(20):  # a reordering on which the two encoders disagree, if there is one
                rng.shuffle(merges)
                if bpe.encode(word, merges) != bpe.replay(word, merges):
                    break
        cases.append((list(word), merges))
    return cases


ENCODE_CODE = (
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
    "    return symbols")

REPLAY_CODE = (
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
    "    return symbols")


def q_encode() -> Question:
    return Question(
        name="encode",
        prompt=("Write encode(symbols, merges): repeatedly merge the adjacent pair with the lowest rank "
                "(its position in merges) until no learned pair is left. Return a list."),
        reference=lambda symbols, merges: bpe.encode(list(symbols), merges),
        cases=[(list("lowest"), LOWEST), (list("aaabdaaabac"), AAAB), (list("xyz"), LOWEST), ([], LOWEST),
               (list("aaaa"), [("a", "a"), ("aa", "aa")]), (list("the"), BACKWARDS), (list("abcd"), ODD)],
        hints=["A pair's rank is its position in merges: look it up fast rather than searching the list each time.",
               "Each round merges one kind of pair everywhere in the word. Which one, of those present?",
               "The last two cases are hand-made lists (notebook 02 §6): applying each rule once, in order, is not "
               "the same thing there."],
        solution_code=ENCODE_CODE,
        wrong_code=REPLAY_CODE.replace("def replay(", "def encode(").replace(
            "    symbols = list(symbols)\n", "    # applies each rule once, in order: replay, not lowest rank first\n"
            "    symbols = list(symbols)\n", 1),
        answer_name="encode",
        points=3,
        hidden_cases=_hidden_merge_lists,
        forbidden=("bpe_lab.bpe.encode", "bpe_lab.bpe.encode_trace", "bpe_lab.bpe.replay", "bpe_lab.bpe.replay_trace"),
        level="core",
    )


def q_replay() -> Question:
    return Question(
        name="replay",
        prompt="Write replay(symbols, merges): apply each merge rule once, in order, to the word. Return a list.",
        reference=lambda symbols, merges: bpe.replay(list(symbols), merges),
        cases=[(list("lowest"), LOWEST), (list("aaabdaaabac"), AAAB), (list("xyz"), LOWEST), ([], AAAB),
               (list("the"), BACKWARDS)],
        hints=["One loop over merges; inside it, one left-to-right pass over the word.",
               "Reuse your merge_pair from the exercises of notebook 01."],
        solution_code=REPLAY_CODE,
        wrong_code=(
            "def replay(symbols, merges):\n"
            "    # applies the rules in reverse order\n"
            "    symbols = list(symbols)\n"
            "    for left, right in reversed(merges):\n"
            "        out, i = [], 0\n"
            "        while i < len(symbols):\n"
            "            if i + 1 < len(symbols) and symbols[i] == left and symbols[i + 1] == right:\n"
            "                out.append(left + right); i += 2\n"
            "            else:\n"
            "                out.append(symbols[i]); i += 1\n"
            "        symbols = out\n"
            "    return symbols"),
        answer_name="replay",
        points=2,
        hidden_cases=_hidden_merge_lists,
        forbidden=("bpe_lab.bpe.replay", "bpe_lab.bpe.replay_trace", "bpe_lab.bpe.encode", "bpe_lab.bpe.encode_trace"),
        level="core",
    )
