"""Bad-input rows for bpe_lab.segmentation: one call per row (what a row checks: conftest.py)."""

import random

from bpe_lab import segmentation

from .conftest import BIG, INF, MERGES, NAN, Rows

ROWS = Rows("segmentation")
raises, documented = ROWS.raises, ROWS.documented
VOCAB = {"h", "u", "g", "ug"}
BYTE_MERGES = [(b" ", b"t"), (b"h", b"e")]

raises("segmentation.fewest_tokens", "vocab='hug'", lambda: segmentation.fewest_tokens("hug", "hug"), TypeError,
    r"vocab must be a collection of pieces \(a set, list or dict of str or bytes\).*not one str")
raises("segmentation.fewest_tokens", "vocab=None", lambda: segmentation.fewest_tokens("hug", None), TypeError,
    r"vocab must be a collection of pieces.*got NoneType")
raises("segmentation.fewest_tokens", "vocab=[]", lambda: segmentation.fewest_tokens("hug", []), ValueError,
    r"vocab is empty: pass the pieces of a vocabulary")
raises("segmentation.fewest_tokens", "vocab=['h', 5]", lambda: segmentation.fewest_tokens("hug", ["h", 5]), TypeError,
    r"vocab must hold pieces \(str or bytes\), got 5 \(int\)")
raises("segmentation.fewest_tokens", "vocab=['h', b'u']", lambda: segmentation.fewest_tokens("hug", ["h", b"u"]),
    TypeError, r"vocab must hold str pieces or bytes pieces, not both")
raises("segmentation.fewest_tokens", "vocab=['h', '']", lambda: segmentation.fewest_tokens("hug", ["h", ""]),
    ValueError, r"vocab holds an empty piece")
raises("segmentation.fewest_tokens", "text=5", lambda: segmentation.fewest_tokens(5, VOCAB), TypeError,
    r"text must be a str or bytes, got 5 \(int\)")
raises("segmentation.fewest_tokens", "text=b'hug' (str pieces)", lambda: segmentation.fewest_tokens(b"hug", VOCAB),
    TypeError, r"text is bytes but the vocabulary holds str pieces; pass both as str or both as bytes")
raises("segmentation.fewest_tokens", "text='hugs' ('s' in no piece)",
    lambda: segmentation.fewest_tokens("hugs", VOCAB), ValueError,
    r"the vocabulary cannot spell the text 'hugs': no piece holds 's' at position 3")
raises("segmentation.fewest_tokens", "text=10 MB of 'x'", lambda: segmentation.fewest_tokens(BIG, VOCAB), ValueError,
    r"the vocabulary cannot spell the text 'xxx.*': no piece holds 'x' at position 0")
raises("segmentation.fewest_tokens", "text='hu', vocab={'h', 'uu'} (no path)",
    lambda: segmentation.fewest_tokens("hu", {"h", "uu"}), ValueError,
    r"the vocabulary cannot spell the text 'hu': no sequence of pieces spells it")
documented("segmentation.fewest_tokens", "text=''", lambda: segmentation.fewest_tokens("", VOCAB),
    lambda v: v == [], "[]", r"An empty text gives \[\]")

raises("segmentation.prepare_vocab", "vocab=5", lambda: segmentation.prepare_vocab(5), TypeError,
    r"vocab must be a collection of pieces.*got int")
raises("segmentation.prepare_vocab", "vocab={}", lambda: segmentation.prepare_vocab({}), ValueError,
    r"vocab is empty")

raises("segmentation.bpe_dropout", "symbols=5", lambda: segmentation.bpe_dropout(5, MERGES, 0.1, random.Random(0)),
    TypeError, r"symbols: a word must be a str or a tuple/list of symbols")
raises("segmentation.bpe_dropout", "merges='ug'", lambda: segmentation.bpe_dropout("hug", "ug", 0.1, random.Random(0)),
    TypeError, r"merges must be a list of \(left, right\) pairs")
raises("segmentation.bpe_dropout", "merges=[('u',)]",
    lambda: segmentation.bpe_dropout("hug", [("u",)], 0.1, random.Random(0)), ValueError,
    r"merges\[0\] must be a pair \(left, right\)")
raises("segmentation.bpe_dropout", "symbols=b'hug', str merges",
    lambda: segmentation.bpe_dropout(b"hug", MERGES, 0.1, random.Random(0)), TypeError,
    r"the word holds bytes symbols but the merges hold str symbols")
