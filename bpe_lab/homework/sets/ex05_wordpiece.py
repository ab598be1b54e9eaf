"""Exercises for notebook 05 (WordPiece): from the ratio score to training WordPiece with the likelihood
gain for a few steps.

The questions, in order (name — asks, level). ``asks``: "lesson number" (a value notebook 05 printed), "new
case" (a lesson idea on a new input), "function", "explain" (a value the check marks, and a written reason
marked by hand with the rubric ``solution()`` shows), and the project:

- ``score`` — new case, warm-up
- ``likelihood_gain`` — function, core
- ``which_criterion`` — lesson number, core (notebook 05's own corpus and numbers, section 1)
- ``negative_gain`` — explain, stretch
- ``maxmatch`` — function, core (with BERT's limit on a word's length)
- ``unk_whole_word`` — explain, core
- ``bert_pieces`` — explain, core (greedy pieces vs the fewest a small vocabulary allows, and why)
- ``train_wordpiece`` — project (a few training steps with the likelihood gain, on toy corpora; in
  ``_ex05_train_wordpiece``)

One question of eight asks for a lesson's own numbers (``which_criterion``). ``set_05(student="alice")``
gives alice her own counts, corpus, words and vocabulary in the five value questions (her ``which_criterion``
is a corpus of her own, no longer the lesson's); the three function questions have hidden cases and forbid calling
bpe_lab's own gain, MaxMatch and trainer. Points grow with the level: warm-up 1, core 2, stretch 3,
project 5.
"""

from __future__ import annotations

import math
import random

from ... import _checks as check
from ... import bert, wordpiece
from ..questions import Question
from ._shared import LEVEL_POINTS, by_name, close, student_rng, unseen_cases
from ._ex05_train_wordpiece import set_05_project

# One function per question (q_...) builds it; set_05, the notebook's set, is what graders call.
__all__ = ["set_05"]


