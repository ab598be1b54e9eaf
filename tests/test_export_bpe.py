"""bpe_lab.export for byte-level BPE: a Tokenizer written as a Hugging Face tokenizer.json and as a tiktoken
rank file encodes, in tokenizers, transformers and tiktoken, to exactly our ids; tokenizer.json reads back, and a
damaged one is a FileFormatError naming the file and the problem (and the line, where JSON gives one).

The texts: every line of Pride and Prejudice and of the UDHR in 20 languages, plus a few whole texts
with special tokens, runs of spaces and newlines (where the regex engines could differ).
"""

import json
import os
import re

import pytest
import tiktoken  # the reference extra; never skipped
import tokenizers

from bpe_lab import corpus, export, gpt2, storage
from bpe_lab.export import hf_bpe, tiktoken_file
from bpe_lab.tokenizer import Tokenizer
from conftest import record_parity

NOVEL = corpus.load_text("pride_and_prejudice.txt")
UDHR = "\n".join(entry["text"] for entry in corpus.load_udhr().values())
LINES = [line for line in NOVEL.splitlines() + UDHR.splitlines() if line]
EXTRA = [
    "It is a truth<|endoftext|>universally acknowledged<|pad|>",
    "  two spaces,\n\n\nthree newlines\r\n  \t tab   \n",
    "trailing spaces at the end   ",
    "I'M HERE, you're 12345 678!!\n",
    "HelloWorld's camelCase don't/path//x\u00a0nbsp\u2003em space",
    UDHR[:3000],
]
SPECIAL = {"<|endoftext|>": 1000, "<|pad|>": 1001}


@pytest.fixture(scope="module", params=["gpt2", "gpt4", "o200k"])
def trained(request):
    """A Tokenizer trained here on the first 200,000 characters of the novel, with two special tokens, its
    pattern, and our ids for every text (LINES + EXTRA): computed once, for both exports."""
    pattern = request.param
    ours = with_specials(Tokenizer(Tokenizer.train(NOVEL[:200_000], 1000, pattern).merges, pattern))
    return ours, pattern, [ours.encode(text, allowed_special="all") for text in LINES + EXTRA]


@pytest.fixture(scope="module")
def gpt2_tokenizer():
    """gpt2.load(), read once for the tests below that use it (none changes it)."""
    return gpt2.load()


def with_specials(tokenizer):
    for name, token_id in SPECIAL.items():
        tokenizer.add_special_token(name, token_id)
    return tokenizer


def compare(label, ours, theirs, texts):
    """``theirs`` (a list of id lists) equals ``ours`` for every text: a Tokenizer (its
    ``encode(text, allowed_special="all")``), or those ids already computed, one list per text."""
    tokens = 0
    for k, (text, ids) in enumerate(zip(texts, theirs, strict=True)):
        expected = ours[k] if isinstance(ours, list) else ours.encode(text, allowed_special="all")
        assert ids == expected, f"{label}: ids differ for {text[:80]!r}"
        tokens += len(ids)
    record_parity(label, len(texts), tokens)


# ------------------------------------------------------------------------------------------------
# tokenizer.json
# ------------------------------------------------------------------------------------------------

@pytest.mark.slow
def test_tokenizer_json_encodes_like_ours_in_tokenizers_and_transformers(trained, tmp_path):
    from transformers import PreTrainedTokenizerFast

    ours, pattern, expected = trained
    path = export.to_hf(ours, tmp_path / "tokenizer.json")
    assert path == tmp_path / "tokenizer.json" and [p.name for p in tmp_path.iterdir()] == ["tokenizer.json"]
    texts = LINES + EXTRA
    hf = tokenizers.Tokenizer.from_file(str(path))
    compare(f"export.to_hf ({pattern}) -> tokenizers", expected,
            [e.ids for e in hf.encode_batch(texts, add_special_tokens=False)], texts)
    fast = PreTrainedTokenizerFast(tokenizer_file=str(path))
    compare(f"export.to_hf ({pattern}) -> transformers", expected,
            fast(texts, add_special_tokens=False)["input_ids"], texts)
    assert hf.decode(ours.encode(EXTRA[1])) == EXTRA[1]  # the ByteLevel decoder
    back = export.from_hf(path)
    assert (back.merges, back.pattern, back.special_tokens) == (ours.merges, pattern, SPECIAL)


