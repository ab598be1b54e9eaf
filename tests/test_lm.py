"""The n-gram model (bpe_lab.lm): proper distributions in every context, Kneser–Ney's counts and probabilities
worked out by hand, the counts against counting tuples, bits and bits per byte, bad input; and its speed on the
novel (recorded, not asserted)."""

import math
import random
import time
from collections import Counter

import numpy as np
import pytest
from conftest import TIMINGS

from bpe_lab import _checks, corpus, gpt2, lm

# A tiny corpus in the spirit of "San Francisco": 1 = "San", 2 = "Francisco", 0 = "the", 3 = "city", 4 never
# occurs. "Francisco" occurs as often as "the" and "San" (3 times each), but only ever after "San".
SF = [[1, 2, 0, 1, 2], [3, 1, 2], [0, 3, 0]]


def test_continuation_counts_by_hand():
    # Each token's left neighbours (BOS before each sequence counts as one):
    #   [BOS 1 2 0 1 2]: BOS->1, 1->2, 2->0, 0->1, 1->2
    #   [BOS 3 1 2]:     BOS->3, 3->1, 1->2
    #   [BOS 0 3 0]:     BOS->0, 0->3, 3->0
    # token 0 follows {2, BOS, 3}   -> 3
    # token 1 follows {BOS, 0, 3}   -> 3
    # token 2 follows {1}           -> 1   (3 occurrences, one left neighbour: "Francisco")
    # token 3 follows {BOS, 0}      -> 2
    expected = {0: 3, 1: 3, 2: 1, 3: 2}
    for order in (1, 2, 3, 4):
        assert lm.train(SF, order=order, vocab_size=5).continuation_counts == expected


def test_a_probability_by_hand_at_order_2():
    model = lm.train(SF, order=2, vocab_size=5, discount=0.5)
    # Unigram level (continuation counts {0: 3, 1: 3, 2: 1, 3: 2}: total 9, 4 types), with D = 0.5 and the
    # uniform 1/5 below it: P1(w) = (max(c - 0.5, 0) + 0.5 * 4 * 1/5) / 9 = (max(c - 0.5, 0) + 0.4) / 9
    p1 = {0: 2.9 / 9, 1: 2.9 / 9, 2: 0.9 / 9, 3: 1.9 / 9, 4: 0.4 / 9}  # sums to 9/9
    assert model.distribution(()) == pytest.approx([p1[w] for w in range(5)], abs=1e-12)
    # Context (1,) ("San"): followed by 2 three times (ordinary counts at the top order): total 3, 1 type
    #   P(2 | 1) = (3 - 0.5 + 0.5 * 1 * P1(2)) / 3 = (2.5 + 0.05) / 3 = 0.85
    #   P(0 | 1) = 0.5 * 1 * P1(0) / 3 = 1.45 / 27
    assert model.prob(2, (1,)) == pytest.approx(0.85, abs=1e-12)
    assert model.prob(0, (1,)) == pytest.approx(1.45 / 27, abs=1e-12)
    # Context (0,): followed by 1 once and 3 once: total 2, 2 types
    #   P(3 | 0) = (1 - 0.5 + 0.5 * 2 * P1(3)) / 2 = (0.5 + 1.9 / 9) / 2 = 0.35555...
    #   P(2 | 0) = 0.5 * 2 * P1(2) / 2 = 0.05
    assert model.prob(3, (0,)) == pytest.approx((0.5 + 1.9 / 9) / 2, abs=1e-12)
    assert model.prob(2, (0,)) == pytest.approx(0.05, abs=1e-12)
    # Context (BOS,): each sequence starts with a different token (1, 3, 0): total 3, 3 types
    #   P(0 | BOS) = (1 - 0.5 + 0.5 * 3 * P1(0)) / 3
    assert model.prob(0, (lm.BOS,)) == pytest.approx((0.5 + 1.5 * 2.9 / 9) / 3, abs=1e-12)
    # Context (4,) was never seen: back off with weight 1 to the unigram level
    assert model.prob(2, (4,)) == pytest.approx(p1[2], abs=1e-12)


def test_the_discounts_come_from_the_count_of_counts():
    model = lm.train(SF, order=2, vocab_size=5)
    # order 1: continuation counts 3, 3, 1, 2 -> n1 = 1, n2 = 1 -> D = 1 / (1 + 2) = 1/3
    # order 2: the 9 different bigrams: (1, 2) 3 times, the 8 others once -> n1 = 8, n2 = 0 -> D = 1, kept at 0.9
    assert model.discounts == {2: 0.9, 1: pytest.approx(1 / 3)}
    assert lm.train(SF, order=2, discount=0.25).discounts == {2: 0.25, 1: 0.25}


