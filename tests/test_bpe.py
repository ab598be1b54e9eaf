"""Classic BPE on worked examples small enough to check by hand (notebooks 01 and 02 use the same)."""

import pytest

from bpe_lab import bpe, corpus
from bpe_lab.corpus import symbol_counts

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
SENNRICH = {"low": 5, "lower": 2, "newest": 6, "widest": 3}


def test_hug_corpus_pair_counts_at_step_0():
    # by hand: h u (10 + 5), u g (10 + 5 + 5), p u (5 + 12), u n (12 + 4), b u 4, g s 5
    assert bpe.pair_counts(HUG) == {
        ("h", "u"): 15, ("u", "g"): 20, ("p", "u"): 17, ("u", "n"): 16, ("b", "u"): 4, ("g", "s"): 5,
    }


def test_hug_corpus_merges_and_trace():
    result = bpe.train(HUG, 10)
    assert result.merges == [("u", "g"), ("u", "n"), ("h", "ug"), ("p", "un"), ("hug", "s"), ("p", "ug"), ("b", "un")]
    assert [step.count for step in result.steps] == [20, 16, 15, 12, 5, 5, 4]
    # after the first merge, "p ug" is a pair of its own: pug x 5
    assert result.steps[1].pair_counts[("p", "ug")] == 5
    # step 5 is a tie at 5 between (hug, s) and (p, ug): the smaller pair wins
    assert result.steps[4].tied == (("hug", "s"), ("p", "ug"))
    assert result.steps[4].was_tie and not result.steps[0].was_tie
    # every word is one symbol after 7 merges, so training stops early
    assert result.num_merges == 7 and result.final_pair_counts == {}
    assert result.corpus_after(7) == {("hug",): 10, ("pug",): 5, ("pun",): 12, ("bun",): 4, ("hugs",): 5}
    assert result.symbol_totals == [113, 93, 77, 62, 50, 45, 40, 36]
    assert result.vocab[:7] == ["b", "g", "h", "n", "p", "s", "u"]
    assert result.vocab[7:] == ["ug", "un", "hug", "pun", "hugs", "pug", "bun"]


def test_low_lower_lowest_string():
    result = bpe.train("low lower lowest", 10)
    assert result.merges == [("l", "o"), ("lo", "w"), ("low", "e"), ("lowe", "r"), ("lowe", "s"), ("lowes", "t")]
    assert result.steps[0].tied == (("l", "o"), ("o", "w"))


def test_sennrich_corpus_with_end_of_word_marker_and_both_tie_rules():
    words = symbol_counts(SENNRICH, end_of_word="</w>")
    ours = bpe.train(words, 10)
    first = bpe.train(words, 10, tie_break="first")
    # The paper's own code (max over a dict in insertion order) prints this table:
    assert first.merges == [
        ("e", "s"), ("es", "t"), ("est", "</w>"), ("l", "o"), ("lo", "w"),
        ("n", "e"), ("ne", "w"), ("new", "est</w>"), ("low", "</w>"), ("w", "i"),
    ]
    # The smallest-pair rule agrees for five merges, then breaks the 3-way tie at count 6 differently.
    assert ours.merges[:5] == first.merges[:5]
    assert ours.steps[5].tied == (("e", "w"), ("n", "e"), ("w", "est</w>"))
    assert ours.merges[5] == ("e", "w") and first.merges[5] == ("n", "e")
    assert ours.steps[0].tied == (("e", "s"), ("s", "t"), ("t", "</w>"))


def test_ab_ab_ab_bc_bc_by_hand():
    result = bpe.train("ab ab ab bc bc", 5)
    assert [dict(step.pair_counts) for step in result.steps] == [{("a", "b"): 3, ("b", "c"): 2}, {("b", "c"): 2}]
    assert result.merges == [("a", "b"), ("b", "c")]
    assert result.corpus_after(2) == {("ab",): 3, ("bc",): 2}


def test_overlapping_pairs_are_all_counted_but_merged_without_overlap():
    assert bpe.pair_counts({"aaaa": 1}) == {("a", "a"): 3}
    assert bpe.merge_pair("aaaa", ("a", "a")) == ("aa", "aa")
    assert bpe.merge_pair("aaa", ("a", "a")) == ("aa", "a")
    result = bpe.train({"aaaa": 1}, 5)
    assert [step.count for step in result.steps] == [3, 1]
    assert result.steps[0].num_symbols == 2  # three pairs counted, two merges made


def test_bytes_symbols_work_like_str_symbols():
    result = bpe.train({b"hug": 10, b"pug": 5}, 2)
    assert result.merges == [(b"u", b"g"), (b"h", b"ug")]
    assert bpe.encode(b"hugs", result.merges) == [b"hug", b"s"]


def test_training_stops_when_nothing_is_left_to_merge():
    assert bpe.train({"a": 3}, 5).merges == []
    assert bpe.train(HUG, 0).merges == [] and bpe.train(HUG, 0).final_pair_counts == bpe.pair_counts(HUG)


AAAB = [("a", "a"), ("aa", "a"), ("a", "b"), ("aaa", "b")]


