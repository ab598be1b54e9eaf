"""Exercises for notebook 11 (beyond compression), from a text's bits by hand to a measured answer to "does
compressing more predict better?".

====  ============================  ========  =======  ======  =================================================
 #    name                          asks      level    points  what it asks
====  ============================  ========  =======  ======  =================================================
 1    ``bits_by_hand``              new case  warm-up  1       a short text's bits and bits per byte from its
                                                               tokens' probabilities
 2    ``continuation_count``        new case  warm-up  1       how often a word occurs, and its continuation
                                                               counts (the start of a sentence included)
 3    ``bits_per_byte``             function  core     2       bits per UTF-8 byte of held-out texts, from the
                                                               probabilities of their tokens
 4    ``kn_bigram_prob``            function  stretch  3       the interpolated Kneser–Ney bigram probability,
                                                               as ``lm.train(..., order=2)`` computes it
 5    ``tokens_or_bytes``           explain   core     2       two tokenizers' bits per token and per byte, which
                                                               one predicts better, and why
 6    ``where_it_turns``            explain   core     2       a table of sizes: where bits per byte turns, and
                                                               what bits per token would have picked
 7    ``renyi_efficiency``          function  core     2       Rényi entropy of token counts over log |V|
 8    ``fewest_tokens``             function  stretch  3       the fewest-tokens segmentation (PathPiece)
 9    ``dropout_chain``             explain   stretch  2       BPE-dropout on a chain of merges: the chance of
                                                               the canonical segmentation, expected tokens, why
 10   ``size_and_prediction``       project   project  4       train BPE and a trigram model at three sizes:
                                                               bits per byte, and a written conclusion
====  ============================  ========  =======  ======  =================================================

Lesson's own numbers: none of 10. Every value question is a new case or a prediction to explain; an *explain*
question has a value answer (checked) and a written ``why`` that an instructor marks with its ``rubric``. The
points add up to 22. Questions 8-10 are in ``_ex11_segmentations`` (``set_11_segmentations``), so that no module
grows past 600 lines.

Grading: ``set_11(student="alice")`` gives alice her own numbers in every value question (another text and
probabilities, corpus, pair of tokenizers, table, word and dropout rate, stretch of the novel; ``student_rng``;
"" is everyone's version). The five function questions have hidden cases (an unseen context, text that is not
ASCII, a vocabulary greedy matching gets wrong, ...) and forbid bpe_lab's own answer: ``bpe_lab.lm`` (the whole
module: its ``bits_per_byte`` and its smoothing), ``metrics.renyi_efficiency``, and the segmentations of
``bpe_lab.segmentation`` and ``unigram.viterbi``. A value answer may use all of them, as the lesson does.
"""

from __future__ import annotations

import math

from ... import _checks as check
from ... import lm, metrics
from ..questions import Question
from ._ex11_segmentations import set_11_segmentations
from ._shared import apart, by_name, close, student_rng

# One function per question (q_...) builds it; set_11, the notebook's set, is what graders call.
__all__ = ["set_11"]

# What the function questions forbid (a set's forbidden lists hold for every function answer of the set).
LM = ("bpe_lab.lm",)


def set_11(student: str = "") -> dict[str, Question]:
    """Exercises for notebook 11: beyond compression. ``student``: an id such as "alice" gives that student's own
    numbers in the value questions ("": everyone's version)."""
    student = check.student(student)
    return {**by_name(q_bits_by_hand(student), q_continuation_count(student), q_bits_per_byte(),
                      q_kn_bigram_prob(), q_tokens_or_bytes(student), q_where_it_turns(student),
                      q_renyi_efficiency()),
            **set_11_segmentations(student)}


def _within(tolerances):
    """A compare for a tuple answer, item by item: a number within its tolerance; with tolerance None, a whole
    number equal, a name ('B') equal whatever its case and spaces."""
    def same(g, e, tolerance) -> bool:
        if tolerance is not None:
            return close(g, e, tolerance)
        if isinstance(e, str):
            return isinstance(g, str) and g.strip().upper() == e.upper()
        return not isinstance(g, (str, bytes)) and g == e

    def compare(got, expected) -> bool:
        return (isinstance(got, (tuple, list)) and len(got) == len(expected)
                and all(same(g, e, t) for g, e, t in zip(got, expected, tolerances)))
    return compare


