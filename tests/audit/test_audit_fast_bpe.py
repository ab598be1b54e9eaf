"""Bad-input rows for bpe_lab.fast_bpe: one call per row (what a row checks: conftest.py)."""

from bpe_lab import fast_bpe

from .conftest import HUG, TR, Rows

ROWS = Rows("fast_bpe")
raises, documented = ROWS.raises, ROWS.documented

raises("fast_bpe.train", "num_merges=-1", lambda: fast_bpe.train(HUG, -1), ValueError, r"num_merges must be 0 or more")
raises("fast_bpe.train", "num_merges='3'", lambda: fast_bpe.train(HUG, "3"), TypeError,
    r"num_merges must be a whole number")
raises("fast_bpe.train", "num_merges=True", lambda: fast_bpe.train(HUG, True), TypeError,
    r"num_merges must be a whole number")
documented("fast_bpe.train", "num_merges=10**12", lambda: fast_bpe.train(HUG, 10**12), lambda r: r.num_merges == 7,
    "a result with the 7 merges there are", r"stops early when every word is a single symbol")
raises("fast_bpe.train", "tie_break='first'", lambda: fast_bpe.train(HUG, 3, tie_break="first"), ValueError,
    r"tie_break must be one of \('smallest', 'hf'\).*got 'first'")
raises("fast_bpe.train", "tie_break=5", lambda: fast_bpe.train(HUG, 3, tie_break=5), TypeError,
    r"tie_break must be one of \('smallest', 'hf'\).*got 5 \(int\)")
raises("fast_bpe.train", "tie_break='hf', multi-character symbols",
    lambda: fast_bpe.train({("hu", "g"): 1}, 3, tie_break="hf"), ValueError,
    r"tie_break='hf' needs words split into single characters or single bytes")
raises("fast_bpe.train", "progress=1", lambda: fast_bpe.train(HUG, 3, progress=1), TypeError,
    r"progress must be True or False, got 1 \(int\)")
raises("fast_bpe.train", "corpus={}", lambda: fast_bpe.train({}, 3), ValueError, r"corpus is empty")
raises("fast_bpe.train", "corpus=5", lambda: fast_bpe.train(5, 3), TypeError, r"corpus must be a text")
raises("fast_bpe.train", "corpus={b'': 1}", lambda: fast_bpe.train({b"": 1}, 3), ValueError,
    r"corpus: words must hold at least one symbol")
raises("fast_bpe.train", "corpus={b'hug': 0}", lambda: fast_bpe.train({b"hug": 0}, 3), ValueError,
    r"corpus: the count of b'hug' must be positive")
raises("fast_bpe.train", "corpus={b'ab': 1, 'ab': 1}", lambda: fast_bpe.train({b"ab": 1, "ab": 1}, 3), TypeError,
    r"corpus: use str symbols or bytes symbols, not both")
raises("fast_bpe.train", "corpus=<a TrainResult>", lambda: fast_bpe.train(TR(), 3), TypeError,
    r"corpus must be a text.*got TrainResult")

test_bad_input = ROWS.test()
