"""Exercises for notebook 05 (WordPiece): from the ratio score to training WordPiece with the likelihood
gain for a few steps.

The questions, in order (name — kind, level). Kinds: value, function, explain (a value the check
marks, and a written reason marked by hand with the rubric ``solution()`` shows), and the project:

- ``score`` — value, warm-up
- ``likelihood_gain`` — function, core
- ``which_criterion`` — value, core (notebook 05's own corpus and numbers, section 1)
- ``negative_gain`` — explain, deeper
- ``maxmatch`` — function, core (with BERT's limit on a word's length)
- ``unk_whole_word`` — explain, core
- ``bert_pieces`` — value, core (a new case of a word section 6 splits: capital and '!')
- ``train_wordpiece`` — project (a few training steps with the likelihood gain, on toy corpora)

One question of eight asks for a lesson's own numbers (``which_criterion``); ``bert_pieces`` is close
to one (section 6 prints the pieces of 'tokenization').
"""

from __future__ import annotations

from .. import bert, corpus, wordpiece
from ..exercises import Question
from ._shared import by_name, close

# One function per question (q_...) builds it; set_05, the notebook's set, is what graders call.
__all__ = ["set_05"]


def set_05() -> dict[str, Question]:
    """Exercises for notebook 05: WordPiece."""
    small = {"[UNK]", "un", "##help", "help", "##ful", "##ness", "##less", "play", "##er", "##ers", "##s"}
    return by_name(q_score(), q_likelihood_gain(), q_which_criterion(), q_negative_gain(), q_maxmatch(small),
                   q_unk_whole_word(), q_bert_pieces(), q_train_wordpiece())


def q_score() -> Question:
    return Question(
        name="score",
        prompt=("count(ab) = 12, count(a) = 40, count(b) = 15. What is the ratio score count(ab) / (count(a) x "
                "count(b)) for the pair? (The popular simplification of WordPiece's rule; the next question "
                "is the rule itself.)"),
        reference=lambda: 12 / (40 * 15),
        compare=close,
        hints=["The ratio divides how often the pair occurs by the product of how often each of its pieces occurs.",
               "The denominator is 40 x 15 = 600."],
        solution_code="answer = 12 / (40 * 15)",
        wrong_code="answer = 12  # the count, BPE's criterion",
    )


def q_likelihood_gain() -> Question:
    return Question(
        name="likelihood_gain",
        prompt=("Write gain(m, a, b, N): how much the corpus's log-likelihood (natural log) rises when two different "
                "pieces with counts a and b are merged m times into a new piece, in a corpus of N pieces. The "
                "log-likelihood is L = sum of f(count) over the pieces, minus f(N), with f(x) = x ln x and f(0) = 0."),
        reference=lambda m, a, b, n: wordpiece.likelihood_gain(m, a, b, 0, n),
        # (5, 5, 5, 50) uses both pieces up (f(0)); (1, 100, 100, 1000) is a merge that lowers the likelihood
        cases=[(20, 36, 20, 113), (12, 40, 15, 200), (3, 3, 7, 30), (5, 5, 5, 50), (1, 100, 100, 1000)],
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
    )


def q_which_criterion() -> Question:
    words = {"he": 25, "there": 20, "his": 6, "quit": 3}
    return Question(
        name="which_criterion",
        prompt=(f"Split the corpus {words} into WordPiece symbols (h ##e, t ##h ##e ##r ##e, ...). Which pair does "
                "each rule merge first? Answer a dict {'frequency': (left, right), 'ratio': (left, right), "
                "'likelihood': (left, right)}."),
        reference=lambda: {rule: wordpiece.train(words, 100, score=rule).steps[0].pair
                           for rule in ("frequency", "ratio", "likelihood")},
        compare=_same_pairs,
        hints=["Count the symbols first: N = 180 pieces; ##e, for one, occurs 65 times.",
               "The ratio favours pairs of rare symbols that always occur together; the frequency rule the commonest "
               "pair; the likelihood gain weighs both.",
               "Compute each rule's score for the three candidate pairs: h ##e, q ##u and t ##h."],
        solution_code=("from bpe_lab import wordpiece\n"
                       f"words = {words!r}\n"
                       "answer = {rule: wordpiece.train(words, 100, score=rule).steps[0].pair\n"
                       "          for rule in ('frequency', 'ratio', 'likelihood')}"),
        wrong_code=("answer = {'frequency': ('h', '##e'), 'ratio': ('q', '##u'), 'likelihood': ('h', '##e')}"
                    "  # the likelihood rule is not the frequency rule"),
    )


def _same_pairs(got, expected: dict) -> bool:
    """Whether ``got`` is a dict with the same rules and pairs (a pair may be given as a list)."""
    if not isinstance(got, dict) or set(got) != set(expected):
        return False
    return all(isinstance(got[rule], (tuple, list)) and tuple(got[rule]) == pair for rule, pair in expected.items())


