"""Bad-input rows for bpe_lab.plots: one call per row (what a row checks: conftest.py)."""

from bpe_lab import plots

from .conftest import NAN, INF, FIGURE, AX, Rows

ROWS = Rows("plots")
raises, documented = ROWS.raises, ROWS.documented

raises("plots.svg_compression_curve", "merges=5", lambda: plots.svg_compression_curve(5, [1.0], 0), TypeError,
    r"merges must be a list of numbers, got int")
raises("plots.svg_compression_curve", "merges=[]", lambda: plots.svg_compression_curve([], [], 0), ValueError,
    r"merges and bytes_per_token must be non-empty lists of the same length")
raises("plots.svg_compression_curve", "lengths 2 and 1", lambda: plots.svg_compression_curve([0, 1], [1.0], 0),
    ValueError, r"merges and bytes_per_token must be non-empty lists of the same length")
raises("plots.svg_compression_curve", "k=2 of 2 steps", lambda: plots.svg_compression_curve([0, 1], [1.0, 2.0], 2),
    ValueError, r"k must be a step from 0 to 1, got 2")
raises("plots.svg_compression_curve", "k='0'", lambda: plots.svg_compression_curve([0], [1.0], "0"), TypeError,
    r"k must be a whole number \(a step from 0 to 0\), got '0'")
raises("plots.svg_compression_curve", "k=True", lambda: plots.svg_compression_curve([0], [1.0], True), TypeError,
    r"k must be a whole number")
raises("plots.svg_compression_curve", "bytes_per_token=[1.0, nan]",
    lambda: plots.svg_compression_curve([0, 1], [1.0, NAN], 0), ValueError,
    r"bytes_per_token must hold finite numbers >= 0, got nan at index 1")
raises("plots.svg_compression_curve", "bytes_per_token=[1.0, inf]",
    lambda: plots.svg_compression_curve([0, 1], [1.0, INF], 0), ValueError,
    r"bytes_per_token must hold finite numbers >= 0, got inf")
raises("plots.svg_compression_curve", "bytes_per_token=[1.0, '2']",
    lambda: plots.svg_compression_curve([0, 1], [1.0, "2"], 0), TypeError,
    r"bytes_per_token must hold numbers, got '2' at index 1")
raises("plots.svg_compression_curve", "merges=[0, 'a']", lambda: plots.svg_compression_curve([0, "a"], [1.0, 2.0], 0),
    TypeError, r"merges must hold whole numbers, got 'a' at index 1")
raises("plots.svg_compression_curve", "width=0", lambda: plots.svg_compression_curve([0], [1.0], 0, width=0),
    ValueError, r"width must be a whole number of pixels, at least 100")
raises("plots.svg_compression_curve", "height='230'", lambda: plots.svg_compression_curve([0], [1.0], 0, height="230"),
    TypeError, r"height must be a whole number of pixels")
raises("plots.compression_curves", "algorithms=['a']",
    lambda: plots.compression_curves(AX(), {"a": ([1], [1.0])}, algorithms=["a"]), TypeError,
    r"algorithms must be None or a dict curve name -> the algorithm it runs, got list")
raises("plots.compression_curves", "sources missing a curve",
    lambda: plots.compression_curves(AX(), {"a": ([1], [1.0]), "b": ([1], [2.0])}, sources={"a": "ours"}),
    ValueError, r"sources has no entry for the curve 'b': map every curve's name to who implemented it")
raises("plots.compression_curves", "algorithms={'a': 1}",
    lambda: plots.compression_curves(AX(), {"a": ([1], [1.0])}, algorithms={"a": 1}), TypeError,
    r"algorithms\['a'\] must be a str")
raises("plots.compression_curves", "ax=None", lambda: plots.compression_curves(None, {"a": ([1], [1.0])}), TypeError,
    r"ax must be a matplotlib Axes")
raises("plots.compression_curves", "curves={}", lambda: plots.compression_curves(AX(), {}), ValueError,
    r"curves is empty: pass name -> \(sizes, bytes per token\)")
raises("plots.compression_curves", "curves=5", lambda: plots.compression_curves(AX(), 5), TypeError,
    r"curves must be a dict name -> \(sizes, bytes per token\), got int")
