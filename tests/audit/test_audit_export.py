"""Bad-input rows for bpe_lab.export: one call per row (what a row checks: conftest.py)."""

from bpe_lab import export
from bpe_lab.export import hf_unigram, hf_wordpiece
from bpe_lab.export import hf_bpe, tiktoken_file
from bpe_lab.storage import FileFormatError
from bpe_lab.tokenizer import Tokenizer

from .conftest import TMP, Rows, missing, tmpfile

ROWS = Rows("export")
raises, documented = ROWS.raises, ROWS.documented

raises("export.to_hf", "obj=5", lambda: export.to_hf(5, tmpfile("t.json", "")), TypeError,
    r"to_hf exports a byte-level bpe_lab.Tokenizer, a WordPiece vocabulary .* got int")
raises("export.to_hf", "obj=[]", lambda: export.to_hf([], tmpfile("t.json", "")), TypeError,
    r"to_hf exports .* got list")
raises("export.to_hf", "path=a file, not a folder", lambda: export.to_hf(Tokenizer(), tmpfile("t.txt", "")),
    FileExistsError, r"cannot save to .*t\.txt: it is a file, not a folder; to write the tokenizer.json alone, give a "
    r"path ending in .json")
raises("export.to_hf", "path=a folder in a missing folder", lambda: export.to_hf(Tokenizer(), missing("out")),
    FileNotFoundError, r"cannot save to .*: the folder .* does not exist")
raises("export.to_hf", "path=5", lambda: export.to_hf(Tokenizer(), 5), TypeError, r"path must be a file path")
raises("export.roles", "obj=5", lambda: export.roles(5), TypeError, r"to_hf exports a byte-level bpe_lab.Tokenizer")
raises("export.roles", "a WordPiece vocabulary without [CLS]", lambda: export.roles(["[UNK]", "[SEP]", "a"]),
    ValueError, r"vocab \(a WordPiece vocabulary\) lacks \[CLS\]")
raises("export.special_tokens", "obj=None", lambda: export.special_tokens(None), TypeError, r"to_hf exports .* got NoneType")
raises("export.special_tokens", "a Unigram model with a space in a piece", lambda: export.special_tokens({"a b": -1.0}),
    ValueError, r"the piece 'a b' of log_probs holds a space")
raises("export.encode_with_specials", "encode=5", lambda: export.encode_with_specials(5, "a", {}), TypeError,
    r"encode must be a function text -> ids")
raises("export.encode_with_specials", "text=b'a'", lambda: export.encode_with_specials(list, b"a", {}), TypeError,
    r"text must be a str, got bytes")
raises("export.encode_with_specials", "special_tokens=['<s>']", lambda: export.encode_with_specials(list, "a", ["<s>"]),
    TypeError, r"special_tokens must be a dict name -> id")
raises("export.encode_with_specials", "special_tokens={'': 1}", lambda: export.encode_with_specials(list, "a", {"": 1}),
    TypeError, r"special_tokens must be a dict name -> id")
documented("export.encode_with_specials", "text=''", lambda: export.encode_with_specials(list, "", {"<s>": 1}),
    lambda ids: ids == [], "[]", r"each stretch between them is encoded alone")
raises("export.from_hf", "path=5", lambda: export.from_hf(5), TypeError, r"path must be")
raises("export.to_tiktoken", "tokenizer={'a': -1.0}", lambda: export.to_tiktoken({"a": -1.0}, tmpfile("t.tiktoken", "")),
    TypeError, r"tiktoken_file.write writes a byte-level bpe_lab.Tokenizer, got a Unigram model")
raises("export.to_sentencepiece", "model=['a']",
    lambda: export.to_sentencepiece(["a"], tmpfile("t.model", "")), TypeError,
    r"to_sentencepiece writes a Unigram model .* or a SentencePiece BPE model .*, got a WordPiece vocabulary")


# byte-level BPE: tokenizer.json and tiktoken rank files (hf_bpe, tiktoken_file)
TWICE = [(b"a", b"b"), (b"ab", b"c"), (b"b", b"c"), (b"a", b"bc")]  # merges 1 and 3 both make b"abc"
raises("export.hf_bpe.write", "tokenizer=['[UNK]', 'a']", lambda: hf_bpe.write(["[UNK]", "a"], tmpfile("t.json", "")),
    TypeError, r"cannot write a WordPiece vocabulary as a tokenizer.json: pass a byte-level bpe_lab.Tokenizer")
