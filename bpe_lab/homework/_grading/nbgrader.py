"""The exercise sets as nbgrader source notebooks (``python -m bpe_lab.grade nbgrader``), and the check their
test cells run (``bpe_lab.grade.nbgrader_check``).

``export`` writes, for each set, ``COURSE/source/bpe_lab_NN/<exercise notebook>.ipynb``, made from the
exercise notebook cell by cell:

* an answer cell becomes an *autograded answer*: the question's solution between ``### BEGIN SOLUTION`` and
  ``### END SOLUTION`` (``nbgrader generate_assignment`` puts its stub there), under the exercise
  notebook's own start of the answer as a comment;
* after it comes a read-only *autograder tests* cell worth the question's points. It calls
  ``nbgrader_check`` with the expected results written in as literals, computed here from the reference (no
  reference runs in the student's notebook): a function question's public cases, then its hidden cases
  (from the instructor's seed) between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS``, which
  ``generate_assignment`` removes from the release; a value question's expected value, hidden the same way;
* a "Your explanation" cell under an answer (explain questions) becomes a *manually graded answer*
  (``EXPLANATION_POINTS``), the question's rubric as its solution;
* every other cell is read-only; the set-up cell builds ``graded(set_NN())`` (no hints, no solutions).

``check`` is what a test cell runs, in the student's kernel: it calls the function on each case (time limit
per case, forbidden calls traced, results compared as plain data, as the grader does) and returns the
points, the question's points × the smaller of the public and hidden pass rates. The test cell shows that
number, and nbgrader records it as the cell's (partial) credit.

Not here, unlike ``bpe_lab.grade``: per-student numbers (nbgrader hands every student the same notebook, so
every question is everyone's version); a process per notebook and its memory limit (nbgrader runs every
cell in one kernel, so a cell can change what later cells see, bpe_lab included).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import math
import re
from pathlib import Path

from . import limits, wire
from .release import tidy_intro
from .runner import PACKAGE_ROOT, vague, which_set
from .verdicts import cut, forbidden_message, same, shown, wrong_result

ASSIGNMENT = "bpe_lab_{}"  # nbgrader's assignment name for set NN
EXPLANATION_POINTS = 1  # a written reason, marked by hand in nbgrader's formgrader
EXERCISES = PACKAGE_ROOT / "notebooks" / "exercises"
MAX_MESSAGES = 3  # failing cases described per question (public and hidden each)
NOT_YET = "not yet"

NOTE = ("**nbgrader.** Write each answer in the cell marked for it: replace `# YOUR CODE HERE` and "
        "`raise NotImplementedError()` with code that defines the name the cell asks for. The read-only cell under "
        "it is the test: it shows the points your answer earns on the cases you can see (value answers are "
        "checked when graded). Grading runs the whole notebook again, with more cases. Keep the names.")
FINISHED = ("Finished? Restart the kernel and run every cell (*Kernel ▸ Restart Kernel and Run All Cells*): each "
            "test cell shows its points. Then save the notebook and submit it.")
CONFIG = '''\
# nbgrader's settings for the BPE Lab course (written by `python -m bpe_lab.grade nbgrader`; edit as you like).
c = get_config()  # noqa: F821 (nbgrader defines it)

c.CourseDirectory.course_id = "bpe_lab"
# Seconds per cell when autograding: a test cell runs every case of a question (each within its own time limit).
c.Execute.timeout = 120
'''


# --------------------------------------------------------------------------------------------------
# The export
# --------------------------------------------------------------------------------------------------

def export(out: Path, set_ids: list, seed: str) -> list[Path]:
    """Write the source notebooks of ``set_ids`` into ``out/source/``, and ``out/nbgrader_config.py`` if
    there is none; returns the files written."""
    import nbformat  # optional (the test extra), and slow to import

    from ...storage import write_text_atomic

    notebooks = exercise_notebooks()
    written = []
    for set_id in set_ids:
        if set_id not in notebooks:
            raise FileNotFoundError(f"set {set_id} has no exercise notebook in {EXERCISES}")
        path = notebooks[set_id]
        notebook = source_notebook(nbformat.read(path, as_version=4), set_id, seed)
        target = out / "source" / ASSIGNMENT.format(set_id) / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        written.append(write_text_atomic(target, nbformat.writes(notebook) + "\n"))
    if not (out / "nbgrader_config.py").exists():
        written.append(write_text_atomic(out / "nbgrader_config.py", CONFIG))
    return written


def exercise_notebooks() -> dict:
    """Set id -> its exercise notebook (notebooks/exercises/ next to the bpe_lab package)."""
    import nbformat

    found = {}
    for path in sorted(EXERCISES.glob("*.ipynb")):
        set_id, _ = which_set(nbformat.read(path, as_version=4), path)
        if set_id is not None:
            found.setdefault(set_id, path)
    return found


def source_notebook(notebook, set_id: str, seed: str):
    """The exercise notebook as nbgrader's source notebook (see the module's docstring)."""
    import nbformat

    questions = _questions(set_id)
    cells, asked, explain = [], [], None
    for number, cell in enumerate(notebook.cells, start=1):
        name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
        if cell.cell_type == "code" and name in questions:
            question = questions[name]
            tests = nbformat.v4.new_code_cell(tests_source(set_id, question, seed))
            tests.metadata["nbgrader"] = _meta(f"{name}_tests", grade=True, locked=True, points=question.points)
            cells += [_answer_cell(cell, question), tests]
            asked.append(name)
            explain = question  # its "Your explanation" cell, if one follows, is marked by hand
            continue
        cell = copy.deepcopy(cell)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        if explain is not None and cell.cell_type == "markdown" and cell.source.startswith("**Your explanation**"):
            rubric = explain.rubric or "(the question gives none)"
            cell.source = f"{cell.source}\n\n### BEGIN SOLUTION\nRubric: {rubric}\n### END SOLUTION"
            cell.metadata["nbgrader"] = _meta(f"{explain.name}_reason", grade=True, solution=True,
                                              points=EXPLANATION_POINTS)
            cells.append(cell)
            continue
        explain = None
        if number == 1 and cell.cell_type == "markdown":
            cell.source = tidy_intro(cell.source, student="everyone", graded=True)  # no hints, no student id
        elif cell.cell_type == "markdown" and cell.source.startswith("Finished?"):
            cell.source = FINISHED
        elif cell.cell_type == "code" and re.search(rf"\bset_{set_id}\(", cell.source):
            cell.source = _setup_source(cell.source, set_id)
        cell.metadata["nbgrader"] = _meta(f"locked_{number}", locked=True)
        cells.append(cell)
        if number == 1 and cell.cell_type == "markdown":
            note = nbformat.v4.new_markdown_cell(NOTE)
            note.metadata["nbgrader"] = _meta("locked_note", locked=True)
            cells.append(note)
    missing = [name for name in questions if name not in asked]
    if missing:
        raise ValueError(f"the exercise notebook of set {set_id} has no answer cell for {', '.join(missing)}")
    notebook = copy.deepcopy(notebook)
    notebook.cells = cells
    notebook.metadata["bpe_lab"] = {"set": set_id, "nbgrader": True}
    return notebook


def _meta(grade_id: str, *, grade=False, solution=False, locked=False, points=None) -> dict:
    """A cell's nbgrader metadata (schema version 3)."""
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3, "solution": solution,
            "task": False}
    if grade:
        meta["points"] = points
    return meta


