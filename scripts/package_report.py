"""How the package reads: per module, its size, where its algorithm starts, and how much of its code is checking.

    .venv/bin/python scripts/package_report.py [PACKAGE_DIR]

For each module of ``bpe_lab`` (subpackages included) it prints:

* lines: all lines of the file;
* code: the code lines inside functions and methods (docstrings, comments and blank lines left out);
* checks: how many of those are argument checking, and their share of ``code``. A line is checking when it
  belongs to an ``if`` whose body only raises, to a ``raise``, to an ``except`` clause that only raises, or to
  a statement that only calls a check (``check.whole(...)``, ``_check_k(...)``, ``_as_corpus(...)``); a whole
  function counts as checking when its name says so (``_check_*``, ``_as_*``, ``_short``, ``_whole``) or when it
  lives in ``bpe_lab/_checks/``;
* first algorithm: the line of the first top-level function that is not a check (most of its code lines are
  not checking; classes are passed over, since most are records of results);
* largest function: the longest function or method (all its lines).

It reads the files as text (``ast``); it imports nothing.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path

CHECK_NAMES = ("_check", "_as_", "_short", "_whole", "_validate")


def _is_check_name(name: str) -> bool:
    return name.startswith(CHECK_NAMES)


def _code_lines(source: str) -> set[int]:
    """Line numbers holding code: not blank, not only a comment, not part of a docstring."""
    lines = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                        tokenize.ENCODING, tokenize.ENDMARKER):
            continue
        lines.update(range(tok.start[0], tok.end[0] + 1))
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
                    and isinstance(body[0].value.value, str):
                lines -= set(range(body[0].lineno, body[0].end_lineno + 1))
    return lines


def _only_raises(body: list) -> bool:
    return bool(body) and isinstance(body[-1], ast.Raise) and all(
        isinstance(s, (ast.Raise, ast.Assign, ast.AnnAssign, ast.Expr)) for s in body)


def _calls_only_checks(node) -> bool:
    """A statement whose value is only a call to a check: ``check.x(...)``, ``_check_x(...)``, ``a, b = check.x(...), ...``."""
    value = getattr(node, "value", None)
    if value is None:
        return False
    calls = value.elts if isinstance(value, ast.Tuple) else [value]
    def is_check(call):
        if not isinstance(call, ast.Call):
            return False
        func = call.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "check":
            return True
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return _is_check_name(name)
    return bool(calls) and all(is_check(c) for c in calls)


def _check_lines(func) -> set[int]:
    lines: set[int] = set()

    def span(node):
        lines.update(range(node.lineno, node.end_lineno + 1))

    for node in ast.walk(func):
        if isinstance(node, ast.If) and not node.orelse and _only_raises(node.body):
            span(node)
        elif isinstance(node, ast.Raise):
            span(node)
        elif isinstance(node, ast.ExceptHandler) and _only_raises(node.body):
            span(node)
        elif isinstance(node, (ast.Expr, ast.Assign, ast.AnnAssign, ast.Return)) and _calls_only_checks(node):
            span(node)
    return lines


def _functions(tree):
    """Top-level functions and methods of top-level classes (nested functions belong to their parent)."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node, node.name
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield item, f"{node.name}.{item.name}"


def report(path: Path, package: Path) -> dict:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    code = _code_lines(source)
    in_checks = "_checks" in path.relative_to(package).parts
    func_lines: set[int] = set()
    check: set[int] = set()
    largest = (0, "", 0)
    for func, name in _functions(tree):
        body = set(range(func.lineno, func.end_lineno + 1)) & code
        func_lines |= body
        if in_checks or _is_check_name(func.name):
            check |= body
        else:
            check |= _check_lines(func) & code
        largest = max(largest, (func.end_lineno - func.lineno + 1, name, func.lineno))
    first = None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not in_checks and not _is_check_name(node.name):
            if 2 * len(_check_lines(node) & code) < len(set(range(node.lineno, node.end_lineno + 1)) & code):
                first = (node.lineno, node.name)
                break
    return {"module": str(path.relative_to(package.parent)), "lines": len(source.splitlines()),
            "code": len(func_lines), "checks": len(check & func_lines), "first": first, "largest": largest}


def main(argv: list[str]) -> int:
    package = Path(argv[0] if argv else Path(__file__).resolve().parent.parent / "bpe_lab").resolve()
    rows = [report(p, package) for p in sorted(package.rglob("*.py"))]
    print(f"{'module':<36} {'lines':>6} {'code':>6} {'checks':>7} {'share':>6}  {'first algorithm':<30} largest function")
    for r in rows:
        share = f"{r['checks'] / r['code']:.0%}" if r["code"] else "-"
        first = f"line {r['first'][0]}: {r['first'][1]}" if r["first"] else "-"
        size, name, line = r["largest"]
        print(f"{r['module']:<36} {r['lines']:>6} {r['code']:>6} {r['checks']:>7} {share:>6}  {first:<30} "
              f"{name} ({size} lines, line {line})")
    outside = [r for r in rows if "_checks" not in r["module"]]
    code, checks = sum(r["code"] for r in outside), sum(r["checks"] for r in outside)
    print(f"\noutside _checks: {checks} of {code} function code lines check arguments ({checks / code:.0%})")
    biggest = max(rows, key=lambda r: r["lines"])
    func = max(rows, key=lambda r: r["largest"][0])
    print(f"largest module: {biggest['module']} ({biggest['lines']} lines); largest function: "
          f"{func['module']}:{func['largest'][2]} {func['largest'][1]} ({func['largest'][0]} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
