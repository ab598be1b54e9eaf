"""Notebook 05's corrected claims (issue 28), recomputed with Hugging Face tokenizers' BERT normaliser and
pre-tokenizer (the production pipeline) and Python's Unicode tables, offline."""

import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from tokenizers import models, normalizers, pre_tokenizers

from bpe_lab import corpus

BERT_NORMALIZER = normalizers.BertNormalizer(lowercase=True)
BERT_PRE_TOKENIZER = pre_tokenizers.BertPreTokenizer()


def bert_words(text):
    return [word for word, _ in BERT_PRE_TOKENIZER.pre_tokenize_str(BERT_NORMALIZER.normalize_str(text))]


@pytest.fixture(scope="module")
def train_words():
    """The notebook's training words: the first 90% of the novel's lines, as BERT splits them."""
    lines = corpus.load_text("pride_and_prejudice.txt").splitlines()
    return Counter(word for line in lines[: int(len(lines) * 0.9)] for word in bert_words(line))


def test_t_is_followed_by_h_in_most_not_nearly_all_words(train_words):
    """Cell 13: 'nearly every t at a word's start is followed by h' -> most: 9,002 of 14,574 (62%)."""
    word_initial_t = sum(count for word, count in train_words.items() if word.startswith("t"))
    followed_by_h = sum(count for word, count in train_words.items() if word.startswith("th"))
    assert (followed_by_h, word_initial_t) == (9_002, 14_574)
    assert round(followed_by_h / word_initial_t, 2) == 0.62


def test_the_three_most_common_words(train_words):
    """Cell 31: the three most common words are the, to, and (her is the fifth); punctuation marks aside."""
    words = [word for word, _ in train_words.most_common() if word.isalpha()]
    assert words[:5] == ["the", "to", "and", "of", "her"]
    assert [word for word, _ in train_words.most_common(2)] == [",", "."]  # why the cell leaves punctuation out


def test_bert_splits_every_ascii_non_alphanumeric_and_only_unicode_punctuation_beyond():
    """Cell 48: BERT's _is_punctuation is ASCII 33-47, 58-64, 91-96, 123-126, plus Unicode categories P*."""
    ranges = {chr(code) for low, high in [(33, 47), (58, 64), (91, 96), (123, 126)] for code in range(low, high + 1)}
    assert ranges == {char for char in map(chr, range(33, 127)) if not char.isalnum()}
    for char in ranges:  # each is split off in the middle of a word
        assert bert_words(f"a{char}b") == ["a", char, "b"], char
    symbols = sorted(char for char in ranges if not unicodedata.category(char).startswith("P"))
    assert "".join(symbols) == "$+<=>^`|~"  # Unicode symbols, split all the same
    assert unicodedata.category("£") == "Sc" and bert_words("£3.50!") == ["£3", ".", "50", "!"]
    assert bert_words("a§3") == ["a", "§", "3"] and bert_words("a→3") == ["a→3"]  # beyond ASCII: the category


def test_bert_base_uncased_has_30522_pieces_and_pound_three():
    """Cells 33 and 48: the vocabulary's size, asserted where printed; '£3' is one of its pieces."""
    vocab = models.WordPiece.read_file(str(corpus.data_path("bert-base-uncased-vocab.txt")))
    assert len(vocab) == 30_522 and "£3" in vocab


def test_fast_train_is_checked_on_the_novels_opening_not_all_of_it():
    """Cell 30: the test of fast_train against train uses the novel's opening chapters (its first 10,000
    characters: chapters 1 to 3 begin in them), not the whole book."""
    source = (Path(__file__).parent / "test_wordpiece.py").read_text(encoding="utf-8")
    test = source.split("def test_fast_train_equals_train_on_real_text", 1)[1].split("\ndef ", 1)[0]
    assert "novel_words(10_000)" in test and "load_text()[:chars]" in source
    opening = corpus.load_text()[:10_000]
    assert [f"Chapter {n}" in opening for n in (1, 2, 3, 4)] == [True, True, True, False]  # the opening chapters
    assert len(opening) < len(corpus.load_text()) / 10  # under a tenth of the book
