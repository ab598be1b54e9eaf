"""Questions 8-10 of exercise set 11 (notebook 11, beyond compression): the fewest-tokens segmentation
(PathPiece), BPE-dropout on a chain of merges, and the project, which measures compression and prediction at
three vocabulary sizes.

``set_11`` (``ex11_beyond_compression``) asks them last. They are in a module of their own, with a set of their
own (``set_11_segmentations``), so that no question module grows past 600 lines; the student edition rewrites it as
it rewrites every question module, so its references, solutions and hidden cases do not reach students.
"""

from __future__ import annotations

from functools import lru_cache

from ... import _checks as check
from ... import corpus, lm
from ..questions import Question
from ...tokenizer import Tokenizer
from ._shared import apart, by_name, close, student_rng

__all__ = ["set_11_segmentations"]

# bpe_lab's own fewest-token segmentations: segmentation.fewest_tokens (the module: its other cuts too), and Viterbi,
# which finds one when every piece is scored alike.
SEGMENTERS = ("bpe_lab.segmentation", "bpe_lab.unigram.viterbi", "bpe_lab.unigram.viterbi_table",
              "bpe_lab.unigram.nbest")


def set_11_segmentations(student: str = "") -> dict[str, Question]:
    """Questions 8-10 of set 11. ``student``: an id such as "alice" gives that student's own word and dropout rate,
    and stretch of the novel ("": everyone's version)."""
    student = check.student(student)
    return by_name(q_fewest_tokens(), q_dropout_chain(student), q_size_and_prediction(student))


def _within(tolerance: float):
    """A compare for a tuple of numbers, each within ``tolerance``."""
    def compare(got, expected) -> bool:
        return (isinstance(got, (tuple, list)) and len(got) == len(expected)
                and all(close(g, e, tolerance) for g, e in zip(got, expected)))
    return compare


TWO_DECIMALS = 0.0051  # an answer rounded to two decimals is within 0.005 of the exact value


# -- 8: the fewest tokens ------------------------------------------------------------------------------------

def _fewest_tokens(text: str, vocab: list) -> list[str]:
    """The segmentation of ``text`` into the fewest tokens of ``vocab``; of several, the one whose first token is
    longest, then its second, and so on. ``fewest[i]``: the fewest tokens for ``text[i:]``, filled from the right."""
    vocab, n = set(vocab), len(text)
    fewest = [n + 1] * n + [0]
    for start in range(n - 1, -1, -1):
        fewest[start] = min((fewest[end] + 1 for end in range(start + 1, n + 1) if text[start:end] in vocab),
                            default=n + 1)
    pieces, start = [], 0
    while start < n:
        end = max(end for end in range(start + 1, n + 1)
                  if text[start:end] in vocab and fewest[end] == fewest[start] - 1)
        pieces.append(text[start:end])
        start = end
    return pieces


def _hidden_fewest(rng) -> list[tuple]:
    """Texts of 0-14 letters over two or three letters, every letter a token, some substrings of 2-4 letters
    tokens too. The first case is a trap for greedy longest match (x y z w with the tokens x y, x, y z w: greedy
    takes x y first and needs three tokens, the fewest are two); the second has ties (a b a b with a b a, b a b,
    a b: three segmentations of two tokens, the longest first token is a b a)."""
    letters = rng.sample("abcdlmnoxyz", 4)
    x, y, z, w = letters
    trap = (rng.choice(["", x]) + x + y + z + w, sorted({x, y, z, w, x + y, y + z + w}))
    tie = (x + y + x + y, sorted({x, y, x + y, x + y + x, y + x + y}))
    cases = [trap, tie]
    for _ in range(6):
        alphabet = rng.choice(["ab", "abc", "mn"])
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        substrings = sorted({text[i:i + k] for k in (2, 3, 4) for i in range(len(text) - k + 1)})
        vocab = sorted(set(alphabet) | {piece for piece in substrings if rng.random() < 0.4})
        cases.append((text, vocab))
    return cases


