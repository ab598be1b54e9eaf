"""Running a notebook's code cells in one kernel for tests/test_notebooks.py, paying only for the re-runs that can
show something.

The topic notebook test runs each code cell four times: twice in a row (Shift+Enter, Shift+Enter), once more in
'Run All' pressed again, once more with the sections re-run from the last to the first; each re-run must show what
the first run showed. A re-run can show something else only if something the cell reads is not what it was: a
notebook variable it reads (or that a notebook function it calls reads) holds another value, a random generator
moved on, a setting or a file changed. So before a re-run the kernel is asked for a fingerprint of exactly that
(``PROBE`` below, evaluated silently: no execution count, no history, no ``_``). If it equals the fingerprint taken
right after an earlier run of the cell, and that earlier run changed nothing the cell reads, the re-run is
determined: it would show what that run showed (already compared with the first run) and leave every variable as it
is. It is counted and not made. Every other re-run is made and compared, as before; nothing else changes.

The fingerprint of a cell holds:

* every notebook variable the cell reads before binding it (from its code: ``reads``), and every variable that
  the notebook functions and classes those values reach read, their code, defaults and closures included; all
  compared by value (the pickled bytes), so a list a function call appended to, a dict a method updated, an
  iterator a loop advanced, a redefined function all count as changed. What cannot be pickled (a widget, a
  generator, a background job) cannot be compared: whoever reads it is re-run;
* the variables the cell binds that some cell reads, so that a skipped re-run leaves them as a run would;
* the settings: Python's and NumPy's random generators, NumPy's print options, matplotlib's rcParams, pandas'
  options, the environment, the working folder, ``sys.path``, the warning filters, the files in the notebook's
  folder, matplotlib's folder and any folder a variable names; and the modules imported (a run that imports one
  changed something: it is re-run), but not the codecs Python loads on the first use of an encoding
  (``encodings.utf_32_le``: loading one changes no result). Not bpe_lab's merge cache (``BPE_LAB_CACHE_DIR``): like
  ``MEMOS`` it only remembers results (the merges recovered from a rank file, keyed by the file's sha256), and the
  whole test session shares it, so a kernel on the other worker may write it between two fingerprints of a cell
  here.

A cell is always re-run if its code reads IPython's history or the namespace itself (``_``, ``Out``, ``globals()``,
``eval``; magics other than ``%matplotlib inline``), deletes a name, binds a notebook name from inside a function or
comprehension, reads the date, the time of day or fresh entropy, writes files or logging/locale settings, starts
threads or processes, names a module some cell changes (``bpe.X = ...``), or if its first run took under ``QUICK``
(a re-run costs less than a fingerprint) or its fingerprint costs more than a share of its run (``BUDGET_SHARE``).

What is assumed: a library function's result depends on its arguments and the settings above, not on state of its
own or on which other modules are loaded; ``MEMOS`` names the attributes where bpe_lab objects remember answers
(left out of the fingerprint: they do not change results, see test_memos_are_memos); durations may differ (the
comparison masks them). ``BPE_LAB_NOTEBOOK_RERUNS=all`` makes every re-run without fingerprints (the check as it
was); ``=verify`` makes every re-run too, and fails if one the fingerprint would have skipped shows something else
or changes what the cell reads: run it after adding a notebook or changing this module (all twelve topic notebooks
pass it).
"""

from __future__ import annotations

import ast
import os
import re
import symtable
import time
from dataclasses import dataclass, field

import pytest

MODE = os.environ.get("BPE_LAB_NOTEBOOK_RERUNS", "skip")  # "skip" (default), "all" or "verify"
if MODE not in ("skip", "all", "verify"):
    raise ValueError(f"BPE_LAB_NOTEBOOK_RERUNS={MODE!r}: pass skip, all or verify")


# ---------------------------------------------------------------------------------------------------------------
# What the notebook tests compare
# ---------------------------------------------------------------------------------------------------------------

# What may differ between two runs of a cell: measured durations ("in 1.1 s", "10 ms per merge", a
# table's "seconds" column, and so the width of that column: 9.87 vs 10.02), widget model ids, how the
# kernel happened to split printed text, and stderr (a library's warning is printed once per kernel,
# not once per run).
_DURATION = re.compile(r"\d[\d,]*(?:\.\d+)?\s?(?:s|ms|µs)\b")
_DECIMAL = re.compile(r"\d+\.\d+")
_SPACES = re.compile(r"[ \t]+")


