"""The comparison plots draw what they are given: compression curves with reference lines, the per-language dot
plot, the segmentation table. (The figures the widgets redraw are tested with the widgets.)"""

import math

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from bpe_lab import plots

COSTS = {"ours": {"eng": 2958, "fra": 5703, "tam": 35560}, "GPT-2": {"eng": 1935, "fra": 3900, "tam": 35554}}
NAMES = {"eng": "English", "fra": "French", "tam": "Tamil"}
BYTES = {"eng": 10281, "fra": 12072, "tam": 35560}


def test_compression_curves():
    ax = Figure().add_subplot()
    plots.compression_curves(ax, {"BPE": ([500, 1000], [3.0, 3.5]), "Unigram": ([500, 1000], [2.9, 3.4])})
    assert len(ax.lines) == 2 and ax.get_xlabel().startswith("vocabulary size")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["500", "1,000"]


def test_compression_curves_with_references():
    """A reference is a dotted horizontal line with its name and value, and the axis makes room for its label."""
    ax = Figure().add_subplot()
    plots.compression_curves(ax, {"BPE": ([500, 1000], [2.1, 2.8])}, references={"GPT-2": 4.03, "BERT": 4.34})
    flat = [line for line in ax.lines if line.get_linestyle() == ":"]
    assert sorted(line.get_ydata()[0] for line in flat) == [4.03, 4.34]
    assert {text.get_text() for text in ax.texts} == {"GPT-2 4.03", "BERT 4.34"}
    assert ax.get_ylim()[1] > 4.34
    assert [line.get_label() for line in ax.get_legend().get_lines()] == ["BPE"]  # references are not curves


# Notebook 07's figure: ours and the libraries at four sizes, with two references (its printed numbers)
SIZES = [500, 1000, 2000, 4000]
SEVEN = {
    "BPE": [2.14, 2.79, 3.34, 3.79], "WordPiece": [2.64, 3.18, 3.73, 4.19], "Unigram": [2.71, 3.33, 4.00, 4.35],
    "WordPiece, ratio: the popular simplification": [1.36, 1.41, 1.59, 1.80],
    "tokenizers BPE": [2.14, 2.79, 3.34, 3.78], "tokenizers WordPiece": [2.73, 3.28, 3.82, 4.24],
    "SentencePiece BPE": [2.62, 3.17, 3.74, 4.22], "SentencePiece Unigram": [2.63, 3.21, 3.82, 4.23],
}
LIBRARIES = {"tokenizers BPE": ("BPE", "tokenizers"), "tokenizers WordPiece": ("WordPiece", "tokenizers"),
             "SentencePiece BPE": ("BPE", "SentencePiece"), "SentencePiece Unigram": ("Unigram", "SentencePiece")}


