"""Bad-input rows for bpe_lab.unigram: one call per row (what a row checks: conftest.py)."""

import functools
import io

import sentencepiece as spm

from bpe_lab import corpus, unigram

from .conftest import LP, NAN, INF, TMP, TR, SPM, tmpfile, missing, tokenizer_file, Rows

ROWS = Rows("unigram")
raises, documented = ROWS.raises, ROWS.documented


@functools.cache
def SPM_IDS():
    """A SentencePieceModel (the constructor notebook 10 uses) with the Botchan model's pieces."""
    return unigram.SentencePieceModel(SPM().pieces, "identity", True, True, True)


@functools.cache
def BPE_MODEL() -> bytes:
    """A small SentencePiece BPE model, as bytes (trained by SentencePiece in well under a second)."""
    model = io.BytesIO()
    lines = [line for line in corpus.load_text().splitlines() if line.strip()][:200]
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=model, model_type="bpe",
                                   vocab_size=200, minloglevel=2)
    return model.getvalue()


BPE_MODEL()  # trained here, at import, so that no row's time limit counts the training

# the same rows for unigram.lattice, unigram.viterbi_table and unigram.viterbi
for fn in ("lattice", "viterbi_table", "viterbi"):
    raises(f"unigram.{fn}", "text=5", lambda fn=fn: getattr(unigram, fn)(5, LP), TypeError,
        r"text must be a str, got int")
    raises(f"unigram.{fn}", "log_probs=5", lambda fn=fn: getattr(unigram, fn)("cat", 5), TypeError,
        r"log_probs must be a non-empty dict piece -> log-probability")
    raises(f"unigram.{fn}", "log_probs=<a TrainResult>", lambda fn=fn: getattr(unigram, fn)("cat", TR()), TypeError,
        r"log_probs must be a non-empty dict")
    raises(f"unigram.{fn}", "log_probs={}", lambda fn=fn: getattr(unigram, fn)("cat", {}), ValueError,
        r"log_probs must be a non-empty dict")
    raises(f"unigram.{fn}", "log_probs={'c': 0.5}", lambda fn=fn: getattr(unigram, fn)("cat", {**LP, "c": 0.5}),
        ValueError, r"log_probs\['c'\] = 0\.5 is positive; a log-probability is at most 0")
    raises(f"unigram.{fn}", "log_probs={'c': nan}", lambda fn=fn: getattr(unigram, fn)("cat", {**LP, "c": NAN}),
        ValueError, r"log_probs\['c'\] must be a number, got nan")
    raises(f"unigram.{fn}", "log_probs={'c': '-1'}", lambda fn=fn: getattr(unigram, fn)("cat", {**LP, "c": "-1"}),
        (TypeError, ValueError), r"log_probs\['c'\] must be a number, got '-1'")
    raises(f"unigram.{fn}", "log_probs={'': -1.0}", lambda fn=fn: getattr(unigram, fn)("cat", {**LP, "": -1.0}),
        (TypeError, ValueError), r"log_probs: pieces must be non-empty strings, got ''")
    raises(f"unigram.{fn}", "a text the pieces cannot cover", lambda fn=fn: getattr(unigram, fn)("dog", LP), ValueError,
        r"the vocabulary cannot cover 'dog': no piece is the character 'd' at position 0; add it, or pass unk_score")
    for bad, value, err in [("'x'", "x", TypeError), ("nan", NAN, ValueError), ("1.0", 1.0, ValueError),
                            ("True", True, TypeError)]:
        raises(f"unigram.{fn}", f"unk_score={bad}", lambda fn=fn, v=value: getattr(unigram, fn)("cab", LP, unk_score=v),
            err, r"unk_score must be a (finite )?number")
documented("unigram.viterbi", "text=''", lambda: unigram.viterbi("", LP), lambda v: v == ([], 0.0), "([], 0.0)",
    r"empty text gives \(\[\], 0\.0\)")
