"""Bad-input rows for bpe_lab.tokenizer: one call per row (what a row checks: conftest.py)."""

from bpe_lab import tokenizer

from .conftest import NAN, RANKS, TMP, TOK, TOKS, tmpfile, missing, tokenizer_file, Rows

ROWS = Rows("tokenizer")
raises, documented = ROWS.raises, ROWS.documented

raises("tokenizer.Tokenizer", "merges=5", lambda: tokenizer.Tokenizer(5), TypeError,
    r"merges must be a list of \(left bytes, right bytes\) pairs, got int")
raises("tokenizer.Tokenizer", "merges=b'ab'", lambda: tokenizer.Tokenizer(b"ab"), TypeError,
    r"merges must be a list of \(left bytes, right bytes\) pairs")
raises("tokenizer.Tokenizer", "merges=[(b'a',)]", lambda: tokenizer.Tokenizer([(b"a",)]), ValueError,
    r"merges\[0\] must be a pair of non-empty bytes")
raises("tokenizer.Tokenizer", "merges=[('a', 'b')] (str)", lambda: tokenizer.Tokenizer([("a", "b")]),
    (TypeError, ValueError), r"merges\[0\] must be a pair of non-empty bytes, got \('a', 'b'\)")
raises("tokenizer.Tokenizer", "merges=[(b'a', b'')]", lambda: tokenizer.Tokenizer([(b"a", b"")]), ValueError,
    r"merges\[0\] must be a pair of non-empty bytes")
raises("tokenizer.Tokenizer", "merges using an unknown token", lambda: tokenizer.Tokenizer([(b"ab", b"c")]), ValueError,
    r"merges\[0\] = \(b'ab', b'c'\) uses a token that no earlier merge made")
raises("tokenizer.Tokenizer", "a repeated merge", lambda: tokenizer.Tokenizer([(b"a", b"b"), (b"a", b"b")]), ValueError,
    r"merges\[1\] repeats the pair")
raises("tokenizer.Tokenizer", "pattern=5", lambda: tokenizer.Tokenizer(pattern=5), TypeError,
    r"pattern must be a name such as 'gpt2' or a regex string")
raises("tokenizer.Tokenizer", "pattern='(unclosed'", lambda: tokenizer.Tokenizer(pattern="(unclosed"), ValueError,
    r"nor a valid regex")
raises("tokenizer.Tokenizer", "pattern=''", lambda: tokenizer.Tokenizer(pattern=""), ValueError,
    r"pattern '' matches the empty string")
raises("tokenizer.Tokenizer", "special_tokens=5", lambda: tokenizer.Tokenizer(special_tokens=5), TypeError,
    r"special_tokens must be a dict name -> id, got int")
raises("tokenizer.Tokenizer", "special_tokens=['<|endoftext|>']",
    lambda: tokenizer.Tokenizer(special_tokens=["<|endoftext|>"]), TypeError,
    r"special_tokens must be a dict name -> id, got list")
raises("tokenizer.Tokenizer", "special_tokens={'<x>': 3} (a byte's id)",
    lambda: tokenizer.Tokenizer(special_tokens={"<x>": 3}), ValueError,
    r"id 3 is already used by token b'\\x03'; give '<x>' an unused id, e.g. 256")
raises("tokenizer.Tokenizer", "special_tokens={'<x>': '300'}",
    lambda: tokenizer.Tokenizer(special_tokens={"<x>": "300"}), (TypeError, ValueError),
    r"the id of special token '<x>' must be a whole number >= 0, got '300'")
raises("tokenizer.Tokenizer", "special_tokens={'': 300}", lambda: tokenizer.Tokenizer(special_tokens={"": 300}),
    (TypeError, ValueError), r"a special token's name must be a non-empty str, got ''")
raises("tokenizer.Tokenizer", "token_ids=[...]", lambda: tokenizer.Tokenizer(token_ids=list(range(256))), TypeError,
    r"token_ids must be a dict bytes -> id, got list")
raises("tokenizer.Tokenizer", "token_ids={}", lambda: tokenizer.Tokenizer(token_ids={}), ValueError,
    r"token_ids must give every token a whole-number id >= 0; b'\\x00' has None")