def test_order_1_is_the_interpolated_unigram():
    # Order 1 has only the top order: ordinary counts {0: 3, 1: 3, 2: 3, 3: 2} (11 tokens, 4 types), then uniform
    model = lm.train(SF, order=1, vocab_size=5, discount=0.5)
    counts = {0: 3, 1: 3, 2: 3, 3: 2, 4: 0}
    expected = [(max(counts[w] - 0.5, 0) + 0.5 * 4 / 5) / 11 for w in range(5)]
    for context in [(), (1,), (lm.BOS, 1, 2)]:  # order 1 ignores any context
        assert model.distribution(context) == pytest.approx(expected, abs=1e-12)
    assert model.prob(2) == pytest.approx((2.5 + 0.4) / 11, abs=1e-12)


def test_bits_and_bits_per_byte_by_hand():
    model = lm.train(SF, order=2, vocab_size=5, discount=0.5)
    p1 = lambda w: (max({0: 3, 1: 3, 2: 1, 3: 2}.get(w, 0) - 0.5, 0) + 0.4) / 9  # noqa: E731 (as above)
    # [1, 2]: P(1 | BOS) * P(2 | 1), with P(1 | BOS) = (0.5 + 0.5 * 3 * P1(1)) / 3 and P(2 | 1) = 0.85
    bits_12 = -math.log2((0.5 + 1.5 * p1(1)) / 3 * 0.85)
    bits_0 = -math.log2((0.5 + 1.5 * p1(0)) / 3)
    assert model.bits([1, 2]) == pytest.approx(bits_12, abs=1e-12)
    assert model.bits([]) == 0.0
    assert lm.bits_per_byte(model, [[1, 2], [0]], n_bytes=10) == pytest.approx((bits_12 + bits_0) / 10, abs=1e-12)
    # an order-1 model of two equally likely tokens: 1 bit per token
    fair = lm.train([[0, 1]], order=1, vocab_size=2, discount=0.5)
    assert lm.bits_per_byte(fair, [[0, 1, 1, 0]], n_bytes=8) == 0.5


def test_bits_scores_each_token_given_its_context():
    model = lm.train(SF, order=3, vocab_size=5)
    sequence = [3, 1, 2, 0, 4]
    expected = -sum(math.log2(model.prob(token, (lm.BOS, *sequence[:i]))) for i, token in enumerate(sequence))
    assert model.bits(sequence) == pytest.approx(expected, abs=1e-9)
    assert model.bits(np.array(sequence)) == pytest.approx(expected, abs=1e-9)


def random_corpus(seed: int, vocab_size: int = 12, sequences: int = 30):
    rng = random.Random(seed)
    # a skewed distribution and a little structure (token t often followed by t + 1), so contexts repeat
    def token(previous):
        return (previous + 1) % vocab_size if previous is not None and rng.random() < 0.5 else \
            min(int(rng.expovariate(0.4)), vocab_size - 2)  # the last id never occurs
    corpus_ = []
    for _ in range(sequences):
        sequence, previous = [], None
        for _ in range(rng.randint(0, 12)):
            previous = token(previous)
            sequence.append(previous)
        corpus_.append(sequence)
    return corpus_


@pytest.mark.parametrize("order", [1, 2, 3, 4])
def test_every_context_gives_a_distribution_over_the_whole_vocabulary(order):
    sequences, vocab_size = random_corpus(order), 12
    model = lm.train(sequences, order=order, vocab_size=vocab_size)
    seen = {tuple([lm.BOS, *s][max(0, i - 3):i]) for s in sequences for i in range(1, len(s) + 2)}
    unseen = [(11,), (11, 11, 11), (5, 11), (11, 5), (lm.BOS, 11), (lm.BOS, 11, 0)]
    longer = [(lm.BOS, 0, 1, 2, 3, 4, 5), tuple(range(10))]  # cut to the last order - 1 ids
    contexts = sorted(seen) + unseen + longer + [(), (lm.BOS,)]
    assert len(seen) > 20
    for context in contexts:
        distribution = model.distribution(context)
        assert distribution.shape == (vocab_size,)
        assert abs(distribution.sum() - 1) < 1e-9, context
        assert (distribution > 0).all(), context
        for token in (0, 3, 11):
            assert model.prob(token, context) == pytest.approx(distribution[token], rel=1e-12, abs=0)
        assert model.prob(4, list(context)) == pytest.approx(distribution[4], rel=1e-12, abs=0)