@mpl.rc_context(plots.STYLE)  # the notebooks' sizes (plots.use_style), for this figure only
def seven_figure(figsize=(11, 5.5)):
    fig = Figure(figsize=figsize, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    plots.compression_curves(ax, {name: (SIZES, values) for name, values in SEVEN.items()},
                             references={"GPT-2": 4.03, "bert-base-uncased": 4.34},
                             algorithms={name: LIBRARIES.get(name, (name, ""))[0] for name in SEVEN},
                             sources={name: LIBRARIES.get(name, ("", "bpe_lab"))[1] for name in SEVEN})
    fig.canvas.draw()
    return fig, ax


@mpl.rc_context(plots.STYLE)
def five_figure():
    """Notebook 05's figure: three rules at six sizes and bert-base-uncased, in a narrower figure."""
    fig = Figure(figsize=(10, 4.2), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    sizes = [250, 500, 1000, 2000, 4000]
    plots.compression_curves(ax, {"likelihood": (sizes, [2.09, 2.64, 3.18, 3.73, 4.19]),
                                  "ratio": (sizes, [1.32, 1.36, 1.41, 1.59, 1.80]),
                                  "frequency": (sizes, [2.21, 2.74, 3.28, 3.82, 4.23])},
                             references={"bert-base-uncased (30,522)": 4.34})
    fig.canvas.draw()
    return fig, ax


@pytest.mark.parametrize("make", [seven_figure, lambda: seven_figure((8, 4)), five_figure],
                         ids=["notebook 07", "notebook 07, smaller", "notebook 05"])
def test_the_legend_covers_no_point(make):
    """Every plotted point (a marker's whole disc) lies outside the legend's box, in display coordinates."""
    fig, ax = make()
    legend = ax.get_legend().get_window_extent(fig.canvas.get_renderer())
    for line in ax.lines:
        if line.get_linestyle() == ":":
            continue  # a reference line: a horizontal line across the axes, not a point
        points = ax.transData.transform(np.column_stack([line.get_xdata(), line.get_ydata()]))
        radius = line.get_markersize() / 2 * fig.dpi / 72  # points -> pixels
        for x, y in points:
            inside = (legend.x0 - radius < x < legend.x1 + radius) and (legend.y0 - radius < y < legend.y1 + radius)
            assert not inside, f"the legend covers {line.get_label()!r} at ({x:.0f}, {y:.0f}) px: {legend}"


@pytest.mark.parametrize("make, sizes", [(seven_figure, ["500", "1,000", "2,000", "4,000"]),
                                         (five_figure, ["250", "500", "1,000", "2,000", "4,000"])],
                         ids=["notebook 07", "notebook 05"])
def test_the_size_ticks_are_the_plain_sizes(make, sizes):
    """A log axis would write 6×10² and 2×10³ (minor ticks); the sizes measured are written out instead, and no
    two of them touch (3,000 and 4,000 did, side by side on a log axis)."""
    fig, ax = make()
    labels = ax.get_xticklabels()
    assert [t.get_text() for t in labels] == sizes
    assert all(t.get_text() == "" for t in ax.get_xticklabels(minor=True))  # no 6×10²
    assert ax.get_xscale() == "log"
    boxes = [t.get_window_extent(fig.canvas.get_renderer()) for t in labels]
    for left, right in zip(boxes, boxes[1:]):
        assert left.x1 < right.x0, f"tick labels overlap: {left} and {right}"


def test_ours_and_its_library_share_a_colour_not_a_line_style():
    _, ax = seven_figure()
    line = {line.get_label(): line for line in ax.lines if line.get_linestyle() != ":"}
    for library, (algorithm, _) in LIBRARIES.items():
        ours, theirs = line[algorithm], line[library]
        assert ours.get_color() == theirs.get_color() and ours.get_marker() == theirs.get_marker(), library
        assert ours.get_linestyle() == "-" and theirs.get_linestyle() != "-", library
    assert line["tokenizers BPE"].get_linestyle() != line["SentencePiece BPE"].get_linestyle()  # a style per library
    assert line["tokenizers BPE"].get_linestyle() == line["tokenizers WordPiece"].get_linestyle()
    colours = {line[name].get_color() for name in ["BPE", "WordPiece", "Unigram", "WordPiece, ratio: the popular "
                                                                                   "simplification"]}
    assert len(colours) == 4  # one colour per algorithm; the ratio has its own
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels[:3] == ["BPE", "tokenizers BPE", "SentencePiece BPE"]  # the legend lists algorithm by algorithm


def test_compression_curves_without_algorithms_a_colour_per_curve():
    _, ax = five_figure()
    assert len({line.get_color() for line in ax.lines if line.get_linestyle() != ":"}) == 3
    assert {line.get_linestyle() for line in ax.lines} == {"-", ":"}


def test_language_dots_rows_follow_the_order_given():
    ax = Figure().add_subplot()
    plots.language_dots(ax, COSTS, NAMES, order=["tam", "eng", "fra"], reference=BYTES, reference_label="bytes",
                        log=True)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Tamil", "English", "French"]
    bottom, top = ax.get_ylim()
    assert top < bottom  # the first row on top, as in a table
    dots = ax.collections[-2:]  # one scatter per tokenizer, drawn last
    assert [d.get_label() for d in dots] == ["ours", "GPT-2"]
    assert [x for x, _ in dots[0].get_offsets()] == [35560, 2958, 5703]
    rows = [round(y) for _, y in dots[1].get_offsets()]
    assert rows == [0, 1, 2]  # each tokenizer sits near its row's centre, a little apart from the others
    assert ax.get_xscale() == "log"
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels == ["bytes", "ours", "GPT-2"]


def test_language_dots_a_subset_and_a_vertical_line():
    """Fewer languages per panel: order may name a part of them; a number as reference is a vertical line."""
    ax = Figure().add_subplot()
    ratios = {name: {code: value / per["eng"] for code, value in per.items()} for name, per in COSTS.items()}
    plots.language_dots(ax, ratios, NAMES, order=["fra", "tam"], reference=1, xlabel="relative to English")
    assert [t.get_text() for t in ax.get_yticklabels()] == ["French", "Tamil"]
    assert any(list(line.get_xdata()) == [1, 1] for line in ax.lines)
    assert ax.get_xlabel() == "relative to English"
    assert math.isclose(ax.collections[-1].get_offsets()[1][0], 35554 / 1935)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda ax: plots.language_dots(ax, {}), ValueError, "values is empty"),
        (lambda ax: plots.language_dots(ax, {"a": {"eng": 1}, "b": {"fra": 1}}), ValueError,
         r"values\['b'\] has no value for 'eng'"),
        (lambda ax: plots.language_dots(ax, COSTS, order=["eng", "deu"]), ValueError, "has no value for 'deu'"),
        (lambda ax: plots.language_dots(ax, COSTS, order=["eng", "eng"]), ValueError, "each language once"),
        (lambda ax: plots.language_dots(ax, {"a": {"eng": 0}}, log=True), ValueError, "> 0 .the x axis is log"),
        (lambda ax: plots.language_dots(ax, COSTS, reference={"eng": 1}), ValueError,
         "reference has no value for 'fra'"),
        (lambda ax: plots.language_dots(ax, COSTS, reference="1"), TypeError, "reference must be None, a number"),
        (lambda ax: plots.compression_curves(ax, {"a": ([1], [1.0])}, references={"GPT-2": math.nan}), ValueError,
         r"references\['GPT-2'\] must be a finite number"),
        (lambda ax: plots.compression_curves(ax, {"a": ([1], [1.0])}, algorithms=["a"]), TypeError,
         "algorithms must be None or a dict curve name -> the algorithm it runs, got list"),
        (lambda ax: plots.compression_curves(ax, {"a": ([1], [1.0]), "b": ([1], [2.0])}, sources={"a": "ours"}),
         ValueError, "sources has no entry for the curve 'b'"),
        (lambda ax: plots.compression_curves(ax, {"a": ([1], [1.0])}, algorithms={"a": 1}), TypeError,
         r"algorithms\['a'\] must be a str"),
    ],
)
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call(Figure().add_subplot())


def test_segmentation_table():
    table = plots.html_segmentation_table(["cats"], {"chars": list, "whole": lambda w: [w]})
    assert table.count("bpe-chip") == 5 and "<th>chars</th>" in table
    with pytest.raises(ValueError, match="curves is empty"):
        plots.compression_curves(Figure().add_subplot(), {})


def test_chips_show_whitespace_but_keep_the_space_inside_a_hex_label():
    html = plots.html_chunks([b"\xe6\x9d", " a\n\t", b" x"])
    assert "⟨e6 9d⟩" in html  # two bytes of one character: the label's own space stays a space
    assert "␣a↵⇥" in html and "␣x" in html
