"""Bad-input audit: every public function of bpe_lab, called with wrong types, empty and huge values,
out-of-range numbers, unknown ids, malformed merges and vocabularies, and objects of the wrong kind.

Each row of ``CASES`` is one call and the outcome it must have:

* ``R`` — it raises TypeError (a wrong type) or ValueError (a right type with a wrong value), or a
  subclass where that is the right answer (FileNotFoundError for a missing file). The exception must
  come from bpe_lab's own checks: the innermost traceback frame is in ``bpe_lab/``, no chained
  traceback is shown (``raise ... from None``), it is none of KeyError, IndexError, AssertionError,
  AttributeError, ZeroDivisionError, RecursionError, OverflowError, NameError, UnicodeError (a
  ValueError subclass from a codec) or a JSON or traitlets error, and its message — at most 600
  characters, even for a 10 MB argument — matches a regex that names the argument and says what to pass.
  For the *contents* of a container (a count in a corpus, an id in a list) either type is accepted
  where the case says so; for the argument itself a wrong type must be a TypeError.
* ``D`` — documented behaviour: the call returns, the value passes a check (``[]`` for an empty text,
  ``['[UNK]']`` for a word the vocabulary cannot cover, early stopping for a huge number of merges),
  and the function's docstring says so (a regex on the docstring).
* ``X`` — the command line (``bpe_lab.grade.main``) exits with status 2 and a usage error naming the option.

Every call must return or raise within ``LIMIT`` seconds (it is aborted after ``HANG`` seconds); the
whole file runs in well under 30 s.

``test_every_public_function_is_audited`` fails when a public function or method (from each module's
``__all__``, or the public names of a module without one, and the public methods of public classes)
has no case: a new function gets audited when it is added. Result records that bpe_lab builds and
returns (``RECORDS``) and functions without arguments are the only exceptions.

There is no expected-failure mark: a case that does not behave fails the suite until the function is
fixed (the audit found 156 such calls when it was written; each was fixed in bpe_lab, not excused here).

The table: ``docs/bad-inputs.md`` is generated from the actual outcomes of this run, in a fixed order
(module, then the order of ``CASES``), with temporary paths, the repository path and memory addresses
replaced, so the same code gives the same file. The last test, ``test_docs_table_is_up_to_date``,
compares it with the committed file:

* equal: it passes;
* different, on a developer's machine: it rewrites ``docs/bad-inputs.md`` and fails once, saying so —
  review ``git diff docs/bad-inputs.md`` and commit it; the next run passes;
* different, under CI (the ``CI`` environment variable is set): it does not write anything and fails
  with "docs/bad-inputs.md is out of date: run pytest tests/test_bad_input_audit.py and commit it".

It is skipped when only part of the file ran (``-k``, ``--lf``): a partial table must not replace the
whole one. To regenerate: ``pytest tests/test_bad_input_audit.py``.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
import io
import json
import os
import pkgutil
import re
import shutil
import signal
import tempfile
import time
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path
from typing import Any, Callable

# ipywidgets, matplotlib and nbformat are imported here, once: a one-time import (nbformat takes about a
# second) must not count against a single call's LIMIT.
import ipywidgets  # noqa: F401
import matplotlib.figure  # noqa: F401
import nbformat  # noqa: F401
import pytest

import bpe_lab
from bpe_lab import (bert, bpe, byte_level, corpus, exercises, fast_bpe, gpt2, grade, metrics, plots, pretokenize,
                     tokenizer, unigram, widgets, wordpiece)
from bpe_lab.exercises import INCORRECT, Question
from bpe_lab.tokenizer import Tokenizer

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(bpe_lab.__file__).resolve().parent
DOC = ROOT / "docs" / "bad-inputs.md"
LIMIT = 2.0  # seconds a single call may take (each is designed to take well under 1 s)
HANG = 6.0  # seconds after which a call is aborted
TMP = Path(tempfile.mkdtemp(prefix="bpe_lab_audit_"))

# --------------------------------------------------------------------------------------------------
# What a case expects
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Raises:
    types: tuple
    pattern: str


@dataclass(frozen=True)
class Returns:
    check: Callable[[Any], bool]
    shown: str  # what it returns, for the table
    doc: str  # a regex the docstring must match (whitespace collapsed)


@dataclass(frozen=True)
class Exits:
    code: int
    pattern: str


@dataclass(frozen=True)
class Case:
    target: str  # "bpe.train", "tokenizer.Tokenizer.encode", "tokenizer.Tokenizer" (the constructor)
    bad: str  # the bad input, as shown in the table
    call: Callable[[], Any]
    expect: Any

    @property
    def module(self) -> str:
        return self.target.split(".")[0]

    @property
    def id(self) -> str:
        return f"{self.target}: {self.bad}"


CASES: list[Case] = []


def R(target, bad, call, types, pattern):
    """A call that must raise ``types`` with a message matching ``pattern``."""
    types = types if isinstance(types, tuple) else (types,)
    CASES.append(Case(target, bad, call, Raises(types, pattern)))


def D(target, bad, call, check, shown, doc):
    """A call with a documented answer: it returns a value passing ``check``; the docstring matches ``doc``."""
    CASES.append(Case(target, bad, call, Returns(check, shown, doc)))


def X(target, bad, argv, pattern):
    """A command line that must exit with status 2 and a usage error matching ``pattern``."""
    CASES.append(Case(target, bad, lambda: grade.main(argv), Exits(2, pattern)))


def mod(name: str):
    return importlib.import_module(f"bpe_lab.{name}")


# --------------------------------------------------------------------------------------------------
# Things to pass (built once, on first use)
# --------------------------------------------------------------------------------------------------

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
MERGES = [("u", "g"), ("h", "ug")]
LP = {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "ca": -1.8, "cat": -1.2, "at": -1.9}
WP_VOCAB = {"[UNK]", "hug", "##s", "h", "##u", "##g", "p"}
BIG = "x" * 10_000_000  # 10 MB
NAN, INF = float("nan"), float("inf")


@functools.cache
def TR():
    return bpe.train(HUG, 3)


@functools.cache
def FTR():
    return fast_bpe.train(HUG, 3)


@functools.cache
def WPR():
    return wordpiece.train(HUG, 5 + 12)


@functools.cache
def TOK():
    return Tokenizer()


def TOKS():
    """A fresh tokenizer with one special token (some cases change it)."""
    return Tokenizer(special_tokens={"<|endoftext|>": 256})


@functools.cache
def TABLE():
    return unigram.viterbi_table("cat", LP)


@functools.cache
def SPM():
    return unigram.read_sentencepiece_model(corpus.data_path("botchan_en_unigram_1000.model"))


@functools.cache
def BERT():
    return bert.BertTokenizer(corpus.data_path("bert-base-uncased-vocab.txt"))


@functools.cache
def FIGURE():
    return plots.CompressionFigure(widgets.compression_view(TR()))


@functools.cache
def EXPLORER():
    return widgets.merge_explorer(TR())


@functools.cache
def WP_EXPLORER():
    return widgets.wordpiece_explorer(WPR())


@functools.cache
def INSPECTOR():
    return widgets.token_inspector({"bytes": TOK()})


@functools.cache
def AX():
    from matplotlib.figure import Figure

    return Figure().add_subplot()


RANKS = {bytes([b]): b for b in range(256)}


def tmpfile(name: str, content) -> Path:
    """A file in the audit's temporary folder with this content (str as UTF-8, or bytes)."""
    path = TMP / name
    data = content.encode("utf-8") if isinstance(content, str) else content
    path.write_bytes(data)
    return path


def missing(name: str) -> Path:
    return TMP / "no such folder" / name


def tokenizer_file(name: str, **fields_) -> Path:
    document = {"format": "bpe_lab.tokenizer", "version": 1, "pattern": "gpt2", "merges": [],
                "special_tokens": {}, "token_ids": None}
    document.update(fields_)
    return tmpfile(name, json.dumps(document))


class Unequal:
    """An answer whose == raises (as a numpy array's does): checking it must not crash."""

    def __eq__(self, other):
        raise ValueError("The truth value of an array with more than one element is ambiguous.")

    __hash__ = object.__hash__

    def __repr__(self):
        return "Unequal()"


def question(**changes):
    base = dict(name="q", prompt="What is 1 + 1?", reference=2)
    base.update(changes)
    return Question(**base)


MERGE_Q = Question(name="merge_pair", prompt="Write merge_pair.", reference=lambda s, p: list(bpe.merge_pair(s, p)),
                   cases=[(("h", "u", "g"), ("u", "g"))], time_limit=0.5)


def incorrect(saying: str = ""):
    """A check: the feedback is "incorrect", says ``saying`` and stays short (at most 600 characters)."""
    return lambda feedback: (feedback.status == INCORRECT and saying in feedback.message
                             and len(feedback.message) <= 600)


# ==================================================================================================
# corpus
# ==================================================================================================

R("corpus.data_path", "name=5", lambda: corpus.data_path(5), TypeError, r"name must be a file name \(str\)")
R("corpus.data_path", "name=None", lambda: corpus.data_path(None), TypeError, r"name must be a file name")
R("corpus.data_path", "name='no_such_file.txt'", lambda: corpus.data_path("no_such_file.txt"), FileNotFoundError,
  r"no data file named 'no_such_file.txt' .*available: ")
R("corpus.data_path", "name=''", lambda: corpus.data_path(""), FileNotFoundError, r"no data file named ''")
R("corpus.data_path", "name='../README.md'", lambda: corpus.data_path("../README.md"), FileNotFoundError,
  r"no data file named '\.\./README\.md'")
R("corpus.data_path", "name='a\\x00b'", lambda: corpus.data_path("a\x00b"), FileNotFoundError, r"no data file named")
R("corpus.data_path", "name of 10 MB", lambda: corpus.data_path(BIG), FileNotFoundError, r"no data file named 'xxx")
R("corpus.load_text", "name=5", lambda: corpus.load_text(5), TypeError, r"name must be a file name")
R("corpus.load_text", "name='missing.txt'", lambda: corpus.load_text("missing.txt"), FileNotFoundError,
  r"no data file named 'missing\.txt'.*available: .*pride_and_prejudice\.txt")
R("corpus.load_text", "name='SOURCES.md' (no checksum)", lambda: corpus.load_text("SOURCES.md"), ValueError,
  r"SOURCES\.md is not listed in .*SHA256SUMS; add its sha256 there")
for fn in ("python_source_files", "python_source"):
    R(f"corpus.{fn}", "max_bytes=0", lambda fn=fn: getattr(corpus, fn)(0), ValueError,
      r"max_bytes must be a positive whole number.*got 0")
    R(f"corpus.{fn}", "max_bytes=-5", lambda fn=fn: getattr(corpus, fn)(-5), ValueError,
      r"max_bytes must be a positive whole number")
    R(f"corpus.{fn}", "max_bytes='10'", lambda fn=fn: getattr(corpus, fn)("10"), TypeError,
      r"max_bytes must be a positive whole number.*got '10' \(str\)")
    R(f"corpus.{fn}", "max_bytes=True", lambda fn=fn: getattr(corpus, fn)(True), TypeError,
      r"max_bytes must be a positive whole number")
    R(f"corpus.{fn}", "max_bytes=2.5", lambda fn=fn: getattr(corpus, fn)(2.5), TypeError,
      r"max_bytes must be a positive whole number")
    R(f"corpus.{fn}", "max_bytes=nan", lambda fn=fn: getattr(corpus, fn)(NAN), TypeError,
      r"max_bytes must be a positive whole number")
for fn in ("word_counts", "split_words"):
    R(f"corpus.{fn}", "text=5", lambda fn=fn: getattr(corpus, fn)(5), TypeError, r"text must be a str, got int")
    R(f"corpus.{fn}", "text=b'hug'", lambda fn=fn: getattr(corpus, fn)(b"hug"), TypeError, r"text must be a str")
    R(f"corpus.{fn}", "text=None", lambda fn=fn: getattr(corpus, fn)(None), TypeError, r"text must be a str")
    R(f"corpus.{fn}", "text=['hug pug']", lambda fn=fn: getattr(corpus, fn)(["hug pug"]), TypeError,
      r"text must be a str, got list")
D("corpus.word_counts", "text=''", lambda: corpus.word_counts(""), lambda v: v == {}, "Counter()",
  r"empty text gives an empty Counter")
D("corpus.split_words", "text=''", lambda: corpus.split_words(""), lambda v: v == [], "[]",
  r"empty text gives \[\]")
R("corpus.split_word", "word=5", lambda: corpus.split_word(5), TypeError, r"word must be a str, got int")
R("corpus.split_word", "word=''", lambda: corpus.split_word(""), ValueError, r"word must not be empty")
R("corpus.split_word", "word=('l', 'o')", lambda: corpus.split_word(("l", "o")), TypeError, r"word must be a str")
R("corpus.split_word", "end_of_word=''", lambda: corpus.split_word("low", end_of_word=""), ValueError,
  r"end_of_word must be a non-empty str such as '</w>' or None")
R("corpus.split_word", "end_of_word=5", lambda: corpus.split_word("low", end_of_word=5), TypeError,
  r"end_of_word must be a non-empty str such as '</w>' or None, got 5")
R("corpus.symbol_counts", "words=5", lambda: corpus.symbol_counts(5), TypeError,
  r"words must be a text \(str\), a list of words, or a mapping word -> count, got int")
R("corpus.symbol_counts", "words=b'ab'", lambda: corpus.symbol_counts(b"ab"), TypeError, r"words must be a text")
R("corpus.symbol_counts", "words={1: 2}", lambda: corpus.symbol_counts({1: 2}), TypeError,
  r"each word must be a str, got 1")
R("corpus.symbol_counts", "words={'a': 0}", lambda: corpus.symbol_counts({"a": 0}), ValueError,
  r"the count of 'a' must be positive")
R("corpus.symbol_counts", "words={'a': 1.5}", lambda: corpus.symbol_counts({"a": 1.5}), TypeError,
  r"the count of 'a' must be a whole number")
R("corpus.symbol_counts", "words={'a': True}", lambda: corpus.symbol_counts({"a": True}), TypeError,
  r"the count of 'a' must be a whole number")
R("corpus.symbol_counts", "words={'': 3}", lambda: corpus.symbol_counts({"": 3}), ValueError,
  r"word must not be empty")
R("corpus.symbol_counts", "words=[['a', 'b']]", lambda: corpus.symbol_counts([["a", "b"]]), TypeError,
  r"each word must be a str, got \['a', 'b'\]")
R("corpus.symbol_counts", "end_of_word=5", lambda: corpus.symbol_counts(["ab"], end_of_word=5), TypeError,
  r"end_of_word must be a non-empty str")
R("corpus.symbol_counts", "words={}, end_of_word=''", lambda: corpus.symbol_counts({}, end_of_word=""), ValueError,
  r"end_of_word must be a non-empty str")
R("corpus.symbol_counts", "words={<1 MB word>: 0}", lambda: corpus.symbol_counts({BIG[:1_000_000]: 0}), ValueError,
  r"the count of 'xxx.*' must be positive")
D("corpus.symbol_counts", "words=''", lambda: corpus.symbol_counts(""), lambda v: v == {}, "{}",
  r"empty text .* gives \{\}")

# ==================================================================================================
# bpe
# ==================================================================================================

R("bpe.pair_counts", "corpus=3.14", lambda: bpe.pair_counts(3.14), TypeError,
  r"corpus must be a text \(str\), a mapping word -> count .*, or a list of words; got float")
R("bpe.pair_counts", "corpus=None", lambda: bpe.pair_counts(None), TypeError, r"corpus must be a text")
R("bpe.pair_counts", "corpus={}", lambda: bpe.pair_counts({}), ValueError, r"corpus is empty: pass a text")
R("bpe.pair_counts", "corpus={'hug': -1}", lambda: bpe.pair_counts({"hug": -1}), ValueError,
  r"corpus: the count of 'hug' must be positive")
R("bpe.merge_pair", "pair=('u',)", lambda: bpe.merge_pair("hug", ("u",)), ValueError,
  r"pair must be a pair of symbols \(left, right\) such as \('u', 'g'\), got \('u',\)")
R("bpe.merge_pair", "pair=[('u', 'g')]", lambda: bpe.merge_pair("hug", [("u", "g")]), ValueError,
  r"pair must be a pair of symbols \(left, right\)")
R("bpe.merge_pair", "pair='ug'", lambda: bpe.merge_pair("hug", "ug"), TypeError,
  r"pair must be a tuple \(left, right\) such as \('u', 'g'\), got str")
R("bpe.merge_pair", "pair=None", lambda: bpe.merge_pair("hug", None), TypeError, r"pair must be a tuple")
R("bpe.merge_pair", "pair=('u', 7)", lambda: bpe.merge_pair("hug", ("u", 7)), TypeError,
  r"pair: every symbol must be a str \(or bytes\), got 7")
R("bpe.merge_pair", "pair=('u', '')", lambda: bpe.merge_pair("hug", ("u", "")), ValueError,
  r"pair: symbols must not be empty strings")
R("bpe.merge_pair", "symbols=5", lambda: bpe.merge_pair(5, ("u", "g")), TypeError,
  r"symbols: a word must be a str or a tuple/list of symbols")
R("bpe.merge_pair", "symbols=('h', '')", lambda: bpe.merge_pair(("h", ""), ("u", "g")), ValueError,
  r"symbols: symbols must not be empty")
