"""bpe_lab.vocab_audit: hand-made vocabularies whose answers are known, then GPT-2, cl100k and o200k against
tiktoken (built offline from the same files, as in test_gpt2.py and test_openai_vocabularies.py)."""

import pytest
import tiktoken
import tiktoken_ext.openai_public
from tiktoken._educational import bpe_encode
from tiktoken.load import data_gym_to_mergeable_bpe_ranks

from bpe_lab import corpus, gpt2, pretokenize, vocab_audit
from bpe_lab.tokenizer import Tokenizer

A, B, C = b"a", b"b", b"c"




# --- hand-made vocabularies ------------------------------------------------------------------------

def test_a_token_an_earlier_merge_always_breaks_up_is_unreachable():
    # a+b is learned first, so "abc" always becomes ab + c and the merge a + bc never applies
    tok = Tokenizer([(A, B), (B, C), (A, B + C)], pattern=None)
    assert vocab_audit.unreachable_tokens(tok) == [258]
    assert tok.encode("abc") == [256, ord("c")]
    assert tok.encode("xbc") == [ord("x"), 257]  # bc itself is reachable


def test_the_same_token_made_twice_keeps_its_first_id():
    # ab + c and a + bc both make "abc": encoding gives the first id (258), never the second (259)
    tok = Tokenizer([(A, B), (B, C), (A + B, C), (A, B + C)], pattern=None)
    assert vocab_audit.unreachable_tokens(tok) == [259]
    assert tok.encode("abc") == [258]


def test_the_same_token_made_twice_under_one_id_is_reachable():
    # with ids given per bytes (as GPT-2's files give them), both merges give "abc" the same id
    merges = [(A, B), (B, C), (A + B, C), (A, B + C)]
    token_ids = {bytes([b]): b for b in range(256)} | {A + B: 256, B + C: 257, A + B + C: 258}
    tok = Tokenizer(merges, pattern=None, token_ids=token_ids)
    assert vocab_audit.unreachable_tokens(tok) == []


def test_every_token_of_a_trained_tokenizer_is_reachable():
    tok = Tokenizer.train(corpus.load_text()[:20_000], vocab_size=400)
    assert vocab_audit.unreachable_tokens(tok) == []


def test_partial_utf8_tokens():
    e_acute = "é".encode()  # b'\xc3\xa9'
    tok = Tokenizer([(e_acute[:1], e_acute[1:]), (b"t", e_acute[:1]), (e_acute[1:], b"t")])
    partial = vocab_audit.partial_utf8_tokens(tok)
    assert partial == list(range(128, 256)) + [257, 258]  # the 128 bytes >= 0x80, t + 0xc3, 0xa9 + t
    assert tok.token_bytes(256) == e_acute and 256 not in partial


def test_special_tokens_are_never_listed():
    tok = Tokenizer([(b"\xc3", b"\xa9")], special_tokens={"<|end|>": 257})
    assert 257 not in vocab_audit.partial_utf8_tokens(tok)
    assert 257 not in vocab_audit.unseen_tokens(tok, "")
    assert 257 not in vocab_audit.unreachable_tokens(tok) + vocab_audit.unreachable_after_split(tok)


def test_unseen_tokens():
    tok = Tokenizer([(A, B), (A + B, C), (B, C)], pattern=None)
    assert vocab_audit.unseen_tokens(tok, "abab") == [i for i in range(259) if i != 256]
    assert vocab_audit.unseen_tokens(tok, "") == list(range(259))
    assert vocab_audit.unseen_tokens(tok, "<|endoftext|>abc") == sorted(set(range(259)) - set(tok.encode_ordinary(
        "<|endoftext|>abc")))


def test_unreachable_after_split():
    tok = Tokenizer([(A, b","), (b" ", A), (b" ", b" ")])  # GPT-2's pattern: "a," -> "a", ","; "  " stays whole
    assert vocab_audit.unreachable_after_split(tok) == [256]
    assert 256 not in tok.encode("a, a,, xa,")
    assert vocab_audit.unreachable_after_split(Tokenizer([(A, b",")], pattern=None)) == []


def test_token_table():
    tok = Tokenizer([(A, B), (B, C), (A, B + C), (b"\xc3", A), (b",", b" "), (b" ", b"\xc3")])
    assert vocab_audit.token_table(tok, [261])["token"].tolist() == ["␣⟨c3⟩"]
    table = vocab_audit.token_table(tok, [258, 97, 259, 260])
    assert list(table.columns) == ["id", "token", "bytes", "utf8", "reachable", "one_chunk"]
    assert table["id"].tolist() == [258, 97, 259, 260]
    assert table["token"].tolist() == ["abc", "a", "⟨c3 61⟩", ",␣"]
    assert table["bytes"].tolist() == [3, 1, 2, 2]
    assert table["utf8"].tolist() == [True, True, False, True]
    assert table["reachable"].tolist() == [False, True, True, True]
    assert table["one_chunk"].tolist() == [True, True, False, False]
    assert vocab_audit.token_table(tok, []).empty


