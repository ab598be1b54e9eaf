"""Exercise set 11 (beyond compression): its references say what the prompts say, its hidden cases catch each
function question's classic slips for every seed, and its value questions hold what their rubrics claim.

- ``kn_bigram_prob``'s reference is ``lm.train(..., order=2).prob``: it must be the formula the prompt spells out
  (written again here from the prompt), and match a probability worked out by hand;
- the classic slips (bits over characters, over tokens or as a mean of ratios; raw frequencies instead of
  continuation counts, no start marker, sequences run together, a division by zero on an unseen context;
  Rényi without its alpha = 1 limit or over the tokens counted; greedy longest match, another tie rule) fail a
  hidden case for each of 200 instructor seeds, and each question's solution passes every one;
- everyone's value answers, worked out by hand; the dropout answer against ``segmentation.bpe_dropout``;
- the set builds in well under half a second (the project's models are trained only when its answer is asked).
"""

import math
import random
from collections import Counter

import pytest

from bpe_lab import metrics, segmentation
from bpe_lab.homework import set_11
from bpe_lab.homework.sets import _ex11_segmentations as segmentations
from bpe_lab.homework.sets import ex11_beyond_compression as ex11

SEEDS = [f"instructor seed {n}" for n in range(200)]
QUESTIONS = set_11()


def defined(question):
    """The function the question's solution (or wrong answer) defines."""
    space = {}
    exec(question.solution_code, space)
    return space[question.answer_name]


def wrong(question):
    space = {}
    exec(question.wrong_code, space)
    return space[question.answer_name]


def fails_a_case(function, question, cases, expected) -> bool:
    """Whether ``function`` gets at least one case wrong (raising counts as wrong, as in grading)."""
    for args, want in zip(cases, expected):
        try:
            if not question.compare(function(*args), want):
                return True
        except Exception:
            return True
    return False


# -- the slips -----------------------------------------------------------------------------------------------

def bits_over_characters(probabilities, texts):
    return -sum(math.log2(p) for row in probabilities for p in row) / sum(len(t) for t in texts)


def bits_per_token(probabilities, texts):
    return -sum(math.log2(p) for row in probabilities for p in row) / sum(len(row) for row in probabilities)


def mean_of_ratios(probabilities, texts):
    ratios = [-sum(math.log2(p) for p in row) / len(t.encode("utf-8")) for row, t in zip(probabilities, texts)]
    return sum(ratios) / len(ratios)


def natural_log(probabilities, texts):
    return -sum(math.log(p) for row in probabilities for p in row) / sum(len(t.encode("utf-8")) for t in texts)


def kn(sequences, token, previous, vocab_size, discount, *, start=True, joined=False, types=True, discounted=True,
       frequency=False, backoff=True):
    """The prompt's formula, written again from it; each keyword switches one classic slip on."""
    padded = [[-1] * start + list(s) for s in sequences]
    if joined:
        padded = [[token for s in padded for token in s]]
    pairs = Counter(pair for s in padded for pair in zip(s, s[1:]))
    if frequency:  # how often each token occurs, instead of how many different tokens precede it
        cont = Counter(t for s in padded for t in s[1:] if t != -1)
    else:
        cont = Counter(w for (_, w) in pairs)
    total = sum(cont.values())
    d = discount if discounted else 0.0
    p1 = (max(cont[token] - d, 0) + d * len(cont) / vocab_size) / total
    followers = {w: c for (v, w), c in pairs.items() if v == previous}
    if not followers and backoff:
        return p1
    c = sum(followers.values())
    n = len(followers) if types else c
    return (max(followers.get(token, 0) - discount, 0) + discount * n * p1) / c


def renyi_without_the_limit(counts, vocab_size, alpha):
    p = [c / sum(counts.values()) for c in counts.values() if c > 0]
    return math.log(sum(x ** alpha for x in p)) / (1 - alpha) / math.log(vocab_size)


def renyi_over_tokens_counted(counts, vocab_size, alpha):
    return metrics.renyi_efficiency(counts, max(2, sum(1 for c in counts.values() if c > 0)), alpha)


def greedy_longest(text, vocab):
    pieces, i = [], 0
    while i < len(text):
        j = max(j for j in range(i + 1, len(text) + 1) if text[i:j] in vocab)
        pieces.append(text[i:j])
        i = j
    return pieces


def shortest_path_from_the_left(text, vocab):
    """The fewest tokens, but ties broken by keeping the first back-pointer found (the shortest last piece)."""
    best, back = [0] + [math.inf] * len(text), [0] * (len(text) + 1)
    for end in range(1, len(text) + 1):
        for start in range(end):
            if text[start:end] in vocab and best[start] + 1 < best[end]:
                best[end], back[end] = best[start] + 1, start
    pieces, end = [], len(text)
    while end:
        pieces.append(text[back[end]:end])
        end = back[end]
    return pieces[::-1]


SLIPS = {
    "bits_per_byte": [bits_over_characters, bits_per_token, mean_of_ratios, natural_log],
    "kn_bigram_prob": [lambda *a: kn(*a, frequency=True), lambda *a: kn(*a, start=False),
                       lambda *a: kn(*a, joined=True), lambda *a: kn(*a, backoff=False),
                       lambda *a: kn(*a, types=False), lambda *a: kn(*a, discounted=False)],
    "renyi_efficiency": [renyi_without_the_limit, renyi_over_tokens_counted],
    "fewest_tokens": [greedy_longest, shortest_path_from_the_left],
}


