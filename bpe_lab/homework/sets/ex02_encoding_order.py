"""Exercises for notebook 02 (encoding order): encode with learned merges, the frequency trap, write
``encode`` (lowest rank first) and ``replay`` (each rule once, in order), hand-made and shuffled lists, and
a project: encode a whole text and show where merging by frequency differs.

Like set 01, a worked example of the grading fields: per-student words, lists and texts in the value
questions, hidden cases with hand-made merge lists (where ``encode`` and ``replay`` disagree), forbidden
calls to bpe_lab's own encoders, points, levels and what each question asks.

The questions, in order (name — asks, level):

- ``encode_lowest`` — new case, warm-up
- ``novel_trap`` — new case, warm-up (a word of its own, not in notebook 02 §4's table, that the
  frequency encoder splits wrongly; any such word is accepted)
- ``frequency_trap`` — explain, core
- ``encode`` — function, core
- ``replay`` — function, core
- ``hand_made`` — new case, core (a list where encode and replay disagree, as in §6)
- ``shuffled`` — new case, core (the same merges in another order, as in §5)
- ``as_trained`` — function, stretch (the two facts §3's argument relies on)
- ``encode_text`` — project
"""

from __future__ import annotations

import functools
import random

from ... import _checks as check
from ... import bpe, corpus, fast_bpe
from ..questions import Question
from ._shared import by_name, student_rng

# One function per question (q_...) builds it; set_02, the notebook's set, is what graders call.
__all__ = ["set_02"]