raises("export.hf_bpe.write", "path in a missing folder", lambda: hf_bpe.write(Tokenizer(), missing("t.json")),
    FileNotFoundError, r"cannot save to .*: the folder .* does not exist")
raises("export.hf_bpe.write", "path=5", lambda: hf_bpe.write(Tokenizer(), 5), TypeError, r"path must be a file path")
raises("export.hf_bpe.write", "two merges make b'abc'", lambda: hf_bpe.write(Tokenizer(TWICE, None), tmpfile("t.json", "")),
    ValueError, r"merge 3 makes b'abc', which an earlier merge already made, and a tokenizer.json holds one id per token")
raises("export.hf_bpe.read", "path=5", lambda: hf_bpe.read(5), TypeError, r"path must be a file path")
raises("export.hf_bpe.read", "missing file", lambda: hf_bpe.read(missing("t.json")), FileNotFoundError,
    r"no tokenizer.json at")
raises("export.hf_bpe.read", "not JSON", lambda: hf_bpe.read(tmpfile("t.json", "{")), FileFormatError,
    r"t\.json is not a whole tokenizer.json: its JSON ends in the middle \(line 1, column 2")
raises("export.hf_bpe.read", "an empty file", lambda: hf_bpe.read(tmpfile("t.json", "")), FileFormatError,
    r"t\.json is empty \(0 bytes\)")
raises("export.hf_bpe.read", "a WordPiece tokenizer.json",
    lambda: hf_bpe.read(tmpfile("t.json", '{"model": {"type": "WordPiece", "vocab": {}}}')), FileFormatError,
    r"t\.json is not byte-level BPE: its model is 'WordPiece'; bpe_lab.from_hf reads byte-level BPE only")
raises("export.hf_bpe.read", "vocab without the 256 bytes",
    lambda: hf_bpe.read(tmpfile("t.json", '{"model": {"vocab": {"a": 0}, "merges": []}, "pre_tokenizer": null}')),
    FileFormatError, r"t\.json has a pre-tokenizer .* that is not ByteLevel")
_DOC = '{"model": {"vocab": %s, "merges": %s}, "added_tokens": %s}'
raises("export.hf_bpe.read", "a token twice",
    lambda: hf_bpe.read(tmpfile("t.json", _DOC % ('{"a": 0,\n "a": 1}', "[]", "[]"))), FileFormatError,
    r"t\.json holds the key 'a' twice in one object \(line 2\)")
raises("export.hf_bpe.read", "an id twice", lambda: hf_bpe.read(tmpfile("t.json", _DOC % ('{"a": 0, "b": 0}', "[]", "[]"))),
    FileFormatError, r"t\.json has the id 0 twice in its vocab, for 'a' and 'b'")
raises("export.hf_bpe.read", "an id missing", lambda: hf_bpe.read(tmpfile("t.json", _DOC % ('{"a": 0, "b": 2}', "[]", "[]"))),
    FileFormatError, r"t\.json has a gap in its vocab's ids: no token has id 1")
raises("export.hf_bpe.read", "an id -1", lambda: hf_bpe.read(tmpfile("t.json", _DOC % ('{"a": -1}', "[]", "[]"))),
    FileFormatError, r"t\.json has the id -1 for the token 'a' in its vocab: ids are whole numbers >= 0")
raises("export.hf_bpe.read", "a merge of three tokens",
    lambda: hf_bpe.read(tmpfile("t.json", _DOC % ('{"a": 0}', '["a b c"]', "[]"))), FileFormatError,
    r"t\.json holds merges\[0\] = 'a b c', which is not two tokens")
raises("export.hf_bpe.read", "an added token without an id",
    lambda: hf_bpe.read(tmpfile("t.json", _DOC % ('{"a": 0}', "[]", '[{"content": "<s>"}]'))), FileFormatError,
    r"t\.json holds added_tokens\[0\] = .* which needs a \"content\" \(its text\) and an \"id\"")
