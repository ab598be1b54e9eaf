"""Every notebook runs top to bottom on a fresh kernel without error, survives its cells being run twice,
'Run All' pressed again in the same kernel and its sections re-run from the last to the first (a lecturer jumping
back), and is committed without outputs."""

import re
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


# What may differ between two runs of a cell: measured durations ("in 1.1 s", "10 ms per merge", a
# table's "seconds" column, and so the width of that column: 9.87 vs 10.02), widget model ids, how the
# kernel happened to split printed text, and stderr (a library's warning is printed once per kernel,
# not once per run).
_DURATION = re.compile(r"\d[\d,]*(?:\.\d+)?\s?(?:s|ms|µs)\b")
_DECIMAL = re.compile(r"\d+\.\d+")
_SPACES = re.compile(r"[ \t]+")


def _mask(text: str) -> str:
    text = _DURATION.sub("<duration>", text)
    if "seconds" in text:  # a table with a column of timings: its numbers, and the padding around them
        text = _SPACES.sub(" ", _DECIMAL.sub("<decimal>", text))
    return text


def _shown(cell) -> list:
    """What a cell shows, comparable between runs: stdout joined, durations masked, images by presence."""
    shown = []
    for out in cell.outputs:
        if out.output_type == "stream" and out.name == "stderr":
            continue
        if out.output_type == "stream":
            if shown and shown[-1][0] == out.name:
                shown[-1] = (out.name, shown[-1][1] + out.text)
            else:
                shown.append((out.name, out.text))
        elif out.output_type == "error":
            shown.append(("error", out.ename, out.evalue))
        else:
            data = out.get("data", {})
            shown.append((out.output_type, sorted(data), _mask(str(data.get("text/plain", ""))),
                          _mask(str(data.get("text/html", "")))))
    return [(kind, _mask(rest[0])) if kind == "stdout" else (kind, *rest) for kind, *rest in shown]


def _run(client, cell, index: int, where: str) -> float:
    """Execute one cell; fail with the notebook, the cell index and the error if it raises."""
    from nbclient.exceptions import CellExecutionError

    started = time.perf_counter()
    try:
        client.execute_cell(cell, index)
    except CellExecutionError as error:
        pytest.fail(f"{where}, cell {index}: {error.ename}: {error.evalue}\n--- cell source ---\n{cell.source}",
                    pytrace=False)
    errors = [f"{out.ename}: {out.evalue}" for out in cell.outputs if out.output_type == "error"]
    assert not errors, f"{where}, cell {index}: {errors}\n--- cell source ---\n{cell.source}"
    return time.perf_counter() - started


def _client(notebook, directory, tmp_path, monkeypatch, timeout: int):
    from bpe_lab._nbclient import NotebookClient  # nbclient, minus a stall on lost wake-ups

    # keep matplotlib's and IPython's caches out of the user's home
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    return NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                          resources={"metadata": {"path": str(directory)}})


def _each_cell_twice(client, cells, name: str) -> tuple[float, float]:
    """Run every code cell twice in a row (Shift+Enter, Shift+Enter); the second run must show what the
    first showed. Returns the seconds of the first runs and of the second runs."""
    first = second = 0.0
    for index, cell in cells:
        first += _run(client, cell, index, f"{name} (first run)")
        shown = _shown(cell)
        second += _run(client, cell, index, f"{name} (the same cell run again at once)")
        assert _shown(cell) == shown, (
            f"{name}, cell {index} shows something else when run a second time (not idempotent: does it change "
            f"a variable it reads?)\nfirst:  {shown}\nsecond: {_shown(cell)}\n--- cell source ---\n{cell.source}")
    return first, second


def sections(notebook) -> list[tuple[str, list]]:
    """The notebook cut at its `## ` headings: (heading, [(index, code cell), ...]) in order. The code cells
    before the first heading are the set-up, named "set-up"."""
    cut = [("set-up", [])]
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            heading = next((line for line in cell.source.splitlines() if line.startswith("## ")), None)
            if heading:
                cut.append((heading[3:].strip(), []))
        elif cell.cell_type == "code":
            cut[-1][1].append((index, cell))
    return cut