AAAB = [("a", "a"), ("aa", "a"), ("a", "b"), ("aaa", "b")]
LOWEST = [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t"), ("e", "r"), ("low", "er")]
# Hand-made lists from notebook 02 §6 on which encode (lowest rank first) and replay (each rule once) differ.
BACKWARDS = [("th", "e"), ("t", "h")]
ODD = [("b", "c"), ("a", "b"), ("ab", "c"), ("abc", "d"), ("a", "bc")]
THEN = [("th", "e"), ("t", "h"), ("e", "n")]  # not in the notebook: everyone's version of hand_made
TEXT_WORDS = ("low", "lower", "lowest", "newer", "wider", "slow", "slower", "widest", "newest", "blow", "flow",
              "glow", "tower", "power", "lost", "host", "most", "post", "slowest", "lens")
FREQUENCY_CODE = (
    "def encode_by_frequency(symbols, merges):\n"
    "    learned = {tuple(p) for p in merges}\n"
    "    symbols = list(symbols)\n"
    "    while len(symbols) > 1:\n"
    "        counts = {}\n"
    "        for p in zip(symbols, symbols[1:]):\n"
    "            if p in learned:\n"
    "                counts[p] = counts.get(p, 0) + 1\n"
    "        if not counts:\n"
    "            break\n"
    "        top = max(counts.values())\n"
    "        pair = min(p for p, c in counts.items() if c == top)\n"
    "        out, i = [], 0\n"
    "        while i < len(symbols):\n"
    "            if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:\n"
    "                out.append(symbols[i] + symbols[i + 1]); i += 2\n"
    "            else:\n"
    "                out.append(symbols[i]); i += 1\n"
    "        symbols = out\n"
    "    return symbols")
ENCODERS = ("bpe_lab.bpe.encode", "bpe_lab.bpe.encode_trace", "bpe_lab.bpe.replay", "bpe_lab.bpe.replay_trace")


def set_02(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 02: encoding with learned merges. ``student``: an id such as "alice" gives that
    student's own words, lists and texts in the value questions ("": everyone's version)."""
    student = check.student(student)
    return by_name(q_encode_lowest(student), q_novel_trap(student), q_frequency_trap(student), q_encode(),
                   q_replay(), q_hand_made(student), q_shuffled(student), q_as_trained(), q_encode_text())


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
        asks="new case",
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


def _trap_reason(text: str) -> str:
    """The written reason for ``text``, as comment lines: the first step where the two encoders part."""
    rank = {pair: r for r, pair in enumerate(AAAB)}
    right, wrong = bpe.encode_trace(text, AAAB), bpe.wrong_encode_by_frequency_trace(text, AAAB)
    step = next(i for i, (a, b) in enumerate(zip(right, wrong)) if a.pair != b.pair)
    taken, counts, due = wrong[step].pair, wrong[step].candidates, right[step].pair
    return (f"# At step {step + 1}, merging by frequency takes {'+'.join(taken)} ({counts[taken]} times here, rank "
            f"{rank[taken]}) over\n# {'+'.join(due)} ({counts.get(due, 0)} times here, rank {rank[due]}): the "
            f"tokenizer learned {'+'.join(due)} first, so it must go first,\n# whatever the counts in this text; from there "
            "the two encoders build different pieces.")


def q_frequency_trap(student: str = "") -> Question:
    text = _trap_text(student)
    return Question(
        name="frequency_trap",
        prompt=(f"With the merges (a,a), (aa,a), (a,b), (aaa,b), what does a correct encoder give for {text!r}? "
                "Answer as a list. (Merging by frequency in the new text gets it wrong.) Then, in the cell under it, "
                "explain where merging by frequency goes wrong on this text."),
        reference=lambda: bpe.encode(text, AAAB),
        hints=["Lowest rank first: write the text out again after each merge you apply.",
               "After the first merge, two learned pairs may both be present: the one learned earlier goes first, "
               "however often the other occurs in this text."],
        solution_code=f"trap_tokens = {bpe.encode(text, AAAB)!r}\n" + _trap_reason(text),
        wrong_code=f"trap_tokens = {bpe.wrong_encode_by_frequency(text, AAAB)!r}  # merged by frequency",
        answer_name="trap_tokens",
        rubric="Full marks for the list. For the written explanation: the encoder must follow the learned\n"
               "order (rank), not the counts in the new text; when two learned pairs are present, the one\n"
               "learned first is merged first. Naming the step where the frequency encoder takes a pair learned\n"
               "later because it occurs more often (or as often, and the tie rule prefers it) in this text, as\n"
               "the solution's comment does, is a complete answer.",
        points=1,
        level="core",
        asks="explain",
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
    # subtle: one word always holds an overlapping run (x x x or x x x x x, then x x again), with merges learned
    # from it (in place of a learned list), so an encoder whose merge step slips on overlaps (a a a -> aa aa)
    # fails a hidden case for every seed
    x = rng.choice("abc")
    run = x * rng.choice([3, 5]) + "d" + x * 2
    cases[2 * rng.randrange(len(cases) // 2)] = (list(run), bpe.train({run: rng.randint(1, 5)}, rng.randint(1, 3)).merges)
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
        asks="function",
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
        asks="function",
    )


@functools.lru_cache(maxsize=1)
def _novel_wrong_words() -> tuple[tuple, list]:
    """Notebook 02 §4: the novel's 100 merges, and its eight most frequent words that the frequency encoder
    splits differently from encode (the table the lesson prints). fast_bpe learns the same merges as
    bpe.train in a twentieth of the time; the set is built in every notebook that uses it."""
    novel_counts = corpus.word_counts(corpus.load_text(), separate_punctuation=True)
    merges = fast_bpe.train(novel_counts, 100).merges
    wrong = []
    for word in sorted(novel_counts, key=novel_counts.get, reverse=True):  # the most frequent first, as the table
        if bpe.encode(word, merges) != bpe.wrong_encode_by_frequency(word, merges):
            wrong.append(word)
            if len(wrong) == 8:
                break
    return tuple(wrong), merges


def _splits_apart(word, merges) -> bool:
    """Whether merging by frequency splits ``word`` differently from encode (lowest rank first)."""
    return bpe.encode(word, merges) != bpe.wrong_encode_by_frequency(word, merges)


def _trap_word_ask(student: str) -> tuple[str, int]:
    """The first letter and the length of the word a student must find: 'c' and 6 for everyone, or for a
    student a letter and length for which the novel holds such a word (4-8 letters)."""
    rng = student_rng(student, "02 novel_trap")
    if rng is None:
        return "c", 6
    while True:
        letter, length = rng.choice("abcdefghlmprstw"), rng.randint(4, 8)
        if _a_trap_word(letter, length):
            return letter, length


@functools.lru_cache(maxsize=64)
def _a_trap_word(letter: str, length: int) -> str | None:
    """The novel's most frequent word of ``length`` lower-case letters starting with ``letter``, outside §4's
    table, that the two encoders split differently with the novel's 100 merges (None if there is none)."""
    table, merges = _novel_wrong_words()
    counts = corpus.word_counts(corpus.load_text(), separate_punctuation=True)
    for word in sorted(counts, key=lambda word: (-counts[word], word)):
        if (len(word) == length and word.startswith(letter) and word.isalpha() and word.islower()
                and word not in table and _splits_apart(word, merges)):
            return word
    return None


def _is_trap_word(letter: str, length: int):
    def accepts(got, expected) -> bool:  # any word that qualifies, not only the reference's
        return (isinstance(got, str) and len(got) == length and got.startswith(letter) and got.isalpha()
                and got.islower() and got not in _novel_wrong_words()[0]
                and _splits_apart(got, _novel_wrong_words()[1]))
    return accepts


def q_novel_trap(student: str = "") -> Question:
    letter, length = _trap_word_ask(student)
    table, merges = _novel_wrong_words()
    found = _a_trap_word(letter, length)
    same_split = next(word for word in ("aaaa", "bbbb", "cccc", "dddd") if not _splits_apart(word, merges))
    return Question(
        name="novel_trap",
        prompt=(f"Notebook 02 §4 lists the novel's most frequent words that merging by frequency splits differently "
                f"from encode, with the novel's own 100 merges ({', '.join(table)}). Find another: a word of "
                f"exactly {length} lower-case letters starting with {letter!r} (it need not be English) that the "
                "two encoders split differently with those merges. Answer the word, a str."),
        reference=lambda: _a_trap_word(letter, length),
        compare=_is_trap_word(letter, length),
        hints=["The frequency encoder merges the learned pair most frequent *in the word*, and breaks a tie by the "
               "smallest pair (alphabetical order); encode merges the pair learned first.",
               "In a short word most pairs occur once: look for two learned pairs that share a letter (like 'l', "
               "'e' and 'e', 's' in 'les'), where the one learned later comes first in alphabetical order.",
               "Or search: bpe.encode and bpe.wrong_encode_by_frequency on the novel's words of your length."],
        solution_code=(f"novel_word = {found!r}  # one of many: {bpe.encode(found, merges)} by rank, "
                       f"{bpe.wrong_encode_by_frequency(found, merges)} by frequency"),
        wrong_code=f"novel_word = {(letter + same_split)[:length]!r}  # the two encoders agree on it",
        answer_name="novel_word",
        points=1,
        level="warm-up",
        asks="new case",
        student=student,
    )


def _disagreeing_list(rng, letters: str, encoder_b) -> tuple[str, list] | None:
    """A word and merges learned from a small corpus holding it, reordered so that encode and ``encoder_b``
    (replay, or encode with the learned order) split the word differently; None if no reordering does."""
    corpus_ = {"".join(rng.choice(letters) for _ in range(rng.randint(3, 6))): rng.randint(1, 5) for _ in range(4)}
    merges = bpe.train(corpus_, rng.randint(3, 6)).merges
    word = rng.choice(sorted(corpus_))
    for _ in range(20):
        shuffled = merges[:]
        rng.shuffle(shuffled)
        if bpe.encode(word, shuffled) != encoder_b(word, shuffled, merges):
            return word, shuffled
    return None


def _hand_made_for(student: str) -> tuple[str, list]:
    rng = student_rng(student, "02 hand_made")
    if rng is None:
        return "then", THEN
    for _ in range(500):
        found = _disagreeing_list(rng, rng.choice(["abc", "thea", "abcd"]), lambda w, s, m: bpe.replay(w, s))
        if found:
            return found
    raise AssertionError("no list found")  # not reached: about one corpus in three qualifies


def q_hand_made(student: str = "") -> Question:
    word, merges = _hand_made_for(student)
    answer = (bpe.encode(word, merges), bpe.replay(word, merges))
    return Question(
        name="hand_made",
        prompt=(f"A hand-made merge list, {merges}. What do encode (lowest rank first) and replay (each rule once, in "
                f"order) give for {word!r}? Answer (encode's list, replay's list)."),
        reference=lambda: (bpe.encode(word, merges), bpe.replay(word, merges)),
        compare=lambda got, expected: (isinstance(got, (tuple, list)) and len(got) == 2
                                       and all(isinstance(g, (tuple, list)) for g in got)
                                       and (list(got[0]), list(got[1])) == expected),
        hints=["Trace each encoder on its own, writing the word out again after every merge.",
               "replay gives each rule one turn, in order: a rule whose symbols do not exist yet does nothing, and "
               "does not get a second turn.",
               "encode looks again at every learned pair present after each merge, and takes the lowest rank."],
        solution_code=f"hand_made_tokens = ({answer[0]!r}, {answer[1]!r})",
        wrong_code=f"hand_made_tokens = ({answer[1]!r}, {answer[1]!r})  # as if the two always agreed",
        answer_name="hand_made_tokens",
        points=1,
        level="core",
        asks="new case",
        student=student,
    )


def _shuffled_for(student: str) -> tuple[str, list, list]:
    """A text of four words, the merges learned from it, and the same merges shuffled so that some but not all
    of the words change."""
    rng = student_rng(student, "02 shuffled") or random.Random("02 shuffled, everyone's version")  # not the lesson's
    for _ in range(500):
        words = rng.sample(TEXT_WORDS, 4)
        text = " ".join(words)
        merges = bpe.train(text, rng.randint(6, 9)).merges
        shuffled = merges[:]
        rng.shuffle(shuffled)
        changed = _changed(text, merges, shuffled)
        if 1 <= len(changed) < len(words):
            return text, merges, shuffled
    raise AssertionError("no shuffle found")  # not reached


def _changed(text: str, merges: list, shuffled: list) -> dict:
    return {w: bpe.encode(w, shuffled) for w in sorted(set(text.split()))
            if bpe.encode(w, merges) != bpe.encode(w, shuffled)}


def q_shuffled(student: str = "") -> Question:
    text, merges, shuffled = _shuffled_for(student)
    changed = _changed(text, merges, shuffled)
    learned = {w: bpe.encode(w, merges) for w in changed}
    return Question(
        name="shuffled",
        prompt=(f"Training on {text!r} learned the merges {merges}, in this order. Shuffled, the same merges are "
                f"{shuffled}. Which words of the text does encode (lowest rank first) split differently with the "
                "shuffled list, and how? Answer a dict word -> its tokens with the shuffled list, for those words "
                "only."),
        reference=lambda: _changed(text, merges, shuffled),
        compare=lambda got, expected: (isinstance(got, dict)
                                       and {w: list(t) if isinstance(t, (tuple, list)) else t
                                            for w, t in got.items()} == expected),
        hints=["Encode each word twice, once with each list; with the learned list, training's own splits come "
               "back.",
               "With the shuffled list a pair's rank is its new position: at some step another pair may win.",
               "A word keeps its split only if the same pair wins at every step under both orders (notebook 02 §5)."],
        solution_code=f"shuffled_changes = {changed!r}",
        wrong_code=f"shuffled_changes = {learned!r}  # their splits with the learned order",
        answer_name="shuffled_changes",
        points=1,
        level="core",
        asks="new case",
        student=student,
    )


def _reference_as_trained(merges):
    built = set()
    for left, right in merges:
        for symbol in (left, right):
            if len(symbol) != 1 and symbol not in built:
                return False  # a symbol used before any merge built it
        if left + right in built:
            return False  # the same symbol built twice
        built.add(left + right)
    return True


def _hidden_as_trained(rng) -> list[tuple]:
    """Lists as learned (True), the same shuffled (often False), and with a second way to build a symbol."""
    cases = []
    while len(cases) < 10:
        letters = rng.choice(["abc", "abcd", "thea"])
        corpus_ = {"".join(rng.choice(letters) for _ in range(rng.randint(3, 7))): rng.randint(1, 5) for _ in range(4)}
        merges = bpe.train(corpus_, rng.randint(2, 7)).merges
        kind = len(cases) % 3
        if kind == 0:
            rng.shuffle(merges)
        elif kind == 2:
            built = {a + b for a, b in merges}
            exists = built | {ch for a, b in merges for ch in a + b}
            seconds = [(symbol[:cut], symbol[cut:]) for symbol in sorted(built) for cut in range(1, len(symbol))
                       if symbol[:cut] in exists and symbol[cut:] in exists]
            if seconds:  # a second merge that builds a symbol already built, from symbols that exist
                merges.append(rng.choice(seconds))
        cases.append((merges,))
    return cases


def q_as_trained() -> Question:
    return Question(
        name="as_trained",
        prompt=("Write as_trained(merges) -> bool: whether the list has the two properties notebook 02 §3 and §6 say "
                "training guarantees: every merge joins symbols that exist when its turn comes (single characters, or "
                "symbols built by earlier merges), and no symbol is built by two merges."),
        reference=_reference_as_trained,
        cases=[(LOWEST,), (BACKWARDS,), (ODD,), (AAAB,), ([],), ([("a", "b"), ("ab", "ab")],),
               ([("a", "b"), ("ab", "c"), ("b", "c"), ("a", "bc")],)],
        hints=["Keep a set of the symbols built so far, and walk down the list once.",
               "A symbol of one character always exists; a longer one exists only once an earlier merge built it.",
               "Building a symbol twice: the merge's result is already in your set."],
        solution_code=(
            "def as_trained(merges):\n"
            "    built = set()\n"
            "    for left, right in merges:\n"
            "        if any(len(s) > 1 and s not in built for s in (left, right)):\n"
            "            return False\n"
            "        if left + right in built:\n"
            "            return False\n"
            "        built.add(left + right)\n"
            "    return True"),
        wrong_code=(
            "def as_trained(merges):\n"
            "    # checks only that each symbol exists, not that it is built once\n"
            "    built = set()\n"
            "    for left, right in merges:\n"
            "        if any(len(s) > 1 and s not in built for s in (left, right)):\n"
            "            return False\n"
            "        built.add(left + right)\n"
            "    return True"),
        answer_name="as_trained",
        points=2,
        hidden_cases=_hidden_as_trained,
        level="stretch",
        asks="function",
    )


def _reference_encode_text(text, merges):
    words = text.split()
    tokens = [token for word in words for token in bpe.encode(word, merges)]
    differ = sorted({w for w in words if bpe.encode(w, merges) != bpe.wrong_encode_by_frequency(w, merges)})
    return tokens, differ


def _hidden_encode_text(rng) -> list[tuple]:
    """Merges learned from one text, used on another made of the same pieces (so some words were never seen);
    every other case is drawn until merging by frequency splits some word differently."""
    cases = []
    while len(cases) < 8:
        pieces = rng.choice([["aaab", "aab", "ab", "a", "b"], ["th", "the", "e", "t", "h", "he"],
                             ["low", "lo", "w", "e", "s", "t", "est"], ["a", "b", "c"]])

        def text(n):
            return " ".join("".join(rng.choice(pieces) for _ in range(rng.randint(1, 4))) for _ in range(n))

        merges = bpe.train(text(rng.randint(4, 10)), rng.randint(2, 8)).merges
        case = (text(rng.randint(0, 6)), merges)
        if len(cases) % 2 == 0 or _reference_encode_text(*case)[1]:
            cases.append(case)
    return cases


def q_encode_text() -> Question:
    return Question(
        name="encode_text",
        prompt=("Write encode_text(text, merges) -> (tokens, differ), for merges learned elsewhere. tokens: the text's "
                "words (split on whitespace), each encoded lowest rank first, their tokens one after another in one "
                "list. differ: the sorted list of the distinct words that merging by frequency (the learned pair most "
                "frequent in the word first; ties: the smallest pair) splits differently."),
        reference=_reference_encode_text,
        cases=[("aaabdaaabac aaab ab", AAAB), ("low lower lowest slowest", LOWEST), ("", LOWEST),
               ("xyz  xyz\nlow", LOWEST), ("aaaa aaaaa", [("a", "a"), ("aa", "aa"), ("aa", "a")])],
        hints=["Reuse your encode from this notebook; write the frequency encoder next to it (notebook 02 §2 says "
               "what it does).",
               "str.split() with no argument splits on any run of whitespace and drops empty words.",
               "Compare the two encoders word by word; a set keeps each word once, sorted() gives the list."],
        solution_code=(
            ENCODE_CODE.replace("def encode(", "def encode_word(") + "\n\n\n" + FREQUENCY_CODE + "\n\n\n"
            "def encode_text(text, merges):\n"
            "    words = text.split()\n"
            "    tokens = [token for word in words for token in encode_word(word, merges)]\n"
            "    differ = sorted({w for w in words if encode_word(w, merges) != encode_by_frequency(w, merges)})\n"
            "    return tokens, differ"),
        wrong_code=(
            ENCODE_CODE.replace("def encode(", "def encode_word(") + "\n\n\n" + FREQUENCY_CODE + "\n\n\n"
            "def encode_text(text, merges):\n"
            "    # the tokens of the wrong encoder: merged by frequency\n"
            "    tokens = [t for word in text.split() for t in encode_by_frequency(word, merges)]\n"
            "    words = text.split()\n"
            "    differ = sorted({w for w in words if encode_word(w, merges) != encode_by_frequency(w, merges)})\n"
            "    return tokens, differ"),
        answer_name="encode_text",
        points=4,
        hidden_cases=_hidden_encode_text,
        forbidden=ENCODERS + ("bpe_lab.bpe.wrong_encode_by_frequency", "bpe_lab.bpe.wrong_encode_by_frequency_trace"),
        level="project",
        asks="project",
    )