R("bpe.merge_pair", "str word, bytes pair", lambda: bpe.merge_pair("hug", (b"u", b"g")), TypeError,
  r"pass both as str or both as bytes")
for bad, value, err, pattern in [
    ("-1", -1, ValueError, r"num_merges must be 0 or more, got -1"),
    ("2.5", 2.5, TypeError, r"num_merges must be a whole number such as 10, got 2\.5"),
    ("3.0", 3.0, TypeError, r"num_merges must be a whole number"),
    ("'3'", "3", TypeError, r"num_merges must be a whole number such as 10, got '3' \(str\)"),
    ("None", None, TypeError, r"num_merges must be a whole number"),
    ("True", True, TypeError, r"num_merges must be a whole number"),
    ("nan", NAN, TypeError, r"num_merges must be a whole number"),
    ("inf", INF, TypeError, r"num_merges must be a whole number"),
    ("-10**12", -10**12, ValueError, r"num_merges must be 0 or more"),
]:
    R("bpe.train", f"num_merges={bad}", lambda value=value: bpe.train(HUG, value), err, pattern)
D("bpe.train", "num_merges=10**12", lambda: bpe.train(HUG, 10**12), lambda r: r.num_merges == 7,
  "a result with the 7 merges there are", r"stops early when every word is a single symbol")
for bad, value, err, pattern in [
    ("{}", {}, ValueError, r"corpus is empty: pass a text or a mapping word -> count"),
    ("''", "", ValueError, r"corpus is empty"),
    ("'  \\n '", "  \n ", ValueError, r"corpus is empty"),
    ("[]", [], ValueError, r"corpus is empty"),
    ("42", 42, TypeError, r"corpus must be a text \(str\), a mapping word -> count such as .*, or a list of words; got int"),
    ("b'hug'", b"hug", TypeError, r"corpus must be a text"),
    ("{('h', 1): 2}", {("h", 1): 2}, TypeError, r"corpus: every symbol must be a str \(or bytes\), got 1"),
    ("{('h', ''): 2}", {("h", ""): 2}, ValueError, r"corpus: symbols must not be empty"),
    ("{42: 2}", {42: 2}, TypeError, r"corpus: a word must be a str or a tuple/list of symbols"),
    ("{'hug': 0}", {"hug": 0}, ValueError, r"corpus: the count of 'hug' must be positive, got 0"),
    ("{'hug': 1.5}", {"hug": 1.5}, TypeError, r"corpus: the count of 'hug' must be a whole number"),
    ("{'hug': '10'}", {"hug": "10"}, TypeError, r"corpus: the count of 'hug' must be a whole number"),
    ("{'hug': nan}", {"hug": NAN}, TypeError, r"corpus: the count of 'hug' must be a whole number"),
    ("{(): 3}", {(): 3}, ValueError, r"corpus: words must hold at least one symbol"),
    ("{('h', b'u'): 1}", {("h", b"u"): 1}, TypeError, r"do not mix str and bytes symbols"),
    ("{'hug': 1, b'hug': 1}", {"hug": 1, b"hug": 1}, TypeError, r"corpus: use str symbols or bytes symbols, not both"),
    ("{<1 MB word>: 0}", {BIG[:1_000_000]: 0}, ValueError, r"corpus: the count of 'xxx.*' must be positive"),
]:
    R("bpe.train", f"corpus={bad}", lambda value=value: bpe.train(value, 3), err, pattern)
R("bpe.train", "corpus=<a FastTrainResult>", lambda: bpe.train(FTR(), 3), TypeError,
  r"corpus must be a text \(str\), a mapping word -> count .*; got FastTrainResult")
R("bpe.train", "corpus=<a TrainResult>", lambda: bpe.train(TR(), 3), TypeError, r"corpus must be a text.*got TrainResult")
R("bpe.train", "tie_break='random'", lambda: bpe.train(HUG, 3, tie_break="random"), ValueError,
  r"tie_break must be one of \('smallest', 'first'\), got 'random'")
R("bpe.train", "tie_break=None", lambda: bpe.train(HUG, 3, tie_break=None), TypeError,
  r"tie_break must be one of \('smallest', 'first'\), got None \(NoneType\)")
R("bpe.train", "tie_break=['first']", lambda: bpe.train(HUG, 3, tie_break=["first"]), TypeError,
  r"tie_break must be one of")

ENCODERS = ["encode", "encode_trace", "replay", "replay_trace", "wrong_encode_by_frequency",
            "wrong_encode_by_frequency_trace"]
for fn in ENCODERS:
    f = functools.partial(lambda fn, *a: getattr(bpe, fn)(*a), fn)
    R(f"bpe.{fn}", "merges='ug'", lambda f=f: f("hug", "ug"), TypeError,
      r"merges must be a list of \(left, right\) pairs such as \[\('l', 'o'\), \('lo', 'w'\)\], got str")
    R(f"bpe.{fn}", "merges=None", lambda f=f: f("hug", None), TypeError, r"merges must be a list of \(left, right\)")
    R(f"bpe.{fn}", "merges=<a TrainResult>", lambda f=f: f("hug", TR()), TypeError,
      r"merges must be a list of \(left, right\) pairs.*got TrainResult; pass result\.merges")
    R(f"bpe.{fn}", "symbols=None", lambda f=f: f(None, MERGES), TypeError,
      r"symbols: a word must be a str or a tuple/list of symbols")
    R(f"bpe.{fn}", "merges=[('u', 'g', 's')]", lambda f=f: f("hug", [("u", "g", "s")]), ValueError,
      r"merges\[0\] must be a pair \(left, right\)")
    R(f"bpe.{fn}", "merges=[('u', 7)]", lambda f=f: f("hug", [("u", 7)]), TypeError,
      r"merges\[0\]: every symbol must be a str")
    R(f"bpe.{fn}", "merges=[('u', 'g'), ('u', 'g')]", lambda f=f: f("hug", [("u", "g"), ("u", "g")]), ValueError,
      r"merges\[1\] repeats the pair \('u', 'g'\); each pair may appear once")
    R(f"bpe.{fn}", "str word, bytes merges", lambda f=f: f("hug", [(b"u", b"g")]), TypeError,
      r"the word holds str symbols but the merges hold bytes symbols; pass both as str or both as bytes")
R("bpe.encode", "merges=<a FastTrainResult>", lambda: bpe.encode("hug", FTR()), TypeError,
  r"merges must be a list.*got FastTrainResult; pass result\.merges")
R("bpe.encode", "merges=[('', 'g')]", lambda: bpe.encode("hug", [("", "g")]), ValueError,
  r"merges\[0\]: symbols must not be empty strings")
R("bpe.encode", "merges=[('u', 'g'), (b'h', b'ug')]", lambda: bpe.encode("hug", [("u", "g"), (b"h", b"ug")]),
  TypeError, r"merges: use str symbols or bytes symbols, not both")
R("bpe.encode", "symbols=['h', 3]", lambda: bpe.encode(["h", 3], MERGES), TypeError,
  r"symbols: every symbol must be a str \(or bytes\), got 3")
D("bpe.encode", "symbols=''", lambda: bpe.encode("", MERGES), lambda v: v == [], "[]", r"empty word gives \[\]")
D("bpe.encode", "merges using unknown symbols", lambda: bpe.encode("xyz", [("q", "r")]),
  lambda v: v == ["x", "y", "z"], "['x', 'y', 'z']", r"encode\(\"xyz\", \[\(\"l\", \"o\"\)\]\) \['x', 'y', 'z'\]")
D("bpe.encode", "symbols=<a 1 MB word>", lambda: bpe.encode(BIG[:1_000_000], MERGES),
  lambda v: len(v) == 1_000_000, "1,000,000 one-character symbols", r"a str \(one symbol per character\)")
for method in ("pair_counts_at", "corpus_after"):
    for bad, value, err, pattern in [
        ("-1", -1, ValueError, r"k must be between 0 and 3 \(the number of merges learned\), got -1"),
        ("4", 4, ValueError, r"k must be between 0 and 3"),
        ("10**12", 10**12, ValueError, r"k must be between 0 and 3"),
        ("'1'", "1", TypeError, r"k must be a whole number of merges, got '1'"),
        ("1.0", 1.0, TypeError, r"k must be a whole number of merges"),
        ("True", True, TypeError, r"k must be a whole number of merges"),
        ("None", None, TypeError, r"k must be a whole number of merges"),
    ]:
        R(f"bpe.TrainResult.{method}", f"k={bad}", lambda m=method, v=value: getattr(TR(), m)(v), err, pattern)

# ==================================================================================================
# fast_bpe
# ==================================================================================================

R("fast_bpe.train", "num_merges=-1", lambda: fast_bpe.train(HUG, -1), ValueError, r"num_merges must be 0 or more")
R("fast_bpe.train", "num_merges='3'", lambda: fast_bpe.train(HUG, "3"), TypeError, r"num_merges must be a whole number")
R("fast_bpe.train", "num_merges=True", lambda: fast_bpe.train(HUG, True), TypeError, r"num_merges must be a whole number")
D("fast_bpe.train", "num_merges=10**12", lambda: fast_bpe.train(HUG, 10**12), lambda r: r.num_merges == 7,
  "a result with the 7 merges there are", r"stops early when every word is a single symbol")
R("fast_bpe.train", "tie_break='first'", lambda: fast_bpe.train(HUG, 3, tie_break="first"), ValueError,
  r"tie_break must be one of \('smallest', 'hf'\).*got 'first'")
R("fast_bpe.train", "tie_break=5", lambda: fast_bpe.train(HUG, 3, tie_break=5), TypeError,
  r"tie_break must be one of \('smallest', 'hf'\).*got 5 \(int\)")
R("fast_bpe.train", "tie_break='hf', multi-character symbols", lambda: fast_bpe.train({("hu", "g"): 1}, 3, tie_break="hf"),
  ValueError, r"tie_break='hf' needs words split into single characters or single bytes")
R("fast_bpe.train", "corpus={}", lambda: fast_bpe.train({}, 3), ValueError, r"corpus is empty")
R("fast_bpe.train", "corpus=5", lambda: fast_bpe.train(5, 3), TypeError, r"corpus must be a text")
R("fast_bpe.train", "corpus={b'': 1}", lambda: fast_bpe.train({b"": 1}, 3), ValueError,
  r"corpus: words must hold at least one symbol")
R("fast_bpe.train", "corpus={b'hug': 0}", lambda: fast_bpe.train({b"hug": 0}, 3), ValueError,
  r"corpus: the count of b'hug' must be positive")
R("fast_bpe.train", "corpus={b'ab': 1, 'ab': 1}", lambda: fast_bpe.train({b"ab": 1, "ab": 1}, 3), TypeError,
  r"corpus: use str symbols or bytes symbols, not both")
R("fast_bpe.train", "corpus=<a TrainResult>", lambda: fast_bpe.train(TR(), 3), TypeError,
  r"corpus must be a text.*got TrainResult")

# ==================================================================================================
# byte_level
# ==================================================================================================

R("byte_level.char_bytes", "char=5", lambda: byte_level.char_bytes(5), TypeError, r"char must be a str, got int")
R("byte_level.char_bytes", "char=b'a'", lambda: byte_level.char_bytes(b"a"), TypeError, r"char must be a str")
R("byte_level.char_bytes", "char='ab'", lambda: byte_level.char_bytes("ab"), ValueError,
  r"char must be exactly one character, got 'ab' \(2 characters\)")
R("byte_level.char_bytes", "char=''", lambda: byte_level.char_bytes(""), ValueError, r"char must be exactly one character")
R("byte_level.char_bytes", "char='\\ud800' (lone surrogate)", lambda: byte_level.char_bytes("\ud800"), ValueError,
  r"char holds a lone surrogate U\+D800 at index 0, which has no UTF-8 bytes")
R("byte_level.bytes_by_char", "text=5", lambda: byte_level.bytes_by_char(5), TypeError, r"text must be a str, got int")
R("byte_level.bytes_by_char", "text=b'ab'", lambda: byte_level.bytes_by_char(b"ab"), TypeError, r"text must be a str")
R("byte_level.bytes_by_char", "text='a\\ud800' (lone surrogate)", lambda: byte_level.bytes_by_char("a\ud800"),
  ValueError, r"text holds a lone surrogate U\+D800 at index 1, which has no UTF-8 bytes")
for fn in ("to_printable", "utf8_status", "show_token"):
    R(f"byte_level.{fn}", "data='abc'", lambda fn=fn: getattr(byte_level, fn)("abc"), TypeError,
      r"data must be bytes, got str; use text\.encode\('utf-8'\)")
    R(f"byte_level.{fn}", "data=None", lambda fn=fn: getattr(byte_level, fn)(None), TypeError, r"data must be bytes")
    R(f"byte_level.{fn}", "data=[104, 105]", lambda fn=fn: getattr(byte_level, fn)([104, 105]), TypeError,
      r"data must be bytes, got list")
R("byte_level.from_printable", "text=5", lambda: byte_level.from_printable(5), TypeError, r"text must be a str, got int")
R("byte_level.from_printable", "text=b'hi'", lambda: byte_level.from_printable(b"hi"), TypeError, r"text must be a str")
R("byte_level.from_printable", "text='a\\x00'", lambda: byte_level.from_printable("a\x00"), ValueError,
  r"text holds '\\x00' at index 1, which is not one of GPT-2's 256 printable byte characters")
R("byte_level.from_printable", "text='hello world' (a space)", lambda: byte_level.from_printable("hello world"),
  ValueError, r"text holds ' ' at index 5, which is not one of GPT-2's 256 printable byte characters.*to_printable")

# ==================================================================================================
# gpt2
# ==================================================================================================

for fn in ("load_ranks", "load_encoding"):
    R(f"gpt2.{fn}", "name=5", lambda fn=fn: getattr(gpt2, fn)(5), TypeError,
      r"name must be one of \['cl100k_base', 'o200k_base'\], got 5 \(int\)")
    R(f"gpt2.{fn}", "name=None", lambda fn=fn: getattr(gpt2, fn)(None), TypeError, r"name must be one of")
    R(f"gpt2.{fn}", "name=['cl100k_base']", lambda fn=fn: getattr(gpt2, fn)(["cl100k_base"]), TypeError,
      r"name must be one of \['cl100k_base', 'o200k_base'\]")
    R(f"gpt2.{fn}", "name='gpt2'", lambda fn=fn: getattr(gpt2, fn)("gpt2"), ValueError,
      r"name must be one of \['cl100k_base', 'o200k_base'\], got 'gpt2'.*gpt2\.load\(\)")
    R(f"gpt2.{fn}", "name=''", lambda fn=fn: getattr(gpt2, fn)(""), ValueError, r"name must be one of")
R("gpt2.read_merges", "text=5", lambda: gpt2.read_merges(5), TypeError, r"text must be a str .*got int")
R("gpt2.read_merges", "text=b'a b'", lambda: gpt2.read_merges(b"a b"), TypeError, r"text must be a str")
R("gpt2.read_merges", "a line of three tokens", lambda: gpt2.read_merges("#version: 0.2\nh e l"), ValueError,
  r"vocab\.bpe, line 2: expected two tokens separated by one space, got 'h e l'")
R("gpt2.read_merges", "a line with '\\x00'", lambda: gpt2.read_merges("a \x00"), ValueError,
  r"vocab\.bpe, line 1: text holds '\\x00' at index 0, which is not one of GPT-2's 256 printable")
R("gpt2.read_token_ids", "text=5", lambda: gpt2.read_token_ids(5), TypeError, r"text must be a str .*got int")
R("gpt2.read_token_ids", "text='{'", lambda: gpt2.read_token_ids("{"), ValueError, r"encoder\.json is not valid JSON")
R("gpt2.read_token_ids", "text='[1, 2]'", lambda: gpt2.read_token_ids("[1, 2]"), ValueError,
  r"encoder\.json must hold one object mapping tokens to ids")
R("gpt2.read_token_ids", "a token id '7'", lambda: gpt2.read_token_ids('{"a": "7"}'), ValueError,
  r"encoder\.json: token 'a': its id must be a whole number >= 0, got '7'")
R("gpt2.read_token_ids", "a token id -1", lambda: gpt2.read_token_ids('{"a": -1}'), ValueError,
  r"encoder\.json: token 'a': its id must be a whole number >= 0, got -1")
R("gpt2.read_token_ids", "a token '\\u0000'", lambda: gpt2.read_token_ids('{"\\u0000": 1}'), ValueError,
  r"encoder\.json: token '\\x00': text holds '\\x00'")

# ==================================================================================================
# pretokenize
# ==================================================================================================

R("pretokenize.compile_pattern", "pattern=5", lambda: pretokenize.compile_pattern(5), TypeError,
  r"pattern must be a name such as 'gpt2' or a regex string, got int")
R("pretokenize.compile_pattern", "pattern=None", lambda: pretokenize.compile_pattern(None), TypeError,
  r"pattern must be a name such as 'gpt2'")
R("pretokenize.compile_pattern", "pattern='(unclosed'", lambda: pretokenize.compile_pattern("(unclosed"), ValueError,
  r"pattern '\(unclosed' is neither a known name \(gpt2, gpt4, cl100k, o200k\) nor a valid regex")
R("pretokenize.compile_pattern", "pattern='gpt5' (unknown name)", lambda: pretokenize.compile_pattern("gpt5"),
  ValueError, r"pattern 'gpt5' is not a known name \(gpt2, gpt4, cl100k, o200k\)")