raises("unigram.word_tokenizer", "log_probs=5", lambda: unigram.word_tokenizer(5), TypeError,
    r"log_probs must be a non-empty dict")
raises("unigram.word_tokenizer", "log_probs={}", lambda: unigram.word_tokenizer({}), ValueError,
    r"log_probs must be a non-empty dict")
raises("unigram.word_tokenizer", "log_probs={'a': 0.5}", lambda: unigram.word_tokenizer({"a": 0.5}), ValueError,
    r"log_probs\['a'\] = 0.5 is positive")
raises("unigram.word_tokenizer", "unk_score=1.0", lambda: unigram.word_tokenizer(LP, unk_score=1.0), ValueError,
    r"unk_score must be a finite number at most 0")
raises("unigram.word_tokenizer", "unk_score='low'", lambda: unigram.word_tokenizer(LP, unk_score="low"), TypeError,
    r"unk_score must be a finite number")
raises("unigram.word_tokenizer", "space=5", lambda: unigram.word_tokenizer(LP, space=5), TypeError,
    r"space must be a str")
raises("unigram.word_tokenizer", "its function given text=5", lambda: unigram.word_tokenizer(LP)(5), TypeError,
    r"text must be a str, got int")
raises("unigram.word_tokenizer", "its function given a word the pieces cannot cover",
    lambda: unigram.word_tokenizer(LP)("dog"), ValueError,
    r"the vocabulary cannot cover .*'▁dog'.*add it, or pass unk_score")
documented("unigram.word_tokenizer", "its function given text=''", lambda: unigram.word_tokenizer(LP)(""),
    lambda v: v == [], "[]", r"An empty text gives ``\[\]``")
raises("unigram.Vocabulary", "log_probs=5", lambda: unigram.Vocabulary(5), TypeError,
    r"log_probs must be a non-empty dict piece -> log-probability")
raises("unigram.Vocabulary", "log_probs={}", lambda: unigram.Vocabulary({}), ValueError,
    r"log_probs must be a non-empty dict")
raises("unigram.Vocabulary", "log_probs={'c': 0.5}", lambda: unigram.Vocabulary({**LP, "c": 0.5}), ValueError,
    r"log_probs\['c'\] = 0\.5 is positive; a log-probability is at most 0")
raises("unigram.Vocabulary", "log_probs={'': -1.0}", lambda: unigram.Vocabulary({**LP, "": -1.0}), ValueError,
    r"log_probs: pieces must be non-empty strings, got ''")
raises("unigram.segment_words", "words=5", lambda: unigram.segment_words(5, LP), TypeError,
    r"words must be a list of words, got int")
raises("unigram.segment_words", "words='cat'", lambda: unigram.segment_words("cat", LP), TypeError,
    r"words must be a list of words, not one str")
raises("unigram.segment_words", "words=[5]", lambda: unigram.segment_words([5], LP), TypeError,
    r"words\[0\] must be a str, got int")
raises("unigram.segment_words", "log_probs={}", lambda: unigram.segment_words(["cat"], {}), ValueError,
    r"log_probs must be a non-empty dict")
raises("unigram.segment_words", "a word the pieces cannot cover", lambda: unigram.segment_words(["cat", "dog"], LP),
    ValueError, r"the vocabulary cannot cover 'dog'")
raises("unigram.nbest", "n=0", lambda: unigram.nbest("cat", LP, 0), ValueError,
    r"n must be a whole number of at least 1, got 0")
raises("unigram.nbest", "n=-1", lambda: unigram.nbest("cat", LP, -1), ValueError,
    r"n must be a whole number of at least 1")
for bad, value in [("2.5", 2.5), ("'2'", "2"), ("True", True), ("None", None)]:
    raises("unigram.nbest", f"n={bad}", lambda v=value: unigram.nbest("cat", LP, v), TypeError,
        r"n must be a whole number of at least 1")