def mask(text: str) -> str:
    text = _DURATION.sub("<duration>", text)
    if "seconds" in text:  # a table with a column of timings: its numbers, and the padding around them
        text = _SPACES.sub(" ", _DECIMAL.sub("<decimal>", text))
    return text


def shown(cell) -> list:
    """What a cell shows, comparable between runs: stdout joined, durations masked, images by presence."""
    parts = []
    for out in cell.outputs:
        if out.output_type == "stream" and out.name == "stderr":
            continue
        if out.output_type == "stream":
            if parts and parts[-1][0] == out.name:
                parts[-1] = (out.name, parts[-1][1] + out.text)
            else:
                parts.append((out.name, out.text))
        elif out.output_type == "error":
            parts.append(("error", out.ename, out.evalue))
        else:
            data = out.get("data", {})
            parts.append((out.output_type, sorted(data), mask(str(data.get("text/plain", ""))),
                          mask(str(data.get("text/html", "")))))
    return [(kind, mask(rest[0])) if kind == "stdout" else (kind, *rest) for kind, *rest in parts]


def sections(notebook) -> list[tuple[str, list]]:
    """The notebook cut at its `## ` headings: (heading, [(index, code cell), ...]) in order. The code cells
    before the first heading are the set-up, named "set-up"."""
    cut = [("set-up", [])]
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            heading = next((line for line in cell.source.splitlines() if line.startswith("## ")), None)
            if heading:
                cut.append((heading[3:].strip(), []))
        elif cell.cell_type == "code":
            cut[-1][1].append((index, cell))
    return cut


# ---------------------------------------------------------------------------------------------------------------
# What a cell reads and binds, from its code
# ---------------------------------------------------------------------------------------------------------------

# Names whose use means the fingerprint could miss what a re-run changes, or a re-run differs by design.
_NAMESPACE = {"globals", "locals", "vars", "eval", "exec", "compile", "__import__", "get_ipython", "breakpoint",
              "input", "setattr", "delattr", "__builtins__", "builtins", "id", "exit", "quit", "__main__"}
_NAMESPACE_ATTRIBUTES = {"reload", "get_ipython", "user_ns", "user_global_ns"}  # importlib.reload, IPython's
_HISTORY = re.compile(r"_{1,3}|In|Out|_ih|_oh|_dh|_i{1,3}|_i?\d+")  # IPython's history: _, Out, _12, _i12, ...
_CLOCK = {"time", "time_ns", "now", "today", "utcnow", "localtime", "gmtime", "ctime", "asctime"}
_ENTROPY = {"urandom", "uuid1", "uuid4", "SystemRandom", "secrets", "getrandbits"}
_UNSEEDED_WITHOUT_ARGUMENTS = {"Random", "default_rng", "RandomState", "seed"}
# (A write through a file opened for writing is caught at the open(); renaming and removing files in the folders
# the fingerprint lists is caught there; list.remove and DataFrame.rename are left alone.)
_WRITES = {"write_text", "write_bytes", "mkdir", "makedirs", "touch", "unlink", "rmdir", "rmtree", "move",
           "copyfile", "copytree", "copy2", "symlink_to", "hardlink_to", "savefig", "to_csv", "to_json", "to_parquet",
           "to_pickle", "to_excel", "save", "save_pretrained", "save_model", "chdir", "putenv", "unsetenv", "system",
           "popen", "export"}
_GLOBAL_SETTINGS = {"basicConfig", "addHandler", "removeHandler", "setLevel", "disable", "setlocale"}  # logging, locale
_CONCURRENT = {"Thread", "threading", "multiprocessing", "subprocess", "Popen", "ProcessPoolExecutor",
               "ThreadPoolExecutor", "asyncio", "in_background", "submit", "start_new_thread"}
_HARMLESS_MAGICS = ("get_ipython().run_line_magic('matplotlib', 'inline')",)  # the inline backend, set again