raises("plots.compression_curves", "curves={'a': 5}", lambda: plots.compression_curves(AX(), {"a": 5}), TypeError,
    r"curves\['a'\] must be a pair \(sizes, bytes per token\)")
raises("plots.compression_curves", "curves={'a': ([1, 2], [1.0])}",
    lambda: plots.compression_curves(AX(), {"a": ([1, 2], [1.0])}), ValueError,
    r"curves\['a'\]: sizes and bytes per token must have the same length \(2 and 1\)")
documented("plots.token_label", "symbol=5", lambda: plots.token_label(5), lambda v: v == "5", "'5'",
    r"anything\s+else as ``str\(\)`` gives it")
documented("plots.token_label", "symbol=None", lambda: plots.token_label(None), lambda v: v == "None", "'None'",
    r"a label never fails")
raises("plots.compression_curves", "references=5",
    lambda: plots.compression_curves(AX(), {"a": ([1], [1.0])}, references=5), TypeError,
    r"references must be a dict name -> bytes per token")
raises("plots.compression_curves", "references={'GPT-2': '4'}",
    lambda: plots.compression_curves(AX(), {"a": ([1], [1.0])}, references={"GPT-2": "4"}), TypeError,
    r"references\['GPT-2'\] must be a number \(bytes per token\), got '4'")
raises("plots.compression_curves", "references={'GPT-2': inf}",
    lambda: plots.compression_curves(AX(), {"a": ([1], [1.0])}, references={"GPT-2": INF}), ValueError,
    r"references\['GPT-2'\] must be a finite number >= 0, got inf")
raises("plots.language_dots", "ax=None", lambda: plots.language_dots(None, {"a": {"eng": 1.0}}), TypeError,
    r"ax must be a matplotlib Axes")
raises("plots.language_dots", "values={}", lambda: plots.language_dots(AX(), {}), ValueError,
    r"values is empty: pass tokenizer name -> \{language: number\}")
raises("plots.language_dots", "values=5", lambda: plots.language_dots(AX(), 5), TypeError,
    r"values must be a dict tokenizer name -> \{language: number\}, got int")
raises("plots.language_dots", "values={'a': 5}", lambda: plots.language_dots(AX(), {"a": 5}), TypeError,
    r"values\['a'\] must be a dict language -> number, got int")
raises("plots.language_dots", "values={'a': {'eng': '1'}}", lambda: plots.language_dots(AX(), {"a": {"eng": "1"}}),
    TypeError, r"values\['a'\]\['eng'\] must be a number, got '1'")
raises("plots.language_dots", "values={'a': {'eng': nan}}", lambda: plots.language_dots(AX(), {"a": {"eng": NAN}}),
    ValueError, r"values\['a'\]\['eng'\] must be a finite number >= 0, got nan")
raises("plots.language_dots", "a 0 on a log axis", lambda: plots.language_dots(AX(), {"a": {"eng": 0}}, log=True),
    ValueError, r"values\['a'\]\['eng'\] must be a finite number > 0 \(the x axis is logarithmic\), got 0")
raises("plots.language_dots", "languages differ", lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}, "b": {}}),
    ValueError, r"values\['b'\] has no value for 'eng'; every tokenizer needs every language that is drawn")
raises("plots.language_dots", "values={'a': {}}", lambda: plots.language_dots(AX(), {"a": {}}), ValueError,
    r"there is no language to draw")
raises("plots.language_dots", "names=5", lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, 5), TypeError,
    r"names must be a dict language code -> name, got int")
raises("plots.language_dots", "order='eng'", lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, order="eng"),
    TypeError, r"order must be a list of language codes, not one str")
raises("plots.language_dots", "order=['eng', 'eng']",
    lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, order=["eng", "eng"]), ValueError,
    r"order must list each language once")
raises("plots.language_dots", "order=['fra']", lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, order=["fra"]),
    ValueError, r"values\['a'\] has no value for 'fra'")
raises("plots.language_dots", "order=[]", lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, order=[]),
    ValueError, r"there is no language to draw")
