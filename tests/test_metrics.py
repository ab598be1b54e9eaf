"""Metrics on worked examples and on a real tokenizer; the Rényi efficiency against its formula; bad input. (The plots that draw them: test_plots.py.)"""

import math
from collections import Counter

import pytest

from bpe_lab import metrics
from bpe_lab.tokenizer import Tokenizer


def test_worked_examples():
    assert metrics.count_tokens(str.split, "to be or not") == 4
    assert metrics.bytes_per_token(str.split, "to be or not") == 3.0
    assert metrics.bytes_per_token(list, "né") == 1.5  # 3 bytes, 2 characters
    assert metrics.chars_per_token(list, "né") == 1.0
    assert metrics.fertility(str.split, "to be or not") == 1.0
    assert metrics.whole_word_share(lambda w: [w], ["a", "b"]) == 1.0
    assert metrics.cost_per_language(str.split, {"eng": "a b", "fra": "a b c"}) == {"eng": 1.0, "fra": 1.5}
    assert metrics.vocabulary_overlap(["a"], ["a"]) == {"shared": 1, "share_of_first": 1.0,
                                                         "share_of_second": 1.0, "jaccard": 1.0}


def test_a_ratio_to_english_does_not_compare_tokenizers():
    """Two tokenizers that spend the same 7 tokens on the French text but not the same on the English one: their
    ratios differ by the English count alone (as GPT-2's and our Tamil ratios do in notebook 07)."""
    texts = {"eng": "the cat", "fra": "le chat"}
    words_in_english = lambda text: text.split() if text == texts["eng"] else list(text)  # noqa: E731
    assert metrics.count_tokens(words_in_english, texts["fra"]) == metrics.count_tokens(list, texts["fra"]) == 7
    assert metrics.cost_per_language(words_in_english, texts)["fra"] == 3.5
    assert metrics.cost_per_language(list, texts)["fra"] == 1.0


def test_with_a_real_tokenizer():
    byte_level = Tokenizer()  # no merges: one token per byte
    assert metrics.bytes_per_token(byte_level.encode, "naïve") == 1.0
    assert metrics.fertility(byte_level.encode, "hi there") == 4.0


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: metrics.bytes_per_token("split", "text"), TypeError, "tokenize must be a function"),
        (lambda: metrics.bytes_per_token(str.split, "   "), ValueError, "text is empty"),
        (lambda: metrics.fertility(str.split, 5), TypeError, "text must be a str"),
        (lambda: metrics.whole_word_share(list, []), ValueError, "words is empty"),
        (lambda: metrics.cost_per_language(list, {"fra": "chat"}), ValueError, "includes the reference 'eng'"),
        (lambda: metrics.vocabulary_overlap([], ["a"]), ValueError, "at least one piece"),
    ],
)
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


def renyi_by_the_formula(counts, vocab_size, alpha):
    """H_alpha(p) / log |V| straight from the definition (Zouhar et al., 2023), in bits, for the tests below."""
    total = sum(counts)
    p = [count / total for count in counts if count > 0]
    if alpha == 1:
        entropy = -sum(q * math.log2(q) for q in p)
    else:
        entropy = math.log2(sum(q**alpha for q in p)) / (1 - alpha)
    return entropy / math.log2(vocab_size)


@pytest.mark.parametrize("alpha", [0, 0.5, 1, 2, 2.5, 10])
def test_renyi_efficiency_is_its_formula(alpha):
    counts = Counter("the cat sat on the mat and the dog sat on the log")  # characters as tokens
    expected = renyi_by_the_formula(list(counts.values()), 40, alpha)
    assert metrics.renyi_efficiency(counts, 40, alpha=alpha) == pytest.approx(expected, rel=1e-12)
    assert metrics.renyi_efficiency(list(counts.values()) + [0, 0], 40, alpha) == pytest.approx(expected, rel=1e-12)
    assert 0 < expected < 1


def test_renyi_efficiency_at_its_ends():
    for alpha in (0, 1, 2.5, 100):
        assert metrics.renyi_efficiency([7] * 50, 50, alpha) == pytest.approx(1.0)  # uniform over the vocabulary
        assert metrics.renyi_efficiency({"x": 12}, 50, alpha) == 0.0  # one token only
    assert metrics.renyi_efficiency({"a": 2, "b": 1, "c": 1}, 4, alpha=1) == 0.75  # 1.5 bits of a possible 2
    # alpha = 1 is the limit of the others; a larger alpha weighs the frequent tokens more, so the value falls
    skewed = [1000, 10, 10, 1, 1]
    assert metrics.renyi_efficiency(skewed, 8, 1 + 1e-7) == pytest.approx(metrics.renyi_efficiency(skewed, 8, 1), 1e-5)
    values = [metrics.renyi_efficiency(skewed, 8, alpha) for alpha in (0, 0.5, 1, 2, 2.5, 1000)]
    assert values == sorted(values, reverse=True) and values[-1] > 0


def test_renyi_efficiency_of_a_tokenizer():
    ids = Tokenizer().encode("to be or not to be")  # bytes: 9 different ones of 256
    value = metrics.renyi_efficiency(Counter(ids), 256)
    assert value == pytest.approx(renyi_by_the_formula(list(Counter(ids).values()), 256, 2.5))


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: metrics.renyi_efficiency("abc", 10), TypeError, r"token_counts must be a mapping token -> count"),
        (lambda: metrics.renyi_efficiency(5, 10), TypeError, r"token_counts must be a mapping token -> count"),
        (lambda: metrics.renyi_efficiency({"a": "x"}, 10), TypeError, r"token_counts must hold counts \(numbers\)"),
        (lambda: metrics.renyi_efficiency([1, -1], 10), ValueError, r"token_counts must hold counts of 0 or more"),
        (lambda: metrics.renyi_efficiency([0, 0], 10), ValueError, r"token_counts holds no positive count"),
        (lambda: metrics.renyi_efficiency([], 10), ValueError, r"token_counts holds no positive count"),
        (lambda: metrics.renyi_efficiency([1, 1, 1], 2), ValueError, r"3 different tokens, more than vocab_size=2"),
        (lambda: metrics.renyi_efficiency([1], 1), ValueError, r"vocab_size must be a whole number of at least 2"),
        (lambda: metrics.renyi_efficiency([1], 2.5), TypeError, r"vocab_size must be a whole number"),
        (lambda: metrics.renyi_efficiency([1], 10, -1), ValueError, r"alpha must be a number >= 0"),
        (lambda: metrics.renyi_efficiency([1], 10, float("inf")), ValueError, r"alpha must be a number >= 0"),
    ],
)
def test_renyi_efficiency_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()
