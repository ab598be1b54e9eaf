"""Wrong types and values get a ValueError or TypeError that says what to pass, from the public function."""

import pytest

from bpe_lab import bpe, corpus, widgets

HUG = {"hug": 10, "pug": 5}
MERGES = [("u", "g")]


@pytest.mark.parametrize(
    "num_merges, error, message",
    [
        (-1, ValueError, "num_merges must be 0 or more"),
        (2.5, TypeError, "num_merges must be a whole number"),
        (3.0, TypeError, "num_merges must be a whole number"),
        ("3", TypeError, "num_merges must be a whole number"),
        (None, TypeError, "num_merges must be a whole number"),
        (True, TypeError, "num_merges must be a whole number"),
    ],
)
def test_train_num_merges(num_merges, error, message):
    with pytest.raises(error, match=message):
        bpe.train(HUG, num_merges)


@pytest.mark.parametrize(
    "bad_corpus, error, message",
    [
        ({}, ValueError, "corpus is empty"),
        ("", ValueError, "corpus is empty"),
        ("   \n ", ValueError, "corpus is empty"),
        ([], ValueError, "corpus is empty"),
        (42, TypeError, "corpus must be a text"),
        (b"hug", TypeError, "corpus must be a text"),
        ({("h", 1): 2}, TypeError, "every symbol must be a str"),
        ({("h", ""): 2}, ValueError, "must not be empty"),
        ({42: 2}, TypeError, "a word must be a str or a tuple/list of symbols"),
        ({"hug": 0}, ValueError, "must be positive"),
        ({"hug": -3}, ValueError, "must be positive"),
        ({"hug": 1.5}, TypeError, "must be a whole number"),
        ({"hug": "10"}, TypeError, "must be a whole number"),
        ({(): 3}, ValueError, "at least one symbol"),
        ({("h", b"u"): 1}, TypeError, "do not mix str and bytes"),
        ({"hug": 1, b"hug": 1}, TypeError, "not both"),
    ],
)
def test_train_corpus(bad_corpus, error, message):
    with pytest.raises(error, match=message):
        bpe.train(bad_corpus, 3)


def test_train_tie_break():
    with pytest.raises(ValueError, match="tie_break must be one of"):
        bpe.train(HUG, 3, tie_break="random")


@pytest.mark.parametrize("function", [bpe.encode, bpe.replay, bpe.wrong_encode_by_frequency, bpe.encode_trace])
@pytest.mark.parametrize(
    "symbols, merges, error, message",
    [
        ("hug", [("u",)], ValueError, r"merges\[0\] must be a pair"),
        ("hug", [("u", "g", "s")], ValueError, r"merges\[0\] must be a pair"),
        ("hug", ["ug"], ValueError, r"merges\[0\] must be a pair"),
        ("hug", "ug", TypeError, "merges must be a list of"),
        ("hug", 5, TypeError, "merges must be a list of"),
        ("hug", [("u", 7)], TypeError, "every symbol must be a str"),
        ("hug", [("u", "g"), ("u", "g")], ValueError, "repeats the pair"),
        ("hug", [(b"u", b"g")], TypeError, "pass both as str or both as bytes"),
        ("hug", [("u", "g"), (b"h", b"ug")], TypeError, "not both"),
        (123, MERGES, TypeError, "a word must be a str or a tuple/list of symbols"),
        (["h", 3], MERGES, TypeError, "every symbol must be a str"),
        (None, MERGES, TypeError, "a word must be a str"),
    ],
)
def test_encoders(function, symbols, merges, error, message):
    with pytest.raises(error, match=message):
        function(symbols, merges)


def test_merge_pair_and_pair_counts():
    with pytest.raises(ValueError, match="must be a pair"):
        bpe.merge_pair("hug", ("u",))
    with pytest.raises(TypeError, match="corpus must be a text"):
        bpe.pair_counts(3.14)


def test_corpus_functions():
    with pytest.raises(TypeError, match="text must be a str"):
        corpus.word_counts(b"bytes")
    with pytest.raises(ValueError, match="must not be empty"):
        corpus.split_word("")
    with pytest.raises(ValueError, match="end_of_word must be a non-empty str"):
        corpus.split_word("low", end_of_word="")
    with pytest.raises(TypeError, match="each word must be a str"):
        corpus.symbol_counts({1: 2})
    with pytest.raises(ValueError, match="must be positive"):
        corpus.symbol_counts({"a": 0})
    with pytest.raises(TypeError, match="file name"):
        corpus.load_text(5)


def test_views_and_explorer():
    result = bpe.train(HUG, 2)
    with pytest.raises(ValueError, match="k must be between 0 and 2"):
        widgets.corpus_view(result, 3)
    with pytest.raises(TypeError, match="k must be a whole number"):
        widgets.histogram_view(result, 1.5)
    with pytest.raises(TypeError, match="pass the result of bpe.train"):
        widgets.corpus_view({"hug": 1}, 0)
    with pytest.raises(ValueError, match="limit must be a whole number of at least 1"):
        widgets.corpus_view(result, 0, limit=0)
    with pytest.raises(ValueError, match="pass num_merges"):
        widgets.merge_explorer(HUG)
    with pytest.raises(ValueError, match="leave it out"):
        widgets.merge_explorer(result, 3)
    with pytest.raises(TypeError, match="word must be a str"):
        widgets.merge_explorer(HUG, 2, word=5)
    with pytest.raises(TypeError, match="text must be a str"):
        widgets.word_view(result, 1, ["hug"])
