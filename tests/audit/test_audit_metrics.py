"""Bad-input rows for bpe_lab.metrics: one call per row (what a row checks: conftest.py)."""

from bpe_lab import metrics

from .conftest import INF, NAN, Rows

ROWS = Rows("metrics")
raises, documented = ROWS.raises, ROWS.documented

# the same rows for metrics.count_tokens, metrics.bytes_per_token, metrics.chars_per_token and metrics.fertility
for fn in ("count_tokens", "bytes_per_token", "chars_per_token", "fertility"):
    raises(f"metrics.{fn}", "tokenize='split'", lambda fn=fn: getattr(metrics, fn)("split", "to be"), TypeError,
        r"tokenize must be a function text -> list of tokens, got str")
    raises(f"metrics.{fn}", "text=5", lambda fn=fn: getattr(metrics, fn)(str.split, 5), TypeError,
        r"text must be a str, got int")
    raises(f"metrics.{fn}", "text=None", lambda fn=fn: getattr(metrics, fn)(str.split, None), TypeError,
        r"text must be a str")
    raises(f"metrics.{fn}", "text='   '", lambda fn=fn: getattr(metrics, fn)(str.split, "   "), ValueError,
        r"text is empty: measure a text that has at least one word")
    raises(f"metrics.{fn}", "tokenize returns None", lambda fn=fn: getattr(metrics, fn)(lambda t: None, "to be"),
        TypeError, r"tokenize must return a list of tokens, got NoneType")
    raises(f"metrics.{fn}", "text='a\\ud800' (lone surrogate)", lambda fn=fn: getattr(metrics, fn)(list, "a\ud800"),
        ValueError, r"text holds a lone surrogate U\+D800 at index 1")
# the same rows for metrics.bytes_per_token and metrics.chars_per_token
for fn in ("bytes_per_token", "chars_per_token"):
    raises(f"metrics.{fn}", "tokenize returns []", lambda fn=fn: getattr(metrics, fn)(lambda t: [], "to be"),
        ValueError, r"tokenize made no tokens of a non-empty text: nothing to divide by")
documented("metrics.count_tokens", "tokenize returns []", lambda: metrics.count_tokens(lambda t: [], "to be"),
    lambda v: v == 0, "0", r"How many tokens")
raises("metrics.whole_word_share", "tokenize_word=5", lambda: metrics.whole_word_share(5, ["a"]), TypeError,
    r"tokenize_word must be a function word -> list of tokens, got int")
raises("metrics.whole_word_share", "words=5", lambda: metrics.whole_word_share(list, 5), TypeError,
    r"words must be a list of words, got int")
raises("metrics.whole_word_share", "words='question'", lambda: metrics.whole_word_share(list, "question"), TypeError,
    r"words must be a list of words, not one str")
raises("metrics.whole_word_share", "words=[]", lambda: metrics.whole_word_share(list, []), ValueError,
    r"words is empty: pass at least one word")
raises("metrics.whole_word_share", "words=['to', 5]", lambda: metrics.whole_word_share(list, ["to", 5]), TypeError,
    r"words\[1\] must be a str, got int")
raises("metrics.whole_word_share", "tokenize_word returns None",
    lambda: metrics.whole_word_share(lambda w: None, ["a"]), TypeError,
    r"tokenize_word must return a list of tokens, got NoneType")
raises("metrics.cost_per_language", "texts='eng'", lambda: metrics.cost_per_language(list, "eng"), TypeError,
    r"texts must be a mapping language -> text, got str")
raises("metrics.cost_per_language", "texts={'fra': 'chat'}", lambda: metrics.cost_per_language(list, {"fra": "chat"}),
    ValueError, r"texts must be a mapping language -> text that includes the reference 'eng'; it has \['fra'\]")
raises("metrics.cost_per_language", "reference=5", lambda: metrics.cost_per_language(list, {"eng": "cat"}, 5),
    TypeError, r"reference must be a language code \(str\) such as 'eng', got int")
raises("metrics.cost_per_language", "texts={'eng': ''}",
    lambda: metrics.cost_per_language(list, {"eng": "", "fra": "x"}), ValueError, r"texts\['eng'\] is empty")
raises("metrics.cost_per_language", "texts={'fra': 5}",
    lambda: metrics.cost_per_language(list, {"eng": "cat", "fra": 5}), TypeError,
    r"texts\['fra'\] must be a str, got int")
