"""The capstone's question set (bpe_lab.homework.sets.capstone, steps 1-5 in _capstone_minbpe), in this process,
without a kernel: its references agree with bpe_lab and tiktoken, the examples its prompts give hold, the hidden
cases are the grader's own, and the solutions pass every case, public and hidden, where the typical wrong answers
fail.

tests/test_notebooks.py runs the notebook itself in its three states; tests/test_homework.py reads them."""

import dataclasses

import nbformat
import pytest
import tiktoken
from conftest import ROOT

from bpe_lab import pretokenize, ranks
from bpe_lab.homework import set_capstone
from bpe_lab.homework.sets import _capstone_minbpe as capstone_minbpe, capstone
from bpe_lab.homework.questions import CORRECT, INCORRECT
from bpe_lab.tokenizer import Tokenizer

NOTEBOOK = ROOT / "notebooks" / "exercises" / "capstone_gpt4_tokenizer.ipynb"
TOY_SPECIAL = {"<|endoftext|>": 300, "<|fim_prefix|>": 301}


def test_the_examples_in_the_prompts_hold():
    assert capstone_minbpe._get_stats([1, 2, 3, 1, 2]) == {(1, 2): 2, (2, 3): 1, (3, 1): 1}
    assert capstone_minbpe._get_stats([5, 5, 5]) == {(5, 5): 2}
    assert capstone_minbpe._merge([1, 2, 3, 1, 2], (1, 2), 256) == [256, 3, 256]
    assert capstone_minbpe._merge([5, 5, 5], (5, 5), 256) == [256, 5]
    assert capstone_minbpe._train("aaabdaaabac", 259) == {(97, 97): 256, (97, 98): 257, (256, 257): 258}
    assert capstone_minbpe._encode("abc", {(98, 99): 256, (97, 98): 257}) == [97, 256]
    assert capstone_minbpe._decode([230, 157], {}) == "\ufffd"
    cl100k = capstone._cl100k_ranks()
    assert sorted(rank for token, rank in cl100k.items() if len(token) == 1) == list(range(256))
    assert cl100k[b"!"] == 0 and cl100k[b" "] != 32  # the byte order space_rank asks about
    assert len(cl100k) > 100_000  # "about 100,000 tokens"


def test_a_merge_made_across_chunks_is_what_train_regex_avoids():
    across = capstone_minbpe._vocab(capstone_minbpe._train("ab ab ab ab", 260)).values()
    assert b" ab ab" in across  # two words in one token
    inside = capstone_minbpe._vocab(capstone_minbpe._train_regex("ab ab ab ab", 260)).values()
    assert not any(b" " in token[1:] for token in inside)  # a space only ever starts a token


def test_encoding_with_special_tokens_is_tiktokens_and_bpe_labs():
    merges = capstone_minbpe._train_regex(capstone_minbpe.SMALL_TEXT, 300)
    vocab = capstone_minbpe._vocab(merges)
    assert len(set(vocab.values())) == len(vocab)  # tiktoken needs one rank per token
    theirs = tiktoken.Encoding("toy", pat_str=pretokenize.GPT4_PATTERN, special_tokens=TOY_SPECIAL,
                               mergeable_ranks={token: token_id for token_id, token in vocab.items()})
    ours = Tokenizer([(vocab[a], vocab[b]) for a, b in merges], "gpt4", special_tokens=TOY_SPECIAL)
    texts = [capstone_minbpe.SMALL_TEXT, capstone.PUBLIC_TEXT, "the truth<|endoftext|>a wife<|fim_prefix|>",
             "<|endoftext|><|endoftext|>", "", "   1234567\r\n\n"]
    for text in texts:
        for allowed in ("all", "none", {"<|endoftext|>"}):
            expected = capstone_minbpe._encode_with_special(text, merges, TOY_SPECIAL, allowed)
            assert expected == theirs.encode(text, allowed_special=set() if allowed == "none" else allowed,
                                             disallowed_special=()), (text, allowed)
        assert capstone_minbpe._encode_with_special(text, merges, TOY_SPECIAL, "none") == ours.encode_ordinary(text)
        assert capstone_minbpe._encode_with_special(text, merges, TOY_SPECIAL, "all") == ours.encode(text, "all")
        assert capstone_minbpe._decode(capstone_minbpe._encode(text, merges), merges) == text


def test_recovered_merges_are_bpe_labs():
    subset = capstone._cl100k_below(3_000)
    byte_pairs, _, unmergeable = ranks.merges_from_ranks(subset)
    assert unmergeable == []
    expected = {(subset[left], subset[right]): subset[left + right] for left, right in byte_pairs}
    assert capstone._recover_merges(subset) == expected


def test_every_function_question_has_hidden_cases_of_its_own_and_forbids_what_answers_it():
    questions = set_capstone()
    for name, q in questions.items():
        assert q.level and q.asks and q.points > 0, name
        if not q.is_function_question:
            assert q.hidden_cases is None and q.student == "" and not q.forbidden, name
            continue
        first, again, other = q.hidden("1"), q.hidden("1"), q.hidden("2")
        assert first and repr(first) == repr(again) and repr(first) != repr(other), name
        assert not set(map(repr, first)) & set(map(repr, q.cases)), name  # a hidden case is never a public one
        assert q.forbidden, name
    assert [n for n, q in questions.items() if q.asks == "project"] == ["gpt4_encode"]
    assert "tiktoken" in questions["gpt4_encode"].forbidden


def test_a_gpt4_encode_that_calls_tiktoken_is_caught_python_or_compiled():
    question = set_capstone()["gpt4_encode"]
    encoding = capstone._cl100k_reference()
    through_python = capstone._gpt4_encode  # tiktoken's Encoding.encode, a Python method
    core = encoding._core_bpe  # its compiled CoreBPE, called directly

    def through_rust(text, allowed_special="none"):
        allowed = set(capstone.CL100K_SPECIAL_TOKENS) if allowed_special == "all" else (
            set() if allowed_special == "none" else set(allowed_special))
        return core.encode(text, allowed)

    for cheat in (through_python, through_rust):
        feedback = question.check(cheat)
        assert feedback.status == INCORRECT and "calls bpe_lab's own" not in feedback.message, feedback
        assert "tiktoken" in feedback.message, feedback



def _answers(state: str):
    """Run the notebook's setup cell, then every question's solution (or wrong answer) in order, in one
    namespace, as a kernel would: yield (question, the answer it defines)."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    setup = next(cell.source for cell in notebook.cells if cell.cell_type == "code")
    namespace = {}
    exec(setup, namespace)
    for question in namespace["q"].values():
        exec(question.solution_code if state == "solved" else question.wrong_code, namespace)
        yield question, namespace[question.answer_name]


@pytest.mark.slow  # about 1.4 s: every solution, on its public cases and two seeds' hidden ones, under the check
def test_solutions_pass_the_public_and_hidden_cases():
    for question, answer in _answers("solved"):
        extra = [case for seed in ("7", "a secret") for case in question.hidden(seed)]
        graded = dataclasses.replace(question, cases=[*question.cases, *extra]) if extra else question
        feedback = graded.check(answer)
        assert feedback.status == CORRECT, feedback


def test_wrong_answers_fail_the_public_cases():
    for question, answer in _answers("wrong"):
        feedback = question.check(answer)
        assert feedback.status == INCORRECT and ("for input" in feedback.message or "you answered" in feedback.message)