R("pretokenize.compile_pattern", "pattern=''", lambda: pretokenize.compile_pattern(""), ValueError,
  r"pattern '' matches the empty string")
R("pretokenize.compile_pattern", "pattern='\\\\w*'", lambda: pretokenize.compile_pattern(r"\w*"), ValueError,
  r"pattern '\\\\w\*' matches the empty string, which would make empty chunks")
for fn in ("split", "chunk_counts"):
    R(f"pretokenize.{fn}", "text=5", lambda fn=fn: getattr(pretokenize, fn)(5), TypeError, r"text must be a str, got int")
    R(f"pretokenize.{fn}", "text=b'ab'", lambda fn=fn: getattr(pretokenize, fn)(b"ab"), TypeError, r"text must be a str")
    R(f"pretokenize.{fn}", "pattern=None", lambda fn=fn: getattr(pretokenize, fn)("ab", None), TypeError,
      r"pattern must be a name such as 'gpt2'")
    R(f"pretokenize.{fn}", "pattern='GPT-2'", lambda fn=fn: getattr(pretokenize, fn)("ab", "GPT-2"), ValueError,
      r"pattern 'GPT-2' is not a known name")
D("pretokenize.split", "text=''", lambda: pretokenize.split(""), lambda v: v == [], "[]", r"empty text gives \[\]")
D("pretokenize.split", "text=<1 MB>", lambda: pretokenize.split("hug " * 250_000),
  lambda v: len(v) == 250_001, "250,001 chunks", r"Split a text into pre-tokenization chunks")
for bad, value, err in [("0", 0, ValueError), ("-1", -1, ValueError), ("'64'", "64", TypeError),
                        ("1.5", 1.5, TypeError), ("True", True, TypeError), ("None", None, TypeError)]:
    R("pretokenize.chunk_counts", f"block_chars={bad}", lambda v=value: pretokenize.chunk_counts("a b c", block_chars=v),
      err, r"block_chars must be a whole number of at least 1")

# ==================================================================================================
# metrics
# ==================================================================================================

for fn in ("count_tokens", "bytes_per_token", "chars_per_token", "fertility"):
    f = getattr(metrics, fn)
    R(f"metrics.{fn}", "tokenize='split'", lambda f=f: f("split", "to be"), TypeError,
      r"tokenize must be a function text -> list of tokens, got str")
    R(f"metrics.{fn}", "text=5", lambda f=f: f(str.split, 5), TypeError, r"text must be a str, got int")
    R(f"metrics.{fn}", "text=None", lambda f=f: f(str.split, None), TypeError, r"text must be a str")
    R(f"metrics.{fn}", "text='   '", lambda f=f: f(str.split, "   "), ValueError,
      r"text is empty: measure a text that has at least one word")
    R(f"metrics.{fn}", "tokenize returns None", lambda f=f: f(lambda t: None, "to be"), TypeError,
      r"tokenize must return a list of tokens, got NoneType")
    R(f"metrics.{fn}", "text='a\\ud800' (lone surrogate)", lambda f=f: f(list, "a\ud800"), ValueError,
      r"text holds a lone surrogate U\+D800 at index 1")
for fn in ("bytes_per_token", "chars_per_token"):
    R(f"metrics.{fn}", "tokenize returns []", lambda fn=fn: getattr(metrics, fn)(lambda t: [], "to be"), ValueError,
      r"tokenize made no tokens of a non-empty text: nothing to divide by")
D("metrics.count_tokens", "tokenize returns []", lambda: metrics.count_tokens(lambda t: [], "to be"), lambda v: v == 0,
  "0", r"How many tokens")
R("metrics.whole_word_share", "tokenize_word=5", lambda: metrics.whole_word_share(5, ["a"]), TypeError,
  r"tokenize_word must be a function word -> list of tokens, got int")
R("metrics.whole_word_share", "words=5", lambda: metrics.whole_word_share(list, 5), TypeError,
  r"words must be a list of words, got int")
R("metrics.whole_word_share", "words='question'", lambda: metrics.whole_word_share(list, "question"), TypeError,
  r"words must be a list of words, not one str")
R("metrics.whole_word_share", "words=[]", lambda: metrics.whole_word_share(list, []), ValueError,
  r"words is empty: pass at least one word")
R("metrics.whole_word_share", "words=['to', 5]", lambda: metrics.whole_word_share(list, ["to", 5]), TypeError,
  r"words\[1\] must be a str, got int")
R("metrics.whole_word_share", "tokenize_word returns None", lambda: metrics.whole_word_share(lambda w: None, ["a"]),
  TypeError, r"tokenize_word must return a list of tokens, got NoneType")
R("metrics.cost_per_language", "texts='eng'", lambda: metrics.cost_per_language(list, "eng"), TypeError,
  r"texts must be a mapping language -> text, got str")
R("metrics.cost_per_language", "texts={'fra': 'chat'}", lambda: metrics.cost_per_language(list, {"fra": "chat"}),
  ValueError, r"texts must be a mapping language -> text that includes the reference 'eng'; it has \['fra'\]")
R("metrics.cost_per_language", "reference=5", lambda: metrics.cost_per_language(list, {"eng": "cat"}, 5), TypeError,
  r"reference must be a language code \(str\) such as 'eng', got int")
R("metrics.cost_per_language", "texts={'eng': ''}", lambda: metrics.cost_per_language(list, {"eng": "", "fra": "x"}),
  ValueError, r"texts\['eng'\] is empty")
R("metrics.cost_per_language", "texts={'fra': 5}", lambda: metrics.cost_per_language(list, {"eng": "cat", "fra": 5}),
  TypeError, r"texts\['fra'\] must be a str, got int")
R("metrics.cost_per_language", "tokenize='list'", lambda: metrics.cost_per_language("list", {"eng": "cat"}), TypeError,
  r"tokenize must be a function text -> list of tokens")
R("metrics.cost_per_language", "tokenize returns []", lambda: metrics.cost_per_language(lambda t: [], {"eng": "cat"}),
  ValueError, r"tokenize made no tokens of texts\['eng'\]: nothing to divide by")
R("metrics.vocabulary_overlap", "first=5", lambda: metrics.vocabulary_overlap(5, ["a"]), TypeError,
  r"first must be a collection of pieces \(set, list or dict\), got int")
R("metrics.vocabulary_overlap", "second=None", lambda: metrics.vocabulary_overlap(["a"], None), TypeError,
  r"second must be a collection of pieces")
R("metrics.vocabulary_overlap", "first='abc'", lambda: metrics.vocabulary_overlap("abc", ["a"]), TypeError,
  r"first must be a collection of pieces.*not one str")
R("metrics.vocabulary_overlap", "first=[]", lambda: metrics.vocabulary_overlap([], ["a"]), ValueError,
  r"both vocabularies must hold at least one piece")
R("metrics.vocabulary_overlap", "first=[['a']]", lambda: metrics.vocabulary_overlap([["a"]], ["a"]), TypeError,
  r"first must hold pieces \(str or bytes\), got a list")

# ==================================================================================================
# plots
# ==================================================================================================

R("plots.svg_compression_curve", "merges=5", lambda: plots.svg_compression_curve(5, [1.0], 0), TypeError,
  r"merges must be a list of numbers, got int")
R("plots.svg_compression_curve", "merges=[]", lambda: plots.svg_compression_curve([], [], 0), ValueError,
  r"merges and bytes_per_token must be non-empty lists of the same length")
R("plots.svg_compression_curve", "lengths 2 and 1", lambda: plots.svg_compression_curve([0, 1], [1.0], 0), ValueError,
  r"merges and bytes_per_token must be non-empty lists of the same length")
R("plots.svg_compression_curve", "k=2 of 2 steps", lambda: plots.svg_compression_curve([0, 1], [1.0, 2.0], 2),
  ValueError, r"k must be a step from 0 to 1, got 2")
R("plots.svg_compression_curve", "k='0'", lambda: plots.svg_compression_curve([0], [1.0], "0"), TypeError,
  r"k must be a whole number \(a step from 0 to 0\), got '0'")
R("plots.svg_compression_curve", "k=True", lambda: plots.svg_compression_curve([0], [1.0], True), TypeError,
  r"k must be a whole number")
R("plots.svg_compression_curve", "bytes_per_token=[1.0, nan]", lambda: plots.svg_compression_curve([0, 1], [1.0, NAN], 0),
  ValueError, r"bytes_per_token must hold finite numbers >= 0, got nan at index 1")
R("plots.svg_compression_curve", "bytes_per_token=[1.0, inf]", lambda: plots.svg_compression_curve([0, 1], [1.0, INF], 0),
  ValueError, r"bytes_per_token must hold finite numbers >= 0, got inf")
R("plots.svg_compression_curve", "bytes_per_token=[1.0, '2']", lambda: plots.svg_compression_curve([0, 1], [1.0, "2"], 0),
  TypeError, r"bytes_per_token must hold numbers, got '2' at index 1")
R("plots.svg_compression_curve", "merges=[0, 'a']", lambda: plots.svg_compression_curve([0, "a"], [1.0, 2.0], 0),
  TypeError, r"merges must hold whole numbers, got 'a' at index 1")
R("plots.svg_compression_curve", "width=0", lambda: plots.svg_compression_curve([0], [1.0], 0, width=0), ValueError,
  r"width must be a whole number of pixels, at least 100")
R("plots.svg_compression_curve", "height='230'", lambda: plots.svg_compression_curve([0], [1.0], 0, height="230"),
  TypeError, r"height must be a whole number of pixels")
R("plots.compression_curves", "ax=None", lambda: plots.compression_curves(None, {"a": ([1], [1.0])}), TypeError,
  r"ax must be a matplotlib Axes")
R("plots.compression_curves", "curves={}", lambda: plots.compression_curves(AX(), {}), ValueError,
  r"curves is empty: pass name -> \(sizes, bytes per token\)")
R("plots.compression_curves", "curves=5", lambda: plots.compression_curves(AX(), 5), TypeError,
  r"curves must be a dict name -> \(sizes, bytes per token\), got int")
R("plots.compression_curves", "curves={'a': 5}", lambda: plots.compression_curves(AX(), {"a": 5}), TypeError,
  r"curves\['a'\] must be a pair \(sizes, bytes per token\)")
R("plots.compression_curves", "curves={'a': ([1, 2], [1.0])}", lambda: plots.compression_curves(AX(), {"a": ([1, 2], [1.0])}),
  ValueError, r"curves\['a'\]: sizes and bytes per token must have the same length \(2 and 1\)")
R("plots.language_bars", "ax=None", lambda: plots.language_bars(None, {"a": {"eng": 1.0}}), TypeError,
  r"ax must be a matplotlib Axes")
R("plots.language_bars", "costs={}", lambda: plots.language_bars(AX(), {}), ValueError,
  r"costs is empty: pass tokenizer name -> \{language: ratio\}")
R("plots.language_bars", "costs=5", lambda: plots.language_bars(AX(), 5), TypeError,
  r"costs must be a dict tokenizer name -> \{language: ratio\}, got int")
R("plots.language_bars", "costs={'a': 5}", lambda: plots.language_bars(AX(), {"a": 5}), TypeError,
  r"costs\['a'\] must be a dict language -> ratio, got int")
R("plots.language_bars", "languages differ", lambda: plots.language_bars(AX(), {"a": {"eng": 1.0}, "b": {}}), ValueError,
  r"costs\['b'\] has no ratio for 'eng'; every tokenizer needs the same languages")
R("plots.language_bars", "names=5", lambda: plots.language_bars(AX(), {"a": {"eng": 1.0}}, 5), TypeError,
  r"names must be a dict language code -> name, got int")
R("plots.html_segmentation_table", "words=5", lambda: plots.html_segmentation_table(5, {"chars": list}), TypeError,
  r"words must be a list of words, got int")
R("plots.html_segmentation_table", "words='cats'", lambda: plots.html_segmentation_table("cats", {"chars": list}),
  TypeError, r"words must be a list of words, not one str")
R("plots.html_segmentation_table", "words=[5]", lambda: plots.html_segmentation_table([5], {"chars": list}), TypeError,
  r"words\[0\] must be a str, got int")
R("plots.html_segmentation_table", "tokenizers=5", lambda: plots.html_segmentation_table(["cats"], 5), TypeError,
  r"tokenizers must be a dict name -> function word -> pieces, got int")
R("plots.html_segmentation_table", "tokenizers={'x': 5}", lambda: plots.html_segmentation_table(["cats"], {"x": 5}),
  TypeError, r"tokenizers\['x'\] must be a function word -> list of pieces, got int")
R("plots.html_segmentation_table", "a tokenizer returns None",
  lambda: plots.html_segmentation_table(["cats"], {"x": lambda w: None}), TypeError,
  r"tokenizers\['x'\] must return a list of pieces, got NoneType for 'cats'")
R("plots.chunks_view", "text=5", lambda: plots.chunks_view(5), TypeError, r"text must be a str, got int")
R("plots.chunks_view", "pattern=None", lambda: plots.chunks_view("ab", None), TypeError, r"pattern must be a name")
R("plots.html_chunks", "pieces=5", lambda: plots.html_chunks(5), TypeError, r"pieces must be a list of str or bytes, got int")
R("plots.html_chunks", "pieces='abc'", lambda: plots.html_chunks("abc"), TypeError,
  r"pieces must be a list of str or bytes, not one str")
R("plots.html_chunks", "pieces=[None]", lambda: plots.html_chunks([None]), TypeError,
  r"pieces\[0\] must be a str or bytes, got NoneType")
R("plots.html_chunks", "ids shorter than pieces", lambda: plots.html_chunks(["a", "b"], ids=[1]), ValueError,
  r"ids must have one id per piece: 2 pieces, 1 ids")
R("plots.html_chunks", "ids=5", lambda: plots.html_chunks(["a"], ids=5), TypeError, r"ids must be a list of ids or None, got int")
R("plots.html_pair_histogram", "bars=5", lambda: plots.html_pair_histogram(5, "t"), TypeError,
  r"bars must be a list of \(pair, count, is_winner\), got int")
R("plots.html_pair_histogram", "bars=[('ab', 3)]", lambda: plots.html_pair_histogram([("ab", 3)], "t"), ValueError,
  r"bars\[0\] must be \(pair, count, is_winner\), got \('ab', 3\)")
R("plots.html_pair_histogram", "a count '3'", lambda: plots.html_pair_histogram([(("a", "b"), "3", True)], "t"),
  TypeError, r"bars\[0\]: the count must be a number, got '3'")
R("plots.html_pair_histogram", "a count nan", lambda: plots.html_pair_histogram([(("a", "b"), NAN, True)], "t"),
  ValueError, r"bars\[0\]: the count must be a finite number >= 0, got nan")
R("plots.html_pair_histogram", "a pair ('a',)", lambda: plots.html_pair_histogram([(("a",), 3, True)], "t"),
  ValueError, r"pair must be two symbols \(left, right\), got \('a',\)")
R("plots.html_pair_histogram", "title=5", lambda: plots.html_pair_histogram([], 5), TypeError, r"title must be a str, got int")
R("plots.html_pair_histogram", "xlabel=None", lambda: plots.html_pair_histogram([], "t", None), TypeError,
  r"xlabel must be a str, got NoneType")
R("plots.compression_curve", "ax=None", lambda: plots.compression_curve(None, [0, 1], [2, 1]), TypeError,
  r"ax must be a matplotlib Axes")
R("plots.compression_curve", "merges=[], symbols=[]", lambda: plots.compression_curve(AX(), [], []), ValueError,
  r"merges and symbols must be non-empty lists of the same length")
R("plots.compression_curve", "lengths 2 and 1", lambda: plots.compression_curve(AX(), [0, 1], [2]), ValueError,
  r"merges and symbols must be non-empty lists of the same length \(2 and 1\)")
R("plots.compression_curve", "bytes_per_token of length 1", lambda: plots.compression_curve(AX(), [0, 1], [2, 1], [1.0]),
  ValueError, r"bytes_per_token must have one value per step \(2\), got 1")
R("plots.compression_curve", "merges=5", lambda: plots.compression_curve(AX(), 5, [1]), TypeError,
  r"merges must be a list of numbers, got int")
R("plots.CompressionFigure", "curve=5", lambda: plots.CompressionFigure(5), TypeError,
  r"curve must be a dict such as widgets\.compression_view\(result\) returns, got int")
R("plots.CompressionFigure", "curve={}", lambda: plots.CompressionFigure({}), ValueError,
  r"curve must have the keys 'merges', 'symbols' and 'bytes_per_token'; it has none")
R("plots.CompressionFigure", "lists of different lengths",
  lambda: plots.CompressionFigure({"merges": [0, 1], "symbols": [3], "bytes_per_token": [1.0]}), ValueError,
  r"merges and symbols must be non-empty lists of the same length")
R("plots.CompressionFigure.render", "k=5000", lambda: FIGURE().render(5000, "t"), ValueError,
  r"k must be a step from 0 to 3, got 5000")
R("plots.CompressionFigure.render", "k=-1", lambda: FIGURE().render(-1, "t"), ValueError, r"k must be a step from 0 to 3")
R("plots.CompressionFigure.render", "k='1'", lambda: FIGURE().render("1", "t"), TypeError,
  r"k must be a whole number \(a step from 0 to 3\), got '1'")
