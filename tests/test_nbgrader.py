"""nbgrader's round trip: ``python -m bpe_lab.grade nbgrader`` writes sets 01, 02 and 03 as nbgrader source
notebooks; nbgrader's own ``generate_assignment`` makes the release; two students hand it in, one with every
solution filled in and one unattempted; nbgrader's ``autograde`` grades them, and its gradebook must say full
points and 0.

nbgrader runs from a venv of its own, ``.venv-nbgrader`` (``make test`` makes it from the ``nbgrader`` extra;
installed in ``.venv`` it would add its panels to every student's JupyterLab). The notebooks run in a kernel
of this project's Python (a ``python3`` kernelspec on ``JUPYTER_PATH``), so the bpe_lab under test is the one
graded. Offline: nbgrader needs no network. Without nbgrader the test is skipped (under CI it fails).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from conftest import ROOT, TIMINGS

from bpe_lab.homework import sets as exercise_sets
from bpe_lab.grade import export_nbgrader

SETS = ["01", "02", "03"]  # the worked examples (hidden cases), and a set with explanations marked by hand
SOLVED, UNATTEMPTED = "alice", "bob"
SEED = "a test seed"

# nbgrader's gradebook, read with its own API in its own venv: one row per graded cell.
GRADEBOOK = """
import json, sys
from nbgrader.api import Gradebook
rows = []
with Gradebook("sqlite:///gradebook.db") as gb:
    for assignment in sys.argv[1:]:
        for submission in gb.assignment_submissions(assignment):
            for notebook in submission.notebooks:
                for grade in notebook.grades:
                    rows.append([assignment, submission.student.id, grade.name, grade.cell_type, grade.auto_score,
                                 grade.max_score, grade.needs_manual_grade])
print(json.dumps(rows))
"""


def nbgrader_bin() -> Path | None:
    """The folder holding the nbgrader command: $BPE_LAB_NBGRADER_BIN, .venv-nbgrader/bin, or this Python's."""
    for folder in (os.environ.get("BPE_LAB_NBGRADER_BIN"), ROOT / ".venv-nbgrader" / "bin",
                   Path(sys.executable).parent):
        if folder and (Path(folder) / "nbgrader").is_file():
            return Path(folder)
    return None


# ipykernel, shutting a kernel down after nbgrader ran a notebook, can log a control message sent on a socket already
# closed (a race in its teardown, seen once in CI: the grades were written, the process exited 0); the gradebook rows
# below are what the test checks. Any other ERROR still fails.
_KERNEL_TEARDOWN = re.compile(r"ERROR:tornado\.general:Uncaught exception in ZMQStream callback\n"
                              r"Traceback \(most recent call last\):\n(?:[ \t].*\n)*"
                              r"zmq\.error\.ZMQError: Socket operation on non-socket\n?")

@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """The course after the whole round trip: (folder, {command: seconds}, gradebook rows)."""
    folder = nbgrader_bin()
    if folder is None:
        message = "nbgrader is not installed: `make test` makes .venv-nbgrader (the nbgrader extra)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    root = tmp_path_factory.mktemp("course")
    export_nbgrader(root, SETS, seed=SEED)
    kernel = root / "jupyter" / "kernels" / "python3"
    kernel.mkdir(parents=True)
    (kernel / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (bpe_lab)", "language": "python"}))
    env = {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ['PATH']}",  # nbgrader runs `alembic` by name
           "JUPYTER_PATH": str(root / "jupyter"), "PYTHONIOENCODING": "utf-8"}
    commands = {}

    def nbgrader(*args):
        started = time.perf_counter()
        done = subprocess.run([str(folder / "nbgrader"), *args], cwd=root, env=env, capture_output=True, text=True)
        commands["nbgrader " + " ".join(args)] = time.perf_counter() - started
        output = _KERNEL_TEARDOWN.sub("", done.stdout + done.stderr)
        assert done.returncode == 0 and "ERROR" not in output, done.stdout + done.stderr

    nbgrader("generate_assignment", "bpe_lab_*")
    for set_id in SETS:
        for path in (root / "release" / f"bpe_lab_{set_id}").glob("*.ipynb"):
            hand_in(path, root / "submitted" / SOLVED / f"bpe_lab_{set_id}", solutions(set_id))
            hand_in(path, root / "submitted" / UNATTEMPTED / f"bpe_lab_{set_id}", {})
    nbgrader("autograde", "bpe_lab_*")
    read = subprocess.run([str(folder / "python"), "-c", GRADEBOOK, *(f"bpe_lab_{s}" for s in SETS)], cwd=root,
                          env=env, capture_output=True, text=True, check=True)
    return root, commands, json.loads(read.stdout)


def solutions(set_id: str) -> dict:
    """Answer cell (its nbgrader grade_id: the question's name) -> the question's solution_code."""
    return {name: q.solution_code for name, q in getattr(exercise_sets, f"set_{set_id}")().items()}


