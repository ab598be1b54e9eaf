"""Metrics on worked examples, and the comparison plots draw what they are given."""

import pytest
from matplotlib.figure import Figure

from bpe_lab import metrics, plots
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


def test_comparison_plots():
    ax = Figure().add_subplot()
    plots.compression_curves(ax, {"BPE": ([500, 1000], [3.0, 3.5]), "Unigram": ([500, 1000], [2.9, 3.4])})
    assert len(ax.lines) == 2 and ax.get_xlabel().startswith("vocabulary size")
    ax = Figure().add_subplot()
    plots.language_bars(ax, {"ours": {"eng": 1.0, "fra": 2.0}, "gpt2": {"eng": 1.0, "fra": 1.5}}, {"fra": "French"})
    assert len(ax.patches) == 4 and "French" in [t.get_text() for t in ax.get_yticklabels()]
    table = plots.html_segmentation_table(["cats"], {"chars": list, "whole": lambda w: [w]})
    assert table.count("bpe-chip") == 5 and "<th>chars</th>" in table
    with pytest.raises(ValueError, match="curves is empty"):
        plots.compression_curves(Figure().add_subplot(), {})
