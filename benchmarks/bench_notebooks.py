"""Notebook budgets: how long each topic notebook takes on a fresh kernel, cell by cell.

Run:  .venv/bin/python benchmarks/bench_notebooks.py              (every topic notebook, about a minute and a half)
      .venv/bin/python benchmarks/bench_notebooks.py 07 08        (only the notebooks whose names start so)
      .venv/bin/python benchmarks/bench_notebooks.py --cells 5    (list the 5 slowest cells of each)

Each notebook runs as tests/test_notebooks.py runs it: a fresh kernel, empty matplotlib and IPython settings
directories (so matplotlib builds its font cache, as on a fresh clone), each code cell once, top to bottom.
"total" is kernel start plus every cell, what a student's Run All costs. The budget (issue 20): under 10 s for
every topic notebook, under 15 s for 07. Timings depend on the machine and on what else runs on it: repeat a
run that looks noisy. Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = {"07": 15.0, "11": 20.0}  # seconds (issue 31 gives notebook 11 twenty); every other topic notebook: 10


def run(path: Path) -> tuple[float, list[tuple[float, int, str]]]:
    """Kernel start plus each code cell: (total seconds, [(seconds, index, first line), ...])."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["MPLCONFIGDIR"] = str(Path(scratch) / "mpl")
        os.environ["IPYTHONDIR"] = str(Path(scratch) / "ipython")
        client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}})
        started = time.perf_counter()
        with client.setup_kernel():
            cells = [(-1, "(kernel start)", time.perf_counter() - started)]
            for index, cell in enumerate(notebook.cells):
                if cell.cell_type != "code":
                    continue
                began = time.perf_counter()
                client.execute_cell(cell, index)
                first = (cell.source.strip().splitlines() or [""])[0]
                cells.append((index, first, time.perf_counter() - began))
    return sum(seconds for *_, seconds in cells), [(s, i, f) for i, f, s in cells]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixes", nargs="*", help="notebook name prefixes such as 07 (default: all)")
    parser.add_argument("--cells", type=int, default=3, help="how many of the slowest cells to list (default 3)")
    args = parser.parse_args()
    paths = [p for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
             if not args.prefixes or any(p.name.startswith(prefix) for prefix in args.prefixes)]
    print(f"Topic notebooks on a fresh kernel, top to bottom ({os.cpu_count()} cores; load average "
          f"{os.getloadavg()[0]:.1f} at the start)\n")
    print(f"{'notebook':<32} {'total s':>8} {'budget s':>9}  slowest cells (seconds, cell index: first line)")
    for path in paths:
        total, cells = run(path)
        budget = BUDGET.get(path.name[:2], 10.0)
        slowest = sorted(cells, reverse=True)[: args.cells]
        listed = "; ".join(f"{s:.1f} #{i}: {f[:40]}" for s, i, f in slowest)
        print(f"{path.stem:<32} {total:>8.1f} {budget:>9.0f}  {listed}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