@dataclass
class Reads:
    """A cell's inputs (names it reads before binding them, in order), the names it binds at the top level, and
    why it must always be re-run (empty: its fingerprint decides)."""

    inputs: list[str] = field(default_factory=list)
    bound: set[str] = field(default_factory=set)
    always_rerun: list[str] = field(default_factory=list)
    imported: set[str] = field(default_factory=set)  # names an import binds (modules, mostly)
    changed_through: set[str] = field(default_factory=set)  # x in x.attribute = ..., x[key] = ..., del x.attribute


def _global_reads(node: ast.AST, flags: list[str]) -> set[str]:
    """The notebook names a function, lambda, class or comprehension reads when it runs (Python's own scoping,
    from ``symtable``): every global it references; in a class body, every name it references."""
    tables = list(symtable.symtable(ast.unparse(node), "<cell>", "exec").get_children())
    names = set()
    while tables:
        table = tables.pop()
        tables.extend(table.get_children())
        for symbol in table.get_symbols():
            if symbol.is_global() and symbol.is_assigned():
                flags.append(f"binds the notebook name {symbol.get_name()!r} from inside a function or comprehension")
            if symbol.is_referenced() and (symbol.is_global() or table.get_type() == "class"):
                names.add(symbol.get_name())
    return names


class _Reader(ast.NodeVisitor):
    """Walks a cell's top-level statements in the order Python runs them (tests/test_notebook_names.py extends it):
    a name read before the cell binds it is an input. A nested function, class or comprehension reads its globals
    where it is defined (it may be called at once)."""

    def __init__(self):
        self.reads = Reads()

    def read(self, name: str) -> None:
        if name not in self.reads.bound and name not in self.reads.inputs:
            self.reads.inputs.append(name)

    def bind(self, name: str) -> None:
        self.reads.bound.add(name)

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            self.read(node.id)
        elif isinstance(node.ctx, ast.Store):
            self.bind(node.id)
        else:
            self.reads.always_rerun.append(f"deletes the name {node.id!r}")

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
        self.visit(node.annotation)
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
            if alias.name == "*":
                self.reads.always_rerun.append("imports * (names the code does not show)")
            self.bind((alias.asname or alias.name).split(".")[0])
            self.reads.imported.add((alias.asname or alias.name).split(".")[0])

    visit_ImportFrom = visit_Import

    def visit_ExceptHandler(self, node):
        if node.type is not None:
            self.visit(node.type)
        if node.name:
            self.bind(node.name)
        for statement in node.body:
            self.visit(statement)

    def _nested(self, node, evaluated_here: list, name: str | None = None) -> None:
        for expression in evaluated_here:
            if expression is not None:
                self.visit(expression)
        for read in sorted(_global_reads(node, self.reads.always_rerun)):
            self.read(read)
        if name:
            self.bind(name)

    def visit_FunctionDef(self, node):
        arguments = node.args
        annotations = [arg.annotation for arg in arguments.posonlyargs + arguments.args + arguments.kwonlyargs
                       + [arguments.vararg, arguments.kwarg] if arg is not None]
        self._nested(node, node.decorator_list + arguments.defaults + arguments.kw_defaults + annotations
                     + [node.returns], node.name)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self._nested(node, node.decorator_list + node.bases + [keyword.value for keyword in node.keywords],
                     node.name)

    def visit_Lambda(self, node):
        self._nested(node, node.args.defaults + node.args.kw_defaults)

    def _comprehension(self, node):  # the first iterable is evaluated here, the rest in the comprehension
        self._nested(node, [node.generators[0].iter])

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension


def _flags(tree: ast.AST) -> list[str]:
    """Why a cell must always be re-run, from names anywhere in its code (nested code included)."""
    flags = []
    for node in ast.walk(tree):
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
        if (name in _NAMESPACE and isinstance(node, ast.Name)) or (name in _NAMESPACE_ATTRIBUTES and isinstance(
                node, ast.Attribute)) or (isinstance(node, ast.Constant) and node.value == "__main__"):
            flags.append(f"uses {name or '__main__'} (the notebook's namespace)")
        elif (name in _CLOCK and isinstance(node, ast.Attribute)) or name in _ENTROPY:
            flags.append(f"uses {name} (the date, the time of day or fresh entropy)")
        elif name in _WRITES or name in _GLOBAL_SETTINGS:
            flags.append(f"uses {name} (writes files or settings)")
        elif name in _CONCURRENT:
            flags.append(f"uses {name} (work that goes on after the cell ends)")
        if isinstance(node, ast.Call):
            called = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if isinstance(node.func, ast.Name) and called in _CLOCK:
                flags.append(f"calls {called}() (the date or the time of day)")
            if called in _UNSEEDED_WITHOUT_ARGUMENTS and not node.args and not node.keywords:
                flags.append(f"calls {called}() without a seed")
            if called == "open":  # open(path, mode) or path.open(mode)
                modes = node.args[1:2] if isinstance(node.func, ast.Name) else node.args[:1]
                modes = list(modes) + [kw.value for kw in node.keywords if kw.arg == "mode"]
                if any(not (isinstance(mode, ast.Constant) and isinstance(mode.value, str)
                            and not set(mode.value) & set("wax+")) for mode in modes):
                    flags.append("opens a file for writing")
    return flags


def reads(source: str) -> Reads:
    """What a cell reads and binds, and why it must always be re-run (IPython's % and ! lines read as Python)."""
    from IPython.core.inputtransformer2 import TransformerManager

    code = TransformerManager().transform_cell(source)
    for magic in _HARMLESS_MAGICS:
        code = code.replace(magic, "pass")
    try:
        tree = ast.parse(code)
        reader = _Reader()
        for statement in tree.body:
            reader.visit(statement)
    except SyntaxError as error:  # top-level await and the like: run it every time
        return Reads(always_rerun=[f"cannot be read as Python ({error.msg})"])
    reader.reads.always_rerun.extend(_flags(tree))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            while isinstance(node, (ast.Attribute, ast.Subscript)):
                node = node.value
            if isinstance(node, ast.Name):
                reader.reads.changed_through.add(node.id)
    reader.reads.always_rerun.extend(f"reads {name} (IPython's history)" for name in reader.reads.inputs
                                     if _HISTORY.fullmatch(name))
    return reader.reads


# ---------------------------------------------------------------------------------------------------------------
# The fingerprint, taken inside the kernel
# ---------------------------------------------------------------------------------------------------------------

PROBE_MODULE = "_bpe_lab_test_probe"

