"""Give every topic notebook its slide layout (cell metadata ``slideshow.slide_type``).

The rules, so a lecture deck follows the notebook's own structure:

* the first cell (title and learning goals) is the title **slide**;
* every markdown cell that opens with a ``## `` section heading starts a new **slide**
  (one idea per slide), so a heading never sits in the middle of a cell;
* any other markdown cell starts a **sub-slide** (detail below the section, reached with ↓);
* a code cell continues the slide of the text before it, so code and its output stay together
  with the sentence that introduces them. "Continue" is written as *no* ``slideshow`` metadata:
  jupyterlab-slideshow ignores a cell marked ``"-"`` (it knows only a missing type), and RISE and
  nbconvert read a missing type as "continue" too;
* the closing "**Exercises:**" link stays on the summary slide.

Usage (run it again after editing a notebook; the test suite checks the notebooks follow the rules):

    .venv/bin/python scripts/slides.py            # rewrite notebooks/0*.ipynb in place
    .venv/bin/python scripts/slides.py --check    # exit 1 and name the cells that differ
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def split_at_headings(nb) -> int:
    """Split markdown cells so that every ``## `` heading starts a cell. Returns how many splits."""
    cells, splits = [], 0
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            cells.append(cell)
            continue
        lines = cell.source.split("\n")
        starts = [0] + [i for i, line in enumerate(lines) if i > 0 and line.startswith("## ")]
        for start, end in zip(starts, starts[1:] + [len(lines)]):
            text = "\n".join(lines[start:end]).strip("\n")
            if text:
                part = nbformat.v4.new_markdown_cell(text)
                if start == 0:
                    part.metadata = cell.metadata
                    part.id = cell.get("id", part.id)
                cells.append(part)
        splits += len(starts) - 1
    nb.cells = cells
    return splits


def expected_slide_type(nb, index: int) -> str | None:
    """"slide", "subslide", or None (continue the current slide: no metadata)."""
    cell = nb.cells[index]
    if index == 0:
        return "slide"
    if cell.cell_type == "code":
        return None
    if cell.source.startswith("## "):
        return "slide"
    if cell.source.startswith("**Exercises:**"):
        return None
    return "subslide"


def _type(cell) -> str | None:
    return cell.metadata.get("slideshow", {}).get("slide_type")


def differences(nb) -> list[str]:
    """Cells whose slide type is not the expected one (empty when the notebook follows the rules)."""
    out = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and index > 0 and "\n## " in cell.source:
            out.append(f"cell {index}: a '## ' heading in the middle of a markdown cell")
        found = _type(cell)
        wanted = expected_slide_type(nb, index)
        if found != wanted:
            out.append(f"cell {index}: slide_type {found!r}, expected {wanted!r}")
    return out


def apply(nb) -> None:
    split_at_headings(nb)
    for index, cell in enumerate(nb.cells):
        wanted = expected_slide_type(nb, index)
        if wanted is None:
            cell.metadata.pop("slideshow", None)
        else:
            cell.metadata["slideshow"] = {"slide_type": wanted}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report notebooks that do not follow the rules")
    args = parser.parse_args(argv)
    bad = 0
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        if args.check:
            problems = differences(nb)
            for problem in problems:
                print(f"{path.name}: {problem}")
            bad += bool(problems)
        else:
            apply(nb)
            nbformat.write(nb, path)
            print(f"{path.name}: {len(nb.cells)} cells, "
                  f"{sum(_type(c) == 'slide' for c in nb.cells)} slides, "
                  f"{sum(_type(c) == 'subslide' for c in nb.cells)} sub-slides")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