def q_fewest_tokens() -> Question:
    public = [("abcd", ["a", "b", "c", "d", "ab", "bcd"]), ("hello", ["e", "h", "l", "o", "he", "hel", "llo"]),
              ("abab", ["a", "b", "ab", "aba", "bab"]), ("", ["a"]), ("aaaaaaa", ["a", "aa", "aaa"]),
              ("unbelievable", list("abeilnuv") + ["un", "unbe", "believ", "able", "lie", "vable"])]
    return Question(
        name="fewest_tokens",
        prompt=("Write fewest_tokens(text, vocab) -> the segmentation of text into the fewest tokens of vocab (a "
                "list of str; every character of text is in it), as PathPiece does (Schmidt et al., 2024). When "
                "several segmentations have the fewest tokens, return the one whose first token is longest (of "
                "those, the one whose second token is longest, and so on). The empty text gives []."),
        reference=_fewest_tokens,
        cases=public,
        hints=["Taking the longest token that matches at each position (as WordPiece does) is not the fewest: try "
               "'abcd' with the tokens ab, bcd and the letters.",
               "Work from the right end: fewest[i] = the fewest tokens for text[i:]; fewest[len(text)] = 0, and "
               "fewest[i] is 1 + the smallest fewest[j] over the tokens text[i:j].",
               "Then walk from the left: at each position take the longest token text[i:j] that keeps you on a "
               "best path (fewest[j] == fewest[i] − 1). That settles the ties as asked."],
        solution_code=(
            "def fewest_tokens(text, vocab):\n"
            "    vocab, n = set(vocab), len(text)\n"
            "    fewest = [n + 1] * n + [0]  # fewest[i]: the fewest tokens for text[i:]\n"
            "    for i in range(n - 1, -1, -1):\n"
            "        for j in range(i + 1, n + 1):\n"
            "            if text[i:j] in vocab:\n"
            "                fewest[i] = min(fewest[i], fewest[j] + 1)\n"
            "    pieces, i = [], 0\n"
            "    while i < n:\n"
            "        j = max(j for j in range(i + 1, n + 1) if text[i:j] in vocab and fewest[j] == fewest[i] - 1)\n"
            "        pieces.append(text[i:j])\n"
            "        i = j\n"
            "    return pieces"),
        wrong_code=(
            "def fewest_tokens(text, vocab):\n"
            "    # greedy longest match: the longest token at each position, no look-ahead\n"
            "    pieces, i = [], 0\n"
            "    while i < len(text):\n"
            "        j = max(j for j in range(i + 1, len(text) + 1) if text[i:j] in vocab)\n"
            "        pieces.append(text[i:j])\n"
            "        i = j\n"
            "    return pieces"),
        answer_name="fewest_tokens",
        points=3,
        hidden_cases=apart(_hidden_fewest, public),
        forbidden=SEGMENTERS,
        level="stretch",
        asks="function",
    )


# -- 9: BPE-dropout on a chain of merges ---------------------------------------------------------------------

CHAIN_WORDS = ("the", "low", "byte", "pair", "wide", "merge", "lower", "token", "newest", "encode", "tokens")
RATES = (0.1, 0.2, 0.25, 0.3, 0.4, 0.5)


def _chain(student: str) -> tuple[str, float]:
    rng = student_rng(student, "11 dropout_chain")
    return ("lower", 0.1) if rng is None else (rng.choice(CHAIN_WORDS), rng.choice(RATES))


def _dropout_chain(word: str, p: float) -> tuple[float, float]:
    """(the probability that every merge is applied, the expected number of tokens): the word stops after j
    merges (j < k) with probability (1 − p)^j · p, and then has len(word) − j tokens."""
    k = len(word) - 1
    canonical = (1 - p) ** k
    expected = sum((1 - p) ** j * p * (len(word) - j) for j in range(k)) + canonical
    return canonical, expected


