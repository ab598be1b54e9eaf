"""Bad-input rows for bpe_lab.bpe: one call per row (what a row checks: conftest.py)."""

from bpe_lab import bpe

from .conftest import HUG, MERGES, BIG, NAN, INF, TR, FTR, Rows

ROWS = Rows("bpe")
raises, documented = ROWS.raises, ROWS.documented

raises("bpe.pair_counts", "corpus=3.14", lambda: bpe.pair_counts(3.14), TypeError,
    r"corpus must be a text \(str\), a mapping word -> count .*, or a list of words; got float")
raises("bpe.pair_counts", "corpus=None", lambda: bpe.pair_counts(None), TypeError, r"corpus must be a text")
raises("bpe.pair_counts", "corpus={}", lambda: bpe.pair_counts({}), ValueError, r"corpus is empty: pass a text")
raises("bpe.pair_counts", "corpus={'hug': -1}", lambda: bpe.pair_counts({"hug": -1}), ValueError,
    r"corpus: the count of 'hug' must be positive")
raises("bpe.merge_pair", "pair=('u',)", lambda: bpe.merge_pair("hug", ("u",)), ValueError,
    r"pair must be a pair of symbols \(left, right\) such as \('u', 'g'\), got \('u',\)")
raises("bpe.merge_pair", "pair=[('u', 'g')]", lambda: bpe.merge_pair("hug", [("u", "g")]), ValueError,
    r"pair must be a pair of symbols \(left, right\)")
raises("bpe.merge_pair", "pair='ug'", lambda: bpe.merge_pair("hug", "ug"), TypeError,
    r"pair must be a tuple \(left, right\) such as \('u', 'g'\), got str")
raises("bpe.merge_pair", "pair=None", lambda: bpe.merge_pair("hug", None), TypeError, r"pair must be a tuple")
raises("bpe.merge_pair", "pair=('u', 7)", lambda: bpe.merge_pair("hug", ("u", 7)), TypeError,
    r"pair: every symbol must be a str \(or bytes\), got 7")
raises("bpe.merge_pair", "pair=('u', '')", lambda: bpe.merge_pair("hug", ("u", "")), ValueError,
    r"pair: symbols must not be empty strings")
raises("bpe.merge_pair", "symbols=5", lambda: bpe.merge_pair(5, ("u", "g")), TypeError,
    r"symbols: a word must be a str or a tuple/list of symbols")
raises("bpe.merge_pair", "symbols=('h', '')", lambda: bpe.merge_pair(("h", ""), ("u", "g")), ValueError,
    r"symbols: symbols must not be empty")
raises("bpe.merge_pair", "str word, bytes pair", lambda: bpe.merge_pair("hug", (b"u", b"g")), TypeError,
    r"pass both as str or both as bytes")
for bad, value, err, pattern in [
    ("-1", -1, ValueError, r"num_merges must be 0 or more, got -1"),
    ("2.5", 2.5, TypeError, r"num_merges must be a whole number such as 10, got 2\.5"),
    ("3.0", 3.0, TypeError, r"num_merges must be a whole number"),
    ("'3'", "3", TypeError, r"num_merges must be a whole number such as 10, got '3' \(str\)"),
    ("None", None, TypeError, r"num_merges must be a whole number"),
    ("True", True, TypeError, r"num_merges must be a whole number"),
    ("nan", NAN, TypeError, r"num_merges must be a whole number"),
    ("inf", INF, TypeError, r"num_merges must be a whole number"),
    ("-10**12", -10**12, ValueError, r"num_merges must be 0 or more"),
]:
    raises("bpe.train", f"num_merges={bad}", lambda value=value: bpe.train(HUG, value), err, pattern)
documented("bpe.train", "num_merges=10**12", lambda: bpe.train(HUG, 10**12), lambda r: r.num_merges == 7,
    "a result with the 7 merges there are", r"stops early when every word is a single symbol")