raises("metrics.cost_per_language", "tokenize='list'", lambda: metrics.cost_per_language("list", {"eng": "cat"}),
    TypeError, r"tokenize must be a function text -> list of tokens")
raises("metrics.cost_per_language", "tokenize returns []",
    lambda: metrics.cost_per_language(lambda t: [], {"eng": "cat"}), ValueError,
    r"tokenize made no tokens of texts\['eng'\]: nothing to divide by")
raises("metrics.vocabulary_overlap", "first=5", lambda: metrics.vocabulary_overlap(5, ["a"]), TypeError,
    r"first must be a collection of pieces \(set, list or dict\), got int")
raises("metrics.vocabulary_overlap", "second=None", lambda: metrics.vocabulary_overlap(["a"], None), TypeError,
    r"second must be a collection of pieces")
raises("metrics.vocabulary_overlap", "first='abc'", lambda: metrics.vocabulary_overlap("abc", ["a"]), TypeError,
    r"first must be a collection of pieces.*not one str")
raises("metrics.vocabulary_overlap", "first=[]", lambda: metrics.vocabulary_overlap([], ["a"]), ValueError,
    r"both vocabularies must hold at least one piece")
raises("metrics.vocabulary_overlap", "first=[['a']]", lambda: metrics.vocabulary_overlap([["a"]], ["a"]), TypeError,
    r"first must hold pieces \(str or bytes\), got a list")

raises("metrics.renyi_efficiency", "token_counts='abc'", lambda: metrics.renyi_efficiency("abc", 10), TypeError,
    r"token_counts must be a mapping token -> count \(such as collections\.Counter\(ids\)\) or a list of counts, got str")
raises("metrics.renyi_efficiency", "token_counts=None", lambda: metrics.renyi_efficiency(None, 10), TypeError,
    r"token_counts must be a mapping token -> count.*got NoneType")
raises("metrics.renyi_efficiency", "token_counts={'a': 'x'}", lambda: metrics.renyi_efficiency({"a": "x"}, 10),
    TypeError, r"token_counts must hold counts \(numbers\), got 'x'")
raises("metrics.renyi_efficiency", "token_counts=[1, -1]", lambda: metrics.renyi_efficiency([1, -1], 10), ValueError,
    r"token_counts must hold counts of 0 or more, got -1")
raises("metrics.renyi_efficiency", "token_counts=[1, nan]", lambda: metrics.renyi_efficiency([1, NAN], 10),
    ValueError, r"token_counts must hold counts of 0 or more, got nan")
raises("metrics.renyi_efficiency", "token_counts=[]", lambda: metrics.renyi_efficiency([], 10), ValueError,
    r"token_counts holds no positive count: count the tokens of a non-empty text")
raises("metrics.renyi_efficiency", "token_counts=[1, 1, 1], vocab_size=2",
    lambda: metrics.renyi_efficiency([1, 1, 1], 2), ValueError, r"token_counts has 3 different tokens, more than vocab_size=2")
raises("metrics.renyi_efficiency", "vocab_size=1", lambda: metrics.renyi_efficiency([1], 1), ValueError,
    r"vocab_size must be a whole number of at least 2 such as 50257, got 1")
raises("metrics.renyi_efficiency", "vocab_size=None", lambda: metrics.renyi_efficiency([1], None), TypeError,
    r"vocab_size must be a whole number of at least 2")
raises("metrics.renyi_efficiency", "alpha=-1", lambda: metrics.renyi_efficiency([1], 10, -1), ValueError,
    r"alpha must be a number >= 0 such as 2\.5 \(1 is Shannon's entropy\), got -1")
raises("metrics.renyi_efficiency", "alpha=inf", lambda: metrics.renyi_efficiency([1], 10, INF), ValueError,
    r"alpha must be a number >= 0")
raises("metrics.renyi_efficiency", "alpha='2.5'", lambda: metrics.renyi_efficiency([1], 10, "2.5"), TypeError,
    r"alpha must be a number >= 0")
documented("metrics.renyi_efficiency", "token_counts={'x': 12} (one token)",
    lambda: metrics.renyi_efficiency({"x": 12}, 10), lambda v: v == 0, "0.0", r"0, one token only")

test_bad_input = ROWS.test()