def counted_as_tuples(sequences, order):
    """``model.counts`` by the module's definition, with a Counter of tuples: the ordinary count at the top order and
    after BOS, below it the number of different tokens that precede the n-gram."""
    ordinary = {k: Counter() for k in range(1, order + 2)}
    for sequence in sequences:
        padded = (lm.BOS, *sequence)
        for k, counts in ordinary.items():
            counts.update(zip(*(padded[i:] for i in range(k))))
    ordinary[1].pop((lm.BOS,), None)  # BOS is never predicted
    used = {order: ordinary[order]}
    for k in range(order - 1, 0, -1):
        used[k] = Counter(ngram[1:] for ngram in ordinary[k + 1])
        used[k].update({ngram: count for ngram, count in ordinary[k].items() if ngram[0] == lm.BOS})
    by_context = {k: {} for k in used}
    for k, counts in used.items():
        for ngram, count in counts.items():
            by_context[k].setdefault(ngram[:-1], {})[ngram[-1]] = count
    return by_context


@pytest.mark.parametrize("order", [1, 2, 3, 4])
@pytest.mark.parametrize("vocab_size", [12, 100_000])
def test_the_counts_are_the_tuples_counted_and_bits_adds_up_prob(order, vocab_size):
    """lm counts with NumPy, each n-gram as a number (its ids the digits in base vocab_size + 1): the counts are what
    counting tuples gives, over 30 sequences (some empty, so contexts must not cross from one into the next), and
    bits is exactly the sum of -log2 prob over the positions (the same floats in the same order). 100,000 ids make
    a 4-gram's number too large for int64 (Python ints then), the 3-gram's not."""
    spread = (lambda t: t) if vocab_size == 12 else (lambda t: t * 7919 % vocab_size)  # 7919 is prime: no collision
    sequences = [[spread(t) for t in sequence] for sequence in random_corpus(10 + order)]
    model = lm.train(sequences, order=order, vocab_size=vocab_size)
    assert model.counts == counted_as_tuples(sequences, order)
    assert model.continuation_counts == dict(sorted(Counter(
        token for _, token in {pair for s in sequences for pair in zip([lm.BOS, *s], s)}).items()))
    for sequence in sequences[:10] + [[spread(11), spread(0), spread(11)], [vocab_size - 1] * 5]:  # unseen ids too
        expected = -sum(math.log2(model.prob(token, (lm.BOS, *sequence[:i]))) for i, token in enumerate(sequence))
        assert model.bits(sequence) == expected


@pytest.mark.parametrize("discount", [None, 0.1, 0.99])
def test_fixed_discounts_and_a_large_vocabulary(discount):
    model = lm.train(random_corpus(7), order=3, vocab_size=1000, discount=discount)
    for context in [(), (lm.BOS,), (0, 1), (999, 1), (998, 999)]:
        distribution = model.distribution(context)
        assert abs(distribution.sum() - 1) < 1e-9 and (distribution > 0).all()


def test_sequences_are_modelled_on_their_own():
    model = lm.train([[0, 1], [2, 3]], order=2)
    assert (1,) not in model.counts[2]  # 1 ends its sequence: nothing follows it
    assert model.counts[2][(lm.BOS,)] == {0: 1, 2: 1}  # both starts are seen after BOS
    assert model.vocab_size == 4


def test_bos_is_never_predicted_and_may_only_start_a_context():
    model = lm.train(SF, order=3, vocab_size=5)
    assert lm.BOS == _checks.lm._BOS  # the checks know the marker too
    assert len(model.distribution((lm.BOS,))) == 5  # no entry for BOS
    with pytest.raises(ValueError, match="lm.BOS only appears in contexts, it is never predicted"):
        model.prob(lm.BOS, (0,))
    with pytest.raises(ValueError, match=r"context\[1\] = -1 is not a token id in range\(vocab_size=5\); lm.BOS"):
        model.prob(0, (0, lm.BOS))
    with pytest.raises(ValueError, match=r"sequences\[0\]\[0\] = -1 is not a token id"):
        lm.train([[lm.BOS, 0]])


def test_an_empty_corpus_gives_the_uniform_distribution():
    model = lm.train([[], []], order=3, vocab_size=4)
    assert model.distribution((1, 2)) == pytest.approx([0.25] * 4)
    assert model.continuation_counts == {}
    with pytest.raises(ValueError, match="sequences hold no tokens: pass some token ids, or vocab_size="):
        lm.train([[]])