def test_answers_are_remembered_per_vocabulary():
    tok = Tokenizer([(A, b","), (b" ", A), (B, C), (A, B + C)])  # GPT-2's pattern splits "a,"; abc is reachable
    first = vocab_audit.unreachable_after_split(tok)
    first.append(999)  # each call returns a list of its own
    assert vocab_audit.unreachable_after_split(tok) == [256]
    assert vocab_audit.unreachable_tokens(tok) == [] and vocab_audit.partial_utf8_tokens(tok) == list(range(128, 256))
    tok.pattern = None  # the vocabulary the answer was worked out for changed: it is worked out again
    assert vocab_audit.unreachable_after_split(tok) == []
    other = Tokenizer([(A, B), *tok.merges], pattern=None)  # ab learned first: "abc" is ab + c, never a + bc
    assert vocab_audit.unreachable_tokens(other) == [260] and vocab_audit.unreachable_tokens(tok) == []


@pytest.mark.parametrize("call", [vocab_audit.partial_utf8_tokens, vocab_audit.unreachable_tokens,
                                  vocab_audit.unreachable_after_split])
def test_bad_tokenizer(call):
    with pytest.raises(TypeError, match="tokenizer must be a bpe_lab Tokenizer"):
        call("gpt2")


def test_bad_arguments():
    tok = Tokenizer()
    with pytest.raises(TypeError, match="text must be a str, got bytes"):
        vocab_audit.unseen_tokens(tok, b"abc")
    with pytest.raises(TypeError, match="ids must be a list of token ids"):
        vocab_audit.token_table(tok, 5)
    with pytest.raises(ValueError, match=r"ids\[1\] = 999 is not an ordinary token id"):
        vocab_audit.token_table(tok, [5, 999])
    with pytest.raises(TypeError, match=r"ids\[0\] must be a whole-number token id, got 'a'"):
        vocab_audit.token_table(tok, ["a"])


# --- the real vocabularies, against tiktoken -------------------------------------------------------

_LOADED = {}


def pair(name):
    """(ours, tiktoken) for a vocabulary, each built once, offline."""
    if name not in _LOADED:
        if name == "gpt2":
            ranks = data_gym_to_mergeable_bpe_ranks(str(corpus.data_path("vocab.bpe")),
                                                    str(corpus.data_path("encoder.json")))
            reference = tiktoken.Encoding("gpt2", pat_str=tiktoken_ext.openai_public.r50k_pat_str,
                                          mergeable_ranks=ranks, special_tokens={gpt2.ENDOFTEXT: gpt2.ENDOFTEXT_ID})
            _LOADED[name] = (gpt2.load(), reference)
        else:
            reference = tiktoken.Encoding(name, pat_str=pretokenize.PATTERNS[gpt2._PATTERN_OF[name]],
                                          mergeable_ranks=gpt2.load_ranks(name),
                                          special_tokens=gpt2.SPECIAL_TOKENS[name])
            _LOADED[name] = (gpt2.load_encoding(name), reference)
    return _LOADED[name]


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
def test_against_tiktoken(name):
    """Every ordinary id of the vocabulary, checked with tiktoken's encoders.

    A token whose text is valid UTF-8 comes back as itself from tiktoken's whole encoder (regex, then BPE)
    exactly when we call it reachable and one chunk. A partial token (no text) is checked with tiktoken's
    pure-Python BPE on its bytes alone (``tiktoken._educational.bpe_encode``), and for GPT-2 every token is:
    GPT-2 merges by pair rank, tiktoken by the rank of the joined bytes, and the two agree on its tokens.
    """
    ours, reference = pair(name)
    ranks = reference._mergeable_ranks  # token bytes -> id, the ordinary tokens (the ids have gaps)
    token = {i: data for data, i in ranks.items()}
    ordinary = sorted(token)
    assert all(reference.encode_single_token(token[i]) == i for i in ordinary)

    partial = set(vocab_audit.partial_utf8_tokens(ours))
    assert partial == {i for i in ordinary if not _is_utf8(token[i])}

    unreachable = set(vocab_audit.unreachable_tokens(ours))
    split = set(vocab_audit.unreachable_after_split(ours))
    utf8 = [i for i in ordinary if i not in partial]
    assert {i for i in utf8 if reference.encode_ordinary(token[i].decode()) != [i]} == (unreachable | split) - partial

    by_bytes = ordinary if name == "gpt2" else sorted(partial)
    assert {i for i in by_bytes if bpe_encode(ranks, token[i], visualise=None) != [i]} == unreachable & set(by_bytes)


def _is_utf8(data):
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_gpt2_counts_and_solidgoldmagikarp():
    ours, _ = pair("gpt2")
    assert len(vocab_audit.partial_utf8_tokens(ours)) > 128  # the 128 high bytes and merges of them
    assert vocab_audit.unreachable_tokens(ours) == [] and vocab_audit.unreachable_after_split(ours) == []
    unseen = vocab_audit.unseen_tokens(ours, corpus.load_text())
    assert ours.encode(" SolidGoldMagikarp") == [43453] and 43453 in unseen
    assert ours.encode(" the")[0] not in unseen


def test_o200k_split_tokens_are_not_proved_unreachable():
    """The docstring's example: o200k splits " I'" alone, yet encodes " I'M" as " I'" + "M"."""
    ours, _ = pair("o200k_base")
    (i_apostrophe,) = [i for i in vocab_audit.unreachable_after_split(ours) if ours.token_bytes(i) == b" I'"]
    assert ours.encode(" I'M")[0] == i_apostrophe
    novel = corpus.load_text()
    assert set(vocab_audit.unreachable_after_split(ours)) <= set(vocab_audit.unseen_tokens(ours, novel))
