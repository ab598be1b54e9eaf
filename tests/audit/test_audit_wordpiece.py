"""Bad-input rows for bpe_lab.wordpiece: one call per row (what a row checks: conftest.py)."""

from bpe_lab import wordpiece

from .conftest import HUG, WP_VOCAB, BIG, TMP, TR, WPR, tmpfile, missing, tokenizer_file, Rows

ROWS = Rows("wordpiece")
raises, documented = ROWS.raises, ROWS.documented

raises("wordpiece.word_symbols", "word=5", lambda: wordpiece.word_symbols(5), TypeError,
    r"word must be a non-empty str, got 5")
raises("wordpiece.word_symbols", "word=None", lambda: wordpiece.word_symbols(None), TypeError,
    r"word must be a non-empty str")
raises("wordpiece.word_symbols", "word=''", lambda: wordpiece.word_symbols(""), ValueError,
    r"word must be a non-empty str, got ''")
raises("wordpiece.likelihood_gain", "made=0", lambda: wordpiece.likelihood_gain(0, 36, 20, 0, 113), ValueError,
    r"made must be a whole number of at least 1, got 0")
raises("wordpiece.likelihood_gain", "made=2.5", lambda: wordpiece.likelihood_gain(2.5, 36, 20, 0, 113), TypeError,
    r"made must be a whole number")
raises("wordpiece.likelihood_gain", "total=None", lambda: wordpiece.likelihood_gain(20, 36, 20, 0, None), TypeError,
    r"total must be a whole number")
raises("wordpiece.likelihood_gain", "made > right_count", lambda: wordpiece.likelihood_gain(30, 36, 20, 0, 113),
    ValueError, r"made = 30 merges need 30 of the left piece and 30 of the right one, but their counts are 36 and 20")
raises("wordpiece.likelihood_gain", "same=True, 2 x made > left_count",
    lambda: wordpiece.likelihood_gain(20, 36, 36, 0, 113, same=True), ValueError, r"made = 20 merges need 40")
raises("wordpiece.likelihood_gain", "total too small", lambda: wordpiece.likelihood_gain(20, 36, 20, 0, 50), ValueError,
    r"total = 50 must count every piece")
raises("wordpiece.likelihood_gain", "same='yes'", lambda: wordpiece.likelihood_gain(2, 36, 36, 0, 113, same="yes"),
    TypeError, r"same must be True \(a pair \(a, a\)\) or False")