def test_inputs_it_accepts():
    as_lists = lm.train([[0, 1, 2], [2, 1]], order=2)
    for sequences in ([(0, 1, 2), (2, 1)], [np.array([0, 1, 2]), np.array([2, 1], dtype=np.uint16)],
                      (s for s in [[0, 1, 2], [2, 1]]), [bytes([0, 1, 2]), bytes([2, 1])]):
        model = lm.train(sequences, order=2)
        assert model.counts == as_lists.counts and model.vocab_size == 3
    assert repr(as_lists) == "NGramModel(order=2, vocab_size=3)"
    assert isinstance(as_lists.prob(np.int64(1), (np.int64(0),)), float)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: lm.train("the cat"), TypeError, r"sequences must be a list of token-id sequences"),
        (lambda: lm.train([0, 1, 2]), TypeError, r"got a list of ids: wrap one sequence in a list, \[ids\]"),
        (lambda: lm.train(["the cat"]), TypeError, r"sequences\[0\] must be a sequence of token ids .* not a str"),
        (lambda: lm.train([[0, 1.5]]), TypeError, r"sequences\[0\]\[1\] must be a whole-number token id, got 1.5"),
        (lambda: lm.train([[0, True]]), TypeError, r"sequences\[0\]\[1\] must be a whole-number token id"),
        (lambda: lm.train([[0, 7]], vocab_size=5), ValueError, r"sequences\[0\]\[1\] = 7 is not a token id in "
                                                               r"range\(vocab_size=5\)"),
        (lambda: lm.train([[0]], order=0), ValueError, r"order must be a whole number from 1 to 4"),
        (lambda: lm.train([[0]], order=5), ValueError, r"order must be a whole number from 1 to 4"),
        (lambda: lm.train([[0]], order="3"), TypeError, r"order must be a whole number from 1 to 4"),
        (lambda: lm.train([[0]], vocab_size=0), ValueError, r"vocab_size must be a whole number of at least 1"),
        (lambda: lm.train([[0]], discount=1.5), ValueError, r"discount must be None .* or a number between 0 and 1"),
        (lambda: lm.train([[0]], discount=0), ValueError, r"discount must be between 0 and 1 \(exclusive\)"),
        (lambda: lm.train([[0]], discount="0.5"), TypeError, r"discount must be None"),
        (lambda: lm.train([[0, 1]]).prob(2), ValueError, r"token must be a token id in range\(vocab_size=2\), got 2"),
        (lambda: lm.train([[0, 1]]).prob("a"), TypeError, r"token must be a whole number"),
        (lambda: lm.train([[0, 1]]).prob(0, 1), TypeError, r"context must be a tuple .* write a one-token context"),
        (lambda: lm.train([[0, 1]]).prob(0, "ab"), TypeError, r"context must be a sequence of token ids .* not a str"),
        (lambda: lm.train([[0, 1]]).distribution((5,)), ValueError, r"context\[0\] = 5 is not a token id"),
        (lambda: lm.train([[0, 1]]).bits("ab"), TypeError, r"sequence must be a sequence of token ids"),
        (lambda: lm.train([[0, 1]]).bits([0, 2]), ValueError, r"sequence\[1\] = 2 is not a token id"),
        (lambda: lm.bits_per_byte("model", [[0]], 10), TypeError, r"model must be an n-gram model from lm.train"),
        (lambda: lm.bits_per_byte(lm.train([[0]]), [[0]], 0), ValueError, r"n_bytes must be the number of UTF-8"),
        (lambda: lm.bits_per_byte(lm.train([[0]]), [0], 1), TypeError, r"wrap one sequence in a list"),
    ],
)
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_speed_on_the_novel():
    """Train order 3 on the novel's GPT-2 tokens (all but the last 50,000) and score those 50,000: measured and
    shown in the test summary's timings, not asserted (the machine decides)."""
    ids = gpt2.load().encode_ordinary(corpus.load_text())
    training, held_out = ids[:-50_000], ids[-50_000:]
    started = time.perf_counter()
    model = lm.train([training], order=3, vocab_size=50257)
    TIMINGS["lm: order-3 model on the novel's GPT-2 tokens"] = time.perf_counter() - started
    started = time.perf_counter()
    bits = model.bits(held_out)
    TIMINGS["lm: bits of 50,000 held-out GPT-2 tokens (order 3)"] = time.perf_counter() - started
    assert 3 < bits / len(held_out) < 12  # bits per token: far better than uniform (15.6 bits), far from perfect
    assert abs(model.distribution(tuple(held_out[:2])).sum() - 1) < 1e-9
