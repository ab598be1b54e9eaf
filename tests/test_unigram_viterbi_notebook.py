"""Notebook 06 (Unigram and Viterbi): the lattice is legible on a projector, the likelihood plot gives its
units, the tie is taught as the code breaks it, and the exercise accepts either best path of a tie."""

import math
import re

import nbformat
from conftest import ROOT

from bpe_lab import unigram, widgets
from bpe_lab.exercise_sets import set_06
from bpe_lab.widgets import viterbi_steps

NOTEBOOK = ROOT / "notebooks" / "06_unigram_viterbi.ipynb"
CATS = {"c": -2.5, "a": -2.3, "t": -2.4, "s": -2.6, "ca": -1.8, "cat": -1.2, "cats": -3.0,
        "at": -1.9, "ats": -2.1, "ts": -2.0}


def _svg_size(view: str) -> tuple[int, int]:
    """The lattice SVG's width in pixels and its font size in px."""
    match = re.search(r'<svg width="(\d+)" height="\d+" style="[^"]*font-size:(\d+)px', view)
    assert match, view[:200]
    return int(match.group(1)), int(match.group(2))


def test_the_cats_lattice_is_wide_enough_for_a_projector():
    width, font = _svg_size(widgets.viterbi_view(unigram.viterbi_table("cats", CATS), 4))
    assert width >= 600 and font >= 14, (width, font)


def test_a_long_word_gets_a_wider_lattice_not_smaller_labels():
    letters = {char: -2.0 for char in "acknowledged"}
    short_width, font = _svg_size(widgets.viterbi_view(unigram.viterbi_table("cats", CATS), 0))
    long_width, long_font = _svg_size(widgets.viterbi_view(unigram.viterbi_table("acknowledged", letters), 0))
    assert long_width > short_width and long_font == font
    # a monospace character is about 0.6 em wide: a 5-character label still fits between two positions
    assert viterbi_steps._step(len("acknowledged")) >= 5 * 0.6 * long_font


def _cells():
    return nbformat.read(NOTEBOOK, as_version=4).cells


def test_the_likelihood_plot_says_nats():
    labels = [label for cell in _cells() if cell.cell_type == "code"
              for label in re.findall(r'set_ylabel\("([^"]*)"', cell.source)]
    likelihood = [label for label in labels if "likelihood" in label]
    assert likelihood and all("nats" in label for label in likelihood), labels


def test_the_tie_is_taught_as_the_code_breaks_it():
    text = "\n".join(cell.source for cell in _cells())
    assert "3.8000000000000003" not in text and "a hair below" not in text  # the old, false explanation
    assert -1.2 + -2.6 == -1.8 + -2.0 and "-1.2 + -2.6 == -1.8 + -2.0" in text  # a cell prints the fact
    assert "strictly" in text and "starts earliest" in text  # the tie rule, where Viterbi is taught
    assert unigram.viterbi("cats", {p: v for p, v in CATS.items() if p != "cats"})[0] == ["ca", "ts"]
    assert round(sum(math.exp(v) for v in CATS.values()), 4) == 1.2710  # "not quite a distribution"


def _viterbi_later_tie_wins(text, log_probs):
    """A correct Viterbi that breaks ties the other way: a later equal candidate replaces the best."""
    best, back = [0.0] + [-math.inf] * len(text), [None] * (len(text) + 1)
    for end in range(1, len(text) + 1):
        for start in range(end):
            piece = text[start:end]
            if piece in log_probs and best[start] + log_probs[piece] >= best[end]:
                best[end], back[end] = best[start] + log_probs[piece], start
    pieces, end = [], len(text)
    while end > 0:
        pieces.append(text[back[end]:end])
        end = back[end]
    return pieces[::-1]


def test_the_viterbi_exercise_accepts_either_best_path_of_a_tie():
    question = set_06()["viterbi"]
    assert "either one is accepted" in question.prompt
    assert _viterbi_later_tie_wins("cats", {p: v for p, v in CATS.items() if p != "cats"}) == ["cat", "s"]
    assert question.check(_viterbi_later_tie_wins).status == "correct"
    assert question.check(lambda text, log_probs: list(text)).status == "incorrect"  # a worse path is still wrong
    assert question.check(lambda text, log_probs: ["cats"] if text == "cats" else list(text)).status == "incorrect"
