"""Bad-input rows for bpe_lab.corpus: one call per row (what a row checks: conftest.py)."""

from bpe_lab import corpus

from .conftest import BIG, NAN, Rows

ROWS = Rows("corpus")
raises, documented = ROWS.raises, ROWS.documented

raises("corpus.data_path", "name=5", lambda: corpus.data_path(5), TypeError, r"name must be a file name \(str\)")
raises("corpus.data_path", "name=None", lambda: corpus.data_path(None), TypeError, r"name must be a file name")
raises("corpus.data_path", "name='no_such_file.txt'", lambda: corpus.data_path("no_such_file.txt"), FileNotFoundError,
    r"no data file named 'no_such_file.txt' .*available: ")
raises("corpus.data_path", "name=''", lambda: corpus.data_path(""), FileNotFoundError, r"no data file named ''")
raises("corpus.data_path", "name='../README.md'", lambda: corpus.data_path("../README.md"), FileNotFoundError,
    r"no data file named '\.\./README\.md'")
raises("corpus.data_path", "name='a\\x00b'", lambda: corpus.data_path("a\x00b"), FileNotFoundError,
    r"no data file named")
raises("corpus.data_path", "name of 10 MB", lambda: corpus.data_path(BIG), FileNotFoundError,
    r"no data file named 'xxx")
raises("corpus.load_text", "name=5", lambda: corpus.load_text(5), TypeError, r"name must be a file name")
raises("corpus.load_text", "name='missing.txt'", lambda: corpus.load_text("missing.txt"), FileNotFoundError,
    r"no data file named 'missing\.txt'.*available: .*pride_and_prejudice\.txt")
raises("corpus.load_text", "name='SOURCES.md' (no checksum)", lambda: corpus.load_text("SOURCES.md"), ValueError,
    r"SOURCES\.md is not listed in .*SHA256SUMS; add its sha256 there")
# the same rows for corpus.python_source_files and corpus.python_source
for fn in ("python_source_files", "python_source"):
    raises(f"corpus.{fn}", "max_bytes=0", lambda fn=fn: getattr(corpus, fn)(0), ValueError,
        r"max_bytes must be a positive whole number.*got 0")
    raises(f"corpus.{fn}", "max_bytes=-5", lambda fn=fn: getattr(corpus, fn)(-5), ValueError,
        r"max_bytes must be a positive whole number")
    raises(f"corpus.{fn}", "max_bytes='10'", lambda fn=fn: getattr(corpus, fn)("10"), TypeError,
        r"max_bytes must be a positive whole number.*got '10' \(str\)")
    raises(f"corpus.{fn}", "max_bytes=True", lambda fn=fn: getattr(corpus, fn)(True), TypeError,
        r"max_bytes must be a positive whole number")
    raises(f"corpus.{fn}", "max_bytes=2.5", lambda fn=fn: getattr(corpus, fn)(2.5), TypeError,
        r"max_bytes must be a positive whole number")
    raises(f"corpus.{fn}", "max_bytes=nan", lambda fn=fn: getattr(corpus, fn)(NAN), TypeError,
        r"max_bytes must be a positive whole number")
# the same rows for corpus.word_counts and corpus.split_words
for fn in ("word_counts", "split_words"):
    raises(f"corpus.{fn}", "text=5", lambda fn=fn: getattr(corpus, fn)(5), TypeError, r"text must be a str, got int")
    raises(f"corpus.{fn}", "text=b'hug'", lambda fn=fn: getattr(corpus, fn)(b"hug"), TypeError, r"text must be a str")
    raises(f"corpus.{fn}", "text=None", lambda fn=fn: getattr(corpus, fn)(None), TypeError, r"text must be a str")
    raises(f"corpus.{fn}", "text=['hug pug']", lambda fn=fn: getattr(corpus, fn)(["hug pug"]), TypeError,
        r"text must be a str, got list")
documented("corpus.word_counts", "text=''", lambda: corpus.word_counts(""), lambda v: v == {}, "Counter()",
    r"empty text gives an empty Counter")
