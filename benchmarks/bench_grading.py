"""How long the grader takes on the eleven exercise notebooks, answered with their solutions: in the bubblewrap
sandbox and not (``--no-sandbox``), in the same run.

Run:  .venv/bin/python benchmarks/bench_grading.py        (a few minutes)

Each notebook is graded as ``python -m bpe_lab.grade`` grades it: a child process per phase (the value answers
against the student edition, the function answers against the copy with the set's forbidden functions
stubbed), every cell run, every function answer called on its public and hidden cases. One grading run covers
all eleven (the course copies are built once per run, and that time is included); the two modes alternate,
twice each, and the best of each is kept. Prints a table; asserts nothing. Without bwrap the sandboxed column
says so.
"""

from __future__ import annotations

import contextlib
import csv
import io
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import nbformat  # noqa: E402

from bpe_lab.homework import grade, sets  # noqa: E402
from bpe_lab.homework._grading import sandbox  # noqa: E402

EXERCISES = ROOT / "notebooks" / "exercises"


def solved(folder: Path) -> list[Path]:
    """Every exercise notebook with each answer cell replaced by its question's solution."""
    paths = []
    for path in sorted(EXERCISES.glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        questions = getattr(sets, f"set_{path.stem.split('_')[0]}")()
        for cell in notebook.cells:
            name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
            if name in questions:
                cell.source = questions[name].solution_code
        nbformat.write(notebook, folder / path.name)
        paths.append(folder / path.name)
    return paths


def run(folder: Path, sandboxed: bool) -> tuple[float, int]:
    """Seconds to grade the folder, and how many notebooks scored full marks."""
    out = Path(tempfile.mkdtemp())
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        grade.main([str(folder), "--seed", "bench", "--time-factor", "3", "--out", str(out),
                    *([] if sandboxed else ["--no-sandbox"])])
    seconds = time.perf_counter() - started
    full = 0
    for table in out.glob("grades_*.csv"):
        with open(table, encoding="utf-8") as handle:
            full += sum(row["points"] == row["out of"] for row in csv.DictReader(handle))
    return seconds, full


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        paths = solved(folder)
        modes = [True, False] if sandbox.available() else [False]
        best = {mode: float("inf") for mode in modes}
        full = {}
        for _ in range(2):
            for mode in modes:
                seconds, full[mode] = run(folder, mode)
                best[mode] = min(best[mode], seconds)
    print(f"grading {len(paths)} exercise notebooks (solutions), best of 2, on this machine")
    print(f"{'mode':<32}{'seconds':>10}{'per notebook':>14}{'full marks':>12}")
    for mode in modes:
        label = "bubblewrap sandbox" if mode else "plain processes (--no-sandbox)"
        print(f"{label:<32}{best[mode]:>10.1f}{best[mode] / len(paths):>14.1f}{full[mode]:>8}/{len(paths)}")
    if True in best and False in best:
        print(f"sandboxed / plain: {best[True] / best[False]:.2f}")
    else:
        print("bubblewrap is not available here: no sandboxed column")


if __name__ == "__main__":
    main()
