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
from test_notebooks import sections


class _Names(ast.NodeVisitor):
    """Walks one cell's top-level statements in order: the names it reads before binding them (``inputs``) and,
    for each name it binds at the top level, the statement that binds it first (``bound``). Functions, lambdas,
    classes and comprehensions keep their own locals; a notebook name they read counts as read where they are
    defined (they may be called at once)."""

    def __init__(self):
        self.inputs: set[str] = set()
        self.bound: dict[str, ast.stmt] = {}
        self.statement: ast.stmt | None = None

    def read(self, name: str) -> None:
        if name not in self.bound:
            self.inputs.add(name)

    def bind(self, name: str) -> None:
        self.bound.setdefault(name, self.statement)

    def visit_Name(self, node):
        self.read(node.id) if isinstance(node.ctx, ast.Load) else self.bind(node.id)

    def visit_Assign(self, node):  # the value is read before the targets are bound
        self.visit(node.value)
        for target in node.targets:
            self.visit(target)

    def visit_AugAssign(self, node):  # counts += 1 reads counts first
        if isinstance(node.target, ast.Name):
            self.read(node.target.id)
        self.visit(node.value)
        self.visit(node.target)

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self.visit(node.value)
        self.visit(node.target)

    def visit_NamedExpr(self, node):
        self.visit(node.value)
        self.visit(node.target)

    def visit_For(self, node):
        self.visit(node.iter)
        self.visit(node.target)
        for statement in node.body + node.orelse:
            self.visit(statement)

    visit_AsyncFor = visit_For

    def visit_Import(self, node):
        for alias in node.names:
            self.bind((alias.asname or alias.name).split(".")[0])

    visit_ImportFrom = visit_Import

    def visit_ExceptHandler(self, node):
        if node.type is not None:
            self.visit(node.type)
        if node.name:
            self.bind(node.name)
        for statement in node.body:
            self.visit(statement)

    def _inner_scope(self, body: ast.AST, arguments: ast.arguments | None = None) -> None:
        local = set()
        if arguments is not None:
            everything = arguments.posonlyargs + arguments.args + arguments.kwonlyargs
            local |= {arg.arg for arg in everything + [arguments.vararg, arguments.kwarg] if arg is not None}
        for node in ast.walk(body):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                local.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                local.add(node.name)
            elif isinstance(node, ast.arg):
                local.add(node.arg)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                local.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                local |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        for node in ast.walk(body):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in local:
                self.read(node.id)

    def visit_FunctionDef(self, node):
        for expression in node.decorator_list + node.args.defaults + [d for d in node.args.kw_defaults if d]:
            self.visit(expression)
        self._inner_scope(ast.Module(body=node.body, type_ignores=[]), node.args)
        self.bind(node.name)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        for expression in node.decorator_list + node.bases:
            self.visit(expression)
        self._inner_scope(ast.Module(body=node.body, type_ignores=[]))
        self.bind(node.name)

    def visit_Lambda(self, node):
        self._inner_scope(node.body, node.args)

    def _comprehension(self, node):
        self._inner_scope(node)

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension


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