raises("export.hf_bpe.read", "not UTF-8", lambda: hf_bpe.read(tmpfile("t.json", b"\xff\xfe")), FileFormatError,
    r"t\.json is not a tokenizer.json: it is not UTF-8 text \(byte 0xff at position 0\)")
raises("export.hf_bpe.to_oniguruma", "pattern=5", lambda: hf_bpe.to_oniguruma(5), TypeError, r"pattern must be a str")
raises("export.hf_bpe.to_oniguruma", "a possessive interval in a group", lambda: hf_bpe.to_oniguruma(r"(\d{1,3}+)x"),
    ValueError, r"possessive interval .* Oniguruma.* write it without the possessive '\+'")
raises("export.hf_bpe.tokenizer_json", "tokenizer=['a']", lambda: hf_bpe.tokenizer_json(["a"]), TypeError,
    r"cannot write a WordPiece vocabulary as a tokenizer.json: pass a byte-level bpe_lab.Tokenizer")
raises("export.hf_bpe.tokenizer_json", "two merges make b'abc'", lambda: hf_bpe.tokenizer_json(Tokenizer(TWICE, None)),
    ValueError, r"merge 3 makes b'abc', which an earlier merge already made")
raises("export.hf_wordpiece.tokenizer_json", "vocab=5", lambda: hf_wordpiece.tokenizer_json(5), TypeError,
    r"vocab \(a WordPiece vocabulary\) must be a wordpiece.train result")
raises("export.hf_wordpiece.tokenizer_json", "vocab without [SEP]", lambda: hf_wordpiece.tokenizer_json(["[UNK]", "[CLS]"]),
    ValueError, r"lacks \[SEP\]")
raises("export.hf_unigram.tokenizer_json", "log_probs=5", lambda: hf_unigram.tokenizer_json(5), TypeError,
    r"log_probs \(a Unigram model\) must be a unigram.train result or a dict")
raises("export.hf_unigram.tokenizer_json", "log_probs={'<s>': -1.0}", lambda: hf_unigram.tokenizer_json({"<s>": -1.0}),
    ValueError, r"the piece '<s>' of log_probs is reserved")
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

_WP = ["[UNK]", "[CLS]", "[SEP]", "a"]
raises("export.hf_wordpiece.write", "vocab=5", lambda: hf_wordpiece.write(5, tmpfile("t.json", "")), TypeError,
    r"vocab \(a WordPiece vocabulary\) must be a wordpiece.train result, a list of pieces .* got int")
raises("export.hf_wordpiece.write", "vocab=[]", lambda: hf_wordpiece.write([], tmpfile("t.json", "")), ValueError,
    r"vocab \(a WordPiece vocabulary\) is empty")
raises("export.hf_wordpiece.write", "vocab without [UNK]",
    lambda: hf_wordpiece.write(["[CLS]", "[SEP]", "a"], tmpfile("t.json", "")), ValueError,
    r"vocab \(a WordPiece vocabulary\) lacks \[UNK\]")
raises("export.hf_wordpiece.write", "vocab with 'a b'",
    lambda: hf_wordpiece.write(_WP + ["a b"], tmpfile("t.json", "")), ValueError, r"vocab\[4\] = .* holds whitespace")
raises("export.hf_wordpiece.write", "vocab with a piece twice",
    lambda: hf_wordpiece.write(_WP + ["a"], tmpfile("t.json", "")), ValueError, r"vocab\[4\] = 'a' is listed twice")
raises("export.hf_wordpiece.write", "vocab={'[UNK]': 0, '[CLS]': 1, '[SEP]': 5}",
    lambda: hf_wordpiece.write({"[UNK]": 0, "[CLS]": 1, "[SEP]": 5}, tmpfile("t.json", "")), ValueError,
    r"vocab, a dict, must map its pieces to the ids 0…n-1")
raises("export.hf_wordpiece.write", "path=5", lambda: hf_wordpiece.write(_WP, 5), TypeError, r"path must be a file path")
raises("export.hf_wordpiece.write_vocab_txt", "vocab=[]", lambda: hf_wordpiece.write_vocab_txt([], tmpfile("v.txt", "")),
    ValueError, r"vocab \(a WordPiece vocabulary\) is empty")