def hand_in(release: Path, folder: Path, answers: dict) -> None:
    """Copy the released notebook into submitted/<student>/<assignment>/, with ``answers`` in its answer cells
    (and a sentence in each explanation cell when it answers)."""
    notebook = nbformat.read(release, as_version=4)
    for cell in notebook.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution") and cell.cell_type == "code" and meta["grade_id"] in answers:
            cell.source = answers[meta["grade_id"]]
        elif meta.get("solution") and cell.cell_type == "markdown" and answers:
            cell.source = "Each token is decoded on its own, so a cut character shows as a replacement."
    folder.mkdir(parents=True)
    nbformat.write(notebook, folder / release.name)


def test_the_release_has_no_solutions_and_no_hidden_tests(course):
    root, _, _ = course
    for set_id in SETS:
        source, = (root / "source" / f"bpe_lab_{set_id}").glob("*.ipynb")
        cells = nbformat.read(root / "release" / f"bpe_lab_{set_id}" / source.name, as_version=4).cells
        release = "\n".join(cell.source for cell in cells)
        assert "BEGIN SOLUTION" not in release and "BEGIN HIDDEN TESTS" not in release
        for q in getattr(exercise_sets, f"set_{set_id}")().values():
            assert q.solution_code not in release, f"{set_id} {q.name}: its solution is released"
        for cell in cells:  # an answer cell holds comments and nbgrader's stub, nothing else
            if cell.cell_type == "code" and cell.metadata["nbgrader"]["solution"]:
                code = [line for line in cell.source.splitlines() if not line.startswith("#")]
                assert code == ["raise NotImplementedError()"], cell.source
        hidden = 0
        for cell in nbformat.read(source, as_version=4).cells:
            lines = cell.source.splitlines()
            if "### BEGIN HIDDEN TESTS" in lines:
                region = lines[lines.index("### BEGIN HIDDEN TESTS") + 1: lines.index("### END HIDDEN TESTS")]
                hidden += len(region)
                for line in region:  # a hidden case, or a value question's expected answer
                    assert line not in release.splitlines(), f"{set_id}: {line.strip()} is released"
        assert hidden > 0


def test_autograde_gives_full_points_to_the_solutions_and_0_to_the_unattempted(course):
    root, commands, rows = course
    autograded = [row for row in rows if row[3] == "code"]
    scores = {}
    for assignment, student, _, _, auto, most, _ in autograded:
        earned, possible = scores.get((assignment, student), (0.0, 0.0))
        scores[assignment, student] = (earned + auto, possible + most)
    print("\nnbgrader round trip (sets " + ", ".join(SETS) + ")")
    for command, seconds in commands.items():
        print(f"  {command:<40} {seconds:5.1f} s")
        TIMINGS[command] = seconds
    for (assignment, student), (earned, possible) in sorted(scores.items()):
        print(f"  {assignment:<16} {student:<6} autograded {earned:g} of {possible:g} points")
    manual = [row for row in rows if row[3] == "markdown"]
    print(f"  explanation cells (graded by hand): {sum(1 for row in manual if row[1] == SOLVED)}; {SOLVED}'s wait for "
          f"a grader, {UNATTEMPTED}'s (untouched) score 0 at once")
    for set_id in SETS:
        questions = getattr(exercise_sets, f"set_{set_id}")()
        points = sum(q.points for q in questions.values())
        assert scores[f"bpe_lab_{set_id}", SOLVED] == (points, points), set_id
        assert scores[f"bpe_lab_{set_id}", UNATTEMPTED] == (0, points), set_id
    for _, student, name, _, auto, _, needs_manual in manual:
        assert needs_manual == (student == SOLVED) and not auto, name  # an untouched one is 0 at once
    assert {row[2] for row in autograded} == {f"{name}_tests" for s in SETS
                                              for name in getattr(exercise_sets, f"set_{s}")()}


# --------------------------------------------------------------------------------------------------
# Without nbgrader: every set's source notebook, run cell by cell here, and nbgrader_check on its own
# --------------------------------------------------------------------------------------------------

def run_cells(notebook, answers: dict) -> dict:
    """Run a source notebook's code cells in one namespace, with ``answers`` in the answer cells (the rest as
    released: nbgrader's stub); the value of each test cell's last line, by grade id."""
    import ast
    import contextlib
    import io

    namespace, points = {"__name__": "__main__"}, {}
    for cell in notebook.cells:
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type != "code":
            continue
        source = answers.get(meta.get("grade_id"), "raise NotImplementedError()") if meta.get("solution") else cell.source
        tree = ast.parse(source)
        last = tree.body.pop() if meta.get("grade") else None
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                exec(compile(tree, "<cell>", "exec"), namespace)
                if last is not None:
                    points[meta["grade_id"]] = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
            except (NameError, NotImplementedError):  # an answer not given, and its test (nbgrader: 0 points)
                if last is not None:
                    points[meta["grade_id"]] = 0.0
    return points


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    """Every set exported, as nbgrader source notebooks: set id -> notebook."""
    root = tmp_path_factory.mktemp("all_sets")
    written = export_nbgrader(root, seed=SEED)
    assert (root / "nbgrader_config.py") in written
    return {path.parent.name.removeprefix("bpe_lab_"): nbformat.read(path, as_version=4) for path in written
            if path.suffix == ".ipynb"}