TWO_DECIMALS = 0.0051  # an answer rounded to two decimals is within 0.005 of the exact value


# -- 1-2: warm-up: bits by hand, continuation counts ---------------------------------------------------------

# Texts that are not ASCII, each with a tokenization (the tokens spell the text).
TOKENIZED = (("naïve café", ("na", "ï", "ve", " caf", "é")), ("東京 tower", ("東", "京", " tower")),
             ("señor", ("se", "ñ", "or")), ("über alles", ("ü", "ber", " all", "es")),
             ("déjà vu", ("d", "é", "j", "à", " vu")), ("Ελλάδα", ("Ελ", "λά", "δα")),
             ("crème brûlée", ("cr", "ème", " br", "û", "lée")), ("smörgåsbord", ("sm", "ör", "gås", "bord")))


def _tokens_and_exponents(student: str) -> tuple[str, tuple, list[int]]:
    """The text, its tokens and each token's probability as a power of 1/2 (1/2**e): everyone's is 'naïve café'."""
    rng = student_rng(student, "11 bits_by_hand")
    if rng is None:
        return *TOKENIZED[0], [2, 3, 1, 4, 1]
    text, tokens = rng.choice(TOKENIZED)
    return text, tokens, [rng.randint(1, 6) for _ in tokens]


def q_bits_by_hand(student: str = "") -> Question:
    text, tokens, exponents = _tokens_and_exponents(student)
    bits, n_bytes = sum(exponents), len(text.encode("utf-8"))
    shown = ", ".join(f"1/{2 ** e}" for e in exponents)
    return Question(
        name="bits_by_hand",
        prompt=(f"A model gives the {len(tokens)} tokens {list(tokens)} of the text {text!r} the probabilities {shown} "
                "(each token given the ones before it). How many bits does the model need for the text (−log2 of "
                "the product), and how many bits per byte of the text? Answer (bits, bits_per_byte), the second to "
                "two decimals."),
        reference=lambda: (float(bits), bits / n_bytes),
        compare=_within((1e-6, TWO_DECIMALS)),
        hints=["−log2 of a product is the sum of the −log2 of its factors, and −log2(1/2**k) is k bits.",
               "Bits per byte divides by the bytes of the text in UTF-8 (len(text.encode('utf-8'))), not by its "
               "characters: some of these characters take two or three bytes."],
        solution_code=(f"text_bits = ({bits}, {bits} / {n_bytes})  # -log2 of each probability, added; {text!r} is "
                       f"{n_bytes} UTF-8 bytes"),
        wrong_code=f"text_bits = ({bits}, {bits} / {len(text)})  # per character, not per byte",
        answer_name="text_bits",
        points=1,
        level="warm-up",
        asks="new case",
        student=student,
    )


# Everyone's corpus (and the public cases of kn_bigram_prob, as ids): 'Francisco' is frequent but only follows 'San'.
SAN_FRANCISCO = ("San Francisco is foggy", "I left San Francisco", "San Francisco again", "the fog is here",
                 "I left the fog", "fog again in San Francisco")
FILLERS = ("I", "left", "the", "fog", "is", "here", "we", "saw", "it", "again", "rains", "in", "so", "cold")
COMPOUNDS = (("San", "Francisco"), ("New", "York"), ("Hong", "Kong"), ("Los", "Angeles"), ("Buenos", "Aires"))
START = "<start>"  # the start of a sentence: lm's BOS, a left neighbour like any word


def _left_neighbours(sentences, word: str) -> set:
    """The different words (START included) that stand right before ``word`` in some sentence."""
    found = set()
    for sentence in sentences:
        words = [START] + sentence.split()
        found |= {left for left, right in zip(words, words[1:]) if right == word}
    return found