raises("export.hf_wordpiece.write_vocab_txt", "vocab with '\\ud800'",
    lambda: hf_wordpiece.write_vocab_txt(_WP + ["\ud800"], tmpfile("v.txt", "")), ValueError,
    r"vocab\[4\] = .* holds a lone surrogate")
raises("export.hf_wordpiece.write_vocab_txt", "path=folder", lambda: hf_wordpiece.write_vocab_txt(_WP, TMP),
    IsADirectoryError, r"cannot save to .*: it is a folder")
for _target, _write in [("export.hf_unigram.write", hf_unigram.write)]:  # sentencepiece.model_file.write: its own file
    raises(_target, "log_probs={}", lambda w=_write: w({}, tmpfile("m", "")), ValueError,
        r"log_probs \(a Unigram model\) has no pieces")
    raises(_target, "log_probs=['a']", lambda w=_write: w(["a"], tmpfile("m", "")), TypeError,
        r"log_probs \(a Unigram model\) must be a unigram.train result or a dict .* got list")
    raises(_target, "log_probs={'▁a b': -1.0}", lambda w=_write: w({"▁a b": -1.0}, tmpfile("m", "")), ValueError,
        r"the piece '▁a b' of log_probs holds a space, .* write '▁' instead")
    raises(_target, "log_probs={'<unk>': -1.0}", lambda w=_write: w({"<unk>": -1.0}, tmpfile("m", "")), ValueError,
        r"the piece '<unk>' of log_probs is reserved")
    raises(_target, "log_probs={'\\udc80': -1.0}", lambda w=_write: w({"\udc80": -1.0}, tmpfile("m", "")), ValueError,
        r"of log_probs holds a lone surrogate")
    raises(_target, "log_probs={'a': nan}", lambda w=_write: w({"a": float("nan")}, tmpfile("m", "")), ValueError,
        r"log_probs: the log-probability of 'a' must be a finite number at most 0, got nan")
    raises(_target, "log_probs={'a': 0.5}", lambda w=_write: w({"a": 0.5}, tmpfile("m", "")), ValueError,
        r"log_probs: the log-probability of 'a' must be a finite number at most 0, got 0.5")
    raises(_target, "log_probs={'a': -1e39}", lambda w=_write: w({"a": -1e39}, tmpfile("m", "")), ValueError,
        r"below what a 32-bit float holds")
    raises(_target, "log_probs={'a': 0, 'b': 1} (ids)", lambda w=_write: w({"a": 0, "b": 1}, tmpfile("m", "")),
        TypeError, r"log_probs \(a Unigram model\) maps pieces to log-probabilities; this dict maps them to the ids")
    raises(_target, "path=missing folder", lambda w=_write: w({"a": -1.0}, TMP / "missing" / "m"), FileNotFoundError,
        r"cannot save to .*: the folder .* does not exist")

# reading tiktoken rank files: damaged files are FileFormatErrors naming the file and line, before tiktoken sees them
_RANKS_FILE = lambda: tiktoken_file.write(Tokenizer([(b"a", b"b"), (b"ab", b"c")], None),  # noqa: E731
                                          TMP / "whole.tiktoken").read_text()  # 256 bytes, "YWI= 256", "YWJj 257"
_read = tiktoken_file.read
raises("export.tiktoken_file.read", "path=5", lambda: _read(5), TypeError, r"path must be a file path")
raises("export.tiktoken_file.read", "a missing file", lambda: _read(missing("t.tiktoken")), FileNotFoundError,
    r"no tiktoken rank file at")
raises("export.tiktoken_file.read", "a folder", lambda: _read(TMP), IsADirectoryError,
    r"is a folder, not a tiktoken rank file")
raises("export.tiktoken_file.read", "an empty file", lambda: _read(tmpfile("empty.tiktoken", "")), ValueError,
    r"empty\.tiktoken is empty: a tiktoken rank file has one line per token, '<base64 token> <rank>'")
raises("export.tiktoken_file.read", "cut inside its last line",
    lambda: _read(tmpfile("cut.tiktoken", _RANKS_FILE()[:-2])), ValueError,
    r"cut\.tiktoken, line 258: rank 25 where rank 257 belongs \(rank 25 is already on line 26\)")
