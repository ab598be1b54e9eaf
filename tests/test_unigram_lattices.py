"""Unigram training's NumPy helpers (bpe_lab/unigram/_lattices.py) give what the one-word definitions in
training.py give: the seed, forward-backward, the Viterbi uses and each piece's best other spelling; and the
progress option of unigram.train."""

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_lab import corpus, unigram
from bpe_lab.unigram import _lattices, segment, training
from conftest import examples


def _seed_by_loops(words, seed_size, max_piece_chars):
    """The seed as training.py's docstring writes it: every substring counted, then sorted."""
    chars, substrings = Counter(), Counter()
    for word, count in words.items():
        for char in word:
            chars[char] += count
        for start in range(len(word)):
            for end in range(start + 2, min(len(word), start + max_piece_chars) + 1):
                substrings[word[start:end]] += count
    best = sorted(substrings, key=lambda s: (-substrings[s] * len(s), s))[: max(seed_size - len(chars), 0)]
    seed = {**chars, **{s: substrings[s] for s in best}}
    total = sum(seed.values())
    return {piece: math.log(count / total) for piece, count in seed.items()}


def _udhr_words():
    words = Counter(corpus.load_udhr()["eng"]["text"].split()[:3000])
    return {"\u2581" + word: count for word, count in words.items()}


@pytest.mark.parametrize("seed_size, max_chars", [(50, 16), (2_000, 16), (5_000, 4), (10**6, 6)])
def test_the_seed_counted_with_numpy_is_the_seed_of_the_loops(seed_size, max_chars):
    words = _udhr_words()
    assert training._seed(_lattices.Substrings(words, max_chars), seed_size) == \
        _seed_by_loops(words, seed_size, max_chars)


def _per_word(words, log_probs, seed):
    """Forward-backward, Viterbi uses and best other spellings, one word (or piece) at a time."""
    seed_vocabulary = segment.Vocabulary(seed)
    likelihoods, expected, used = [], Counter(), Counter()
    for word, count in words.items():
        arcs = training._arcs(segment.word_spans(word, seed_vocabulary), log_probs)
        total, counts = training._forward_backward(len(word), arcs)
        likelihoods.append(total)
        for piece, value in counts.items():
            expected[piece] += count * value
        for piece in training._viterbi_pieces(len(word), arcs):
            used[piece] += count
    vocabulary = segment.Vocabulary(log_probs)
    alternatives = {piece: training._best_without_itself(piece, vocabulary) for piece in log_probs}
    return likelihoods, expected, used, alternatives


def _check_agreement(words, seed, later):
    lattices = _lattices.Lattices.of(words, seed)
    likelihoods, expected, used, alternatives = _per_word(words, later, seed)
    values = lattices.arrays(later)
    totals, counts = lattices.words.forward_backward(values, len(lattices.pieces))
    assert all(math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12) for a, b in zip(totals.tolist(), likelihoods))
    assert {p for p, n in zip(lattices.pieces, counts.tolist()) if n > 0} == {p for p, n in expected.items() if n > 0}
    for piece, value in expected.items():
        assert math.isclose(counts[lattices.index[piece]], value, rel_tol=1e-9, abs_tol=1e-12), piece
    uses = lattices.words.viterbi_uses(values, len(lattices.pieces))
    assert {p: n for p, n in zip(lattices.pieces, uses.tolist()) if n} == dict(used)  # exactly: same floats
    best = lattices.alternatives(values).tolist()
    held = {piece for piece in later if any(piece in word for word in words)}
    for piece in held:  # a piece no word holds has no lattice here (training's pieces all come from words)
        want = alternatives[piece]
        assert best[lattices.index[piece]] == (-math.inf if want is None else want), piece


@settings(max_examples=examples(200), deadline=None)
@given(words=st.dictionaries(st.text("abc▁", min_size=1, max_size=10), st.integers(1, 5), min_size=1, max_size=6),
       pieces=st.lists(st.text("abc▁", min_size=2, max_size=5), max_size=25),
       scores=st.lists(st.floats(-12.0, -0.01), min_size=30, max_size=30),
       dropped=st.sets(st.integers(0, 24), max_size=10))
def test_every_word_at_once_gives_what_one_word_at_a_time_gives(words, pieces, scores, dropped):
    """The same numbers as the definitions, with the seed's vocabulary and a later, smaller one; forward-backward
    sums in another order (close), Viterbi adds the same floats (equal)."""
    seed = {char: scores[k] for k, char in enumerate("abc▁")}
    for k, piece in enumerate(pieces):
        seed.setdefault(piece, scores[4 + k])
    later = {piece: lp for k, (piece, lp) in enumerate(seed.items()) if len(piece) == 1 or k - 4 not in dropped}
    _check_agreement(words, seed, seed)
    _check_agreement(words, seed, later)


def test_every_word_at_once_on_real_words():
    words = _udhr_words()
    seed = _seed_by_loops(words, 3_000, 8)
    later = {piece: lp for number, (piece, lp) in enumerate(seed.items()) if len(piece) == 1 or number % 3}
    _check_agreement(words, seed, later)


def test_a_smaller_vocabulary_filters_the_arcs_it_no_longer_needs():
    words = {"\u2581cats": 2, "\u2581cat": 1}
    seed = {"\u2581": -2.0, "c": -2.0, "a": -2.0, "t": -2.0, "s": -2.0, "at": -1.0, "\u2581cat": -1.5, "ats": -3.0}
    lattices = _lattices.Lattices.of(words, seed)
    arcs = len(lattices.words.piece)
    lattices.arrays({piece: lp for piece, lp in seed.items() if piece != "at"})
    assert len(lattices.words.piece) == arcs - 2  # "at" was an arc in both words


def test_training_is_silent_by_default_and_shows_its_stages_with_progress(capsys):
    text = " ".join(corpus.load_udhr()["eng"]["text"].split()[:800])
    quiet = unigram.train(text, 150)
    assert capsys.readouterr().err == ""
    shown = unigram.train(text, 150, progress=True)
    err = capsys.readouterr().err
    assert shown.log_probs == quiet.log_probs
    assert "Unigram seed: 2/2" in err and "Unigram EM and pruning" in err and err.endswith("\n")
    rounds = len(shown.rounds)
    assert f"{rounds * 3 - 1}/" in err  # 2 EM iterations per round, a pruning between rounds


@pytest.mark.parametrize("value", [1, "yes", None])
def test_progress_must_be_true_or_false(value):
    with pytest.raises(TypeError, match="progress must be True or False"):
        unigram.train("ab ba", 10, progress=value)


@pytest.mark.parametrize("nodes", [50, 2**31])  # one int64 key, and lexsort where that key could overflow
def test_one_sort_key_orders_as_lexsort(nodes):
    import numpy as np

    rng = np.random.default_rng(7)
    first, second, third = (rng.integers(0, 40, 5_000) for _ in range(3))
    assert np.array_equal(_lattices._sorted_by(first, second, third, nodes), np.lexsort((third, second, first)))
