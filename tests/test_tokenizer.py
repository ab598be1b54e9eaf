"""The byte-level Tokenizer: round trips, encoding = BPE encode, save/load, and clear errors."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_lab import bpe, corpus, pretokenize
from bpe_lab.tokenizer import Tokenizer
from conftest import examples


@pytest.fixture(scope="module")
def novel_tokenizer():
    return Tokenizer.train(corpus.load_text(), 1000)


@settings(max_examples=examples(300), deadline=None)
@given(text=st.text())  # any string UTF-8 can encode (hypothesis leaves out lone surrogates)
def test_decode_encode_is_the_identity(novel_tokenizer, text):
    assert novel_tokenizer.decode(novel_tokenizer.encode(text)) == text


def test_round_trip_in_every_udhr_language(novel_tokenizer):
    for entry in corpus.load_udhr().values():
        assert novel_tokenizer.decode(novel_tokenizer.encode(entry["text"])) == entry["text"]


def test_ids_are_bytes_then_merges(novel_tokenizer):
    tok = novel_tokenizer
    assert tok.vocab_size == 1000 and len(tok.merges) == 744
    assert tok.encode("A") == [65] and tok.token_bytes(65) == b"A"
    assert all(tok.token_bytes(256 + r) == left + right for r, (left, right) in enumerate(tok.merges))


def test_encoding_a_chunk_is_bpe_encode_with_the_same_merges(novel_tokenizer):
    tok = novel_tokenizer
    for chunk in sorted(set(pretokenize.split(corpus.load_text()[:30_000]))):
        assert [tok.token_bytes(i) for i in tok.encode(chunk)] == bpe.encode(chunk.encode(), tok.merges)


def test_no_pattern_treats_the_text_as_one_chunk():
    tok = Tokenizer.train("ab ab ab", 258, pattern=None)
    # after "ab", the pairs ("ab", " ") and (" ", "ab") both occur twice: the smaller, b" " first, wins
    assert tok.merges == [(b"a", b"b"), (b" ", b"ab")]
    assert [tok.token_bytes(i) for i in tok.encode("ab ab")] == [b"ab", b" ab"]


def test_cut_characters_decode_to_replacement_but_bytes_are_kept():
    tok = Tokenizer()
    ids = tok.encode("é")
    assert ids == [0xC3, 0xA9]
    assert tok.decode(ids[:1]) == "\ufffd" and tok.decode_bytes(ids[:1]) == b"\xc3"


def test_save_and_load(tmp_path, novel_tokenizer):
    path = novel_tokenizer.save(tmp_path / "novel.json")
    loaded = Tokenizer.load(path)
    assert loaded.merges == novel_tokenizer.merges and loaded.pattern == "gpt2"
    text = "It is a truth universally acknowledged — 普遍的真理 😀"
    assert loaded.encode(text) == novel_tokenizer.encode(text)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "bpe_lab.tokenizer" and data["version"] == 1
    assert data["merges"][:2] == [["h", "e"], ["Ġ", "t"]]  # GPT-2's printable characters: 'Ġ' is the space
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind
    listing = novel_tokenizer.vocab_listing().splitlines()
    assert listing[0].startswith("# 1000 tokens") and len(listing) == 1001


def test_tie_break_passes_through():
    text = corpus.load_text()[:20_000]
    assert len(Tokenizer.train(text, 300, tie_break="hf").merges) == 44
    with pytest.raises(ValueError, match="tie_break must be one of"):
        Tokenizer.train(text, 300, tie_break="coin")


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: Tokenizer.train("abc", 255), ValueError, "vocab_size must be at least 256"),
        (lambda: Tokenizer.train("abc", 300.0), TypeError, "vocab_size must be a whole number"),
        (lambda: Tokenizer.train("abc", "300"), TypeError, "vocab_size must be a whole number"),
        (lambda: Tokenizer.train(b"abc", 300), TypeError, "text must be a str"),
        (lambda: Tokenizer.train("", 300), ValueError, "text is empty"),
        (lambda: Tokenizer.train("abc", 300, pattern="(unclosed"), ValueError, "nor a valid regex"),
        (lambda: Tokenizer.train("abc", 300, pattern=42), TypeError, "pattern must be a name"),
        (lambda: Tokenizer().encode(["abc"]), TypeError, "text must be a str"),
        (lambda: Tokenizer().decode([65, 999]), ValueError, r"ids\[1\] = 999 is not a token id"),
        (lambda: Tokenizer().decode([-1]), ValueError, "is not a token id"),
        (lambda: Tokenizer().decode([1.5]), TypeError, r"ids\[0\] must be an integer"),
        (lambda: Tokenizer().decode("abc"), TypeError, "ids must be a list of integers"),
        (lambda: Tokenizer([(b"a",)]), ValueError, r"merges\[0\] must be a pair"),
        (lambda: Tokenizer(5), TypeError, "merges must be a list of"),
        (lambda: Tokenizer([(b"ab", b"c")]), ValueError, "no earlier merge made"),
    ],
)
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_damaged_files_are_named(tmp_path, novel_tokenizer):
    path = novel_tokenizer.save(tmp_path / "tok.json")
    truncated = tmp_path / "truncated.json"
    truncated.write_text(path.read_text(encoding="utf-8")[:500], encoding="utf-8")
    with pytest.raises(ValueError, match=r"truncated\.json is not a BPE Lab tokenizer file: it is not valid JSON"):
        Tokenizer.load(truncated)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"model": {"type": "BPE"}}))
    with pytest.raises(ValueError, match=r"other\.json is not a BPE Lab tokenizer file"):
        Tokenizer.load(other)
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": "bpe_lab.tokenizer", "version": 99, "merges": []}))
    with pytest.raises(ValueError, match="format version 99"):
        Tokenizer.load(newer)
    bad_merge = tmp_path / "bad_merge.json"
    bad_merge.write_text(json.dumps({"format": "bpe_lab.tokenizer", "version": 1, "pattern": "gpt2", "merges": [["a"]]}))
    with pytest.raises(ValueError, match=r"bad_merge\.json: merges\[0\] must be a pair"):
        Tokenizer.load(bad_merge)
    bad_pattern = tmp_path / "bad_pattern.json"
    bad_pattern.write_text(json.dumps({"format": "bpe_lab.tokenizer", "version": 1, "pattern": "(", "merges": []}))
    with pytest.raises(ValueError, match=r"bad_pattern\.json: pattern"):
        Tokenizer.load(bad_pattern)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ValueError, match=r"binary\.json is not a BPE Lab tokenizer file"):
        Tokenizer.load(binary)
    with pytest.raises(FileNotFoundError, match="no tokenizer file at"):
        Tokenizer.load(tmp_path / "missing.json")


def test_special_tokens_save_load_and_errors(tmp_path):
    tok = Tokenizer.train("hello world " * 30, 270)
    tok.add_special_token("<|end|>", 270)
    with pytest.raises(ValueError, match="already used by token"):
        tok.add_special_token("<|other|>", 65)
    with pytest.raises(ValueError, match="already registered"):
        tok.add_special_token("<|end|>", 271)
    with pytest.raises(ValueError, match="non-empty str"):
        tok.add_special_token("", 272)
    with pytest.raises(ValueError, match="whole number"):
        tok.add_special_token("<|x|>", -1)
    ids = tok.encode("hello<|end|>world", allowed_special="all")
    assert 270 in ids and tok.decode(ids) == "hello<|end|>world"
    with pytest.raises(ValueError, match="contains the special token"):
        tok.encode("hello<|end|>")
    with pytest.raises(TypeError, match="allowed_special must be"):
        tok.encode("hello", allowed_special=5)
    loaded = Tokenizer.load(tok.save(tmp_path / "special.json"))
    assert loaded.special_tokens == {"<|end|>": 270}
    assert loaded.encode("hello<|end|>world", allowed_special="all") == ids


def test_custom_token_ids_save_and_load(tmp_path):
    from bpe_lab import gpt2

    enc = gpt2.load()
    small = Tokenizer(enc.merges[:100], "gpt2", special_tokens=enc.special_tokens,
                      token_ids={enc.token_bytes(i): i for i in range(356)})
    text = "the cat and the hat"
    ids = small.encode(text)
    assert all(i < 356 for i in ids) and small.decode(ids) == text
    assert small.encode("!") == [0]  # GPT-2 numbers the byte "!" as 0
    loaded = Tokenizer.load(small.save(tmp_path / "gpt2_small.json"))
    assert loaded.encode(text) == small.encode(text) and loaded.token_bytes(0) == b"!"
    with pytest.raises(ValueError, match="gives id 0 to both"):
        Tokenizer([], token_ids={bytes([b]): 0 for b in range(256)})
    with pytest.raises(TypeError, match="token_ids must be a dict"):
        Tokenizer([], token_ids=[1, 2])
