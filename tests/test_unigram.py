"""Unigram: Viterbi, n-best, sampling, counting, and SentencePiece models reproduced piece for piece."""

import io
import itertools
import math
from collections import Counter

import pytest
import sentencepiece as spm
from conftest import every_word, examples, record_parity

from bpe_lab import corpus, unigram
from bpe_lab.unigram import segment, training

CATS = {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "ca": -1.8, "cat": -1.2, "cats": -3.0,
        "at": -1.9, "ats": -2.1, "ts": -2.0}


def test_cats_worked_example_cell_by_cell():
    table = unigram.viterbi_table("cats", CATS)
    # by hand: best[1] = c; best[2] = max(c+a, ca); best[3] = max(ca+t, c+at, cat); best[4] = max(..., cats)
    assert table.best[1] == -2.5
    assert table.best[2] == -1.8 and table.back[2].piece == "ca"
    assert table.best[3] == -1.2 and table.back[3].piece == "cat"
    assert table.best[4] == -3.0 and table.back[4].piece == "cats"
    assert sorted(arc.piece for _, arc in table.candidates[4]) == ["ats", "cats", "s", "ts"]
    assert unigram.viterbi("cats", CATS) == (["cats"], -3.0)
    without = {piece: lp for piece, lp in CATS.items() if piece != "cats"}
    assert unigram.viterbi("cats", without)[0] == ["ca", "ts"]



def test_the_tie_without_cats_is_exact_and_goes_to_the_earliest_start():
    # notebook 06 section 2: the two sums are the same double, so the tie rule decides
    assert -1.2 + -2.6 == -1.8 + -2.0
    without = {piece: lp for piece, lp in CATS.items() if piece != "cats"}
    table = unigram.viterbi_table("cats", without)
    scores = {arc.piece: score for score, arc in table.candidates[4]}
    assert scores["ts"] == scores["s"] and table.back[4].piece == "ts" and table.back[4].start == 2


def _normalised(log_probs):
    log_total = math.log(sum(math.exp(lp) for lp in log_probs.values()))
    return {piece: lp - log_total for piece, lp in log_probs.items()}


def test_cats_probabilities_are_not_a_distribution_until_normalised():
    assert round(sum(math.exp(lp) for lp in CATS.values()), 2) == 1.27  # notebook 06 section 1 says so
    assert math.isclose(sum(math.exp(lp) for lp in _normalised(CATS).values()), 1.0)


def test_the_trainers_e_step_gives_the_notebooks_hand_counts():
    """Notebook 06 section 4.1: expected counts on 'cats' by enumerating all segmentations = _forward_backward."""
    log_probs = _normalised(CATS)
    segmentations = list(_all_segmentations("cats", log_probs))
    weights = [math.exp(sum(log_probs[piece] for piece in s)) for s in segmentations]
    by_hand = Counter()
    for s, weight in zip(segmentations, weights):
        for piece in s:
            by_hand[piece] += weight / sum(weights)
    spans = segment.word_spans("cats", segment.Vocabulary(log_probs))
    total, expected = training._forward_backward(4, training._arcs(spans, log_probs))
    assert math.isclose(total, math.log(sum(weights)))
    assert set(expected) == set(by_hand)
    assert all(math.isclose(expected[piece], by_hand[piece], abs_tol=1e-12) for piece in by_hand)
    assert round(expected["cats"], 4) == 0.5248


def test_pruning_drops_the_piece_whose_removal_costs_least():
    """Notebook 06 section 4.2: the loss computed by hand (Viterbi likelihood with and without) ranks as _prune."""
    log_probs = _normalised(CATS)
    corpus_words = {"cats": 3, "cat": 5, "at": 4, "sat": 2, "acts": 1, "tats": 1}

    def viterbi_likelihood(vocab):
        return sum(count * unigram.viterbi(word, vocab)[1] for word, count in corpus_words.items())

    def without(piece):
        return {other: lp for other, lp in log_probs.items() if other != piece}

    losses = {piece: viterbi_likelihood(log_probs) - viterbi_likelihood(without(piece))
              for piece in log_probs if len(piece) > 1}
    cheapest = min(losses, key=losses.get)
    lattices = training.Lattices.of(corpus_words, log_probs)
    kept = training._prune(lattices, log_probs, len(log_probs) - 1, set("cats"))
    assert cheapest == "ca" and set(log_probs) - set(kept) == {"ca"}
    assert sorted(losses.values()) == sorted(set(losses.values()))  # no tie: the ranking is unambiguous

