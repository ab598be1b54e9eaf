"""Bad-input rows for bpe_lab.references: one call per row (what a row checks: conftest.py)."""

from bpe_lab import references

from .conftest import Rows

ROWS = Rows("references")
raises, documented = ROWS.raises, ROWS.documented

LINES = ["the cat sat", "on the mat"]

raises("references.sentencepiece_models", "sentences='one str'",
    lambda: references.sentencepiece_models("the cat", [10]), TypeError,
    r"sentences must be a list of str \(one line of text each\), not one str")
raises("references.sentencepiece_models", "sentences=[b'bytes']",
    lambda: references.sentencepiece_models([b"the cat"], [10]), TypeError,
    r"sentences must be a list of lines \(str\), but item 0 is b'the cat' \(bytes\)")
raises("references.sentencepiece_models", "sentences=['', ' ']",
    lambda: references.sentencepiece_models(["", " "], [10]), ValueError,
    r"sentences holds no text \(no line has anything but spaces\): pass some text to train on")
raises("references.sentencepiece_models", "sentences=['a lone surrogate \\ud800']",
    lambda: references.sentencepiece_models(["a \ud800"], [10]), ValueError, r"sentences .*surrogate")
raises("references.sentencepiece_models", "vocab_sizes=503",
    lambda: references.sentencepiece_models(LINES, 503), TypeError, r"vocab_sizes must be a list of whole numbers")
raises("references.sentencepiece_models", "vocab_sizes=[]",
    lambda: references.sentencepiece_models(LINES, []), ValueError, r"vocab_sizes must hold at least one size")
raises("references.sentencepiece_models", "vocab_sizes=[3]",
    lambda: references.sentencepiece_models(LINES, [3]), ValueError, r"each of vocab_sizes must be .*4")
raises("references.sentencepiece_models", "vocab_sizes=[10.5]",
    lambda: references.sentencepiece_models(LINES, [10.5]), TypeError, r"each of vocab_sizes must be")
raises("references.sentencepiece_models", "model_types='bpe'",
    lambda: references.sentencepiece_models(LINES, [10], "bpe"), TypeError, r"model_types must be a list of")
raises("references.sentencepiece_models", "model_types=['wordpiece']",
    lambda: references.sentencepiece_models(LINES, [10], ["wordpiece"]), ValueError,
    r"each of model_types must be one of \('bpe', 'unigram', 'char', 'word'\), got 'wordpiece'")
raises("references.in_background", "function=5", lambda: references.in_background(5), TypeError,
    r"function must be a function, such as references.sentencepiece_models, got int")
raises("references.in_background", "function=lambda: 1", lambda: references.in_background(lambda: 1), ValueError,
    r"function must be importable from a module, such as references.sentencepiece_models: a second process "
    r"cannot see")
raises("references.in_background", "an argument that cannot be pickled (a generator)",
    lambda: references.in_background(references.sentencepiece_models, (line for line in LINES), [10]), TypeError,
    r"the arguments must be plain data a second process can receive")

test_bad_input = ROWS.test()