PROBE = r'''
"""Fingerprints of what a notebook cell reads, for the notebook tests (tests/notebook_runs.py)."""

import dis
import hashlib
import os
import pickle
import random
import sys
import time
import types
import warnings

from IPython import get_ipython

_ns = get_ipython().user_ns
# Matplotlib's folder belongs to this test. Not BPE_LAB_CACHE_DIR: a memo shared by the session (see the docstring);
# IPYTHONDIR holds the history, written after every cell.
_OWN_FOLDERS = ("MPLCONFIGDIR",)


def _fingerprinted(*parts):
    """Never called: a notebook function or class is pickled as a call to this with its code and contents."""
    raise NotImplementedError


def _code(code):
    """A code object's behaviour, without its line numbers."""
    consts = tuple(_code(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return (code.co_code, consts, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars,
            code.co_flags, code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount)


_MEMOS = MEMOS_HERE
_memos_by_type = {}


def _memos_of(cls):
    if cls not in _memos_by_type:
        _memos_by_type[cls] = set().union(*(_MEMOS.get(f"{c.__module__}.{c.__qualname__}", ()) for c in cls.__mro__))
    return _memos_by_type[cls]


def _contents(cell):
    try:
        return cell.cell_contents
    except ValueError:  # an empty closure cell
        return "<empty>"


class _Pickler(pickle.Pickler):
    """Pickles a value; a notebook function or class, or any closure, by its code and contents, not by its name;
    notebook code met is noted in found."""

    def __init__(self, file, found):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.found = found

    def reducer_override(self, obj):
        if isinstance(obj, types.FunctionType) and (obj.__globals__ is _ns or "<" in obj.__qualname__):
            if obj.__globals__ is _ns:  # (a library's closure reads its own module's globals, not the notebook's)
                self.found.append(obj)
            closure = tuple(_contents(cell) for cell in obj.__closure__ or ())
            return _fingerprinted, (obj.__qualname__, _code(obj.__code__), obj.__defaults__, obj.__kwdefaults__,
                                    obj.__dict__, closure)
        if isinstance(obj, type) and obj.__module__ == "__main__":
            members = []
            for key, value in vars(obj).items():
                if key in ("__dict__", "__weakref__"):
                    continue
                if isinstance(value, (staticmethod, classmethod)):
                    value = (type(value).__name__, value.__func__)
                elif isinstance(value, property):
                    value = ("property", value.fget, value.fset, value.fdel)
                members.append((key, value))
            return _fingerprinted, (obj.__qualname__, obj.__bases__, members)
        wrapped = getattr(obj, "__wrapped__", None)
        if isinstance(wrapped, types.FunctionType) and not isinstance(obj, types.FunctionType):  # lru_cache(f)...
            return _fingerprinted, ("wrapped", type(obj), wrapped)
        if isinstance(obj, types.ModuleType):  # a module inside a value (a closure's, say): by its name
            return _fingerprinted, ("module", obj.__name__)
        memos = _memos_of(type(obj))
        if memos:  # the object without its memo: what it remembers of earlier calls does not change their results
            return _fingerprinted, (type(obj), {k: v for k, v in vars(obj).items() if k not in memos})
        return NotImplemented


class _Unknown(Exception):
    """A value that cannot be compared (cannot be pickled) or costs too much to: the cell is simply re-run."""


class _Hash:
    """Where the pickler writes (a frame of about 64 KB at a time): hashed at once, and stopped at the deadline."""

    def __init__(self, deadline, name):
        self.hash, self.deadline, self.name = hashlib.blake2b(digest_size=16), deadline, name

    def write(self, data):
        self.hash.update(data)
        if time.perf_counter() > self.deadline:
            raise _Unknown(f"{self.name} costs more than the budget to fingerprint")
        return memoryview(data).nbytes  # a large NumPy array comes as a PickleBuffer, which has no len()


def _digest(value, found, deadline=float("inf"), name=""):
    """The value's fingerprint, None if it cannot be pickled; _Unknown if it takes past the deadline."""
    out = _Hash(deadline, name)
    try:
        _Pickler(out, found).dump(value)
    except _Unknown:
        raise
    except Exception:  # cannot be pickled: cannot be compared
        return None
    return out.hash.hexdigest()


_GLOBAL_OPERATIONS = {"LOAD_GLOBAL", "LOAD_NAME", "STORE_GLOBAL", "DELETE_GLOBAL", "STORE_NAME", "DELETE_NAME"}
_read_by_code = {}


def _read_by(code):
    """The global names a function's code (nested code included) looks up or binds."""
    if code not in _read_by_code:
        names = {op.argval for op in dis.get_instructions(code) if op.opname in _GLOBAL_OPERATIONS}
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                names |= _read_by(const)
        _read_by_code[code] = names
    return _read_by_code[code]


_seconds = {}  # name -> what fingerprinting its value took last time: a name known to cost too much is not tried


def _variables(names, folders, deadline):
    """{name: fingerprint} for these names and every name the notebook code reachable from them reads."""
    if time.perf_counter() + sum(_seconds.get(name, 0.0) for name in names) > deadline:
        raise _Unknown("the names cost more than the budget to fingerprint, last time")
    prints, todo = {}, list(names)
    while todo:
        name = todo.pop()
        if name in prints:
            continue
        if name not in _ns:
            prints[name] = "absent"
            continue
        value = _ns[name]
        if isinstance(value, types.ModuleType):
            prints[name] = "module " + value.__name__
            continue
        started = time.perf_counter()
        if started + _seconds.get(name, 0.0) > deadline:
            raise _Unknown(f"{name} costs more than the budget to fingerprint")
        if isinstance(value, os.PathLike):
            folders.add(os.fspath(value))
        found = []
        try:
            prints[name] = _digest(value, found, deadline, name)
        finally:
            _seconds[name] = time.perf_counter() - started
        if prints[name] is None:
            raise _Unknown(f"{name} cannot be pickled")
        if time.perf_counter() > deadline:
            raise _Unknown(f"{name} costs more than the budget to fingerprint")
        for owner in found:
            if isinstance(owner, types.FunctionType):
                todo.extend(_read_by(owner.__code__))
    return prints


def _listing(root):
    """(path, size, modification time) of every file under root, IPython's own folder left out."""
    if os.path.isfile(root):
        stat = os.stat(root)
        return [("", stat.st_size, stat.st_mtime_ns)]
    entries = []
    history = os.path.abspath(os.environ.get("IPYTHONDIR", os.path.expanduser("~/.ipython")))
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if os.path.abspath(os.path.join(folder, f)) != history)
        for name in sorted(files):
            try:
                stat = os.stat(os.path.join(folder, name))
            except OSError:
                continue
            entries.append((os.path.relpath(os.path.join(folder, name), root), stat.st_size, stat.st_mtime_ns))
        if len(entries) > 20_000:
            return None  # too many to compare: counts as changed
    return entries


def _settings(folders):
    parts = {"random": random.getstate(), "environment": sorted(os.environ.items()), "cwd": os.getcwd(),
             "sys.path": list(sys.path), "warnings": repr(warnings.filters)}
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        parts["numpy"] = (numpy.random.get_state(), repr(sorted(numpy.get_printoptions().items())))
    matplotlib = sys.modules.get("matplotlib")
    if matplotlib is not None:
        parts["matplotlib"] = repr(sorted(dict.items(matplotlib.rcParams)))
    pandas = sys.modules.get("pandas")
    if pandas is not None:
        parts["pandas"] = repr(pandas._config.config._global_config)
    folders |= {os.getcwd()} | {os.environ[v] for v in _OWN_FOLDERS if v in os.environ}
    parts["files"] = [(folder, _listing(folder)) for folder in sorted(folders) if os.path.exists(folder)]
    return {key: _digest(value, []) for key, value in parts.items()}


def state(inputs, bound, budget):
    """The fingerprint of what a cell reads (inputs and the settings), and of the names it binds that others read
    ("bound": None if one of them cannot be compared); {"unknown": why} if an input cannot be compared, or comparing
    costs more than budget seconds."""
    try:
        return _state(inputs, bound, budget)
    except Exception as error:  # a fingerprint that fails (a library changed?) only means the cell is re-run
        return {"unknown": f"the fingerprint failed: {error!r}"}


def _state(inputs, bound, budget):
    folders, deadline = set(), time.perf_counter() + budget
    try:
        fingerprint = {"inputs": _variables(inputs, folders, deadline)}
    except _Unknown as why:
        return {"unknown": str(why)}
    try:
        fingerprint["bound"] = _variables(bound, set(), deadline)
    except _Unknown as why:
        fingerprint["bound"], fingerprint["bound unknown"] = None, str(why)
    fingerprint["settings"] = _settings(folders)
    fingerprint["modules"] = {"imported": _digest(sorted(m for m in sys.modules if not m.startswith("encodings.")),
                                                  [])}  # (a codec loaded on first use of its encoding changes nothing)
    return fingerprint
'''