def _answer_cell(cell, question):
    """The solution between nbgrader's markers, under the exercise notebook's start of the answer (commented)."""
    start = [line for line in cell.source.rstrip().splitlines() if ".check(" not in line]
    while start and not start[-1].strip():
        start.pop()
    uses = "the tests below call it" if question.is_function_question else "the test below reads it"
    lines = [f"# Your answer: define {question.answer_name} ({uses}), starting from"]
    lines += [f"#     {line}".rstrip() for line in start]
    lines += ["### BEGIN SOLUTION", question.solution_code.rstrip(), "### END SOLUTION"]
    cell = copy.deepcopy(cell)
    cell.source, cell.outputs, cell.execution_count = "\n".join(lines), [], None
    cell.metadata["nbgrader"] = _meta(question.name, solution=True)
    return cell


def _setup_source(source: str, set_id: str) -> str:
    """The set-up cell for credit: ``q = graded(set_NN())`` (everyone's version, no hints or solutions)."""
    lines, imported = [], False
    for line in source.splitlines():
        if line.startswith("STUDENT"):
            continue
        if re.search(rf"=\s*set_{set_id}\(", line):
            target = line.split("=")[0].strip()
            line = f"{target} = graded(set_{set_id}())  # for credit: hints and solutions are off"
        lines.append(line)
        if not imported and re.search(rf"import .*\bset_{set_id}\b", line):
            lines.append("from bpe_lab.homework import graded")
            imported = True
    if not imported:
        lines.insert(0, "from bpe_lab.homework import graded")
    return "\n".join(lines)


