"""Exercises for notebook 06 (Unigram and Viterbi), from a warm-up to one round of EM.

====  =========================  ========  =========  ======  ======================================================
 #    name                       asks      level      points  what it asks
====  =========================  ========  =========  ======  ======================================================
 1    ``segmentation_score``     new case  warm-up    1       a segmentation's log-probability (a new vocabulary)
 2    ``count_all``              new case  warm-up    1       how many segmentations a word has if every substring
                                                              is a piece
 3    ``count_segmentations``    function  core       2       count the segmentations with given pieces
 4    ``viterbi``                function  core       2       the best segmentation, with back-pointers
 5    ``viterbi_tie``            explain   core       2       which of several tied segmentations Viterbi returns,
                                                              and why
 6    ``word_log_prob``          function  stretch    3       log P(word), summed over every segmentation (forward)
 7    ``uniform_sampling``       explain   stretch    2       sampling with alpha = 0: a probability, and why
 8    ``em_step``                project   project    4       one round of EM (E-step + M-step), as ``unigram.train``
====  =========================  ========  =========  ======  ======================================================

Lesson's own numbers: 0 of 8. Every value question is a new case (``uniform_sampling`` reuses the lesson's
vocabulary for 'cats', with a question the lesson does not ask). An *explain* question has a value answer
(checked) and a written ``why`` that an instructor marks with its ``rubric``.

Grading: ``set_06(student="alice")`` gives alice her own vocabulary, word or tie in every value question
(``student_rng``; "" is everyone's version, the one above). The four function questions have hidden cases
(tiny lattices and corpora, fast) and forbid bpe_lab's own ``count_segmentations``, ``viterbi``, forward pass
and EM (``bpe_lab.unigram.training``).
"""

from __future__ import annotations

import math

from ... import _checks as check
from ... import unigram
from ..questions import Question
from ...unigram import segment, training
from ._shared import by_name, close, student_rng, apart

# One function per question (q_...) builds it; set_06, the notebook's set, is what graders call.
__all__ = ["set_06"]

# The lesson's worked example: natural-log probabilities picked by hand (notebook 06, section 1).
CATS = {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "ca": -1.8, "cat": -1.2, "cats": -3.0,
        "at": -1.9, "ats": -2.1, "ts": -2.0}