def _corpus(student: str) -> tuple[tuple, str, str]:
    """(sentences, the second word of a compound, a word that starts a sentence and follows another word)."""
    rng = student_rng(student, "11 continuation_count")
    if rng is None:
        return SAN_FRANCISCO, "Francisco", "fog"
    first, second = rng.choice(COMPOUNDS)
    while True:
        sentences = []
        for _ in range(rng.randint(5, 7)):
            words = [rng.choice(FILLERS) for _ in range(rng.randint(1, 4))]
            if rng.random() < 0.6:
                at = rng.randint(0, len(words))
                words[at:at] = [first, second]
            sentences.append(" ".join(words))
        starters = sorted({s.split()[0] for s in sentences} & set(FILLERS))
        both = [w for w in starters if _left_neighbours(sentences, w) - {START}]
        if both and sum(s.split().count(second) for s in sentences) >= 2:
            return tuple(sentences), second, rng.choice(both)


def q_continuation_count(student: str = "") -> Question:
    sentences, word, starter = _corpus(student)
    count = sum(s.split().count(word) for s in sentences)
    answer = (count, len(_left_neighbours(sentences, word)), len(_left_neighbours(sentences, starter)))
    return Question(
        name="continuation_count",
        prompt=(f"A corpus has the sentences {list(sentences)} (words are what spaces separate). How often does "
                f"{word!r} occur, and what is its continuation count, the number of different words that stand "
                f"right before it? And what is the continuation count of {starter!r}? As in bpe_lab.lm, the start "
                "of a sentence counts as a left neighbour (it is lm.BOS). Answer (occurrences, continuation count of "
                f"{word!r}, continuation count of {starter!r}): three whole numbers."),
        reference=lambda: answer,
        compare=_within((None, None, None)),
        hints=[f"Write down the word right before each {word!r}, then cross out the repeats.",
               f"{starter!r} begins at least one sentence: there, what stands before it is the start of the "
               "sentence, which counts as one more kind of left neighbour."],
        solution_code=(f"continuation = {answer}  # {word!r} only ever follows "
                       f"{sorted(_left_neighbours(sentences, word))}"),
        wrong_code=f"continuation = ({count}, {count}, {answer[2] - 1})  # occurrences, and the start left out",
        answer_name="continuation",
        points=1,
        level="warm-up",
        asks="new case",
        student=student,
    )


# -- 3: bits per byte ----------------------------------------------------------------------------------------

def _bits_per_byte(probabilities, texts) -> float:
    """−log2 of every token's probability, added over all the texts, over all their UTF-8 bytes."""
    bits = -sum(math.log2(p) for row in probabilities for p in row)
    return bits / sum(len(text.encode("utf-8")) for text in texts)


# Words for hidden texts: many are not ASCII (two, three or four bytes a character).
WORDS = ("to", "be", "the", "cat", "naïve", "café", "東京", "über", "señor", "ok", "a", "ελιά", "😀", "Zürich", "क")


def _hidden_text(rng, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words))


def _hidden_bits_per_byte(rng) -> list[tuple]:
    """One to four texts with one to six token probabilities each; the first case is all non-ASCII, the second
    holds texts of very different lengths (a mean of per-text ratios is not the pooled ratio)."""
    cases = []
    for index in range(7):
        if index == 0:
            texts = [" ".join(rng.choice(WORDS[6:9] + WORDS[11:13]) for _ in range(rng.randint(1, 3)))]
        elif index == 1:
            texts = [rng.choice(WORDS), _hidden_text(rng, rng.randint(6, 10))]
        else:
            texts = [_hidden_text(rng, rng.randint(1, 5)) for _ in range(rng.randint(1, 4))]
        probabilities = [[round(rng.uniform(0.01, 0.99), 3) for _ in range(rng.randint(1, 6))] for _ in texts]
        cases.append((probabilities, texts))
    return cases


