"""Issue 28, notebook 02: the corrected claims, recomputed with bpe_lab, tiktoken and Hugging Face tokenizers
(offline)."""

import tiktoken
from tiktoken import _educational
from tokenizers import Tokenizer, models, pre_tokenizers

from bpe_lab import bpe

SENNRICH = {"low": 5, "lower": 2, "newest": 6, "widest": 3}


def test_the_corpus_of_notebook_02_is_not_sennrichs():
    plain = bpe.train("low low low lower lower lowest newest widest", 10)
    assert "lowest" not in SENNRICH and plain.merges != bpe.train(SENNRICH, 10).merges


def test_tiktoken_looks_the_whole_piece_up_first_merging_by_rank_stops_at_a_bc_d():
    ranks = {b"a": 0, b"b": 1, b"c": 2, b"d": 3, b"bc": 4, b"abcd": 5}
    tiny = tiktoken.Encoding(name="tiny", pat_str=r"[a-d]+", mergeable_ranks=ranks, special_tokens={})
    assert tiny.encode("abcd") == [5]  # one token: the lookup
    assert _educational.bpe_encode(ranks, b"abcd", visualise=None) == [0, 4, 3]  # by rank: a bc d
    assert bpe.encode("abcd", [("b", "c")]) == ["a", "bc", "d"]
    assert tiny.encode("dabcd") == [3, 0, 4, 3]  # the lookup is for the whole piece only
    # tokenizers does the same with ignore_merges=True, and merges by rank with False
    vocab = {t.decode(): r for t, r in ranks.items()}
    for ignore, expected in [(True, ["abcd"]), (False, ["a", "bc", "d"])]:
        hf = Tokenizer(models.BPE(vocab=vocab, merges=[("b", "c")], ignore_merges=ignore))
        hf.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
        assert hf.encode("abcd").tokens == expected


def test_ababc_the_frequency_trap_without_a_tie_with_merges_training_learns():
    trained = bpe.train("bc bc bc bc ab ab ababc", 2)
    assert trained.merges == [("b", "c"), ("a", "b")] and not any(step.was_tie for step in trained.steps)
    first = bpe.wrong_encode_by_frequency_trace("ababc", trained.merges)[0]
    assert first.candidates == {("a", "b"): 2, ("b", "c"): 1}  # no tie: the counts decide
    assert bpe.wrong_encode_by_frequency("ababc", trained.merges) == ["ab", "ab", "c"]
    assert bpe.encode("ababc", trained.merges) == ["ab", "a", "bc"]
    assert trained.corpus_after(2)[("ab", "a", "bc")] == 1  # what training itself made of ababc
    # self-check 1
    assert bpe.encode("abcab", trained.merges) == ["a", "bc", "ab"]
    assert bpe.wrong_encode_by_frequency("abcab", trained.merges) == ["ab", "c", "ab"]


def test_the_old_aaabdaaabac_example_rested_on_a_tie():
    aaab = [("a", "a"), ("aa", "a"), ("a", "b"), ("aaa", "b")]
    second = bpe.wrong_encode_by_frequency_trace("aaabdaaabac", aaab)[1]
    assert second.candidates == {("aa", "a"): 2, ("a", "b"): 2}  # tied: only the tie rule made it differ


def test_xyz_is_not_in_the_vocabulary_of_notebook_02s_tokenizer():
    trained = bpe.train("low low low lower lower lowest newest widest", 10)
    assert bpe.encode("xyz", trained.merges, vocab=trained.vocab, unknown="<unk>") == ["<unk>"] * 3
