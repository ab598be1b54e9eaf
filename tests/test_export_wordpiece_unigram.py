"""bpe_lab.export for WordPiece and Unigram: BERT's tokenizer.json and vocab.txt, SentencePiece's .model, a
Unigram tokenizer.json. Each file, loaded by the production library (``tokenizers``, ``sentencepiece``),
segments every line of the novel and of the UDHR (20 languages) exactly as bpe_lab does; and each writer
refuses, before touching the disk, what its format cannot hold."""

import math
import struct

import pytest
import sentencepiece as spm
from conftest import record_parity
from tokenizers import Tokenizer

from bpe_lab import bert, corpus, export, unigram, wordpiece
from bpe_lab.export import hf_unigram, hf_wordpiece
from bpe_lab.sentencepiece import model_file

BERT_VOCAB = "bert-base-uncased-vocab.txt"


@pytest.fixture(scope="module")
def lines():
    """Every line of the novel and of the UDHR's 20 languages (most of the UDHR's characters are not in
    a vocabulary trained on the novel: unknown words and characters get tested too)."""
    udhr = [line for entry in corpus.load_udhr().values() for line in entry["text"].splitlines()]
    return corpus.load_text().splitlines() + udhr


@pytest.fixture(scope="module")
def trained_wordpiece():
    return wordpiece.fast_train(corpus.load_text()[:100_000], 1000)


@pytest.fixture(scope="module")
def trained_unigram():
    return unigram.train(corpus.load_text()[:100_000], 1000)


# -- WordPiece: tokenizer.json and vocab.txt ------------------------------------------------------------------

def _bert_parity(name, vocab_path, json_path, lines):
    ours, theirs = bert.BertTokenizer(vocab_path), Tokenizer.from_file(str(json_path))
    cls, sep = ours.vocab["[CLS]"], ours.vocab["[SEP]"]
    tokens = 0
    for line in lines:
        pieces = ours.tokenize(line)
        encoding = theirs.encode(line, add_special_tokens=False)
        assert encoding.tokens == pieces, line
        assert encoding.ids == [ours.vocab[piece] for piece in pieces], line
        assert theirs.decode(encoding.ids, skip_special_tokens=False) == wordpiece.decode(pieces), line  # cleanup too
        tokens += len(pieces)
    assert theirs.encode(lines[0]).ids == [cls] + ours.encode(lines[0]) + [sep]
    record_parity(name, len(lines), tokens)
    return tokens


@pytest.mark.slow  # every line of the novel and the UDHR: a second
def test_trained_wordpiece_tokenizer_json_equals_bert_tokenizer(trained_wordpiece, lines, tmp_path):
    vocab_txt = hf_wordpiece.write_vocab_txt(trained_wordpiece, tmp_path / "vocab.txt")
    assert list(bert.load_vocab(vocab_txt)) == trained_wordpiece.vocab
    json_path = export.to_hf(trained_wordpiece, tmp_path / "tokenizer.json")
    _bert_parity("WordPiece tokenizer.json vs BertTokenizer (fast_train, 1000 pieces)", vocab_txt, json_path, lines)


@pytest.mark.slow  # every line of the novel and the UDHR: a second
def test_bert_base_uncased_tokenizer_json_equals_bert_tokenizer(lines, tmp_path):
    vocab = bert.load_vocab(corpus.data_path(BERT_VOCAB))
    json_path = hf_wordpiece.write(vocab, tmp_path / "tokenizer.json")
    vocab_txt = hf_wordpiece.write_vocab_txt(vocab, tmp_path / "vocab.txt")
    assert vocab_txt.read_bytes() == corpus.data_path(BERT_VOCAB).read_bytes()  # the same file, byte for byte
    theirs = Tokenizer.from_file(str(json_path))
    assert theirs.encode("Hello, world!", "Second.").tokens == ["[CLS]", "hello", ",", "world", "!", "[SEP]",
                                                                "second", ".", "[SEP]"]
    assert theirs.decode(theirs.encode("Tokenization is unhelpfully complicated!").ids) == \
        "tokenization is unhelpfully complicated!"
    _bert_parity("WordPiece tokenizer.json vs BertTokenizer (bert-base-uncased)", vocab_txt, json_path, lines)


def test_the_two_special_token_modes_of_the_wordpiece_tokenizer_json(tmp_path):
    pieces = ["[UNK]", "[CLS]", "[SEP]", "[", "]", "c", "##l", "##s", "cl", "a"]
    theirs = Tokenizer.from_file(str(hf_wordpiece.write(pieces, tmp_path / "t.json")))
    assert theirs.encode("a[CLS]", add_special_tokens=False).tokens == ["a", "[CLS]"]  # by default, kept whole
    theirs.encode_special_tokens = True  # split_special_tokens=True in transformers: read as characters
    assert theirs.encode("a[CLS]", add_special_tokens=False).tokens == bert.bert_tokenize("a[CLS]", pieces) == \
        ["a", "[", "cl", "##s", "]"]