raises("segmentation.bpe_dropout", "p=1.5", lambda: segmentation.bpe_dropout("hug", MERGES, 1.5, random.Random(0)),
    ValueError, r"p must be a number from 0 to 1 \(the chance of skipping each merge\) such as 0.1, got 1.5")
raises("segmentation.bpe_dropout", "p=-0.1", lambda: segmentation.bpe_dropout("hug", MERGES, -0.1, random.Random(0)),
    ValueError, r"p must be a number from 0 to 1")
raises("segmentation.bpe_dropout", "p=nan", lambda: segmentation.bpe_dropout("hug", MERGES, NAN, random.Random(0)),
    ValueError, r"p must be a number from 0 to 1.*got nan")
raises("segmentation.bpe_dropout", "p=inf", lambda: segmentation.bpe_dropout("hug", MERGES, INF, random.Random(0)),
    ValueError, r"p must be a number from 0 to 1.*got inf")
raises("segmentation.bpe_dropout", "p='0.1'", lambda: segmentation.bpe_dropout("hug", MERGES, "0.1", random.Random(0)),
    TypeError, r"p must be a number from 0 to 1.*got '0.1' \(str\)")
raises("segmentation.bpe_dropout", "p=True", lambda: segmentation.bpe_dropout("hug", MERGES, True, random.Random(0)),
    TypeError, r"p must be a number from 0 to 1.*\(bool\)")
raises("segmentation.bpe_dropout", "rng=0", lambda: segmentation.bpe_dropout("hug", MERGES, 0.1, 0), TypeError,
    r"rng must be a random number generator such as random.Random\(0\), got 0 \(int\)")
raises("segmentation.bpe_dropout", "rng=random.Random (the class)",
    lambda: segmentation.bpe_dropout("hug", MERGES, 0.1, random.Random), TypeError,
    r"rng must be a random number generator such as random.Random\(0\)")
documented("segmentation.bpe_dropout", "symbols=''",
    lambda: segmentation.bpe_dropout("", MERGES, 0.1, random.Random(0)), lambda v: v == [], "[]",
    r"An empty word gives \[\]")

raises("segmentation.prepare_merges", "merges=None", lambda: segmentation.prepare_merges(None), TypeError,
    r"merges must be a list of \(left, right\) pairs")
raises("segmentation.prepare_merges", "merges=[('u', 'g'), ('u', 'g')]",
    lambda: segmentation.prepare_merges([("u", "g"), ("u", "g")]), ValueError, r"merges\[1\] repeats the pair")

raises("segmentation.superword_merges", "text=5", lambda: segmentation.superword_merges(5, BYTE_MERGES, 3), TypeError,
    r"text must be a str, got int")
raises("segmentation.superword_merges", "merges=[('u', 'g')] (str)",
    lambda: segmentation.superword_merges("the hug", [("u", "g")], 3), ValueError,
    r"merges\[0\] must be a pair of non-empty bytes")
raises("segmentation.superword_merges", "merges=[(b'th', b'e')] (b'th' never made)",
    lambda: segmentation.superword_merges("the hug", [(b"th", b"e")], 3), ValueError,
    r"merges\[0\] = .* uses a token that no earlier merge made")
raises("segmentation.superword_merges", "num_merges=-1", lambda: segmentation.superword_merges("a b", BYTE_MERGES, -1),
    ValueError, r"num_merges must be 0 or more, got -1")
raises("segmentation.superword_merges", "num_merges=2.5",
    lambda: segmentation.superword_merges("a b", BYTE_MERGES, 2.5), TypeError, r"num_merges must be a whole number")
raises("segmentation.superword_merges", "pattern=5", lambda: segmentation.superword_merges("a b", BYTE_MERGES, 1,
    pattern=5), TypeError, r"pattern must be a regex string, got int")
raises("segmentation.superword_merges", "pattern='\\s*' (matches '')",
    lambda: segmentation.superword_merges("a b", BYTE_MERGES, 1, pattern=r"\s*"), ValueError,
    r"matches the empty string")
documented("segmentation.superword_merges", "text=''", lambda: segmentation.superword_merges("", BYTE_MERGES, 5),
    lambda v: v == [], "[]", r"may stop early")
documented("segmentation.superword_merges", "num_merges=10**9",
    lambda: segmentation.superword_merges("ab ab\n", BYTE_MERGES, 10**9), lambda v: len(v) == 3, "3 merges",
    r"may stop early, when every chunk is one token")

test_bad_input = ROWS.test()