raises("tokenizer.Tokenizer.add_special_token", "name=5", lambda: TOKS().add_special_token(5, 300), TypeError,
    r"name must be a non-empty str, got 5")
raises("tokenizer.Tokenizer.add_special_token", "name=''", lambda: TOKS().add_special_token("", 300), ValueError,
    r"name must be a non-empty str, got ''")
raises("tokenizer.Tokenizer.add_special_token", "token_id=1.5", lambda: TOKS().add_special_token("<x>", 1.5), TypeError,
    r"the id of special token '<x>' must be a whole number >= 0, got 1\.5")
raises("tokenizer.Tokenizer.add_special_token", "token_id=True", lambda: TOKS().add_special_token("<x>", True),
    TypeError, r"the id of special token '<x>' must be a whole number")
raises("tokenizer.Tokenizer.add_special_token", "token_id=-1", lambda: TOKS().add_special_token("<x>", -1), ValueError,
    r"the id of special token '<x>' must be a whole number >= 0, got -1")
raises("tokenizer.Tokenizer.add_special_token", "token_id=65 (used)", lambda: TOKS().add_special_token("<x>", 65),
    ValueError, r"id 65 is already used by token b'A'; give '<x>' an unused id, e.g. 257")
raises("tokenizer.Tokenizer.add_special_token", "a name registered twice",
    lambda: TOKS().add_special_token("<|endoftext|>", 300), ValueError,
    r"special token '<\|endoftext\|>' is already registered \(id 256\)")
raises("tokenizer.Tokenizer.train", "progress='yes'", lambda: tokenizer.Tokenizer.train("abc", 300, progress="yes"),
    TypeError, r"progress must be True or False, got 'yes' \(str\)")
raises("tokenizer.Tokenizer.train", "text=5", lambda: tokenizer.Tokenizer.train(5, 300), TypeError,
    r"text must be a str, got int")
raises("tokenizer.Tokenizer.train", "text=b'abc'", lambda: tokenizer.Tokenizer.train(b"abc", 300), TypeError,
    r"text must be a str")
raises("tokenizer.Tokenizer.train", "text=''", lambda: tokenizer.Tokenizer.train("", 300), ValueError,
    r"text is empty: pass the text to learn merges from")
raises("tokenizer.Tokenizer.train", "vocab_size=255", lambda: tokenizer.Tokenizer.train("abc", 255), ValueError,
    r"vocab_size must be at least 256 \(the byte alphabet\), got 255")
raises("tokenizer.Tokenizer.train", "vocab_size=-1", lambda: tokenizer.Tokenizer.train("abc", -1), ValueError,
    r"vocab_size must be at least 256")
raises("tokenizer.Tokenizer.train", "vocab_size=300.0", lambda: tokenizer.Tokenizer.train("abc", 300.0), TypeError,
    r"vocab_size must be a whole number of at least 256, got 300\.0")
raises("tokenizer.Tokenizer.train", "vocab_size='300'", lambda: tokenizer.Tokenizer.train("abc", "300"), TypeError,
    r"vocab_size must be a whole number")
raises("tokenizer.Tokenizer.train", "vocab_size=True", lambda: tokenizer.Tokenizer.train("abc", True), TypeError,
    r"vocab_size must be a whole number")
raises("tokenizer.Tokenizer.train", "vocab_size=nan", lambda: tokenizer.Tokenizer.train("abc", NAN), TypeError,
    r"vocab_size must be a whole number")
documented("tokenizer.Tokenizer.train", "vocab_size=10**12", lambda: tokenizer.Tokenizer.train("abc abc", 10**12),
    lambda t: len(t.merges) == 3, "a tokenizer with the 3 merges there are",
    r"stops early if every chunk has become a single token")
raises("tokenizer.Tokenizer.train", "pattern=5", lambda: tokenizer.Tokenizer.train("abc", 300, pattern=5), TypeError,
    r"pattern must be a name")
raises("tokenizer.Tokenizer.train", "tie_break='first'",
    lambda: tokenizer.Tokenizer.train("abc", 300, tie_break="first"), ValueError,
    r"tie_break must be one of \('smallest', 'hf'\)")