raises("export.tiktoken_file.read", "cut before the 256 bytes end",
    lambda: _read(tmpfile("short.tiktoken", "".join(_RANKS_FILE().splitlines(True)[:200]))), ValueError,
    r"short\.tiktoken has no rank for 56 of the 256 bytes \(the first: b'\\xc8'\) after its last line, 200")
raises("export.tiktoken_file.read", "a token twice",
    lambda: _read(tmpfile("twice.tiktoken", _RANKS_FILE() + "YWI= 258\n")), ValueError,
    r"twice\.tiktoken, line 259: the token b'ab' is already on line 257: each token has one rank")
raises("export.tiktoken_file.read", "a line repeated",
    lambda: _read(tmpfile("again.tiktoken", _RANKS_FILE() + "YWI= 256\n")), ValueError,
    r"again\.tiktoken, line 259: rank 256 where rank 258 belongs \(rank 256 is already on line 257\)")
raises("export.tiktoken_file.read", "a gap in the ranks",
    lambda: _read(tmpfile("gap.tiktoken", _RANKS_FILE().replace("YWI= 256\n", ""))), ValueError,
    r"gap\.tiktoken, line 257: rank 257 where rank 256 belongs \(no line gives rank 256\)")
raises("export.tiktoken_file.read", "not base64", lambda: _read(tmpfile("b64.tiktoken", _RANKS_FILE() + "a*b? 258\n")),
    ValueError, r"b64\.tiktoken, line 259: expected '<base64 token> <rank>', got 'a\*b\? 258'")
raises("export.tiktoken_file.read", "not ASCII",
    lambda: _read(tmpfile("bytes.tiktoken", _RANKS_FILE().encode() + b"\xff 258\n")), ValueError,
    r"bytes\.tiktoken, line 259: not ASCII text")
raises("export.tiktoken_file.read", "a token no merge makes",
    lambda: _read(tmpfile("xyz.tiktoken", _RANKS_FILE() + "eHl6 258\n")), ValueError,
    r"xyz\.tiktoken, line 259: the token b'xyz' \(rank 258\) is not two tokens of lower rank joined")
raises("export.tiktoken_file.load_encoding", "a rank given twice (a Rust panic in tiktoken)",
    lambda: tiktoken_file.load_encoding(tmpfile("cut.tiktoken", _RANKS_FILE()[:-2])), ValueError,
    r"cut\.tiktoken, line 258: rank 25 where rank 257 belongs")
raises("export.tiktoken_file.load_encoding", "an empty file (max() of nothing in tiktoken)",
    lambda: tiktoken_file.load_encoding(tmpfile("empty.tiktoken", "")), ValueError, r"empty\.tiktoken is empty")
raises("export.tiktoken_file.load_encoding", "cut at a line boundary: special tokens past the ranks",
    lambda: tiktoken_file.load_encoding(tmpfile("cut.tiktoken", _RANKS_FILE().replace("YWJj 257\n", "")), "gpt2",
                                        {"<|endoftext|>": 258}), ValueError,
    r"cut\.tiktoken has ranks 0…256 \(257 tokens\), but the special tokens start at id 258 \('<\|endoftext\|>'\): "
    r"id 257 has no token\. Is the file cut short\?")
raises("export.tiktoken_file.load_encoding", "a special token among the ranks",
    lambda: tiktoken_file.load_encoding(tmpfile("t.tiktoken", _RANKS_FILE()), "gpt2", {"<|endoftext|>": 5}),
    ValueError, r"t\.tiktoken has ranks 0…257, and the special token '<\|endoftext\|>' has the id 5, which a token "
    r"of the file has")
raises("export.tiktoken_file.load_encoding", "two special tokens with one id",
    lambda: tiktoken_file.load_encoding(tmpfile("t.tiktoken", _RANKS_FILE()), "gpt2", {"<|a|>": 258, "<|b|>": 258}),
    ValueError, r"special_tokens gives the id 258 to both '<\|a\|>' and '<\|b\|>'")

test_bad_input = ROWS.test()