documented("unigram.nbest", "n=10**12", lambda: unigram.nbest("cat", LP, 10**12), lambda v: len(v) == 4,
    "all 4 segmentations", r"fewer if the text has fewer")
raises("unigram.nbest", "text=5", lambda: unigram.nbest(5, LP, 2), TypeError, r"text must be a str, got int")
raises("unigram.nbest", "a text the pieces cannot cover", lambda: unigram.nbest("dog", LP, 2), ValueError,
    r"the vocabulary cannot cover 'dog'")
raises("unigram.sample", "alpha=0", lambda: unigram.sample("cat", LP, 0), ValueError,
    r"alpha must be a number greater than 0, got 0")
raises("unigram.sample", "alpha=-1", lambda: unigram.sample("cat", LP, -1), ValueError,
    r"alpha must be a number greater than 0")
raises("unigram.sample", "alpha=nan", lambda: unigram.sample("cat", LP, NAN), ValueError,
    r"alpha must be a number greater than 0")
raises("unigram.sample", "alpha='1'", lambda: unigram.sample("cat", LP, "1"), TypeError,
    r"alpha must be a number greater than 0")
raises("unigram.sample", "alpha=inf", lambda: unigram.sample("cat", LP, INF), ValueError,
    r"alpha must be a finite number greater than 0")
raises("unigram.sample", "seed=[1]", lambda: unigram.sample("cat", LP, 1.0, seed=[1]), TypeError,
    r"seed must be an int or None")
raises("unigram.sample", "text=5", lambda: unigram.sample(5, LP), TypeError, r"text must be a str, got int")
raises("unigram.sample", "a text the pieces cannot cover", lambda: unigram.sample("dog", LP), ValueError,
    r"the vocabulary cannot cover 'dog'")
raises("unigram.count_segmentations", "text=5", lambda: unigram.count_segmentations(5, {"a"}), TypeError,
    r"text must be a str, got int")
raises("unigram.count_segmentations", "pieces=5", lambda: unigram.count_segmentations("abc", 5), TypeError,
    r"pieces must be a set, list or dict of strings")
raises("unigram.count_segmentations", "pieces='abc'", lambda: unigram.count_segmentations("abc", "abc"), TypeError,
    r"pieces must be a set, list or dict of strings")
raises("unigram.count_segmentations", "pieces=None", lambda: unigram.count_segmentations("abc", None), TypeError,
    r"pieces must be a set, list or dict of strings")
raises("unigram.count_segmentations", "pieces=[['a']]", lambda: unigram.count_segmentations("abc", [["a"]]), TypeError,
    r"pieces must be a set, list or dict of strings, got a list among them")
SPM_ARGS = ("identity", True, True, True)
raises("unigram.SentencePieceModel", "pieces=[]", lambda: unigram.SentencePieceModel([], *SPM_ARGS), ValueError,
    r"pieces must be a non-empty list")
raises("unigram.SentencePieceModel", "pieces=5", lambda: unigram.SentencePieceModel(5, *SPM_ARGS), TypeError,
    r"pieces must be a list of \(piece, score, type\)")
raises("unigram.SentencePieceModel", "pieces=[('a',)]", lambda: unigram.SentencePieceModel([("a",)], *SPM_ARGS),
    ValueError, r"pieces\[0\] must be \(piece, score, type\)")
raises("unigram.SentencePieceModel", "only control pieces",
    lambda: unigram.SentencePieceModel([("<unk>", 0.0, 2), ("<s>", 0.0, 3)], *SPM_ARGS), ValueError,
    r"pieces hold no normal pieces to segment with")
raises("unigram.SentencePieceModel", "normalizer='nfkc' (a name without its map)",
    lambda: unigram.SentencePieceModel([("<unk>", 0.0, 2), ("a", -1.0, 1)], "nfkc", True, True, True), ValueError,
    r"normalizer 'nfkc' needs its compiled character map, which only a \.model file holds")
