"""Exercises for notebook 06 (Unigram and Viterbi), from a warm-up to one round of EM.

====  =========================  ========  =========  ==========================================================
 #    name                       kind      level      what it asks
====  =========================  ========  =========  ==========================================================
 1    ``segmentation_score``     value     warm-up    a segmentation's log-probability (a new vocabulary)
 2    ``count_all``              value     warm-up    how many segmentations an 8-letter word has
 3    ``count_segmentations``    function  practice   count the segmentations with given pieces
 4    ``viterbi``                function  practice   the best segmentation, with back-pointers
 5    ``viterbi_tie``            explain   practice   which of three tied segmentations Viterbi returns, and why
 6    ``word_log_prob``          function  challenge  log P(word), summed over every segmentation (forward)
 7    ``uniform_sampling``       explain   challenge  sampling with alpha = 0: a probability, and why
 8    ``em_step``                project   project    one round of EM (E-step + M-step), as ``unigram.train``
====  =========================  ========  =========  ==========================================================

Lesson's own numbers: 0 of 8. Every value question is a new case (``uniform_sampling`` reuses the lesson's
vocabulary for 'cats', with a question the lesson does not ask). An *explain* question has a value answer
(checked) and a written ``why`` that an instructor marks with its ``rubric``.
"""

from __future__ import annotations

import math

from .. import unigram
from ..exercises import Question
from ..unigram import segment, training
from ._shared import by_name, close

# One function per question (q_...) builds it; set_06, the notebook's set, is what graders call.
__all__ = ["set_06"]

# The lesson's worked example: natural-log probabilities picked by hand (notebook 06, section 1).
CATS = {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "ca": -1.8, "cat": -1.2, "cats": -3.0,
        "at": -1.9, "ats": -2.1, "ts": -2.0}


def set_06() -> dict[str, Question]:
    """Exercises for notebook 06: Unigram and Viterbi."""
    return by_name(q_segmentation_score(), q_count_all(), q_count_segmentations(), q_viterbi(), q_viterbi_tie(),
                   q_word_log_prob(), q_uniform_sampling(), q_em_step())


# -- 1-2: warm-up ---------------------------------------------------------------------------------------------

HUGS = {"h": -3.0, "u": -3.2, "g": -2.9, "s": -2.5, "hu": -2.2, "ug": -1.9, "hug": -1.4, "gs": -2.8}


def q_segmentation_score() -> Question:
    return Question(
        name="segmentation_score",
        prompt=(f"A Unigram vocabulary has the natural-log probabilities {HUGS}. What is the log-probability of "
                "the segmentation h + ug + s of 'hugs'? Answer a number."),
        reference=lambda: HUGS["h"] + HUGS["ug"] + HUGS["s"],
        compare=close,
        hints=["A Unigram model treats the pieces as independent: the probability of a segmentation is the product "
               "of its pieces' probabilities.",
               "A logarithm turns a product into a sum."],
        solution_code="answer = -3.0 + -1.9 + -2.5  # h + ug + s: log-probabilities add",
        wrong_code="answer = -3.0 * -1.9 * -2.5  # multiplied the logarithms",
    )


def q_count_all() -> Question:
    return Question(
        name="count_all",
        prompt="If every substring is a piece, how many segmentations does 'abcdefgh' have? Answer a number.",
        reference=lambda: unigram.count_segmentations(
            "abcdefgh", {"abcdefgh"[i:j] for i in range(8) for j in range(i + 1, 9)}),
        hints=["A segmentation is fixed by where the cuts go. Where can a cut go?",
               "There is a gap between each two neighbouring letters, and each gap is either cut or not."],
        solution_code="answer = 2 ** 7  # each of the 7 gaps between the letters is cut or not",
        wrong_code="answer = 2 ** 8  # counted a gap for each letter",
    )


# -- 3-4: practice: counting and Viterbi ----------------------------------------------------------------------

def q_count_segmentations() -> Question:
    return Question(
        name="count_segmentations",
        prompt=("Write count_segmentations(text, pieces): how many ways text can be cut into the given pieces "
                "(a set of str). The empty text has one segmentation, the empty one; a text that cannot be cut "
                "into the pieces has none."),
        reference=lambda text, pieces: unigram.count_segmentations(text, pieces),
        cases=[("cats", set(CATS)), ("abcd", {"a", "b", "c", "d", "ab", "bc", "cd"}), ("xyz", {"x"}), ("", {"a"}),
               ("aaaaaa", {"a", "aa", "aaa"})],
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
    )


