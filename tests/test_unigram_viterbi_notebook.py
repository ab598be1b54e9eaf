"""Notebook 06 (Unigram and Viterbi): the lattice is legible on a projector, the likelihood plot gives its
units, the tie is taught as the code breaks it, and the exercise accepts either best path of a tie."""

import math
import re

import nbformat
from conftest import ROOT

from bpe_lab import unigram, widgets
from bpe_lab.homework import set_06
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


def _top_level_names(source: str) -> set:
    """The names a cell binds at the top level (assignments, for-loop targets, functions), not in comprehensions."""
    import ast

    tree = ast.parse("\n".join(line for line in source.splitlines() if not line.startswith("%")))
    names = set()
    for node in tree.body:
        targets = {ast.Assign: lambda n: n.targets, ast.AugAssign: lambda n: [n.target],
                   ast.AnnAssign: lambda n: [n.target], ast.For: lambda n: [n.target]}
        for kind, get in targets.items():
            if isinstance(node, kind):
                names |= {name.id for target in get(node) for name in ast.walk(target) if isinstance(name, ast.Name)}
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def test_sections_do_not_rebind_what_an_earlier_section_reads():
    """Issue 28: section 5 rebound alpha (forward-backward's table in 4.1) and word, so re-running 4.1 after it
    failed. The names the E-step by hand reads belong to section 4 alone."""
    section, bound = 0, {}
    for cell in _cells():
        if cell.cell_type == "markdown" and any(line.startswith("## ") for line in cell.source.splitlines()):
            section += 1
        elif cell.cell_type == "code":
            for name in _top_level_names(cell.source):
                bound.setdefault(name, set()).add(section)
    for name in ["alpha", "beta", "word", "p", "n", "expected", "uses", "pieces", "score"]:
        assert len(bound.get(name, set())) <= 1, f"{name!r} is bound in sections {sorted(bound[name])}"


def test_viterbi_counts_start_end_pairs_and_real_models_need_not_sum_to_one():
    """Issue 28: section 3 prints the (start, end) pairs, not only the distinct substrings; section 1 no longer says
    every Unigram model sums to 1, and section 6 explains SentencePiece's digamma M-step."""
    text = "\n".join(cell.source for cell in _cells())
    assert "(start, end) pairs" in text and "n_chars * (n_chars + 1) // 2" in text
    assert "A Unigram vocabulary's probabilities sum to 1" not in text
    assert "digamma" in text and "Jensen" in text and "in four places" not in text
