"""Metrics on worked examples and on a real tokenizer; bad input. (The plots that draw them: test_plots.py.)"""

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