# -- Unigram: SentencePiece .model and tokenizer.json ---------------------------------------------------------

def test_sentencepiece_model_segments_as_our_encoder(trained_unigram, lines, tmp_path):
    path = export.to_sentencepiece(trained_unigram, tmp_path / "novel.model")
    processor = spm.SentencePieceProcessor(model_file=str(path))
    ours = unigram.read_sentencepiece_model(path)
    assert processor.get_piece_size() == len(trained_unigram.log_probs) + 3
    tokens = unknown = 0
    for line in lines:
        expected = ours.encode_pieces(line)
        ids = [ours.ids.get(piece, ours.unk_id) for piece in expected]  # as ours.encode, without encoding again
        assert processor.encode(line, out_type=str) == expected, line
        assert processor.encode(line) == ids, line
        tokens += len(expected)
        unknown += ids.count(ours.unk_id)
    assert unknown > 0  # the UDHR's foreign characters went through the unknown path
    record_parity("Unigram .model: sentencepiece vs our SentencePieceModel", len(lines), tokens)


def test_sentencepiece_model_round_trip(trained_unigram, tmp_path):
    path = model_file.write(trained_unigram, tmp_path / "novel.model")
    found = model_file.read(path)
    pieces, normalizer = found.pieces, {key: found.normalizer[key] for key in
                                        ("name", "add_dummy_prefix", "remove_extra_whitespaces", "escape_whitespaces")}
    float32 = {piece: struct.unpack("<f", struct.pack("<f", score))[0]
               for piece, score in trained_unigram.log_probs.items()}
    assert [piece for piece, _, _ in pieces] == ["<unk>", "<s>", "</s>"] + trained_unigram.vocab
    assert [kind for _, _, kind in pieces] == [2, 3, 3] + [1] * len(trained_unigram.vocab)
    assert {piece: score for piece, score, _ in pieces[3:]} == float32
    assert all(math.isclose(float32[p], s, rel_tol=1e-6) for p, s in trained_unigram.log_probs.items())
    assert normalizer == {"name": "identity", "add_dummy_prefix": True, "remove_extra_whitespaces": True,
                          "escape_whitespaces": True}


def test_unigram_tokenizer_json_segments_as_sentencepiece(trained_unigram, lines, tmp_path):
    """The tokenizer.json and the .model of one Unigram model: the same ids and the same decoded text on every line
    (bpe_lab's SentencePiece encoder gives these ids too: tests/test_sentencepiece.py)."""
    theirs = Tokenizer.from_file(str(export.to_hf(trained_unigram, tmp_path / "tokenizer.json")))
    processor = spm.SentencePieceProcessor(model_file=str(export.to_sentencepiece(trained_unigram,
                                                                                 tmp_path / "u.model")))
    tokens = 0
    for line in lines:
        expected = processor.encode(line)
        assert theirs.encode(line).ids == expected, line
        assert theirs.decode(expected, skip_special_tokens=False) == processor.decode(expected), line
        tokens += len(expected)
    assert theirs.encode("It is a truth").tokens == processor.encode("It is a truth", out_type=str)
    record_parity("Unigram tokenizer.json: tokenizers vs sentencepiece (.model of the same model)", len(lines), tokens)


def test_whitespace_is_cleaned_up_alike(tmp_path):
    model = {"▁a": -1.0, "▁": -2.0, "a": -2.5, "b": -3.0, "\t": -4.0}
    processor = spm.SentencePieceProcessor(model_file=str(model_file.write(model, tmp_path / "m.model")))
    theirs = Tokenizer.from_file(str(hf_unigram.write(model, tmp_path / "t.json")))
    texts = ["", "   ", "a", "  a  b  ", "a\tb", "ab ba", "a\u00a0b", "xyz a", "ä", "▁a", "▁▁", "a▁", "a ▁ "]
    for text in texts:
        ids = processor.encode(text)
        assert theirs.encode(text).ids == ids, text
        assert theirs.decode(ids, skip_special_tokens=False) == processor.decode(ids), text


def test_special_token_text_in_the_unigram_tokenizer_json(tmp_path):
    """By default "<s>" in a text is its id; with split_special_tokens=True it is characters, as SentencePiece
    reads it, even where "<" is a piece; a text starting with "▁" keeps it."""
    model = {"▁a": -1.0, "▁": -2.0, "a": -2.5, "<": -3.0, "s": -3.0, ">": -3.0, "<s": -3.5, "▁<": -4.0}
    processor = spm.SentencePieceProcessor(model_file=str(model_file.write(model, tmp_path / "m.model")))
    theirs = Tokenizer.from_file(str(hf_unigram.write(model, tmp_path / "t.json")))
    assert processor.encode("a <s>", out_type=str) == ["▁a", "▁", "<s", ">"]
    assert theirs.encode("a <s>").ids == processor.encode("a ") + [1]  # "<s>" is id 1, by default
    theirs.encode_special_tokens = True
    for text in ["a <s>", "<s>", "</s><unk>", "a<<s", "▁a", "▁▁a"]:
        assert theirs.encode(text).ids == processor.encode(text), text
    assert theirs.decode(processor.encode("a <s> <<")) == processor.decode(processor.encode("a <s> <<")) == "a <s> <<"
    assert processor.encode("▁a", out_type=str) == ["▁", "▁a"]  # the text's own "▁" kept


