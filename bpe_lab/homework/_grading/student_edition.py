"""The course as students receive it for credit (``python -m bpe_lab.grade student-edition --out DIR``).

The bpe_lab an instructor grades with holds, in ``exercise_sets``, every question's solution, typical wrong
answer, hints, rubric, hidden-case generator and reference. Students who install that package can read them.
The student edition is a copy of the course (notebooks, data, docs, the package) in which each question
module is rewritten so that none of these is left:

1. **Compute, here, what a graded check needs**: for each function question, the reference's results on its
   public cases (the same cases for every student), written into the question as literals (``_expected``),
   and the cases themselves where they are plain literals (the capstone builds some with its reference
   implementation, which can then go).
2. **Rewrite every ``Question(...)`` call** (``ast``): ``solution_code``, ``wrong_code``, ``rubric`` and ``hints``
   emptied, ``hidden_cases`` None, ``reference`` withheld, ``_graded=True`` (``check()`` records value answers
   and runs function answers on the public cases; ``hint()`` and ``solution()`` say they are off).
3. **Drop what nothing uses any more**: private functions (the reference implementations, the hidden-case
   generators) and assignments of texts (a solution kept in a constant, a hint list in a local variable) —
   only where dropping them cannot change anything else, such as the random numbers a student's version
   draws after them.

What stays: the prompts (a student's own numbers are computed from their id, as before), the public cases,
the forbidden calls, the points. The library itself stays too: it is the course. Tests, benchmarks, the
instructor's guide and CI files are left out.
"""

from __future__ import annotations

import ast
import functools
import importlib
import os
import re
import shutil
import tempfile
from pathlib import Path

from .runner import PACKAGE_ROOT

INCLUDE = ("README.md", "Makefile", "pyproject.toml", "environment.yml", "bpe_lab", "data", "docs", "notebooks",
           "scripts")
LEAVE_OUT = ("__pycache__", ".ipynb_checkpoints", "INSTRUCTORS.md")
EMPTIED = {"solution_code": "", "wrong_code": "", "rubric": "", "hints": ()}
SETS = PACKAGE_ROOT / "bpe_lab" / "homework" / "sets"
NOTE = """# BPE Lab, student edition

This is the course as your instructor hands it out for credit. Set it up and open it as the README says
(`make lab`). The exercise notebooks check function answers on the cases you can see and record value
answers; hints, solutions and reference answers are off, and your instructor grades with more cases.
"""
HEADER = ("# The student edition of this module (python -m bpe_lab.grade student-edition): no solutions, hints,\n"
          "# rubrics, hidden cases or references. The instructor's bpe_lab has the full module.\n")


def build(out: Path) -> Path:
    """Write the student edition into ``out`` (a new or empty folder), all at once: it is written next to
    ``out`` and renamed into place at the end, so an interrupted build leaves nothing half-written."""
    partial = Path(tempfile.mkdtemp(prefix=f".{out.name}.partial-", dir=out.parent))
    try:
        for name in INCLUDE:
            source = PACKAGE_ROOT / name
            if source.is_dir():
                shutil.copytree(source, partial / name, ignore=shutil.ignore_patterns(*LEAVE_OUT, "*.pyc"))
            elif source.is_file():
                shutil.copy2(source, partial / name)
        write_sets(partial / "bpe_lab" / "homework" / "sets")
        (partial / "STUDENT_EDITION.md").write_text(NOTE, encoding="utf-8")
        if out.exists():
            out.rmdir()  # empty (checked by the caller): the rename needs the name free on every OS
        os.replace(partial, out)
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return out


def write_sets(folder: Path) -> None:
    """Write the student edition of every question module into ``folder`` (a copy of ``sets/``)."""
    for path in sorted(SETS.glob("*.py")):
        if path.name not in ("__init__.py", "_shared.py"):
            text = _edition(path.stem, path.read_text(encoding="utf-8"), frozenset(imported_from(path.stem)))
            (folder / path.name).write_text(text, encoding="utf-8")


@functools.lru_cache(maxsize=64)
def _edition(module_name: str, source: str, keep: frozenset) -> str:
    """The student edition of one question module. Kept for the process: a grading run writes it once, and so do
    the next runs in the same process (a notebook, the tests) while the module's source stays the same."""
    return HEADER + rewrite(source, expected_results(module_name), keep=keep)


def expected_results(module_name: str) -> dict[str, tuple]:
    """Function question name -> (the reference's results on its public cases, the cases themselves or None when
    they are not plain literals), for the set in ``module_name``."""
    module = importlib.import_module(f"bpe_lab.homework.sets.{module_name}")
    (set_function,) = [getattr(module, name) for name in module.__all__ if name.startswith("set_")]
    everyone, other = set_function(), set_function(student="a student")
    results = {}
    for name, question in everyone.items():
        if not question.is_function_question:
            continue
        if repr(question.cases) != repr(other[name].cases):
            raise ValueError(f"question {name!r} of {module_name}: its public cases depend on the student, so one "
                             "table of expected results cannot serve every student")
        values = tuple(question.reference(*args) for args in question.cases)
        if not _literal(values):
            raise ValueError(f"question {name!r} of {module_name}: the expected results are not plain Python "
                             f"literals ({repr(values)[:80]}...), so the student edition cannot hold them")
        cases = tuple(question.cases)
        results[name] = (values, cases if _literal(cases) else None)
    return results


