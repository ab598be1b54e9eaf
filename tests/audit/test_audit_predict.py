"""Bad-input rows for bpe_lab.predict: one call per row (what a row checks: conftest.py)."""

import numpy as np

from bpe_lab import predict

from .conftest import Rows

ROWS = Rows("predict")
raises, documented = ROWS.raises, ROWS.documented

raises("predict.reveal", "tolerance=-0.1", lambda: predict.reveal(1, 2, tolerance=-0.1), ValueError,
    r"tolerance must be a number >= 0 \(a fraction of the answer")
raises("predict.reveal", "tolerance='10%'", lambda: predict.reveal(1, 2, tolerance="10%"), TypeError,
    r"tolerance must be a number >= 0 .*got '10%' \(str\)")
raises("predict.reveal", "tolerance=nan", lambda: predict.reveal(1, 2, tolerance=float("nan")), ValueError,
    r"tolerance must be a number >= 0")
raises("predict.reveal", "tolerance=True", lambda: predict.reveal(1, 2, tolerance=True), TypeError,
    r"tolerance must be a number >= 0 .*\(bool\)")
raises("predict.reveal", "why=None", lambda: predict.reveal(1, 2, why=None), TypeError,
    r"why must be a str such as 'Most words end in s.', got NoneType")
documented("predict.reveal", "guess=... (not written)", lambda: predict.reveal(..., ("u", "g")),
    lambda r: r.right is None and "No guess written" in r.message, "no guess: the answer shown",
    r"not an error")
documented("predict.reveal", "guess=np.array([1, 2]) (== raises on truth)",
    lambda: predict.reveal(np.array([1, 2]), [1, 3]), lambda r: r.right is False, "not right, no error",
    r"never raises")
documented("predict.reveal", "guess='ug', answer=('u', 'g')", lambda: predict.reveal("ug", ("u", "g")),
    lambda r: r.right is False, "not right", r"item by item")
documented("predict.reveal", "answer=0, guess=3", lambda: predict.reveal(3, 0),
    lambda r: r.right is False and "%" not in r.message, "not right, no percentage", r"how far off")
documented("predict.reveal", "guess='x' * 10**7", lambda: predict.reveal("x" * 10**7, "y"),
    lambda r: r.right is False and len(r.message) < 300, "a short message", r"the answer")

test_bad_input = ROWS.test()