def _all_segmentations(text, pieces):
    for cuts in itertools.product([False, True], repeat=len(text) - 1):
        parts, start = [], 0
        for i, cut in enumerate(cuts, start=1):
            if cut:
                parts.append(text[start:i])
                start = i
        parts.append(text[start:])
        if all(part in pieces for part in parts):
            yield parts


def test_counting_and_nbest_agree_with_enumeration():
    everything = {"abcdefg"[i:j] for i in range(7) for j in range(i + 1, 8)}
    assert unigram.count_segmentations("abcdefg", everything) == 2 ** 6
    assert unigram.count_segmentations("cats", CATS) == len(list(_all_segmentations("cats", CATS)))
    scored = sorted((sum(CATS[p] for p in seg), seg) for seg in _all_segmentations("cats", CATS))[::-1]
    best = unigram.nbest("cats", CATS, 100)
    assert len(best) == len(scored)
    assert [round(score, 9) for _, score in best] == [round(score, 9) for score, _ in scored]
    assert best[0][0] == unigram.viterbi("cats", CATS)[0]


@pytest.mark.slow  # 0.9 s: 40,000 draws, so that 0.015 is more than four standard deviations of each frequency
def test_sampling_follows_the_distribution():
    segmentations = list(_all_segmentations("cats", CATS))
    for alpha in (1.0, 0.2):
        weights = [math.exp(alpha * sum(CATS[p] for p in seg)) for seg in segmentations]
        total = sum(weights)
        drawn = Counter(tuple(unigram.sample("cats", CATS, alpha=alpha, seed=seed)) for seed in range(20_000))
        for seg, weight in zip(segmentations, weights):
            assert abs(drawn[tuple(seg)] / 20_000 - weight / total) < 0.015


def test_sampling_is_repeatable_and_spells_the_text():
    drawn = {tuple(unigram.sample("cats", CATS, alpha=0.2, seed=seed)) for seed in range(200)}
    assert drawn <= set(map(tuple, _all_segmentations("cats", CATS))) and len(drawn) > 1
    assert unigram.sample("cats", CATS, 1.0, seed=7) == unigram.sample("cats", CATS, 1.0, seed=7)


@pytest.fixture(scope="module")
def botchan():
    path = corpus.data_path("botchan_en_unigram_1000.model")
    return unigram.read_sentencepiece_model(path), spm.SentencePieceProcessor(model_file=str(path))


def test_botchan_model_reads(botchan):
    ours, reference = botchan
    assert len(ours.pieces) == reference.get_piece_size() == 1000
    assert all(ours.pieces[i][0] == reference.id_to_piece(i) for i in range(1000))
    assert ours.normalizer.name == "nfkc" and ours.normalizer.add_dummy_prefix and ours.normalizer.remove_extra_whitespaces


def test_botchan_model_on_every_english_line(botchan):
    """Every line of the novel and of the English UDHR, compared through their words (every_word: no piece holds a
    "▁" past its start, so Viterbi's lattice parts at each "▁" and a line's pieces are its words'): 13,315 distinct
    words, a seventh of the characters; the lines that start with spaces, and a few made for the spaces."""
    ours, reference = botchan
    assert not any("▁" in piece[1:] for piece, _, _ in ours.pieces)  # what every_word counts on
    english = corpus.load_text().splitlines() + corpus.load_udhr()["eng"]["text"].split("\n")
    lines = every_word(english) + [line for line in english if " ".join(line.split(" ")) != " ".join(line.split())]
    lines += ["  leading and   inner spaces  ", "naïve café 中文 emoji 🎉", "", "▁", "a▁", "a ▁", "▁▁a"]  # ▁ typed in
    pieces = 0
    for line in lines:
        expected = reference.encode(line, out_type=str)
        assert ours.encode_pieces(line) == expected, repr(line)
        assert ours.encode(line) == reference.encode(line)
        pieces += len(expected)
    record_parity("Unigram Viterbi vs SentencePiece: botchan model, English words", len(lines), pieces)