def _sections_last_to_first(client, parts, first_shown: dict, name: str) -> float:
    """Run the sections from the last to the first, so that each runs right after the one below it (what a
    lecturer does who goes back a section): each cell must show what it showed on the first run."""
    seconds = 0.0
    for heading, cells in reversed(parts):
        for index, cell in cells:
            where = f"{name} (section \"{heading}\" re-run after the sections below it)"
            seconds += _run(client, cell, index, where)
            assert _shown(cell) == first_shown[index], (
                f"{where}, cell {index} shows something else than on the first run: does a later section reuse a "
                f"name this section reads?\nfirst:  {first_shown[index]}\nnow:    {_shown(cell)}\n"
                f"--- cell source ---\n{cell.source}")
    return seconds


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_runs_top_to_bottom_cells_twice_and_run_all_again(path, tmp_path, monkeypatch):
    """One fresh kernel per notebook. Pass 1 goes top to bottom running each code cell twice in a row, as a
    student pressing Shift+Enter twice; pass 2 runs every section once more in order, as 'Run All' pressed
    again in the same kernel; pass 3 runs the sections from the last to the first, so each section re-runs
    right after the one below it, as a lecturer who jumps back. No cell may raise, and each re-run must show
    what the first run showed.

    Timings recorded: top to bottom (kernel start + the first run of each cell: what a fresh 'Run All' costs),
    the immediate second runs, pass 2 and pass 3."""
    notebook = nbformat.read(path, as_version=4)
    client = _client(notebook, ROOT / "notebooks", tmp_path, monkeypatch, timeout=300)
    cells = [(index, cell) for index, cell in enumerate(notebook.cells) if cell.cell_type == "code"]
    started = time.perf_counter()
    with client.setup_kernel():
        kernel_start = time.perf_counter() - started
        first, second = _each_cell_twice(client, cells, path.name)
        first_shown = {index: _shown(cell) for index, cell in cells}
        again = 0.0
        for index, cell in cells:
            again += _run(client, cell, index, f"{path.name} (Run All pressed again)")
            assert _shown(cell) == first_shown[index], (
                f"{path.name}, cell {index} shows something else on 'Run All' pressed again\n"
                f"first:  {first_shown[index]}\nagain:  {_shown(cell)}\n--- cell source ---\n{cell.source}")
        backwards = _sections_last_to_first(client, sections(notebook), first_shown, path.name)
    TIMINGS[f"notebook {path.stem}: top to bottom + kernel start"] = kernel_start + first
    TIMINGS[f"notebook {path.stem}: each cell re-run at once"] = second
    TIMINGS[f"notebook {path.stem}: Run All again, same kernel"] = again
    TIMINGS[f"notebook {path.stem}: sections last to first"] = backwards
    print(f"\n{path.name}: top to bottom {kernel_start + first:.1f} s (kernel start {kernel_start:.1f} s included); "
          f"each cell re-run at once {second:.1f} s; Run All again {again:.1f} s; sections last to first {backwards:.1f} s")


def test_a_cell_that_is_not_idempotent_is_caught(tmp_path, monkeypatch):
    """The check above on a made-up notebook: a cell that changes the dict it reads shows something else
    the second time; a cell whose assert only holds once fails with its index and the error."""
    cell = nbformat.v4.new_code_cell
    notebook = nbformat.v4.new_notebook(cells=[
        cell("counts = {'ug': 20}\nprint('timed in 0.12 s')"),  # a duration may differ: not a difference
        cell("counts['ug'] += 1\ncounts"),
        cell("merges = []"),
        cell("merges.append(('u', 'g'))\nassert len(merges) == 1, merges"),
    ])
    client = _client(notebook, tmp_path, tmp_path, monkeypatch, timeout=60)
    cells = list(enumerate(notebook.cells))
    with client.setup_kernel():
        with pytest.raises(AssertionError, match=r"made-up, cell 1 shows something else when run a second time"):
            _each_cell_twice(client, cells[:2], "made-up")
        with pytest.raises(pytest.fail.Exception, match=r"made-up \(the same cell run again at once\), cell 3: "
                                                        r"AssertionError: \[\('u', 'g'\), \('u', 'g'\)\]"):
            _each_cell_twice(client, cells[2:], "made-up")
    assert _mask("in 0.12 s, 10 ms per merge") == "in <duration>, <duration> per merge"