raises("unigram.SentencePieceModel", "add_dummy_prefix='yes'",
    lambda: unigram.SentencePieceModel([("<unk>", 0.0, 2), ("a", -1.0, 1)], "identity", "yes"), TypeError,
    r"add_dummy_prefix must be True or False")
# the same rows for each unigram.SentencePieceModel.method listed below (the Botchan model, read from its file)
for method in ("normalize", "encode", "encode_pieces", "encode_ids"):
    raises(f"unigram.SentencePieceModel.{method}", "text=5", lambda m=method: getattr(SPM_IDS(), m)(5), TypeError,
        r"text must be a str \(or UTF-8 bytes\), got int")
    raises(f"unigram.SentencePieceModel.{method}", "text=None", lambda m=method: getattr(SPM_IDS(), m)(None),
        TypeError, r"text must be a str")
documented("unigram.SentencePieceModel.encode", "text=''", lambda: SPM().encode(""), lambda v: v == [], "[]",
    r"empty text \(or one of spaces only\) gives \[\]")
# unigram.read_sentencepiece_model (sentencepiece.load with model_type="unigram"; its other rows:
# test_audit_sentencepiece.py)
raises("unigram.read_sentencepiece_model", "path=5", lambda: unigram.read_sentencepiece_model(5), TypeError,
    r"path must be a file path")
raises("unigram.read_sentencepiece_model", "a missing file",
    lambda: unigram.read_sentencepiece_model(missing("m.model")), FileNotFoundError, r"no SentencePiece model at ")
raises("unigram.read_sentencepiece_model", "a folder", lambda: unigram.read_sentencepiece_model(TMP),
    IsADirectoryError, r"is a folder, not a SentencePiece model")
raises("unigram.read_sentencepiece_model", "an empty file",
    lambda: unigram.read_sentencepiece_model(tmpfile("empty.model", b"")), ValueError,
    r"empty\.model is not a SentencePiece model: it holds no pieces")
raises("unigram.read_sentencepiece_model", "a text file",
    lambda: unigram.read_sentencepiece_model(tmpfile("text.model", "hello world\n")), ValueError,
    r"text\.model is not a (readable )?SentencePiece model")
raises("unigram.read_sentencepiece_model", "random bytes",
    lambda: unigram.read_sentencepiece_model(tmpfile("junk.model", bytes(range(256)) * 4)), ValueError,
    r"junk\.model is not a (readable )?SentencePiece model")
raises("unigram.read_sentencepiece_model", "a BPE model",
    lambda: unigram.read_sentencepiece_model(tmpfile("bpe.model", BPE_MODEL())), ValueError,
    r"bpe\.model holds a SentencePiece BPE model, not Unigram: read it with bpe_lab\.sentencepiece_bpe\.load")
raises("unigram.train", "corpus=5", lambda: unigram.train(5, 10), TypeError,
    r"corpus must be a text or a dict word -> count, got int")
raises("unigram.train", "corpus=['ab']", lambda: unigram.train(["ab"], 10), TypeError,
    r"corpus must be a text or a dict word -> count, got list")
raises("unigram.train", "corpus=''", lambda: unigram.train("", 10), ValueError, r"corpus is empty")
raises("unigram.train", "corpus={}", lambda: unigram.train({}, 10), ValueError, r"corpus is empty")
raises("unigram.train", "vocab_size='10'", lambda: unigram.train("ab ba", "10"), TypeError,
    r"vocab_size must be a whole number, got '10'")
raises("unigram.train", "vocab_size=True", lambda: unigram.train("ab ba", True), TypeError,
    r"vocab_size must be a whole number")
raises("unigram.train", "vocab_size=1", lambda: unigram.train("ab ba", 1), ValueError,
    r"vocab_size must be at least 3, the number of distinct characters")
documented("unigram.train", "vocab_size=10**12", lambda: unigram.train("ab ba", 10**12),
    lambda r: len(r.log_probs) < 20, "a model with the few pieces there are", r"(fewer|stops early)")
