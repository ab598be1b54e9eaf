"""The fast chunk encoder (bpe_lab._fast_encode) gives exactly the readable merge loop's tokens.

Its shortcuts rest on two checks, tested here on vocabularies made to break them: ``builds_alone`` (is a
token built from its own bytes, so a chunk that is that token can be looked up?) and ``sealed`` (can a merge
cross the border between two tokens?). The parity tests (test_gpt2, test_openai_vocabularies) check the
real vocabularies against tiktoken through the same code.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_lab import bpe, gpt2
from bpe_lab._fast_encode import ChunkEncoder, plain_merges
from bpe_lab.tokenizer import Tokenizer


def chunk_encoder(tokenizer: Tokenizer) -> ChunkEncoder:
    return ChunkEncoder(tokenizer.vocab, tokenizer.merges, tokenizer._ranks)


def test_a_token_not_built_from_its_own_bytes_is_not_looked_up():
    # b"abc" is token 258 (a + bc), but the merge loop joins a + b first: "abc" encodes as ab + c
    tok = Tokenizer([(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")], pattern=None)
    encoder = chunk_encoder(tok)
    assert [encoder.builds_alone(k) for k in (97, 256, 257, 258)] == [True, True, True, False]
    assert encoder.encode(b"abc") == tok._encode_chunk(b"abc") == [256, 99]
    assert tok.encode("abc") == [256, 99] and tok.encode("xabcbc") == [120, 256, 99, 257]
    assert tok.encode("abc") == [tok.vocab.index(token) for token in bpe.encode(b"abc", tok.merges)]


def test_a_border_crossed_by_a_merge_of_the_same_rank():
    # q = b'"'. Greedy longest tokens for b"'qqq" are 'q + qq; but merge 0 (q, q) first joins the leftmost
    # pair, the one across their border: the loop gives ' + qqq. (This tie was met in GPT-2 on b"'\"\"\"%".)
    tok = Tokenizer([(b'"', b'"'), (b"'", b'"'), (b'""', b'"')], pattern=None)
    encoder = chunk_encoder(tok)
    assert encoder._longest_tokens(b"'\"\"\"") == [257, 256]
    assert not encoder.sealed(257, 256)
    assert encoder.encode(b"'\"\"\"") == tok._encode_chunk(b"'\"\"\"") == [39, 258]


def test_sealed_borders_and_the_check_of_a_whole_vocabulary():
    tok = Tokenizer([(b"a", b"b"), (b"b", b"c")], pattern=None)
    encoder = chunk_encoder(tok)
    assert encoder.sealed(256, 99) and not encoder.sealed(97, 257)  # ab|c stays; a|bc: merge 0 takes the b
    assert encoder._cut(b"abxab") == [b"ab", b"x", b"ab"]  # no token holds b then x, or x then a
    data = "abéabcab".encode()  # ASCII is not cut (it seldom has a sealed border); this chunk is not ASCII
    assert encoder._cut(data) == [b"ab", b"\xc3", b"\xa9", b"abc", b"ab"]
    assert encoder.encode(data) == tok._encode_chunk(data) == [256, 0xC3, 0xA9, 256, 99, 256]
    assert encoder.pieces[b"ab"] == [256]  # a piece met before is looked up


def test_every_gpt2_token_is_built_from_its_own_bytes():
    tok = gpt2.load()
    encoder = chunk_encoder(tok)
    assert plain_merges(tok.vocab)
    assert all(encoder.builds_alone(k) for k in range(len(tok.vocab)))
    for k in range(256, len(tok.vocab), 997):  # a sample checked the slow way
        assert tok._encode_chunk(tok.vocab[k]) == [k]


def test_merges_that_make_the_same_bytes_twice_keep_the_readable_loop():
    tok = Tokenizer([(b"a", b"b"), (b"b", b"c"), (b"ab", b"c"), (b"a", b"bc")])
    assert not plain_merges(tok.vocab)
    assert tok.encode("abc cab bca") == [258, 32, 99, 256, 32, 257, 97]  # 3 new chunks: enough for 260 tokens
    assert tok._fast is False  # decided once, on the first encode with enough new chunks


def test_the_fast_encoder_is_built_for_a_text_with_enough_new_chunks():
    tok = gpt2.load()
    assert tok.encode("Hello world") == [15496, 995] and tok._fast is None  # 2 new chunks: the readable loop
    text = " ".join(f"w{n}x" for n in range(600))
    ids = tok.encode(text)
    assert isinstance(tok._fast, ChunkEncoder)
    assert ids == [i for chunk in tok._split(text) for i in map(tok._external.__getitem__,
                                                                tok._encode_chunk(chunk.encode()))]


@st.composite
def plain_merge_lists(draw):
    """Merge lists over a few bytes where each part already exists and each merge makes new bytes."""
    tokens = [b"a", b"b", b"c", b'"', b"\xc3"]  # one byte that is not ASCII, so chunks get cut
    merges = []
    for _ in range(draw(st.integers(min_value=0, max_value=20))):
        left, right = draw(st.sampled_from(tokens)), draw(st.sampled_from(tokens))
        if left + right in tokens or len(left + right) > 7:
            continue
        merges.append((left, right))
        tokens.append(left + right)
    return merges


@settings(max_examples=400, deadline=None)
@given(merges=plain_merge_lists(), words=st.lists(st.binary(max_size=14).map(
    lambda data: bytes(b"abc\"x\xc3\xa9"[byte % 7] for byte in data)), max_size=6))
def test_fast_encoding_equals_the_readable_loop(merges, words):
    tok = Tokenizer(merges, pattern=None)
    encoder = chunk_encoder(tok)
    for k in range(256, len(tok.vocab)):
        if encoder.builds_alone(k):  # the check never accepts a token the loop does not build
            assert tok._encode_chunk(tok.vocab[k]) == [k]
    for word in words + [token for token in tok.vocab[256:]]:
        assert encoder.encode(word) == tok._encode_chunk(word)
    text = " ".join(word.decode(errors="replace") for word in words)
    assert tok.encode(text) == [tok.vocab.index(t) for t in bpe.encode(text.encode(), tok.merges)]