for bad, value, err, pattern in [
    ("{}", {}, ValueError, r"corpus is empty: pass a text or a mapping word -> count"),
    ("''", "", ValueError, r"corpus is empty"),
    ("'  \\n '", "  \n ", ValueError, r"corpus is empty"),
    ("[]", [], ValueError, r"corpus is empty"),
    ("42", 42, TypeError,
     r"corpus must be a text \(str\), a mapping word -> count such as .*, or a list of words; got int"),
    ("b'hug'", b"hug", TypeError, r"corpus must be a text"),
    ("{('h', 1): 2}", {("h", 1): 2}, TypeError, r"corpus: every symbol must be a str \(or bytes\), got 1"),
    ("{('h', ''): 2}", {("h", ""): 2}, ValueError, r"corpus: symbols must not be empty"),
    ("{42: 2}", {42: 2}, TypeError, r"corpus: a word must be a str or a tuple/list of symbols"),
    ("{'hug': 0}", {"hug": 0}, ValueError, r"corpus: the count of 'hug' must be positive, got 0"),
    ("{'hug': -3}", {"hug": -3}, ValueError, r"corpus: the count of 'hug' must be positive, got -3"),
    ("{'hug': 1.5}", {"hug": 1.5}, TypeError, r"corpus: the count of 'hug' must be a whole number"),
    ("{'hug': '10'}", {"hug": "10"}, TypeError, r"corpus: the count of 'hug' must be a whole number"),
    ("{'hug': nan}", {"hug": NAN}, TypeError, r"corpus: the count of 'hug' must be a whole number"),
    ("{(): 3}", {(): 3}, ValueError, r"corpus: words must hold at least one symbol"),
    ("{('h', b'u'): 1}", {("h", b"u"): 1}, TypeError, r"do not mix str and bytes symbols"),
    ("{'hug': 1, b'hug': 1}", {"hug": 1, b"hug": 1}, TypeError, r"corpus: use str symbols or bytes symbols, not both"),
    ("{<1 MB word>: 0}", {BIG[:1_000_000]: 0}, ValueError, r"corpus: the count of 'xxx.*' must be positive"),
]:
    raises("bpe.train", f"corpus={bad}", lambda value=value: bpe.train(value, 3), err, pattern)
raises("bpe.train", "corpus=<a FastTrainResult>", lambda: bpe.train(FTR(), 3), TypeError,
    r"corpus must be a text \(str\), a mapping word -> count .*; got FastTrainResult")
raises("bpe.train", "corpus=<a TrainResult>", lambda: bpe.train(TR(), 3), TypeError,
    r"corpus must be a text.*got TrainResult")
raises("bpe.train", "tie_break='random'", lambda: bpe.train(HUG, 3, tie_break="random"), ValueError,
    r"tie_break must be one of \('smallest', 'first'\), got 'random'")
raises("bpe.train", "tie_break=None", lambda: bpe.train(HUG, 3, tie_break=None), TypeError,
    r"tie_break must be one of \('smallest', 'first'\), got None \(NoneType\)")
raises("bpe.train", "tie_break=['first']", lambda: bpe.train(HUG, 3, tie_break=["first"]), TypeError,
    r"tie_break must be one of")
raises("bpe.train", "progress='yes'", lambda: bpe.train(HUG, 3, progress="yes"), TypeError,
    r"progress must be True or False, got 'yes' \(str\)")
raises("bpe.train", "progress=None", lambda: bpe.train(HUG, 3, progress=None), TypeError,
    r"progress must be True or False, got None \(NoneType\)")