for bad, value, err in [
    ("{'ab': '2'}", {"ab": "2"}, (TypeError, ValueError)),
    ("{'ab': 0}", {"ab": 0}, ValueError),
    ("{'ab': -1}", {"ab": -1}, ValueError),
    ("{5: 1}", {5: 1}, (TypeError, ValueError)),
    ("{'': 1}", {"": 1}, ValueError),
]:
    raises("unigram.train", f"corpus={bad}", lambda v=value: unigram.train(v, 10), err,
        r"corpus: (the count of|each word)")
raises("unigram.train", "shrink=1", lambda: unigram.train("ab ba", 10, shrink=1), ValueError,
    r"shrink must be between 0 and 1")
raises("unigram.train", "shrink=nan", lambda: unigram.train("ab ba", 10, shrink=NAN), ValueError,
    r"shrink must be between 0 and 1")
for bad, kwargs, err, pattern in [
    ("shrink='x'", {"shrink": "x"}, TypeError, r"shrink must be a number between 0 and 1"),
    ("em_iterations=0", {"em_iterations": 0}, ValueError, r"em_iterations must be a whole number of at least 1"),
    ("em_iterations='2'", {"em_iterations": "2"}, TypeError, r"em_iterations must be a whole number"),
    ("seed_factor='x'", {"seed_factor": "x"}, TypeError, r"seed_factor must be a whole number"),
    ("max_piece_chars='x'", {"max_piece_chars": "x"}, TypeError, r"max_piece_chars must be a whole number"),
    ("space=5", {"space": 5}, TypeError, r"space must be a str"),
    ("checkpoints=5", {"checkpoints": 5}, TypeError, r"checkpoints must be a list of vocabulary sizes"),
    ("checkpoints=['x']", {"checkpoints": ["x"]}, TypeError, r"checkpoints\[0\] must be a whole number"),
    ("progress=1", {"progress": 1}, TypeError, r"progress must be True or False, got 1 \(int\)"),
    ("progress='yes'", {"progress": "yes"}, TypeError, r"progress must be True or False, got 'yes' \(str\)"),
    ("progress=None", {"progress": None}, TypeError, r"progress must be True or False, got None \(NoneType\)"),
]:
    raises("unigram.train", bad, lambda kw=kwargs: unigram.train("ab ba", 10, **kw), err, pattern)
raises("unigram.save_model", "model=5", lambda: unigram.save_model(5, TMP / "u.json"), TypeError,
    r"model must be a UnigramResult or a dict piece -> log-probability, got int")
raises("unigram.save_model", "model={}", lambda: unigram.save_model({}, TMP / "u.json"), ValueError,
    r"the model has no pieces")
raises("unigram.save_model", "model={'a': 0.5}", lambda: unigram.save_model({"a": 0.5}, TMP / "u.json"), ValueError,
    r"the log-probability of 'a' is 0\.5, positive")
raises("unigram.save_model", "model={'a': nan}", lambda: unigram.save_model({"a": NAN}, TMP / "u.json"), ValueError,
    r"the log-probability of 'a' must be a finite number, got nan")
raises("unigram.save_model", "path=5", lambda: unigram.save_model(LP, 5), TypeError, r"path must be a file path")
raises("unigram.save_model", "a missing folder", lambda: unigram.save_model(LP, missing("u.json")), FileNotFoundError,
    r"the folder .* does not exist")
raises("unigram.load_model", "path=5", lambda: unigram.load_model(5), TypeError, r"path must be a file path")
raises("unigram.load_model", "a missing file", lambda: unigram.load_model(missing("u.json")), FileNotFoundError,
    r"no Unigram model file at ")
raises("unigram.load_model", "a tokenizer file", lambda: unigram.load_model(tokenizer_file("tok2.json")), ValueError,
    r"tok2\.json is a BPE Lab tokenizer file, not a BPE Lab Unigram model file")

test_bad_input = ROWS.test()