def q_bits_per_byte() -> Question:
    public = [([[0.5, 0.25]], ["to"]), ([[0.5, 0.5, 0.125]], ["naïve"]), ([[0.25, 0.5], [0.5]], ["東京", "ok"]),
              ([[0.9, 0.6, 0.3, 0.8], [0.05]], ["the cat sat", "a"])]
    return Question(
        name="bits_per_byte",
        prompt=("Write bits_per_byte(probabilities, texts): texts is a list of held-out texts, probabilities[i] the "
                "list of probabilities a model gave the tokens of texts[i] (each token given the ones before it). "
                "Return the bits the model needs for all the texts (−log2 of each probability, added) divided by "
                "the number of UTF-8 bytes of all the texts: the measure lm.bits_per_byte computes."),
        reference=_bits_per_byte,
        cases=public,
        compare=lambda got, expected: close(got, expected, 1e-9),
        hints=["Two totals: the bits (a sum over every token of every text) and the bytes (a sum over the texts). "
               "Divide once, at the end.",
               "Bytes, not characters: 'ï' is two bytes in UTF-8 and '東' three. And not tokens: bits per token "
               "is another measure, the one the next questions warn about.",
               "Dividing each text's bits by its own bytes and averaging the ratios weighs a two-byte text as much "
               "as a long one: pool the totals first."],
        solution_code=("import math\n"
                       "def bits_per_byte(probabilities, texts):\n"
                       "    bits = -sum(math.log2(p) for row in probabilities for p in row)\n"
                       "    return bits / sum(len(text.encode('utf-8')) for text in texts)"),
        wrong_code=("import math\n"
                    "def bits_per_byte(probabilities, texts):\n"
                    "    bits = -sum(math.log2(p) for row in probabilities for p in row)\n"
                    "    return bits / sum(len(text) for text in texts)  # characters, not bytes"),
        answer_name="bits_per_byte",
        points=2,
        hidden_cases=apart(_hidden_bits_per_byte, public),
        forbidden=LM,
        level="core",
        asks="function",
    )


# -- 4: the smoothing ----------------------------------------------------------------------------------------

def _kn_bigram_prob(sequences, token, previous, vocab_size, discount) -> float:
    """P(token | previous) of lm's interpolated Kneser–Ney bigram model with one discount at both orders."""
    return lm.train(sequences, order=2, vocab_size=vocab_size, discount=discount).prob(token, (previous,))


SF_WORDS = sorted({word for sentence in SAN_FRANCISCO for word in sentence.split()})
SF_IDS = [[SF_WORDS.index(word) for word in sentence.split()] for sentence in SAN_FRANCISCO]


def _sf(word: str) -> int:
    return SF_WORDS.index(word)


def _hidden_kn(rng) -> list[tuple]:
    """Small corpora over 3-5 ids (vocab_size a few more: some ids are never seen). In every seed: a seen pair, an
    unseen pair after a seen context, an id never seen as a context, one that only ends a sequence (the next
    sequence starts with the token asked for: joining the sequences would make the pair), the start (-1), and
    an id that follows one id only but often (its continuation count is 1: 'Francisco')."""
    cases = []
    for kind in ("seen", "unseen pair", "never seen", "ends a sequence", "start", "francisco", "seen", "unseen pair"):
        letters = rng.randint(3, 5)
        sequences = [[rng.randrange(letters) for _ in range(rng.randint(1, 7))] for _ in range(rng.randint(2, 5))]
        sequences.append([rng.randrange(letters), rng.randrange(letters)])  # at least one pair
        vocab_size = letters + rng.randint(2, 4)
        pairs = sorted({pair for s in sequences for pair in zip(s, s[1:])})
        previous, token = rng.choice(pairs)
        if kind == "unseen pair":
            unseen = [t for t in range(vocab_size) if (previous, t) not in pairs]
            token = rng.choice(unseen)
        elif kind == "never seen":
            previous, token = vocab_size - 1, rng.randrange(letters)
        elif kind == "ends a sequence":
            previous = letters  # only here, last in the first sequence
            sequences[0].append(previous)
            token = sequences[1][0]
        elif kind == "start":
            previous, token = -1, rng.randrange(vocab_size)
        elif kind == "francisco":
            previous, token = letters, letters + 1  # token always follows previous, three to five times
            for _ in range(rng.randint(3, 5)):
                sequences.insert(rng.randrange(len(sequences) + 1), [rng.randrange(letters), previous, token])
            previous = rng.randrange(letters)
        cases.append((sequences, token, previous, vocab_size, rng.choice([0.25, 0.5, 0.75, 0.9])))
    return cases


