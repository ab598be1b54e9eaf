"""Bad-input rows for bpe_lab.gpt2: one call per row (what a row checks: conftest.py)."""

from bpe_lab import gpt2

from .conftest import Rows

ROWS = Rows("gpt2")
raises = ROWS.raises

# the same rows for gpt2.load_ranks and gpt2.load_encoding
for fn in ("load_ranks", "load_encoding"):
    raises(f"gpt2.{fn}", "name=5", lambda fn=fn: getattr(gpt2, fn)(5), TypeError,
        r"name must be one of \['cl100k_base', 'o200k_base'\], got 5 \(int\)")
    raises(f"gpt2.{fn}", "name=None", lambda fn=fn: getattr(gpt2, fn)(None), TypeError, r"name must be one of")
    raises(f"gpt2.{fn}", "name=['cl100k_base']", lambda fn=fn: getattr(gpt2, fn)(["cl100k_base"]), TypeError,
        r"name must be one of \['cl100k_base', 'o200k_base'\]")
    raises(f"gpt2.{fn}", "name='gpt2'", lambda fn=fn: getattr(gpt2, fn)("gpt2"), ValueError,
        r"name must be one of \['cl100k_base', 'o200k_base'\], got 'gpt2'.*gpt2\.load\(\)")
    raises(f"gpt2.{fn}", "name=''", lambda fn=fn: getattr(gpt2, fn)(""), ValueError, r"name must be one of")
raises("gpt2.load_encoding", "cache=1", lambda: gpt2.load_encoding("cl100k_base", cache=1), TypeError,
    r"cache must be True or False, got 1 \(int\)")
raises("gpt2.load_encoding", "cache=None", lambda: gpt2.load_encoding("cl100k_base", cache=None), TypeError,
    r"cache must be True or False, got None")
raises("gpt2.load_encoding", "cache='no'", lambda: gpt2.load_encoding("cl100k_base", cache="no"), TypeError,
    r"cache must be True or False, got 'no' \(str\)")
raises("gpt2.read_merges", "text=5", lambda: gpt2.read_merges(5), TypeError, r"text must be a str .*got int")
raises("gpt2.read_merges", "text=b'a b'", lambda: gpt2.read_merges(b"a b"), TypeError, r"text must be a str")
raises("gpt2.read_merges", "a line of three tokens", lambda: gpt2.read_merges("#version: 0.2\nh e l"), ValueError,
    r"vocab\.bpe, line 2: expected two tokens separated by one space, got 'h e l'")
raises("gpt2.read_merges", "a line with '\\x00'", lambda: gpt2.read_merges("a \x00"), ValueError,
    r"vocab\.bpe, line 1: text holds '\\x00' at index 0, which is not one of GPT-2's 256 printable")
raises("gpt2.read_token_ids", "text=5", lambda: gpt2.read_token_ids(5), TypeError, r"text must be a str .*got int")
raises("gpt2.read_token_ids", "text='{'", lambda: gpt2.read_token_ids("{"), ValueError,
    r"encoder\.json is not valid JSON")
raises("gpt2.read_token_ids", "text='[1, 2]'", lambda: gpt2.read_token_ids("[1, 2]"), ValueError,
    r"encoder\.json must hold one object mapping tokens to ids")
raises("gpt2.read_token_ids", "a token id '7'", lambda: gpt2.read_token_ids('{"a": "7"}'), ValueError,
    r"encoder\.json: token 'a': its id must be a whole number >= 0, got '7'")
raises("gpt2.read_token_ids", "a token id -1", lambda: gpt2.read_token_ids('{"a": -1}'), ValueError,
    r"encoder\.json: token 'a': its id must be a whole number >= 0, got -1")
raises("gpt2.read_token_ids", "a token '\\u0000'", lambda: gpt2.read_token_ids('{"\\u0000": 1}'), ValueError,
    r"encoder\.json: token '\\x00': text holds '\\x00'")

test_bad_input = ROWS.test()
