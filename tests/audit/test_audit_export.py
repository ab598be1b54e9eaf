"""Bad-input rows for bpe_lab.export: one call per row (what a row checks: conftest.py)."""

from bpe_lab import export
from bpe_lab.export import hf_bpe, tiktoken_file
from bpe_lab.tokenizer import Tokenizer

from .conftest import Rows, missing, tmpfile

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


# byte-level BPE: tokenizer.json and tiktoken rank files (hf_bpe, tiktoken_file)
TWICE = [(b"a", b"b"), (b"ab", b"c"), (b"b", b"c"), (b"a", b"bc")]  # merges 1 and 3 both make b"abc"
raises("export.hf_bpe.write", "tokenizer=['[UNK]', 'a']", lambda: hf_bpe.write(["[UNK]", "a"], tmpfile("t.json", "")),
    TypeError, r"hf_bpe.write writes a byte-level bpe_lab.Tokenizer, got a WordPiece vocabulary")
raises("export.hf_bpe.write", "path in a missing folder", lambda: hf_bpe.write(Tokenizer(), missing("t.json")),
    FileNotFoundError, r"cannot save to .*: the folder .* does not exist")
raises("export.hf_bpe.write", "path=5", lambda: hf_bpe.write(Tokenizer(), 5), TypeError, r"path must be a file path")
raises("export.hf_bpe.write", "two merges make b'abc'", lambda: hf_bpe.write(Tokenizer(TWICE, None), tmpfile("t.json", "")),
    ValueError, r"merge 3 makes b'abc', which an earlier merge already made, and a tokenizer.json holds one id per token")
raises("export.hf_bpe.read", "path=5", lambda: hf_bpe.read(5), TypeError, r"path must be a file path")
raises("export.hf_bpe.read", "missing file", lambda: hf_bpe.read(missing("t.json")), FileNotFoundError,
    r"no tokenizer.json at")
raises("export.hf_bpe.read", "not JSON", lambda: hf_bpe.read(tmpfile("t.json", "{")), ValueError,
    r"is not a tokenizer.json: it is not valid JSON")
raises("export.hf_bpe.read", "a WordPiece tokenizer.json",
    lambda: hf_bpe.read(tmpfile("t.json", '{"model": {"type": "WordPiece", "vocab": {}}}')), ValueError,
    r"its model is 'WordPiece', not BPE: bpe_lab.from_hf reads byte-level BPE only")
raises("export.hf_bpe.read", "vocab without the 256 bytes",
    lambda: hf_bpe.read(tmpfile("t.json", '{"model": {"vocab": {"a": 0}, "merges": []}, "pre_tokenizer": null}')),
    ValueError, r"its pre-tokenizer .* is not ByteLevel")
raises("export.hf_bpe.to_oniguruma", "pattern=5", lambda: hf_bpe.to_oniguruma(5), TypeError, r"pattern must be a str")
raises("export.hf_bpe.to_oniguruma", "a possessive interval in a group", lambda: hf_bpe.to_oniguruma(r"(\d{1,3}+)x"),
    ValueError, r"possessive interval .* Oniguruma.* write it without the possessive '\+'")
raises("export.tiktoken_file.write", "tokenizer=5", lambda: tiktoken_file.write(5, tmpfile("t.tiktoken", "")),
    TypeError, r"tiktoken_file.write writes a byte-level bpe_lab.Tokenizer, got int")
raises("export.tiktoken_file.write", "path in a missing folder",
    lambda: tiktoken_file.write(Tokenizer(), missing("t.tiktoken")), FileNotFoundError, r"the folder .* does not exist")
raises("export.tiktoken_file.write", "tiktoken's joined-bytes rule differs",
    lambda: tiktoken_file.write(Tokenizer([(b"b", b"c"), (b"a", b"b"), (b"ab", b"c")], None), tmpfile("t.tiktoken", "")),
    ValueError, r"tiktoken merges the adjacent pair whose joined bytes have the lowest rank, and on the bytes of token "
    r"b'abc' .* ends in \[b'a', b'bc'\] instead")
raises("export.tiktoken_file.ranks", "tokenizer={'a': -1.0}", lambda: tiktoken_file.ranks({"a": -1.0}), TypeError,
    r"tiktoken_file.ranks writes a byte-level bpe_lab.Tokenizer, got a Unigram model")
raises("export.tiktoken_file.ranks", "two merges make b'abc'", lambda: tiktoken_file.ranks(Tokenizer(TWICE, None)),
    ValueError, r"merge 3 makes b'abc', which an earlier merge already made, and tiktoken has one rank per token")
raises("export.tiktoken_file.load_encoding", "path=5", lambda: tiktoken_file.load_encoding(5), TypeError,
    r"path must be a file path")
raises("export.tiktoken_file.load_encoding", "missing file", lambda: tiktoken_file.load_encoding(missing("t.tiktoken")),
    FileNotFoundError, r"no tiktoken rank file at")
raises("export.tiktoken_file.load_encoding", "a line without a rank",
    lambda: tiktoken_file.load_encoding(tmpfile("t.tiktoken", "AA==\n")), ValueError,
    r"line 1: expected '<base64 token> <rank>', got 'AA=='")
raises("export.tiktoken_file.load_encoding", "pattern=5",
    lambda: tiktoken_file.load_encoding(tmpfile("t.tiktoken", "AA== 0\n"), 5), TypeError, r"pattern must be")
raises("export.tiktoken_file.load_encoding", "special_tokens=['<|x|>']",
    lambda: tiktoken_file.load_encoding(tmpfile("t.tiktoken", "AA== 0\n"), "gpt2", ["<|x|>"]), TypeError,
    r"special_tokens must be a dict name -> id")
raises("export.tiktoken_file.load_encoding", "special_tokens={'<|x|>': -1}",
    lambda: tiktoken_file.load_encoding(tmpfile("t.tiktoken", "AA== 0\n"), "gpt2", {"<|x|>": -1}), ValueError,
    r"the id of the special token '<\|x\|>' must be")
raises("export.tiktoken_file.load_encoding", "name=5",
    lambda: tiktoken_file.load_encoding(tmpfile("t.tiktoken", "AA== 0\n"), name=5), TypeError, r"name must be a str")

test_bad_input = ROWS.test()