def q_kn_bigram_prob() -> Question:
    v = len(SF_WORDS) + 2  # two ids no sentence uses
    public = [(SF_IDS, _sf("Francisco"), _sf("San"), v, 0.75), (SF_IDS, _sf("is"), _sf("San"), v, 0.75),
              (SF_IDS, _sf("San"), -1, v, 0.75), (SF_IDS, _sf("the"), _sf("foggy"), v, 0.5),
              (SF_IDS, v - 1, _sf("fog"), v, 0.5), ([[0, 1, 2, 0, 1]], 1, 0, 4, 0.5)]
    return Question(
        name="kn_bigram_prob",
        prompt=("Write kn_bigram_prob(sequences, token, previous, vocab_size, discount) -> P(token | previous) as "
                "lm.train(sequences, order=2, vocab_size=vocab_size, discount=discount).prob(token, (previous,)) "
                "computes it (interpolated Kneser–Ney, notebook 11). sequences: lists of token ids, each on its "
                "own, each preceded by the start marker -1 (a left neighbour and a context, never predicted); "
                "previous may be -1. With D = discount and V = vocab_size: c(v, w) = how often w follows v; "
                "c(v) = the sum of c(v, w) over w; N(v) = how many different tokens follow v; cont(w) = how many "
                "different tokens (-1 included) precede w; T = the sum of cont(w) over w; K = how many tokens have "
                "cont(w) > 0. Then P1(w) = (max(cont(w) − D, 0) + D·K/V) / T, and P(w | v) = (max(c(v, w) − D, 0) "
                "+ D·N(v)·P1(w)) / c(v), or P1(w) if v is never followed by a token."),
        reference=_kn_bigram_prob,
        cases=public,
        compare=lambda got, expected: close(got, expected, 1e-9),
        time_limit=2.0,
        hints=["Count first, in one pass over the sequences with -1 put in front of each: the pairs (v, w) and how "
               "often each occurs. Every number the formulas need comes from that table of pairs.",
               "cont(w) counts different pairs ending in w, not occurrences of w: a token that always follows the "
               "same token has cont(w) = 1, however often it occurs. T is then the number of different pairs.",
               "A context that was never followed by a token (an id never seen, or one that only ends a sequence) "
               "has c(v) = 0: it must not divide by 0, it backs off to P1. Pairs never cross from one sequence into "
               "the next."],
        solution_code=(
            "from collections import Counter\n"
            "def kn_bigram_prob(sequences, token, previous, vocab_size, discount):\n"
            "    pairs = Counter()\n"
            "    for sequence in sequences:\n"
            "        padded = [-1] + list(sequence)\n"
            "        pairs.update(zip(padded, padded[1:]))\n"
            "    cont = Counter(w for (v, w) in pairs)  # different left neighbours of each token\n"
            "    p1 = (max(cont[token] - discount, 0) + discount * len(cont) / vocab_size) / len(pairs)\n"
            "    followers = {w: c for (v, w), c in pairs.items() if v == previous}\n"
            "    if not followers:\n"
            "        return p1\n"
            "    total = sum(followers.values())\n"
            "    return (max(followers.get(token, 0) - discount, 0) + discount * len(followers) * p1) / total"),
        wrong_code=(
            "from collections import Counter\n"
            "def kn_bigram_prob(sequences, token, previous, vocab_size, discount):\n"
            "    pairs, tokens = Counter(), Counter()\n"
            "    for sequence in sequences:\n"
            "        padded = [-1] + list(sequence)\n"
            "        pairs.update(zip(padded, padded[1:]))\n"
            "        tokens.update(sequence)\n"
            "    # how often each token occurs, not its continuation count\n"
            "    p1 = (max(tokens[token] - discount, 0) + discount * len(tokens) / vocab_size) / sum(tokens.values())\n"
            "    followers = {w: c for (v, w), c in pairs.items() if v == previous}\n"
            "    total = sum(followers.values())\n"
            "    return (max(followers.get(token, 0) - discount, 0) + discount * len(followers) * p1) / total"),
        answer_name="kn_bigram_prob",
        points=3,
        hidden_cases=apart(_hidden_kn, public),
        forbidden=LM,
        level="stretch",
        asks="function",
    )