def test_a_model_sentencepiece_trains_here_with_identity_normalisation(tmp_path):
    lines = [line for line in corpus.load_text().splitlines() if line.strip()]
    cut = int(len(lines) * 0.8)
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines[:cut]), model_writer=model, model_type="unigram",
                                   vocab_size=2000, normalization_rule_name="identity", minloglevel=2)
    path = tmp_path / "pride_2000.model"
    path.write_bytes(model.getvalue())
    ours = unigram.read_sentencepiece_model(path)
    reference = spm.SentencePieceProcessor(model_file=str(path))
    assert ours.normalizer.name == "identity"
    pieces = 0
    for line in lines[cut:]:
        expected = reference.encode(line, out_type=str)
        assert ours.encode_pieces(line) == expected, repr(line)
        pieces += len(expected)
    record_parity("Unigram Viterbi vs SentencePiece: model trained here, held-out lines", len(lines) - cut, pieces)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: unigram.viterbi("cats", {"c": 0.5}), ValueError, "is positive; a log-probability is at most 0"),
        (lambda: unigram.viterbi("cats", {"c": None}), ValueError, "must be a number"),
        (lambda: unigram.viterbi("cats", {"c": float("nan")}), ValueError, "must be a number"),
        (lambda: unigram.viterbi("cats", {}), ValueError, "non-empty dict"),
        (lambda: unigram.viterbi("dogs", CATS), ValueError, "cannot cover 'dogs'.*'d' at position 0"),
        (lambda: unigram.viterbi(b"cats", CATS), TypeError, "text must be a str"),
        (lambda: unigram.sample("cats", CATS, alpha=0), ValueError, "alpha must be a number greater than 0"),
        (lambda: unigram.sample("cats", CATS, alpha=-1), ValueError, "alpha must be"),
        (lambda: unigram.nbest("cats", CATS, 0), ValueError, "n must be a whole number of at least 1"),
    ],
)
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_uncovered_characters_with_an_unknown_score():
    pieces, score = unigram.viterbi("cd", {"c": -1.0}, unk_score=-11.0)
    assert pieces == ["c", "<unk>"] and score == -12.0


def test_damaged_model_file(tmp_path):
    path = tmp_path / "broken.model"
    path.write_bytes(corpus.data_path("botchan_en_unigram_1000.model").read_bytes()[:1000])
    with pytest.raises(ValueError, match=r"broken\.model is not a readable SentencePiece model"):
        unigram.read_sentencepiece_model(path)


def test_training_shrinks_to_the_size_and_keeps_every_character():
    text = " ".join(corpus.load_udhr()["eng"]["text"].split()[:1500])
    result = unigram.train(text, 300)
    assert len(result.log_probs) == 300
    characters = {char for word in text.split() for char in "\u2581" + word}
    assert characters <= set(result.log_probs)
    assert abs(sum(math.exp(lp) for lp in result.log_probs.values()) - 1) < 1e-9
    sizes = [r.vocab_size for r in result.rounds]
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 300 and sizes[0] > 300
    # every word can be segmented, and the trained pieces compress: fewer pieces than characters
    words = ["\u2581" + w for w in text.split()]
    pieces = sum(len(unigram.viterbi(w, result.log_probs)[0]) for w in words)
    assert pieces < 0.6 * sum(len(w) for w in words)
    assert unigram.train(text, 300).log_probs == result.log_probs  # deterministic


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: unigram.train("", 100), ValueError, "corpus is empty"),
        (lambda: unigram.train("abc abd", 3), ValueError, "vocab_size must be at least 5"),
        (lambda: unigram.train("abc", 10.5), TypeError, "vocab_size must be a whole number"),
        (lambda: unigram.train("abc", 10, shrink=1.5), ValueError, "shrink must be between 0 and 1"),
        (lambda: unigram.train(42, 10), TypeError, "corpus must be a text"),
    ],
)
def test_training_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_checkpoints_give_every_size_in_one_run():
    text = " ".join(corpus.load_udhr()["eng"]["text"].split()[:1500])
    result = unigram.train(text, 200, checkpoints=(300, 400))
    assert sorted(result.checkpoints) == [200, 300, 400]
    assert all(len(lp) == size for size, lp in result.checkpoints.items())
    assert result.checkpoints[200] == result.log_probs


# -- the trainer's cached lattices equal lattice() to the last bit ----------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def _forward_backward_by_lattice(word, log_probs):
    """EM's E-step for one word, written plainly over ``lattice``: what the trainer computed before it
    cached each word's spans."""
    arcs_ending = unigram.lattice(word, log_probs)
    n = len(word)
    alpha = [0.0] + [-math.inf] * n
    for end, arcs in enumerate(arcs_ending, start=1):
        alpha[end] = segment.logsumexp([alpha[arc.start] + arc.log_prob for arc in arcs] or [-math.inf])
    beta = [-math.inf] * n + [0.0]
    starting = [[] for _ in range(n)]
    for arcs in arcs_ending:
        for arc in arcs:
            starting[arc.start].append(arc)
    for start in range(n - 1, -1, -1):
        beta[start] = segment.logsumexp([arc.log_prob + beta[arc.end] for arc in starting[start]] or [-math.inf])
    expected = {}
    for arcs in arcs_ending:
        for arc in arcs:
            posterior = math.exp(alpha[arc.start] + arc.log_prob + beta[arc.end] - alpha[n])
            expected[arc.piece] = expected.get(arc.piece, 0.0) + posterior
    return alpha[n], expected