# the same rows for the six functions that take (symbols, merges): bpe.encode, bpe.encode_trace, bpe.replay, ...
for fn in ("encode", "encode_trace", "replay", "replay_trace", "wrong_encode_by_frequency",
           "wrong_encode_by_frequency_trace"):
    raises(f"bpe.{fn}", "merges='ug'", lambda fn=fn: getattr(bpe, fn)("hug", "ug"), TypeError,
        r"merges must be a list of \(left, right\) pairs such as \[\('l', 'o'\), \('lo', 'w'\)\], got str")
    raises(f"bpe.{fn}", "merges=None", lambda fn=fn: getattr(bpe, fn)("hug", None), TypeError,
        r"merges must be a list of \(left, right\)")
    raises(f"bpe.{fn}", "merges=<a TrainResult>", lambda fn=fn: getattr(bpe, fn)("hug", TR()), TypeError,
        r"merges must be a list of \(left, right\) pairs.*got TrainResult; pass result\.merges")
    raises(f"bpe.{fn}", "symbols=None", lambda fn=fn: getattr(bpe, fn)(None, MERGES), TypeError,
        r"symbols: a word must be a str or a tuple/list of symbols")
    raises(f"bpe.{fn}", "merges=[('u', 'g', 's')]", lambda fn=fn: getattr(bpe, fn)("hug", [("u", "g", "s")]),
        ValueError, r"merges\[0\] must be a pair \(left, right\)")
    raises(f"bpe.{fn}", "merges=[('u', 7)]", lambda fn=fn: getattr(bpe, fn)("hug", [("u", 7)]), TypeError,
        r"merges\[0\]: every symbol must be a str")
    raises(f"bpe.{fn}", "merges=[('u', 'g'), ('u', 'g')]",
        lambda fn=fn: getattr(bpe, fn)("hug", [("u", "g"), ("u", "g")]), ValueError,
        r"merges\[1\] repeats the pair \('u', 'g'\); each pair may appear once")
    raises(f"bpe.{fn}", "str word, bytes merges", lambda fn=fn: getattr(bpe, fn)("hug", [(b"u", b"g")]), TypeError,
        r"the word holds str symbols but the merges hold bytes symbols; pass both as str or both as bytes")
    raises(f"bpe.{fn}", "merges=[('u', 'g'), (b'h', b'ug')]",
        lambda fn=fn: getattr(bpe, fn)("hug", [("u", "g"), (b"h", b"ug")]), TypeError,
        r"merges: use str symbols or bytes symbols, not both")
    raises(f"bpe.{fn}", "merges=[('u',)]", lambda fn=fn: getattr(bpe, fn)("hug", [("u",)]), ValueError,
        r"merges\[0\] must be a pair \(left, right\)")
    raises(f"bpe.{fn}", "merges=['ug']", lambda fn=fn: getattr(bpe, fn)("hug", ["ug"]), ValueError,
        r"merges\[0\] must be a pair \(left, right\)")
    raises(f"bpe.{fn}", "merges=5", lambda fn=fn: getattr(bpe, fn)("hug", 5), TypeError,
        r"merges must be a list of \(left, right\) pairs such as .*, got int")
    raises(f"bpe.{fn}", "symbols=123", lambda fn=fn: getattr(bpe, fn)(123, MERGES), TypeError,
        r"symbols: a word must be a str or a tuple/list of symbols")
    raises(f"bpe.{fn}", "symbols=['h', 3]", lambda fn=fn: getattr(bpe, fn)(["h", 3], MERGES), TypeError,
        r"symbols: every symbol must be a str \(or bytes\), got 3")
raises("bpe.encode", "merges=<a FastTrainResult>", lambda: bpe.encode("hug", FTR()), TypeError,
    r"merges must be a list.*got FastTrainResult; pass result\.merges")
raises("bpe.encode", "merges=[('', 'g')]", lambda: bpe.encode("hug", [("", "g")]), ValueError,
    r"merges\[0\]: symbols must not be empty strings")
documented("bpe.encode", "symbols=''", lambda: bpe.encode("", MERGES), lambda v: v == [], "[]",
    r"empty word gives \[\]")
documented("bpe.encode", "merges using unknown symbols", lambda: bpe.encode("xyz", [("q", "r")]),
    lambda v: v == ["x", "y", "z"], "['x', 'y', 'z']", r"encode\(\"xyz\", \[\(\"l\", \"o\"\)\]\) \['x', 'y', 'z'\]")
documented("bpe.encode", "symbols=<a 1 MB word>", lambda: bpe.encode(BIG[:1_000_000], MERGES),
    lambda v: len(v) == 1_000_000, "1,000,000 one-character symbols", r"a str \(one symbol per character\)")
