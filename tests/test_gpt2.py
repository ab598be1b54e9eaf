"""The real GPT-2 tokenizer: our ids equal tiktoken's, built offline from the same two files in data/."""

import pytest
import tiktoken
import tiktoken_ext.openai_public
from conftest import assert_same_ids, assigned_text, examples
from hypothesis import given, settings
from tiktoken.load import data_gym_to_mergeable_bpe_ranks

from bpe_lab import corpus, gpt2


@pytest.fixture(scope="module")
def ours():
    return gpt2.load()


@pytest.fixture(scope="module")
def reference():
    ranks = data_gym_to_mergeable_bpe_ranks(str(corpus.data_path("vocab.bpe")), str(corpus.data_path("encoder.json")))
    return tiktoken.Encoding("gpt2", pat_str=tiktoken_ext.openai_public.r50k_pat_str, mergeable_ranks=ranks,
                             special_tokens={gpt2.ENDOFTEXT: gpt2.ENDOFTEXT_ID})


def _compare(ours, reference, texts, name):
    assert_same_ids(ours, reference, texts, f"gpt2 vs tiktoken: {name}")


def test_known_ids(ours):
    assert ours.encode("Hello world") == [15496, 995]
    assert ours.vocab_size == 50257 and ours.special_tokens == {"<|endoftext|>": 50256}
    assert ours.token_bytes(0) == b"!" and ours.token_bytes(256) == b" t"


def test_every_line_of_the_novel(ours, reference):
    _compare(ours, reference, corpus.load_text().splitlines(keepends=True), "lines of pride_and_prejudice.txt")


def test_every_line_of_the_udhr(ours, reference):
    lines = [line for entry in corpus.load_udhr().values() for line in entry["text"].split("\n")]
    _compare(ours, reference, lines, "lines of the UDHR (20 languages)")


# slow (about 2 s): 614 whole files. Not cut: covering the 44,563 distinct chunks GPT-2's pattern makes of them takes
# 505 of the files, 25,753 of the chunks being in one file only (Python 3.11's library): no small set compares the same.
@pytest.mark.slow
def test_python_standard_library_files(ours, reference):
    _compare(ours, reference, [text for _, text in corpus.python_source_files(10_000_000)],
             "Python standard-library files (10 MB)")


@settings(max_examples=examples(500), deadline=None)
@given(text=assigned_text())
def test_generated_unicode(ours, reference, text):
    _compare(ours, reference, [text], "hypothesis-generated Unicode strings")


def test_special_tokens(ours, reference):
    text = "the end<|endoftext|>The start"
    with pytest.raises(ValueError, match=r"contains the special token '<\|endoftext\|>'.*allowed_special"):
        ours.encode(text)
    with pytest.raises(ValueError):
        reference.encode(text)  # tiktoken refuses it the same way
    allowed = ours.encode(text, allowed_special="all")
    assert allowed == reference.encode(text, allowed_special="all")
    assert allowed == ours.encode(text, allowed_special={"<|endoftext|>"})
    assert gpt2.ENDOFTEXT_ID in allowed and ours.decode(allowed) == text
    assert ours.encode_ordinary(text) == reference.encode_ordinary(text)
    assert gpt2.ENDOFTEXT_ID not in ours.encode_ordinary(text)
    with pytest.raises(ValueError, match="does not have"):
        ours.encode(text, allowed_special={"<|fim_prefix|>"})


def test_damaged_vocab_file_is_named():
    with pytest.raises(ValueError, match=r"vocab\.bpe, line 2: expected two tokens"):
        gpt2.read_merges("#version: 0.2\nĠt\n")
    with pytest.raises(ValueError, match=r"encoder\.json is not valid JSON"):
        gpt2.read_token_ids('{"a": 1')
