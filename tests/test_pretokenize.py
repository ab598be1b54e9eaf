"""Pre-tokenization: the GPT-2 split, and counting chunks block by block."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from itertools import chain

from bpe_lab import corpus, pretokenize

GPT2 = pretokenize.compile_pattern("gpt2")  # the reference: the pattern itself, on the whole text


def test_gpt2_split_examples():
    assert pretokenize.split("Hello world, it's 2024!") == ["Hello", " world", ",", " it", "'s", " 2024", "!"]
    # a run of spaces gives its last space to the next word; a newline run before a letter splits too
    assert pretokenize.split("a  b\n\nc") == ["a", " ", " b", "\n", "\n", "c"]


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("ab ,.'\n\r\t\x0b\x0c1é中\u00a0\u2009\u3000\x85\x1c\x1f-")), max_size=80),
       block=st.integers(min_value=1, max_value=12))
def test_block_counting_equals_counting_the_whole_split(text, block):
    assert pretokenize.chunk_counts(text, block_chars=block) == Counter(GPT2.findall(text))
    assert list(chain.from_iterable(pretokenize._findall_blocks(GPT2, text, block))) == GPT2.findall(text)


@settings(max_examples=500, deadline=None)
@given(text=st.text(alphabet=st.characters(max_codepoint=127), max_size=60))
def test_the_ascii_pattern_splits_exactly_like_gpt2(text):
    assert pretokenize._GPT2_ASCII.findall(text) == GPT2.findall(text)


def test_the_ascii_pattern_on_every_pair_of_ascii_characters():
    chars = [chr(c) for c in range(128)]
    for first in chars:
        text = "".join(first + second + " " + first for second in chars)
        assert pretokenize._GPT2_ASCII.findall(text) == GPT2.findall(text)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=60), block=st.integers(min_value=1, max_value=12))
def test_block_counting_on_any_text(text, block):
    assert pretokenize.chunk_counts(text, block_chars=block) == Counter(GPT2.findall(text))


@pytest.mark.parametrize("name", ["novel", "udhr", "python"])
def test_block_counting_on_real_text(name):
    text = {"novel": corpus.load_text, "python": lambda: corpus.python_source(2_000_000),
            "udhr": lambda: "\n".join(entry["text"] for entry in corpus.load_udhr().values())}[name]()
    assert pretokenize.chunk_counts(text, block_chars=10_000) == Counter(GPT2.findall(text))
    assert pretokenize.split(text) == GPT2.findall(text)


def test_bad_input():
    with pytest.raises(ValueError, match="nor a valid regex"):
        pretokenize.split("abc", "[unclosed")
    with pytest.raises(TypeError, match="text must be a str"):
        pretokenize.chunk_counts(None)
    with pytest.raises(TypeError, match="pattern must be a name"):
        pretokenize.split("abc", None)
