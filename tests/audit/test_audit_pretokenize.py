"""Bad-input rows for bpe_lab.pretokenize: one call per row (what a row checks: conftest.py)."""

from bpe_lab import pretokenize

from .conftest import Rows

ROWS = Rows("pretokenize")
raises, documented = ROWS.raises, ROWS.documented

raises("pretokenize.compile_pattern", "pattern=5", lambda: pretokenize.compile_pattern(5), TypeError,
    r"pattern must be a name such as 'gpt2' or a regex string, got int")
raises("pretokenize.compile_pattern", "pattern=None", lambda: pretokenize.compile_pattern(None), TypeError,
    r"pattern must be a name such as 'gpt2'")
raises("pretokenize.compile_pattern", "pattern='(unclosed'", lambda: pretokenize.compile_pattern("(unclosed"),
    ValueError, r"pattern '\(unclosed' is neither a known name \(gpt2, gpt4, cl100k, o200k\) nor a valid regex")
raises("pretokenize.compile_pattern", "pattern='gpt5' (unknown name)", lambda: pretokenize.compile_pattern("gpt5"),
    ValueError, r"pattern 'gpt5' is not a known name \(gpt2, gpt4, cl100k, o200k\)")
raises("pretokenize.compile_pattern", "pattern=''", lambda: pretokenize.compile_pattern(""), ValueError,
    r"pattern '' matches the empty string")
raises("pretokenize.compile_pattern", "pattern='\\\\w*'", lambda: pretokenize.compile_pattern(r"\w*"), ValueError,
    r"pattern '\\\\w\*' matches the empty string, which would make empty chunks")
# the same rows for pretokenize.split and pretokenize.chunk_counts
for fn in ("split", "chunk_counts"):
    raises(f"pretokenize.{fn}", "text=5", lambda fn=fn: getattr(pretokenize, fn)(5), TypeError,
        r"text must be a str, got int")
    raises(f"pretokenize.{fn}", "text=b'ab'", lambda fn=fn: getattr(pretokenize, fn)(b"ab"), TypeError,
        r"text must be a str")
    raises(f"pretokenize.{fn}", "pattern=None", lambda fn=fn: getattr(pretokenize, fn)("ab", None), TypeError,
        r"pattern must be a name such as 'gpt2'")
    raises(f"pretokenize.{fn}", "pattern='GPT-2'", lambda fn=fn: getattr(pretokenize, fn)("ab", "GPT-2"), ValueError,
        r"pattern 'GPT-2' is not a known name")
documented("pretokenize.split", "text=''", lambda: pretokenize.split(""), lambda v: v == [], "[]",
    r"empty text gives \[\]")
documented("pretokenize.split", "text=<1 MB>", lambda: pretokenize.split("hug " * 250_000), lambda v: len(v) == 250_001,
    "250,001 chunks", r"Split a text into pre-tokenization chunks")
for bad, value, err in [("0", 0, ValueError), ("-1", -1, ValueError), ("'64'", "64", TypeError),
                        ("1.5", 1.5, TypeError), ("True", True, TypeError), ("None", None, TypeError)]:
    raises("pretokenize.chunk_counts", f"block_chars={bad}",
        lambda v=value: pretokenize.chunk_counts("a b c", block_chars=v), err,
        r"block_chars must be a whole number of at least 1")

test_bad_input = ROWS.test()