@pytest.mark.parametrize(
    "word, merges, expected",
    [
        ("aaabdaaabac", AAAB, ["aaab", "d", "aaab", "a", "c"]),
        ("xyz", AAAB, ["x", "y", "z"]),
        ("lowest", [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t")], ["low", "est"]),
        ("a", AAAB, ["a"]),
        ("", AAAB, []),
    ],
)
def test_encode_and_replay_worked_examples(word, merges, expected):
    assert bpe.encode(word, merges) == expected
    assert bpe.replay(word, merges) == expected


def test_the_misconception_differs_on_aaabdaaabac():
    # (a, a) occurs 4 times; then (aa, a) and (a, b) both occur twice, and the smaller pair (a, b) wins
    steps = bpe.wrong_encode_by_frequency_trace("aaabdaaabac", AAAB)
    assert steps[0].candidates == {("a", "a"): 4, ("a", "b"): 2}
    assert steps[1].candidates == {("aa", "a"): 2, ("a", "b"): 2} and steps[1].pair == ("a", "b")
    assert bpe.wrong_encode_by_frequency("aaabdaaabac", AAAB) == ["aa", "ab", "d", "aa", "ab", "a", "c"]


def test_encode_trace_shows_ranks():
    merges = [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t")]
    steps = bpe.encode_trace("lowest", merges)
    assert [step.pair for step in steps] == merges
    assert steps[0].candidates == {("l", "o"): 0, ("e", "s"): 2}
    assert bpe.replay_trace("lowest", merges)[-1] == (3, ("es", "t"), ["low", "est"])


def test_shuffled_merges_change_the_output():
    merges = [("l", "o"), ("lo", "w"), ("e", "s"), ("es", "t"), ("w", "e")]
    assert bpe.encode("lowest", merges) == ["low", "est"]
    reordered = [("w", "e")] + merges[:-1]
    assert bpe.encode("lowest", reordered) == ["lo", "we", "s", "t"]


def test_encode_and_replay_can_differ_for_a_hand_made_list_that_builds_one_symbol_twice():
    # Not a list training can learn: 'abc' is built twice, by (ab, c) and by (a, bc).
    merges = [("b", "c"), ("a", "b"), ("ab", "c"), ("abc", "d"), ("a", "bc")]
    assert bpe.replay("abcd", merges) == ["abc", "d"]
    assert bpe.encode("abcd", merges) == ["abcd"]


def test_the_self_check_answers_of_notebooks_01_and_02():
    # 01, question 4: four overlapping ('a', 'a') in "aaaaa", one merge makes two 'aa' and leaves an 'a'
    assert bpe.pair_counts({tuple("aaaaa"): 1}) == {("a", "a"): 4}
    assert bpe.merge_pair(tuple("aaaaa"), ("a", "a")) == ("aa", "aa", "a")
    # 02, question 1: "aaab" by rank and by the misconception
    assert [step.pair for step in bpe.encode_trace("aaab", AAAB)] == [("a", "a"), ("aa", "a"), ("aaa", "b")]
    assert bpe.wrong_encode_by_frequency("aaab", AAAB) == ["aa", "ab"]
    # 02, question 4: (th, e) before (t, h) can never fire
    assert bpe.encode("the", [("t", "h"), ("th", "e")]) == ["the"]
    assert bpe.encode("the", [("th", "e"), ("t", "h")]) == ["the"]  # encode still finds it: lowest rank present
    assert bpe.replay("the", [("th", "e"), ("t", "h")]) == ["th", "e"]


def test_end_of_word_marker_separate_or_attached_changes_the_merges():
    """subword-nmt glues '</w>' to the last character: no (t, </w>) pair, so 'est</w>' needs one merge less."""
    separate = bpe.train(corpus.symbol_counts(SENNRICH, end_of_word="</w>"), 3)
    attached = bpe.train(corpus.symbol_counts(SENNRICH, end_of_word="</w>", marker="attached"), 3)
    assert [(s.pair, s.count) for s in separate.steps] == [(("e", "s"), 9), (("es", "t"), 9), (("est", "</w>"), 9)]
    assert [(s.pair, s.count) for s in attached.steps] == [(("e", "s"), 9), (("es", "t</w>"), 9), (("l", "o"), 7)]
    assert ("t", "</w>") not in bpe.pair_counts(attached.corpus)
    assert corpus.split_word("a", "</w>", marker="attached") == ("a</w>",)  # a one-letter word: one symbol


def test_encode_names_or_replaces_a_symbol_outside_the_vocabulary():
    """The Hugging Face LLM course's example: with 'm' never seen, 'mug' -> ['[UNK]', 'ug']. Without vocab=,
    encode cannot know and passes 'm' on (backward compatible); with vocab= it says so or replaces it."""
    result = bpe.train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 3)
    assert bpe.encode("mug", result.merges) == ["m", "ug"]  # 'm' is no token of this tokenizer
    with pytest.raises(ValueError, match=r"'m' \(in \('m', 'u', 'g'\)\) is not in the vocabulary"):
        bpe.encode("mug", result.merges, vocab=result.vocab)
    assert bpe.encode("mug", result.merges, vocab=result.vocab, unknown="[UNK]") == ["[UNK]", "ug"]
    assert bpe.encode("hugs", result.merges, vocab=result.vocab) == bpe.encode("hugs", result.merges)
    assert bpe.encode("hugs", result.merges, vocab=set(result.vocab)) == ["hug", "s"]  # a set or a dict works too
    assert bpe.encode("mm", result.merges, vocab={s: i for i, s in enumerate(result.vocab)}, unknown="?") == ["?", "?"]
    steps = bpe.encode_trace("mug", result.merges, vocab=result.vocab, unknown="[UNK]")
    assert steps[0].before == ["[UNK]", "u", "g"]
    assert bpe.encode(b"mug", [(b"u", b"g")], vocab=[b"g", b"u"], unknown=b"?") == [b"?", b"ug"]