def tests_source(set_id: str, question, seed: str) -> str:
    """The test cell of one question: ``nbgrader_check`` with the expected results as literals."""
    write = _Source()
    points = f"{question.points:g} point" + "s" * (question.points != 1)
    call = f"nbgrader_check({set_id!r}, {question.name!r}, {question.answer_name}"
    if question.is_function_question:
        public = [write.case(question, args) for args in question.cases]
        hidden = [write.case(question, args) for args in question.hidden(seed)]
        lines = [f"# Tests of {question.name} ({points}): your function on each case; grading adds hidden cases.",
                 f"{call}, public=[", *public]
        lines += ["], hidden=[", "### BEGIN HIDDEN TESTS", *hidden, "### END HIDDEN TESTS"] if hidden else []
        lines.append("])")
    else:
        expected = question.reference() if callable(question.reference) else question.reference
        lines = [f"# Test of {question.name} ({points}): {question.answer_name} is checked when the notebook is "
                 "graded.", f"{call}, expected=[", "### BEGIN HIDDEN TESTS", f"    {write(expected)},",
                 "### END HIDDEN TESTS", "])"]
    return "\n".join(["from bpe_lab.grade import nbgrader_check", *sorted(write.imports), "", *lines])


class _Source:
    """Python source that rebuilds a value as it reaches the student's function when the grader sends it (the
    grader's wire: plain data, functions by importable name, a bpe_lab Tokenizer); ``imports`` it needs."""

    def __init__(self):
        self.imports = set()

    def case(self, question, args: tuple) -> str:
        expected = question.reference(*copy.deepcopy(args))  # as the grader computes it
        return f"    ({self(args)}, {self(expected)}),"

    def __call__(self, value) -> str:
        return self._source(wire.encode(value))

    def _source(self, data) -> str:
        if data is None or isinstance(data, (bool, int, str)):
            return repr(data)
        (tag, body), *_ = data.items()
        if tag == "f":
            number = float(body)
            return repr(number) if math.isfinite(number) else f"float({body!r})"
        if tag == "b":
            return repr(body.encode("latin-1"))
        items = [self._source(item) for item in body] if tag in ("l", "t", "s", "fs") else []
        if tag == "l":
            return "[" + ", ".join(items) + "]"
        if tag == "t":
            return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
        if tag in ("s", "fs"):
            text = "{" + ", ".join(sorted(items)) + "}" if items else "set()"
            return text if tag == "s" else f"frozenset({text if items else ''})"
        if tag == "d":
            return "{" + ", ".join(f"{self._source(k)}: {self._source(v)}" for k, v in body) + "}"
        if tag == "r":
            return f"range({', '.join(str(int(v)) for v in body)})"
        if tag == "ref":
            module, _, name = body.partition(":")
            if module == "builtins":
                return name
            self.imports.add(f"import {module}")
            return f"{module}.{name}"
        if tag == "tok":
            tok = wire.decode(data, refs=True)
            self.imports.add("from bpe_lab.tokenizer import Tokenizer")
            return (f"Tokenizer({tok.merges!r}, {tok.pattern!r}, special_tokens={tok.special_tokens!r}, "
                    f"token_ids={tok.to_dict()['token_ids']!r})")
        raise ValueError(f"a case or expected result cannot be written into the notebook: {shown(data)}")


# --------------------------------------------------------------------------------------------------
# The check a test cell runs
# --------------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _questions(set_id: str) -> dict:
    """Everyone's version of the set (nbgrader gives every student the same notebook)."""
    from .. import sets as exercise_sets

    return getattr(exercise_sets, f"set_{set_id}")()