def q_negative_gain() -> Question:
    return Question(
        name="negative_gain",
        prompt=("In a corpus of N = 1000 pieces, a occurs 40 times, b 50 times, and the pair a b 4 times. Predict: "
                "does merging a and b raise or lower the corpus's log-likelihood? Answer the gain (your gain from "
                "question 2; two decimals are enough); then, in the cell under it, explain its sign "
                "without the formula, and say what the ratio score and m ln(mN / ab) say about the same pair."),
        reference=lambda: wordpiece.likelihood_gain(4, 40, 50, 0, 1000),
        compare=lambda got, expected: close(got, expected, 0.01),
        hints=["By chance alone, how often would a be followed by b? Compare that with 4.",
               "Notebook 05, section 2: a merge pays only if the pair meets about e ≈ 2.7 times more often than "
               "chance.",
               "The exact value is gain(4, 40, 50, 1000) with your function from question 2."],
        solution_code=("import math\n\n"
                       "def f(x):\n"
                       "    return x * math.log(x) if x > 0 else 0.0\n\n"
                       "answer = (f(40 - 4) - f(40)) + (f(50 - 4) - f(50)) + f(4) + (f(1000) - f(1000 - 4))"),
        wrong_code="import math\nanswer = 4 * math.log(4 * 1000 / (40 * 50))  # the approximation: positive",
        rubric=("Full marks for about -0.86 with the reason. By chance a b would occur 40 x 50 / 1000 = 2 times; it\n"
                "occurs 4 times, twice as often, but a merge needs about e ≈ 2.7 times chance to pay (the\n"
                "correction of about -m in section 2), so the gain is negative and the merge makes the corpus\n"
                "less likely. The ratio 4 / 2000 is positive, as every ratio is, and m ln(mN/ab) = 4 ln 2 ≈ 2.77\n"
                "is positive too: both miss the -m."),
    )


def _maxmatch_limited(word: str, vocab, max_chars: int) -> list[str]:
    return wordpiece.tokenize(word, vocab, max_chars=max_chars)


def q_maxmatch(small: set[str]) -> Question:
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
    )


_TOK_VOCAB = ["[UNK]", "tok", "to", "##ke", "##n"]


def q_unk_whole_word() -> Question:
    return Question(
        name="unk_whole_word",
        prompt=(f"With the vocabulary {_TOK_VOCAB}, what does MaxMatch give for 'token'? Answer a list of pieces; "
                "then, in the cell under it, explain whether the vocabulary can cover 'token' at all, and why "
                "MaxMatch does not find it."),
        reference=lambda: wordpiece.tokenize("token", set(_TOK_VOCAB)),
        hints=["Greedy takes the longest piece that starts the word. What is left, and which ## pieces could "
               "start it?",
               "Does greedy ever go back and try a shorter first piece?"],
        solution_code="answer = ['[UNK]']",
        wrong_code="answer = ['to', '##ke', '##n']  # a split exists, but greedy does not find it",
        rubric=("Full marks for ['[UNK]'] with the reason. MaxMatch takes 'tok', the longest first piece; then 'en'\n"
                "has no cover ('##en' and '##e' are not in the vocabulary), so the whole word becomes [UNK].\n"
                "'to' + '##ke' + '##n' covers the word, but greedy never goes back to try a shorter first piece."),
    )


def q_bert_pieces() -> Question:
    return Question(
        name="bert_pieces",
        prompt="What pieces does bert-base-uncased give for 'Tokenization!'? Answer as a list of strings.",
        reference=lambda: bert.BertTokenizer(corpus.data_path("bert-base-uncased-vocab.txt")).tokenize("Tokenization!"),
        hints=["BERT's pipeline (section 7) changes the text before WordPiece sees it: case, and punctuation.",
               "Then each word is split by greedy longest match with the 30,522-piece vocabulary; the tokenizer "
               "in bpe_lab.bert lets you check your guess."],
        solution_code=("from bpe_lab import bert, corpus\n"
                       "answer = bert.BertTokenizer(corpus.data_path('bert-base-uncased-vocab.txt'))"
                       ".tokenize('Tokenization!')"),
        wrong_code="answer = ['Token', '##ization', '!']  # forgot the lower-casing",
    )


def _train_wordpiece(word_counts: dict, steps: int) -> list[tuple[str, str]]:
    """The first ``steps`` merges of WordPiece with the likelihood gain (fewer if the pairs run out)."""
    alphabet = {piece for word in word_counts for piece in wordpiece.word_symbols(word)}
    result = wordpiece.train(word_counts, len(alphabet) + steps, special_tokens=(), score="likelihood")
    return result.merges[:steps]


