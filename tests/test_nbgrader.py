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
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from conftest import ROOT, TIMINGS

from bpe_lab import exercise_sets
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
        assert done.returncode == 0 and "ERROR" not in done.stdout + done.stderr, done.stdout + done.stderr

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
        release = (root / "release" / f"bpe_lab_{set_id}" / source.name).read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in release and "BEGIN HIDDEN TESTS" not in release
        for q in getattr(exercise_sets, f"set_{set_id}")().values():
            assert json.dumps(q.solution_code)[1:-1] not in release, f"{set_id} {q.name}: its solution is released"
        hidden = 0
        for cell in nbformat.read(source, as_version=4).cells:
            lines = cell.source.splitlines()
            if "### BEGIN HIDDEN TESTS" in lines:
                region = lines[lines.index("### BEGIN HIDDEN TESTS") + 1: lines.index("### END HIDDEN TESTS")]
                hidden += len(region)
                for line in region:  # a hidden case, or a value question's expected answer
                    assert json.dumps(line)[1:-1] not in release, f"{set_id}: {line.strip()} is released"
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
        print(f"  {assignment:<12} {student:<6} autograded {earned:g} of {possible:g} points")
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