# the same rows for wordpiece.train and wordpiece.fast_train
for fn in ("train", "fast_train"):
    raises(f"wordpiece.{fn}", "score='pmi'", lambda fn=fn: getattr(wordpiece, fn)(HUG, 20, score="pmi"), ValueError,
        r"score must be one of \('likelihood', 'ratio', 'frequency'\), got 'pmi'")
    raises(f"wordpiece.{fn}", "score=None", lambda fn=fn: getattr(wordpiece, fn)(HUG, 20, score=None), TypeError,
        r"score must be one of \('likelihood', 'ratio', 'frequency'\)")
    raises(f"wordpiece.{fn}", "progress='yes'", lambda fn=fn: getattr(wordpiece, fn)(HUG, 20, progress="yes"),
        TypeError, r"progress must be True or False, got 'yes' \(str\)")
    raises(f"wordpiece.{fn}", "corpus=5", lambda fn=fn: getattr(wordpiece, fn)(5, 20), TypeError,
        r"corpus must be a text or a mapping word -> count, got int")
    raises(f"wordpiece.{fn}", "corpus=['hug']", lambda fn=fn: getattr(wordpiece, fn)(["hug"], 20), TypeError,
        r"corpus must be a text or a mapping word -> count, got list")
    raises(f"wordpiece.{fn}", "corpus=<a TrainResult>", lambda fn=fn: getattr(wordpiece, fn)(TR(), 20), TypeError,
        r"corpus must be a text or a mapping.*got TrainResult")
    raises(f"wordpiece.{fn}", "corpus={}", lambda fn=fn: getattr(wordpiece, fn)({}, 20), ValueError, r"corpus is empty")
    raises(f"wordpiece.{fn}", "corpus=''", lambda fn=fn: getattr(wordpiece, fn)("", 20), ValueError, r"corpus is empty")
    raises(f"wordpiece.{fn}", "corpus={'hug': 0}", lambda fn=fn: getattr(wordpiece, fn)({"hug": 0}, 20), ValueError,
        r"corpus: the count of 'hug' must be a positive whole number")
    raises(f"wordpiece.{fn}", "corpus={'hug': '1'}", lambda fn=fn: getattr(wordpiece, fn)({"hug": "1"}, 20),
        (TypeError, ValueError), r"corpus: the count of 'hug' must be a positive whole number")
    raises(f"wordpiece.{fn}", "corpus={5: 1}", lambda fn=fn: getattr(wordpiece, fn)({5: 1}, 20),
        (TypeError, ValueError), r"corpus: each word must be a non-empty str without whitespace, got 5")
    raises(f"wordpiece.{fn}", "corpus={'hu g': 1}", lambda fn=fn: getattr(wordpiece, fn)({"hu g": 1}, 20), ValueError,
        r"corpus: each word must be a non-empty str without whitespace")
    raises(f"wordpiece.{fn}", "vocab_size='20'", lambda fn=fn: getattr(wordpiece, fn)(HUG, "20"), TypeError,
        r"vocab_size must be a whole number, got '20'")
    raises(f"wordpiece.{fn}", "vocab_size=True", lambda fn=fn: getattr(wordpiece, fn)(HUG, True), TypeError,
        r"vocab_size must be a whole number")
    raises(f"wordpiece.{fn}", "vocab_size=2", lambda fn=fn: getattr(wordpiece, fn)(HUG, 2), ValueError,
        r"vocab_size must be at least 12: the 5 special tokens and the 7 starting pieces")
    documented(f"wordpiece.{fn}", "vocab_size=10**12", lambda fn=fn: getattr(wordpiece, fn)(HUG, 10**12),
        lambda r: len(r.steps) == 7, "a result with the 7 merges there are", r"stops early when no pair is left")
    raises(f"wordpiece.{fn}", "special_tokens=5", lambda fn=fn: getattr(wordpiece, fn)(HUG, 20, special_tokens=5),
        TypeError, r"special_tokens must be a list of str, got int")
    raises(f"wordpiece.{fn}", "special_tokens='[UNK]'",
        lambda fn=fn: getattr(wordpiece, fn)(HUG, 20, special_tokens="[UNK]"), TypeError,
        r"special_tokens must be a list of str, not one str")
    raises(f"wordpiece.{fn}", "special_tokens=['[UNK]', '[UNK]']",
        lambda fn=fn: getattr(wordpiece, fn)(HUG, 20, special_tokens=["[UNK]", "[UNK]"]), ValueError,
        r"special_tokens\[1\] = '\[UNK\]' is listed twice")
    raises(f"wordpiece.{fn}", "special_tokens=[5]", lambda fn=fn: getattr(wordpiece, fn)(HUG, 20, special_tokens=[5]),
        TypeError, r"special_tokens\[0\] must be a str, got int")
    raises(f"wordpiece.{fn}", "corpus={<100 kB word>: 0}", lambda fn=fn: getattr(wordpiece, fn)({"x" * 100_000: 0}, 20),
        ValueError, r"corpus: the count of 'xxx.*' must be a positive whole number")
# the same rows for wordpiece.WordPieceResult.vocab_after and wordpiece.WordPieceResult.corpus_after
for method in ("vocab_after", "corpus_after"):
    for bad, value, err in [("-1", -1, ValueError), ("10**12", 10**12, ValueError), ("'1'", "1", TypeError),
                            ("1.5", 1.5, TypeError)]:
        raises(f"wordpiece.WordPieceResult.{method}", f"k={bad}", lambda m=method, v=value: getattr(WPR(), m)(v), err,
            r"k must be (between 0 and 5|a whole number)")
raises("wordpiece.tokenize", "word=5", lambda: wordpiece.tokenize(5, WP_VOCAB), TypeError,
    r"word must be a str, got int")
raises("wordpiece.tokenize", "word=''", lambda: wordpiece.tokenize("", WP_VOCAB), ValueError,
    r"tokenize takes one word without whitespace, got ''")