R("plots.CompressionFigure.render", "title=5", lambda: FIGURE().render(0, 5), TypeError, r"title must be a str, got int")
R("plots.pair_label", "pair=5", lambda: plots.pair_label(5), TypeError, r"pair must be two symbols \(left, right\), got int")
R("plots.pair_label", "pair=('a',)", lambda: plots.pair_label(("a",)), ValueError,
  r"pair must be two symbols \(left, right\), got \('a',\)")
R("plots.pair_label", "pair='ab'", lambda: plots.pair_label("ab"), TypeError, r"pair must be two symbols \(left, right\), got str")

# ==================================================================================================
# exercises
# ==================================================================================================

R("exercises.Question", "name=5", lambda: question(name=5), TypeError, r"name must be a non-empty str such as 'merge_pair', got int")
R("exercises.Question", "name=''", lambda: question(name=""), ValueError, r"name must be a non-empty str")
R("exercises.Question", "prompt=None", lambda: question(prompt=None), TypeError, r"prompt must be a str, got NoneType")
R("exercises.Question", "hints='one hint'", lambda: question(hints="one hint"), TypeError,
  r"hints must be a list of str, not one str")
R("exercises.Question", "hints=[1]", lambda: question(hints=[1]), TypeError, r"hints\[0\] must be a str, got int")
R("exercises.Question", "cases=5", lambda: question(reference=len, cases=5), TypeError,
  r"cases must be a list of argument tuples, got int")
R("exercises.Question", "cases=['abc']", lambda: question(reference=len, cases=["abc"]), TypeError,
  r"cases\[0\] must be a tuple of arguments such as \('abc',\), got str")
R("exercises.Question", "time_limit=0", lambda: question(time_limit=0), ValueError,
  r"time_limit must be a positive number of seconds, got 0")
R("exercises.Question", "time_limit=nan", lambda: question(time_limit=NAN), ValueError,
  r"time_limit must be a positive number of seconds")
R("exercises.Question", "time_limit=inf", lambda: question(time_limit=INF), ValueError,
  r"time_limit must be a positive number of seconds")
R("exercises.Question", "time_limit='2'", lambda: question(time_limit="2"), TypeError,
  r"time_limit must be a positive number of seconds, got '2'")
R("exercises.Question", "compare=5", lambda: question(compare=5), TypeError,
  r"compare must be a function \(got, expected\) -> bool, got int")
D("exercises.Question.check", "an answer whose == raises", lambda: question().check(Unequal()), incorrect("raised ValueError"),
  "incorrect: comparing it raised ValueError", r"Never raises")
D("exercises.Question.check", "a function returning one whose == raises", lambda: MERGE_Q.check(lambda s, p: Unequal()),
  incorrect("raised ValueError"), "incorrect: comparing it raised ValueError", r"Never raises")
D("exercises.Question.check", "answer of 10 MB", lambda: question().check(BIG), incorrect("you answered 'xxx"),
  "incorrect, the answer shown cut to a few hundred characters", r"Never raises")
D("exercises.Question.check", "a function for a value question", lambda: question().check(len), incorrect("you answered <built-in function len>"),
  "incorrect: you answered <built-in function len>", r"Never raises")
D("exercises.Question.check", "a function returning 10 MB", lambda: MERGE_Q.check(lambda s, p: BIG), incorrect("but got a str: 'xxx"),
  "incorrect, the value shown cut to a few hundred characters", r"Never raises")
D("exercises.Question.check", "a function of the wrong arity", lambda: MERGE_Q.check(lambda s: s), incorrect("your function raised TypeError"),
  "incorrect: your function raised TypeError", r"Never raises")

# ==================================================================================================
# grade
# ==================================================================================================

R("grade.grade_notebook", "path=5", lambda: grade.grade_notebook(5), TypeError,
  r"path must be a notebook file \(str or pathlib\.Path\), got int")
R("grade.grade_notebook", "path=None", lambda: grade.grade_notebook(None), TypeError, r"path must be a notebook file")
R("grade.grade_notebook", "timeout=0", lambda: grade.grade_notebook(missing("a.ipynb"), 0), ValueError,
  r"timeout must be a positive number of seconds such as 60, got 0")
R("grade.grade_notebook", "timeout=nan", lambda: grade.grade_notebook(missing("a.ipynb"), NAN), ValueError,
  r"timeout must be a positive number of seconds")
R("grade.grade_notebook", "timeout='60'", lambda: grade.grade_notebook(missing("a.ipynb"), "60"), TypeError,
  r"timeout must be a positive number of seconds such as 60, got '60' \(str\)")
D("grade.grade_notebook", "a missing file", lambda: grade.grade_notebook(missing("a.ipynb")),
  lambda row: row["status"] == "unreadable" and "FileNotFoundError" in row["error"], "status 'unreadable'",
  r"cannot be read .* status \"unreadable\"")
D("grade.grade_notebook", "a file that is not JSON", lambda: grade.grade_notebook(tmpfile("junk.ipynb", "not json")),
  lambda row: row["status"] == "unreadable", "status 'unreadable'", r"cannot be read .* status \"unreadable\"")
D("grade.grade_notebook", "a str path to a JSON file", lambda: grade.grade_notebook(str(tmpfile("list.ipynb", "[]"))),
  lambda row: row["status"] == "unreadable", "status 'unreadable'", r"cannot be read .* status \"unreadable\"")
R("grade.main", "argv='x.ipynb' (a str)", lambda: grade.main("x.ipynb"), TypeError,
  r"argv must be a list of str \(the command-line arguments\) or None, got str")
R("grade.main", "argv=[5]", lambda: grade.main([5]), TypeError, r"argv must be a list of str \(the command-line arguments\) or None; argv\[0\] is int")
X("grade.main", "no arguments", [], r"the following arguments are required: submissions")
X("grade.main", "--timeout -1", ["--timeout", "-1", str(missing("a.ipynb"))],
  r"argument --timeout: must be a positive number of seconds such as 60, got '-1'")
X("grade.main", "--timeout abc", ["--timeout", "abc", str(missing("a.ipynb"))],
  r"argument --timeout: must be a positive number of seconds such as 60, got 'abc'")
X("grade.main", "--timeout nan", ["--timeout", "nan", str(missing("a.ipynb"))],
  r"argument --timeout: must be a positive number of seconds such as 60, got 'nan'")
X("grade.main", "--csv into a missing folder", [str(missing("a.ipynb")), "--csv", str(missing("out.csv"))],
  r"argument --csv: the folder .* does not exist")
X("grade.main", "--bogus", ["--bogus", str(missing("a.ipynb"))], r"unrecognized arguments: --bogus")
D("grade.main", "a missing notebook", lambda: grade.main([str(missing("a.ipynb"))]), lambda code: code == 0,
  "0, the file listed as unreadable", r"cannot be read .* listed")
D("grade.main", "an empty folder", lambda: grade.main([str(TMP / "empty")]), lambda code: code == 2,
  "2, 'no notebooks found'", r"2 when the paths hold no notebooks")

# ==================================================================================================
# tokenizer (busy: others are editing it)
# ==================================================================================================

T = "tokenizer.Tokenizer"
R(T, "merges=5", lambda: Tokenizer(5), TypeError, r"merges must be a list of \(left bytes, right bytes\) pairs, got int")
R(T, "merges=b'ab'", lambda: Tokenizer(b"ab"), TypeError, r"merges must be a list of \(left bytes, right bytes\) pairs")
R(T, "merges=[(b'a',)]", lambda: Tokenizer([(b"a",)]), ValueError, r"merges\[0\] must be a pair of non-empty bytes")
R(T, "merges=[('a', 'b')] (str)", lambda: Tokenizer([("a", "b")]), (TypeError, ValueError),
  r"merges\[0\] must be a pair of non-empty bytes, got \('a', 'b'\)")
R(T, "merges=[(b'a', b'')]", lambda: Tokenizer([(b"a", b"")]), ValueError, r"merges\[0\] must be a pair of non-empty bytes")
R(T, "merges using an unknown token", lambda: Tokenizer([(b"ab", b"c")]), ValueError,
  r"merges\[0\] = \(b'ab', b'c'\) uses a token that no earlier merge made")
R(T, "a repeated merge", lambda: Tokenizer([(b"a", b"b"), (b"a", b"b")]), ValueError, r"merges\[1\] repeats the pair")
R(T, "pattern=5", lambda: Tokenizer(pattern=5), TypeError, r"pattern must be a name such as 'gpt2' or a regex string")
R(T, "pattern='(unclosed'", lambda: Tokenizer(pattern="(unclosed"), ValueError, r"nor a valid regex")
R(T, "pattern=''", lambda: Tokenizer(pattern=""), ValueError, r"pattern '' matches the empty string")
R(T, "special_tokens=5", lambda: Tokenizer(special_tokens=5), TypeError, r"special_tokens must be a dict name -> id, got int")
R(T, "special_tokens=['<|endoftext|>']", lambda: Tokenizer(special_tokens=["<|endoftext|>"]), TypeError,
  r"special_tokens must be a dict name -> id, got list")
R(T, "special_tokens={'<x>': 3} (a byte's id)", lambda: Tokenizer(special_tokens={"<x>": 3}), ValueError,
  r"id 3 is already used by token b'\\x03'; give '<x>' an unused id, e.g. 256")
R(T, "special_tokens={'<x>': '300'}", lambda: Tokenizer(special_tokens={"<x>": "300"}), (TypeError, ValueError),
  r"the id of special token '<x>' must be a whole number >= 0, got '300'")
R(T, "special_tokens={'': 300}", lambda: Tokenizer(special_tokens={"": 300}), (TypeError, ValueError),
  r"a special token's name must be a non-empty str, got ''")
R(T, "token_ids=[...]", lambda: Tokenizer(token_ids=list(range(256))), TypeError, r"token_ids must be a dict bytes -> id, got list")
R(T, "token_ids={}", lambda: Tokenizer(token_ids={}), ValueError,
  r"token_ids must give every token a whole-number id >= 0; b'\\x00' has None")
R("tokenizer.Tokenizer.add_special_token", "name=5", lambda: TOKS().add_special_token(5, 300), TypeError,
  r"name must be a non-empty str, got 5")
R("tokenizer.Tokenizer.add_special_token", "name=''", lambda: TOKS().add_special_token("", 300), ValueError,
  r"name must be a non-empty str, got ''")
R("tokenizer.Tokenizer.add_special_token", "token_id=1.5", lambda: TOKS().add_special_token("<x>", 1.5), TypeError,
  r"the id of special token '<x>' must be a whole number >= 0, got 1\.5")
R("tokenizer.Tokenizer.add_special_token", "token_id=True", lambda: TOKS().add_special_token("<x>", True), TypeError,
  r"the id of special token '<x>' must be a whole number")
R("tokenizer.Tokenizer.add_special_token", "token_id=-1", lambda: TOKS().add_special_token("<x>", -1), ValueError,
  r"the id of special token '<x>' must be a whole number >= 0, got -1")
R("tokenizer.Tokenizer.add_special_token", "token_id=65 (used)", lambda: TOKS().add_special_token("<x>", 65), ValueError,
  r"id 65 is already used by token b'A'; give '<x>' an unused id, e.g. 257")
R("tokenizer.Tokenizer.add_special_token", "a name registered twice",
  lambda: TOKS().add_special_token("<|endoftext|>", 300), ValueError,
  r"special token '<\|endoftext\|>' is already registered \(id 256\)")
TT = "tokenizer.Tokenizer.train"
R(TT, "text=5", lambda: Tokenizer.train(5, 300), TypeError, r"text must be a str, got int")
R(TT, "text=b'abc'", lambda: Tokenizer.train(b"abc", 300), TypeError, r"text must be a str")
R(TT, "text=''", lambda: Tokenizer.train("", 300), ValueError, r"text is empty: pass the text to learn merges from")
R(TT, "vocab_size=255", lambda: Tokenizer.train("abc", 255), ValueError,
  r"vocab_size must be at least 256 \(the byte alphabet\), got 255")
R(TT, "vocab_size=-1", lambda: Tokenizer.train("abc", -1), ValueError, r"vocab_size must be at least 256")
R(TT, "vocab_size=300.0", lambda: Tokenizer.train("abc", 300.0), TypeError,
  r"vocab_size must be a whole number of at least 256, got 300\.0")
R(TT, "vocab_size='300'", lambda: Tokenizer.train("abc", "300"), TypeError, r"vocab_size must be a whole number")
R(TT, "vocab_size=True", lambda: Tokenizer.train("abc", True), TypeError, r"vocab_size must be a whole number")
R(TT, "vocab_size=nan", lambda: Tokenizer.train("abc", NAN), TypeError, r"vocab_size must be a whole number")
D(TT, "vocab_size=10**12", lambda: Tokenizer.train("abc abc", 10**12), lambda t: len(t.merges) == 3,
  "a tokenizer with the 3 merges there are", r"stops early if every chunk has become a single token")
R(TT, "pattern=5", lambda: Tokenizer.train("abc", 300, pattern=5), TypeError, r"pattern must be a name")
R(TT, "tie_break='first'", lambda: Tokenizer.train("abc", 300, tie_break="first"), ValueError,
  r"tie_break must be one of \('smallest', 'hf'\)")
R(TT, "tie_break=5", lambda: Tokenizer.train("abc", 300, tie_break=5), TypeError, r"tie_break must be one of")
R(TT, "text='a\\ud800b' (lone surrogate)", lambda: Tokenizer.train("a\ud800b", 300), ValueError,
  r"text contains a lone surrogate U\+D800 at index 1")
TF = "tokenizer.Tokenizer.from_ranks"
R(TF, "mergeable_ranks=5", lambda: Tokenizer.from_ranks(5, "gpt2"), TypeError,
  r"mergeable_ranks must be a dict bytes -> rank, got int")
R(TF, "mergeable_ranks={}", lambda: Tokenizer.from_ranks({}, "gpt2"), ValueError,
  r"mergeable_ranks must hold all 256 single bytes, it holds 0")
R(TF, "pattern=5", lambda: Tokenizer.from_ranks(RANKS, 5), TypeError, r"pattern must be a name")
R(TF, "str keys", lambda: Tokenizer.from_ranks({chr(b): b for b in range(256)}, "gpt2"), TypeError,
  r"mergeable_ranks must map bytes to ranks, got the key '\\x00' \(str\)")
R(TF, "a rank '1'", lambda: Tokenizer.from_ranks({**RANKS, b"\x01": "1"}, "gpt2"), (TypeError, ValueError),
  r"mergeable_ranks\[b'\\x01'\] must be a whole number >= 0, got '1'")
R(TF, "two tokens with rank 5", lambda: Tokenizer.from_ranks({**RANKS, b"ab": 5}, "gpt2"), ValueError,
  r"mergeable_ranks gives rank 5 to both b'\\x05' and b'ab'")
D(TF, "a token no merge can make", lambda: Tokenizer.from_ranks({**RANKS, b"xyz": 256}, "gpt2"),
  lambda t: t.unmergeable == [b"xyz"], "a tokenizer with .unmergeable == [b'xyz']",
  r"such tokens are kept out of the merges and listed in ``\.unmergeable``")
RF = "ranks.merges_from_ranks"
R(RF, "mergeable_ranks=5", lambda: mod("ranks").merges_from_ranks(5), TypeError,
  r"mergeable_ranks must be a dict bytes -> rank, got int")
R(RF, "mergeable_ranks={}", lambda: mod("ranks").merges_from_ranks({}), ValueError,
  r"mergeable_ranks must hold all 256 single bytes, it holds 0")
R(RF, "str keys", lambda: mod("ranks").merges_from_ranks({chr(b): b for b in range(256)}), TypeError,
  r"mergeable_ranks must map bytes to ranks, got the key '\\x00' \(str\)")
R(RF, "a rank -1", lambda: mod("ranks").merges_from_ranks({**RANKS, b"ab": -1}), ValueError,
  r"mergeable_ranks\[b'ab'\] must be a whole number >= 0, got -1")
R(RF, "two tokens with rank 5", lambda: mod("ranks").merges_from_ranks({**RANKS, b"ab": 5}), ValueError,
  r"mergeable_ranks gives rank 5 to both b'\\x05' and b'ab'")
D(RF, "a token no merge can make", lambda: mod("ranks").merges_from_ranks({**RANKS, b"xyz": 256}),
  lambda v: v[0] == [] and v[2] == [b"xyz"], "([], {...}, [b'xyz'])", r"it is kept out of the\s+merges")
for fn in ("encode", "encode_ordinary"):
    R(f"tokenizer.Tokenizer.{fn}", "text=5", lambda fn=fn: getattr(TOK(), fn)(5), TypeError, r"text must be a str, got int")
    R(f"tokenizer.Tokenizer.{fn}", "text=None", lambda fn=fn: getattr(TOK(), fn)(None), TypeError, r"text must be a str")
    R(f"tokenizer.Tokenizer.{fn}", "text=b'hi'", lambda fn=fn: getattr(TOK(), fn)(b"hi"), TypeError, r"text must be a str")
    R(f"tokenizer.Tokenizer.{fn}", "text='a\\ud800' (lone surrogate)", lambda fn=fn: getattr(TOK(), fn)("a\ud800"),
      ValueError, r"text contains a lone surrogate U\+D800 at index 1, which UTF-8 cannot encode")