@settings(max_examples=examples(300), deadline=None)
@given(words=st.lists(st.text("abc▁", min_size=1, max_size=12), min_size=1, max_size=5),
       pieces=st.lists(st.text("abc▁", min_size=2, max_size=5), max_size=25),
       scores=st.lists(st.floats(-12.0, -0.01), min_size=30, max_size=30),
       dropped=st.sets(st.integers(0, 24), max_size=10))
def test_trainer_spans_give_what_the_lattice_gives(words, pieces, scores, dropped):
    """The seed's spans, filtered by a later (smaller) vocabulary, give the same forward-backward result
    and the same Viterbi pieces as a lattice built afresh, exactly (same floats, same dict order)."""
    seed = {char: scores[k] for k, char in enumerate("abc▁")}
    for k, piece in enumerate(pieces):
        seed.setdefault(piece, scores[4 + k])
    later = {piece: lp for k, (piece, lp) in enumerate(seed.items()) if len(piece) == 1 or k - 4 not in dropped}
    seed_vocabulary = unigram.Vocabulary(seed)
    for word in words:
        arcs = training._arcs(segment.word_spans(word, seed_vocabulary), later)
        total, expected = training._forward_backward(len(word), arcs)
        want_total, want_expected = _forward_backward_by_lattice(word, later)
        assert total == want_total
        assert list(expected.items()) == list(want_expected.items())
        assert training._viterbi_pieces(len(word), arcs) == unigram.viterbi(word, later)[0]


def test_a_prepared_vocabulary_segments_as_its_dict():
    """Every function that takes log_probs takes a Vocabulary too, with the same result; it is a snapshot."""
    log_probs = dict(CATS)
    vocab = unigram.Vocabulary(log_probs)
    for text in ["cats", "tacts", "", "sat"]:
        assert unigram.lattice(text, vocab) == unigram.lattice(text, log_probs)
        assert unigram.viterbi_table(text, vocab) == unigram.viterbi_table(text, log_probs)
        assert unigram.viterbi(text, vocab) == unigram.viterbi(text, log_probs)
        assert unigram.nbest(text, vocab, 3) == unigram.nbest(text, log_probs, 3)
        assert unigram.sample(text, vocab, seed=1) == unigram.sample(text, log_probs, seed=1)
    assert unigram.segment_words(["cats", "at"], vocab) == unigram.segment_words(["cats", "at"], log_probs)
    log_probs["cats"] = -0.1  # changing the dict afterwards is not seen by the prepared vocabulary
    assert unigram.viterbi("cats", vocab) == (["cats"], -3.0)
    with pytest.raises(ValueError, match=r"log_probs\['c'\] = 0.5 is positive"):
        unigram.Vocabulary({**CATS, "c": 0.5})


@settings(max_examples=examples(300), deadline=None)
@given(pieces=st.dictionaries(st.text(alphabet="▁abc", min_size=1, max_size=4),
                              st.sampled_from([-1.0, -2.0, -3.0, -1.5, -2.5]), min_size=1, max_size=25),
       text=st.text(alphabet="abcd ", max_size=30), unk=st.sampled_from([None, -20.0, -2.0]))
def test_word_tokenizer_splits_each_word_as_viterbi_does(pieces, text, unk):
    """word_tokenizer finds each word's best path without viterbi's table: the same pieces, ties included (the
    log-probabilities repeat, so many paths tie), unknown characters too ("d" is never a piece)."""
    pieces.update({"▁": -4.0, "a": -4.0, "b": -4.0, "c": -4.0})
    tokenize = unigram.word_tokenizer(pieces, unk_score=unk)
    if unk is None and "d" in text:
        with pytest.raises(ValueError, match="cannot cover"):
            tokenize(text)
        return
    assert tokenize(text) == [piece for word in text.split()
                              for piece in unigram.viterbi("▁" + word, pieces, unk_score=unk)[0]]


def test_word_tokenizer_says_what_viterbi_says_when_no_path_reaches_the_end():
    tokenize = unigram.word_tokenizer({"▁": 0.0, "a": -math.inf}, unk_score=-20.0)
    with pytest.raises(ValueError, match="cannot cover the end"):
        tokenize("a")
    assert tokenize("b") == ["▁", "<unk>"]