# -- 5-6: what the numbers mean ------------------------------------------------------------------------------

def _two_tokenizers(student: str) -> tuple[int, tuple[int, float], tuple[int, float]]:
    """(bytes of the held-out text, (A's tokens, A's bits per token), (B's ...)): B's tokens are longer and cost
    more bits each; which one needs fewer bits per byte depends on the student."""
    rng = student_rng(student, "11 tokens_or_bytes")
    if rng is None:
        return 12_000, (4_000, 5.1), (2_500, 7.68)
    n_bytes = rng.randrange(8_000, 20_001, 500)
    while True:
        tokens_a, tokens_b = round(n_bytes / rng.uniform(2.6, 3.4)), round(n_bytes / rng.uniform(4.2, 5.4))
        bits_a = round(rng.uniform(4.5, 6.0), 2)
        ratio = rng.choice([rng.uniform(0.85, 0.95), rng.uniform(1.05, 1.15)])  # B's bits per byte over A's
        bits_b = round(tokens_a * bits_a * ratio / tokens_b, 2)
        if bits_b > bits_a and abs(tokens_a * bits_a - tokens_b * bits_b) / n_bytes > 0.03:
            return n_bytes, (tokens_a, bits_a), (tokens_b, bits_b)


def _per_byte(n_bytes: int, a: tuple, b: tuple) -> tuple[float, float, str]:
    per_a, per_b = a[0] * a[1] / n_bytes, b[0] * b[1] / n_bytes
    return per_a, per_b, "A" if per_a < per_b else "B"


def q_tokens_or_bytes(student: str = "") -> Question:
    n_bytes, a, b = _two_tokenizers(student)
    per_a, per_b, better = _per_byte(n_bytes, a, b)
    return Question(
        name="tokens_or_bytes",
        prompt=(f"Two tokenizers cut the same held-out text of {n_bytes:,} UTF-8 bytes: A into {a[0]:,} tokens, B "
                f"into {b[0]:,}. A model trained on A's tokens needs {a[1]} bits per token on it, one trained on B's "
                f"{b[1]} bits per token. Which pair predicts the text better? Answer (A's bits per byte, B's bits "
                "per byte, 'A' or 'B'), the numbers to two decimals. Then, in `why`, explain why bits per token "
                "cannot compare the two."),
        reference=lambda: (per_a, per_b, better),
        compare=_within((TWO_DECIMALS, TWO_DECIMALS, None)),
        hints=["Bits per byte is the model's total bits over the text's bytes. What are the total bits, from the "
               "tokens and the bits per token?",
               "Both tokenizers cut the same text: the bytes are the same for both, the tokens are not."],
        solution_code=(f"per_byte = ({a[0]} * {a[1]} / {n_bytes}, {b[0]} * {b[1]} / {n_bytes}, {better!r})\n"
                       "why = ('Bits per token divides by a number of tokens, and B needs fewer, longer tokens for '\n"
                       "       'the same text: each of its tokens carries more bytes, so it costs more bits. Only '\n"
                       "       'the text is the same for both, so only bits per byte (or the total bits) compares.')"),
        wrong_code=f"per_byte = ({a[1]}, {b[1]}, 'A')  # bits per token: the shorter tokens always look better",
        answer_name="per_byte",
        rubric=(f"Full marks for ({per_a:.2f}, {per_b:.2f}, {better!r}). For the written reason: a model's total bits\n"
                "for a text measure how well it predicts that text; dividing by tokens makes the denominator depend\n"
                "on the tokenizer (B's tokens each carry more bytes, so more bits each), so bits per token favours\n"
                "the tokenizer with the shorter tokens (a byte model has the best bits per token and usually the\n"
                "worst bits per byte). Dividing by the bytes of the same text, the same for both, compares them."),
        points=2,
        level="core",
        asks="explain",
        student=student,
    )