documented("corpus.split_words", "text=''", lambda: corpus.split_words(""), lambda v: v == [], "[]",
    r"empty text gives \[\]")
raises("corpus.split_word", "word=5", lambda: corpus.split_word(5), TypeError, r"word must be a str, got int")
raises("corpus.split_word", "word=''", lambda: corpus.split_word(""), ValueError, r"word must not be empty")
raises("corpus.split_word", "word=('l', 'o')", lambda: corpus.split_word(("l", "o")), TypeError, r"word must be a str")
raises("corpus.split_word", "end_of_word=''", lambda: corpus.split_word("low", end_of_word=""), ValueError,
    r"end_of_word must be a non-empty str such as '</w>' or None")
raises("corpus.split_word", "end_of_word=5", lambda: corpus.split_word("low", end_of_word=5), TypeError,
    r"end_of_word must be a non-empty str such as '</w>' or None, got 5")
raises("corpus.split_word", "marker='end'", lambda: corpus.split_word("low", "</w>", marker="end"), ValueError,
    r"marker must be one of \('separate', 'attached'\), got 'end'")
raises("corpus.split_word", "marker=True", lambda: corpus.split_word("low", "</w>", marker=True), TypeError,
    r"marker must be one of \('separate', 'attached'\), got True \(bool\)")
documented("corpus.split_word", "marker='attached', no end_of_word", lambda: corpus.split_word("low", marker="attached"),
    lambda v: v == ("l", "o", "w"), "('l', 'o', 'w')", r"optionally with an end-of-word marker")
raises("corpus.symbol_counts", "marker=None", lambda: corpus.symbol_counts(["low"], "</w>", marker=None), TypeError,
    r"marker must be one of \('separate', 'attached'\), got None")
raises("corpus.symbol_counts", "words=5", lambda: corpus.symbol_counts(5), TypeError,
    r"words must be a text \(str\), a list of words, or a mapping word -> count, got int")
raises("corpus.symbol_counts", "words=b'ab'", lambda: corpus.symbol_counts(b"ab"), TypeError, r"words must be a text")
raises("corpus.symbol_counts", "words={1: 2}", lambda: corpus.symbol_counts({1: 2}), TypeError,
    r"each word must be a str, got 1")
raises("corpus.symbol_counts", "words={'a': 0}", lambda: corpus.symbol_counts({"a": 0}), ValueError,
    r"the count of 'a' must be positive")
raises("corpus.symbol_counts", "words={'a': 1.5}", lambda: corpus.symbol_counts({"a": 1.5}), TypeError,
    r"the count of 'a' must be a whole number")
raises("corpus.symbol_counts", "words={'a': True}", lambda: corpus.symbol_counts({"a": True}), TypeError,
    r"the count of 'a' must be a whole number")
raises("corpus.symbol_counts", "words={'': 3}", lambda: corpus.symbol_counts({"": 3}), ValueError,
    r"word must not be empty")
raises("corpus.symbol_counts", "words=[['a', 'b']]", lambda: corpus.symbol_counts([["a", "b"]]), TypeError,
    r"each word must be a str, got \['a', 'b'\]")
raises("corpus.symbol_counts", "end_of_word=5", lambda: corpus.symbol_counts(["ab"], end_of_word=5), TypeError,
    r"end_of_word must be a non-empty str")
raises("corpus.symbol_counts", "words={}, end_of_word=''", lambda: corpus.symbol_counts({}, end_of_word=""), ValueError,
    r"end_of_word must be a non-empty str")
raises("corpus.symbol_counts", "words={<1 MB word>: 0}", lambda: corpus.symbol_counts({BIG[:1_000_000]: 0}), ValueError,
    r"the count of 'xxx.*' must be positive")
documented("corpus.symbol_counts", "words=''", lambda: corpus.symbol_counts(""), lambda v: v == {}, "{}",
    r"empty text .* gives \{\}")

test_bad_input = ROWS.test()
