"""Exercises for notebook 05 (WordPiece): the course's ratio score, the likelihood gain WordPiece was
published with, which pair each rule merges first, write MaxMatch, BERT's pieces, a whole word that
becomes ``[UNK]``."""

from __future__ import annotations

from .. import bert, corpus, wordpiece
from ..exercises import Question
from ._shared import by_name, close

# One function per question (q_...) builds it; set_05, the notebook's set, is what graders call.
__all__ = ["set_05"]


def set_05() -> dict[str, Question]:
    """Exercises for notebook 05: WordPiece."""
    small = {"[UNK]", "un", "##help", "help", "##ful", "##ness", "##less", "play", "##er", "##ers", "##s"}
    return by_name(q_score(), q_likelihood_gain(), q_which_criterion(), q_maxmatch(small), q_bert_pieces(),
                   q_unk_whole_word())


def q_score() -> Question:
    return Question(
        name="score",
        prompt=("count(ab) = 12, count(a) = 40, count(b) = 15. What is the ratio score count(ab) / (count(a) x "
                "count(b)) for the pair? (The popular simplification of WordPiece's rule; the next question "
                "is the rule itself.)"),
        reference=lambda: 12 / (40 * 15),
        compare=close,
        hints=["score = count(ab) / (count(a) x count(b))"],
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
               "pair; the likelihood gain weighs both. You may check with wordpiece.train(words, 100, score=rule)."],
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


def q_maxmatch(small: set[str]) -> Question:
    return Question(
        name="maxmatch",
        prompt=("Write maxmatch(word, vocab): greedy longest match from the left, '##' on continuation pieces, "
                "['[UNK]'] for the whole word if some position cannot be covered."),
        reference=lambda word, vocab: wordpiece.tokenize(word, vocab),
        cases=[("unhelpfulness", small), ("players", small), ("helpless", small), ("plays", small),
               ("xyz", small), ("help", small)],
        hints=["Outer loop over start positions; inner loop tries end = len(word) down to start + 1.",
               "Add '##' to the candidate when start > 0; if nothing matches, return ['[UNK]']."],
        solution_code=(
            "def maxmatch(word, vocab):\n"
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
            "def maxmatch(word, vocab):\n"
            "    # shortest match instead of longest\n"
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


def q_bert_pieces() -> Question:
    return Question(
        name="bert_pieces",
        prompt="What pieces does bert-base-uncased give for 'Tokenization!'? Answer as a list of strings.",
        reference=lambda: bert.BertTokenizer(corpus.data_path("bert-base-uncased-vocab.txt")).tokenize("Tokenization!"),
        hints=["Lower-case, split off the punctuation, then greedy longest match with the BERT vocabulary."],
        solution_code=("from bpe_lab import bert, corpus\n"
                       "answer = bert.BertTokenizer(corpus.data_path('bert-base-uncased-vocab.txt'))"
                       ".tokenize('Tokenization!')"),
        wrong_code="answer = ['Token', '##ization', '!']  # forgot the lower-casing",
    )


def q_unk_whole_word() -> Question:
    return Question(
        name="unk_whole_word",
        prompt="With the vocabulary {'[UNK]', 'abc', 'ab', '##d', '##cde'}, what does MaxMatch give for 'abcde'?",
        reference=lambda: wordpiece.tokenize("abcde", {"[UNK]", "abc", "ab", "##d", "##cde"}),
        hints=["Greedy takes the longest first piece; does the rest then have a cover?"],
        solution_code="answer = ['[UNK]']",
        wrong_code="answer = ['ab', '##cde']  # a split exists, but greedy does not find it",
    )