raises("tokenizer.Tokenizer.train", "tie_break=5", lambda: tokenizer.Tokenizer.train("abc", 300, tie_break=5),
    TypeError, r"tie_break must be one of")
raises("tokenizer.Tokenizer.train", "text='a\\ud800b' (lone surrogate)",
    lambda: tokenizer.Tokenizer.train("a\ud800b", 300), ValueError,
    r"text contains a lone surrogate U\+D800 at index 1")
raises("tokenizer.Tokenizer.from_ranks", "mergeable_ranks=5", lambda: tokenizer.Tokenizer.from_ranks(5, "gpt2"),
    TypeError, r"mergeable_ranks must be a dict bytes -> rank, got int")
raises("tokenizer.Tokenizer.from_ranks", "mergeable_ranks={}", lambda: tokenizer.Tokenizer.from_ranks({}, "gpt2"),
    ValueError, r"mergeable_ranks must hold all 256 single bytes, it holds 0")
raises("tokenizer.Tokenizer.from_ranks", "pattern=5", lambda: tokenizer.Tokenizer.from_ranks(RANKS, 5), TypeError,
    r"pattern must be a name")
raises("tokenizer.Tokenizer.from_ranks", "str keys",
    lambda: tokenizer.Tokenizer.from_ranks({chr(b): b for b in range(256)}, "gpt2"), TypeError,
    r"mergeable_ranks must map bytes to ranks, got the key '\\x00' \(str\)")
raises("tokenizer.Tokenizer.from_ranks", "a rank '1'",
    lambda: tokenizer.Tokenizer.from_ranks({**RANKS, b"\x01": "1"}, "gpt2"), (TypeError, ValueError),
    r"mergeable_ranks\[b'\\x01'\] must be a whole number >= 0, got '1'")
raises("tokenizer.Tokenizer.from_ranks", "two tokens with rank 5",
    lambda: tokenizer.Tokenizer.from_ranks({**RANKS, b"ab": 5}, "gpt2"), ValueError,
    r"mergeable_ranks gives rank 5 to both b'\\x05' and b'ab'")
documented("tokenizer.Tokenizer.from_ranks", "a token no merge can make",
    lambda: tokenizer.Tokenizer.from_ranks({**RANKS, b"xyz": 256}, "gpt2"), lambda t: t.unmergeable == [b"xyz"],
    "a tokenizer with .unmergeable == [b'xyz']",
    r"such tokens are kept out of the merges and listed in ``\.unmergeable``")
# the same rows for tokenizer.Tokenizer.encode and tokenizer.Tokenizer.encode_ordinary
for fn in ("encode", "encode_ordinary"):
    raises(f"tokenizer.Tokenizer.{fn}", "text=5", lambda fn=fn: getattr(TOK(), fn)(5), TypeError,
        r"text must be a str, got int")
    raises(f"tokenizer.Tokenizer.{fn}", "text=None", lambda fn=fn: getattr(TOK(), fn)(None), TypeError,
        r"text must be a str")
    raises(f"tokenizer.Tokenizer.{fn}", "text=b'hi'", lambda fn=fn: getattr(TOK(), fn)(b"hi"), TypeError,
        r"text must be a str")
    raises(f"tokenizer.Tokenizer.{fn}", "text='a\\ud800' (lone surrogate)", lambda fn=fn: getattr(TOK(), fn)("a\ud800"),
        ValueError, r"text contains a lone surrogate U\+D800 at index 1, which UTF-8 cannot encode")
raises("tokenizer.Tokenizer.encode", "'<|endoftext|>' not allowed", lambda: TOKS().encode("a<|endoftext|>"), ValueError,
    r"the text contains the special token '<\|endoftext\|>'\. To encode it as its id 256, pass allowed_special")
raises("tokenizer.Tokenizer.encode", "allowed_special=5", lambda: TOKS().encode("a", allowed_special=5), TypeError,
    r"allowed_special must be \"none\", \"all\" or a set of names, got 5")
raises("tokenizer.Tokenizer.encode", "allowed_special={'<|nope|>'}",
    lambda: TOKS().encode("a", allowed_special={"<|nope|>"}), ValueError,
    r"allowed_special names tokens this tokenizer does not have: \['<\|nope\|>'\]")