def question(set_id: str, name: str):
    """The question ``name`` of set ``set_id``, or None."""
    return _questions(set_id).get(name)


def question_names(set_id: str) -> list[str]:
    return list(_questions(set_id))


def check(question, answer, public: list, hidden: list, expected: list) -> float:
    """The points ``answer`` earns; what went wrong is printed (to stdout: nbgrader gives 0 to a cell that
    writes to stderr)."""
    if answer is None or answer is Ellipsis:
        print(f"{question.name}: not answered yet — replace the ... with your answer")
        return 0.0
    if not question.is_function_question:
        return _check_value(question, answer, expected)
    if not callable(answer):
        print(f"{question.name}: this question wants a function {question.answer_name}, but it is a "
              f"{type(answer).__name__}")
        return 0.0
    return _check_function(question, answer, public, hidden)


def _check_value(question, answer, expected: list) -> float:
    if not expected:  # the release: generate_assignment removed the expected value
        print(f"{question.name}: {question.answer_name} = {shown(answer)} is recorded; it is checked when the "
              "notebook is graded (0 points until then)")
        return 0.0
    try:
        got = wire.decode(wire.encode(answer, refs=False))  # plain data: an object equal to everything is not
    except wire.WireError as exc:
        print(f"{question.name}: the answer cannot be read: {exc}")
        return 0.0
    accepted, error = same(question.compare, got, expected[0])
    if accepted:
        print(f"{question.name}: correct")
        return float(question.points)
    print(f"{question.name}: you answered {shown(answer)}, which is not the expected answer"
          + (f" (comparing it raised {error})" if error else ""))
    return 0.0


def _check_function(question, answer, public: list, hidden: list) -> float:
    codes = limits.forbidden_code(question.forbidden)
    runs = {"public": [], "hidden": []}  # one True/False per case
    for which, cases in (("public", public), ("hidden", hidden)):
        for number, (args, expected) in enumerate(cases, start=1):
            tracer = limits.Tracer(codes)
            inputs = ", ".join(shown(a) for a in args)  # before the call: the function may change its arguments
            problem = _run(question, answer, args, expected, tracer)
            if tracer.hits or tracer.tampered:
                print(f"{question.name}: {forbidden_message(tracer.hits)} (0 points)")
                return 0.0
            if problem == NOT_YET and (which, number) == ("public", 1):
                print(f"{question.name}: not answered yet (the function still raises NotImplementedError)")
                return 0.0
            if problem == NOT_YET:
                problem = "your function raised NotImplementedError"
            runs[which].append(problem is None)
            if problem is not None and runs[which].count(False) <= MAX_MESSAGES:
                print(f"public case {number}: for input ({inputs}) {problem}" if which == "public" else
                      f"hidden case {number} of {len(cases)}: {vague(problem)}")
    counts = {which: (done.count(True), len(done)) for which, done in runs.items() if done}
    earned = round(question.points * min(passed / total for passed, total in counts.values()), 2) if counts else 0.0
    passed = ", ".join(f"{p} of {t} {which} cases" for which, (p, t) in counts.items())
    print(f"{question.name}: {passed} passed: {earned:g} of {question.points:g} points")
    return earned


def _run(question, answer, args: tuple, expected, tracer) -> str | None:
    """None if ``answer(*args)`` gives ``expected``; otherwise what went wrong (NOT_YET: NotImplementedError)."""
    try:
        with contextlib.redirect_stderr(io.StringIO()):  # warnings too: nbgrader gives 0 for any stderr
            got, printed = limits.call(answer, args, question.time_limit, tracer)
    except NotImplementedError:
        return NOT_YET
    except limits.TimeLimit:
        return f"your function did not finish within {question.time_limit:g} s — is there a loop that never ends?"
    except RecursionError:
        return "your function recursed too deeply"
    except Exception as exc:  # the student's code may raise anything: report it, never crash
        return f"your function raised {type(exc).__name__}: {cut(str(exc), 300)}"
    try:
        got = wire.decode(wire.encode(got, refs=False))  # compared as plain data, as the grader does
    except wire.WireError as exc:
        return f"your function returned something that cannot be read: {exc}"
    return wrong_result(question.compare, got, printed, expected)
