"""The batch encoder (bpe_lab._batch_encode) gives exactly the readable merge loop's ids, chunk by chunk.

The parity tests (test_gpt2, test_openai_vocabularies) check the real vocabularies against tiktoken through
the same code; here, vocabularies made to stress it: runs of a pair (x, x), chunks that finish in different
rounds, batches split by size, and the hash table's collisions.
"""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_lab import _batch_encode, bpe, gpt2
from bpe_lab._batch_encode import BatchEncoder, PairRanks
from bpe_lab.tokenizer import Tokenizer
from conftest import examples


def readable(tok: Tokenizer, chunk: bytes) -> tuple[int, ...]:
    return tuple(tok._external[p] for p in tok._encode_chunk(chunk))


def batch(tok: Tokenizer) -> BatchEncoder:
    return tok._batch_encoder()


def test_runs_of_the_same_pair_merge_from_the_left():
    tok = Tokenizer([(b"a", b"a"), (b"aa", b"a")], pattern=None)  # aa, then aaa
    chunks = [b"a" * n for n in range(1, 9)] + [b"baaab", b"aabaa"]
    assert batch(tok).encode_many(chunks) == [readable(tok, chunk) for chunk in chunks]
    assert batch(tok).encode_many([b"aaaaa"]) == [(256, 257)]  # aa aa a, then the last aa + a: aaa


def test_chunks_finish_in_different_rounds_and_keep_their_order():
    tok = Tokenizer.train("the cat sat on the mat, the hat. " * 30 + "abcdefghij" * 5, vocab_size=300)
    chunks = [b"x", b" the", b" cat", b"abcdefghijabcdefghij", b"!", b" the hat", b"q" * 40]
    assert batch(tok).encode_many(chunks) == [readable(tok, chunk) for chunk in chunks]
    assert batch(tok).encode_many([]) == []


def test_chunks_are_encoded_a_batch_at_a_time(monkeypatch):
    tok = gpt2.load()
    chunks = [chunk.encode() for chunk in tok._split("It is a truth universally acknowledged, that a single man " * 3)]
    whole = batch(tok).encode_many(chunks)
    monkeypatch.setattr(_batch_encode, "_BATCH_BYTES", 10)  # a few chunks a batch, and a longer chunk alone
    assert batch(tok).encode_many(chunks + [b"x" * 30]) == whole + [readable(tok, b"x" * 30)]
    assert whole == [readable(tok, chunk) for chunk in chunks]


def test_the_pair_table_finds_every_pair_and_no_other():
    rng = np.random.default_rng(0)
    pairs = {(int(a), int(b)): rank for rank, (a, b) in enumerate(rng.integers(0, 3000, size=(20_000, 2)))}
    pairs = {pair: k for k, pair in enumerate(pairs)}  # distinct pairs, ranks 0, 1, 2...
    lefts, rights = np.array(list(pairs)).T
    table = PairRanks(lefts, rights, np.arange(len(pairs)), n_tokens=3000)
    assert table.get(lefts, rights).tolist() == list(range(len(pairs)))
    others = rng.integers(0, 3000, size=(20_000, 2))
    expected = [pairs.get((int(a), int(b)), _batch_encode.NO_RANK) for a, b in others]
    assert table.get(others[:, 0], others[:, 1]).tolist() == expected
    assert table.get(np.array([], int), np.array([], int)).tolist() == []


def test_merges_that_make_the_same_bytes_twice_keep_the_readable_loop():
    tok = Tokenizer([(b"a", b"b"), (b"b", b"c"), (b"ab", b"c"), (b"a", b"bc")])
    assert not tok._plain and gpt2.load()._plain and Tokenizer.train('a b ab abc', 270)._plain
    text = " ".join(f"abc{n}" for n in range(300))  # enough new chunks for the batch encoder
    assert tok.encode(text) == [i for chunk in tok._split(text) for i in readable(tok, chunk.encode())]
    assert tok._batch is False  # decided once, on the first encode with enough new chunks
    assert tok._batch_encoder() is None


def test_the_batch_encoder_is_built_for_a_text_with_enough_new_chunks():
    tok = gpt2.load()
    assert tok.encode("Hello world") == [15496, 995] and tok._batch is None  # 2 new chunks: the readable loop
    text = " ".join(f"w{n}x" for n in range(600))
    ids = tok.encode(text)
    assert isinstance(tok._batch, BatchEncoder)
    assert ids == [i for chunk in tok._split(text) for i in readable(tok, chunk.encode())]


@st.composite
def plain_merge_lists(draw):
    """Merge lists over a few bytes where each part already exists and each merge makes new bytes."""
    tokens = [b"a", b"b", b"c", b'"', b"\xc3"]
    merges = []
    for _ in range(draw(st.integers(min_value=0, max_value=20))):
        left, right = draw(st.sampled_from(tokens)), draw(st.sampled_from(tokens))
        if left + right in tokens or len(left + right) > 7:
            continue
        merges.append((left, right))
        tokens.append(left + right)
    return merges


@settings(max_examples=examples(300), deadline=None)
@given(merges=plain_merge_lists(), words=st.lists(st.binary(min_size=1, max_size=14).map(
    lambda data: bytes(b"abc\"x\xc3\xa9"[byte % 7] for byte in data)), max_size=8))
def test_batch_encoding_equals_the_readable_loop(merges, words):
    tok = Tokenizer(merges, pattern=None)
    chunks = words + tok.vocab[256:]
    assert batch(tok).encode_many(chunks) == [readable(tok, chunk) for chunk in chunks]
    text = " ".join(word.decode(errors="replace") for word in words)
    assert tok.encode(text) == [tok.vocab.index(t) for t in bpe.encode(text.encode(), tok.merges)]