SIZES = (256, 512, 1024, 2048, 4096, 8192)
# Everyone's version: a made-up replication of notebook 11's curve (byte-level BPE, held-out text).
TABLE = {256: (1.00, 2.31), 512: (1.93, 2.12), 1024: (2.62, 2.02), 2048: (3.20, 1.98), 4096: (3.68, 2.03),
         8192: (4.05, 2.14)}


def _table(student: str) -> dict[int, tuple[float, float]]:
    """size -> (bytes per token, bits per byte): bytes per token grows with the size; bits per byte falls, then
    rises, with its lowest at a size between 512 and 4096 that depends on the student."""
    rng = student_rng(student, "11 where_it_turns")
    if rng is None:
        return TABLE
    while True:
        per_token = [1.0]
        for step in range(1, len(SIZES)):
            per_token.append(round(per_token[-1] + rng.uniform(0.9, 1.1) * 0.9 / step, 2))
        lowest, base, bend = rng.randint(1, 4), rng.uniform(1.8, 2.2), rng.uniform(0.02, 0.06)
        per_byte = [round(base + bend * (i - lowest) ** 2 + rng.uniform(0.0, 0.01) + (0.3 if i == 0 else 0), 2)
                    for i in range(len(SIZES))]
        table = dict(zip(SIZES, zip(per_token, per_byte)))
        turn, _, fewest = _turn(table)
        if sorted(per_byte)[0] < sorted(per_byte)[1] and turn == SIZES[lowest] and fewest != turn:
            return table


def _turn(table: dict) -> tuple[int, float, int]:
    """(the size with the fewest bits per byte, its bits per token, the size with the fewest bits per token)."""
    turn = min(table, key=lambda size: table[size][1])
    per_token = {size: bpt * bpb for size, (bpt, bpb) in table.items()}
    return turn, per_token[turn], min(per_token, key=per_token.get)


def q_where_it_turns(student: str = "") -> Question:
    table = _table(student)
    turn, bits_per_token, fewest = _turn(table)
    rows = "; ".join(f"{size}: {bpt:.2f} bytes per token, {bpb:.2f} bits per byte"
                     for size, (bpt, bpb) in table.items())
    return Question(
        name="where_it_turns",
        prompt=("A replication of notebook 11 trained byte-level BPE at six sizes and a trigram model on each "
                f"tokenization, and measured on held-out text: {rows}. At which size does the model predict the "
                "text best? How many bits per token does it need there, and at which size would the fewest bits "
                "per token have pointed? Answer (size, bits per token to two decimals, size). Then, in `why`, say "
                "what the table shows about compressing more and predicting better."),
        reference=lambda: (turn, bits_per_token, fewest),
        compare=_within((None, TWO_DECIMALS, None)),
        hints=["Predicting better means fewer bits for the same text: read the bits per byte column.",
               "A token carries (bytes per token) bytes; each byte costs (bits per byte) bits. So what does a token "
               "cost?"],
        solution_code=(f"turning_point = ({turn}, {table[turn][0]} * {table[turn][1]}, {fewest})\n"
                       "why = ('Bytes per token keeps rising with the size, but bits per byte falls only up to '\n"
                       f"       '{turn} and then rises: past that, compressing more predicts worse (longer tokens, '\n"
                       "       'fewer examples of each for the model to learn from). Bits per token rises with the '\n"
                       f"       'token length, so it points at the smallest vocabulary, {fewest}.')"),
        wrong_code=(f"turning_point = ({SIZES[-1]}, {table[SIZES[-1]][1]}, {turn})  "
                    "# the most compression as the best model"),
        answer_name="turning_point",
        rubric=(f"Full marks for {(turn, round(bits_per_token, 2), fewest)!r}. For the written reason: compression\n"
                f"(bytes per token) grows with every size, but bits per byte is lowest at {turn} and rises after:\n"
                "compressing more predicts better only up to a point (a model with a fixed amount of text sees each\n"
                "of many long tokens fewer times). Bits per token grows with the token length, so it would pick the\n"
                "smallest vocabulary whatever the model: only bits per byte compares tokenizers."),
        points=2,
        level="core",
        asks="explain",
        student=student,
    )


