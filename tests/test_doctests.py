"""The worked examples in the docstrings are run, so they cannot drift from the code."""

import doctest
import importlib

import pytest

MODULES = ["bpe_lab.corpus", "bpe_lab.bpe", "bpe_lab.widgets", "bpe_lab.widgets.common", "bpe_lab.widgets.merge_explorer",
           "bpe_lab.widgets.token_inspector", "bpe_lab.widgets.wordpiece_explorer", "bpe_lab.plots", "bpe_lab.byte_level", "bpe_lab.pretokenize",
           "bpe_lab.fast_bpe", "bpe_lab.tokenizer", "bpe_lab.gpt2", "bpe_lab.wordpiece", "bpe_lab.unigram", "bpe_lab.metrics",
           "bpe_lab.storage"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no worked examples"
    assert result.failed == 0