R("tokenizer.Tokenizer.encode", "'<|endoftext|>' not allowed", lambda: TOKS().encode("a<|endoftext|>"), ValueError,
  r"the text contains the special token '<\|endoftext\|>'\. To encode it as its id 256, pass allowed_special")
R("tokenizer.Tokenizer.encode", "allowed_special=5", lambda: TOKS().encode("a", allowed_special=5), TypeError,
  r"allowed_special must be \"none\", \"all\" or a set of names, got 5")
R("tokenizer.Tokenizer.encode", "allowed_special={'<|nope|>'}", lambda: TOKS().encode("a", allowed_special={"<|nope|>"}),
  ValueError, r"allowed_special names tokens this tokenizer does not have: \['<\|nope\|>'\]")
R("tokenizer.Tokenizer.encode", "allowed_special='bogus', no special tokens",
  lambda: TOK().encode("a", allowed_special="bogus"), (TypeError, ValueError),
  r"allowed_special must be \"none\", \"all\" or a set of names")
D("tokenizer.Tokenizer.encode", "text=''", lambda: TOK().encode(""), lambda v: v == [], "[]", r"empty text gives \[\]")
DB = "tokenizer.Tokenizer.decode_bytes"
R(DB, "ids='abc'", lambda: TOK().decode_bytes("abc"), TypeError, r"ids must be a list of integers, got str")
R(DB, "ids=None", lambda: TOK().decode_bytes(None), TypeError, r"ids must be a list of integers")
R(DB, "ids=5", lambda: TOK().decode_bytes(5), TypeError, r"ids must be a list of integers, got int")
R(DB, "ids=[300] (unknown id)", lambda: TOK().decode_bytes([104, 300]), ValueError,
  r"ids\[1\] = 300 is not a token id of this tokenizer \(ids run from 0 to 255\)")
R(DB, "ids=[-1]", lambda: TOK().decode_bytes([-1]), ValueError, r"ids\[0\] = -1 is not a token id")
R(DB, "ids=[10**30]", lambda: TOK().decode_bytes([10**30]), ValueError, r"ids\[0\] = 10+ is not a token id")
R(DB, "ids=[True]", lambda: TOK().decode_bytes([True]), TypeError, r"ids\[0\] must be an integer")
R(DB, "ids=[1.0]", lambda: TOK().decode_bytes([1.0]), TypeError, r"ids\[0\] must be an integer")
R(DB, "ids=[nan]", lambda: TOK().decode_bytes([NAN]), TypeError, r"ids\[0\] must be an integer")
R(DB, "ids=[[1]]", lambda: TOK().decode_bytes([[1]]), TypeError, r"ids\[0\] must be an integer")
R("tokenizer.Tokenizer.decode", "ids='abc'", lambda: TOK().decode("abc"), TypeError, r"ids must be a list of integers")
R("tokenizer.Tokenizer.decode", "ids=[300]", lambda: TOK().decode([300]), ValueError, r"ids\[0\] = 300 is not a token id")
D("tokenizer.Tokenizer.decode", "ids=[195] (half a character)", lambda: TOK().decode([195]), lambda v: v == "\ufffd",
  "'\\ufffd'", r"not valid UTF-8 \(a cut-off character\) become '\ufffd'")
TB = "tokenizer.Tokenizer.token_bytes"
R(TB, "token_id='a'", lambda: TOK().token_bytes("a"), TypeError, r"token_id must be an integer")
R(TB, "token_id=300", lambda: TOK().token_bytes(300), ValueError, r"token_id = 300 is not a token id")
R(TB, "token_id=None", lambda: TOK().token_bytes(None), TypeError, r"token_id must be an integer")
R(TB, "token_id=[1, 2]", lambda: TOK().token_bytes([1, 2]), TypeError, r"token_id must be an integer")
R("tokenizer.Tokenizer.save", "path=5", lambda: TOK().save(5), TypeError,
  r"path must be a file path \(a str or pathlib\.Path\), got int")
R("tokenizer.Tokenizer.save", "path=None", lambda: TOK().save(None), TypeError, r"path must be a file path")
R("tokenizer.Tokenizer.save", "a missing folder", lambda: TOK().save(missing("t.json")), FileNotFoundError,
  r"cannot save to .*: the folder .* does not exist")
R("tokenizer.Tokenizer.save", "a folder", lambda: TOK().save(TMP), IsADirectoryError,
  r"cannot save to .*: it is a folder; give a file name")
TL = "tokenizer.Tokenizer.load"
R(TL, "path=5", lambda: Tokenizer.load(5), TypeError, r"path must be a file path \(a str or pathlib\.Path\), got int")
R(TL, "a missing file", lambda: Tokenizer.load(missing("t.json")), FileNotFoundError, r"no tokenizer file at ")
R(TL, "a folder", lambda: Tokenizer.load(TMP), IsADirectoryError, r"is a folder, not a tokenizer file")
R(TL, "an empty file", lambda: Tokenizer.load(tmpfile("empty.json", "")), ValueError, r"empty\.json is empty \(0 bytes\)")
R(TL, "not JSON", lambda: Tokenizer.load(tmpfile("junk.json", "merges: none")), ValueError,
  r"junk\.json is not a BPE Lab tokenizer file: it is not valid JSON")
R(TL, "truncated JSON", lambda: Tokenizer.load(tmpfile("cut.json", '{"format": "bpe_lab.tokenizer", "vers')), ValueError,
  r"cut\.json is not a BPE Lab tokenizer file: it is not valid JSON: it ends in the middle")
R(TL, "not UTF-8", lambda: Tokenizer.load(tmpfile("latin1.json", b'{"a": "\xe9"}')), ValueError, r"it is not UTF-8 text")
R(TL, "a JSON list", lambda: Tokenizer.load(tmpfile("list.json", "[]")), ValueError,
  r"list\.json is not a BPE Lab tokenizer file: it holds a JSON list")
R(TL, "version 99", lambda: Tokenizer.load(tokenizer_file("v99.json", version=99)), ValueError,
  r"v99\.json has format version 99; this bpe_lab reads version 1.*update bpe_lab")
R(TL, "merges='x'", lambda: Tokenizer.load(tokenizer_file("m1.json", merges="x")), ValueError,
  r"m1\.json: \"merges\" must be a list of \[left, right\] pairs")
R(TL, "merges=[['a']]", lambda: Tokenizer.load(tokenizer_file("m2.json", merges=[["a"]])), ValueError,
  r"m2\.json: merges\[0\] must be a pair of non-empty strings")
R(TL, "a merge using an unknown token", lambda: Tokenizer.load(tokenizer_file("m3.json", merges=[["ab", "c"]])), ValueError,
  r"m3\.json: merges\[0\] = \(b'ab', b'c'\) uses a token that no earlier merge made")
R(TL, "a merge with '\\u0000'", lambda: Tokenizer.load(tokenizer_file("m4.json", merges=[["\x00", "a"]])), ValueError,
  r"m4\.json: merges\[0\]: .*not one of GPT-2's 256 printable")
R(TL, "pattern=5", lambda: Tokenizer.load(tokenizer_file("p.json", pattern=5)), ValueError,
  r"p\.json: pattern must be a name such as \"gpt2\", a regex string or null")
R(TL, "special_tokens={'<x>': 'y'}", lambda: Tokenizer.load(tokenizer_file("s.json", special_tokens={"<x>": "y"})),
  ValueError, r"s\.json: the id of special token '<x>' must be a whole number")
R(TL, "token_ids=[1, 2]", lambda: Tokenizer.load(tokenizer_file("i.json", token_ids=[1, 2])), ValueError,
  r"i\.json: \"token_ids\" has 2 ids for 256 tokens")

# ==================================================================================================
# wordpiece (busy)
# ==================================================================================================

R("wordpiece.word_symbols", "word=5", lambda: wordpiece.word_symbols(5), TypeError, r"word must be a non-empty str, got 5")
R("wordpiece.word_symbols", "word=None", lambda: wordpiece.word_symbols(None), TypeError, r"word must be a non-empty str")
R("wordpiece.word_symbols", "word=''", lambda: wordpiece.word_symbols(""), ValueError, r"word must be a non-empty str, got ''")
for fn in ("train", "fast_train"):
    f = getattr(wordpiece, fn)
    W = f"wordpiece.{fn}"
    R(W, "corpus=5", lambda f=f: f(5, 20), TypeError, r"corpus must be a text or a mapping word -> count, got int")
    R(W, "corpus=['hug']", lambda f=f: f(["hug"], 20), TypeError, r"corpus must be a text or a mapping word -> count, got list")
    R(W, "corpus=<a TrainResult>", lambda f=f: f(TR(), 20), TypeError, r"corpus must be a text or a mapping.*got TrainResult")
    R(W, "corpus={}", lambda f=f: f({}, 20), ValueError, r"corpus is empty")
    R(W, "corpus=''", lambda f=f: f("", 20), ValueError, r"corpus is empty")
    R(W, "corpus={'hug': 0}", lambda f=f: f({"hug": 0}, 20), ValueError, r"corpus: the count of 'hug' must be a positive whole number")
    R(W, "corpus={'hug': '1'}", lambda f=f: f({"hug": "1"}, 20), (TypeError, ValueError),
      r"corpus: the count of 'hug' must be a positive whole number")
    R(W, "corpus={5: 1}", lambda f=f: f({5: 1}, 20), (TypeError, ValueError),
      r"corpus: each word must be a non-empty str without whitespace, got 5")
    R(W, "corpus={'hu g': 1}", lambda f=f: f({"hu g": 1}, 20), ValueError, r"corpus: each word must be a non-empty str without whitespace")
    R(W, "vocab_size='20'", lambda f=f: f(HUG, "20"), TypeError, r"vocab_size must be a whole number, got '20'")
    R(W, "vocab_size=True", lambda f=f: f(HUG, True), TypeError, r"vocab_size must be a whole number")
    R(W, "vocab_size=2", lambda f=f: f(HUG, 2), ValueError, r"vocab_size must be at least 12: the 5 special tokens and the 7 starting pieces")
    D(W, "vocab_size=10**12", lambda f=f: f(HUG, 10**12), lambda r: len(r.steps) == 9,
      "a result with the 9 merges there are", r"stops early when no pair is left")
    R(W, "special_tokens=5", lambda f=f: f(HUG, 20, special_tokens=5), TypeError,
      r"special_tokens must be a list of str, got int")
    R(W, "special_tokens='[UNK]'", lambda f=f: f(HUG, 20, special_tokens="[UNK]"), TypeError,
      r"special_tokens must be a list of str, not one str")
    R(W, "special_tokens=['[UNK]', '[UNK]']", lambda f=f: f(HUG, 20, special_tokens=["[UNK]", "[UNK]"]), ValueError,
      r"special_tokens\[1\] = '\[UNK\]' is listed twice")
    R(W, "special_tokens=[5]", lambda f=f: f(HUG, 20, special_tokens=[5]), TypeError,
      r"special_tokens\[0\] must be a str, got int")
    R(W, "corpus={<100 kB word>: 0}", lambda f=f: f({"x" * 100_000: 0}, 20), ValueError,
      r"corpus: the count of 'xxx.*' must be a positive whole number")
for method in ("vocab_after", "corpus_after"):
    M = f"wordpiece.WordPieceResult.{method}"
    for bad, value, err, why in [
        ("-1", -1, ValueError, "returns the result for 4 of the 5 merges (steps[:-1])"),
        ("10**12", 10**12, ValueError, "returns the result after all 5 merges"),
        ("'1'", "1", TypeError, "raises TypeError 'slice indices must be integers', naming no argument"),
        ("1.5", 1.5, TypeError, "raises TypeError 'slice indices must be integers', naming no argument"),
    ]:
        R(M, f"k={bad}", lambda m=method, v=value: getattr(WPR(), m)(v), err,
          r"k must be (between 0 and 5|a whole number)")
WT = "wordpiece.tokenize"
R(WT, "word=5", lambda: wordpiece.tokenize(5, WP_VOCAB), TypeError, r"word must be a str, got int")
R(WT, "word=''", lambda: wordpiece.tokenize("", WP_VOCAB), ValueError, r"tokenize takes one word without whitespace, got ''")
R(WT, "word='hug pug'", lambda: wordpiece.tokenize("hug pug", WP_VOCAB), ValueError,
  r"tokenize takes one word without whitespace.*bert_tokenize")
R(WT, "vocab=5", lambda: wordpiece.tokenize("hug", 5), TypeError, r"vocab must be a set, list or dict of pieces, got int")
R(WT, "vocab='hug'", lambda: wordpiece.tokenize("hug", "hug"), TypeError, r"vocab must be a set, list or dict of pieces, got str")
R(WT, "vocab=[]", lambda: wordpiece.tokenize("hug", []), ValueError, r"vocab is empty: pass the pieces")
R(WT, "vocab without '[UNK]'", lambda: wordpiece.tokenize("hug", ["hug"]), ValueError, r"vocab has no '\[UNK\]' piece")
R(WT, "vocab=<a TrainResult>", lambda: wordpiece.tokenize("hug", TR()), TypeError,
  r"vocab must be a set, list or dict of pieces, got TrainResult")
R(WT, "vocab=<a WordPieceResult>", lambda: wordpiece.tokenize("hug", WPR()), TypeError,
  r"vocab must be a set, list or dict of pieces, got WordPieceResult")
D(WT, "a word the vocabulary cannot cover", lambda: wordpiece.tokenize("xyz", WP_VOCAB), lambda v: v == ["[UNK]"],
  "['[UNK]']", r"A word that cannot be covered.*becomes \[\"\[UNK\]\"\]")
D(WT, "word of 10 MB", lambda: wordpiece.tokenize(BIG, WP_VOCAB), lambda v: v == ["[UNK]"], "['[UNK]']",
  r"longer than ``max_chars`` characters, becomes \[\"\[UNK\]\"\]")
for bad, value, err, why in [
    ("-1", -1, ValueError, "returns ['[UNK]'] for every word"),
    ("0", 0, ValueError, "returns ['[UNK]'] for every word"),
    ("'5'", "5", TypeError, "raises TypeError \"'>' not supported between instances of 'int' and 'str'\""),
    ("None", None, TypeError, "raises TypeError \"'>' not supported between instances of 'int' and 'NoneType'\""),
    ("2.5", 2.5, TypeError, "accepts a float"),
]:
    R(WT, f"max_chars={bad}", lambda v=value: wordpiece.tokenize("hug", WP_VOCAB, max_chars=v), err,
      r"max_chars must be a whole number of at least 1")
R(WT, "steps=5", lambda: wordpiece.tokenize("hug", WP_VOCAB, steps=5), TypeError, r"steps must be a list or None, got int")
LV = "bert.load_vocab"
R(LV, "path=5", lambda: bert.load_vocab(5), TypeError, r"path must be a file path \(a str or pathlib\.Path\), got int")
R(LV, "a missing file", lambda: bert.load_vocab(missing("vocab.txt")), FileNotFoundError, r"no vocabulary file at ")
R(LV, "a folder", lambda: bert.load_vocab(TMP), IsADirectoryError, r"is a folder, not a vocab\.txt")
R(LV, "an empty file", lambda: bert.load_vocab(tmpfile("empty.txt", "")), ValueError,
  r"empty\.txt is empty: a BERT vocab\.txt lists one piece per line")
R(LV, "a repeated piece", lambda: bert.load_vocab(tmpfile("dupes.txt", "[UNK]\na\na\n")), ValueError,
  r"dupes\.txt, line 3: a piece must be non-empty and listed once, got 'a'")
R(LV, "no '[UNK]'", lambda: bert.load_vocab(tmpfile("nounk.txt", "a\nb\n")), ValueError,
  r"nounk\.txt has no '\[UNK\]' piece")
R(LV, "not UTF-8", lambda: bert.load_vocab(tmpfile("latin1.txt", b"[UNK]\n\xe9\n")), ValueError,
  r"latin1\.txt is not a UTF-8 vocab\.txt")
R("bert.bert_normalize", "text=5", lambda: bert.bert_normalize(5), TypeError, r"text must be a str, got int")
R("bert.bert_normalize", "text=None", lambda: bert.bert_normalize(None), TypeError, r"text must be a str")
BP = "bert.bert_pre_tokenize"
R(BP, "text=5", lambda: bert.bert_pre_tokenize(5), TypeError, r"text must be a str, got int")
R(BP, "text=None", lambda: bert.bert_pre_tokenize(None), TypeError, r"text must be a str")
R(BP, "text=['a b']", lambda: bert.bert_pre_tokenize(["a b"]), TypeError, r"text must be a str, got list")
R("bert.bert_tokenize", "text=5", lambda: bert.bert_tokenize(5, WP_VOCAB), TypeError, r"text must be a str, got int")
R("bert.bert_tokenize", "vocab=5", lambda: bert.bert_tokenize("hug", 5), TypeError, r"vocab must be a set, list or dict")
R("bert.bert_tokenize", "vocab=[]", lambda: bert.bert_tokenize("hug", []), ValueError, r"vocab is empty")
D("bert.bert_tokenize", "text=''", lambda: bert.bert_tokenize("", WP_VOCAB), lambda v: v == [], "[]",
  r"empty text gives \[\]")
