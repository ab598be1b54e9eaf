"""bpe_lab.segmentation: the fewest tokens (PathPiece), BPE-dropout and the superword stage (SuperBPE).

fewest_tokens is checked against brute force (every segmentation of short texts, over random vocabularies), and
against BPE on the novel (never more tokens); bpe_dropout against bpe.encode (p=0) and the bare symbols (p=1);
superword_merges against its definition (the first stage's tokens, then the new merges by rank).
"""

import itertools
import random
from collections import Counter

import pytest

from bpe_lab import bpe, corpus, pretokenize, segmentation
from bpe_lab.tokenizer import Tokenizer


@pytest.fixture(scope="module")
def novel():
    return corpus.load_text()[:60_000]


@pytest.fixture(scope="module")
def tokenizer(novel):
    return Tokenizer.train(novel, 600)


def all_segmentations(text, vocab):
    """Every way to spell ``text`` with pieces of ``vocab`` (brute force: fine for a dozen characters)."""
    if not text:
        return [[]]
    return [[text[:k]] + rest for k in range(1, len(text) + 1) if text[:k] in vocab
            for rest in all_segmentations(text[k:], vocab)]


# -- fewest_tokens --------------------------------------------------------------------------------------------

def test_fewest_tokens_is_optimal_and_breaks_ties_by_the_longest_first_piece():
    """400 random small cases: the fewest pieces of all segmentations; among those, the one whose piece lengths,
    read from the left, are largest (the longest first piece, then the longest second, ...)."""
    rng = random.Random(11)
    for _ in range(400):
        text = "".join(rng.choice("ab") for _ in range(rng.randint(1, 10)))
        substrings = sorted({text[i:j] for i in range(len(text)) for j in range(i + 2, len(text) + 1)})
        vocab = {"a", "b"} | set(rng.sample(substrings, min(len(substrings), rng.randint(0, 6))))
        found = segmentation.fewest_tokens(text, vocab)
        every = all_segmentations(text, vocab)
        fewest = min(map(len, every))
        assert "".join(found) == text and all(piece in vocab for piece in found)
        assert len(found) == fewest, (text, vocab, found)
        assert found == max((s for s in every if len(s) == fewest), key=lambda s: [len(p) for p in s])


def test_fewest_tokens_on_bytes_never_needs_more_tokens_than_bpe(novel, tokenizer):
    vocab = segmentation.prepare_vocab(tokenizer.vocab)
    chunks = sorted(set(pretokenize.split(novel[:20_000])))
    shorter = 0
    for chunk in chunks:
        data = chunk.encode("utf-8")
        ours = segmentation.fewest_tokens(data, vocab)
        merged = [tokenizer.token_bytes(i) for i in tokenizer.encode(chunk)]
        assert b"".join(ours) == data and len(ours) <= len(merged)
        shorter += len(ours) < len(merged)
    assert shorter > 0  # BPE's merges are not always the fewest tokens


def test_fewest_tokens_small_cases():
    assert segmentation.fewest_tokens("", {"a"}) == []
    assert segmentation.fewest_tokens("abcd", {"a", "b", "c", "d", "ab", "bcd"}) == ["a", "bcd"]
    assert segmentation.fewest_tokens(b"abab", [b"a", b"b", b"ab"]) == [b"ab", b"ab"]
    assert segmentation.fewest_tokens("hug", {"h": 0, "u": 1, "g": 2, "ug": 3}) == ["h", "ug"]  # a dict's keys
    with pytest.raises(ValueError, match=r"no piece holds 'x' at position 2"):
        segmentation.fewest_tokens("abx", {"a", "b"})
    with pytest.raises(TypeError, match=r"text is bytes but the vocabulary holds str pieces"):
        segmentation.fewest_tokens(b"ab", {"a", "b"})


def test_a_prepared_vocabulary_is_the_same_vocabulary():
    vocab = {"a", "b", "ab", "bab"}
    prepared = segmentation.prepare_vocab(vocab)
    assert prepared == vocab and prepared.longest == 3 and prepared.kind is str
    assert segmentation.prepare_vocab(prepared) is prepared  # not checked again
    assert segmentation.fewest_tokens("abab", prepared) == segmentation.fewest_tokens("abab", vocab) == ["ab", "ab"]


# -- bpe_dropout ----------------------------------------------------------------------------------------------

def test_dropout_zero_is_bpe_encode_and_one_leaves_the_symbols(novel):
    words = Counter(novel.split())
    merges = bpe.train(dict(words.most_common(300)), 150).merges
    ranked = segmentation.prepare_merges(merges)
    rng = random.Random(0)
    for word in list(words)[:500]:
        assert segmentation.bpe_dropout(word, ranked, 0.0, rng) == bpe.encode(word, merges)
        assert segmentation.bpe_dropout(word, ranked, 1.0, rng) == list(word)