raises("tokenizer.Tokenizer.encode", "allowed_special='bogus', no special tokens",
    lambda: TOK().encode("a", allowed_special="bogus"), (TypeError, ValueError),
    r"allowed_special must be \"none\", \"all\" or a set of names")
documented("tokenizer.Tokenizer.encode", "text=''", lambda: TOK().encode(""), lambda v: v == [], "[]",
    r"empty text gives \[\]")
raises("tokenizer.Tokenizer.decode_bytes", "ids='abc'", lambda: TOK().decode_bytes("abc"), TypeError,
    r"ids must be a list of integers, got str")
raises("tokenizer.Tokenizer.decode_bytes", "ids=None", lambda: TOK().decode_bytes(None), TypeError,
    r"ids must be a list of integers")
raises("tokenizer.Tokenizer.decode_bytes", "ids=5", lambda: TOK().decode_bytes(5), TypeError,
    r"ids must be a list of integers, got int")
raises("tokenizer.Tokenizer.decode_bytes", "ids=[300] (unknown id)", lambda: TOK().decode_bytes([104, 300]), ValueError,
    r"ids\[1\] = 300 is not a token id of this tokenizer \(ids run from 0 to 255\)")
raises("tokenizer.Tokenizer.decode_bytes", "ids=[-1]", lambda: TOK().decode_bytes([-1]), ValueError,
    r"ids\[0\] = -1 is not a token id")
raises("tokenizer.Tokenizer.decode_bytes", "ids=[10**30]", lambda: TOK().decode_bytes([10**30]), ValueError,
    r"ids\[0\] = 10+ is not a token id")
raises("tokenizer.Tokenizer.decode_bytes", "ids=[True]", lambda: TOK().decode_bytes([True]), TypeError,
    r"ids\[0\] must be an integer")
raises("tokenizer.Tokenizer.decode_bytes", "ids=[1.0]", lambda: TOK().decode_bytes([1.0]), TypeError,
    r"ids\[0\] must be an integer")
raises("tokenizer.Tokenizer.decode_bytes", "ids=[nan]", lambda: TOK().decode_bytes([NAN]), TypeError,
    r"ids\[0\] must be an integer")
raises("tokenizer.Tokenizer.decode_bytes", "ids=[[1]]", lambda: TOK().decode_bytes([[1]]), TypeError,
    r"ids\[0\] must be an integer")
raises("tokenizer.Tokenizer.decode", "ids='abc'", lambda: TOK().decode("abc"), TypeError,
    r"ids must be a list of integers")
raises("tokenizer.Tokenizer.decode", "ids=[300]", lambda: TOK().decode([300]), ValueError,
    r"ids\[0\] = 300 is not a token id")
documented("tokenizer.Tokenizer.decode", "ids=[195] (half a character)", lambda: TOK().decode([195]),
    lambda v: v == "\ufffd", "'\\ufffd'", r"not valid UTF-8 \(a cut-off character\) become '\ufffd'")
raises("tokenizer.Tokenizer.token_bytes", "token_id='a'", lambda: TOK().token_bytes("a"), TypeError,
    r"token_id must be an integer")
raises("tokenizer.Tokenizer.token_bytes", "token_id=300", lambda: TOK().token_bytes(300), ValueError,
    r"token_id = 300 is not a token id")
raises("tokenizer.Tokenizer.token_bytes", "token_id=None", lambda: TOK().token_bytes(None), TypeError,
    r"token_id must be an integer")
raises("tokenizer.Tokenizer.token_bytes", "token_id=[1, 2]", lambda: TOK().token_bytes([1, 2]), TypeError,
    r"token_id must be an integer")
raises("tokenizer.Tokenizer.save", "path=5", lambda: TOK().save(5), TypeError,
    r"path must be a file path \(a str or pathlib\.Path\), got int")
raises("tokenizer.Tokenizer.save", "path=None", lambda: TOK().save(None), TypeError, r"path must be a file path")
raises("tokenizer.Tokenizer.save", "a missing folder", lambda: TOK().save(missing("t.json")), FileNotFoundError,
    r"cannot save to .*: the folder .* does not exist")
raises("tokenizer.Tokenizer.save", "a folder", lambda: TOK().save(TMP), IsADirectoryError,
    r"cannot save to .*: it is a folder; give a file name")