BT = "bert.BertTokenizer"
R(BT, "vocab_path=5", lambda: bert.BertTokenizer(5), TypeError, r"path must be a file path")
R(BT, "a missing file", lambda: bert.BertTokenizer(missing("vocab.txt")), FileNotFoundError, r"no vocabulary file at ")
R(BT, "a folder", lambda: bert.BertTokenizer(TMP), IsADirectoryError, r"is a folder, not a vocab\.txt")
for method in ("tokenize", "encode"):
    R(f"{BT}.{method}", "text=5", lambda m=method: getattr(BERT(), m)(5), TypeError, r"text must be a str, got int")
    R(f"{BT}.{method}", "text=None", lambda m=method: getattr(BERT(), m)(None), TypeError, r"text must be a str")
    R(f"{BT}.{method}", "text=b'hug'", lambda m=method: getattr(BERT(), m)(b"hug"), TypeError, r"text must be a str")
D(f"{BT}.encode", "text=''", lambda: BERT().encode(""), lambda v: v == [], "[]", r"empty text gives \[\]")
WV = "wordpiece.WordPieceVocabulary"
R(WV, "pieces=5", lambda: mod("wordpiece").WordPieceVocabulary(5), TypeError, r"pieces must be a list of str, got int")
R(WV, "pieces=['a', 'a']", lambda: mod("wordpiece").WordPieceVocabulary(["[UNK]", "a", "a"]), ValueError,
  r"pieces\[2\] = 'a' is listed twice")
R(WV, "special_tokens=5", lambda: mod("wordpiece").WordPieceVocabulary(["[UNK]"], 5), TypeError,
  r"special_tokens must be a list of pieces, got int")
SV = "wordpiece.save_vocabulary"
R(SV, "vocab=5", lambda: mod("wordpiece").save_vocabulary(5, TMP / "v.json"), TypeError,
  r"vocab must be a WordPieceResult, a list of pieces in id order or a dict piece -> id, got int")
R(SV, "vocab={'a', '[UNK]'} (a set)", lambda: mod("wordpiece").save_vocabulary({"a", "[UNK]"}, TMP / "v.json"), TypeError,
  r"a set has no order: pass a list")
R(SV, "vocab=['a'] (no [UNK])", lambda: mod("wordpiece").save_vocabulary(["a"], TMP / "v.json"), ValueError,
  r"the pieces have no '\[UNK\]'")
R(SV, "vocab=['[UNK]', '[UNK]']", lambda: mod("wordpiece").save_vocabulary(["[UNK]", "[UNK]"], TMP / "v.json"), ValueError,
  r"pieces\[1\] = '\[UNK\]' is listed twice")
R(SV, "vocab={'[UNK]': 5}", lambda: mod("wordpiece").save_vocabulary({"[UNK]": 5}, TMP / "v.json"), ValueError,
  r"vocab as a dict must map each piece to its id, the ids being 0, 1, \.\.\. n-1")
R(SV, "special_tokens='[UNK]'", lambda: mod("wordpiece").save_vocabulary(["[UNK]"], TMP / "v.json", special_tokens="[UNK]"),
  TypeError, r"special_tokens must be a list of pieces, got str")
R(SV, "special_tokens=['[CLS]'] (not a piece)",
  lambda: mod("wordpiece").save_vocabulary(["[UNK]"], TMP / "v.json", special_tokens=["[CLS]"]), ValueError,
  r"special_tokens\[0\] = '\[CLS\]' is not one of the pieces")
R(SV, "path=5", lambda: mod("wordpiece").save_vocabulary(["[UNK]"], 5), TypeError, r"path must be a file path")
R(SV, "a missing folder", lambda: mod("wordpiece").save_vocabulary(["[UNK]"], missing("v.json")), FileNotFoundError,
  r"the folder .* does not exist")
LVY = "wordpiece.load_vocabulary"
R(LVY, "path=5", lambda: mod("wordpiece").load_vocabulary(5), TypeError, r"path must be a file path")
R(LVY, "a missing file", lambda: mod("wordpiece").load_vocabulary(missing("v.json")), FileNotFoundError,
  r"no WordPiece vocabulary file at ")
R(LVY, "a tokenizer file", lambda: mod("wordpiece").load_vocabulary(tokenizer_file("tok.json")), ValueError,
  r"tok\.json is a BPE Lab tokenizer file, not a BPE Lab WordPiece vocabulary file: load it with "
  r"bpe_lab\.tokenizer\.Tokenizer\.load")
R(LVY, "not JSON", lambda: mod("wordpiece").load_vocabulary(tmpfile("junk.json", "pieces")), ValueError,
  r"junk\.json is not a BPE Lab WordPiece vocabulary file: it is not valid JSON")

# ==================================================================================================
# unigram (busy)
# ==================================================================================================

U = "unigram"
for fn in ("lattice", "viterbi_table", "viterbi"):
    f = getattr(unigram, fn)
    R(f"{U}.{fn}", "text=5", lambda f=f: f(5, LP), TypeError, r"text must be a str, got int")
    R(f"{U}.{fn}", "log_probs=5", lambda f=f: f("cat", 5), TypeError,
      r"log_probs must be a non-empty dict piece -> log-probability")
    R(f"{U}.{fn}", "log_probs=<a TrainResult>", lambda f=f: f("cat", TR()), TypeError, r"log_probs must be a non-empty dict")
    R(f"{U}.{fn}", "log_probs={}", lambda f=f: f("cat", {}), ValueError, r"log_probs must be a non-empty dict")
    R(f"{U}.{fn}", "log_probs={'c': 0.5}", lambda f=f: f("cat", {**LP, "c": 0.5}), ValueError,
      r"log_probs\['c'\] = 0\.5 is positive; a log-probability is at most 0")
    R(f"{U}.{fn}", "log_probs={'c': nan}", lambda f=f: f("cat", {**LP, "c": NAN}), ValueError,
      r"log_probs\['c'\] must be a number, got nan")
    R(f"{U}.{fn}", "log_probs={'c': '-1'}", lambda f=f: f("cat", {**LP, "c": "-1"}), (TypeError, ValueError),
      r"log_probs\['c'\] must be a number, got '-1'")
    R(f"{U}.{fn}", "log_probs={'': -1.0}", lambda f=f: f("cat", {**LP, "": -1.0}), (TypeError, ValueError),
      r"log_probs: pieces must be non-empty strings, got ''")
    R(f"{U}.{fn}", "a text the pieces cannot cover", lambda f=f: f("dog", LP), ValueError,
      r"the vocabulary cannot cover 'dog': no piece is the character 'd' at position 0; add it, or pass unk_score")
    for bad, value, err in [("'x'", "x", TypeError), ("nan", NAN, ValueError), ("1.0", 1.0, ValueError),
                            ("True", True, TypeError)]:
        R(f"{U}.{fn}", f"unk_score={bad}", lambda f=f, v=value: f("cab", LP, unk_score=v), err,
          r"unk_score must be a (finite )?number")
D(f"{U}.viterbi", "text=''", lambda: unigram.viterbi("", LP), lambda v: v == ([], 0.0), "([], 0.0)",
  r"empty text gives \(\[\], 0\.0\)")
WT = f"{U}.word_tokenizer"
R(WT, "log_probs=5", lambda: unigram.word_tokenizer(5), TypeError, r"log_probs must be a non-empty dict")
R(WT, "log_probs={}", lambda: unigram.word_tokenizer({}), ValueError, r"log_probs must be a non-empty dict")
R(WT, "log_probs={'a': 0.5}", lambda: unigram.word_tokenizer({"a": 0.5}), ValueError, r"log_probs\['a'\] = 0.5 is positive")
R(WT, "unk_score=1.0", lambda: unigram.word_tokenizer(LP, unk_score=1.0), ValueError, r"unk_score must be a finite number at most 0")
R(WT, "unk_score='low'", lambda: unigram.word_tokenizer(LP, unk_score="low"), TypeError, r"unk_score must be a finite number")
R(WT, "space=5", lambda: unigram.word_tokenizer(LP, space=5), TypeError, r"space must be a str")
R(WT, "its function given text=5", lambda: unigram.word_tokenizer(LP)(5), TypeError, r"text must be a str, got int")
R(WT, "its function given a word the pieces cannot cover", lambda: unigram.word_tokenizer(LP)("dog"), ValueError,
  r"the vocabulary cannot cover .*'▁dog'.*add it, or pass unk_score")
D(WT, "its function given text=''", lambda: unigram.word_tokenizer(LP)(""), lambda v: v == [], "[]",
  r"An empty text gives ``\[\]``")
UV = f"{U}.Vocabulary"
R(UV, "log_probs=5", lambda: unigram.Vocabulary(5), TypeError, r"log_probs must be a non-empty dict piece -> log-probability")
R(UV, "log_probs={}", lambda: unigram.Vocabulary({}), ValueError, r"log_probs must be a non-empty dict")
R(UV, "log_probs={'c': 0.5}", lambda: unigram.Vocabulary({**LP, "c": 0.5}), ValueError,
  r"log_probs\['c'\] = 0\.5 is positive; a log-probability is at most 0")
R(UV, "log_probs={'': -1.0}", lambda: unigram.Vocabulary({**LP, "": -1.0}), ValueError,
  r"log_probs: pieces must be non-empty strings, got ''")
SW = f"{U}.segment_words"
R(SW, "words=5", lambda: unigram.segment_words(5, LP), TypeError, r"words must be a list of words, got int")
R(SW, "words='cat'", lambda: unigram.segment_words("cat", LP), TypeError, r"words must be a list of words, not one str")
R(SW, "words=[5]", lambda: unigram.segment_words([5], LP), TypeError, r"words\[0\] must be a str, got int")
R(SW, "log_probs={}", lambda: unigram.segment_words(["cat"], {}), ValueError, r"log_probs must be a non-empty dict")
R(SW, "a word the pieces cannot cover", lambda: unigram.segment_words(["cat", "dog"], LP), ValueError,
  r"the vocabulary cannot cover 'dog'")
NB = f"{U}.nbest"
R(NB, "n=0", lambda: unigram.nbest("cat", LP, 0), ValueError, r"n must be a whole number of at least 1, got 0")
R(NB, "n=-1", lambda: unigram.nbest("cat", LP, -1), ValueError, r"n must be a whole number of at least 1")
for bad, value in [("2.5", 2.5), ("'2'", "2"), ("True", True), ("None", None)]:
    R(NB, f"n={bad}", lambda v=value: unigram.nbest("cat", LP, v), TypeError, r"n must be a whole number of at least 1")
D(NB, "n=10**12", lambda: unigram.nbest("cat", LP, 10**12), lambda v: len(v) == 4, "all 4 segmentations",
  r"fewer if the text has fewer")
R(NB, "text=5", lambda: unigram.nbest(5, LP, 2), TypeError, r"text must be a str, got int")
R(NB, "a text the pieces cannot cover", lambda: unigram.nbest("dog", LP, 2), ValueError, r"the vocabulary cannot cover 'dog'")
SA = f"{U}.sample"
R(SA, "alpha=0", lambda: unigram.sample("cat", LP, 0), ValueError, r"alpha must be a number greater than 0, got 0")
R(SA, "alpha=-1", lambda: unigram.sample("cat", LP, -1), ValueError, r"alpha must be a number greater than 0")
R(SA, "alpha=nan", lambda: unigram.sample("cat", LP, NAN), ValueError, r"alpha must be a number greater than 0")
R(SA, "alpha='1'", lambda: unigram.sample("cat", LP, "1"), TypeError, r"alpha must be a number greater than 0")
R(SA, "alpha=inf", lambda: unigram.sample("cat", LP, INF), ValueError, r"alpha must be a finite number greater than 0")
R(SA, "seed=[1]", lambda: unigram.sample("cat", LP, 1.0, seed=[1]), TypeError, r"seed must be an int or None")
R(SA, "text=5", lambda: unigram.sample(5, LP), TypeError, r"text must be a str, got int")
R(SA, "a text the pieces cannot cover", lambda: unigram.sample("dog", LP), ValueError, r"the vocabulary cannot cover 'dog'")
CS = f"{U}.count_segmentations"
R(CS, "text=5", lambda: unigram.count_segmentations(5, {"a"}), TypeError, r"text must be a str, got int")
R(CS, "pieces=5", lambda: unigram.count_segmentations("abc", 5), TypeError, r"pieces must be a set, list or dict of strings")
R(CS, "pieces='abc'", lambda: unigram.count_segmentations("abc", "abc"), TypeError, r"pieces must be a set, list or dict of strings")
R(CS, "pieces=None", lambda: unigram.count_segmentations("abc", None), TypeError, r"pieces must be a set, list or dict of strings")
R(CS, "pieces=[['a']]", lambda: unigram.count_segmentations("abc", [["a"]]), TypeError,
  r"pieces must be a set, list or dict of strings, got a list among them")
SP = f"{U}.SentencePieceModel"
SPM_ARGS = ("nmt_nfkc", True, True, True)
R(SP, "pieces=[]", lambda: unigram.SentencePieceModel([], *SPM_ARGS), ValueError, r"pieces must be a non-empty list")
R(SP, "pieces=5", lambda: unigram.SentencePieceModel(5, *SPM_ARGS), TypeError, r"pieces must be a list of \(piece, score, type\)")
R(SP, "pieces=[('a',)]", lambda: unigram.SentencePieceModel([("a",)], *SPM_ARGS), ValueError,
  r"pieces\[0\] must be \(piece, score, type\)")
R(SP, "only control pieces", lambda: unigram.SentencePieceModel([("<s>", 0.0, 3)], *SPM_ARGS), ValueError,
  r"pieces hold no normal pieces to segment with")
R(SP, "normalizer='bogus'", lambda: unigram.SentencePieceModel([("a", -1.0, 1)], "bogus", True, True, True), ValueError,
  r"normali[sz]er 'bogus' is not supported \(nfkc and identity are\)")
for method in ("normalize", "encode", "encode_ids"):
    R(f"{SP}.{method}", "text=5", lambda m=method: getattr(SPM(), m)(5), TypeError, r"text must be a str, got int")
    R(f"{SP}.{method}", "text=None", lambda m=method: getattr(SPM(), m)(None), TypeError, r"text must be a str")
D(f"{SP}.encode", "text=''", lambda: SPM().encode(""), lambda v: v == [], "[]", r"empty text gives \[\]")
RS = f"{U}.read_sentencepiece_model"
R(RS, "path=5", lambda: unigram.read_sentencepiece_model(5), TypeError, r"path must be a file path")
R(RS, "a missing file", lambda: unigram.read_sentencepiece_model(missing("m.model")), FileNotFoundError,
  r"no SentencePiece model at ")
R(RS, "a folder", lambda: unigram.read_sentencepiece_model(TMP), IsADirectoryError, r"is a folder, not a SentencePiece model")
R(RS, "an empty file", lambda: unigram.read_sentencepiece_model(tmpfile("empty.model", b"")), ValueError,
  r"empty\.model is not a SentencePiece model: it holds no pieces")
R(RS, "a text file", lambda: unigram.read_sentencepiece_model(tmpfile("text.model", "hello world\n")), ValueError,
  r"text\.model is not a (readable )?SentencePiece model")
R(RS, "random bytes", lambda: unigram.read_sentencepiece_model(tmpfile("junk.model", bytes(range(256)) * 4)), ValueError,
  r"junk\.model is not a (readable )?SentencePiece model")
UT = f"{U}.train"
R(UT, "corpus=5", lambda: unigram.train(5, 10), TypeError, r"corpus must be a text or a dict word -> count, got int")
R(UT, "corpus=['ab']", lambda: unigram.train(["ab"], 10), TypeError, r"corpus must be a text or a dict word -> count, got list")
R(UT, "corpus=''", lambda: unigram.train("", 10), ValueError, r"corpus is empty")
R(UT, "corpus={}", lambda: unigram.train({}, 10), ValueError, r"corpus is empty")
R(UT, "vocab_size='10'", lambda: unigram.train("ab ba", "10"), TypeError, r"vocab_size must be a whole number, got '10'")
R(UT, "vocab_size=True", lambda: unigram.train("ab ba", True), TypeError, r"vocab_size must be a whole number")
R(UT, "vocab_size=1", lambda: unigram.train("ab ba", 1), ValueError, r"vocab_size must be at least 3, the number of distinct characters")
D(UT, "vocab_size=10**12", lambda: unigram.train("ab ba", 10**12), lambda r: len(r.log_probs) < 20,
  "a model with the few pieces there are", r"(fewer|stops early)")
for bad, value, err in [
    ("{'ab': '2'}", {"ab": "2"}, (TypeError, ValueError)),
    ("{'ab': 0}", {"ab": 0}, ValueError),
    ("{'ab': -1}", {"ab": -1}, ValueError),
    ("{5: 1}", {5: 1}, (TypeError, ValueError)),
    ("{'': 1}", {"": 1}, ValueError),
]:
    R(UT, f"corpus={bad}", lambda v=value: unigram.train(v, 10), err, r"corpus: (the count of|each word)")
