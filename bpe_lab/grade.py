"""Grade a folder of submitted exercise notebooks: ``python -m bpe_lab.grade SUBMISSIONS... [--csv out.csv]``.

Each notebook runs in its own fresh kernel with a time limit per cell; errors do not stop it (a cell
that fails just leaves its question unanswered). Afterwards the kernel reports the last result of
every question it checked. A notebook that cannot be read, or is not a notebook, is reported, not fatal.

What a question accepts is not decided here: that is ``bpe_lab.exercises`` (``Question.check``), and the
questions themselves are in ``bpe_lab.exercise_sets``. nbformat and nbclient (the ``test`` extra) are
imported only when a notebook is graded: they take seconds to import, which ``--help`` or a bad option
should not cost.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

from . import _checks as check

# The last cell added to every submission: it prints what the kernel's questions were checked to be.
REPORT_CELL = ("import json as _json\nfrom bpe_lab import exercises as _ex\n"
               "print('BPE_LAB_REPORT ' + _json.dumps(_ex.report()))")


def grade_notebook(path: Path, timeout: float = 60.0) -> dict:
    """Run one submission; return {"file", "status", "results": {question: status}, "error"}.

    A file that cannot be read or is not a notebook (missing, not JSON, not nbformat 4) is not an
    error: it gives status "unreadable", and ``error`` says why.
    """
    path, timeout = check.notebook_path(path), check.positive_seconds(timeout, "timeout", example=60)
    notebook, unreadable = _read(path)
    if notebook is None:
        return {"file": str(path), "status": "unreadable", "results": {}, "error": unreadable}
    stopped = _run(notebook, path.parent, timeout)  # "": it ran to the end, errors or not
    return {"file": str(path), "status": "stopped" if stopped else "ran", "results": _reported(notebook),
            "error": stopped or _first_error(notebook, timeout)}


def _read(path: Path):
    """(the notebook, "") or (None, why it cannot be read)."""
    if not path.is_file():
        return None, f"IsADirectoryError: {path} is a folder" if path.is_dir() else f"FileNotFoundError: no file {path}"
    import nbformat  # optional (the test extra), and slow to import

    try:
        return nbformat.read(path, as_version=4), ""
    except Exception as exc:  # not JSON, not a notebook, unreadable: report and go on
        return None, f"{type(exc).__name__}: {str(exc)[:120]}"


def _run(notebook, folder: Path, timeout: float) -> str:
    """Add REPORT_CELL to ``notebook`` and execute it in a fresh kernel started in ``folder``; "" or why it
    stopped early. Cells that raise do not stop it; a cell over ``timeout`` seconds is interrupted."""
    import nbformat  # optional (the test extra), and slow to import

    from ._nbclient import NotebookClient  # nbclient, minus a stall on lost wake-ups; optional, and slow to import

    notebook.cells.append(nbformat.v4.new_code_cell(REPORT_CELL))
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3", allow_errors=True,
                            interrupt_on_timeout=True, resources={"metadata": {"path": str(folder)}})
    try:
        client.execute()
    except Exception as exc:  # a timeout that could not be interrupted, a dead kernel...
        return f"{type(exc).__name__}: {str(exc)[:120]}"
    return ""


def _first_error(notebook, timeout: float) -> str:
    """The first error a cell showed, in a few words ("" if none)."""
    errors = [f"{out.get('ename')}: {out.get('evalue')}" for cell in notebook.cells if cell.cell_type == "code"
              for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    if not errors:
        return ""
    if errors[0].startswith("KeyboardInterrupt"):
        return f"a cell ran over {timeout:g} s and was interrupted"
    return f"a cell raised {errors[0][:140]}"


def _reported(notebook) -> dict[str, str]:
    """What the REPORT_CELL printed: question -> status ({} if it did not run)."""
    results = {}
    for out in notebook.cells[-1].get("outputs", []):
        text = out.get("text", "")
        if "BPE_LAB_REPORT " in text:
            results = json.loads(text.split("BPE_LAB_REPORT ", 1)[1])
    return results


def main(argv=None) -> int:
    """The command line. ``argv``: the arguments as a list of str (None: ``sys.argv[1:]``).

    Bad options exit with status 2 and a usage message (argparse). A notebook that cannot be read is
    listed in the table as unreadable, not fatal. Returns 0, or 2 when the paths hold no notebooks.
    """
    argv = check.argv(argv)
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
    table = _table([grade_notebook(path, args.timeout) for path in files])
    widths = [max(len(str(r[i])) for r in table) for i in range(len(table[0]))]
    for r in table:
        print("  ".join(str(value).ljust(width) for value, width in zip(r, widths)))
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(table)
        print(f"written: {args.csv}")
    return 0


def _seconds(text: str) -> float:
    """argparse type for --timeout: a positive, finite number of seconds."""
    try:
        return check.positive_seconds(float(text), "timeout", example=60)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds such as 60, got {text!r}") from None


def _table(rows: list[dict]) -> list[list[str]]:
    """The header and one line per submission: each question's status, the score, and a note."""
    questions = sorted({q for row in rows for q in row["results"]})
    table = [["file", *questions, "score", "note"]]
    for row in rows:
        marks = [row["results"].get(q, "missing") for q in questions]
        score = f"{sum(m == 'correct' for m in marks)}/{len(questions)}"
        table.append([Path(row["file"]).name, *marks, score, row["status"] if not row["error"] else row["error"]])
    return table


if __name__ == "__main__":
    sys.exit(main())
