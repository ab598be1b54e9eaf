"""Bad-input rows for bpe_lab.sentencepiece_bpe: one call per row (what a row checks: conftest.py)."""

import functools
import io

import sentencepiece as spm

from bpe_lab import corpus, sentencepiece_bpe
from bpe_lab.unigram.sentencepiece_file import read_model_file

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
    return read_model_file(BPE_PATH())


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
raises("sentencepiece_bpe.SentencePieceBPE", "pieces=5",
    lambda: sentencepiece_bpe.SentencePieceBPE(5, PARTS()[1], True), TypeError, r"pieces must be a list of")
raises("sentencepiece_bpe.SentencePieceBPE", "normalizer='nfkc'",
    lambda: sentencepiece_bpe.SentencePieceBPE(PARTS()[0], "nfkc", True), TypeError,
    r"normalizer must be a dict with the keys name, add_dummy_prefix")
raises("sentencepiece_bpe.SentencePieceBPE", "byte_fallback='yes'",
    lambda: sentencepiece_bpe.SentencePieceBPE(PARTS()[0], PARTS()[1], "yes"), TypeError,
    r"byte_fallback must be True or False, got str")
raises("sentencepiece_bpe.SentencePieceBPE", "byte_fallback=True without byte pieces",
    lambda: sentencepiece_bpe.SentencePieceBPE([("<unk>", 0.0, 2), ("a", 0.0, 1)], PARTS()[1], True), ValueError,
    r"byte_fallback=True needs the 256 byte pieces .* pass byte_fallback=False")
for method in ("encode", "encode_pieces", "normalize"):
    raises(f"sentencepiece_bpe.SentencePieceBPE.{method}", "text=5", lambda m=method: getattr(BPE(), m)(5), TypeError,
        r"text must be a str, got int")
    raises(f"sentencepiece_bpe.SentencePieceBPE.{method}", "text=None", lambda m=method: getattr(BPE(), m)(None),
        TypeError, r"text must be a str, got NoneType")
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

test_bad_input = ROWS.test()
