"""Bad-input rows for bpe_lab.export: one call per row (what a row checks: conftest.py)."""

from bpe_lab import export

from .conftest import Rows, tmpfile

ROWS = Rows("export")
raises, documented = ROWS.raises, ROWS.documented

raises("export.to_hf", "obj=5", lambda: export.to_hf(5, tmpfile("t.json", "")), TypeError,
    r"to_hf exports a byte-level bpe_lab.Tokenizer, a WordPiece vocabulary .* got int")
raises("export.to_hf", "obj=[]", lambda: export.to_hf([], tmpfile("t.json", "")), TypeError,
    r"to_hf exports .* got list")
raises("export.from_hf", "path=5", lambda: export.from_hf(5), TypeError, r"path must be")
raises("export.to_tiktoken", "tokenizer={'a': -1.0}", lambda: export.to_tiktoken({"a": -1.0}, tmpfile("t.tiktoken", "")),
    TypeError, r"to_tiktoken writes a byte-level bpe_lab.Tokenizer, got a Unigram model")
raises("export.to_sentencepiece", "unigram_log_probs=['a']",
    lambda: export.to_sentencepiece(["a"], tmpfile("t.model", "")), TypeError,
    r"to_sentencepiece writes a Unigram model .*, got a WordPiece vocabulary")

test_bad_input = ROWS.test()
