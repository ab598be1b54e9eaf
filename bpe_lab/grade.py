"""Grade a folder of submitted exercise notebooks: ``python -m bpe_lab.grade SUBMISSIONS... [--csv out.csv]``.

Each notebook runs in its own fresh kernel with a time limit per cell; errors do not stop it (a cell
that fails just leaves its question unanswered). Afterwards the kernel reports the last result of
every question it checked. A notebook that cannot be read, or is not a notebook, is reported, not fatal.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

REPORT_CELL = "import json as _json\nfrom bpe_lab import exercises as _ex\nprint('BPE_LAB_REPORT ' + _json.dumps(_ex.report()))"


def grade_notebook(path: Path, timeout: float = 60.0) -> dict:
    """Run one submission; return {"file", "status", "results": {question: status}, "error"}."""
    import nbformat
    from ._nbclient import NotebookClient  # nbclient, minus a stall on lost wake-ups

    row = {"file": str(path), "status": "ran", "results": {}, "error": ""}
    try:
        notebook = nbformat.read(path, as_version=4)
    except Exception as exc:  # not JSON, not a notebook, unreadable: report and go on
        return {**row, "status": "unreadable", "error": f"{type(exc).__name__}: {str(exc)[:120]}"}
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bpe_lab.grade", description=__doc__.splitlines()[0])
    parser.add_argument("submissions", nargs="+", type=Path, help="notebooks (or folders of notebooks)")
    parser.add_argument("--csv", type=Path, help="also write the table as CSV")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per cell (default 60)")
    args = parser.parse_args(argv)
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