@pytest.mark.slow
def test_gpt2_round_trips_through_tokenizer_json(gpt2_tokenizer, tmp_path):
    original = gpt2_tokenizer
    path = hf_bpe.write(original, tmp_path / "gpt2.json")
    back = hf_bpe.read(path)
    assert back.merges == original.merges and back.pattern == "gpt2" and back.special_tokens == {"<|endoftext|>": 50256}
    assert back.to_dict() == original.to_dict()
    ids = back.encode(NOVEL)
    assert ids == original.encode(NOVEL)
    hf = tokenizers.Tokenizer.from_file(str(path))
    assert hf.encode(NOVEL).ids == ids
    record_parity("export.to_hf (GPT-2) -> tokenizers, whole novel", 1, len(ids))


def test_custom_pattern_and_no_pattern(tmp_path):
    # ^, $, \Z and a possessive interval: Oniguruma spells the anchors otherwise (its ^ and $ match at every line)
    pattern = r"^\s+|\p{L}+|\p{N}{1,3}+|\s+$|\s+\Z|\s+|."
    assert hf_bpe.to_oniguruma(pattern) == r"\A\s+|\p{L}+|\p{N}{1,3}|\s+\Z|\s+\z|\s+|."
    ours = Tokenizer.train(NOVEL[:50_000], 400, pattern)
    texts = [*EXTRA[:4], "abc 1234567 x  \n", "end  \n", "  a\n  b  \n", "a\n b\n\n"]
    for tokenizer in (ours, Tokenizer(ours.merges, None)):
        path = hf_bpe.write(tokenizer, tmp_path / "t.json")
        hf = tokenizers.Tokenizer.from_file(str(path))
        compare("export.to_hf (custom pattern, none)", tokenizer, [hf.encode(t).ids for t in texts], texts)
        # read back, the possessive interval has lost its '+' (the same split where it stands)
        assert hf_bpe.read(path).pattern == (tokenizer.pattern and tokenizer.pattern.replace("{1,3}+", "{1,3}"))
    with pytest.raises(ValueError, match=r"possessive interval .*write it without the possessive"):
        hf_bpe.to_oniguruma(r"(\p{N}{1,3}+)x")


# ------------------------------------------------------------------------------------------------
# tiktoken
# ------------------------------------------------------------------------------------------------

def test_tiktoken_rank_file_encodes_like_ours(trained, tmp_path):
    ours, pattern, expected = trained
    path = export.to_tiktoken(ours, tmp_path / "ours.tiktoken")
    first = path.read_text().splitlines()[:2]
    assert first == ["AA== 0", "AQ== 1"]  # base64 of byte 0 and byte 1
    encoding = tiktoken_file.load_encoding(path, ours.pattern, ours.special_tokens)
    assert isinstance(encoding, tiktoken.Encoding)
    texts = LINES + EXTRA
    # encode one text at a time: encode_batch runs the same encode in a thread pool, which here costs five times
    # the CPU (0.7 s instead of 0.13 s)
    compare(f"export.to_tiktoken ({pattern}) -> tiktoken", expected,
            [encoding.encode(text, allowed_special="all") for text in texts], texts)
    # and bpe_lab reads the file back the way it reads cl100k's
    rebuilt = Tokenizer.from_ranks(encoding._mergeable_ranks, pattern)
    assert rebuilt.merges == ours.merges


def test_gpt2_rank_file_matches_tiktoken_rule(gpt2_tokenizer, tmp_path):
    original = gpt2_tokenizer
    path = tiktoken_file.write(original, tmp_path / "gpt2.tiktoken")
    encoding = tiktoken_file.load_encoding(path, "gpt2", original.special_tokens)
    ids = encoding.encode(NOVEL)
    assert ids == original.encode(NOVEL)
    record_parity("export.to_tiktoken (GPT-2) -> tiktoken, whole novel", 1, len(ids))


def test_a_tokenizer_tiktoken_would_encode_differently_is_refused(tmp_path):
    # b+c first, then a+b, then ab+c: on "abc" we merge b+c and stop at a, bc; tiktoken would join a and bc
    # into abc, whose rank (its id) exists. The same tokenizer exports to tokenizer.json (pair ranks) fine.
    ours = Tokenizer([(b"b", b"c"), (b"a", b"b"), (b"ab", b"c")], None)
    assert [ours.token_bytes(i) for i in ours.encode("abc")] == [b"a", b"bc"]
    path = tmp_path / "abc.tiktoken"
    with pytest.raises(ValueError, match=r"tiktoken merges the adjacent pair whose joined bytes have the lowest rank, "
                                         r"and on the bytes of token b'abc' .* ends in \[b'a', b'bc'\] instead"):
        export.to_tiktoken(ours, path)
    assert not path.exists()
    hf = tokenizers.Tokenizer.from_file(str(hf_bpe.write(ours, tmp_path / "abc.json")))
    assert hf.encode("abc").ids == ours.encode("abc")


