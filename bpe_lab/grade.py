"""Grade a folder of submitted exercise notebooks: ``python -m bpe_lab.grade SUBMISSIONS... [--csv out.csv]``.

Each notebook runs in its own fresh kernel with a time limit per cell; errors do not stop it (a cell
that fails just leaves its question unanswered). Afterwards the kernel reports the last result of
every question it checked. A notebook that cannot be read, or is not a notebook, is reported, not fatal.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import numbers
import os
import sys
from pathlib import Path

REPORT_CELL = "import json as _json\nfrom bpe_lab import exercises as _ex\nprint('BPE_LAB_REPORT ' + _json.dumps(_ex.report()))"


def _check_timeout(timeout) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real):
        raise TypeError(f"timeout must be a positive number of seconds such as 60, got {timeout!r} "
                        f"({type(timeout).__name__})")
    if not (math.isfinite(timeout) and timeout > 0):
        raise ValueError(f"timeout must be a positive number of seconds such as 60, got {timeout!r}")
    return float(timeout)


def grade_notebook(path: Path, timeout: float = 60.0) -> dict:
    """Run one submission; return {"file", "status", "results": {question: status}, "error"}.

    A file that cannot be read or is not a notebook (missing, not JSON, not nbformat 4) is not an
    error: it gives status "unreadable", and ``error`` says why.
    """
    # subtle: nbformat.read(5) would read file descriptor 5 (and close it), so check the type first
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a notebook file (str or pathlib.Path), got {type(path).__name__}")
    path = Path(path)
    timeout = _check_timeout(timeout)
    row = {"file": str(path), "status": "ran", "results": {}, "error": ""}
    if not path.is_file():
        error = f"IsADirectoryError: {path} is a folder" if path.is_dir() else f"FileNotFoundError: no file {path}"
        return {**row, "status": "unreadable", "error": error}
    import nbformat

    try:
        notebook = nbformat.read(path, as_version=4)
    except Exception as exc:  # not JSON, not a notebook, unreadable: report and go on
        return {**row, "status": "unreadable", "error": f"{type(exc).__name__}: {str(exc)[:120]}"}
    from ._nbclient import NotebookClient  # nbclient, minus a stall on lost wake-ups (imported only when needed)

    notebook.cells.append(nbformat.v4.new_code_cell(REPORT_CELL))
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3", allow_errors=True,
                            interrupt_on_timeout=True, resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute()
    except Exception as exc:  # a timeout that could not be interrupted, a dead kernel...
        row["status"], row["error"] = "stopped", f"{type(exc).__name__}: {str(exc)[:120]}"
    errors = [f"{out.get('ename')}: {out.get('evalue')}" for cell in notebook.cells if cell.cell_type == "code"
              for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    if errors and not row["error"]:
        first = errors[0]
        row["error"] = (f"a cell ran over {timeout:g} s and was interrupted" if first.startswith("KeyboardInterrupt")
                        else f"a cell raised {first[:140]}")
    for out in notebook.cells[-1].get("outputs", []):
        text = out.get("text", "")
        if "BPE_LAB_REPORT " in text:
            row["results"] = json.loads(text.split("BPE_LAB_REPORT ", 1)[1])
    return row


def _seconds(text: str) -> float:
    """argparse type for --timeout: a positive, finite number of seconds."""
    try:
        return _check_timeout(float(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds such as 60, got {text!r}") from None


def main(argv=None) -> int:
    """The command line. ``argv``: the arguments as a list of str (None: ``sys.argv[1:]``).

    Bad options exit with status 2 and a usage message (argparse). A notebook that cannot be read is
    listed in the table as unreadable, not fatal. Returns 0, or 2 when the paths hold no notebooks.
    """
    if argv is not None and (isinstance(argv, (str, bytes)) or not isinstance(argv, (list, tuple))
                             or not all(isinstance(arg, str) for arg in argv)):
        detail = (f", got {type(argv).__name__}" if not isinstance(argv, (list, tuple)) or isinstance(argv, (str, bytes))
                  else next(f"; argv[{i}] is {type(a).__name__}" for i, a in enumerate(argv) if not isinstance(a, str)))
        raise TypeError(f"argv must be a list of str (the command-line arguments) or None{detail}")
    parser = argparse.ArgumentParser(prog="python -m bpe_lab.grade", description=__doc__.splitlines()[0])
    parser.add_argument("submissions", nargs="+", type=Path, help="notebooks (or folders of notebooks)")
    parser.add_argument("--csv", type=Path, help="also write the table as CSV")
    parser.add_argument("--timeout", type=_seconds, default=60.0, help="seconds per cell (default 60)")
    args = parser.parse_args(argv)
    if args.csv is not None and not args.csv.parent.is_dir():
        parser.error(f"argument --csv: the folder {args.csv.parent} does not exist")
    files = []
    for item in args.submissions:
        files += sorted(item.glob("*.ipynb")) if item.is_dir() else [item]
    if not files:
        print("no notebooks found in the given paths", file=sys.stderr)
        return 2
    rows = [grade_notebook(path, args.timeout) for path in files]
    questions = sorted({q for row in rows for q in row["results"]})
    header = ["file", *questions, "score", "note"]
    table = []
    for row in rows:
        marks = [row["results"].get(q, "missing") for q in questions]
        score = f"{sum(m == 'correct' for m in marks)}/{len(questions)}"
        table.append([Path(row["file"]).name, *marks, score, row["status"] if not row["error"] else row["error"]])
    widths = [max(len(str(r[i])) for r in [header, *table]) for i in range(len(header))]
    for r in [header, *table]:
        print("  ".join(str(value).ljust(width) for value, width in zip(r, widths)))
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([header, *table])
        print(f"written: {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