raises("tokenizer.Tokenizer.load", "path=5", lambda: tokenizer.Tokenizer.load(5), TypeError,
    r"path must be a file path \(a str or pathlib\.Path\), got int")
raises("tokenizer.Tokenizer.load", "a missing file", lambda: tokenizer.Tokenizer.load(missing("t.json")),
    FileNotFoundError, r"no tokenizer file at ")
raises("tokenizer.Tokenizer.load", "a folder", lambda: tokenizer.Tokenizer.load(TMP), IsADirectoryError,
    r"is a folder, not a tokenizer file")
raises("tokenizer.Tokenizer.load", "an empty file", lambda: tokenizer.Tokenizer.load(tmpfile("empty.json", "")),
    ValueError, r"empty\.json is empty \(0 bytes\)")
raises("tokenizer.Tokenizer.load", "not JSON", lambda: tokenizer.Tokenizer.load(tmpfile("junk.json", "merges: none")),
    ValueError, r"junk\.json is not a BPE Lab tokenizer file: it is not valid JSON")
raises("tokenizer.Tokenizer.load", "truncated JSON",
    lambda: tokenizer.Tokenizer.load(tmpfile("cut.json", '{"format": "bpe_lab.tokenizer", "vers')), ValueError,
    r"cut\.json is not a BPE Lab tokenizer file: it is not valid JSON: it ends in the middle")
raises("tokenizer.Tokenizer.load", "not UTF-8",
    lambda: tokenizer.Tokenizer.load(tmpfile("latin1.json", b'{"a": "\xe9"}')), ValueError, r"it is not UTF-8 text")
raises("tokenizer.Tokenizer.load", "a JSON list", lambda: tokenizer.Tokenizer.load(tmpfile("list.json", "[]")),
    ValueError, r"list\.json is not a BPE Lab tokenizer file: it holds a JSON list")
raises("tokenizer.Tokenizer.load", "version 99",
    lambda: tokenizer.Tokenizer.load(tokenizer_file("v99.json", version=99)), ValueError,
    r"v99\.json has format version 99; this bpe_lab reads version 1.*update bpe_lab")
raises("tokenizer.Tokenizer.load", "merges='x'",
    lambda: tokenizer.Tokenizer.load(tokenizer_file("m1.json", merges="x")), ValueError,
    r"m1\.json: \"merges\" must be a list of \[left, right\] pairs")
raises("tokenizer.Tokenizer.load", "merges=[['a']]",
    lambda: tokenizer.Tokenizer.load(tokenizer_file("m2.json", merges=[["a"]])), ValueError,
    r"m2\.json: merges\[0\] must be a pair of non-empty strings")
raises("tokenizer.Tokenizer.load", "a merge using an unknown token",
    lambda: tokenizer.Tokenizer.load(tokenizer_file("m3.json", merges=[["ab", "c"]])), ValueError,
    r"m3\.json: merges\[0\] = \(b'ab', b'c'\) uses a token that no earlier merge made")
raises("tokenizer.Tokenizer.load", "a merge with '\\u0000'",
    lambda: tokenizer.Tokenizer.load(tokenizer_file("m4.json", merges=[["\x00", "a"]])), ValueError,
    r"m4\.json: merges\[0\]: .*not one of GPT-2's 256 printable")
raises("tokenizer.Tokenizer.load", "pattern=5", lambda: tokenizer.Tokenizer.load(tokenizer_file("p.json", pattern=5)),
    ValueError, r"p\.json: pattern must be a name such as \"gpt2\", a regex string or null")
raises("tokenizer.Tokenizer.load", "special_tokens={'<x>': 'y'}",
    lambda: tokenizer.Tokenizer.load(tokenizer_file("s.json", special_tokens={"<x>": "y"})), ValueError,
    r"s\.json: the id of special token '<x>' must be a whole number")
raises("tokenizer.Tokenizer.load", "token_ids=[1, 2]",
    lambda: tokenizer.Tokenizer.load(tokenizer_file("i.json", token_ids=[1, 2])), ValueError,
    r"i\.json: \"token_ids\" has 2 ids for 256 tokens")

test_bad_input = ROWS.test()