# ------------------------------------------------------------------------------------------------
# Writing safely, refusing clearly
# ------------------------------------------------------------------------------------------------

def test_writers_are_atomic(tmp_path, monkeypatch):
    ours = Tokenizer.train(NOVEL[:20_000], 300)
    for write in (hf_bpe.write, tiktoken_file.write):
        path = tmp_path / "old.txt"
        path.write_text("old")

        def fail(*args):
            raise OSError("disk full")

        monkeypatch.setattr(os, "fsync", fail)
        with pytest.raises(OSError, match="disk full"):
            write(ours, path)
        monkeypatch.undo()
        assert path.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["old.txt"]
        assert write(ours, path) == path and path.read_text() != "old"


def test_bad_inputs_are_refused_clearly(tmp_path):
    ours = Tokenizer.train(NOVEL[:20_000], 300)
    with pytest.raises(TypeError, match=r"cannot write a WordPiece vocabulary as a tokenizer.json: pass a byte-level"):
        hf_bpe.write(["[UNK]", "a", "##b"], tmp_path / "t.json")
    with pytest.raises(TypeError, match=r"tiktoken_file.write writes a byte-level bpe_lab.Tokenizer, got a WordPiece"):
        export.to_tiktoken(["[UNK]", "a", "##b"], tmp_path / "t.tiktoken")
    with pytest.raises(FileNotFoundError, match=r"the folder .*missing does not exist"):
        export.to_hf(ours, tmp_path / "missing" / "t.json")
    with pytest.raises(FileNotFoundError, match=r"the folder .*missing does not exist"):
        export.to_tiktoken(ours, tmp_path / "missing" / "t.tiktoken")
    twice = Tokenizer([(b"a", b"b"), (b"ab", b"c"), (b"b", b"c"), (b"a", b"bc")], None)
    for write in (hf_bpe.write, tiktoken_file.write):
        with pytest.raises(ValueError, match=r"merge 3 makes b'abc', which an earlier merge already made"):
            write(twice, tmp_path / "twice")
    with pytest.raises(FileNotFoundError, match="no tokenizer.json at"):
        export.from_hf(tmp_path / "none.json")
    # files that are not byte-level BPE
    bad = tmp_path / "bad.json"
    for text, message in [
        ('{"model": {"type": "WordPiece", "vocab": {}}}', r"is not byte-level BPE: its model is 'WordPiece'"),
        ('{"model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}, "pre_tokenizer": {"type": "ByteLevel"}}',
         r"has 255 token\(s\) that bytes or merges make missing from its vocab"),
        ('{"normalizer": {"type": "NFC"}, "model": {"type": "BPE", "vocab": {}, "merges": []}}', r"has a normalizer"),
    ]:
        bad.write_text(text)
        with pytest.raises(storage.FileFormatError, match=rf"^{re.escape(str(bad))} {message}"):
            export.from_hf(bad)


# ------------------------------------------------------------------------------------------------
# Reading damaged files
# ------------------------------------------------------------------------------------------------

