"""The audit as a whole (runs after every rows file): every public function has rows, and
docs/bad-inputs.md is the table of the last run of the whole audit (see conftest.py)."""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

import pytest

import bpe_lab

from .conftest import DOC, RECORDED, Case, resolve, short

# Result records, built by bpe_lab and returned, not built by callers: their constructors are not audited
# (their methods are).
RECORDS = {
    "bpe.TrainResult": "returned by bpe.train",
    "bpe.MergeStep": "one step of bpe.train's trace",
    "bpe.EncodeStep": "one step of bpe.encode_trace",
    "fast_bpe.FastTrainResult": "returned by fast_bpe.train",
    "wordpiece.WordPieceResult": "returned by wordpiece.train",
    "wordpiece.WordPieceStep": "one step of wordpiece.train's trace",
    "unigram.Arc": "an arc of unigram.lattice",
    "unigram.ViterbiTable": "returned by unigram.viterbi_table",
    "unigram.UnigramResult": "returned by unigram.train",
    "unigram.TrainingRound": "one round of unigram.train",
    "exercises.Feedback": "returned by Question.check",
    "predict.Reveal": "returned by predict.reveal",
    "ranks.RecoveredMerges": "returned by ranks.merges_from_ranks (a list)",
    "storage.Kind": "storage's table of file kinds",
}


def rows_files() -> list[str]:
    """The rows files of the audit, by module name ("bpe" for test_audit_bpe.py)."""
    here = Path(__file__).parent
    return sorted(path.stem.removeprefix("test_audit_") for path in here.glob("test_audit_*.py")
                  if path.stem != Path(__file__).stem)


def modules() -> list[str]:
    """bpe_lab's public top-level modules and packages, in the order the table lists them."""
    return [info.name for info in pkgutil.iter_modules(bpe_lab.__path__) if not info.name.startswith("_")]


def all_cases() -> list[Case]:
    """Every row of every rows file, in the table's order: module, then the order of its rows."""
    tables = {name: importlib.import_module(f".test_audit_{name}", __package__).ROWS for name in rows_files()}
    order = modules() + sorted(set(tables) - set(modules()))
    return [case for name in order if name in tables for case in tables[name].cases]


def public_callables() -> dict[str, Any]:
    """Every public function, class and method of bpe_lab, in every public module and subpackage:
    "module.name", "package.module.name" or "module.Class.method" -> the object (a method's own
    function, classmethod or staticmethod object, so that the same method has the same identity on
    every path)."""
    found = {}
    for info in pkgutil.walk_packages(bpe_lab.__path__, "bpe_lab."):
        path = info.name.removeprefix("bpe_lab.")
        if any(part.startswith("_") for part in path.split(".")):
            continue
        module = importlib.import_module(info.name)
        exported = getattr(module, "__all__", None)
        if exported is None:
            exported = [name for name, obj in vars(module).items() if not name.startswith("_")
                        and (getattr(obj, "__module__", None) or "").startswith(module.__name__)]
        for name in exported:
            obj = getattr(module, name)
            if inspect.isclass(obj):
                if issubclass(obj, BaseException):
                    continue  # raised by bpe_lab, not called
                found[f"{path}.{name}"] = obj
                dataclass_fields = {f.name for f in fields(obj)} if is_dataclass(obj) else set()
                for attr, member in vars(obj).items():
                    if attr.startswith("_") or attr in dataclass_fields:
                        continue
                    if isinstance(member, (classmethod, staticmethod)) or inspect.isfunction(member):
                        found[f"{path}.{name}.{attr}"] = member
            elif callable(obj):
                found[f"{path}.{name}"] = obj
    return found


def identity(target: str):
    """The object behind a target, as public_callables holds it (None if it names nothing)."""
    parent_path, _, last = target.rpartition(".")
    try:
        parent = resolve(parent_path) if parent_path else None
        if inspect.isclass(parent):
            return inspect.getattr_static(parent, last)
        return resolve(target)
    except (ImportError, AttributeError):
        return None


def takes_arguments(obj) -> bool:
    if isinstance(obj, (classmethod, staticmethod)):
        obj = obj.__func__
    try:
        parameters = list(inspect.signature(obj).parameters.values())
    except (TypeError, ValueError):  # pragma: no cover
        return True
    if parameters and parameters[0].name in ("self", "cls"):
        parameters = parameters[1:]
    return bool(parameters)


def by_identity() -> dict[int, tuple[Any, list[str]]]:
    """Each public callable once: id -> (object, its public paths, shortest first)."""
    grouped: dict[int, tuple[Any, list[str]]] = {}
    for path, obj in public_callables().items():
        grouped.setdefault(id(obj), (obj, []))[1].append(path)
    for _, paths in grouped.values():
        paths.sort(key=lambda path: (path.count("."), path))
    return grouped


def without_arguments() -> list[str]:
    return sorted(paths[0] for obj, paths in by_identity().values() if not takes_arguments(obj))