def q_viterbi() -> Question:
    return Question(
        name="viterbi",
        prompt=("Write viterbi(text, log_probs) -> the best list of pieces: best[i] = max over pieces ending at i of "
                "best[start] + log_prob, with a back-pointer; follow the back-pointers from the end. "
                "When two segmentations tie for best, either one is accepted."),
        reference=lambda text, log_probs: unigram.viterbi(text, log_probs)[0],
        # without "cats", cat + s and ca + ts tie at -3.8 (the same double): both are right
        cases=[("cats", CATS), ("cat", CATS), ("a", CATS), ("tacs", CATS),
               ("cats", {k: v for k, v in CATS.items() if k != "cats"})],
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


def q_viterbi_tie() -> Question:
    return Question(
        name="viterbi_tie",
        prompt=(f"With the log-probabilities {TIED}, three segmentations of 'abc' tie for best. Which one does "
                "bpe_lab's unigram.viterbi return? Answer a list of pieces, and say in `why` how its tie rule "
                "(notebook 06, section 2) picks it."),
        reference=lambda: unigram.viterbi("abc", TIED)[0],
        hints=["First list every segmentation of 'abc' with its sum: which ones tie, and is abc alone among them?",
               "Viterbi decides position by position. At the last position, which pieces end there, and in which "
               "order does it try them?",
               "A later candidate replaces the best so far only if it is strictly better. Then follow the "
               "back-pointer to the position where the chosen piece starts."],
        solution_code=("answer = ['a', 'bc']\n"
                       "why = ('a + b + c, a + bc and ab + c all make -3.0; abc alone is -3.5. At position 3 '\n"
                       "       'Viterbi tries abc (start 0), then bc (start 1): -1.5 - 1.5 = -3.0, then c '\n"
                       "       '(start 2): -2.5 - 0.5 = -3.0, not strictly better, so bc stays; position 1 '\n"
                       "       'holds a.')"),
        wrong_code="answer = ['ab', 'c']  # as if the last candidate of a tie won",
        rubric=("Full marks: ['a', 'bc'], and the reason: the three segmentations tie at -3.0 (abc alone is worse);\n"
                "at the last position the candidates are tried in order of where they start, abc, bc, c, and a\n"
                "later candidate replaces the best only if strictly better, so bc (start 1) is kept over c;\n"
                "back at position 1 the only piece is a. Half marks for the right list with only 'earliest start\n"
                "wins'. Note for the marker: all three are equally good segmentations; the rule only picks one."),
    )


# -- 6: challenge: the forward algorithm ----------------------------------------------------------------------

def _word_log_prob(word: str, log_probs: dict) -> float:
    """log P(word), every segmentation summed: the package's forward pass (the E-step's ``alpha[n]``)."""
    arcs = training._arcs(segment.word_spans(word, segment.Vocabulary(log_probs)), log_probs)
    return training._forward_backward(len(word), arcs)[0]


def _same_number(got, expected, tolerance=1e-9) -> bool:
    """``close``, and also right when both are the same infinity (a word with no segmentation: -inf)."""
    return (isinstance(got, (int, float)) and got == expected) or close(got, expected, tolerance)


def q_word_log_prob() -> Question:
    return Question(
        name="word_log_prob",
        prompt=("Write word_log_prob(word, log_probs) -> log P(word), the natural log of the sum over EVERY "
                "segmentation of the product of its pieces' probabilities (the P(w) of notebook 06, section 4), "
                "not only the best one. A word with no segmentation gets -math.inf; the empty word has P = 1."),
        reference=_word_log_prob,
        cases=[("cats", CATS), ("hugs", HUGS), ("abc", TIED), ("a", CATS), ("", CATS), ("cab", {"a": -1.0, "b": -1.0}),
               ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", {"a": -0.7, "aa": -1.1, "aaa": -1.6})],
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
    )


# -- 7: explain: sampling -------------------------------------------------------------------------------------

def _sample_probability(word: str, log_probs: dict, pieces: list, alpha: float) -> float:
    """The probability that ``unigram.sample`` returns ``pieces``: P(pieces)^alpha over the sum of P(s)^alpha."""
    every = unigram.nbest(word, log_probs, unigram.count_segmentations(word, set(log_probs)))
    weights = {tuple(s): math.exp(alpha * score) for s, score in every}
    return weights[tuple(pieces)] / sum(weights.values())


def q_uniform_sampling() -> Question:
    return Question(
        name="uniform_sampling",
        prompt=("Subword regularisation samples a segmentation with probability proportional to "
                "P(segmentation)^alpha. With the lesson's vocabulary for 'cats' "
                f"({CATS}) and alpha = 0, what is the probability that unigram.sample('cats', log_probs, alpha=0) "
                "returns ['c', 'a', 't', 's']? Answer a number, and say in `why` what alpha = 0 does and "
                "whether it is a good choice for training."),
        reference=lambda: _sample_probability("cats", CATS, ["c", "a", "t", "s"], 0.0),
        compare=lambda got, expected: close(got, expected, 1e-6),
        hints=["What is any number raised to the power 0?",
               "So every segmentation gets the same weight. How many segmentations does 'cats' have with these "
               "pieces? (Your count_segmentations, or notebook 06 section 1, tells you.)"],
        solution_code=("answer = 1 / 8  # P^0 = 1 for each of the 8 segmentations: a uniform draw\n"
                       "why = ('With alpha = 0 every segmentation weighs P^0 = 1, so the 8 segmentations of '\n"
                       "       'cats are equally likely, c + a + t + s as much as cats: the probabilities are '\n"
                       "       'ignored. Training on that would be noise; subword regularisation uses a small '\n"
                       "       'positive alpha.')"),
        wrong_code="answer = 0.0  # as if alpha = 0 always gave the best segmentation",
        rubric=("Full marks: 1/8 = 0.125, and the reason: P(s)^0 = 1 for every segmentation, so alpha = 0 draws\n"
                "uniformly among the 8 segmentations of 'cats', whatever their probabilities; as a training choice\n"
                "it is poor (the model would see c + a + t + s as often as cats): a small positive alpha flattens\n"
                "the distribution without ignoring it, and a large alpha approaches Viterbi."),
    )


# -- 8: project: one round of EM ------------------------------------------------------------------------------

def _em_step(log_probs: dict, word_counts: dict) -> dict:
    """One EM iteration of ``unigram.train`` (its ``_em_step``), on words as given (no "▁" added) and with no
    floor for characters: expected counts by forward-backward, then log(count / total); pieces expected 0
    times are left out."""
    vocab = segment.Vocabulary(log_probs)
    spans = {word: segment.word_spans(word, vocab) for word in word_counts}
    new_log_probs, _ = training._em_step(word_counts, spans, log_probs, set())
    return new_log_probs


def _same_log_probs(got, expected, tolerance=1e-9) -> bool:
    """The same pieces, each with a log-probability within ``tolerance``."""
    return (isinstance(got, dict) and set(got) == set(expected)
            and all(close(got[piece], value, tolerance) for piece, value in expected.items()))


def _normalised(log_probs: dict) -> dict:
    log_total = math.log(sum(math.exp(lp) for lp in log_probs.values()))
    return {piece: lp - log_total for piece, lp in log_probs.items()}


def q_em_step() -> Question:
    uniform_hugs = {piece: math.log(1 / 9) for piece in ["h", "u", "g", "p", "s", "hu", "ug", "hug", "gs"]}
    return Question(
        name="em_step",
        prompt=("Project: write em_step(log_probs, word_counts) -> the new log-probabilities after one round of EM, "
                "as unigram.train does it (notebook 06, section 4.1). E-step: for every word, the expected count "
                "of each piece, averaged over ALL the word's segmentations weighted by their probability, times "
                "the word's count. M-step: log p(x) = log(expected count of x / total expected count of all "
                "pieces). Use the words as given (no '▁'); leave out pieces whose expected count is 0. Every word "
                "of the cases can be segmented."),
        reference=_em_step,
        cases=[
            (_normalised(CATS), {"cats": 3, "cat": 5, "at": 4, "sat": 2, "acts": 1, "tats": 1}),
            (_normalised(CATS), {"cats": 1}),
            (uniform_hugs, {"hug": 10, "pug": 5, "hugs": 5}),
            ({"a": math.log(0.5), "b": math.log(0.2), "ab": math.log(0.2), "ba": math.log(0.1)}, {"ab": 1}),
            ({"a": -1.0, "aa": -1.5, "aaa": -3.0}, {"aaaa": 2, "a": 1}),
        ],
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
    )