# Toy corpora for the project: no word holds two equal pieces side by side, and no piece is made twice, so the
# gain of question 2 (two different pieces, a new merged piece) is the whole story (tests/test_exercise_sets_345.py).
_PROJECT_CASES = [
    ({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 4),
    ({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 6),
    ({"he": 25, "there": 20, "his": 6, "quit": 3}, 3),
    ({"token": 6, "tokens": 3, "tokenize": 4, "open": 2}, 5),
    ({"ab": 3, "c": 2}, 5),
    ({"hug": 10, "pug": 5}, 0),
]

_PROJECT_SOLUTION = (
    "import math\n"
    "from collections import Counter\n"
    "\n"
    "def f(x):\n"
    "    return x * math.log(x) if x > 0 else 0.0\n"
    "\n"
    "def merge_word(word, left, right, new):\n"
    "    out, i = [], 0\n"
    "    while i < len(word):\n"
    "        if i + 1 < len(word) and (word[i], word[i + 1]) == (left, right):\n"
    "            out.append(new)\n"
    "            i += 2\n"
    "        else:\n"
    "            out.append(word[i])\n"
    "            i += 1\n"
    "    return tuple(out)\n"
    "\n"
    "def train_wordpiece(word_counts, steps):\n"
    "    words = {(w[0],) + tuple('##' + c for c in w[1:]): n for w, n in word_counts.items()}\n"
    "    merges = []\n"
    "    while len(merges) < steps:\n"
    "        pairs, pieces = Counter(), Counter()\n"
    "        for word, n in words.items():\n"
    "            for piece in word:\n"
    "                pieces[piece] += n\n"
    "            for pair in zip(word, word[1:]):\n"
    "                pairs[pair] += n\n"
    "        if not pairs:\n"
    "            break\n"
    "        N = sum(pieces.values())\n"
    "\n"
    "        def gain(pair):\n"
    "            m, a, b = pairs[pair], pieces[pair[0]], pieces[pair[1]]\n"
    "            return (f(a - m) - f(a)) + (f(b - m) - f(b)) + f(m) + (f(N) - f(N - m))\n"
    "\n"
    "        left, right = min(pairs, key=lambda p: (-gain(p), -pairs[p], p))\n"
    "        new = left + right.removeprefix('##')\n"
    "        words = {merge_word(word, left, right, new): n for word, n in words.items()}\n"
    "        merges.append((left, right))\n"
    "    return merges")

# The typical wrong answer: the same trainer with the Hugging Face course's ratio instead of the gain.
_PROJECT_WRONG = _PROJECT_SOLUTION.replace(
    "            return (f(a - m) - f(a)) + (f(b - m) - f(b)) + f(m) + (f(N) - f(N - m))\n",
    "            return m / (a * b)  # the ratio, not the likelihood gain\n")


def _same_merges(got, expected: list) -> bool:
    """Whether ``got`` is a list of the same pairs in the same order (a pair may be given as a list)."""
    return (isinstance(got, (list, tuple)) and len(got) == len(expected)
            and all(isinstance(pair, (tuple, list)) and tuple(pair) == want for pair, want in zip(got, expected)))


def q_train_wordpiece() -> Question:
    return Question(
        name="train_wordpiece",
        prompt=("**Project:** WordPiece training as published, for a few steps. Write "
                "train_wordpiece(word_counts, steps) -> the list of merged pairs, in order:\n\n"
                "- start from each word's pieces: the first character bare, the others with '##' ('hug' is "
                "h ##u ##g), each word counted as often as word_counts says;\n"
                "- at each step, count every adjacent pair (m) and every piece over the current segmentation, "
                "with N the number of all pieces, and merge the pair with the highest likelihood gain (your gain "
                "from question 2); ties go to the higher pair count, then to the smaller pair in Python's "
                "ordering;\n"
                "- the merged piece is the left piece followed by the right one without its '##' "
                "(h + ##u -> hu, ##u + ##g -> ##ug); merge every occurrence, left to right;\n"
                "- stop after `steps` merges, or earlier when every word is a single piece.\n\n"
                "It is checked on toy corpora (the hug corpus, low/lower/newest/widest, and others) and on edge "
                "cases: zero steps, and a corpus that runs out of pairs. In these corpora no word holds two equal "
                "pieces side by side and no piece is made twice, so question 2's gain is all you need."),
        reference=_train_wordpiece,
        cases=_PROJECT_CASES,
        compare=_same_merges,
        hints=["Keep the corpus as a dict from a word's pieces (a tuple) to its count, and rebuild it after each "
               "merge, as notebook 01's trainer does.",
               "Recount pairs and pieces from scratch at every step: a merge changes the counts of its two "
               "pieces and N, so every gain changes, not only the merged pair's.",
               "One sort key does the tie rule: highest gain first, then highest count, then the pair itself.",
               "Compare your first merges on the hug corpus with notebook 05's table (section 3, the likelihood "
               "column)."],
        solution_code=_PROJECT_SOLUTION,
        wrong_code=_PROJECT_WRONG,
        answer_name="train_wordpiece",
    )