# Memos: attributes in which a bpe_lab object keeps what its own fields give, worked out when first asked for, to
# answer faster: Tokenizer._cache (chunk -> its ids), ._batch and ._lefts_rights (the batch encoder, from the merges),
# ._valid_ids_text (the ids, for error messages); TrainResult._snapshots (k -> the corpus after k merges); the
# SentencePiece models' SentencePieceBPE._word_ids (word -> its ids), SentencePieceUnigram._word_cuts (word -> its
# Viterbi cut) and CharsMap._steps and ._replacements (the normaliser's trie walks). They change as later cells use
# the object, without changing what any call returns; the fingerprint leaves them out, or every cell that reads a
# tokenizer another cell has used would count as reading something new (test_memos_are_memos).
MEMOS = {"bpe_lab.tokenizer.Tokenizer": ("_cache", "_batch", "_lefts_rights", "_valid_ids_text"),
         "bpe_lab.bpe.TrainResult": ("_snapshots",),
         "bpe_lab.sentencepiece.bpe.SentencePieceBPE": ("_word_ids",),
         "bpe_lab.sentencepiece.unigram.SentencePieceUnigram": ("_word_cuts",),
         "bpe_lab.sentencepiece.charsmap.CharsMap": ("_steps", "_replacements")}


def _install_expression() -> str:
    """An expression that makes the probe a module of its own in the kernel (no notebook name is bound)."""
    source = PROBE.replace("MEMOS_HERE", repr(MEMOS))
    return (f"(lambda sys, types: exec({source!r}, sys.modules.setdefault({PROBE_MODULE!r}, "
            f"types.ModuleType({PROBE_MODULE!r})).__dict__))(__import__('sys'), __import__('types'))")


