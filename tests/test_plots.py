"""The comparison plots draw what they are given: compression curves with reference lines, the per-language dot
plot, the segmentation table. (The figures the widgets redraw are tested with the widgets.)"""

import math

import pytest
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