def test_dropout_zero_is_the_tokenizer_on_bytes(novel, tokenizer):
    ranked = segmentation.prepare_merges(tokenizer.merges)
    for chunk in sorted(set(pretokenize.split(novel[:10_000]))):
        expected = [tokenizer.token_bytes(i) for i in tokenizer.encode(chunk)]
        assert segmentation.bpe_dropout(chunk.encode("utf-8"), ranked, 0.0, random.Random(1)) == expected


def test_dropout_gives_other_segmentations_of_the_same_word(tokenizer):
    ranked, word = segmentation.prepare_merges(tokenizer.merges), " acknowledged".encode("utf-8")
    rng = random.Random(0)
    samples = [tuple(segmentation.bpe_dropout(word, ranked, 0.1, rng)) for _ in range(100)]
    vocab = set(tokenizer.vocab)
    assert all(b"".join(sample) == word and set(sample) <= vocab for sample in samples)
    assert len(set(samples)) > 1
    canonical = tuple(tokenizer.token_bytes(i) for i in tokenizer.encode(" acknowledged"))
    assert all(len(sample) >= len(canonical) for sample in samples)  # skipping merges never joins more
    # the same generator state gives the same segmentation; more dropout, more pieces on average
    assert segmentation.bpe_dropout(word, ranked, 0.3, random.Random(5)) == \
        segmentation.bpe_dropout(word, ranked, 0.3, random.Random(5))
    mean = {p: sum(len(segmentation.bpe_dropout(word, ranked, p, rng)) for _ in range(200)) / 200 for p in (0.1, 0.5)}
    assert mean[0.1] < mean[0.5]


def test_dropout_small_cases():
    merges = [("u", "g"), ("h", "ug")]
    assert segmentation.bpe_dropout("", merges, 0.5, random.Random(0)) == []
    assert segmentation.bpe_dropout(("h", "u", "g"), merges, 0.0, random.Random(0)) == ["hug"]
    # with p=0.5, every segmentation reachable by skipping merges turns up: hug, h ug, h u g
    seen = {tuple(segmentation.bpe_dropout("hug", merges, 0.5, random.Random(seed))) for seed in range(50)}
    assert seen == {("hug",), ("h", "ug"), ("h", "u", "g")}
    with pytest.raises(ValueError, match=r"p must be a number from 0 to 1"):
        segmentation.bpe_dropout("hug", merges, 1.5, random.Random(0))
    with pytest.raises(TypeError, match=r"rng must be a random number generator such as random.Random\(0\)"):
        segmentation.bpe_dropout("hug", merges, 0.1, 0)


# -- superword_merges -----------------------------------------------------------------------------------------

def test_superword_merges_continue_from_the_first_stage(novel, tokenizer):
    extra = segmentation.superword_merges(novel, tokenizer.merges, 150)
    assert len(extra) == 150
    spanning = [left + right for left, right in extra if b" " in (left + right).strip(b" ")]
    assert spanning, "no superword crosses a space"
    both = Tokenizer(tokenizer.merges + extra, segmentation.SUPERWORD_PATTERN)
    first = Tokenizer(tokenizer.merges, segmentation.SUPERWORD_PATTERN)
    lines = novel[:5_000].splitlines()
    for line in filter(None, lines):
        # the definition: the first stage's tokens, then the new merges by rank
        stage_one = [first.token_bytes(i) for i in first.encode(line)]
        assert [both.token_bytes(i) for i in both.encode(line)] == bpe.encode(stage_one, extra)
    held = novel[50_000:]
    assert len(both.encode(held)) < len(tokenizer.encode(held))  # fewer tokens on text it was not trained on


def test_superword_merges_small_cases():
    first = [(b" ", b"t"), (b"h", b"e"), (b" t", b"he"), (b" ", b"o"), (b" o", b"f")]
    assert segmentation.superword_merges("one of the\nsome of the\n", first, 2) == [(b" of", b" the"),
                                                                                  (b"e", b" of the")]
    assert segmentation.superword_merges("one of the", first, 0) == []
    assert segmentation.superword_merges("", first, 5) == []
    assert len(segmentation.superword_merges("ab ab", [], 100)) == 3  # stops when each chunk is one token
    with pytest.raises(ValueError, match=r"matches the empty string"):
        segmentation.superword_merges("a b", [], 1, pattern=r"\s*")


@pytest.mark.parametrize("name", segmentation.__all__)
def test_every_public_name_has_a_docstring_or_is_a_constant(name):
    value = getattr(segmentation, name)
    assert isinstance(value, str) or (value.__doc__ and len(value.__doc__) > 40)


def test_all_segmentations_helper():
    assert sorted(map(tuple, all_segmentations("ab", {"a", "b", "ab"}))) == [("a", "b"), ("ab",)]
    assert list(itertools.chain.from_iterable(all_segmentations("", {"a"}))) == []
