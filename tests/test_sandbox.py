"""The grader's walls, seen from inside a submission: the sandbox, the graded copy of the course, the identity token.

Each test grades a small notebook whose cells try to get out, and reads what they found from a value answer
(the grader reads any variable; here ``count_ug`` of set 01 carries a report instead of a number). What a
cheating notebook gains is tested in test_cheats.py; these tests name the wall that stops it.
"""

import ast
import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from conftest import ROOT

from bpe_lab.homework import grade, sets
from bpe_lab.homework._grading import runner, sandbox
from bpe_lab.homework._grading.course import Course

NB01 = ROOT / "notebooks" / "exercises" / "01_bpe_from_scratch_exercises.ipynb"
SEED = "the seed of test_sandbox"
SET_IDS = [name.removeprefix("set_") for name in sets.__all__]
needs_bwrap = pytest.mark.skipif(not sandbox.available(), reason="bubblewrap (bwrap) is not installed here or "
                                 "cannot create namespaces (make test installs it where apt-get can)")

PROBE = r'''
import json, os, socket
found = {}
found["instructor_file"] = os.path.exists(INSTRUCTOR_FILE)
found["submissions"] = os.path.exists(SUBMISSIONS)
found["cwd_is_submissions"] = os.getcwd() == SUBMISSIONS
found["cwd_is_sandbox_work"] = os.getcwd() == "/tmp/work"
found["seed_in_env"] = any("seed" in k.lower() or SEED in v for k, v in os.environ.items())
found["seed_in_proc"] = False
for pid in os.listdir("/proc") if os.path.isdir("/proc") else []:
    if pid.isdigit():
        for name in ("cmdline", "environ"):
            try:
                text = open(f"/proc/{pid}/{name}", "rb").read().decode("utf-8", "replace")
            except OSError:
                continue
            found["seed_in_proc"] |= SEED in text or "instructor" in text
try:
    socket.create_connection(("1.1.1.1", 53), timeout=2).close()
    found["network"] = True
except OSError:
    found["network"] = False
import bpe_lab
found["instructor_bpe_lab"] = bpe_lab.__file__.startswith(ROOT)
found["bpe_lab_in_course"] = bpe_lab.__file__.startswith("/course/")
found["home"] = os.path.exists(os.path.expanduser("~/.bashrc"))
ug_count = ",".join(k for k, v in found.items() if v)  # the walls that did not hold, and where it runs
'''


def _probe_notebook(folder, instructor_file, submissions):
    nb = nbformat.read(NB01, as_version=4)
    for cell in nb.cells:
        if cell.get("metadata", {}).get("bpe_lab", {}).get("question") == "count_ug":
            cell.source = (f"INSTRUCTOR_FILE, SUBMISSIONS, SEED, ROOT = {str(instructor_file)!r}, "
                           f"{str(submissions)!r}, {SEED!r}, {str(ROOT / 'bpe_lab')!r}\n" + PROBE)
    path = folder / "01_probe.ipynb"
    nbformat.write(nb, path)
    return path


def _found(path, sandboxed, course):
    result = runner.grade(path, SEED, runner.Limits(), {"01": ["count_ug"]}, course=course, sandboxed=sandboxed)
    assert result.status == "ran", result.notes
    message = result.questions["count_ug"].messages[-1]  # "you answered '...', which is not the expected answer"
    return set(ast.literal_eval(message.split("you answered ", 1)[1].split(", which is not")[0]).split(","))


@needs_bwrap
def test_inside_the_sandbox_nothing_leads_to_the_seed(tmp_path, course):
    instructor = tmp_path / "instructor.txt"
    instructor.write_text(SEED + "\n", encoding="utf-8")
    path = _probe_notebook(tmp_path, instructor, tmp_path)
    assert _found(path, True, course) == {"cwd_is_sandbox_work", "bpe_lab_in_course"}


def test_unsandboxed_the_child_still_gets_no_seed_and_not_the_instructor_s_package(tmp_path, monkeypatch, course):
    monkeypatch.setenv(grade.SEED_VARIABLE, SEED)  # the instructor's shell had it: the child's environment does not
    path = _probe_notebook(tmp_path, tmp_path / "nothing", tmp_path)
    found = _found(path, False, course)
    assert not found & {"seed_in_env", "instructor_bpe_lab", "cwd_is_submissions"}, found
    # what only the sandbox closes: the grader's command line and the files are in view (the grader says so)


@pytest.fixture(scope="module")
def course():
    """One grading run's copies for the tests below (the student edition is written once, as in a run)."""
    shared = Course()
    yield shared
    shared.close()


