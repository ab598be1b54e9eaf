"""Exercises for notebook 05 (WordPiece): the pair score, write MaxMatch, BERT's pieces, a whole word
that becomes ``[UNK]``."""

from __future__ import annotations

from .. import bert, corpus, wordpiece
from ..exercises import Question
from ._shared import by_name, close

# One function per question (q_...) builds it; set_05, the notebook's set, is what graders call.
__all__ = ["set_05"]


def set_05() -> dict[str, Question]:
    """Exercises for notebook 05: WordPiece."""
    small = {"[UNK]", "un", "##help", "help", "##ful", "##ness", "##less", "play", "##er", "##ers", "##s"}
    return by_name(q_score(), q_maxmatch(small), q_bert_pieces(), q_unk_whole_word())


def q_score() -> Question:
    return Question(
        name="score",
        prompt="count(ab) = 12, count(a) = 40, count(b) = 15. What is WordPiece's score for the pair?",
        reference=lambda: 12 / (40 * 15),
        compare=close,
        hints=["score = count(ab) / (count(a) x count(b))"],
        solution_code="answer = 12 / (40 * 15)",
        wrong_code="answer = 12  # the count, BPE's criterion",
    )


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