R(UT, "shrink=1", lambda: unigram.train("ab ba", 10, shrink=1), ValueError, r"shrink must be between 0 and 1")
R(UT, "shrink=nan", lambda: unigram.train("ab ba", 10, shrink=NAN), ValueError, r"shrink must be between 0 and 1")
for bad, kwargs, err, pattern in [
    ("shrink='x'", {"shrink": "x"}, TypeError, r"shrink must be a number between 0 and 1"),
    ("em_iterations=0", {"em_iterations": 0}, ValueError, r"em_iterations must be a whole number of at least 1"),
    ("em_iterations='2'", {"em_iterations": "2"}, TypeError, r"em_iterations must be a whole number"),
    ("seed_factor='x'", {"seed_factor": "x"}, TypeError, r"seed_factor must be a whole number"),
    ("max_piece_chars='x'", {"max_piece_chars": "x"}, TypeError, r"max_piece_chars must be a whole number"),
    ("space=5", {"space": 5}, TypeError, r"space must be a str"),
    ("checkpoints=5", {"checkpoints": 5}, TypeError, r"checkpoints must be a list of vocabulary sizes"),
    ("checkpoints=['x']", {"checkpoints": ["x"]}, TypeError, r"checkpoints\[0\] must be a whole number"),
]:
    R(UT, bad, lambda kw=kwargs: unigram.train("ab ba", 10, **kw), err, pattern)
SM = f"{U}.save_model"
R(SM, "model=5", lambda: mod("unigram").save_model(5, TMP / "u.json"), TypeError,
  r"model must be a UnigramResult or a dict piece -> log-probability, got int")
R(SM, "model={}", lambda: mod("unigram").save_model({}, TMP / "u.json"), ValueError, r"the model has no pieces")
R(SM, "model={'a': 0.5}", lambda: mod("unigram").save_model({"a": 0.5}, TMP / "u.json"), ValueError,
  r"the log-probability of 'a' is 0\.5, positive")
R(SM, "model={'a': nan}", lambda: mod("unigram").save_model({"a": NAN}, TMP / "u.json"), ValueError,
  r"the log-probability of 'a' must be a finite number, got nan")
R(SM, "path=5", lambda: mod("unigram").save_model(LP, 5), TypeError, r"path must be a file path")
R(SM, "a missing folder", lambda: mod("unigram").save_model(LP, missing("u.json")), FileNotFoundError,
  r"the folder .* does not exist")
LM = f"{U}.load_model"
R(LM, "path=5", lambda: mod("unigram").load_model(5), TypeError, r"path must be a file path")
R(LM, "a missing file", lambda: mod("unigram").load_model(missing("u.json")), FileNotFoundError, r"no Unigram model file at ")
R(LM, "a tokenizer file", lambda: mod("unigram").load_model(tokenizer_file("tok2.json")), ValueError,
  r"tok2\.json is a BPE Lab tokenizer file, not a BPE Lab Unigram model file")

# ==================================================================================================
# widgets (busy)
# ==================================================================================================

WG = "widgets"
for fn in ("corpus_view", "histogram_view"):
    f = getattr(widgets, fn)
    R(f"{WG}.{fn}", "result={'hug': 1}", lambda f=f: f({"hug": 1}, 0), TypeError, r"pass the result of bpe\.train\(\.\.\.\), got dict")
    R(f"{WG}.{fn}", "result=<a FastTrainResult>", lambda f=f: f(FTR(), 0), TypeError,
      r"pass the result of bpe\.train\(\.\.\.\), got FastTrainResult")
    R(f"{WG}.{fn}", "result=<a WordPieceResult>", lambda f=f: f(WPR(), 0), TypeError,
      r"pass the result of bpe\.train\(\.\.\.\), got WordPieceResult")
    R(f"{WG}.{fn}", "k=4", lambda f=f: f(TR(), 4), ValueError, r"k must be between 0 and 3")
    R(f"{WG}.{fn}", "k=-1", lambda f=f: f(TR(), -1), ValueError, r"k must be between 0 and 3")
    R(f"{WG}.{fn}", "k=1.5", lambda f=f: f(TR(), 1.5), TypeError, r"k must be a whole number")
    R(f"{WG}.{fn}", "limit=0", lambda f=f: f(TR(), 0, limit=0), ValueError, r"limit must be a whole number of at least 1, got 0")
    for bad, value in [("'3'", "3"), ("True", True), ("1.5", 1.5)]:
        R(f"{WG}.{fn}", f"limit={bad}", lambda f=f, v=value: f(TR(), 0, limit=v), TypeError,
          r"limit must be a whole number of at least 1")
R(f"{WG}.corpus_views", "result=5", lambda: widgets.corpus_views(5), TypeError, r"pass the result of bpe\.train")
R(f"{WG}.corpus_views", "limit=0", lambda: widgets.corpus_views(TR(), 0), ValueError, r"limit must be a whole number of at least 1")
R(f"{WG}.corpus_views", "limit=None", lambda: widgets.corpus_views(TR(), None), TypeError, r"limit must be a whole number")
WW = f"{WG}.word_view"
R(WW, "text=['hug']", lambda: widgets.word_view(TR(), 1, ["hug"]), TypeError, r"text must be a str such as 'hugs', got list")
R(WW, "text=None", lambda: widgets.word_view(TR(), 1, None), TypeError, r"text must be a str")
R(WW, "k=9", lambda: widgets.word_view(TR(), 9, "hug"), ValueError, r"k must be between 0 and 3")
R(WW, "end_of_word=5", lambda: widgets.word_view(TR(), 1, "hug", end_of_word=5), TypeError,
  r"end_of_word must be a non-empty str such as '</w>' or None")
R(WW, "end_of_word=''", lambda: widgets.word_view(TR(), 1, "hug", end_of_word=""), ValueError,
  r"end_of_word must be a non-empty str")
R(WW, "result=<a FastTrainResult>", lambda: widgets.word_view(FTR(), 1, "hug"), TypeError, r"pass the result of bpe\.train")
D(WW, "text=''", lambda: widgets.word_view(TR(), 1, ""), lambda v: v == [], "[]", r"empty text gives \[\]")
R(f"{WG}.compression_view", "result=5", lambda: widgets.compression_view(5), TypeError, r"pass the result of bpe\.train")
R(f"{WG}.compression_view", "result=<a FastTrainResult>", lambda: widgets.compression_view(FTR()), TypeError,
  r"pass the result of bpe\.train")
R(f"{WG}.compression_view", "end_of_word=5", lambda: widgets.compression_view(TR(), end_of_word=5), TypeError,
  r"end_of_word must be a non-empty str such as '</w>' or None")
ME = f"{WG}.MergeExplorer"
R(ME, "result=5", lambda: widgets.MergeExplorer(5), TypeError, r"pass the result of bpe\.train")
R(ME, "word=5", lambda: widgets.MergeExplorer(TR(), word=5), TypeError, r"word must be a str such as 'hugs', got int")
R(ME, "top_words=0", lambda: widgets.MergeExplorer(TR(), top_words=0), ValueError, r"top_words must be a whole number of at least 1")
R(ME, "title=5", lambda: widgets.MergeExplorer(TR(), title=5), TypeError, r"title must be a str")
R(ME, "end_of_word=5", lambda: widgets.MergeExplorer(TR(), end_of_word=5), TypeError, r"end_of_word must be a non-empty str")
R(f"{ME}.show", "k=99", lambda: EXPLORER().show(99), ValueError, r"k must be between 0 and 3")
R(f"{ME}.show", "k='1'", lambda: EXPLORER().show("1"), TypeError, r"k must be a whole number")
R(f"{ME}.show", "k=-1", lambda: EXPLORER().show(-1), ValueError, r"k must be between 0 and 3")
MX = f"{WG}.merge_explorer"
R(MX, "num_merges left out", lambda: widgets.merge_explorer(HUG), ValueError, r"pass num_merges, the number of merges to learn")
R(MX, "num_merges with a result", lambda: widgets.merge_explorer(TR(), 3), ValueError,
  r"num_merges is already fixed by the training result; leave it out")
R(MX, "num_merges='3'", lambda: widgets.merge_explorer(HUG, "3"), TypeError, r"num_merges must be a whole number")
R(MX, "word=5", lambda: widgets.merge_explorer(HUG, 2, word=5), TypeError, r"word must be a str such as 'hugs'")
R(MX, "top_words=0", lambda: widgets.merge_explorer(HUG, 2, top_words=0), ValueError, r"top_words must be a whole number of at least 1")
R(MX, "top_pairs='3'", lambda: widgets.merge_explorer(HUG, 2, top_pairs="3"), TypeError, r"top_pairs must be a whole number")
R(MX, "end_of_word=5", lambda: widgets.merge_explorer(HUG, 2, end_of_word=5), TypeError, r"end_of_word must be a non-empty str")
R(MX, "corpus_or_result=<a FastTrainResult>", lambda: widgets.merge_explorer(FTR()), TypeError,
  r"pass a corpus and num_merges, or the result of bpe\.train\(\.\.\.\), got FastTrainResult")
IT = f"{WG}.inspect_tokens"
R(IT, "tokenizer=5", lambda: widgets.inspect_tokens(5, "x"), TypeError, r"tokenizer must be a bpe_lab Tokenizer, got int")
R(IT, "tokenizer=<a FastTrainResult>", lambda: widgets.inspect_tokens(FTR(), "x"), TypeError, r"tokenizer must be a bpe_lab Tokenizer")
R(IT, "tokenizer=<a BertTokenizer>", lambda: widgets.inspect_tokens(BERT(), "x"), TypeError,
  r"tokenizer must be a bpe_lab Tokenizer, got BertTokenizer")
R(IT, "text=5", lambda: widgets.inspect_tokens(TOK(), 5), TypeError, r"text must be a str, got int")
R(IT, "text='a\\ud800' (lone surrogate)", lambda: widgets.inspect_tokens(TOK(), "a\ud800"), ValueError,
  r"text contains a lone surrogate U\+D800 at index 1")
D(IT, "text=''", lambda: widgets.inspect_tokens(TOK(), ""), lambda v: v["count"] == 0 and v["bytes_per_token"] == 0.0,
  "count 0, bytes_per_token 0.0", r"empty text")
TI = f"{WG}.TokenInspector"
for target, make in [(TI, widgets.TokenInspector), (f"{WG}.token_inspector", widgets.token_inspector)]:
    R(target, "tokenizers=5", lambda make=make: make(5), TypeError, r"tokenizers must be a (non-empty )?dict")
    R(target, "tokenizers={}", lambda make=make: make({}), ValueError, r"tokenizers must be a non-empty dict")
    R(target, "text=5", lambda make=make: make({"bytes": TOK()}, 5), TypeError, r"text must be a str, got int")
    R(target, "tokenizers={'x': 5}", lambda make=make: make({"x": 5}), TypeError,
      r"tokenizers\['x'\] must be a bpe_lab Tokenizer or a function returning one, got int")
R(f"{TI}.tokenizer", "name='nope'", lambda: INSPECTOR().tokenizer("nope"), ValueError, r"name must be one of \['bytes'\]")
R(f"{TI}.tokenizer", "name=5", lambda: INSPECTOR().tokenizer(5), (TypeError, ValueError), r"name must be one of \['bytes'\]")
WC = f"{WG}.wordpiece_corpus_views"
R(WC, "result=5", lambda: widgets.wordpiece_corpus_views(5), TypeError, r"pass the result of wordpiece\.train\(\.\.\.\), got int")
R(WC, "result=<a TrainResult>", lambda: widgets.wordpiece_corpus_views(TR()), TypeError,
  r"pass the result of wordpiece\.train\(\.\.\.\), got TrainResult")
R(WC, "limit=0", lambda: widgets.wordpiece_corpus_views(WPR(), 0), ValueError, r"limit must be a whole number of at least 1")
WH = f"{WG}.wordpiece_histogram_view"
R(WH, "result=5", lambda: widgets.wordpiece_histogram_view(5, 0), TypeError, r"pass the result of wordpiece\.train")
R(WH, "result=<a TrainResult>", lambda: widgets.wordpiece_histogram_view(TR(), 0), TypeError, r"pass the result of wordpiece\.train")
R(WH, "k=-1", lambda: widgets.wordpiece_histogram_view(WPR(), -1), ValueError, r"k must be between 0 and 5, got -1")
R(WH, "k=99", lambda: widgets.wordpiece_histogram_view(WPR(), 99), ValueError, r"k must be between 0 and 5")
for bad, value, why in [("'1'", "1", "raises TypeError \"'<=' not supported between instances of 'int' and 'str'\""),
                        ("1.5", 1.5, "raises TypeError 'list indices must be integers or slices, not float'"),
                        ("True", True, "accepts a bool (as step 1)")]:
    R(WH, f"k={bad}", lambda v=value: widgets.wordpiece_histogram_view(WPR(), v), TypeError, r"k must be a whole number")
for bad, value, err, why in [("0", 0, ValueError, "returns []"), ("-1", -1, ValueError, "returns all bars but the last"),
                             ("'x'", "x", TypeError, "raises TypeError 'slice indices must be integers ...'")]:
    R(WH, f"limit={bad}", lambda v=value: widgets.wordpiece_histogram_view(WPR(), 0, v), err,
      r"limit must be a whole number of at least 1")
WE = f"{WG}.WordPieceExplorer"
R(WE, "result=5", lambda: widgets.WordPieceExplorer(5), TypeError, r"pass the result of wordpiece\.train")
R(WE, "result=<a TrainResult>", lambda: widgets.WordPieceExplorer(TR()), TypeError, r"pass the result of wordpiece\.train")
R(WE, "word=5", lambda: widgets.WordPieceExplorer(WPR(), word=5), TypeError, r"word must be a str, got int")
for bad, value, err, why in [("999", 999, ValueError, "shows the last step (the slider clamps the value)"),
                             ("-1", -1, ValueError, "shows step 0 (the slider clamps the value)"),
                             ("'1'", "1", TypeError, "is accepted (the slider turns '1' into 1)")]:
    R(f"{WE}.show", f"k={bad}", lambda v=value: WP_EXPLORER().show(v), err, r"k must be (between 0 and 5|a whole number)")
R(f"{WG}.wordpiece_explorer", "result=5", lambda: widgets.wordpiece_explorer(5), TypeError, r"pass the result of wordpiece\.train")
R(f"{WG}.wordpiece_explorer", "result=<a TrainResult>", lambda: widgets.wordpiece_explorer(TR()), TypeError,
  r"pass the result of wordpiece\.train")
R(f"{WG}.wordpiece_explorer", "word=5", lambda: widgets.wordpiece_explorer(WPR(), 5), TypeError, r"word must be a str, got int")
VV = f"{WG}.viterbi_view"
R(VV, "table=5", lambda: widgets.viterbi_view(5, 0), TypeError, r"table must be a ViterbiTable \(from unigram\.viterbi_table\)")
R(VV, "k=99", lambda: widgets.viterbi_view(TABLE(), 99), ValueError, r"k must be a position from 0 to 3, got 99")
R(VV, "k=-1", lambda: widgets.viterbi_view(TABLE(), -1), ValueError, r"k must be a position from 0 to 3")
for bad, value in [("'1'", "1"), ("True", True), ("1.5", 1.5)]:
    R(VV, f"k={bad}", lambda v=value: widgets.viterbi_view(TABLE(), v), TypeError, r"k must be a (whole number|position)")
VS = f"{WG}.viterbi_stepper"
R(VS, "text=5", lambda: widgets.viterbi_stepper(5, LP), TypeError, r"text must be a str, got int")
R(VS, "log_probs=5", lambda: widgets.viterbi_stepper("cat", 5), TypeError, r"log_probs must be a non-empty dict")
R(VS, "a text the pieces cannot cover", lambda: widgets.viterbi_stepper("dog", LP), ValueError, r"the vocabulary cannot cover 'dog'")
R(VS, "log_probs={}", lambda: widgets.viterbi_stepper("cat", {}), ValueError, r"log_probs must be a non-empty dict")
FS = f"{WG}.frames_slider"
R(FS, "frames=5", lambda: widgets.frames_slider(5, "x"), TypeError, r"frames must be a non-empty list of HTML strings")
R(FS, "frames=[]", lambda: widgets.frames_slider([], "x"), ValueError, r"frames must be a non-empty list of HTML strings")
R(FS, "frames='<p>'", lambda: widgets.frames_slider("<p>", "x"), (TypeError, ValueError), r"frames must be a non-empty list of HTML strings")
R(FS, "frames=[5]", lambda: widgets.frames_slider([5], "x"), (TypeError, ValueError), r"frames must be a non-empty list of HTML strings")
R(FS, "description=5", lambda: widgets.frames_slider(["a"], 5), TypeError, r"description must be a str naming what the slider moves")
R(FS, "labels=5", lambda: widgets.frames_slider(["a"], "x", labels=5), TypeError, r"labels must be a list of one label per frame")
R(FS, "2 labels for 1 frame", lambda: widgets.frames_slider(["a"], "x", labels=["a", "b"]), ValueError,
  r"labels must have one entry per frame: 1 frames, 2 labels")
R(FS, "repeated labels", lambda: widgets.frames_slider(["a", "b"], "x", labels=["a", "a"]), ValueError, r"labels must be distinct")
MS = f"{WG}.merge_step_frames"
R(MS, "result=5", lambda: widgets.merge_step_frames(5), TypeError, r"pass the result of bpe\.train")
R(MS, "word=5", lambda: widgets.merge_step_frames(TR(), 5), TypeError, r"word must be a str such as 'hugs'")
R(MS, "top_words=0", lambda: widgets.merge_step_frames(TR(), top_words=0), ValueError, r"top_words must be a whole number of at least 1")
R(MS, "end_of_word=5, word='hug'", lambda: widgets.merge_step_frames(TR(), "hug", end_of_word=5), TypeError,
  r"end_of_word must be a non-empty str")
R(MS, "end_of_word=5, no word", lambda: widgets.merge_step_frames(TR(), end_of_word=5), TypeError,
  r"end_of_word must be a non-empty str")