# -- 7: Rényi efficiency -------------------------------------------------------------------------------------

def _hidden_renyi(rng) -> list[tuple]:
    """Counts of 1-9 tokens (some 0), vocabularies larger than what is counted, alpha among 0.5, 1, 2, 2.5, 3: the
    first case always has alpha = 1 (Shannon, the limit), the second tokens counted 0 and unused vocabulary."""
    cases = []
    for index in range(7):
        tokens = rng.sample(["the", "a", "cat", "sat", "on", "mat", "ing", "s", "ed", "tion"],
                            rng.randint(3 if index == 1 else 1, 9))
        counts = {token: rng.choice([0, 1, 2, 3, 5, 8, 13, 40]) for token in tokens}
        if index == 1:
            counts[tokens[0]] = 0
        counts[rng.choice(tokens[1:] or tokens)] = rng.randint(1, 50)  # at least one token counted
        vocab_size = max(2, len(counts)) + (rng.randint(3, 30) if index == 1 else rng.randint(0, 20))
        alpha = 1 if index == 0 else rng.choice([0.5, 1, 2, 2.5, 3])
        cases.append((counts, vocab_size, alpha))
    return cases


def q_renyi_efficiency() -> Question:
    public = [({"a": 5, "b": 5}, 2, 2.5), ({"the": 6, "cat": 3, "sat": 1}, 3, 2.5),
              ({"the": 6, "cat": 3, "sat": 1}, 16, 2.5), ({"the": 6, "cat": 3, "sat": 1, "mat": 0}, 16, 1),
              ({"x": 7}, 4, 3.0)]
    return Question(
        name="renyi_efficiency",
        prompt=("Write renyi_efficiency(token_counts, vocab_size, alpha): token_counts maps a token to how often it "
                "occurs (some counts may be 0); with p the counts over their total, the Rényi entropy is H = "
                "log(sum of p^alpha) / (1 − alpha), and for alpha = 1 Shannon's entropy −sum(p·log p), its limit. "
                "Return H / log(vocab_size): how evenly the tokenizer uses its whole vocabulary (Zouhar et al., "
                "2023; metrics.renyi_efficiency)."),
        reference=metrics.renyi_efficiency,
        cases=public,
        compare=lambda got, expected: close(got, expected, 1e-9),
        hints=["Turn the counts into probabilities first, leaving out the tokens counted 0 (they add nothing, and "
               "log 0 fails).",
               "alpha = 1 makes 1 − alpha zero: that case needs Shannon's formula of its own.",
               "The denominator is the log of the whole vocabulary, used or not: a tokenizer that leaves much of "
               "its vocabulary unused is not efficient. Any base of logarithm works, the same on top and below."],
        solution_code=("import math\n"
                       "def renyi_efficiency(token_counts, vocab_size, alpha):\n"
                       "    total = sum(token_counts.values())\n"
                       "    p = [count / total for count in token_counts.values() if count > 0]\n"
                       "    if alpha == 1:\n"
                       "        entropy = -sum(x * math.log(x) for x in p)\n"
                       "    else:\n"
                       "        entropy = math.log(sum(x ** alpha for x in p)) / (1 - alpha)\n"
                       "    return entropy / math.log(vocab_size)"),
        wrong_code=("import math\n"
                    "def renyi_efficiency(token_counts, vocab_size, alpha):\n"
                    "    total = sum(token_counts.values())\n"
                    "    p = [count / total for count in token_counts.values() if count > 0]\n"
                    "    entropy = -sum(x * math.log(x) for x in p) if alpha == 1 else \\\n"
                    "        math.log(sum(x ** alpha for x in p)) / (1 - alpha)\n"
                    "    return entropy / math.log(len(token_counts))  # the tokens counted, not the vocabulary"),
        answer_name="renyi_efficiency",
        points=2,
        hidden_cases=apart(_hidden_renyi, public),
        forbidden=("bpe_lab.metrics.renyi_efficiency",),
        level="core",
        asks="function",
    )
