"""Bad-input rows for bpe_lab.sentencepiece_bpe: one call per row (what a row checks: conftest.py)."""

import functools
import io

import sentencepiece as spm

from bpe_lab import corpus, sentencepiece_bpe
from bpe_lab.sentencepiece import model_file

from .conftest import NAN, TMP, Rows, missing, tmpfile

ROWS = Rows("sentencepiece_bpe")
raises, documented = ROWS.raises, ROWS.documented


@functools.cache
def BPE_PATH():
    """A small SentencePiece BPE model with byte fallback, trained once by SentencePiece (well under a second)."""
    model = io.BytesIO()
    lines = [line for line in corpus.load_text().splitlines() if line.strip()][:500]
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=model, model_type="bpe",
                                   vocab_size=400, byte_fallback=True, minloglevel=2)
    return tmpfile("bpe_400.model", model.getvalue())


@functools.cache
def BPE():
    return sentencepiece_bpe.load(BPE_PATH())


def PARTS():
    """The (pieces, normalizer) a model is made of, read from the file."""
    found = model_file.read(BPE_PATH())
    return found.pieces, found.normalizer


BPE_PATH()  # trained here, at import, so that no row's time limit counts the training

raises("sentencepiece_bpe.load", "path=5", lambda: sentencepiece_bpe.load(5), TypeError, r"path must be a file path")
raises("sentencepiece_bpe.load", "a missing file", lambda: sentencepiece_bpe.load(missing("m.model")),
    FileNotFoundError, r"no SentencePiece model at ")
raises("sentencepiece_bpe.load", "a folder", lambda: sentencepiece_bpe.load(TMP), IsADirectoryError,
    r"is a folder, not a SentencePiece model")
raises("sentencepiece_bpe.load", "an empty file", lambda: sentencepiece_bpe.load(tmpfile("empty.model", b"")),
    ValueError, r"empty\.model is not a SentencePiece model: it holds no pieces")
raises("sentencepiece_bpe.load", "a Unigram model",
    lambda: sentencepiece_bpe.load(corpus.data_path("botchan_en_unigram_1000.model")), ValueError,
    r"holds a SentencePiece Unigram model, not BPE: read it with bpe_lab\.unigram\.read_sentencepiece_model")
raises("sentencepiece_bpe.load", "a truncated model", lambda: sentencepiece_bpe.load(tmpfile("cut.model", BPE_PATH().read_bytes()[:3000])),
    ValueError, r"cut\.model is not a readable SentencePiece model: truncated")
raises("sentencepiece_bpe.SentencePieceBPE", "pieces=5",
    lambda: sentencepiece_bpe.SentencePieceBPE(5, PARTS()[1], True), TypeError, r"pieces must be a list of")
raises("sentencepiece_bpe.SentencePieceBPE", "normalizer='nfkc'",
    lambda: sentencepiece_bpe.SentencePieceBPE(PARTS()[0], "nfkc", True), TypeError,
    r"normalizer must be a sentencepiece\.Normalizer or a dict with the keys name, add_dummy_prefix")
raises("sentencepiece_bpe.SentencePieceBPE", "byte_fallback='yes'",
    lambda: sentencepiece_bpe.SentencePieceBPE(PARTS()[0], PARTS()[1], "yes"), TypeError,
    r"byte_fallback must be True or False, got 'yes' \(str\)")
raises("sentencepiece_bpe.SentencePieceBPE", "byte_fallback=True without byte pieces",
    lambda: sentencepiece_bpe.SentencePieceBPE([("<unk>", 0.0, 2), ("a", 0.0, 1)], PARTS()[1], True), ValueError,
    r"byte_fallback=True needs the 256 byte pieces .* pass byte_fallback=False")
for method in ("encode", "encode_pieces", "normalize"):
    raises(f"sentencepiece_bpe.SentencePieceBPE.{method}", "text=5", lambda m=method: getattr(BPE(), m)(5), TypeError,
        r"text must be a str \(or UTF-8 bytes\), got int")
    raises(f"sentencepiece_bpe.SentencePieceBPE.{method}", "text=None", lambda m=method: getattr(BPE(), m)(None),
        TypeError, r"text must be a str \(or UTF-8 bytes\), got NoneType")
documented("sentencepiece_bpe.SentencePieceBPE.encode", "text=''", lambda: BPE().encode(""), lambda v: v == [], "[]",
    r"empty text \(or one of spaces only\) gives \[\]")
documented("sentencepiece_bpe.SentencePieceBPE.encode_pieces", "text=''", lambda: BPE().encode_pieces(""),
    lambda v: v == [], "[]", r"empty text \(or one of spaces only\) gives \[\]")
raises("sentencepiece_bpe.merge_by_score", "symbols=5", lambda: sentencepiece_bpe.merge_by_score(5, {}), TypeError,
    r"symbols must be a list of str")
raises("sentencepiece_bpe.merge_by_score", "symbols='ab'", lambda: sentencepiece_bpe.merge_by_score("ab", {}),
    TypeError, r"symbols must be a list of str")
raises("sentencepiece_bpe.merge_by_score", "scores=5", lambda: sentencepiece_bpe.merge_by_score(["a"], 5), TypeError,
    r"scores must be a dict piece -> score")
raises("sentencepiece_bpe.merge_by_score", "scores={'ab': nan}",
    lambda: sentencepiece_bpe.merge_by_score(["a", "b"], {"ab": NAN}), ValueError,
    r"scores must map str pieces to numbers")
documented("sentencepiece_bpe.merge_by_score", "symbols=[]", lambda: sentencepiece_bpe.merge_by_score([], {"ab": -1.0}),
    lambda v: v == [], "[]", r"no symbols give \[\]")
