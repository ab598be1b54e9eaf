"""Predict, then run: ``predict.reveal`` and the Predict moments of the topic notebooks."""

import re

import nbformat
import pytest
from conftest import ROOT

from bpe_lab import predict

TOPICS = sorted(path for path in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb") if 1 <= int(path.name[:2]) <= 10)


def test_reveal_says_right_wrong_and_no_guess():
    assert predict.reveal(["u", "g"], ("u", "g")).right is True
    assert predict.reveal(("h", "u"), ("u", "g")).right is False
    unanswered = predict.reveal(..., ("u", "g"))
    assert unanswered.right is None and "('u', 'g')" in repr(unanswered)
    assert "23% low" in repr(predict.reveal(40, 52))
    assert predict.reveal(50, 52, tolerance=0.05).right is True
    assert "Most words end in s." in repr(predict.reveal(1, 1, why="Most words end in s."))
    assert "✓" in predict.reveal(1, 1)._repr_html_() and "&lt;" in predict.reveal("<b>", "x")._repr_html_()


def moments(path):
    """Each Predict moment: (the markdown cell's first line, the guess cell's source, the revealing cell's source)."""
    cells = nbformat.read(path, as_version=4).cells
    found = []
    for i, cell in enumerate(cells):
        if cell.cell_type == "markdown" and cell.source.startswith("**Predict:**"):
            guess = cells[i + 1] if i + 1 < len(cells) else None
            reveal = next((c for c in cells[i + 2:] if c.cell_type == "code" and "predict.reveal(" in c.source), None)
            # (the first later cell that reveals; the test checks it reveals this guess)
            found.append((cell.source.splitlines()[0], guess, reveal))
    return found


@pytest.mark.parametrize("path", TOPICS, ids=[p.stem for p in TOPICS])
def test_every_topic_notebook_asks_for_predictions(path):
    found = moments(path)
    assert len(found) >= 3, f"{path.name}: {len(found)} Predict moments, want at least 3"
    for question, guess, reveal in found:
        assert guess is not None and guess.cell_type == "code", f"{question}: the next cell must hold the guess"
        assert re.fullmatch(r"guess\w* = \.\.\.  # your guess.*", guess.source), (
            f"{question}: the guess cell holds only `guess... = ...  # your guess...`, committed unanswered")
        name = guess.source.split(" = ")[0]
        assert reveal is not None and f"predict.reveal({name}," in reveal.source, (
            f"{question}: no later cell calls predict.reveal({name}, ...)")
