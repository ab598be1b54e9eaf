"""Pre-tokenization: the GPT-2, GPT-4 and o200k splits equal tiktoken's, and fast counting changes nothing."""

from collections import Counter
from itertools import chain

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_lab import corpus, pretokenize
from conftest import examples

GPT2 = pretokenize.compile_pattern("gpt2")  # the reference: the pattern itself, on the whole text


def test_gpt2_split_examples():
    assert pretokenize.split("Hello world, it's 2024!") == ["Hello", " world", ",", " it", "'s", " 2024", "!"]
    # a run of spaces gives its last space to the next word; a newline run before a letter splits too
    assert pretokenize.split("a  b\n\nc") == ["a", " ", " b", "\n", "\n", "c"]


@settings(max_examples=examples(300), deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("ab ,.'\n\r\t\x0b\x0c1é中\u00a0\u2009\u3000\x85\x1c\x1f-")), max_size=80),
       block=st.integers(min_value=1, max_value=12))
def test_block_counting_equals_counting_the_whole_split(text, block):
    assert pretokenize.chunk_counts(text, block_chars=block) == Counter(GPT2.findall(text))
    assert list(chain.from_iterable(pretokenize._findall_blocks(GPT2, text, block))) == GPT2.findall(text)


PATTERN_NAMES = ["gpt2", "gpt4", "o200k"]


@pytest.mark.parametrize("name", PATTERN_NAMES)
@pytest.mark.parametrize("up_to", [0x80, 0x10000])  # the ASCII pattern on ASCII text, the full one up to U+FFFF
@settings(max_examples=examples(300), deadline=None)
@given(data=st.data())
def test_the_spelled_out_pattern_splits_exactly_like_the_pattern(name, up_to, data):
    text = data.draw(st.text(alphabet=st.characters(max_codepoint=up_to - 1), max_size=60))
    source = pretokenize.PATTERNS[name]
    assert pretokenize._spelled_out(source, up_to).findall(text) == regex.findall(source, text)


@pytest.mark.parametrize("name", PATTERN_NAMES)
def test_the_spelled_out_pattern_on_every_character_up_to_u_ffff(name):
    # each character alone and next to letters of both cases, a digit, spaces, newlines, itself, and in
    # contractions: the classes it is in and the case-blind 's 'll ... decide all of these
    source = pretokenize.PATTERNS[name]
    text = "".join(f"{c}a{c} {c}1{c}{c}'{c}'l{c}A{c}\r\n{c}\n" for c in map(chr, range(0x10000)))
    assert pretokenize._spelled_out(source, 0x10000).findall(text) == regex.findall(source, text)


@pytest.mark.parametrize("name", PATTERN_NAMES)
def test_the_spelled_out_pattern_on_every_pair_of_ascii_characters(name):
    source, chars = pretokenize.PATTERNS[name], [chr(c) for c in range(128)]
    for first in chars:
        text = "".join(first + second + " " + first for second in chars)
        for up_to in (0x80, 0x10000):
            assert pretokenize._spelled_out(source, up_to).findall(text) == regex.findall(source, text)


@pytest.mark.parametrize("name", PATTERN_NAMES)
def test_text_beyond_u_ffff_and_patterns_of_your_own_keep_regex(name):
    text = "x\U0001f600 y \u4e2d 'S"  # an emoji: this text goes to `regex`
    assert pretokenize.split(text, name) == regex.findall(pretokenize.PATTERNS[name], text)
    assert pretokenize.split("ab 12", r"\p{L}+|\p{N}+|\s") == ["ab", " ", "12"]


@settings(max_examples=examples(200), deadline=None)
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


# --- The patterns are the ones tiktoken uses ----------------------------------------------------

def _tiktoken_patterns() -> dict[str, str]:
    """pat_str of tiktoken's gpt2, cl100k_base and o200k_base, read from tiktoken's own source.

    tiktoken keeps the cl100k/o200k patterns inside functions that download the ranks, so we read the
    literals from the function source with `ast` instead of calling them (no network).
    """
    import ast
    import inspect

    import tiktoken_ext.openai_public as openai_public

    found = {"gpt2": openai_public.r50k_pat_str}
    for name, function in [("cl100k", openai_public.cl100k_base), ("o200k", openai_public.o200k_base)]:
        tree = ast.parse(inspect.getsource(function))
        assignments = {node.targets[0].id: node.value for node in ast.walk(tree)
                       if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value == "pat_str":
                        if isinstance(value, ast.Name):
                            value = assignments[value.id]
                        if isinstance(value, ast.Call):  # "|".join([...])
                            found[name] = value.func.value.value.join(ast.literal_eval(value.args[0]))
                        else:
                            found[name] = ast.literal_eval(value)
    return found


TIKTOKEN_PATTERNS = _tiktoken_patterns()


def test_cl100k_and_o200k_patterns_are_tiktokens_own():
    assert pretokenize.GPT4_PATTERN == TIKTOKEN_PATTERNS["cl100k"]
    assert pretokenize.O200K_PATTERN == TIKTOKEN_PATTERNS["o200k"]


SAMPLES = st.text(alphabet=st.sampled_from(list("aZé中 \t\r\n'sdmtlvrSDLLVE1234567890.,!?/_-()😀\u00a0\u2009")), max_size=60)


@settings(max_examples=examples(400), deadline=None)
@given(text=st.one_of(SAMPLES, st.text(max_size=40)))
@pytest.mark.parametrize("name", ["gpt2", "gpt4", "o200k"])
def test_splits_equal_tiktokens_pattern_on_generated_text(name, text):
    reference = regex.compile(TIKTOKEN_PATTERNS["cl100k" if name == "gpt4" else name])
    assert pretokenize.split(text, name) == reference.findall(text)


@pytest.mark.parametrize("name", ["gpt2", "gpt4", "o200k"])
def test_splits_equal_tiktokens_pattern_on_real_text(name):
    reference = regex.compile(TIKTOKEN_PATTERNS["cl100k" if name == "gpt4" else name])
    texts = [corpus.load_text(), corpus.python_source(2_000_000)]
    texts += [entry["text"] for entry in corpus.load_udhr().values()]
    for text in texts:
        assert pretokenize.split(text, name) == reference.findall(text)
