"""No notebook reuses a name for a different thing across sections, read from the code without running it.

A lecturer re-runs a section, then goes on where the class was. If that section binds a name (``counts``) that a
cell further on reads from another cell, the cell further on now reads the wrong thing: an ``IndexError`` at best,
a wrong number printed at worst. The notebook runs in tests/test_notebooks.py catch what their three passes meet;
this check catches every such pair, in every order a lecturer could choose, in a fraction of a second.

The rule, per code cell: each name the cell reads before binding it (its *inputs*) comes from the last cell above
that binds it; no cell of a third section may bind that name to something else. A name bound by the same statement
in both places (the same ``import``, say) is the same thing, not a reuse.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

import nbformat
import pytest
from conftest import NOTEBOOKS
from notebook_runs import _Reader
from test_notebooks import sections


class _Names(_Reader):
    """tests/notebook_runs.py's reader of one cell (names read before they are bound, in the order Python runs the
    statements; a function, lambda, class or comprehension reads its notebook names where it is defined), which
    also keeps, for each name the cell binds at the top level, the statement that binds it first (``bound``)."""

    def __init__(self):
        super().__init__()
        self.bound: dict[str, ast.stmt] = {}
        self.statement: ast.stmt | None = None

    def bind(self, name: str) -> None:
        super().bind(name)
        self.bound.setdefault(name, self.statement)

    @property
    def inputs(self) -> set[str]:
        return set(self.reads.inputs)


@dataclass
class Cell:
    index: int
    section: int
    heading: str
    code: str
    inputs: set[str] = field(default_factory=set)
    bound: dict[str, str] = field(default_factory=dict)  # name -> the source of the statement that binds it


def read_cells(notebook) -> list[Cell]:
    """Every code cell with the names it reads first and binds (IPython's % and ! lines turned into Python)."""
    from IPython.core.inputtransformer2 import TransformerManager

    cells = []
    for number, (heading, code_cells) in enumerate(sections(notebook)):
        for index, cell in code_cells:
            code = TransformerManager().transform_cell(cell.source)
            names = _Names()
            for statement in ast.parse(code).body:
                names.statement = statement
                names.visit(statement)
            bound = {name: ast.get_source_segment(code, statement) for name, statement in names.bound.items()}
            cells.append(Cell(index, number, heading, code, names.inputs, bound))
    return cells


def reused_names(notebook) -> list[str]:
    """One line per (cell, name) a re-run section could break."""
    cells = read_cells(notebook)
    found = []
    for position, cell in enumerate(cells):
        for name in sorted(cell.inputs):
            source = next((above for above in reversed(cells[:position]) if name in above.bound), None)
            if source is None:  # a builtin, or a name no cell binds: a fresh-kernel run shows it
                continue
            statement = source.bound[name]
            other = next((elsewhere for elsewhere in cells if elsewhere.section not in (cell.section, source.section)
                          and name in elsewhere.bound and elsewhere.bound[name] != statement), None)
            if other is not None:
                found.append(f"cell {cell.index} (section {cell.heading!r}) reads `{name}` from cell {source.index} "
                             f"(section {source.heading!r}), but cell {other.index} (section {other.heading!r}) "
                             f"binds `{name}` to something else: re-running that section, then this cell, reads "
                             f"the wrong `{name}`. Rename one of them")
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_no_name_reused_across_sections(path):
    notebook = nbformat.read(path, as_version=4)
    found = reused_names(notebook)
    assert not found, f"{path.name}:\n" + "\n".join(found)


def _notebook(*cells: str):
    """A made-up notebook: a string starting with '## ' is a section heading, anything else a code cell."""
    new = nbformat.v4
    return new.new_notebook(cells=[new.new_markdown_cell(c) if c.startswith("## ") else new.new_code_cell(c)
                                   for c in cells])


def test_the_check_finds_a_name_a_later_section_rebinds():
    notebook = _notebook("from collections import Counter",
                         "## 1. Digits", "counts = Counter('1234')",
                         "## 2. Words", "counts = Counter('the cat'.split())", "counts.most_common(1)",
                         "## 3. Back to digits", "counts['1']")
    found = reused_names(notebook)
    # cell 5 reads section 2's counts, which section 1 binds too; cell 7 reads section 2's counts, which section 1
    # binds to something else (section 2 itself binding it is where cell 7's value comes from)
    assert [line.split(":")[0] for line in found] == [
        "cell 5 (section '2. Words') reads `counts` from cell 4 (section '2. Words'), but cell 2 (section '1. Digits') "
        "binds `counts` to something else", "cell 7 (section '3. Back to digits') reads `counts` from cell 4 "
        "(section '2. Words'), but cell 2 (section '1. Digits') binds `counts` to something else"]


@pytest.mark.parametrize("cells, why", [
    (("## 1", "for word in ['a']: pass", "## 2", "for word in ['b']: print(word)"), "each loop binds before it reads"),
    (("import numpy as np", "## 1", "import numpy as np\nx = np.zeros(2)", "## 2", "y = np.ones(2)"), "the same import"),
    (("## 1", "f = lambda counts: counts + 1", "## 2", "counts = 3\nf(counts)"), "a lambda's argument is its own"),
    (("## 1", "words = [w for w in 'a b'.split()]", "## 2", "w = 3", "w + 1"), "a comprehension's variable is its own"),
    (("## 1", "%time total = 1", "## 2", "total = 2", "total"), "IPython's % lines are read as Python"),
    (("## 1", "try:\n    1 / 0\nexcept ZeroDivisionError as error:\n    pass", "## 2",
      "def f():\n    try:\n        return 1\n    except ValueError as error:\n        return error\nf()"),
     "a name an except clause binds inside a function is the function's"),
])
def test_the_check_lets_pass(cells, why):
    assert reused_names(_notebook(*cells)) == [], why


@pytest.mark.parametrize("cells, name", [
    (("## 1", "counts = 1", "## 2", "def f():\n    return counts", "## 3", "counts = 'x'"), "counts"),
    (("## 1", "alpha = 0.5", "## 2", "alpha += 0.1", "## 3", "alpha = [1]"), "alpha"),
    (("## 1", "text = 'a'", "## 2", "sorted([1], key=lambda i: text)", "## 3", "for text in ['b']: pass"), "text"),
])
def test_the_check_finds(cells, name):
    found = reused_names(_notebook(*cells))
    assert found and all(f"`{name}`" in line for line in found), found
