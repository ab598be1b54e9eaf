"""Bad-input rows for bpe_lab.ranks: one call per row (what a row checks: conftest.py)."""

from bpe_lab import ranks

from .conftest import RANKS, Rows

ROWS = Rows("ranks")
raises, documented = ROWS.raises, ROWS.documented

raises("ranks.merges_from_ranks", "mergeable_ranks=5", lambda: ranks.merges_from_ranks(5), TypeError,
    r"mergeable_ranks must be a dict bytes -> rank, got int")
raises("ranks.merges_from_ranks", "mergeable_ranks={}", lambda: ranks.merges_from_ranks({}), ValueError,
    r"mergeable_ranks must hold all 256 single bytes, it holds 0")
raises("ranks.merges_from_ranks", "str keys", lambda: ranks.merges_from_ranks({chr(b): b for b in range(256)}),
    TypeError, r"mergeable_ranks must map bytes to ranks, got the key '\\x00' \(str\)")
raises("ranks.merges_from_ranks", "a rank -1", lambda: ranks.merges_from_ranks({**RANKS, b"ab": -1}), ValueError,
    r"mergeable_ranks\[b'ab'\] must be a whole number >= 0, got -1")
raises("ranks.merges_from_ranks", "two tokens with rank 5", lambda: ranks.merges_from_ranks({**RANKS, b"ab": 5}),
    ValueError, r"mergeable_ranks gives rank 5 to both b'\\x05' and b'ab'")
documented("ranks.merges_from_ranks", "a token no merge can make",
    lambda: ranks.merges_from_ranks({**RANKS, b"xyz": 256}),
    lambda v: v[0] == [] and v[2] == [b"xyz"], "([], {...}, [b'xyz'])", r"it is kept out of the\s+merges")

test_bad_input = ROWS.test()