def set_06(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 06: Unigram and Viterbi. ``student``: an id such as "alice" gives that student's
    own vocabulary, word or tie in the value questions ("": everyone's version, the lesson's examples)."""
    student = check.student(student)
    return by_name(q_segmentation_score(student), q_count_all(student), q_count_segmentations(), q_viterbi(),
                   q_viterbi_tie(student), q_word_log_prob(), q_uniform_sampling(student), q_em_step())


# -- 1-2: warm-up ---------------------------------------------------------------------------------------------

HUGS = {"h": -3.0, "u": -3.2, "g": -2.9, "s": -2.5, "hu": -2.2, "ug": -1.9, "hug": -1.4, "gs": -2.8}


# The segmentations of 'hugs' into HUGS's pieces that have more than one piece.
HUGS_SEGMENTATIONS = (("h", "u", "g", "s"), ("hu", "g", "s"), ("h", "ug", "s"), ("hug", "s"), ("h", "u", "gs"),
                      ("hu", "gs"))


def _scored_segmentation(student: str) -> tuple[dict, tuple]:
    """HUGS and h + ug + s, or for a student other log-probabilities (one decimal) and another segmentation."""
    rng = student_rng(student, "06 segmentation_score")
    if rng is None:
        return HUGS, ("h", "ug", "s")
    return {piece: -rng.randint(10, 40) / 10 for piece in HUGS}, rng.choice(HUGS_SEGMENTATIONS)


def q_segmentation_score(student: str = "") -> Question:
    log_probs, pieces = _scored_segmentation(student)
    terms = [log_probs[piece] for piece in pieces]
    return Question(
        name="segmentation_score",
        prompt=(f"A Unigram vocabulary has the natural-log probabilities {log_probs}. What is the log-probability "
                f"of the segmentation {' + '.join(pieces)} of 'hugs'? Answer a number."),
        reference=lambda: sum(log_probs[piece] for piece in pieces),
        compare=close,
        hints=["A Unigram model treats the pieces as independent: the probability of a segmentation is the product "
               "of its pieces' probabilities.",
               "A logarithm turns a product into a sum."],
        solution_code=(f"segmentation_log_prob = {' + '.join(map(str, terms))}  "
                       f"# {' + '.join(pieces)}: log-probabilities add"),
        wrong_code=f"segmentation_log_prob = {' * '.join(map(str, terms))}  # multiplied the logarithms",
        answer_name="segmentation_log_prob",
        points=1,
        level="warm-up",
        asks="new case",
        student=student,
    )


# Words for the students' versions of count_all: 5 to 13 letters.
COUNT_WORDS = ("token", "pieces", "subword", "unigram", "viterbi", "lattice", "segments", "sampling", "tokenizer",
               "vocabulary", "probability", "segmentation", "sentencepiece")


def _word_to_count(student: str) -> str:
    rng = student_rng(student, "06 count_all")
    return "abcdefgh" if rng is None else rng.choice(COUNT_WORDS)


def q_count_all(student: str = "") -> Question:
    word = _word_to_count(student)
    gaps = len(word) - 1
    return Question(
        name="count_all",
        prompt=f"If every substring is a piece, how many segmentations does {word!r} have? Answer a number.",
        reference=lambda: unigram.count_segmentations(
            word, {word[i:j] for i in range(len(word)) for j in range(i + 1, len(word) + 1)}),
        hints=["A segmentation is fixed by where the cuts go. Where can a cut go?",
               "There is a gap between each two neighbouring letters, and each gap is either cut or not."],
        solution_code=f"segmentation_count = 2 ** {gaps}  # each of the {gaps} gaps between the letters is cut or not",
        wrong_code=f"segmentation_count = 2 ** {gaps + 1}  # counted a gap for each letter",
        answer_name="segmentation_count",
        points=1,
        level="warm-up",
        asks="new case",
        student=student,
    )


# -- 3-4: core: counting and Viterbi --------------------------------------------------------------------------

def _hidden_count_segmentations(rng) -> list[tuple]:
    """Texts of 0-14 letters over two or three letters, with a random choice of their substrings of 1-3 letters as
    pieces (a single letter is sometimes missing, so some texts have no segmentation)."""
    cases = []
    for _ in range(8):
        letters = rng.choice(["ab", "abc", "xy"])
        text = "".join(rng.choice(letters) for _ in range(rng.randint(0, 14)))
        substrings = sorted({text[i:i + k] for k in (1, 2, 3) for i in range(len(text) - k + 1)})
        pieces = [piece for piece in substrings if len(piece) == 1 and rng.random() < 0.9
                  or len(piece) > 1 and rng.random() < 0.5]
        cases.append((text, pieces or [rng.choice(letters)]))
    return cases


def q_count_segmentations() -> Question:
    # lists, not sets: a case must read the same in every process (a set's order changes with the hash seed)
    public = [("cats", list(CATS)), ("abcd", ["a", "b", "c", "d", "ab", "bc", "cd"]), ("xyz", ["x"]), ("", ["a"]),
              ("aaaaaa", ["a", "aa", "aaa"])]
    return Question(
        name="count_segmentations",
        prompt=("Write count_segmentations(text, pieces): how many ways text can be cut into the given pieces "
                "(a list of str). The empty text has one segmentation, the empty one; a text that cannot be cut "
                "into the pieces has none."),
        reference=lambda text, pieces: unigram.count_segmentations(text, pieces),
        cases=public,
        hints=["Work left to right, one position at a time: how many ways are there to cut the first `end` "
               "characters?",
               "A way to cut text[:end] ends with some piece text[start:end]; before it comes any way to cut "
               "text[:start]. Add those up over every start.",
               "Keep a list ways[0..n] with ways[0] = 1 (the empty prefix). Trying every segmentation recursively "
               "also works on these cases, but takes 2^(n-1) steps on a long word."],
        solution_code=(
            "def count_segmentations(text, pieces):\n"
            "    ways = [1] + [0] * len(text)  # ways[i]: the segmentations of text[:i]\n"
            "    for end in range(1, len(text) + 1):\n"
            "        ways[end] = sum(ways[start] for start in range(end) if text[start:end] in pieces)\n"
            "    return ways[-1]"),
        wrong_code=(
            "def count_segmentations(text, pieces):\n"
            "    return 2 ** max(len(text) - 1, 0)  # assumes every substring is a piece"),
        answer_name="count_segmentations",
        points=2,
        hidden_cases=apart(_hidden_count_segmentations, public),
        forbidden=("bpe_lab.unigram.count_segmentations", "bpe_lab.unigram.nbest"),
        level="core",
        asks="function",
    )


def _random_log_probs(rng, letters: str, longest: int = 3) -> dict:
    """Every letter and some strings of 2 to ``longest`` letters, with log-probabilities drawn at random (six
    decimals: two segmentations all but never tie)."""
    pieces = set(letters) | {"".join(rng.choice(letters) for _ in range(rng.randint(2, longest)))
                             for _ in range(rng.randint(2, 8))}
    return {piece: round(rng.uniform(-6.0, -0.5), 6) for piece in sorted(pieces)}


def _hidden_viterbi(rng) -> list[tuple]:
    """Words of 1-12 letters over letters that are not in CATS (so ``equally_good`` never excuses a wrong
    path), every letter a piece, random log-probabilities."""
    cases = []
    for _ in range(8):
        letters = rng.choice(["mn", "mno", "lmnop"])
        log_probs = _random_log_probs(rng, letters, 4)
        cases.append(("".join(rng.choice(letters) for _ in range(rng.randint(1, 12))), log_probs))
    return cases


def q_viterbi() -> Question:
    public = [("cats", CATS), ("cat", CATS), ("a", CATS), ("tacs", CATS),
              ("cats", {k: v for k, v in CATS.items() if k != "cats"})]
    return Question(
        name="viterbi",
        prompt=("Write viterbi(text, log_probs) -> the best list of pieces: best[i] = max over pieces ending at i of "
                "best[start] + log_prob, with a back-pointer; follow the back-pointers from the end. "
                "When two segmentations tie for best, either one is accepted."),
        reference=lambda text, log_probs: unigram.viterbi(text, log_probs)[0],
        # without "cats", cat + s and ca + ts tie at -3.8 (the same double): both are right
        cases=public,
        compare=equally_good(CATS),
        hints=["Keep two lists over the positions 0..n: the best score of the text up to there (0 at position 0, "
               "minus infinity elsewhere to begin with) and the position where the last piece of that best path "
               "starts.",
               "For each end position, try every start before it whose slice is a piece; keep the candidate if "
               "best[start] + its log-probability beats best[end].",
               "At the end, walk back from position n to 0 along the stored starts and reverse what you collected. "
               "Checking each piece greedily, without looking back, is the mistake to avoid."],
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
        points=2,
        hidden_cases=apart(_hidden_viterbi, public),
        forbidden=("bpe_lab.unigram.viterbi", "bpe_lab.unigram.viterbi_table", "bpe_lab.unigram.nbest",
                   "bpe_lab.unigram.segment_words", "bpe_lab.unigram.word_tokenizer"),
        level="core",
        asks="function",
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


# -- 5: explain: the tie rule ---------------------------------------------------------------------------------

# Every value is a multiple of 0.5, so the sums are exact: a + b + c, a + bc and ab + c all make exactly -3.0.
TIED = {"a": -1.5, "b": -1.0, "c": -0.5, "ab": -2.5, "bc": -1.5, "abc": -3.5}


def _segmentations(word: str, log_probs: dict) -> list[list[str]]:
    """Every segmentation of ``word`` into pieces of ``log_probs`` (a short word: there are few)."""
    if not word:
        return [[]]
    return [[word[:k]] + rest for k in range(1, len(word) + 1) if word[:k] in log_probs
            for rest in _segmentations(word[k:], log_probs)]


def _tie(student: str) -> tuple[str, dict]:
    """'abc' with TIED, or for a student a word of 3-4 other letters whose substrings have log-probabilities in
    steps of 0.5 (exact sums), where two or three segmentations tie for best and the word alone is worse."""
    rng = student_rng(student, "06 viterbi_tie")
    if rng is None:
        return "abc", TIED
    for _ in range(2000):
        word = "".join(rng.sample("bdeghklmnoprsu", rng.randint(3, 4)))
        log_probs = {word[i:j]: -rng.randint(1, 8) / 2 for i in range(len(word)) for j in range(i + 1, len(word) + 1)}
        scores = {tuple(pieces): sum(log_probs[p] for p in pieces) for pieces in _segmentations(word, log_probs)}
        best = max(scores.values())
        if 2 <= sum(score == best for score in scores.values()) <= 3 and scores[(word,)] < best:
            return word, log_probs
    raise AssertionError("no tie found")  # not reached: about one word in ten qualifies


NUMBER_WORDS = {2: "two", 3: "three"}


def q_viterbi_tie(student: str = "") -> Question:
    word, log_probs = _tie(student)
    scores = {tuple(pieces): sum(log_probs[p] for p in pieces) for pieces in _segmentations(word, log_probs)}
    best = max(scores.values())
    tied = [list(pieces) for pieces, score in scores.items() if score == best]
    answer = unigram.viterbi(word, log_probs)[0]
    wrong = max((pieces for pieces in tied if pieces != answer), key=lambda pieces: len(word) - len(pieces[-1]))
    shown = " and ".join(" + ".join(pieces) for pieces in tied)
    solution = (f"tie_winner = {answer!r}\n"
                f"why = ('{shown} all make {best}; at each position Viterbi tries the pieces that end '\n"
                "       'there in order of their start, earliest first, and a later one replaces the best '\n"
                "       'only if strictly better: the earliest start of a tie is kept, then the walk goes '\n"
                "       'back along the back-pointers.')")
    wrong_code = f"tie_winner = {wrong!r}  # as if the last candidate of a tie won"
    if not student:  # everyone's version: the worked example's own explanation
        solution = ("tie_winner = ['a', 'bc']\n"
                    "why = ('a + b + c, a + bc and ab + c all make -3.0; abc alone is -3.5. At position 3 '\n"
                    "       'Viterbi tries abc (start 0), then bc (start 1): -1.5 - 1.5 = -3.0, then c '\n"
                    "       '(start 2): -2.5 - 0.5 = -3.0, not strictly better, so bc stays; position 1 '\n"
                    "       'holds a.')")
        wrong_code = "tie_winner = ['ab', 'c']  # as if the last candidate of a tie won"
    return Question(
        name="viterbi_tie",
        prompt=(f"With the log-probabilities {log_probs}, {NUMBER_WORDS[len(tied)]} segmentations of {word!r} tie "
                "for best. Which one does bpe_lab's unigram.viterbi return? Answer a list of pieces, and say in "
                "`why` how its tie "
                "rule (notebook 06, section 2) picks it."),
        reference=lambda: unigram.viterbi(word, log_probs)[0],
        hints=[f"First list every segmentation of {word!r} with its sum: which ones tie, and is {word} alone among "
               "them?",
               "Viterbi decides position by position. At the last position, which pieces end there, and in which "
               "order does it try them?",
               "A later candidate replaces the best so far only if it is strictly better. Then follow the "
               "back-pointer to the position where the chosen piece starts."],
        solution_code=solution,
        wrong_code=wrong_code,
        answer_name="tie_winner",
        rubric=(f"Full marks: {answer}, and the reason: {shown} tie at {best} ({word} alone is worse);\n"
                "at each position the candidates are tried in order of where they start, and a later candidate\n"
                "replaces the best only if strictly better, so of tied candidates the one that starts earliest is\n"
                "kept; the back-pointers then give the rest. Half marks for the right list with only 'earliest\n"
                "start wins'. Note for the marker: the tied segmentations are equally good; the rule only picks one."),
        points=2,
        level="core",
        asks="explain",
        student=student,
    )


# -- 6: stretch: the forward algorithm ------------------------------------------------------------------------

def _word_log_prob(word: str, log_probs: dict) -> float:
    """log P(word), every segmentation summed: the package's forward pass (the E-step's ``alpha[n]``)."""
    arcs = training._arcs(segment.word_spans(word, segment.Vocabulary(log_probs)), log_probs)
    return training._forward_backward(len(word), arcs)[0]


def _same_number(got, expected, tolerance=1e-9) -> bool:
    """``close``, and also right when both are the same infinity (a word with no segmentation: -inf)."""
    return (isinstance(got, (int, float)) and got == expected) or close(got, expected, tolerance)


def _hidden_word_log_prob(rng) -> list[tuple]:
    """Words of 0-20 letters and random vocabularies; in the first two, a letter of the word has no piece of its
    own, so that some words have no segmentation (-inf)."""
    cases = []
    for index in range(8):
        letters = rng.choice(["ab", "abc", "lmno"])
        log_probs = _random_log_probs(rng, letters)
        word = "".join(rng.choice(letters) for _ in range(rng.randint(1 if index < 2 else 0, 20)))
        if index < 2:
            del log_probs[rng.choice(word)]
        cases.append((word, log_probs))
    return cases


def q_word_log_prob() -> Question:
    # A word with no segmentation (-math.inf) is among the hidden cases only: the public ones are shown to the
    # student as code, and -inf is no Python literal.
    public = [("cats", CATS), ("hugs", HUGS), ("abc", TIED), ("a", CATS), ("", CATS),
              ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", {"a": -0.7, "aa": -1.1, "aaa": -1.6})]
    return Question(
        name="word_log_prob",
        prompt=("Write word_log_prob(word, log_probs) -> log P(word), the natural log of the sum over EVERY "
                "segmentation of the product of its pieces' probabilities (the P(w) of notebook 06, section 4), "
                "not only the best one. A word with no segmentation gets -math.inf; the empty word has P = 1."),
        reference=_word_log_prob,
        cases=public,
        compare=_same_number,
        hints=["Viterbi takes a max over the pieces that end at a position; here you want a sum of probabilities "
               "instead. Everything else stays.",
               "Fill alpha[0..n]: alpha[0] = 1, and alpha[end] = the sum, over the pieces text[start:end], of "
               "alpha[start] times the piece's probability. The answer is the log of alpha[n].",
               "Products of many small probabilities can underflow, and log(0) raises: work with logarithms "
               "(log-sum-exp) or check for 0 before taking the log. One case has 30 letters: enumerating all its "
               "segmentations would take far too long."],
        solution_code=(
            "import math\n"
            "def word_log_prob(word, log_probs):\n"
            "    alpha = [0.0] + [-math.inf] * len(word)  # alpha[i]: log of the total over word[:i]\n"
            "    for end in range(1, len(word) + 1):\n"
            "        scores = [alpha[start] + log_probs[word[start:end]] for start in range(end)\n"
            "                  if word[start:end] in log_probs and alpha[start] > -math.inf]\n"
            "        if scores:\n"
            "            peak = max(scores)  # log-sum-exp, safe from underflow\n"
            "            alpha[end] = peak + math.log(sum(math.exp(s - peak) for s in scores))\n"
            "    return alpha[-1]"),
        wrong_code=(
            "from bpe_lab import unigram\n"
            "def word_log_prob(word, log_probs):\n"
            "    return unigram.viterbi(word, log_probs)[1]  # only the best segmentation, not all of them"),
        answer_name="word_log_prob",
        points=3,
        hidden_cases=apart(_hidden_word_log_prob, public),
        forbidden=("bpe_lab.unigram.training",),
        level="stretch",
        asks="function",
    )


# -- 7: explain: sampling -------------------------------------------------------------------------------------

def _sample_probability(word: str, log_probs: dict, pieces: list, alpha: float) -> float:
    """The probability that ``unigram.sample`` returns ``pieces``: P(pieces)^alpha over the sum of P(s)^alpha."""
    every = unigram.nbest(word, log_probs, unigram.count_segmentations(word, set(log_probs)))
    weights = {tuple(s): math.exp(alpha * score) for s, score in every}
    return weights[tuple(pieces)] / sum(weights.values())


# Words of CATS's letters for the students' versions: 2 to 32 segmentations with CATS's pieces.
SAMPLING_WORDS = ("scat", "tats", "cat", "sat", "acts", "stats", "atcat", "scats", "catsat", "cacats", "catcats")


def _sampled_word(student: str) -> str:
    rng = student_rng(student, "06 uniform_sampling")
    return "cats" if rng is None else rng.choice(SAMPLING_WORDS)


def q_uniform_sampling(student: str = "") -> Question:
    word = _sampled_word(student)
    letters = list(word)
    count = unigram.count_segmentations(word, set(CATS))
    return Question(
        name="uniform_sampling",
        prompt=("Subword regularisation samples a segmentation with probability proportional to "
                f"P(segmentation)^alpha. With the lesson's vocabulary for 'cats' ({CATS}) and alpha = 0, what is "
                f"the probability that unigram.sample({word!r}, log_probs, alpha=0) returns {letters}? Answer a "
                "number, and say in `why` what alpha = 0 does and whether it is a good choice for training."),
        reference=lambda: _sample_probability(word, CATS, letters, 0.0),
        compare=lambda got, expected: close(got, expected, 1e-6),
        hints=["What is any number raised to the power 0?",
               f"So every segmentation gets the same weight. How many segmentations does {word!r} have with these "
               "pieces? (Your count_segmentations, or notebook 06 section 1, tells you.)"],
        solution_code=(f"uniform_probability = 1 / {count}  # P^0 = 1 for each of the {count} segmentations: "
                       "a uniform draw\n"
                       f"why = ('With alpha = 0 every segmentation weighs P^0 = 1, so the {count} segmentations of '\n"
                       f"       '{word} are equally likely, {' + '.join(letters)} as much as any other: the '\n"
                       "       'probabilities are ignored. Training on that would be noise; subword '\n"
                       "       'regularisation uses a small positive alpha.')"),
        wrong_code="uniform_probability = 0.0  # as if alpha = 0 always gave the best segmentation",
        answer_name="uniform_probability",
        rubric=(f"Full marks: 1/{count} = {1 / count:g}, and the reason: P(s)^0 = 1 for every segmentation, so "
                f"alpha = 0\ndraws uniformly among the {count} segmentations of {word!r}, whatever their "
                "probabilities; as a\n"
                "training choice it is poor (the model would see single letters as often as the best pieces): a\n"
                "small positive alpha flattens the distribution without ignoring it, and a large alpha approaches\n"
                "Viterbi."),
        points=2,
        level="stretch",
        asks="explain",
        student=student,
    )


# -- 8: project: one round of EM ------------------------------------------------------------------------------

def _em_step(log_probs: dict, word_counts: dict) -> dict:
    """One EM iteration of ``unigram.train`` (its ``_em_step``), on words as given (no "▁" added) and with no
    floor for characters: expected counts by forward-backward, then log(count / total); pieces expected 0
    times are left out."""
    lattices = training.Lattices.of(word_counts, log_probs)
    new_log_probs, _ = training._em_step(lattices, log_probs, set())
    return new_log_probs


def _same_log_probs(got, expected, tolerance=1e-9) -> bool:
    """The same pieces, each with a log-probability within ``tolerance``."""
    return (isinstance(got, dict) and set(got) == set(expected)
            and all(close(got[piece], value, tolerance) for piece, value in expected.items()))


def _normalised(log_probs: dict) -> dict:
    log_total = math.log(sum(math.exp(lp) for lp in log_probs.values()))
    return {piece: lp - log_total for piece, lp in log_probs.items()}


def _hidden_em_step(rng) -> list[tuple]:
    """Tiny corpora (1-4 words of 1-7 letters) over two or three letters, each letter a piece, a few longer
    pieces, normalised random log-probabilities: a handful of arcs per word."""
    cases = []
    for _ in range(6):
        letters = rng.choice(["ab", "abc", "lmn"])
        log_probs = _normalised(_random_log_probs(rng, letters))
        words = {"".join(rng.choice(letters) for _ in range(rng.randint(1, 7))) for _ in range(rng.randint(1, 4))}
        cases.append((log_probs, {word: rng.randint(1, 9) for word in sorted(words)}))
    return cases


def q_em_step() -> Question:
    uniform_hugs = {piece: math.log(1 / 9) for piece in ["h", "u", "g", "p", "s", "hu", "ug", "hug", "gs"]}
    public = [
        (_normalised(CATS), {"cats": 3, "cat": 5, "at": 4, "sat": 2, "acts": 1, "tats": 1}),
        (_normalised(CATS), {"cats": 1}),
        (uniform_hugs, {"hug": 10, "pug": 5, "hugs": 5}),
        ({"a": math.log(0.5), "b": math.log(0.2), "ab": math.log(0.2), "ba": math.log(0.1)}, {"ab": 1}),
        ({"a": -1.0, "aa": -1.5, "aaa": -3.0}, {"aaaa": 2, "a": 1}),
    ]
    return Question(
        name="em_step",
        prompt=("Project: write em_step(log_probs, word_counts) -> the new log-probabilities after one round of EM, "
                "as unigram.train does it (notebook 06, section 4.1). E-step: for every word, the expected count "
                "of each piece, averaged over ALL the word's segmentations weighted by their probability, times "
                "the word's count. M-step: log p(x) = log(expected count of x / total expected count of all "
                "pieces). Use the words as given (no '▁'); leave out pieces whose expected count is 0. Every word "
                "of the cases can be segmented."),
        reference=_em_step,
        cases=public,
        compare=_same_log_probs,
        time_limit=5.0,
        hints=["Do it in two steps: a function that gives one word's expected piece counts, then a loop over the "
               "words that adds them up (times each word's count) and normalises.",
               "For a short word you may list every segmentation (notebook 06's `segmentations`): each one's share "
               "is its probability divided by the word's total probability, and each piece gets that share once "
               "for every time it occurs in the segmentation.",
               "Forward-backward gives the same without listing them: alpha from the left, beta from the right; a "
               "piece from start to end is used with probability alpha[start] * p * beta[end] / P(word).",
               "The usual mistakes: counting only the Viterbi segmentation (that is 'hard' EM, not what "
               "unigram.train does), forgetting the word counts, or dividing by the number of words instead of "
               "the total expected count of all pieces."],
        solution_code=(
            "import math\n"
            "\n"
            "def expected_counts(word, log_probs):\n"
            "    p = {piece: math.exp(lp) for piece, lp in log_probs.items()}\n"
            "    n = len(word)\n"
            "    alpha = [1.0] + [0.0] * n  # alpha[i]: every segmentation of word[:i]\n"
            "    for end in range(1, n + 1):\n"
            "        alpha[end] = sum(alpha[s] * p[word[s:end]] for s in range(end) if word[s:end] in p)\n"
            "    beta = [0.0] * n + [1.0]  # beta[i]: every segmentation of word[i:]\n"
            "    for start in range(n - 1, -1, -1):\n"
            "        beta[start] = sum(p[word[start:end]] * beta[end] for end in range(start + 1, n + 1)\n"
            "                          if word[start:end] in p)\n"
            "    counts = {}\n"
            "    for start in range(n):\n"
            "        for end in range(start + 1, n + 1):\n"
            "            piece = word[start:end]\n"
            "            if piece in p:\n"
            "                share = alpha[start] * p[piece] * beta[end] / alpha[n]\n"
            "                counts[piece] = counts.get(piece, 0.0) + share\n"
            "    return counts\n"
            "\n"
            "def em_step(log_probs, word_counts):\n"
            "    totals = {}\n"
            "    for word, count in word_counts.items():  # E-step\n"
            "        for piece, value in expected_counts(word, log_probs).items():\n"
            "            totals[piece] = totals.get(piece, 0.0) + count * value\n"
            "    total = sum(totals.values())  # M-step\n"
            "    return {piece: math.log(value / total) for piece, value in totals.items() if value > 0}"),
        wrong_code=(
            "import math\n"
            "from bpe_lab import unigram\n"
            "\n"
            "def em_step(log_probs, word_counts):\n"
            "    # 'hard' EM: counts from each word's Viterbi segmentation only\n"
            "    totals = {}\n"
            "    for word, count in word_counts.items():\n"
            "        for piece in unigram.viterbi(word, log_probs)[0]:\n"
            "            totals[piece] = totals.get(piece, 0) + count\n"
            "    total = sum(totals.values())\n"
            "    return {piece: math.log(value / total) for piece, value in totals.items()}"),
        answer_name="em_step",
        points=4,
        hidden_cases=apart(_hidden_em_step, public),
        forbidden=("bpe_lab.unigram.training",),
        level="project",
        asks="project",
    )
