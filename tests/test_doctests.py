"""The worked examples in the docstrings are run, so they cannot drift from the code.

Every module of bpe_lab is found (subpackages included, such as ``bpe_lab._checks``), so a new module's
examples run without being listed here. A module without examples is fine; the algorithm modules below
must keep theirs.
"""

import doctest
import importlib
import pkgutil

import pytest

import bpe_lab

MODULES = sorted(info.name for info in pkgutil.walk_packages(bpe_lab.__path__, prefix="bpe_lab."))

#: Modules that teach with worked examples today: they must keep at least one.
WITH_EXAMPLES = {"bpe_lab.corpus", "bpe_lab.bpe", "bpe_lab.byte_level", "bpe_lab.pretokenize", "bpe_lab.fast_bpe",
                 "bpe_lab.tokenizer", "bpe_lab.gpt2", "bpe_lab.wordpiece", "bpe_lab.unigram", "bpe_lab.metrics",
                 "bpe_lab.ranks", "bpe_lab.bert", "bpe_lab.lm"}


def test_the_modules_with_examples_are_found():
    assert WITH_EXAMPLES <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    if name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{name} has no worked examples"
    assert result.failed == 0
