"""The student edition (``python -m bpe_lab.grade student-edition``): the course as students receive it for credit,
whose question modules hold no solution, typical wrong answer, hint, rubric, hidden case or reference — and whose
checks still work.

One edition is built for the module (about 3 s); a child Python with the edition first on its path checks every
set's questions there (about 5 s)."""

import ast
import json
import os
import subprocess
import sys

import nbformat
import pytest
from conftest import ROOT

from bpe_lab.homework import grade, sets as exercise_sets

SETS = [name.removeprefix("set_") for name in exercise_sets.__all__]


@pytest.fixture(scope="module")
def edition(tmp_path_factory):
    out = tmp_path_factory.mktemp("edition") / "course"
    assert grade.main(["student-edition", "--out", str(out)]) == 0
    return out


def strings_in(folder):
    """Every str constant in the Python files below ``folder`` (implicit concatenations joined, as ast does)."""
    found = []
    for path in folder.rglob("*.py"):
        found += [n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                  if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return found


def secrets(set_id, student=""):
    """What must not reach students: solutions, wrong answers, hints and rubrics long enough to tell."""
    questions = getattr(exercise_sets, f"set_{set_id}")(student=student)
    texts = [text for q in questions.values() for text in (q.solution_code, q.wrong_code, q.rubric, *q.hints)]
    return [text for text in texts if len(text) >= 30]


def test_the_edition_has_the_course_but_not_the_tests_or_the_instructor_guide(edition):
    assert (edition / "bpe_lab" / "homework" / "sets" / "ex01_bpe_from_scratch.py").is_file()
    assert (edition / "notebooks" / "exercises" / "01_bpe_from_scratch_exercises.ipynb").is_file()
    assert (edition / "data").is_dir() and (edition / "Makefile").is_file() and (edition / "pyproject.toml").is_file()
    assert "student edition" in (edition / "STUDENT_EDITION.md").read_text(encoding="utf-8")
    assert not (edition / "tests").exists() and not (edition / "docs" / "INSTRUCTORS.md").exists()
    assert not list(edition.rglob("__pycache__"))


@pytest.fixture(scope="module")
def instructor_strings():
    return strings_in(ROOT / "bpe_lab" / "homework" / "sets")


@pytest.fixture(scope="module")
def student_strings(edition):
    return strings_in(edition / "bpe_lab" / "homework" / "sets")


@pytest.mark.parametrize("set_id", SETS)
def test_no_solution_hint_or_rubric_is_left_in_the_edition(instructor_strings, student_strings, set_id):
    instructor, student = instructor_strings, student_strings
    literal = [text for text in secrets(set_id) if text in instructor]  # the ones written as plain literals
    assert literal, "the check must be able to fail: some solutions are literals in the instructor's modules"
    assert not [text for text in literal if any(text in s for s in student)]


@pytest.mark.slow  # about 3 s: a child Python imports the edition and answers every question of every set
def test_in_the_edition_every_check_works_and_nothing_is_given_away(edition, tmp_path):
    """A child Python imports the edition's bpe_lab and answers every set with the instructor's solutions: function
    answers are correct on the public cases, value answers are recorded; references, hints, solutions and hidden
    cases are not there."""
    answers = {set_id: {name: [q.answer_name, q.solution_code, q.is_function_question, q.prompt]
                        for name, q in getattr(exercise_sets, f"set_{set_id}")(student="alice").items()}
               for set_id in SETS}
    notebooks = {path.stem.split("_")[0]: path for path in (edition / "notebooks" / "exercises").glob("*.ipynb")}
    setup = {set_id: "\n".join(cell.source.replace('STUDENT = ""', 'STUDENT = "alice"')
                               for cell in nbformat.read(notebooks[set_id], as_version=4).cells
                               if cell.cell_type == "code" and "bpe_lab" not in cell.get("metadata", {}))
             for set_id in SETS}  # the cells that are not answers: STUDENT, q, and what the answers may use
    (tmp_path / "answers.json").write_text(json.dumps([answers, setup]), encoding="utf-8")
    script = (
        "import json, sys, bpe_lab\n"
        "from bpe_lab.homework import sets as exercise_sets\n"
        f"assert bpe_lab.__file__.startswith({str(edition)!r}), bpe_lab.__file__\n"
        "(answers, setup), out = json.load(open('answers.json')), {}\n"
        "for set_id, questions in answers.items():\n"
        "    space = {}  # one namespace per set, as in a notebook (a project may use an earlier answer)\n"
        "    exec(setup[set_id], space)\n"
        "    q = space['q']\n"
        "    for name, (answer_name, code, is_function, prompt) in questions.items():\n"
        "        exec(code, space)\n"
        "        status = q[name].check(space[answer_name]).status\n"
        "        try:\n"
        "            q[name].reference()\n"
        "            withheld = False\n"
        "        except PermissionError:\n"
        "            withheld = True\n"
        "        out[set_id + ' ' + name] = [status, is_function, withheld, q[name].solution_code, list(q[name].hints),\n"
        "                                    q[name].rubric, q[name].hidden_cases is None, q[name].prompt == prompt]\n"
        "print('RESULT ' + json.dumps(out))\n")
    environment = {**os.environ, "PYTHONPATH": str(edition)}
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=environment, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(done.stdout.split("RESULT ", 1)[1])
    assert len(results) == sum(len(questions) for questions in answers.values())
    for key, (status, is_function, withheld, solution, hints, rubric, no_hidden, same_prompt) in results.items():
        assert same_prompt, f"{key}: alice's own numbers must be the same in the edition"
        assert status == ("correct" if is_function else "recorded"), key
        assert withheld and solution == "" and hints == [] and rubric == "" and no_hidden, key


def test_the_command_refuses_a_folder_that_holds_files(tmp_path, capsys):
    (tmp_path / "old.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        grade.main(["student-edition", "--out", str(tmp_path)])
    assert stop.value.code == 2 and "is not empty" in capsys.readouterr().err
    assert (tmp_path / "old.txt").read_text(encoding="utf-8") == "keep me"