R(MS, "top_pairs='x'", lambda: widgets.merge_step_frames(TR(), top_pairs="x"), TypeError, r"top_pairs must be a whole number")
MST = f"{WG}.merge_steps"
R(MST, "num_merges left out", lambda: widgets.merge_steps(HUG), ValueError, r"pass num_merges, the number of merges to learn")
R(MST, "num_merges with a result", lambda: widgets.merge_steps(TR(), 3), ValueError, r"num_merges is already fixed")
R(MST, "num_merges=-1", lambda: widgets.merge_steps(HUG, -1), ValueError, r"num_merges must be 0 or more")
R(MST, "corpus_or_result=<a FastTrainResult>", lambda: widgets.merge_steps(FTR()), TypeError,
  r"pass a corpus and num_merges, or the result of bpe\.train\(\.\.\.\), got FastTrainResult")

# ==================================================================================================
# storage (busy: new)
# ==================================================================================================

ST = "storage"
R(f"{ST}.write_text_atomic", "path=5", lambda: mod("storage").write_text_atomic(5, "x"), TypeError,
  r"path must be a file path \(a str or pathlib\.Path\), got int")
R(f"{ST}.write_text_atomic", "path=b'x'", lambda: mod("storage").write_text_atomic(b"x", "x"), TypeError, r"path must be a file path")
R(f"{ST}.write_text_atomic", "text=5", lambda: mod("storage").write_text_atomic(TMP / "w.txt", 5), TypeError,
  r"text must be a str, got int")
R(f"{ST}.write_text_atomic", "text with a lone surrogate", lambda: mod("storage").write_text_atomic(TMP / "w.txt", "a\ud800"),
  ValueError, r"text (holds|contains) a lone surrogate")
R(f"{ST}.write_text_atomic", "a missing folder", lambda: mod("storage").write_text_atomic(missing("w.txt"), "x"),
  FileNotFoundError, r"cannot save to .*: the folder .* does not exist")
R(f"{ST}.write_text_atomic", "a folder", lambda: mod("storage").write_text_atomic(TMP, "x"), IsADirectoryError,
  r"cannot save to .*: it is a folder; give a file name")
R(f"{ST}.dumps", "document=5", lambda: mod("storage").dumps(5), TypeError, r"document must be a dict, got int")
R(f"{ST}.dumps", "document={'a': nan}", lambda: mod("storage").dumps({"a": NAN}), ValueError, r"NaN|nan")
R(f"{ST}.checksum", "document=5", lambda: mod("storage").checksum(5), TypeError, r"document must be a dict, got int")
R(f"{ST}.save", "kind='nope'", lambda: mod("storage").save(TMP / "s.json", "nope", {}), ValueError,
  r"kind must be one of \['tokenizer', 'unigram', 'wordpiece'\], got 'nope'")
R(f"{ST}.save", "payload with an unknown field", lambda: mod("storage").save(TMP / "s.json", "unigram", {"x": 1}), ValueError,
  r"payload")
R(f"{ST}.save", "payload=5", lambda: mod("storage").save(TMP / "s.json", "unigram", 5), TypeError, r"payload must be a dict")
R(f"{ST}.load", "kind='nope'", lambda: mod("storage").load(TMP / "s.json", "nope", dict), ValueError,
  r"kind must be one of \['tokenizer', 'unigram', 'wordpiece'\], got 'nope'")
R(f"{ST}.load", "path=5", lambda: mod("storage").load(5, "unigram", dict), TypeError, r"path must be a file path")
R(f"{ST}.load", "build=5", lambda: mod("storage").load(tmpfile("u1.json", '{"format": "bpe_lab.unigram", "version": 1, '
                                                        '"pieces": []}'), "unigram", 5), TypeError,
  r"build must be a function \(payload, version\) -> object")

# ==================================================================================================
# Result records, built by bpe_lab and returned, not built by callers: their constructors are not audited
# (their methods are).
# ==================================================================================================

RECORDS = {
    "bpe.TrainResult": "returned by bpe.train",
    "bpe.MergeStep": "one step of bpe.train's trace",
    "bpe.EncodeStep": "one step of bpe.encode_trace",
    "fast_bpe.FastTrainResult": "returned by fast_bpe.train",
    "wordpiece.WordPieceResult": "returned by wordpiece.train",
    "wordpiece.WordPieceStep": "one step of wordpiece.train's trace",
    "unigram.Arc": "an arc of unigram.lattice",
    "unigram.ViterbiTable": "returned by unigram.viterbi_table",
    "unigram.UnigramResult": "returned by unigram.train",
    "unigram.TrainingRound": "one round of unigram.train",
    "exercises.Feedback": "returned by Question.check",
    "storage.Kind": "storage's table of file kinds",
}


# --------------------------------------------------------------------------------------------------
# Running a case
# --------------------------------------------------------------------------------------------------

FORBIDDEN = (KeyError, IndexError, AssertionError, AttributeError, ZeroDivisionError, RecursionError, OverflowError,
             NameError, UnicodeError, json.JSONDecodeError, StopIteration)
try:
    from traitlets import TraitError

    FORBIDDEN += (TraitError,)
except ImportError:  # pragma: no cover
    pass


class _Hang(BaseException):
    """Raised by the alarm in a call that takes longer than HANG seconds (a BaseException: no except catches it)."""


@dataclass
class Observation:
    value: Any = None
    error: BaseException | None = None
    seconds: float = 0.0
    stderr: str = ""


def observe(case: Case) -> Observation:
    def stop(signum, frame):
        raise _Hang()

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, HANG)
    stdout, stderr = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            value = case.call()
        return Observation(value=value, seconds=time.perf_counter() - started, stderr=stderr.getvalue())
    except (Exception, SystemExit, _Hang) as exc:
        return Observation(error=exc, seconds=time.perf_counter() - started, stderr=stderr.getvalue())
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def innermost_frame(exc: BaseException):
    tb = exc.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_filename, tb.tb_lineno


def resolve(target: str):
    obj = mod(target.split(".")[0])
    for part in target.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def docstring(target: str) -> str:
    obj = resolve(target)
    parts = [inspect.getdoc(obj) or ""]
    if inspect.isclass(obj):
        parts.append(inspect.getdoc(obj.__init__) or "")
    return " ".join(" ".join(parts).split())


def judge(case: Case, seen: Observation) -> list[str]:
    """What is wrong with the outcome (empty: as expected)."""
    expect, exc = case.expect, seen.error
    if isinstance(exc, _Hang):
        return [f"no answer within {HANG:g} s"]
    problems = []
    if seen.seconds > LIMIT:
        problems.append(f"took {seen.seconds:.1f} s (limit {LIMIT:g} s)")
    if isinstance(expect, Raises):
        if exc is None:
            return problems + [f"returned {short(seen.value)} instead of raising {names(expect.types)}"]
        kind = type(exc).__name__
        if isinstance(exc, FORBIDDEN):
            problems.append(f"raised {kind}, which a caller should never see")
        elif not isinstance(exc, expect.types):
            problems.append(f"raised {kind}, expected {names(expect.types)}")
        filename, line = innermost_frame(exc)
        if not filename.startswith(str(PACKAGE)):
            problems.append(f"raised inside {short_path(filename)}:{line}, not by bpe_lab's own checks")
        if exc.__cause__ is not None or (exc.__context__ is not None and not exc.__suppress_context__):
            chained = exc.__cause__ or exc.__context__
            problems.append(f"shows a chained traceback from {type(chained).__name__} (raise ... from None)")
        message = str(exc)
        if len(message) > 600:
            problems.append(f"its message is {len(message):,} characters long")
        if not re.search(expect.pattern, message, re.DOTALL):
            problems.append(f"its message does not match /{expect.pattern}/")
    elif isinstance(expect, Returns):
        if exc is not None:
            return problems + [f"raised {type(exc).__name__}: {short(str(exc), 200)}"]
        if not expect.check(seen.value):
            problems.append(f"returned {short(seen.value)}, expected {expect.shown}")
        if not re.search(expect.doc, docstring(case.target)):
            problems.append(f"the docstring does not say so (/{expect.doc}/)")
    elif isinstance(expect, Exits):
        if not isinstance(exc, SystemExit):
            return problems + [f"did not exit: {describe(seen)}"]
        if exc.code != expect.code:
            problems.append(f"exit status {exc.code}, expected {expect.code}")
        if not re.search(expect.pattern, seen.stderr):
            problems.append(f"its error does not match /{expect.pattern}/")
    return problems


def names(types: tuple) -> str:
    return " or ".join(t.__name__ for t in types)


def short(value, limit: int = 80) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_path(filename: str) -> str:
    for prefix, name in [(str(PACKAGE.parent), "<repo>"), (os.path.dirname(os.__file__), "<python>")]:
        if filename.startswith(prefix):
            return name + filename[len(prefix):]
    return filename


def normalise(text: str) -> str:
    """What the table shows: the same text on every machine and every run."""
    text = text.replace(str(TMP), "<tmp>").replace(str(ROOT), "<repo>")
    text = re.sub(r"0x[0-9a-fA-F]{6,}", "0x…", text)
    text = re.sub(r"\.[0-9a-f]{8}\.tmp", ".….tmp", text)
    return " ".join(text.split())


def describe(seen: Observation) -> str:
    exc = seen.error
    if isinstance(exc, _Hang):
        return f"no answer within {HANG:g} s"
    if isinstance(exc, SystemExit):
        lines = [line for line in seen.stderr.splitlines() if line.strip()]
        return f"exit {exc.code}: {lines[-1] if lines else ''}"
    if exc is not None:
        return f"{type(exc).__name__}: {exc}"
    return f"returns {short(seen.value)}"


RECORDED: dict[str, tuple[str, str]] = {}  # case id -> (outcome, verdict)


def _params():
    seen_ids = set()
    for case in CASES:
        assert case.id not in seen_ids, f"two cases share the id {case.id!r}"
        seen_ids.add(case.id)
        yield pytest.param(case, id=case.id)


@pytest.fixture(scope="module", autouse=True)
def _temporary_folder():
    (TMP / "empty").mkdir(exist_ok=True)
    yield
    shutil.rmtree(TMP, ignore_errors=True)


# --------------------------------------------------------------------------------------------------
# The tests
# --------------------------------------------------------------------------------------------------

def public_callables() -> dict[str, Any]:
    """Every public function, class and method of bpe_lab: "module.name" or "module.Class.method" -> object."""
    found = {}
    for info in pkgutil.iter_modules(bpe_lab.__path__):
        if info.name.startswith("_"):
            continue
        module = mod(info.name)
        exported = getattr(module, "__all__", None)
        if exported is None:
            exported = [name for name, obj in vars(module).items() if not name.startswith("_")
                        and getattr(obj, "__module__", None) == module.__name__]
        for name in exported:
            obj = getattr(module, name)
            if inspect.isclass(obj):
                if issubclass(obj, BaseException):
                    continue  # raised by bpe_lab, not called
                found[f"{info.name}.{name}"] = obj
                dataclass_fields = {f.name for f in fields(obj)} if is_dataclass(obj) else set()
                for attr, member in vars(obj).items():
                    if attr.startswith("_") or attr in dataclass_fields:
                        continue
                    if isinstance(member, (classmethod, staticmethod)) or inspect.isfunction(member):
                        found[f"{info.name}.{name}.{attr}"] = getattr(obj, attr)
            elif callable(obj):
                found[f"{info.name}.{name}"] = obj
    return found


def takes_arguments(obj) -> bool:
    try:
        parameters = list(inspect.signature(obj).parameters.values())
    except (TypeError, ValueError):  # pragma: no cover
        return True
    if parameters and parameters[0].name in ("self", "cls"):
        parameters = parameters[1:]
    return bool(parameters)


def without_arguments() -> list[str]:
    return sorted(target for target, obj in public_callables().items() if not takes_arguments(obj))


def test_every_public_function_is_audited():
    audited = {case.target for case in CASES}
    missing_ = sorted(target for target, obj in public_callables().items()
                      if target not in audited and target not in RECORDS and takes_arguments(obj))
    assert not missing_, (f"these public functions have no bad-input cases: {', '.join(missing_)}; add cases to "
                          "CASES in tests/test_bad_input_audit.py (or, for a result record, to RECORDS with a reason)")
    # also allowed: public helpers a module does not export (gpt2.read_merges parses vocab.bpe)
    unknown = sorted(target for target in audited - set(public_callables())
                     if target.split(".")[-1].startswith("_") or not callable(_resolves(target)))
    assert not unknown, f"these cases name no public function of bpe_lab: {', '.join(unknown)}"


def _resolves(target: str):
    try:
        return resolve(target)
    except (ImportError, AttributeError):
        return None


@pytest.mark.parametrize("case", list(_params()))
def test_bad_input(case: Case):
    seen = observe(case)
    problems = judge(case, seen)
    if not problems:
        outcome = f"returns {case.expect.shown}" if isinstance(case.expect, Returns) else describe(seen)
    else:
        outcome = describe(seen)
    outcome = normalise(outcome)
    verdict = "ok" if not problems else "FAILS: " + "; ".join(problems)
    RECORDED[case.id] = (outcome, normalise(verdict))
    assert not problems, f"{case.id}: {'; '.join(problems)}\n  outcome: {outcome}"


def render() -> str:
    order = [info.name for info in pkgutil.iter_modules(bpe_lab.__path__) if not info.name.startswith("_")]
    by_module: dict[str, list[Case]] = {}
    for case in CASES:
        by_module.setdefault(case.module, []).append(case)
    total = len(CASES)
    failing = sum(1 for case in CASES if RECORDED[case.id][1] != "ok")
    lines = [
        "# Bad inputs: what every public function of bpe_lab says when it is called wrongly",
        "",
        "<!-- Generated by tests/test_bad_input_audit.py from its last run: do not edit by hand. -->",
        "",
        f"{total} calls were checked, each passing a wrong type, None, an empty or a huge value (up to 10 MB), "
        "an out-of-range, negative, bool, float, NaN or infinite number, an unknown id, malformed merges or "
        "vocabularies, a damaged file, or an object of the wrong kind (a WordPiece result where a BPE result is "
        "expected). Each must either raise TypeError (wrong type) or ValueError (wrong value) — or a subclass "
        "such as FileNotFoundError — from bpe_lab's own checks, with a message that names the argument and says "
        "what to pass, or give an answer its docstring documents (such as `[]` for an empty text). Never a "
        "KeyError, IndexError, AssertionError or AttributeError, never an error from deep inside a library, and "
        "no call takes more than a second or two.",
        "",
        f"{total - failing} of {total} behave so."
        + (f" {failing} do not (marked FAILS below): the audit fails until they are fixed." if failing else ""),
        "",
        "Regenerate this file with `pytest tests/test_bad_input_audit.py` (the test rewrites it when it is out "
        "of date, and fails once so that the change gets committed). Messages are shown as raised, with long ones "
        "cut; `<tmp>` is a temporary folder and `<repo>` the repository.",
        "",
        "Functions without arguments are not listed: " + ", ".join(f"`{t}`" for t in without_arguments()) + ".",
        "",
        "| module | calls | ok | fail |",
        "|---|---:|---:|---:|",
    ]
    for module in order:
        cases = by_module.get(module, [])
        if cases:
            bad = sum(1 for case in cases if RECORDED[case.id][1] != "ok")
            lines.append(f"| [{module}](#{module}) | {len(cases)} | {len(cases) - bad} | {bad} |")
    lines.append(f"| **total** | **{total}** | **{total - failing}** | **{failing}** |")
    for module in order:
        cases = by_module.get(module, [])
        if not cases:
            continue
        lines += ["", f"## {module}", "", "| function | bad input | outcome | check |", "|---|---|---|---|"]
        for case in cases:
            outcome, verdict = RECORDED[case.id]
            function = case.target.split(".", 1)[1]
            lines.append(f"| `{function}` | {code(case.bad)} | {cell(short(outcome, 160))} | {cell(verdict)} |")
    return "\n".join(lines) + "\n"


def code(text: str) -> str:
    fence = "``" if "`" in text else "`"
    return f"{fence}{text.replace('|', chr(92) + '|')}{fence}"


def cell(text: str) -> str:
    for old, new in [("\\", "\\\\"), ("|", "\\|"), ("<", "&lt;"), (">", "&gt;"), ("*", "\\*"), ("`", "\\`")]:
        text = text.replace(old, new)
    return text


def test_docs_table_is_up_to_date():
    if set(RECORDED) != {case.id for case in CASES}:
        pytest.skip("only part of the audit ran: run the whole file to check docs/bad-inputs.md")
    text = render()
    current = DOC.read_text(encoding="utf-8") if DOC.exists() else None
    if text == current:
        return
    failing = sorted(case.id for case in CASES if RECORDED[case.id][1] != "ok")
    if failing:
        pytest.skip(f"{len(failing)} audit cases fail: fix them first, then this test brings the table up to date")
    if os.environ.get("CI"):
        pytest.fail("docs/bad-inputs.md is out of date: run pytest tests/test_bad_input_audit.py and commit it")
    DOC.parent.mkdir(exist_ok=True)
    DOC.write_text(text, encoding="utf-8")
    pytest.fail("docs/bad-inputs.md was out of date and has been rewritten from this run: review "
                "`git diff docs/bad-inputs.md` and commit it (the next run passes)")