# -- what each format cannot hold -------------------------------------------------------------------------------

WORDPIECE_REFUSED = [
    ([], ValueError, "empty"),
    (["[CLS]", "[SEP]", "a"], ValueError, "lacks \\[UNK\\]"),
    (["[UNK]", "[SEP]", "a"], ValueError, "lacks \\[CLS\\]"),
    (["[UNK]", "[CLS]", "[SEP]", "a", "a"], ValueError, "listed twice"),
    (["[UNK]", "[CLS]", "[SEP]", "a b"], ValueError, "whitespace"),
    (["[UNK]", "[CLS]", "[SEP]", "a\nb"], ValueError, "whitespace"),
    (["[UNK]", "[CLS]", "[SEP]", ""], ValueError, "non-empty"),
    (["[UNK]", "[CLS]", "[SEP]", "\ud800"], ValueError, "surrogate"),
    ({"[UNK]": 0, "[CLS]": 1, "[SEP]": 5}, ValueError, "ids 0…n-1"),
    ({"[UNK]", "[CLS]", "[SEP]"}, TypeError, "list of pieces"),
]


@pytest.mark.parametrize("writer", [hf_wordpiece.write, hf_wordpiece.write_vocab_txt])
@pytest.mark.parametrize("vocab, error, message", WORDPIECE_REFUSED)
def test_wordpiece_writers_refuse_what_bert_files_cannot_hold(writer, vocab, error, message, tmp_path):
    path = tmp_path / "out"
    path.write_text("old")
    with pytest.raises(error, match=message):
        writer(vocab, path)
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["out"]


UNIGRAM_REFUSED = [
    ({}, ValueError, "no pieces"),
    ({"▁a b": -1.0}, ValueError, "holds a space"),
    ({"<unk>": -1.0, "▁a": -1.0}, ValueError, "reserved"),
    ({"</s>": -1.0}, ValueError, "reserved"),
    ({"": -1.0}, ValueError, "non-empty"),
    ({"\udc80": -1.0}, ValueError, "surrogate"),
    ({"▁a": 0.5}, ValueError, "at most 0"),
    ({"▁a": math.nan}, ValueError, "finite"),
    ({"▁a": -math.inf}, ValueError, "finite"),
    ({"▁a": -1e39}, ValueError, "32-bit float"),
    ({"▁a": "-1"}, ValueError, "finite number"),
    ({"▁a": True}, ValueError, "finite number"),
    ({"[UNK]": 0, "[CLS]": 1, "a": 2}, TypeError, "ids 0…n-1, like a WordPiece vocabulary"),
]


@pytest.mark.parametrize("writer", [model_file.write, hf_unigram.write])
@pytest.mark.parametrize("model, error, message", UNIGRAM_REFUSED)
def test_unigram_writers_refuse_what_the_formats_cannot_hold(writer, model, error, message, tmp_path):
    path = tmp_path / "out"
    path.write_text("old")
    with pytest.raises(error, match=message):
        writer(model, path)
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["out"]


@pytest.mark.parametrize("writer, obj", [(model_file.write, {"▁a": -1.0}), (hf_unigram.write, {"▁a": -1.0}),
                                         (hf_wordpiece.write, ["[UNK]", "[CLS]", "[SEP]"]),
                                         (hf_wordpiece.write_vocab_txt, ["[UNK]", "[CLS]", "[SEP]"])])
def test_writers_check_the_path(writer, obj, tmp_path):
    with pytest.raises(IsADirectoryError, match="folder"):
        writer(obj, tmp_path)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        writer(obj, tmp_path / "missing" / "out")
    with pytest.raises(TypeError, match="file path"):
        writer(obj, b"out")
    assert list(tmp_path.iterdir()) == []


def test_a_bert_vocab_dict_is_not_taken_for_a_unigram_model(tmp_path):
    vocab = bert.load_vocab(corpus.data_path(BERT_VOCAB))  # a dict, so to_hf sees a Unigram model
    with pytest.raises(TypeError, match="sorted\\(vocab, key=vocab.get\\)"):
        export.to_hf(vocab, tmp_path / "tokenizer.json")
    path = export.to_hf(sorted(vocab, key=vocab.get), tmp_path / "tokenizer.json")
    assert Tokenizer.from_file(str(path)).encode("Hi!", add_special_tokens=False).tokens == ["hi", "!"]