raises("wordpiece.tokenize", "word='hug pug'", lambda: wordpiece.tokenize("hug pug", WP_VOCAB), ValueError,
    r"tokenize takes one word without whitespace.*bert_tokenize")
raises("wordpiece.tokenize", "vocab=5", lambda: wordpiece.tokenize("hug", 5), TypeError,
    r"vocab must be a set, list or dict of pieces, got int")
raises("wordpiece.tokenize", "vocab='hug'", lambda: wordpiece.tokenize("hug", "hug"), TypeError,
    r"vocab must be a set, list or dict of pieces, got str")
raises("wordpiece.tokenize", "vocab=[]", lambda: wordpiece.tokenize("hug", []), ValueError,
    r"vocab is empty: pass the pieces")
raises("wordpiece.tokenize", "vocab without '[UNK]'", lambda: wordpiece.tokenize("hug", ["hug"]), ValueError,
    r"vocab has no '\[UNK\]' piece")
raises("wordpiece.tokenize", "vocab=<a TrainResult>", lambda: wordpiece.tokenize("hug", TR()), TypeError,
    r"vocab must be a set, list or dict of pieces, got TrainResult")
raises("wordpiece.tokenize", "vocab=<a WordPieceResult>", lambda: wordpiece.tokenize("hug", WPR()), TypeError,
    r"vocab must be a set, list or dict of pieces, got WordPieceResult")
documented("wordpiece.tokenize", "a word the vocabulary cannot cover", lambda: wordpiece.tokenize("xyz", WP_VOCAB),
    lambda v: v == ["[UNK]"], "['[UNK]']", r"A word that cannot be covered.*becomes \[\"\[UNK\]\"\]")
documented("wordpiece.tokenize", "word of 10 MB", lambda: wordpiece.tokenize(BIG, WP_VOCAB), lambda v: v == ["[UNK]"],
    "['[UNK]']", r"longer than ``max_chars`` characters, becomes \[\"\[UNK\]\"\]")
for bad, value, err in [("-1", -1, ValueError), ("0", 0, ValueError), ("'5'", "5", TypeError),
                        ("None", None, TypeError), ("2.5", 2.5, TypeError)]:
    raises("wordpiece.tokenize", f"max_chars={bad}", lambda v=value: wordpiece.tokenize("hug", WP_VOCAB, max_chars=v),
        err, r"max_chars must be a whole number of at least 1")
raises("wordpiece.tokenize", "steps=5", lambda: wordpiece.tokenize("hug", WP_VOCAB, steps=5), TypeError,
    r"steps must be a list or None, got int")
raises("wordpiece.WordPieceVocabulary", "pieces=5", lambda: wordpiece.WordPieceVocabulary(5), TypeError,
    r"pieces must be a list of str, got int")
raises("wordpiece.WordPieceVocabulary", "pieces=['a', 'a']", lambda: wordpiece.WordPieceVocabulary(["[UNK]", "a", "a"]),
    ValueError, r"pieces\[2\] = 'a' is listed twice")
raises("wordpiece.WordPieceVocabulary", "special_tokens=5", lambda: wordpiece.WordPieceVocabulary(["[UNK]"], 5),
    TypeError, r"special_tokens must be a list of pieces, got int")
raises("wordpiece.save_vocabulary", "vocab=5", lambda: wordpiece.save_vocabulary(5, TMP / "v.json"), TypeError,
    r"vocab must be a WordPieceResult, a list of pieces in id order or a dict piece -> id, got int")
raises("wordpiece.save_vocabulary", "vocab={'a', '[UNK]'} (a set)",
    lambda: wordpiece.save_vocabulary({"a", "[UNK]"}, TMP / "v.json"), TypeError, r"a set has no order: pass a list")
raises("wordpiece.save_vocabulary", "vocab=['a'] (no [UNK])", lambda: wordpiece.save_vocabulary(["a"], TMP / "v.json"),
    ValueError, r"the pieces have no '\[UNK\]'")
raises("wordpiece.save_vocabulary", "vocab=['[UNK]', '[UNK]']",
    lambda: wordpiece.save_vocabulary(["[UNK]", "[UNK]"], TMP / "v.json"), ValueError,
    r"pieces\[1\] = '\[UNK\]' is listed twice")
