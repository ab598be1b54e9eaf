"""bpe.train's trace in bounded memory (bpe_lab._trace), its warning before a long run, and progress=True on the
training calls that can take long."""

import warnings

import pytest

from bpe_lab import bpe, corpus, fast_bpe, sentencepiece_bpe, wordpiece
from bpe_lab._trace import PairCountTrace
from bpe_lab.tokenizer import Tokenizer

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


@pytest.fixture(scope="module")
def novel_run():
    """150 merges on the words of the novel's first 60,000 characters: enough steps for several checkpoints."""
    words = corpus.word_counts(corpus.load_text("pride_and_prejudice.txt")[:60_000], separate_punctuation=True)
    return bpe.train(words, 150)


def test_the_trace_equals_a_recount_at_several_k(novel_run):
    n = novel_run.num_merges
    assert n == 150
    for k in (0, 1, n // 2, n - 1, n):  # the first, the second, the middle, the last step, after the last merge
        recount = dict(bpe.pair_counts(novel_run.corpus_after(k)))
        assert novel_run.pair_counts_at(k) == recount, k
        if k < n:
            assert novel_run.steps[k].pair_counts == recount, k
            assert novel_run.steps[k].count == max(recount.values()) == recount[novel_run.steps[k].pair]


def test_the_trace_is_checkpoints_plus_changes_and_much_smaller_than_full_copies(novel_run):
    trace = novel_run.steps[0].trace
    full_copies = sum(len(novel_run.pair_counts_at(k)) for k in range(novel_run.num_merges + 1))
    assert len(trace) == novel_run.num_merges and 0 in trace.checkpoints and len(trace.checkpoints) > 1
    assert trace.stored_pairs() < full_copies / 5
    assert novel_run.final_pair_counts == trace.at(novel_run.num_merges)


def test_every_step_of_a_small_run_and_each_rebuild_is_a_new_dict():
    result = bpe.train("low low low lower lower lowest newest widest", 20)
    for k in range(result.num_merges + 1):
        assert result.pair_counts_at(k) == dict(bpe.pair_counts(result.corpus_after(k)))
    counts = result.steps[0].pair_counts
    counts.clear()  # changing what was handed out does not change the trace
    assert result.steps[0].pair_counts == dict(bpe.pair_counts(result.corpus))


def test_pair_count_trace_by_hand():
    trace = PairCountTrace({("a", "b"): 3, ("b", "c"): 2})
    trace.record({("ab", "c"): 2})
    trace.record({})
    assert [trace.at(k) for k in range(3)] == [{("a", "b"): 3, ("b", "c"): 2}, {("ab", "c"): 2}, {}]
    assert trace.changes[1] == {("ab", "c"): None}  # None: the pair is gone


def test_a_long_run_warns_with_its_estimate(monkeypatch):
    monkeypatch.setattr(bpe, "LONG_SECONDS", 0.0)
    with pytest.warns(UserWarning, match=r"bpe.train: 3 merges on 5 distinct words will take about \d+ s"):
        bpe.train(HUG, 3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        bpe.train(HUG, 3, progress=True)  # the bar shows the time left instead


@pytest.mark.parametrize("train, description", [
    (lambda progress: bpe.train(HUG, 5, progress=progress).merges, "BPE merges"),
    (lambda progress: fast_bpe.train(HUG, 5, progress=progress).merges, "BPE merges"),
    (lambda progress: wordpiece.train(HUG, 16, progress=progress).vocab, "WordPiece pieces"),
    (lambda progress: wordpiece.fast_train(HUG, 16, progress=progress).vocab, "WordPiece pieces"),
    (lambda progress: sentencepiece_bpe.train("hug " * 10 + "pug " * 5 + "pun " * 12 + "bun " * 4 + "hugs " * 5,
                                              16, byte_fallback=False, progress=progress).pieces,
     "SentencePiece BPE merges"),
    (lambda progress: Tokenizer.train("hug pug pun bun hugs " * 5, 262, progress=progress).merges, "BPE merges"),
], ids=["bpe.train", "fast_bpe.train", "wordpiece.train", "wordpiece.fast_train", "sentencepiece_bpe.train",
        "Tokenizer.train"])
def test_progress_shows_a_line_and_changes_nothing(capsys, train, description):
    quiet = train(False)
    assert capsys.readouterr().err == ""
    assert train(True) == quiet
    err = capsys.readouterr().err
    assert err.startswith(f"\r{description}: 0/") and "(100%)" in err and err.endswith("\n")