def test_a_section_that_breaks_an_earlier_one_is_caught(tmp_path, monkeypatch):
    """The reverse pass on a made-up notebook: section 1 counts, section 2 reads the counts, section 3 rebinds
    `counts` to something else. Section 2 re-run after section 3 fails, naming the section and the cell."""
    cell, text = nbformat.v4.new_code_cell, nbformat.v4.new_markdown_cell
    notebook = nbformat.v4.new_notebook(cells=[
        cell("import collections"),
        text("## 1. Counting\nSome prose."), cell("counts = collections.Counter('hug')"),
        text("## 2. Reading the counts"), cell("counts['h']"),
        text("## 3. Something else"), cell("counts = 7\ncounts"),
    ])
    parts = sections(notebook)
    assert [(heading, [index for index, _ in cells]) for heading, cells in parts] == [
        ("set-up", [0]), ("1. Counting", [2]), ("2. Reading the counts", [4]), ("3. Something else", [6])]
    client = _client(notebook, tmp_path, tmp_path, monkeypatch, timeout=60)
    with client.setup_kernel():
        for index, code in enumerate(notebook.cells):
            if code.cell_type == "code":
                _run(client, code, index, "made-up")
        first_shown = {index: _shown(code) for index, code in enumerate(notebook.cells) if code.cell_type == "code"}
        with pytest.raises(pytest.fail.Exception, match=r'made-up \(section "2\. Reading the counts" re-run after the '
                                                        r'sections below it\), cell 4: TypeError'):
            _sections_last_to_first(client, parts, first_shown, "made-up")


EXERCISES = sorted((ROOT / "notebooks" / "exercises").glob("*.ipynb"))


@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_exercise_notebook_cells_run_twice(path, tmp_path, monkeypatch):
    """In one kernel: the notebook as handed out, then with every answer solved, then with the typical wrong
    answers (a student editing and re-running), each code cell run twice in a row. The feedback must not
    change on the second run (a check that remembers, an answer cell that mutates what it reads)."""
    from bpe_lab.homework import sets as exercise_sets

    questions = getattr(exercise_sets, f"set_{path.stem.split('_')[0]}")()  # set_01 ... set_10, set_capstone
    notebook = nbformat.read(path, as_version=4)
    client = _client(notebook, path.parent, tmp_path, monkeypatch, timeout=60)
    cells = [(index, cell) for index, cell in enumerate(notebook.cells) if cell.cell_type == "code"]
    started = time.perf_counter()
    with client.setup_kernel():
        for state in ("as handed out", "solved", "wrong"):
            if state != "as handed out":
                for _, cell in cells:
                    name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
                    if name:
                        question = questions[name]
                        code = question.solution_code if state == "solved" else question.wrong_code
                        cell.source = f"{code}\n\nq[{name!r}].check({question.answer_name})"
            _each_cell_twice(client, cells, f"{path.name} ({state})")
            verdicts = [str(out.get("data", {}).get("text/plain", ""))[:1] for _, cell in cells
                        for out in cell.outputs if out.output_type == "execute_result"]
            expected = {"as handed out": "…", "solved": "✓", "wrong": "✗"}[state]  # Feedback's status symbol
            assert verdicts == [expected] * len(questions), f"{path.name} ({state}): {verdicts}"
    print(f"\n{path.name}: three versions, each cell twice, in {time.perf_counter() - started:.1f} s")
