"""Every notebook runs top to bottom on a fresh kernel without error, and is committed without outputs."""

import time

import nbformat
import pytest
from conftest import NOTEBOOKS, ROOT, TIMINGS

pytestmark = pytest.mark.notebook


def test_there_are_notebooks():
    names = [path.name for path in NOTEBOOKS]
    assert names[:3] == ["00_start_here.ipynb", "01_bpe_from_scratch.ipynb", "02_encoding_order.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_committed_without_outputs(path):
    notebook = nbformat.read(path, as_version=4)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, (
                f"{path.name}, cell {index} has outputs: clear them before committing "
                "(Edit > Clear Outputs of All Cells, then save)"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_structure(path):
    """A title with what you learn and the time it takes, a summary and self-check answers on click."""
    notebook = nbformat.read(path, as_version=4)
    first = notebook.cells[0].source
    assert first.startswith("# ") and "What you will learn" in first and "minutes" in first
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    assert "## Self-check" in text and "<details><summary>" in text
    if path.stem != "00_start_here":
        assert "## Summary" in text


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_slide_layout(path):
    """Every cell has its slide type (none = continue the slide), by the rules of scripts/slides.py (title slide, a slide per section,
    sub-slides for detail, code on the slide of its text). Fix with: .venv/bin/python scripts/slides.py"""
    import importlib.util

    spec = importlib.util.spec_from_file_location("slides", ROOT / "scripts" / "slides.py")
    slides = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(slides)
    nb = nbformat.read(path, as_version=4)
    assert slides.differences(nb) == [], "run .venv/bin/python scripts/slides.py to fix the slide layout"
    types = [cell.metadata.get("slideshow", {}).get("slide_type") for cell in nb.cells]
    assert types[0] == "slide" and types.count("slide") >= 4, "a title slide and a slide per section"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_runs_top_to_bottom(path, tmp_path, monkeypatch):
    from bpe_lab._nbclient import NotebookClient  # nbclient, minus a stall on lost wake-ups

    # keep matplotlib's and IPython's caches out of the user's home
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT / "notebooks")}})
    started = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - started
    TIMINGS[f"notebook {path.name} (kernel start included)"] = seconds
    print(f"\n{path.name}: executed in {seconds:.1f} s (kernel start included)")
    errors = [out for cell in notebook.cells if cell.cell_type == "code"
              for out in cell.outputs if out.output_type == "error"]
    assert not errors