def imported_from(module_name: str) -> set:
    """The names the notebooks import from the question module ``module_name`` (the capstone's PUBLIC_TEXT)."""
    pattern = re.compile(rf"from bpe_lab\.(?:homework\.sets|exercise_sets)\.{module_name} import ([\w, ]+)")
    names = set()
    for path in (PACKAGE_ROOT / "notebooks").rglob("*.ipynb"):
        for found in pattern.findall(path.read_text(encoding="utf-8")):
            names |= {name.strip() for name in found.split(",")}
    return names


def rewrite(source: str, expected: dict[str, tuple], keep: set = frozenset()) -> str:
    """The module's source with every Question(...) call stripped (step 2) and dead code removed (step 3), as
    Python again (``ast.unparse``: comments and line breaks are not kept)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Question":
            _strip(node, expected)
    tree.body.insert(_after_imports(tree), ast.parse("from ..questions import _Withheld").body[0])
    while _drop_unused(tree, keep):
        pass
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _strip(call: ast.Call, expected: dict[str, tuple]) -> None:
    keywords = {k.arg: k for k in call.keywords}
    name = keywords["name"].value.value
    new = {field: repr(empty) for field, empty in EMPTIED.items()} | {"hidden_cases": "None",
                                                                       "reference": "_Withheld()"}
    for field, text in new.items():
        if field in keywords:
            keywords[field].value = ast.parse(text, mode="eval").body
    call.keywords.append(ast.keyword("_graded", ast.Constant(True)))
    if name in expected:
        values, cases = expected[name]
        call.keywords.append(ast.keyword("_expected", ast.parse(repr(values), mode="eval").body))
        if cases is not None:  # written in: what computed them (a reference implementation, often) can go
            keywords["cases"].value = ast.parse(repr(list(cases)), mode="eval").body


def _drop_unused(tree: ast.Module, keep: set) -> bool:
    """Remove one round of dead code; True if something went. Dead: a top-level private function, or an
    assignment (top-level or in a function) of names nothing reads, whose value is ``_pure``."""
    names = [_names(node) for node in tree.body]
    counts = {}
    for found in names:
        for name in found:
            counts[name] = counts.get(name, 0) + 1
    dead = [node for node, found in zip(tree.body, names)
            if (_private_name(node) or _dead_assignment(node, keep)) and all(
                counts.get(name, 0) <= (name in found) for name in _defined(node))]
    tree.body = [node for node in tree.body if node not in dead]
    removed = bool(dead)
    for function in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
        read = _names(function, loads_only=True)
        for block in _blocks(function):
            for statement in list(block):
                if _dead_assignment(statement, read):
                    block.remove(statement)
                    removed = True
            if not block:
                block.append(ast.Pass())
    return removed


def _defined(node) -> set:
    """The names a top-level function, class or assignment defines."""
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        return {node.name}
    return {t.id for t in node.targets}


def _dead_assignment(node, read: set) -> bool:
    if not isinstance(node, ast.Assign) or not all(isinstance(t, ast.Name) for t in node.targets):
        return False
    if any(t.id == "__all__" for t in node.targets):
        return False
    return not any(t.id in read for t in node.targets) and _pure(node.value)


def _pure(value) -> bool:
    """Whether dropping ``value`` cannot change anything else: it does not touch a random number generator (a
    student's numbers come from ``rng = student_rng(...)``, drawn in order, so skipping a draw would change the
    next ones; a helper given ``student`` makes its own generator, so calling it or not changes nothing)."""
    def draws(call: ast.Call) -> bool:  # rng.choice(...), _text(rng, 3), student_rng(...), random.Random(...)
        func = call.func
        owner = func.value if isinstance(func, ast.Attribute) else func
        arguments = call.args + [k.value for k in call.keywords]
        return (_rng(owner) or getattr(owner, "id", "") in ("student_rng", "random")
                or any(_rng(a) for a in arguments))

    return not any(isinstance(n, ast.Call) and draws(n) for n in ast.walk(value))


def _rng(node) -> bool:
    return isinstance(node, ast.Name) and "rng" in node.id


def _blocks(function: ast.FunctionDef):
    """Every statement list inside ``function`` (its body, and the bodies of its ifs, loops, withs, tries)."""
    for node in ast.walk(function):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                if node is function or not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    yield block


def _names(node, loads_only: bool = False) -> set:
    """The names ``node`` mentions (reads only, with ``loads_only``), attributes included."""
    names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)
             and (not loads_only or not isinstance(n.ctx, ast.Store))}
    return names | {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}


def _private_name(node) -> str | None:
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        name = node.name
    elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        name = node.targets[0].id
    else:
        return None
    return name if name.startswith("_") and not name.startswith("__") else None


def _after_imports(tree: ast.Module) -> int:
    """The index of the first statement after the module's docstring and imports."""
    for index, node in enumerate(tree.body):
        if not isinstance(node, (ast.Import, ast.ImportFrom, ast.Expr)):
            return index
    return len(tree.body)


def _literal(value) -> bool:
    try:
        return ast.literal_eval(repr(value)) == value
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
