"""Notebook 04's corrected claims (issue 28), recomputed with tiktoken (built offline from data/ and the installed
rank files) and bpe_lab.

tiktoken does not show its pre-tokenization chunks, only tokens; ``tiktoken_chunks`` makes it show them: with a
vocabulary holding every piece of the text, BPE merges each chunk into one token, and no token crosses a chunk.
"""

import pytest
import tiktoken
import tiktoken_ext.openai_public
from tiktoken.load import data_gym_to_mergeable_bpe_ranks

from bpe_lab import byte_level, corpus, gpt2, pretokenize

PATTERNS = {"gpt2": tiktoken_ext.openai_public.r50k_pat_str, "gpt4": pretokenize.GPT4_PATTERN,
            "o200k": pretokenize.O200K_PATTERN}  # the last two equal tiktoken's own (tests/test_pretokenize.py)


def tiktoken_chunks(text, name):
    """tiktoken's own split of a text (see the module docstring)."""
    data = text.encode()
    pieces = {data[i:j] for i in range(len(data)) for j in range(i + 1, len(data) + 1)}
    every_piece = tiktoken.Encoding("every-piece", pat_str=PATTERNS[name], special_tokens={},
                                    mergeable_ranks={piece: rank for rank, piece in enumerate(sorted(pieces))})
    return [every_piece.decode_single_token_bytes(t).decode() for t in every_piece.encode_ordinary(text)]


@pytest.mark.parametrize("text, name, chunks", [
    ("a  \nb", "gpt4", ["a", "  \n", "b"]),  # cell 25: spaces before a newline stay with it
    ("wait...\n\nok", "gpt4", ["wait", "...\n\n", "ok"]),  # punctuation keeps its newlines
    ("x = foo(bar)\n    return 42", "gpt4", ["x", " =", " foo", "(bar", ")\n", "   ", " return", " ", "42"]),
    ("\n    return", "gpt2", ["\n   ", " return"]),  # GPT-2 kept the indentation with the newline
    ("camelCaseWords HTTPServer getHTTPResponse", "o200k", ["camel", "Case", "Words", " HTTPServer", " get",
                                                           "HTTPResponse"]),  # cell 25: lower -> upper only
    ("The cat's hat", "o200k", ["The", " cat's", " hat"]),
    ("\n\nword", "gpt2", ["\n", "\n", "word"]),  # cell 4: no word takes a newline
    ("  word", "gpt2", [" ", " word"]),
    ("they'll", "gpt2", ["they", "'ll"]),  # cell 9: a contraction is an apostrophe and letters in one chunk
])
def test_splits_equal_tiktokens(text, name, chunks):
    assert pretokenize.split(text, name) == chunks == tiktoken_chunks(text, name)


def test_the_apostrophe_typo_hits_more_than_words_at_a_line_start():
    """Cell 40 (self-check 3): a sentence starting with "The" is not left alone by the typo."""
    typo = pretokenize.GPT2_PATTERN[1:]
    assert pretokenize.split("The cat's hat", typo) == ["The", " cat", "'", "s", " hat"]
    assert pretokenize.split('He "said', typo) == ["He", ' "', "s", "aid"]
    assert pretokenize.split('He "said', "gpt2") == ["He", ' "', "said"]


def test_the_byte_map_keeps_spaces_and_controls_out_of_symbols():
    """Cell 24: GPT-2's code splits merge lines and symbol lists on whitespace, so no mapped byte may be one."""
    mapped = byte_level.bytes_to_unicode().values()
    assert not any(char.isspace() or not char.isprintable() for char in mapped)
    assert " ".join([" ", "t"]).split() == ["t"]  # a real space in a symbol breaks a line of vocab.bpe
    with open(corpus.data_path("vocab.bpe"), encoding="utf-8") as handle:
        next(handle)  # the version line
        assert next(handle).split() == ["Ġ", "t"]


def test_indic_words_are_cut_at_combining_marks_by_cl100k_only():
    """The learner's question: cl100k's \\p{L} leaves out combining marks, o200k's letter classes include \\p{M}."""
    udhr = corpus.load_udhr()
    for code, expected in {"hin": (147, 60), "tam": (168, 35)}.items():
        words = [" " + word for word in udhr[code]["text"].split("\n")[1].split()]
        counts = tuple(sum(len(pretokenize.split(word, name)) for word in words) for name in ["gpt4", "o200k"])
        assert counts == expected, (code, counts)
        for name in ["gpt4", "o200k"]:
            assert [tiktoken_chunks(word, name) for word in words] == [pretokenize.split(word, name) for word in words]
    assert tiktoken_chunks(" के", "gpt4") == [" क", "े"] and tiktoken_chunks(" के", "o200k") == [" के"]


def test_special_tokens_against_tiktoken():
    """Cell 35: what bpe_lab's encode does like tiktoken, and where it differs (disallowed_special)."""
    ours = gpt2.load_encoding("cl100k_base")
    theirs = tiktoken.Encoding("cl100k_base", pat_str=pretokenize.GPT4_PATTERN,
                               mergeable_ranks=gpt2.load_ranks("cl100k_base"),
                               special_tokens=gpt2.SPECIAL_TOKENS["cl100k_base"])
    text = "The end.<|endoftext|><|fim_prefix|>A new document."
    for tokenizer in (ours, theirs):
        with pytest.raises(ValueError):
            tokenizer.encode(text)
        with pytest.raises(ValueError):  # allowing one special token still refuses the others
            tokenizer.encode(text, allowed_special={"<|endoftext|>"})
    assert ours.encode(text, allowed_special="all") == theirs.encode(text, allowed_special="all")
    plain = theirs.encode(text, disallowed_special=())
    assert plain == theirs.encode_ordinary(text) == ours.encode_ordinary(text)
    with pytest.raises(TypeError):
        ours.encode(text, disallowed_special=())
    mixed = theirs.encode(text, allowed_special={"<|endoftext|>"}, disallowed_special=())
    assert 100257 in mixed and 100258 not in mixed  # one special token as its id, the other as plain text