# Imports every module of each set's copy, one copy after another in one process: before each copy, every module
# of a package this copy or the one before holds (bpe_lab, and a stub package such as tiktoken) is dropped from
# sys.modules, so each copy's modules run their import-time code afresh and no stub outlives its copy; other
# libraries (numpy, matplotlib) stay loaded in between.
IMPORT_EVERY_MODULE = r"""
import importlib, json, os, pkgutil, sys
results, before = {}, set()
for set_id, folder in json.loads(sys.argv[1]):
    own = {name.removesuffix(".py") for name in os.listdir(folder)}
    for name in [m for m in sys.modules if m.split(".")[0] in own | before]:
        del sys.modules[name]
    before = own
    sys.path[:] = [folder] + [p for p in sys.path if p != folder and not p.startswith(os.path.dirname(folder))]
    importlib.invalidate_caches()
    import bpe_lab
    bad = []
    for m in pkgutil.walk_packages(bpe_lab.__path__, "bpe_lab."):
        try:
            importlib.import_module(m.name)
        except Exception as e:
            bad.append(f"{m.name}: {e!r:.200}")
    import bpe_lab.homework as h
    try:
        h.graded(getattr(h, "set_" + set_id)(student="alice"))
    except Exception as e:
        bad.append(f"graded(set_{set_id}(student='alice')): {e!r:.200}")
    results[set_id] = [bpe_lab.__file__, bad]
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def imports_per_set(course):
    """set id -> (where bpe_lab was imported from, the modules that failed to import) in the copy with the set's
    stubs."""
    folders = []
    for set_id in SET_IDS:
        questions = getattr(sets, f"set_{set_id}")()
        forbidden = {n: f"question {q.name!r} forbids it" for q in questions.values() if q.is_function_question
                     for n in q.forbidden}
        folders.append((set_id, str(course.folder(set_id, forbidden)[0])))
    done = subprocess.run([sys.executable, "-I", "-c", IMPORT_EVERY_MODULE, json.dumps(folders)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(folders), json.loads(done.stdout)


@pytest.mark.parametrize("set_id", SET_IDS)
def test_every_module_imports_in_the_copy_with_a_set_s_stubs(set_id, imports_per_set):
    """Stubbing what a set forbids must not break the import of anything else (an import-time call of a
    stubbed function is frozen to its value)."""
    folders, results = imports_per_set
    where, bad = results[set_id]
    assert where.startswith(folders[set_id]) and not bad, bad


def test_the_stubs_of_one_copy_reach_neither_the_base_nor_another_copy(imports_per_set, course):
    """The copies are hard links to the run's base copy: a stub must replace a file, never write through a link.
    After every set's copy is written, the base (the copy value answers run against) holds no stub and no
    stand-in, and a copy holds only the stubs of its own set."""
    def stubbed(folder):
        return {str(path.relative_to(folder)) for path in (folder / "bpe_lab").rglob("*.py")
                if path.name != "course.py" and ("_NotAvailable(" in path.read_text(encoding="utf-8")
                                                 or "Standins(" in path.read_text(encoding="utf-8"))}

    assert stubbed(course.base) == set()
    folders, _ = imports_per_set
    assert "bpe_lab/bpe.py" in stubbed(Path(folders["01"]))  # set 01 forbids bpe.train
    for set_id, folder in folders.items():
        forbids_bpe = any("bpe_lab.bpe." in name for q in getattr(sets, f"set_{set_id}")().values()
                          if q.is_function_question for name in q.forbidden)
        assert ("bpe_lab/bpe.py" in stubbed(Path(folder))) == forbids_bpe, set_id


def test_a_forbidden_function_raises_in_the_copy_whoever_calls_it(course):
    folder, _ = course.folder("01", {"bpe_lab.bpe.train": "question 'train' of set 01 forbids it"})
    code = (f"import sys, threading; sys.path.insert(0, {str(folder)!r})\n"
            "from bpe_lab import bpe\n"
            "saved = bpe.train; sys.setprofile(None); out = []\n"
            "t = threading.Thread(target=lambda: out.append(repr(saved({('a','b'): 1}, 1)))); t.start(); t.join()\n"
            "try:\n    saved({('a', 'b'): 1}, 1)\nexcept Exception as e:\n    print(type(e).__name__, e)\n"
            "import inspect; print('pair_counts(' in inspect.getsource(bpe.train))")
    done = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=120)
    lines = done.stdout.strip().splitlines()
    assert lines[0] == ("NotAvailableWhileGrading bpe_lab.bpe.train is not available while grading: question 'train' "
                        "of set 01 forbids it"), done.stdout + done.stderr
    assert lines[1] == "False"  # its code is gone from the copy, not hidden behind a check
    assert "NotAvailableWhileGrading" in done.stderr  # the thread's call raised too


def _released(tmp_path, student, seed=SEED):
    return grade.release_notebook(NB01, tmp_path / "released", student=student, seed=seed)


@pytest.mark.parametrize("case", ["verified", "metadata edited", "other instructor file", "swapped", "no token"])
def test_the_student_comes_from_the_identity_token_or_the_folder(tmp_path, case):
    path = _released(tmp_path, "alice", seed="another seed" if case == "other instructor file" else SEED)
    nb = nbformat.read(path, as_version=4)
    if case == "metadata edited":
        nb.metadata["bpe_lab"]["student"] = ""
        for cell in nb.cells:
            cell.source = cell.source.replace("STUDENT = 'alice'", "STUDENT = ''")
    if case == "no token":
        del nb.metadata["bpe_lab"]["identity"]
    collected = tmp_path / "collected" / ("bob" if case == "swapped" else "alice")
    collected.mkdir(parents=True)
    nbformat.write(nb, collected / path.name)
    notebook = nbformat.read(collected / path.name, as_version=4)
    result = runner.Submission(file=str(collected / path.name), set_id="01")
    for by_folder in (False, True):
        student, identity = runner._student(None, notebook, collected / path.name, SEED,
                                            collected.name if by_folder else "", result)
        if case == "verified":
            assert (student, identity) == ("alice", "verified")
        elif case == "swapped":  # alice's release handed in from bob's folder: only the folder can tell
            assert (student, identity.split(":")[0]) == (("bob", "NOT verified") if by_folder else ("alice", "verified"))
        else:
            assert identity.startswith("NOT verified"), identity
            assert student == ("alice" if by_folder else ("" if case == "metadata edited" else "alice"))