# ---------------------------------------------------------------------------------------------------------------
# The runner
# ---------------------------------------------------------------------------------------------------------------


def _same(one: dict | None, other: dict | None, *parts: str) -> bool:
    """The two fingerprints agree on these parts, and every value in them could be compared."""
    return (one is not None and other is not None
            and all(one[part] is not None and one[part] == other[part] and None not in one[part].values()
                    for part in parts))


# What a fingerprint may cost: before a cell's first run, whose cost is not known yet, FIRST_BUDGET; after that a
# share of what the cell's first run cost, since a fingerprint saves at most a run. A cell whose fingerprint costs
# more is simply re-run (one that cannot be pickled is too).
FIRST_BUDGET = 0.3  # seconds
BUDGET_SHARE, LEAST_BUDGET = 0.1, 0.02
QUICK = 0.03  # seconds: a cell whose first run took less is re-run rather than fingerprinted


class NotebookRun:
    """One kernel running one notebook's code cells: ``first`` runs a cell the first time, ``again`` re-runs it
    and checks it shows what it showed (or knows from the fingerprint that it would)."""

    def __init__(self, client, name: str, code_cells: list, fingerprints: bool = True):
        self.client, self.name = client, name
        self.reads = {index: reads(cell.source) for index, cell in code_cells}
        # a module one cell changes (bpe.SOMETHING = ...): the fingerprint does not look into modules, so every cell
        # that names it is re-run
        imported = set().union(*(r.imported for r in self.reads.values()))
        patched = imported & set().union(*(r.changed_through for r in self.reads.values()))
        for cell_reads in self.reads.values():
            cell_reads.always_rerun.extend(f"reads {name}, a module a cell changes"
                                           for name in sorted(patched & (set(cell_reads.inputs) | cell_reads.bound)))
        read_somewhere = {name for cell_reads in self.reads.values() for name in cell_reads.inputs}
        self.live = {index: sorted(r.bound & read_somewhere) for index, r in self.reads.items()}
        fingerprints = fingerprints and MODE != "all"
        self.tracked = {index for index, r in self.reads.items() if fingerprints and not r.always_rerun}
        self.settled: dict[int, list[dict]] = {index: [] for index, _ in code_cells}  # states a run leaves as found
        self.first_seconds: dict[int, float] = {}
        self.seconds = {"runs": 0.0, "fingerprints": 0.0}
        self.counts = {"re-runs": 0, "known": 0}
        self.runs = {index: 0 for index, _ in code_cells}  # executions per cell
        self._fresh: tuple[int, dict | None, bool] | None = None  # after a first run: (cell, its state, unchanged?)

    def __enter__(self):
        if self.tracked:
            try:
                self._ask(_install_expression())
            except RuntimeError:  # the probe cannot run in this kernel: every re-run is made
                self.tracked.clear()
        return self

    def __exit__(self, *exc):
        return False

    # -- talking to the kernel

    def _ask(self, expression: str):
        """Evaluate an expression in the kernel without a trace (silent: no execution count, no history, no _)."""
        started = time.perf_counter()
        kc = self.client.kc
        msg_id = kc.execute("", silent=True, store_history=False, user_expressions={"value": expression})
        reply = self.client.wait_for_reply(msg_id)
        value = reply["content"]["user_expressions"]["value"]
        self.seconds["fingerprints"] += time.perf_counter() - started
        if value["status"] != "ok":
            raise RuntimeError(f"the fingerprint failed in the kernel: {value.get('ename')}: {value.get('evalue')}")
        return ast.literal_eval(value["data"]["text/plain"])

    def _state(self, index: int, with_bound: bool) -> dict | None:
        """The cell's fingerprint, or None: not tracked, or a value cannot be compared or costs too much to (then it
        is re-run; after its first run, if the fingerprint costs more than the cell's budget, without asking again)."""
        if index not in self.tracked:
            return None
        seconds = self.first_seconds.get(index)
        budget = FIRST_BUDGET if seconds is None else max(LEAST_BUDGET, BUDGET_SHARE * seconds)
        bound = self.live[index] if with_bound else []
        fingerprint = self._ask(f"__import__('sys').modules[{PROBE_MODULE!r}]"
                                f".state({self.reads[index].inputs!r}, {bound!r}, {budget!r})")
        why = fingerprint.get("unknown") or fingerprint.get("bound unknown") or ""
        if "budget" in why and seconds is not None:
            self.tracked.discard(index)
        return None if "unknown" in fingerprint else fingerprint

    def _execute(self, cell, index: int, where: str) -> None:
        """Execute one cell; fail with the notebook, the cell index and the error if it raises."""
        from nbclient.exceptions import CellExecutionError

        started = time.perf_counter()
        self.runs[index] += 1
        self._fresh = None
        try:
            self.client.execute_cell(cell, index)
        except CellExecutionError as error:
            pytest.fail(f"{where}, cell {index}: {error.ename}: {error.evalue}\n--- cell source ---\n{cell.source}",
                        pytrace=False)
        finally:
            self.seconds["runs"] += time.perf_counter() - started
        errors = [f"{out.ename}: {out.evalue}" for out in cell.outputs if out.output_type == "error"]
        assert not errors, f"{where}, cell {index}: {errors}\n--- cell source ---\n{cell.source}"

    # -- runs

    def first(self, cell, index: int, where: str) -> list:
        """The first run of a cell; returns what it shows. With fingerprints, notes the state it leaves if the run
        changed nothing the cell reads."""
        before = self._state(index, with_bound=False)
        started = time.perf_counter()
        self._execute(cell, index, where)
        self.first_seconds[index] = time.perf_counter() - started
        if self.first_seconds[index] < QUICK:
            self.tracked.discard(index)
        after, unchanged = None, False
        if before is not None and index in self.tracked:
            after = self._state(index, with_bound=True)
            unchanged = _same(before, after, "inputs", "settings", "modules")
            if unchanged and after["bound"] is not None:
                self.settled[index].append(after)
        self._fresh = (index, after, unchanged)
        return shown(cell)

    def again(self, cell, index: int, where: str, expected: list, complaint: str, remember: bool = True) -> bool:
        """Re-run a cell and check that it shows ``expected``; ``complaint`` says what it means if not. Returns
        False if the fingerprint showed the cell reads what it read after an earlier run that left it as found:
        that re-run would show the same and change nothing, so it is not made (it is with
        BPE_LAB_NOTEBOOK_RERUNS=verify, which then checks both)."""
        if self._fresh and self._fresh[0] == index:  # right after its first run: did that change what it reads?
            _, now, known = self._fresh  # if not, what it bound is what a second run would bind, whatever it is
            if now is None:  # not fingerprinted before the first run (too costly to, before its cost was known)
                now = self._state(index, with_bound=True)
        else:
            now = self._state(index, with_bound=True) if self.settled[index] or remember else None
            known = any(_same(now, settled, "inputs", "settings", "bound") for settled in self.settled[index])
        if known and MODE != "verify":
            self.counts["known"] += 1
            return False
        self.counts["re-runs"] += 1
        self._execute(cell, index, where)
        assert shown(cell) == expected, (
            f"{where}, cell {index} {complaint}\nfirst:  {expected}\nnow:    {shown(cell)}\n"
            f"--- cell source ---\n{cell.source}")
        if now is not None and (remember or known):
            after = self._state(index, with_bound=True)
            if known and after is not None:  # BPE_LAB_NOTEBOOK_RERUNS=verify: the run was to change nothing it reads
                # (the names it binds may differ by what the clock gave: a table of seconds, say)
                assert _same(now, after, "inputs", "settings", "modules"), (
                    f"{where}, cell {index}: the fingerprint said this re-run would change nothing, but it changed "
                    f"{[part for part in after if after[part] != now[part]]} (a bug in tests/notebook_runs.py)")
            elif _same(now, after, "inputs", "settings", "modules") and after["bound"] is not None:
                self.settled[index].append(after)
        return True

    def summary(self) -> str:
        total = self.counts["re-runs"] + self.counts["known"]
        return (f"{self.counts['re-runs']} of {total} re-runs executed, {self.counts['known']} known from the "
                f"fingerprint ({self.seconds['fingerprints']:.1f} s of fingerprints)")