# vocab= and unknown=: a symbol the tokenizer does not know is named, or replaced (never passed on as a token)
HUG_VOCAB = ["g", "h", "u", "ug"]
for fn in ("encode", "encode_trace"):
    raises(f"bpe.{fn}", "a symbol not in vocab", lambda fn=fn: getattr(bpe, fn)("mug", [("u", "g")], vocab=HUG_VOCAB),
        ValueError, r"symbols: 'm' \(in \('m', 'u', 'g'\)\) is not in the vocabulary: training never saw it.*"
                    r"Pass unknown='\[UNK\]'")
    raises(f"bpe.{fn}", "unknown= without vocab=", lambda fn=fn: getattr(bpe, fn)("mug", [("u", "g")], unknown="[UNK]"),
        TypeError, r"unknown='\[UNK\]' needs vocab=, the symbols the tokenizer knows \(such as result\.vocab\)")
    raises(f"bpe.{fn}", "vocab='ghu'", lambda fn=fn: getattr(bpe, fn)("hug", [("u", "g")], vocab="ghu"), TypeError,
        r"vocab must be a collection of symbols such as result\.vocab .*, got str")
    raises(f"bpe.{fn}", "vocab=5", lambda fn=fn: getattr(bpe, fn)("hug", [("u", "g")], vocab=5), TypeError,
        r"vocab must be a collection of symbols .*, got int")
    raises(f"bpe.{fn}", "vocab=[]", lambda fn=fn: getattr(bpe, fn)("hug", [("u", "g")], vocab=[]), ValueError,
        r"vocab is empty: pass the symbols the tokenizer knows")
    raises(f"bpe.{fn}", "unknown=''", lambda fn=fn: getattr(bpe, fn)("mug", [("u", "g")], vocab=HUG_VOCAB, unknown=""),
        ValueError, r"unknown: symbols must not be empty strings")
    raises(f"bpe.{fn}", "unknown=7", lambda fn=fn: getattr(bpe, fn)("mug", [("u", "g")], vocab=HUG_VOCAB, unknown=7),
        TypeError, r"unknown: every symbol must be a str \(or bytes\), got 7")
    raises(f"bpe.{fn}", "str word, unknown=b'?'",
        lambda fn=fn: getattr(bpe, fn)("mug", [("u", "g")], vocab=HUG_VOCAB, unknown=b"?"), TypeError,
        r"the word holds str symbols but the merges hold bytes symbols; pass both as str or both as bytes")
documented("bpe.encode", "a symbol not in vocab, unknown='[UNK]'",
    lambda: bpe.encode("mug", [("u", "g")], vocab=HUG_VOCAB, unknown="[UNK]"), lambda v: v == ["[UNK]", "ug"],
    "['[UNK]', 'ug']", r"\['\[UNK\]', 'ug'\]")
documented("bpe.encode", "every symbol unknown, unknown='[UNK]'",
    lambda: bpe.encode("xyz", [("u", "g")], vocab=HUG_VOCAB, unknown="[UNK]"), lambda v: v == ["[UNK]"] * 3,
    "['[UNK]', '[UNK]', '[UNK]'] (one per symbol, not fused)", r"replaced by that symbol before merging")
# the same rows for bpe.TrainResult.pair_counts_at and bpe.TrainResult.corpus_after
for method in ("pair_counts_at", "corpus_after"):
    for bad, value, err, pattern in [
        ("-1", -1, ValueError, r"k must be between 0 and 3 \(the number of merges learned\), got -1"),
        ("4", 4, ValueError, r"k must be between 0 and 3"),
        ("10**12", 10**12, ValueError, r"k must be between 0 and 3"),
        ("'1'", "1", TypeError, r"k must be a whole number of merges, got '1'"),
        ("1.0", 1.0, TypeError, r"k must be a whole number of merges"),
        ("True", True, TypeError, r"k must be a whole number of merges"),
        ("None", None, TypeError, r"k must be a whole number of merges"),
    ]:
        raises(f"bpe.TrainResult.{method}", f"k={bad}", lambda m=method, v=value: getattr(TR(), m)(v), err, pattern)

test_bad_input = ROWS.test()
