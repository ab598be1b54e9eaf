"""Loading and splitting corpora."""

from bpe_lab import corpus


def test_word_counts_split_on_whitespace():
    assert corpus.word_counts("low low\nlow  lower\t") == {"low": 3, "lower": 1}
    assert corpus.word_counts("Hello, world. Hello!") == {"Hello,": 1, "world.": 1, "Hello!": 1}
    assert corpus.word_counts("Hello, world. Hello!", separate_punctuation=True) == {
        "Hello": 2, ",": 1, "world": 1, ".": 1, "!": 1,
    }
    assert corpus.word_counts("The the THE", lowercase=True) == {"the": 3}


def test_split_word_and_symbol_counts():
    assert corpus.split_word("né") == ("n", "é")
    assert corpus.symbol_counts(["ab", "ab", "b"]) == {("a", "b"): 2, ("b",): 1}
    assert corpus.symbol_counts({"low": 5, "lower": 2}, end_of_word="</w>") == {
        ("l", "o", "w", "</w>"): 5, ("l", "o", "w", "e", "r", "</w>"): 2,
    }


def test_novel_word_counts():
    counts = corpus.word_counts(corpus.load_text())
    assert sum(counts.values()) == 121_567 and len(counts) == 13_059
    assert counts.most_common(2) == [("to", 4_051), ("the", 4_047)]