@pytest.mark.parametrize("name", sorted(SLIPS))
def test_the_classic_slips_fail_a_hidden_case_for_every_seed(name):
    question = QUESTIONS[name]
    solution, slips = defined(question), [wrong(question)] + SLIPS[name]
    for seed in SEEDS:
        cases = question.hidden(seed)
        expected = [question.reference(*case) for case in cases]
        assert not fails_a_case(solution, question, cases, expected), seed
        for slip in slips:
            assert fails_a_case(slip, question, cases, expected), (seed, getattr(slip, "__name__", slip))


@pytest.mark.parametrize("name", sorted(SLIPS))
def test_the_public_cases_tell_a_student_about_the_slips_too(name):
    question = QUESTIONS[name]
    expected = [question.reference(*case) for case in question.cases]
    told = [fails_a_case(slip, question, question.cases, expected) for slip in SLIPS[name]]
    assert sum(told) >= len(told) - 1, told  # at most one slip is left for the hidden cases alone


# -- the references ------------------------------------------------------------------------------------------

def test_kn_bigram_prob_is_the_formula_in_the_prompt_and_a_probability_worked_out_by_hand():
    question = QUESTIONS["kn_bigram_prob"]
    for case in list(question.cases) + [case for seed in SEEDS[:30] for case in question.hidden(seed)]:
        assert math.isclose(question.reference(*case), kn(*case), rel_tol=1e-12), case
    # San Francisco: 17 different pairs (start included), 11 tokens preceded by something, 13 ids; 'San' is
    # followed 4 times, always by 'Francisco', whose continuation count is 1.
    p1 = (1 - 0.75 + 0.75 * 11 / 13) / 17
    by_hand = (4 - 0.75 + 0.75 * 1 * p1) / 4
    sf = ex11.SF_IDS, ex11._sf("Francisco"), ex11._sf("San"), 13, 0.75
    assert math.isclose(question.reference(*sf), by_hand, rel_tol=1e-12)
    assert math.isclose(question.reference(ex11.SF_IDS, 0, ex11._sf("foggy"), 13, 0.75), p1, rel_tol=1e-12)


def test_kn_bigram_prob_sums_to_one_over_the_vocabulary_in_every_hidden_case():
    question = QUESTIONS["kn_bigram_prob"]
    for seed in SEEDS[:20]:
        for sequences, _, previous, vocab_size, discount in question.hidden(seed):
            total = sum(question.reference(sequences, token, previous, vocab_size, discount)
                        for token in range(vocab_size))
            assert math.isclose(total, 1.0, rel_tol=1e-12), (seed, previous)


def test_fewest_tokens_is_the_segmentation_of_bpe_lab():
    question = QUESTIONS["fewest_tokens"]
    for case in list(question.cases) + [case for seed in SEEDS[:50] for case in question.hidden(seed)]:
        assert question.reference(*case) == segmentation.fewest_tokens(*case), case


# -- the value questions -------------------------------------------------------------------------------------

def test_everyone_s_values_worked_out_by_hand():
    values = {name: q.reference() for name, q in QUESTIONS.items() if not q.is_function_question}
    assert values["bits_by_hand"] == (11.0, 11 / 12)  # 2 + 3 + 1 + 4 + 1 bits; 'naïve café' is 12 bytes
    assert values["continuation_count"] == (4, 1, 2)  # 'fog' follows 'the' and the start of a sentence
    assert values["tokens_or_bytes"] == pytest.approx((1.7, 1.6, "B"))  # B: worse per token, better per byte
    assert values["where_it_turns"] == (2048, pytest.approx(3.20 * 1.98), 256)
    assert values["dropout_chain"] == pytest.approx((0.9 ** 4, 0.5 + 0.09 * 4 + 0.081 * 3 + 0.0729 * 2 + 0.6561))


def test_the_dropout_answer_is_what_bpe_dropout_samples():
    rng = random.Random(11)
    for student in ("", "alice", "bob"):
        word, p = segmentations._chain(student)
        merges = [(word[:i], word[i]) for i in range(1, len(word))]
        samples = [segmentation.bpe_dropout(word, merges, p, rng) for _ in range(20_000)]
        whole, tokens = segmentations._dropout_chain(word, p)
        assert sum(s == [word] for s in samples) / len(samples) == pytest.approx(whole, abs=0.015), student
        assert sum(map(len, samples)) / len(samples) == pytest.approx(tokens, abs=0.03), student


@pytest.mark.parametrize("student", ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"])
def test_every_student_s_version_holds_what_its_prompt_and_rubric_say(student):
    questions = set_11(student=student)
    n_bytes, a, b = ex11._two_tokenizers(student)
    assert b[1] > a[1] and b[0] < a[0]  # B: fewer, longer tokens, more bits each
    table = ex11._table(student)
    turn, _, fewest = ex11._turn(table)
    assert 256 < turn < 8192 and fewest == 256
    assert [bpt for bpt, _ in table.values()] == sorted(bpt for bpt, _ in table.values())
    sentences, word, starter = ex11._corpus(student)
    assert ex11.START in ex11._left_neighbours(sentences, starter)
    assert len(ex11._left_neighbours(sentences, starter)) >= 2
    bits_256, bits_1000, bits_3000 = questions["size_and_prediction"].reference()
    assert bits_1000 < bits_3000 < bits_256  # the rubric's claim: best at 1000, worse at 3000, bytes far behind


def test_the_set_trains_nothing_until_asked():
    """Building the set (for anyone) trains no tokenizer and no model: what makes it quick, checked without a
    clock (speeds are measured in benchmarks/, never asserted)."""
    segmentations._size_and_prediction.cache_clear()
    for student in ("", "alice", "bob"):
        set_11(student=student)
    assert segmentations._size_and_prediction.cache_info().currsize == 0