@pytest.mark.parametrize("set_id", [name.removeprefix("set_") for name in exercise_sets.__all__])
def test_every_set_s_test_cells_give_the_solutions_full_points_and_nothing_to_no_answer(sources, set_id):
    questions = getattr(exercise_sets, f"set_{set_id}")()
    solved = run_cells(sources[set_id], solutions(set_id))
    assert solved == {f"{name}_tests": float(q.points) for name, q in questions.items()}
    assert set(run_cells(sources[set_id], {}).values()) == {0.0}


MERGE_PAIR_PUBLIC = [((["h", "u", "g"], ("u", "g")), ["h", "ug"]), ((["a", "a", "a"], ("a", "a")), ["aa", "a"])]
MERGE_PAIR_HIDDEN = [((["a", "b", "a", "b"], ("a", "b")), ["ab", "ab"]), ((["b"], ("a", "b")), ["b"])]


def merge_pair_hard_coded(symbols, pair):
    """Right on the public cases only."""
    return {("h", "u", "g"): ["h", "ug"], ("a", "a", "a"): ["aa", "a"]}.get(tuple(symbols), [])


def merge_pair_with_bpe_lab(symbols, pair):
    from bpe_lab import bpe

    return list(bpe.merge_pair(tuple(symbols), tuple(pair)))


def merge_first_only(symbols, pair):
    """Right when the pair occurs at most once."""
    for i in range(len(symbols) - 1):
        if (symbols[i], symbols[i + 1]) == tuple(pair):
            return symbols[:i] + [symbols[i] + symbols[i + 1]] + symbols[i + 2:]
    return list(symbols)


class EqualsEverything:
    def __eq__(self, other):
        return True


@pytest.mark.parametrize("answer, public, hidden, points, said", [
    (lambda symbols, pair: bpe_merge_pair(symbols, pair), MERGE_PAIR_PUBLIC, MERGE_PAIR_HIDDEN, 2.0, "2 of 2 hidden"),
    (merge_pair_hard_coded, MERGE_PAIR_PUBLIC, MERGE_PAIR_HIDDEN, 0.0, "hidden case 1 of 2: your function returned a wrong"),
    (merge_pair_hard_coded, MERGE_PAIR_PUBLIC, [], 2.0, "2 of 2 public cases passed: 2 of 2 points"),  # the release
    (merge_pair_with_bpe_lab, MERGE_PAIR_PUBLIC, MERGE_PAIR_HIDDEN, 0.0, "calls bpe_lab's own bpe_lab.bpe.merge_pair"),
    (merge_first_only, MERGE_PAIR_PUBLIC, MERGE_PAIR_HIDDEN, 1.0, "2 of 2 public cases, 1 of 2 hidden cases passed: "
     "1 of 2 points"),  # points x the smaller pass rate
    (lambda symbols, pair: EqualsEverything(), MERGE_PAIR_PUBLIC, [], 0.0, "expected a list such as ['h', 'ug']"),
    (lambda symbols, pair: exec("raise NotImplementedError"), MERGE_PAIR_PUBLIC, [], 0.0, "not answered yet"),
    (..., MERGE_PAIR_PUBLIC, MERGE_PAIR_HIDDEN, 0.0, "not answered yet"),
    ("merge_pair", MERGE_PAIR_PUBLIC, [], 0.0, "wants a function merge_pair, but it is a str"),
])
def test_nbgrader_check_scores_a_function_as_the_grader_does(capsys, answer, public, hidden, points, said):
    from bpe_lab.grade import nbgrader_check

    assert nbgrader_check("01", "merge_pair", answer, public=public, hidden=hidden) == points
    out = capsys.readouterr()
    assert said in out.out and not out.err  # nothing on stderr: nbgrader gives 0 to a cell that writes there


def bpe_merge_pair(symbols, pair):
    out, i = [], 0
    while i < len(symbols):
        if symbols[i:i + 2] == list(pair):
            out.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


@pytest.mark.parametrize("answer, expected, points, said", [
    (20, [20], 1.0, "count_ug: correct"),
    (21, [20], 0.0, "you answered 21, which is not the expected answer"),
    (EqualsEverything(), [20], 0.0, "which is not the expected answer"),
    (20, [], 0.0, "ug_count = 20 is recorded; it is checked when the notebook is graded"),  # the release
    (..., [20], 0.0, "not answered yet"),
])
def test_nbgrader_check_scores_a_value_against_the_expected_one(capsys, answer, expected, points, said):
    from bpe_lab.grade import nbgrader_check

    assert nbgrader_check("01", "count_ug", answer, expected=expected) == points
    assert said in capsys.readouterr().out