raises("sentencepiece_bpe.byte_piece", "byte=256", lambda: sentencepiece_bpe.byte_piece(256), ValueError, r"byte")
raises("sentencepiece_bpe.byte_piece", "byte='a'", lambda: sentencepiece_bpe.byte_piece("a"), TypeError, r"byte")
raises("sentencepiece_bpe.byte_piece", "byte=1.5", lambda: sentencepiece_bpe.byte_piece(1.5), TypeError, r"byte")

TRAIN_TEXT = "hug pug pun bun hugs"
raises("sentencepiece_bpe.train", "text_or_lines=5", lambda: sentencepiece_bpe.train(5, 300), TypeError,
    r"text_or_lines must be a text \(str\) or a list of lines \(str\), got int")
raises("sentencepiece_bpe.train", "text_or_lines={'a': 1}", lambda: sentencepiece_bpe.train({"a": 1}, 300), TypeError,
    r"text_or_lines must be a text \(str\) or a list of lines \(str\), got dict")
raises("sentencepiece_bpe.train", "text_or_lines=[b'a b']", lambda: sentencepiece_bpe.train([b"a b"], 300), TypeError,
    r"text_or_lines must be a list of lines \(str\), but item 0 is b'a b' \(bytes\)")
raises("sentencepiece_bpe.train", "text_or_lines=''", lambda: sentencepiece_bpe.train("", 300), ValueError,
    r"text_or_lines holds no text .* pass some text to train on")
raises("sentencepiece_bpe.train", "text_or_lines=['  ', '']", lambda: sentencepiece_bpe.train(["  ", ""], 300),
    ValueError, r"text_or_lines holds no text")
raises("sentencepiece_bpe.train", "text_or_lines='a\\ud800'", lambda: sentencepiece_bpe.train("a\ud800", 300),
    ValueError, r"text_or_lines holds a lone surrogate U\+D800 at index 1")
raises("sentencepiece_bpe.train", "vocab_size='300'", lambda: sentencepiece_bpe.train(TRAIN_TEXT, "300"), TypeError,
    r"vocab_size must be a whole number")
raises("sentencepiece_bpe.train", "vocab_size=True", lambda: sentencepiece_bpe.train(TRAIN_TEXT, True), TypeError,
    r"vocab_size must be a whole number")
raises("sentencepiece_bpe.train", "vocab_size=0", lambda: sentencepiece_bpe.train(TRAIN_TEXT, 0), ValueError,
    r"vocab_size must be a whole number of at least 1")
raises("sentencepiece_bpe.train", "vocab_size=100 (below the special, byte and character pieces)",
    lambda: sentencepiece_bpe.train(TRAIN_TEXT, 100), ValueError,
    r"vocab_size=100 is too small: the model needs 259 special and byte pieces and 8 characters, so pass at least 267")
raises("sentencepiece_bpe.train", "vocab_size=10**6 (more than the text can fill)",
    lambda: sentencepiece_bpe.train(TRAIN_TEXT, 10**6), ValueError,
    r"vocab_size=1000000 is too large for this text: .* pass vocab_size=\d+ or less, or a longer text")
raises("sentencepiece_bpe.train", "character_coverage=0",
    lambda: sentencepiece_bpe.train(TRAIN_TEXT, 300, character_coverage=0), ValueError,
    r"character_coverage must be a number above 0 and at most 1 .* got 0")
raises("sentencepiece_bpe.train", "character_coverage=1.5",
    lambda: sentencepiece_bpe.train(TRAIN_TEXT, 300, character_coverage=1.5), ValueError,
    r"character_coverage must be a number above 0 and at most 1 .* got 1.5")
raises("sentencepiece_bpe.train", "character_coverage=nan",
    lambda: sentencepiece_bpe.train(TRAIN_TEXT, 300, character_coverage=NAN), ValueError,
    r"character_coverage must be a number above 0 and at most 1")
raises("sentencepiece_bpe.train", "character_coverage='0.9'",
    lambda: sentencepiece_bpe.train(TRAIN_TEXT, 300, character_coverage="0.9"), TypeError,
    r"character_coverage must be a number above 0 and at most 1 .* \(str\)")
raises("sentencepiece_bpe.train", "byte_fallback='yes'",
    lambda: sentencepiece_bpe.train(TRAIN_TEXT, 300, byte_fallback="yes"), TypeError,
    r"byte_fallback must be True or False, got 'yes' \(str\)")
raises("sentencepiece_bpe.train", "split_digits=1", lambda: sentencepiece_bpe.train(TRAIN_TEXT, 300, split_digits=1),
    TypeError, r"split_digits must be True or False, got 1 \(int\)")
raises("sentencepiece_bpe.train", "remove_extra_whitespaces=None",
    lambda: sentencepiece_bpe.train(TRAIN_TEXT, 300, remove_extra_whitespaces=None), TypeError,
    r"remove_extra_whitespaces must be True or False, got None")
raises("sentencepiece_bpe.train", "progress=1", lambda: sentencepiece_bpe.train(TRAIN_TEXT, 300, progress=1),
    TypeError, r"progress must be True or False, got 1 \(int\)")
raises("sentencepiece_bpe.train", "max_piece_length=0",
    lambda: sentencepiece_bpe.train(TRAIN_TEXT, 300, max_piece_length=0), ValueError,
    r"max_piece_length must be a whole number of at least 1")
raises("sentencepiece_bpe.train", "max_piece_length=2.5",
    lambda: sentencepiece_bpe.train(TRAIN_TEXT, 300, max_piece_length=2.5), TypeError,
    r"max_piece_length must be a whole number of at least 1")

test_bad_input = ROWS.test()