raises("wordpiece.save_vocabulary", "vocab={'[UNK]': 5}",
    lambda: wordpiece.save_vocabulary({"[UNK]": 5}, TMP / "v.json"), ValueError,
    r"vocab as a dict must map each piece to its id, the ids being 0, 1, \.\.\. n-1")
raises("wordpiece.save_vocabulary", "special_tokens='[UNK]'",
    lambda: wordpiece.save_vocabulary(["[UNK]"], TMP / "v.json", special_tokens="[UNK]"), TypeError,
    r"special_tokens must be a list of pieces, got str")
raises("wordpiece.save_vocabulary", "special_tokens=['[CLS]'] (not a piece)",
    lambda: wordpiece.save_vocabulary(["[UNK]"], TMP / "v.json", special_tokens=["[CLS]"]), ValueError,
    r"special_tokens\[0\] = '\[CLS\]' is not one of the pieces")
raises("wordpiece.save_vocabulary", "path=5", lambda: wordpiece.save_vocabulary(["[UNK]"], 5), TypeError,
    r"path must be a file path")
raises("wordpiece.save_vocabulary", "a missing folder", lambda: wordpiece.save_vocabulary(["[UNK]"], missing("v.json")),
    FileNotFoundError, r"the folder .* does not exist")
raises("wordpiece.load_vocabulary", "path=5", lambda: wordpiece.load_vocabulary(5), TypeError,
    r"path must be a file path")
raises("wordpiece.load_vocabulary", "a missing file", lambda: wordpiece.load_vocabulary(missing("v.json")),
    FileNotFoundError, r"no WordPiece vocabulary file at ")
raises("wordpiece.load_vocabulary", "a tokenizer file", lambda: wordpiece.load_vocabulary(tokenizer_file("tok.json")),
    ValueError, r"tok\.json is a BPE Lab tokenizer file, not a BPE Lab WordPiece vocabulary file: load it with "
    r"bpe_lab\.tokenizer\.Tokenizer\.load")
raises("wordpiece.load_vocabulary", "not JSON", lambda: wordpiece.load_vocabulary(tmpfile("junk.json", "pieces")),
    ValueError, r"junk\.json is not a BPE Lab WordPiece vocabulary file: it is not valid JSON")

_SAVED = lambda: wordpiece.save_vocabulary(["[UNK]", "play", "##ing"], TMP / "whole.json").read_bytes()  # noqa: E731
raises("wordpiece.load_vocabulary", "a file cut short",
    lambda: wordpiece.load_vocabulary(tmpfile("cut.json", _SAVED()[:-30])), ValueError,
    r"cut\.json is not a BPE Lab WordPiece vocabulary file: it is not valid JSON: it ends in the middle")
raises("wordpiece.load_vocabulary", "a piece changed",
    lambda: wordpiece.load_vocabulary(tmpfile("changed.json", _SAVED().replace(b"##ing", b"##inf"))), ValueError,
    r"changed\.json is damaged: its content does not match its checksum")
raises("wordpiece.load_vocabulary", "a piece twice, no checksum line",
    lambda: wordpiece.load_vocabulary(tmpfile("twice.json", b"\n".join(
        line for line in _SAVED().replace(b"##ing", b"play").split(b"\n") if b"checksum" not in line))),
    ValueError, r"twice\.json: pieces\[2\] = 'play' is listed twice; each piece has one id")

# decode (issue 29: the WordPiece decoder of export.to_hf's tokenizer.json, cleanup included)
raises("wordpiece.decode", "pieces='play'", lambda: wordpiece.decode("play"), TypeError,
    r"pieces must be a list of WordPiece pieces \(str\), e.g. \['play', '##ing'\], not one str")
raises("wordpiece.decode", "pieces=[1, 2] (ids)", lambda: wordpiece.decode([1, 2]), TypeError,
    r"pieces must be a list of str, .* but it holds 1; to decode ids, look their pieces up first")
documented("wordpiece.decode", "pieces=[]", lambda: wordpiece.decode([]), lambda text: text == "", "''",
    r"Pieces -> text")

test_bad_input = ROWS.test()
