"""Properties that hold for every corpus and word, checked on many generated examples (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_lab import bpe
from conftest import examples

# A small alphabet makes repeats, overlaps ("aaaa") and ties common, which is where bugs hide.
letters = st.text(alphabet="abcd", min_size=1, max_size=8)
corpora = st.dictionaries(letters, st.integers(min_value=1, max_value=6), min_size=1, max_size=8)
words = st.text(alphabet="abcde", min_size=0, max_size=12)


@settings(max_examples=examples(300), deadline=None)
@given(corpus=corpora, num_merges=st.integers(min_value=0, max_value=25), new_words=st.lists(words, max_size=5))
def test_encode_equals_replay_for_learned_merges(corpus, num_merges, new_words):
    merges = bpe.train(corpus, num_merges).merges
    for word in list(corpus) + new_words:
        assert bpe.encode(word, merges) == bpe.replay(word, merges)


@st.composite
def built_merge_lists(draw):
    """Hand-made merge lists where each part already exists and each merge builds a new symbol."""
    symbols = list("abcd")
    merges, built = [], set()
    for _ in range(draw(st.integers(min_value=0, max_value=12))):
        left = draw(st.sampled_from(symbols))
        right = draw(st.sampled_from(symbols))
        if left + right in built or len(left + right) > 6:
            continue
        merges.append((left, right))
        built.add(left + right)
        symbols.append(left + right)
    return merges


@settings(max_examples=examples(300), deadline=None)
@given(merges=built_merge_lists(), word=words)
def test_encode_equals_replay_for_well_built_merge_lists(merges, word):
    assert bpe.encode(word, merges) == bpe.replay(word, merges)


@settings(max_examples=examples(150), deadline=None)
@given(corpus=corpora, num_merges=st.integers(min_value=0, max_value=20), seed=st.integers(0, 10**6))
def test_training_is_deterministic_and_ignores_corpus_order(corpus, num_merges, seed):
    first = bpe.train(corpus, num_merges)
    again = bpe.train(corpus, num_merges)
    items = list(corpus.items())
    random.Random(seed).shuffle(items)
    shuffled = bpe.train(dict(items), num_merges)
    assert first.merges == again.merges == shuffled.merges
    assert [s.count for s in first.steps] == [s.count for s in shuffled.steps]


@settings(max_examples=examples(150), deadline=None)
@given(corpus=corpora, num_merges=st.integers(min_value=0, max_value=20))
def test_trace_is_consistent(corpus, num_merges):
    result = bpe.train(corpus, num_merges)
    totals = result.symbol_totals
    for k, step in enumerate(result.steps):
        # the chosen pair has the highest count, and is the smallest among the tied ones
        assert step.count == max(step.pair_counts.values()) == step.pair_counts[step.pair]
        assert step.pair == min(step.tied)
        # the counts it chose from are the counts of the corpus segmented by the first k merges
        assert step.pair_counts == bpe.pair_counts(result.corpus_after(k))
        assert totals[k + 1] < totals[k]
    # the merges segment every training word into its final form
    final = result.corpus_after(result.num_merges)
    for word in result.corpus:
        assert tuple(bpe.encode(word, result.merges)) in final