raises("plots.language_dots", "reference='1'", lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, reference="1"),
    TypeError, r"reference must be None, a number \(a vertical line, e.g. 1\) or a dict language -> number")
raises("plots.language_dots", "reference=-1", lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, reference=-1),
    ValueError, r"reference must be a finite number >= 0, got -1")
raises("plots.language_dots", "reference={'fra': 2}",
    lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, reference={"fra": 2}), ValueError,
    r"reference has no value for 'eng': give one number per language drawn")
raises("plots.language_dots", "reference={'eng': None}",
    lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, reference={"eng": None}), TypeError,
    r"reference\['eng'\] must be a number, got None")
raises("plots.language_dots", "log='yes'", lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, log="yes"),
    TypeError, r"log must be True or False, got 'yes'")
raises("plots.language_dots", "xlabel=5", lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, xlabel=5), TypeError,
    r"xlabel must be a str, got int")
raises("plots.language_dots", "reference_label=None",
    lambda: plots.language_dots(AX(), {"a": {"eng": 1.0}}, reference_label=None), TypeError,
    r"reference_label must be a str, got NoneType")
raises("plots.html_segmentation_table", "words=5", lambda: plots.html_segmentation_table(5, {"chars": list}), TypeError,
    r"words must be a list of words, got int")
raises("plots.html_segmentation_table", "words='cats'", lambda: plots.html_segmentation_table("cats", {"chars": list}),
    TypeError, r"words must be a list of words, not one str")
raises("plots.html_segmentation_table", "words=[5]", lambda: plots.html_segmentation_table([5], {"chars": list}),
    TypeError, r"words\[0\] must be a str, got int")
raises("plots.html_segmentation_table", "tokenizers=5", lambda: plots.html_segmentation_table(["cats"], 5), TypeError,
    r"tokenizers must be a dict name -> function word -> pieces, got int")
raises("plots.html_segmentation_table", "tokenizers={'x': 5}",
    lambda: plots.html_segmentation_table(["cats"], {"x": 5}), TypeError,
    r"tokenizers\['x'\] must be a function word -> list of pieces, got int")
raises("plots.html_segmentation_table", "a tokenizer returns None",
    lambda: plots.html_segmentation_table(["cats"], {"x": lambda w: None}), TypeError,
    r"tokenizers\['x'\] must return a list of pieces, got NoneType for 'cats'")
raises("plots.chunks_view", "text=5", lambda: plots.chunks_view(5), TypeError, r"text must be a str, got int")
raises("plots.chunks_view", "pattern=None", lambda: plots.chunks_view("ab", None), TypeError, r"pattern must be a name")
raises("plots.html_chunks", "pieces=5", lambda: plots.html_chunks(5), TypeError,
    r"pieces must be a list of str or bytes, got int")
raises("plots.html_chunks", "pieces='abc'", lambda: plots.html_chunks("abc"), TypeError,
    r"pieces must be a list of str or bytes, not one str")
raises("plots.html_chunks", "pieces=[None]", lambda: plots.html_chunks([None]), TypeError,
    r"pieces\[0\] must be a str or bytes, got NoneType")
raises("plots.html_chunks", "ids shorter than pieces", lambda: plots.html_chunks(["a", "b"], ids=[1]), ValueError,
    r"ids must have one id per piece: 2 pieces, 1 ids")
raises("plots.html_chunks", "ids=5", lambda: plots.html_chunks(["a"], ids=5), TypeError,
    r"ids must be a list of ids or None, got int")
raises("plots.html_pair_histogram", "bars=5", lambda: plots.html_pair_histogram(5, "t"), TypeError,
    r"bars must be a list of \(pair, count, is_winner\), got int")
raises("plots.html_pair_histogram", "bars=[('ab', 3)]", lambda: plots.html_pair_histogram([("ab", 3)], "t"), ValueError,
    r"bars\[0\] must be \(pair, count, is_winner\), got \('ab', 3\)")
raises("plots.html_pair_histogram", "a count '3'", lambda: plots.html_pair_histogram([(("a", "b"), "3", True)], "t"),
    TypeError, r"bars\[0\]: the count must be a number, got '3'")