def q_dropout_chain(student: str = "") -> Question:
    word, p = _chain(student)
    merges = [(word[:i], word[i]) for i in range(1, len(word))]
    canonical, expected = _dropout_chain(word, p)
    k = len(merges)
    return Question(
        name="dropout_chain",
        prompt=(f"A BPE tokenizer's merges that apply to {word!r} are, by priority, {merges}: a chain, each merge "
                "needs the one before it. BPE-dropout (Provilkov et al., 2020) segments a word so: at each step, "
                f"each merge that could apply is dropped with probability p = {p}, independently; the best merge "
                "left is applied; when every candidate was dropped, the word stays as it is. What is the "
                f"probability that {word!r} comes out whole (one token), and how many tokens does it have on "
                "average? Answer (probability, expected tokens), exact values to two decimals. Then, in `why`, say "
                "what a model trained on such segmentations sees that a model trained on the canonical ones does "
                "not, and why notebook 11 measures both on the canonical segmentation."),
        reference=lambda: (canonical, expected),
        compare=_within(TWO_DECIMALS),
        hints=["In a chain only one merge can apply at each step: the word stops at the first step whose merge is "
               "dropped.",
               f"To come out whole, all {k} steps must keep their merge. Stopping after j merges leaves "
               f"{len(word)} − j tokens; its probability is that of j kept merges and then one dropped."],
        solution_code=(f"p, k = {p}, {k}\n"
                       f"dropout = ((1 - p) ** k, sum((1 - p) ** j * p * ({len(word)} - j) for j in range(k)) "
                       "+ (1 - p) ** k)\n"
                       "why = ('Trained on dropout segmentations, the model sees the word split in several ways, so '\n"
                       "       'it learns the pieces inside it and how they combine (useful for rare words and '\n"
                       "       'typos). Tested, the tokenizer gives the canonical segmentation, so that is what the '\n"
                       "       'model is measured on: bits per byte of the same canonical tokens for both.')"),
        wrong_code=f"dropout = ({1 - p}, {len(word) * p + (1 - p)})  # as if only one merge could be dropped",
        answer_name="dropout",
        rubric=(f"Full marks for ({canonical:.2f}, {expected:.2f}). For the written reason: the dropout model sees\n"
                "the same word as different token sequences (smaller pieces, their combinations), so it learns\n"
                "about the pieces and is more robust to segmentations it has not seen (rare words, typos); the\n"
                "price is fewer examples of the canonical sequence and more tokens per byte in training. At test\n"
                "time the tokenizer is deterministic (no dropout), so both models are scored on the canonical\n"
                "tokens: the same text cut the same way, a fair comparison in bits per byte."),
        points=2,
        level="stretch",
        asks="explain",
        student=student,
    )


# -- 10: project: does compressing more predict better? -----------------------------------------------------

PROJECT_CHARACTERS = 100_000
PROJECT_SIZES = (256, 1000, 3000)


def _project_start(student: str) -> int:
    """Where the text begins in the novel: 0, or for a student another stretch of 100,000 characters."""
    rng = student_rng(student, "11 size_and_prediction")
    return 0 if rng is None else rng.randrange(1, 59) * 10_000


@lru_cache(maxsize=8)
def _size_and_prediction(start: int = 0) -> tuple[float, ...]:
    """Bits per byte on the held-out lines for each of PROJECT_SIZES (byte-level BPE, trigram KN model)."""
    text = corpus.load_text("pride_and_prejudice.txt")[start:start + PROJECT_CHARACTERS]
    lines = text.splitlines()
    cut = int(len(lines) * 0.9)
    train_lines, held_out = [line for line in lines[:cut] if line], [line for line in lines[cut:] if line]
    n_bytes = sum(len(line.encode("utf-8")) for line in held_out)
    results = []
    for size in PROJECT_SIZES:
        tokenizer = Tokenizer.train("\n".join(lines[:cut]), size)
        model = lm.train([tokenizer.encode(line) for line in train_lines], order=3, vocab_size=size)
        results.append(lm.bits_per_byte(model, [tokenizer.encode(line) for line in held_out], n_bytes))
    return tuple(results)