def _damaged(text: str) -> dict:
    """Each damage -> the damaged text of a good tokenizer.json (``text``) and what the error must say."""
    document, lines = json.loads(text), text.splitlines()
    vocab = list(document["model"]["vocab"])

    def edited(change) -> str:
        copy = json.loads(text)
        change(copy)
        return json.dumps(copy, ensure_ascii=False, indent=1)

    key = json.dumps(vocab[280], ensure_ascii=False)  # a token's line, to write twice
    token_line = next(n for n, line in enumerate(lines) if line.strip().startswith(key))
    twice = "\n".join(lines[: token_line + 1] + [lines[token_line]] + lines[token_line + 1 :])
    return {
        "empty": ("", r"is empty \(0 bytes\)"),
        "cut in half": (text[: len(text) // 2], r"is not a whole tokenizer.json: its JSON ends in the middle"),
        "last byte gone": (text.rstrip()[:-1], r"its JSON ends in the middle \(line \d+, column 1: .*cut short"),
        "not JSON": ("\x00\x01garbage", r"is not a tokenizer.json: it is not valid JSON \(line 1, column 1"),
        "not UTF-8": ("", r"is not a tokenizer.json: it is not UTF-8 text \(byte 0xff at position 0\)"),
        "a token twice": (twice, rf"holds the key '.*' twice in one object \(line {token_line + 2}\)"),
        "an id twice": (edited(lambda d: d["model"]["vocab"].update({vocab[290]: 291})),
                        r"has the id 291 twice in its vocab, for '.*' and '.*': was it damaged"),
        "an id missing": (edited(lambda d: d["model"]["vocab"].update({vocab[295]: 5000})),
                          r"has a gap in its vocab's ids: no token has id 295"),
        "merges cut": (edited(lambda d: d["model"].update(merges=d["model"]["merges"][:-5])),
                       r"holds 5 token\(s\) in its vocab that no merge makes"),
        "a merge of one token": (edited(lambda d: d["model"]["merges"].__setitem__(3, "abc")),
                                 r"holds merges\[3\] = 'abc', which is not two tokens"),
        "vocab a list": (edited(lambda d: d["model"].update(vocab=vocab)), r"needs a \"vocab\" object"),
        "an id a string": (edited(lambda d: d["model"]["vocab"].update({vocab[7]: "7"})),
                           r"has the id '7' for the token .* in its vocab: ids are whole numbers"),
        "an id true": (edited(lambda d: d["model"]["vocab"].update({vocab[0]: True})), r"the id True"),
        "a special id -1": (edited(lambda d: d["added_tokens"][0].update(id=-1)),
                            r"holds added_tokens\[0\] = .* needs a \"content\""),
        "a special token twice": (edited(lambda d: d["added_tokens"].append(d["added_tokens"][0])),
                                  r"has the added token '<\|endoftext\|>' \(id 300\) twice"),
        "a special id on a token": (edited(lambda d: d["added_tokens"][0].update(id=5)), r"id 5 is already used"),
        "no model": ('{"version": "1.0"}', r"is not a tokenizer.json: it has no \"model\" object"),
        "NaN": (text.replace('"dropout": null', '"dropout": NaN', 1), r"holds NaN, which is not a number JSON allows"),
    }


def test_damaged_tokenizer_json_is_a_clear_file_format_error(tmp_path):
    tokenizer = Tokenizer.train(NOVEL[:20_000], 300)
    tokenizer.add_special_token("<|endoftext|>", 300)
    good = export.to_hf(tokenizer, tmp_path / "good.json")
    assert export.from_hf(good).to_dict() == tokenizer.to_dict()
    damaged = tmp_path / "damaged.json"
    for name, (text, message) in _damaged(good.read_text(encoding="utf-8")).items():
        damaged.write_bytes(b"\xff" if name == "not UTF-8" else text.encode("utf-8"))
        with pytest.raises(storage.FileFormatError, match=rf"^{re.escape(str(damaged))}\b.*{message}") as caught:
            export.from_hf(damaged)
        assert caught.value.path == damaged, name


def test_from_hf_reads_a_folder(tmp_path):
    tokenizer = Tokenizer.train(NOVEL[:20_000], 300, "gpt4")
    tokenizer.add_special_token("<|endoftext|>", 300)
    folder = export.to_hf(tokenizer, tmp_path / "mine")
    assert export.from_hf(folder).to_dict() == tokenizer.to_dict()


def test_gpt2_from_a_tokenizer_json_that_tokenizers_wrote(gpt2_tokenizer, tmp_path):
    """GPT-2's own files turned into a tokenizer.json by tokenizers itself (merges as "a b" strings, the
    special token in the vocab too, as on the Hub) read back as gpt2.load()."""
    from tokenizers import decoders, models, pre_tokenizers, processors

    hf = tokenizers.Tokenizer(models.BPE.from_file(str(corpus.data_path("encoder.json")),
                                                   str(corpus.data_path("vocab.bpe"))))
    hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    hf.post_processor = processors.ByteLevel(trim_offsets=False)
    hf.decoder = decoders.ByteLevel()
    hf.add_special_tokens(["<|endoftext|>"])
    hf.save(str(tmp_path / "tokenizer.json"))
    back = export.from_hf(tmp_path / "tokenizer.json")
    assert back.to_dict() == gpt2_tokenizer.to_dict()
    text = NOVEL[:20_000] + "<|endoftext|>"
    assert back.encode(text, allowed_special="all") == hf.encode(text).ids


def test_the_exercise_rank_file_is_what_to_tiktoken_writes(tmp_path):
    """Exercise 10's project question (rank_file) describes export.to_tiktoken's file: its reference, given a
    trained tokenizer's merges, gives the very text the exporter writes."""
    from bpe_lab.homework.sets.ex10_your_own_tokenizer import _rank_file

    tokenizer = Tokenizer.train(corpus.load_text()[:20_000], 400, "gpt4")
    path = export.to_tiktoken(tokenizer, tmp_path / "small.tiktoken")
    assert path.read_text(encoding="ascii") == _rank_file(tokenizer.merges)