raises("plots.html_pair_histogram", "a count nan", lambda: plots.html_pair_histogram([(("a", "b"), NAN, True)], "t"),
    ValueError, r"bars\[0\]: the count must be a finite number, got nan")
raises("plots.html_pair_histogram", "a count -2 (not signed)",
    lambda: plots.html_pair_histogram([(("a", "b"), -2, True)], "t"), ValueError, r"bars\[0\]: the count must be >= 0, got -2 \(for scores that can be negative pass signed=True\)")
raises("plots.html_pair_histogram", "signed='yes'", lambda: plots.html_pair_histogram([], "t", signed="yes"), TypeError,
    r"signed must be True \(bars may be negative\) or False, got 'yes'")
raises("plots.html_pair_histogram", "a pair ('a',)", lambda: plots.html_pair_histogram([(("a",), 3, True)], "t"),
    ValueError, r"pair must be two symbols \(left, right\), got \('a',\)")
raises("plots.html_pair_histogram", "title=5", lambda: plots.html_pair_histogram([], 5), TypeError,
    r"title must be a str, got int")
raises("plots.html_pair_histogram", "xlabel=None", lambda: plots.html_pair_histogram([], "t", None), TypeError,
    r"xlabel must be a str, got NoneType")
raises("plots.compression_curve", "ax=None", lambda: plots.compression_curve(None, [0, 1], [2, 1]), TypeError,
    r"ax must be a matplotlib Axes")
raises("plots.compression_curve", "merges=[], symbols=[]", lambda: plots.compression_curve(AX(), [], []), ValueError,
    r"merges and symbols must be non-empty lists of the same length")
raises("plots.compression_curve", "lengths 2 and 1", lambda: plots.compression_curve(AX(), [0, 1], [2]), ValueError,
    r"merges and symbols must be non-empty lists of the same length \(2 and 1\)")
raises("plots.compression_curve", "bytes_per_token of length 1",
    lambda: plots.compression_curve(AX(), [0, 1], [2, 1], [1.0]), ValueError,
    r"bytes_per_token must have one value per step \(2\), got 1")
raises("plots.compression_curve", "merges=5", lambda: plots.compression_curve(AX(), 5, [1]), TypeError,
    r"merges must be a list of numbers, got int")
raises("plots.CompressionFigure", "curve=5", lambda: plots.CompressionFigure(5), TypeError,
    r"curve must be a dict such as widgets\.compression_view\(result\) returns, got int")
raises("plots.CompressionFigure", "curve={}", lambda: plots.CompressionFigure({}), ValueError,
    r"curve must have the keys 'merges', 'symbols' and 'bytes_per_token'; it has none")
raises("plots.CompressionFigure", "lists of different lengths",
    lambda: plots.CompressionFigure({"merges": [0, 1], "symbols": [3], "bytes_per_token": [1.0]}), ValueError,
    r"merges and symbols must be non-empty lists of the same length")
raises("plots.CompressionFigure.render", "k=5000", lambda: FIGURE().render(5000, "t"), ValueError,
    r"k must be a step from 0 to 3, got 5000")
raises("plots.CompressionFigure.render", "k=-1", lambda: FIGURE().render(-1, "t"), ValueError,
    r"k must be a step from 0 to 3")
raises("plots.CompressionFigure.render", "k='1'", lambda: FIGURE().render("1", "t"), TypeError,
    r"k must be a whole number \(a step from 0 to 3\), got '1'")
raises("plots.CompressionFigure.render", "title=5", lambda: FIGURE().render(0, 5), TypeError,
    r"title must be a str, got int")
raises("plots.pair_label", "pair=5", lambda: plots.pair_label(5), TypeError,
    r"pair must be two symbols \(left, right\), got int")
raises("plots.pair_label", "pair=('a',)", lambda: plots.pair_label(("a",)), ValueError,
    r"pair must be two symbols \(left, right\), got \('a',\)")
raises("plots.pair_label", "pair='ab'", lambda: plots.pair_label("ab"), TypeError,
    r"pair must be two symbols \(left, right\), got str")

test_bad_input = ROWS.test()