def test_every_public_function_is_audited():
    targets = {case.target for case in all_cases()}
    covered = {id(identity(target)) for target in targets | set(RECORDS)}
    missing = sorted(paths[0] for key, (obj, paths) in by_identity().items()
                     if key not in covered and takes_arguments(obj))
    assert not missing, (f"these public functions have no bad-input rows: {', '.join(missing)}; add rows to "
                         "tests/audit/test_audit_<module>.py (or, for a result record, to RECORDS in "
                         "tests/audit/test_audit_zz_summary.py with a reason)")
    # also allowed: public helpers a module does not export (gpt2.read_merges parses vocab.bpe)
    unknown = sorted(target for target in targets
                     if any(part.startswith("_") for part in target.split(".")) or not callable(_callable(target)))
    assert not unknown, f"these rows name no public function of bpe_lab: {', '.join(unknown)}"


def _callable(target: str):
    try:
        return resolve(target)
    except (ImportError, AttributeError):
        return None


def render(cases: list[Case]) -> str:
    by_module: dict[str, list[Case]] = {}
    for case in cases:
        by_module.setdefault(case.module, []).append(case)
    total = len(cases)
    failing = sum(1 for case in cases if RECORDED[case.id][1] != "ok")
    lines = [
        "# Bad inputs: what every public function of bpe_lab says when it is called wrongly",
        "",
        "<!-- Generated by tests/audit (test_audit_zz_summary.py) from its last run: do not edit by hand. -->",
        "",
        f"{total} calls were checked, each passing a wrong type, None, an empty or a huge value (up to 10 MB), "
        "an out-of-range, negative, bool, float, NaN or infinite number, an unknown id, malformed merges or "
        "vocabularies, a damaged file, or an object of the wrong kind (a WordPiece result where a BPE result is "
        "expected). Each must either raise TypeError (wrong type) or ValueError (wrong value) — or a subclass "
        "such as FileNotFoundError — from bpe_lab's own checks, with a message that names the argument and says "
        "what to pass, or give an answer its docstring documents (such as `[]` for an empty text). Never a "
        "KeyError, IndexError, AssertionError or AttributeError, never an error from deep inside a library, and "
        "no call takes more than a second or two.",
        "",
        f"{total - failing} of {total} behave so."
        + (f" {failing} do not (marked FAILS below): the audit fails until they are fixed." if failing else ""),
        "",
        "Regenerate this file with `pytest tests/audit` (the last test rewrites it when it is out of date, and "
        "fails once so that the change gets committed); the rows are in `tests/audit/test_audit_<module>.py`. "
        "Messages are shown as raised, with long ones cut; `<tmp>` is a temporary folder and `<repo>` the "
        "repository.",
        "",
        "Functions without arguments are not listed: " + ", ".join(f"`{t}`" for t in without_arguments()) + ".",
        "",
        "| module | calls | ok | fail |",
        "|---|---:|---:|---:|",
    ]
    for module, module_cases in by_module.items():
        bad = sum(1 for case in module_cases if RECORDED[case.id][1] != "ok")
        lines.append(f"| [{module}](#{module}) | {len(module_cases)} | {len(module_cases) - bad} | {bad} |")
    lines.append(f"| **total** | **{total}** | **{total - failing}** | **{failing}** |")
    for module, module_cases in by_module.items():
        lines += ["", f"## {module}", "", "| function | bad input | outcome | check |", "|---|---|---|---|"]
        for case in module_cases:
            outcome, verdict = RECORDED[case.id]
            lines.append(f"| `{case.target}` | {code(case.bad)} | {cell(short(outcome, 160))} | {cell(verdict)} |")
    return "\n".join(lines) + "\n"


def code(text: str) -> str:
    fence = "``" if "`" in text else "`"
    return f"{fence}{text.replace('|', chr(92) + '|')}{fence}"


def cell(text: str) -> str:
    for old, new in [("\\", "\\\\"), ("|", "\\|"), ("<", "&lt;"), (">", "&gt;"), ("*", "\\*"), ("`", "\\`")]:
        text = text.replace(old, new)
    return text


def test_docs_table_is_up_to_date():
    cases = all_cases()
    if set(RECORDED) != {case.id for case in cases}:
        pytest.skip("only part of the audit ran: run all of tests/audit to check docs/bad-inputs.md")
    text = render(cases)
    current = DOC.read_text(encoding="utf-8") if DOC.exists() else None
    if text == current:
        return
    failing = sorted(case.id for case in cases if RECORDED[case.id][1] != "ok")
    if failing:
        pytest.skip(f"{len(failing)} audit rows fail: fix them first, then this test brings the table up to date")
    if os.environ.get("CI"):
        pytest.fail("docs/bad-inputs.md is out of date: run pytest tests/audit and commit it")
    DOC.parent.mkdir(exist_ok=True)
    DOC.write_text(text, encoding="utf-8")
    pytest.fail("docs/bad-inputs.md was out of date and has been rewritten from this run: review "
                "`git diff docs/bad-inputs.md` and commit it (the next run passes)")