def q_size_and_prediction(student: str = "") -> Question:
    start = _project_start(student)
    end = start + PROJECT_CHARACTERS
    sizes = list(PROJECT_SIZES)
    return Question(
        name="size_and_prediction",
        prompt=("Project: does compressing more predict better? Take the novel's characters "
                f"corpus.load_text('pride_and_prejudice.txt')[{start}:{end}] and split them as notebook 07 does: "
                "lines = text.splitlines(), the first int(len(lines) * 0.9) lines are for training, the rest are "
                f"held out. For each size in {sizes}: train Tokenizer.train('\\n'.join(training lines), size); "
                "encode every non-empty line on its own (one sequence per line); train lm.train(training "
                "sequences, order=3, vocab_size=size); measure lm.bits_per_byte on the held-out sequences, n_bytes "
                "being the UTF-8 bytes of the non-empty held-out lines. Answer the three bits per byte, in the "
                "order of the sizes (two decimals). Then, in `why`, write a conclusion of three or four sentences: "
                "how bits per byte and bytes per token move with the size, whether compressing more predicted "
                "better here, and what would and would not carry over to a transformer trained on far more text."),
        reference=lambda: _size_and_prediction(start),
        compare=_within(TWO_DECIMALS),
        hints=["Write it as a loop over the sizes; each turn trains a tokenizer, encodes the lines, trains a model "
               "and measures. The whole loop takes about a second.",
               "Measure the held-out lines, with a model trained on the training lines only. Print bytes per token "
               "on the held-out lines too (their bytes over their tokens): the conclusion needs both columns.",
               "256 is the byte model (no merge). Where does the best size sit, and why would a larger vocabulary "
               "predict worse with the same 90,000 characters of training text?"],
        solution_code=(
            "from bpe_lab import corpus, lm\n"
            "from bpe_lab.tokenizer import Tokenizer\n"
            f"text = corpus.load_text('pride_and_prejudice.txt')[{start}:{end}]\n"
            "lines = text.splitlines()\n"
            "cut = int(len(lines) * 0.9)\n"
            "training, held_out = [l for l in lines[:cut] if l], [l for l in lines[cut:] if l]\n"
            "n_bytes = sum(len(line.encode('utf-8')) for line in held_out)\n"
            "results = []\n"
            f"for size in {sizes}:\n"
            "    tokenizer = Tokenizer.train('\\n'.join(lines[:cut]), size)\n"
            "    model = lm.train([tokenizer.encode(l) for l in training], order=3, vocab_size=size)\n"
            "    tokens = [tokenizer.encode(l) for l in held_out]\n"
            "    results.append(lm.bits_per_byte(model, tokens, n_bytes))\n"
            "    print(size, n_bytes / sum(map(len, tokens)), 'bytes per token', results[-1], 'bits per byte')\n"
            "size_bits = tuple(results)\n"
            "why = ('Bytes per token grows with every size; bits per byte falls from the byte model to 1000 '\n"
            "       'and rises again at 3000 (print results to quote them): compressing more predicted better '\n"
            "       'only up to a point, because with 90,000 characters a trigram model sees each of 3000 tokens '\n"
            "       'too few times. A transformer shares what it learns across tokens and sees far more text, so '\n"
            "       'its best size is larger; the measure carries over (bits per byte), the size where it turns '\n"
            "       'does not.')"),
        wrong_code=(
            "from bpe_lab import corpus, lm\n"
            "from bpe_lab.tokenizer import Tokenizer\n"
            f"text = corpus.load_text('pride_and_prejudice.txt')[{start}:{end}]\n"
            "lines = [l for l in text.splitlines() if l]\n"
            "results = []\n"
            f"for size in {sizes}:\n"
            "    tokenizer = Tokenizer.train(text, size)\n"
            "    tokens = [tokenizer.encode(l) for l in lines]\n"
            "    model = lm.train(tokens, order=3, vocab_size=size)\n"
            "    # measured on the training text, per token\n"
            "    results.append(sum(model.bits(t) for t in tokens) / sum(map(len, tokens)))\n"
            "size_bits = tuple(results)"),
        answer_name="size_bits",
        rubric=("The numbers (checked): bits per byte on the held-out lines at 256, 1000 and 3000. The conclusion, "
                "3 points:\n"
                "1 point: both columns read: bytes per token rises with every size, bits per byte does not (on\n"
                "  every stretch of the novel this set hands out: best at 1000, worse again at 3000, the byte model\n"
                "  far behind).\n"
                "1 point: a reason: with a fixed training text, a larger vocabulary means longer, rarer tokens, so\n"
                "  the model has fewer examples of each context (sparser counts); compression is not prediction.\n"
                "1 point: what carries over and what does not: bits per byte is the fair measure for any model;\n"
                "  a transformer shares parameters across tokens and trains on far more text, so where the curve\n"
                "  turns is not where it would turn for it; one book, one split, one model order.\n"
                "No point for a conclusion drawn from bits per token or from the training text."),
        points=4,
        level="project",
        asks="project",
        student=student,
    )