def set_05(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 05: WordPiece. ``student``: an id such as "alice" gives that student's own
    numbers and words in the value questions ("": everyone's version)."""
    student = check.student(student)
    # a sorted list, not a set: a case's repr is the same in every process (the grader's child included)
    small = sorted({"[UNK]", "un", "##help", "help", "##ful", "##ness", "##less", "play", "##er", "##ers", "##s"})
    return {**by_name(q_score(student), q_likelihood_gain(), q_which_criterion(student), q_negative_gain(student),
                      q_maxmatch(small), q_unk_whole_word(student), q_bert_pieces(student)),
            **set_05_project(student)}


def _counts(student: str) -> tuple[int, int, int]:
    """(count(ab), count(a), count(b)): (12, 40, 15), or a student's own."""
    rng = student_rng(student, "05 score")
    if rng is None:
        return 12, 40, 15
    a, b = rng.randint(20, 80), rng.randint(10, 60)
    return rng.randint(3, min(a, b)), a, b


def q_score(student: str = "") -> Question:
    m, a, b = _counts(student)
    return Question(
        name="score",
        prompt=(f"count(ab) = {m}, count(a) = {a}, count(b) = {b}. What is the ratio score count(ab) / (count(a) x "
                "count(b)) for the pair? (The popular simplification of WordPiece's rule; the next question "
                "is the rule itself.)"),
        reference=lambda: m / (a * b),
        compare=close,
        hints=["The ratio divides how often the pair occurs by the product of how often each of its pieces occurs.",
               f"The denominator is {a} x {b} = {a * b}."],
        solution_code=f"ratio = {m} / ({a} * {b})",
        wrong_code=f"ratio = {m}  # the count, BPE's criterion",
        answer_name="ratio",
        points=LEVEL_POINTS["warm-up"],
        level="warm-up",
        asks="new case",
        student=student,
    )


_GAIN_CASES = [(20, 36, 20, 113), (12, 40, 15, 200), (3, 3, 7, 30), (5, 5, 5, 50), (1, 100, 100, 1000)]


def _gain_counts(rng: random.Random) -> tuple:
    """(m, a, b, N) for two different pieces: m <= a, b (often m = a or b: a piece used up), a + b <= N."""
    a, b = rng.randint(1, 200), rng.randint(1, 200)
    m = rng.choice([min(a, b), rng.randint(1, min(a, b))])
    return m, a, b, a + b + rng.choice([0, rng.randint(0, 50), rng.randint(0, 5000)])


def q_likelihood_gain() -> Question:
    return Question(
        name="likelihood_gain",
        prompt=("Write gain(m, a, b, N): how much the corpus's log-likelihood (natural log) rises when two different "
                "pieces with counts a and b are merged m times into a new piece, in a corpus of N pieces. The "
                "log-likelihood is L = sum of f(count) over the pieces, minus f(N), with f(x) = x ln x and f(0) = 0."),
        reference=lambda m, a, b, n: wordpiece.likelihood_gain(m, a, b, 0, n),
        # (5, 5, 5, 50) uses both pieces up (f(0)); (1, 100, 100, 1000) is a merge that lowers the likelihood
        cases=_GAIN_CASES,
        compare=close,
        hints=["Only four terms of L change: a becomes a - m, b becomes b - m, the new piece goes from 0 to m, "
               "and N becomes N - m.",
               "Write f with a guard: math.log(0) raises, and a piece that is used up adds f(0) = 0.",
               "m x ln(m N / (a b)) is only an approximation of the change; compute the four differences exactly."],
        solution_code=(
            "import math\n\n"
            "def gain(m, a, b, N):\n"
            "    def f(x):\n"
            "        return x * math.log(x) if x > 0 else 0.0\n"
            "    return (f(a - m) - f(a)) + (f(b - m) - f(b)) + f(m) + (f(N) - f(N - m))"),
        wrong_code=(
            "import math\n\n"
            "def gain(m, a, b, N):\n"
            "    # the approximation m ln(mN / ab), the log of the ratio weighted by the count\n"
            "    return m * math.log(m * N / (a * b))"),
        answer_name="gain",
        points=LEVEL_POINTS["core"],
        hidden_cases=unseen_cases(_gain_counts, _GAIN_CASES, 12),
        forbidden=("bpe_lab.wordpiece.likelihood_gain", "bpe_lab.wordpiece._gain", "bpe_lab.wordpiece._drop"),
        level="core",
        asks="function",
    )


RULES = ("frequency", "ratio", "likelihood")
# Words for a student's corpus in which_criterion: short, no letter twice in a row (so no pair (a, a)).
CRITERION_WORDS = ("he", "there", "his", "quit", "she", "the", "this", "then", "quiz", "fox", "box", "who", "why",
                   "hush", "ship", "whip", "thin", "query", "her", "here")


def _first_pairs(words: dict) -> dict:
    return {rule: wordpiece.train(words, 100, score=rule).steps[0].pair for rule in RULES}


def _clear_winner(words: dict, rule: str) -> bool:
    """Whether one pair alone has the best score under ``rule`` (no tie for the student to break)."""
    step = wordpiece.train(words, 100, score=rule).steps[0]
    return sum(abs(score - step.score) < 1e-9 for score, _ in step.scores.values()) == 1


def _criterion_corpus(student: str) -> dict:
    """Notebook 05's small corpus, or for a student four words with counts on which the frequency and the
    ratio rules pick different pairs, each without a tie."""
    rng = student_rng(student, "05 which_criterion")
    if rng is None:
        return {"he": 25, "there": 20, "his": 6, "quit": 3}
    for _ in range(500):
        words = {word: rng.randint(2, 30) for word in rng.sample(CRITERION_WORDS, 4)}
        pairs = _first_pairs(words)
        if pairs["frequency"] != pairs["ratio"] and all(_clear_winner(words, rule) for rule in RULES):
            return words
    raise AssertionError("no corpus found")  # not reached: about one corpus in five qualifies


def q_which_criterion(student: str = "") -> Question:
    words = _criterion_corpus(student)
    pairs = _first_pairs(words)
    if student:
        pieces = {}
        for word, count in words.items():
            for piece in wordpiece.word_symbols(word):
                pieces[piece] = pieces.get(piece, 0) + count
        common = max(pieces, key=lambda piece: (pieces[piece], piece))
        candidates = ", ".join(" ".join(pair) for pair in dict.fromkeys(pairs.values()))
        hints = [f"Count the symbols first: N = {sum(pieces.values())} pieces; {common}, for one, occurs "
                 f"{pieces[common]} times.",
                 "The ratio favours pairs of rare symbols that always occur together; the frequency rule the "
                 "commonest pair; the likelihood gain weighs both.",
                 f"Compute each rule's score for the candidate pairs: {candidates}, and for the pairs that come "
                 "close."]
        wrong = {"frequency": pairs["ratio"], "ratio": pairs["frequency"], "likelihood": pairs["likelihood"]}
        wrong_code = f"first_pairs = {wrong!r}  # the frequency and ratio rules swapped"
    else:
        hints = ["Count the symbols first: N = 180 pieces; ##e, for one, occurs 65 times.",
                 "The ratio favours pairs of rare symbols that always occur together; the frequency rule the commonest "
                 "pair; the likelihood gain weighs both.",
                 "Compute each rule's score for the three candidate pairs: h ##e, q ##u and t ##h."]
        wrong_code = ("first_pairs = {'frequency': ('h', '##e'), 'ratio': ('q', '##u'), 'likelihood': ('h', '##e')}"
                      "  # the likelihood rule is not the frequency rule")
    return Question(
        name="which_criterion",
        prompt=(f"Split the corpus {words} into WordPiece symbols (h ##e, t ##h ##e ##r ##e, ...). Which pair does "
                "each rule merge first? Answer a dict {'frequency': (left, right), 'ratio': (left, right), "
                "'likelihood': (left, right)}."),
        reference=lambda: _first_pairs(words),
        compare=_same_pairs,
        hints=hints,
        solution_code=("from bpe_lab import wordpiece\n"
                       f"words = {words!r}\n"
                       "first_pairs = {rule: wordpiece.train(words, 100, score=rule).steps[0].pair\n"
                       "               for rule in ('frequency', 'ratio', 'likelihood')}"),
        wrong_code=wrong_code,
        answer_name="first_pairs",
        points=LEVEL_POINTS["core"],
        level="core",
        asks="lesson number",
        student=student,
    )


def _same_pairs(got, expected: dict) -> bool:
    """Whether ``got`` is a dict with the same rules and pairs (a pair may be given as a list)."""
    if not isinstance(got, dict) or set(got) != set(expected):
        return False
    return all(isinstance(got[rule], (tuple, list)) and tuple(got[rule]) == pair for rule, pair in expected.items())


def _rare_pair(student: str) -> tuple[int, int, int, int]:
    """(m, a, b, N): (4, 40, 50, 1000), or for a student counts where the pair meets more often than chance
    (so the ratio and m ln(mN / ab) look good) but less than about e times chance (so the gain is negative)."""
    rng = student_rng(student, "05 negative_gain")
    if rng is None:
        return 4, 40, 50, 1000
    for _ in range(500):
        total, a, b = rng.choice([500, 1000, 2000]), rng.randint(20, 120), rng.randint(20, 120)
        chance = a * b / total
        m = rng.randint(math.ceil(1.2 * chance), max(math.ceil(1.2 * chance), int(2.4 * chance)))
        if m > chance and m <= min(a, b) and wordpiece.likelihood_gain(m, a, b, 0, total) < -0.1:
            return m, a, b, total
    raise AssertionError("no counts found")  # not reached


def q_negative_gain(student: str = "") -> Question:
    m, a, b, total = _rare_pair(student)
    gain = wordpiece.likelihood_gain(m, a, b, 0, total)
    if student:
        chance = a * b / total
        rubric = (f"Full marks for about {gain:.2f} with the reason. By chance a b would occur {a} x {b} / {total} = "
                  f"{chance:.3g} times; it occurs {m} times, {m / chance:.2g} times as often, but a merge needs about "
                  "e ≈ 2.7 times chance to pay (the correction of about -m in section 2), so the gain is negative "
                  f"and the merge makes the corpus less likely. The ratio {m} / {a * b} is positive, as every ratio "
                  f"is, and m ln(mN/ab) = {m} ln {m * total / (a * b):.3g} ≈ {m * math.log(m * total / (a * b)):.2f} "
                  "is positive too: both miss the -m.")
    else:
        rubric = ("Full marks for about -0.86 with the reason. By chance a b would occur 40 x 50 / 1000 = 2 times; it\n"
                  "occurs 4 times, twice as often, but a merge needs about e ≈ 2.7 times chance to pay (the\n"
                  "correction of about -m in section 2), so the gain is negative and the merge makes the corpus\n"
                  "less likely. The ratio 4 / 2000 is positive, as every ratio is, and m ln(mN/ab) = 4 ln 2 ≈ 2.77\n"
                  "is positive too: both miss the -m.")
    return Question(
        name="negative_gain",
        prompt=(f"In a corpus of N = {total} pieces, a occurs {a} times, b {b} times, and the pair a b {m} times. "
                "Predict: does merging a and b raise or lower the corpus's log-likelihood? Answer the gain (your "
                "gain from question 2; two decimals are enough); then, in the cell under it, explain its sign "
                "without the formula, and say what the ratio score and m ln(mN / ab) say about the same pair."),
        reference=lambda: wordpiece.likelihood_gain(m, a, b, 0, total),
        compare=lambda got, expected: close(got, expected, 0.01),
        hints=[f"By chance alone, how often would a be followed by b? Compare that with {m}.",
               "Notebook 05, section 2: a merge pays only if the pair meets about e ≈ 2.7 times more often than "
               "chance.",
               f"The exact value is gain({m}, {a}, {b}, {total}) with your function from question 2."],
        solution_code=("import math\n\n"
                       "def f(x):\n"
                       "    return x * math.log(x) if x > 0 else 0.0\n\n"
                       f"ab_gain = ((f({a} - {m}) - f({a})) + (f({b} - {m}) - f({b})) + f({m})\n"
                       f"           + (f({total}) - f({total} - {m})))"),
        wrong_code=(f"import math\nab_gain = {m} * math.log({m} * {total} / ({a} * {b}))  # the approximation: "
                    "positive"),
        answer_name="ab_gain",
        rubric=rubric,
        points=LEVEL_POINTS["stretch"],
        level="stretch",
        asks="explain",
        student=student,
    )


def _maxmatch_limited(word: str, vocab, max_chars: int) -> list[str]:
    return wordpiece.tokenize(word, vocab, max_chars=max_chars)


def _maxmatch_case(rng: random.Random) -> tuple:
    """A vocabulary of pieces over a few letters (some with '##'), a word over the same letters (often made
    of vocabulary pieces, so greedy has choices to make), and a length limit near the word's length."""
    letters = rng.choice(["abc", "abcd", "helpun"])
    pieces = {"".join(rng.choice(letters) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(3, 8))}
    vocab = {"[UNK]"} | pieces | {"##" + piece for piece in sorted(pieces) if rng.random() < 0.7}
    for piece in sorted(pieces):  # shorter pieces that start a longer one: the longest match must win
        if len(piece) > 1 and rng.random() < 0.6:
            vocab |= {piece[:-1], "##" + piece[:-1]}
    parts = [rng.choice(sorted(pieces)) for _ in range(rng.randint(1, 3))]
    word = "".join(parts) if rng.random() < 0.7 else "".join(rng.choice(letters) for _ in range(rng.randint(1, 9)))
    return word, sorted(vocab), rng.choice([100, len(word), max(1, len(word) - 1), rng.randint(1, 10)])


def q_maxmatch(small: list[str]) -> Question:
    return Question(
        name="maxmatch",
        prompt=("Write maxmatch(word, vocab, max_chars): greedy longest match from the left, '##' on "
                "continuation pieces, ['[UNK]'] for the whole word if some position cannot be covered, or if the "
                "word has more than max_chars characters (BERT's limit is 100)."),
        reference=_maxmatch_limited,
        cases=[("unhelpfulness", small, 100), ("players", small, 100), ("helpless", small, 100),
               ("plays", small, 100), ("xyz", small, 100), ("help", small, 100), ("helpless", small, 8),
               ("unhelpfulness", small, 12), ("helpful", small, 7)],
        hints=["Two loops: the outer one moves the start through the word; the inner one tries the longest "
               "candidate first and shortens it one character at a time.",
               "A candidate that does not start the word carries '##'. If no candidate matches at some start, the "
               "whole word is ['[UNK]'], even the part already matched.",
               "The length limit is checked before anything else: a word of exactly max_chars characters is "
               "still split."],
        solution_code=(
            "def maxmatch(word, vocab, max_chars):\n"
            "    if len(word) > max_chars:\n"
            "        return ['[UNK]']\n"
            "    pieces, start = [], 0\n"
            "    while start < len(word):\n"
            "        for end in range(len(word), start, -1):\n"
            "            piece = ('##' if start else '') + word[start:end]\n"
            "            if piece in vocab:\n"
            "                pieces.append(piece)\n"
            "                break\n"
            "        else:\n"
            "            return ['[UNK]']\n"
            "        start = end\n"
            "    return pieces"),
        wrong_code=(
            "def maxmatch(word, vocab, max_chars):\n"
            "    # shortest match instead of longest\n"
            "    if len(word) > max_chars:\n"
            "        return ['[UNK]']\n"
            "    pieces, start = [], 0\n"
            "    while start < len(word):\n"
            "        for end in range(start + 1, len(word) + 1):\n"
            "            piece = ('##' if start else '') + word[start:end]\n"
            "            if piece in vocab:\n"
            "                pieces.append(piece)\n"
            "                break\n"
            "        else:\n"
            "            return ['[UNK]']\n"
            "        start = end\n"
            "    return pieces"),
        answer_name="maxmatch",
        points=LEVEL_POINTS["core"],
        hidden_cases=unseen_cases(_maxmatch_case, [], 12),
        forbidden=("bpe_lab.wordpiece.tokenize", "bpe_lab.bert.bert_tokenize", "bpe_lab.bert.BertTokenizer"),
        level="core",
        asks="function",
    )


_TOK_VOCAB = ["[UNK]", "tok", "to", "##ke", "##n"]
# A word MaxMatch cannot split though the vocabulary covers it (the long first piece, the cover), and a second
# word it splits: a student's version of unk_whole_word.
TRAPS = (("planet", ("plan", "pla", "##ne", "##t"), "plans", ("##s",)),
         ("header", ("head", "he", "##ade", "##r"), "heads", ("##s",)),
         ("island", ("isla", "is", "##lan", "##d"), "isle", ("##le",)),
         ("market", ("mark", "ma", "##rke", "##t"), "marks", ("##s",)),
         ("honest", ("hone", "ho", "##nes", "##t"), "hone", ()),
         ("season", ("seas", "se", "##aso", "##n"), "seas", ()),
         ("cartoon", ("cart", "car", "##too", "##n"), "carts", ("##s",)),
         ("pirate", ("pira", "pi", "##rat", "##e"), "pie", ()))


def _trap(student: str) -> tuple[list[str], str, tuple, list[str]]:
    """(vocabulary, the word MaxMatch fails on, its cover, the words asked in order): 'token' alone, or for a
    student a trap word and another word, in either order."""
    rng = student_rng(student, "05 unk_whole_word")
    if rng is None:
        return _TOK_VOCAB, "token", ("to", "##ke", "##n"), ["token"]
    trap, (long, short, middle, last), other, extra = rng.choice(TRAPS)
    vocab = ["[UNK]", long, short, middle, last, *extra]
    words = [trap, other] if rng.random() < 0.5 else [other, trap]
    return vocab, trap, (short, middle, last), words


def _maxmatch_words(words: list[str], vocab: list[str]) -> list[str]:
    return [piece for word in words for piece in wordpiece.tokenize(word, set(vocab))]


def q_unk_whole_word(student: str = "") -> Question:
    vocab, trap, cover, words = _trap(student)
    answer = _maxmatch_words(words, vocab)
    if student:
        long = vocab[1]
        rest = trap[len(long):]
        missing = [f"'##{rest[:k]}'" for k in range(len(rest), 0, -1)]
        other = next(word for word in words if word != trap)
        prompt = (f"With the vocabulary {vocab}, what does MaxMatch give for the words {words[0]!r} and "
                  f"{words[1]!r}, each on its own? Answer one list of pieces: those of {words[0]!r}, then those of "
                  f"{words[1]!r}; then, in the cell under it, explain whether the vocabulary can cover {trap!r} at "
                  "all, and why MaxMatch does not find it.")
        rubric = (f"Full marks for {answer!r} with the reason. MaxMatch takes {long!r}, the longest first piece of "
                  f"{trap!r}; then {rest!r} has no cover ({', '.join(missing[:-1])} and {missing[-1]} are not in the "
                  f"vocabulary), so the whole word becomes [UNK]. {' + '.join(map(repr, cover))} covers the word, but "
                  f"greedy never goes back to try a shorter first piece. {other!r} is "
                  f"{' + '.join(map(repr, wordpiece.tokenize(other, set(vocab))))}.")
        covered = [piece for word in words
                   for piece in (cover if word == trap else wordpiece.tokenize(word, set(vocab)))]
        wrong_code = f"unk_pieces = {covered!r}  # a split exists, but greedy does not find it"
    else:
        prompt = (f"With the vocabulary {_TOK_VOCAB}, what does MaxMatch give for 'token'? Answer a list of pieces; "
                  "then, in the cell under it, explain whether the vocabulary can cover 'token' at all, and why "
                  "MaxMatch does not find it.")
        rubric = ("Full marks for ['[UNK]'] with the reason. MaxMatch takes 'tok', the longest first piece; then 'en'\n"
                  "has no cover ('##en' and '##e' are not in the vocabulary), so the whole word becomes [UNK].\n"
                  "'to' + '##ke' + '##n' covers the word, but greedy never goes back to try a shorter first piece.")
        wrong_code = "unk_pieces = ['to', '##ke', '##n']  # a split exists, but greedy does not find it"
    return Question(
        name="unk_whole_word",
        prompt=prompt,
        reference=lambda: _maxmatch_words(words, vocab),
        hints=["Greedy takes the longest piece that starts the word. What is left, and which ## pieces could "
               "start it?",
               "Does greedy ever go back and try a shorter first piece?"],
        solution_code=f"unk_pieces = {answer!r}",
        wrong_code=wrong_code,
        answer_name="unk_pieces",
        rubric=rubric,
        points=LEVEL_POINTS["core"],
        level="core",
        asks="explain",
        student=student,
    )


# Words for a student's bert_pieces: each gets a small vocabulary in which greedy longest match is not the
# fewest pieces (a long first piece that leaves an awkward rest).
BERT_WORDS = ("preprocessing", "embeddings", "multilingual", "detokenizer", "hyperparameters", "normalization",
              "pretraining", "misspellings", "lowercasing", "untokenizable")
# Everyone's version: 'unbel' is the longest first piece, and after it no long piece fits ('un' + '##believ' does).
BERT_EXAMPLE = ("Unbelievable!", ("[UNK]", "!", "u", "un", "unbel", "##believ", "##able", "##ie", "##u", "##n", "##b",
                                  "##e", "##l", "##i", "##v", "##a"))


def _fewest_pieces(word: str, vocab) -> int:
    """The fewest WordPiece pieces (a first piece, then '##' pieces) that spell ``word`` with ``vocab``."""
    best = [0] + [math.inf] * len(word)  # best[end]: fewest pieces spelling word[:end]
    for end in range(1, len(word) + 1):
        for start in range(end):
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in vocab:
                best[end] = min(best[end], best[start] + 1)
    return best[-1]


def _greedy_and_fewest(text: str, vocab) -> tuple[list[str], int]:
    """BERT's pieces for ``text`` (greedy longest match after its normaliser and pre-tokenizer), and the fewest
    pieces the same vocabulary could spell it with, word by word."""
    vocab = {piece: i for i, piece in enumerate(vocab)}
    words = bert.bert_pre_tokenize(bert.bert_normalize(text))
    return bert.bert_tokenize(text, vocab), sum(_fewest_pieces(word, vocab) for word in words)


def _bert_case(student: str) -> tuple[str, tuple[str, ...]]:
    rng = student_rng(student, "05 bert_pieces")
    if rng is None:
        return BERT_EXAMPLE
    while True:  # a few tries: a random vocabulary in which greedy loses
        word = rng.choice(BERT_WORDS)
        cut1 = rng.randint(2, 4)
        cut2 = rng.randint(cut1 + 3, len(word) - 3)
        decoy = rng.randint(cut1 + 1, min(cut2 - 1, cut1 + 3))  # a longer first piece ending inside the middle one
        pieces = {"[UNK]", "!", "?", word[:1], word[:cut1], word[:decoy], "##" + word[cut1:cut2], "##" + word[cut2:]}
        pieces |= {"##" + letter for letter in word}
        vocab = tuple(sorted(pieces, key=lambda piece: (piece != "[UNK]", piece)))
        text = word.capitalize() + rng.choice("!?")
        greedy, fewest = _greedy_and_fewest(text, vocab)
        if len(greedy) > fewest:
            return text, vocab


def q_bert_pieces(student: str = "") -> Question:
    text, vocab = _bert_case(student)
    greedy, fewest = _greedy_and_fewest(text, vocab)
    return Question(
        name="bert_pieces",
        prompt=(f"An uncased BERT tokenizer has the vocabulary {list(vocab)!r}. What pieces does it give for "
                f"{text!r}, and how few pieces could the same vocabulary spell the text with? Answer (pieces, "
                "fewest): a list of strings and a number. Then, in the cell under it, explain why BERT does not "
                "find the fewest."),
        reference=lambda: _greedy_and_fewest(text, vocab),
        compare=lambda got, expected: (isinstance(got, (tuple, list)) and len(got) == 2
                                       and list(got[0]) == expected[0] and got[1] == expected[1]),
        hints=["BERT's pipeline (section 7) changes the text before WordPiece sees it: case, and punctuation.",
               "Then each word is split by greedy longest match from the left (your maxmatch of question 5); it "
               "never goes back to try a shorter first piece.",
               "For the fewest, try every first piece, and for each the fewest for the rest (a small table from "
               "the end of the word, or by hand)."],
        solution_code=(f"bert_tokens = ({greedy!r}, {fewest})\n"
                       "# Why: greedy takes the longest piece at each position and never goes back; its long first\n"
                       "# piece ends where no long '##' piece starts, so the rest falls into short pieces, while a\n"
                       "# shorter first piece would have let a long '##' piece cover the middle."),
        wrong_code=f"bert_tokens = ({greedy!r}, {len(greedy)})  # as if greedy were the fewest",
        answer_name="bert_tokens",
        rubric=(f"Full marks for {(greedy, fewest)!r} (the pieces, the fewest).\n"
                "For the written reason: MaxMatch is greedy, the longest vocabulary piece\n"
                "at each position, left to right, without backtracking; the longest first piece can end inside a\n"
                "piece that a shorter first piece would have used whole, so the rest is cut into more, shorter\n"
                "pieces. Finding the fewest needs a search over all splits (dynamic programming), which BERT does\n"
                "not do; lower-casing and the split of the punctuation mark come first."),
        points=LEVEL_POINTS["core"],
        level="core",
        asks="explain",
        student=student,
    )
