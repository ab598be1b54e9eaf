"""The grader on test submissions: honest work scores what it deserves, every game scores 0 on what it gamed.

One grader run (``python -m bpe_lab.grade`` with ``--out``) over one folder of submissions is shared by the
tests below (a module fixture): sets 01 and 02 (the sets with per-student numbers and hidden cases) in
every state, the games from issue 19, limits (an endless loop in a function and in a cell, a memory hog),
a set-07 notebook in the same folder, and a file that is not a notebook. The printed table is shown
with ``pytest -s``.
"""

import contextlib
import csv
import functools
import inspect
import io
import time

import nbformat
import pytest
from conftest import ROOT, TIMINGS, check_line, grading_where

from bpe_lab.homework import grade, sets as exercise_sets
from bpe_lab.homework.questions import graded

SEED = "a seed only the instructor knows"
EXERCISES = ROOT / "notebooks" / "exercises"
NB01 = EXERCISES / "01_bpe_from_scratch_exercises.ipynb"
NB02 = EXERCISES / "02_encoding_order_exercises.ipynb"
NB07 = EXERCISES / "07_comparison_exercises.ipynb"


def notebook(path, answers, *, checks=True, student=None, extra=()):
    """The exercise notebook with the answer cells replaced by ``answers`` (question -> code), each followed
    by its check line unless ``checks=False``; ``student`` goes into STUDENT; ``extra`` cells are added last."""
    nb = nbformat.read(path, as_version=4)
    questions = getattr(exercise_sets, f"set_{path.stem.split('_')[0]}")()
    for cell in nb.cells:
        name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
        if name in answers:
            check = f"\n\n{check_line(questions[name])}" if checks else ""
            cell.source = answers[name] + check
        if student is not None and 'STUDENT = ""' in cell.source:
            cell.source = cell.source.replace('STUDENT = ""', f"STUDENT = {student!r}")
    nb.cells += [nbformat.v4.new_code_cell(code) for code in extra]
    return nb


def code(set_function, kind, student=""):
    """Every question's solution_code or wrong_code, for ``student``'s version of the set."""
    questions = set_function(student=student) if student else set_function()
    return {name: getattr(q, kind) for name, q in questions.items()}


def hard_coded(question):
    """A function that looks up the public cases' expected results (copied from the checks' messages)."""
    table = {repr(args): question.reference(*args) for args in question.cases}
    return (f"_{question.name}_seen = {table!r}\n"
            f"def {question.answer_name}(*args):\n"
            f"    return _{question.name}_seen[repr(args)]")


def functions_only(answers, set_function):
    return {name: c for name, c in answers.items() if set_function()[name].is_function_question}


SET_01, SET_02 = exercise_sets.set_01, exercise_sets.set_02
QUESTIONS_01 = list(SET_01())  # every question of set 01, in order
FUNCTIONS_01 = [n for n, q in SET_01().items() if q.is_function_question]  # the ones the student writes
POINTS_01, POINTS_02 = (f"{sum(q.points for q in s().values()):g}" for s in (SET_01, SET_02))
ALWAYS_EQUAL = "class Yes:\n    def __eq__(self, other):\n        return True\n    __hash__ = object.__hash__\n"


@functools.cache  # built once per process (the fixture and two tests ask)
def submissions():
    """file name -> notebook: set 01's states and games, set 02's, every other set solved (a folder mixing sets),
    and the hard-coded and copied states of every set with hidden cases or per-student numbers."""
    solved = code(SET_01, "solution_code")
    return {
        "01_solved.ipynb": notebook(NB01, solved),
        "01_checks_deleted.ipynb": notebook(NB01, solved, checks=False),
        "01_wrong.ipynb": notebook(NB01, code(SET_01, "wrong_code")),
        "01_unattempted.ipynb": notebook(NB01, {}),
        "01_older_copy.ipynb": notebook(NB01, {n: c.replace(SET_01()[n].answer_name + " =", "answer =", 1)
                                               for n, c in solved.items()}, checks=False),
        # the games of issue 19, each must score 0 on what it games
        "01_game_check_reference.ipynb": notebook(NB01, {
            n: f"q[{n!r}].check(q[{n!r}].reference{'' if n in FUNCTIONS_01 else '()'})" for n in QUESTIONS_01},
            checks=False),
        "01_game_results_table.ipynb": notebook(NB01, {}, extra=[
            "from bpe_lab.homework import questions as exercises\nexercises._RESULTS.update({n: 'correct' for n in q})",
            "print('BPE_LAB_REPORT ' + '{\"count_ug\": \"correct\"}')"]),
        "01_game_reference_as_answer.ipynb": notebook(NB01, {n: f"{SET_01()[n].answer_name} = q[{n!r}].reference"
                                                             for n in FUNCTIONS_01}),
        "01_game_wraps_bpe_lab.ipynb": notebook(NB01, {
            "pair_counts": "from bpe_lab import bpe\ndef pair_counts(word_counts):\n"
                           "    return dict(bpe.pair_counts(word_counts)) if word_counts else {}",
            "merge_pair": "from bpe_lab import bpe\ndef merge_pair(symbols, pair):\n"
                          "    return list(bpe.merge_pair(tuple(symbols), tuple(pair)))",
            "symbol_counts": "from bpe_lab import corpus\ndef symbol_counts(word_counts, marker):\n"
                             "    return corpus.symbol_counts(word_counts, end_of_word='</w>', marker=marker)",
            "train": "from bpe_lab.bpe import train as _library_train\ndef train(word_counts, num_merges):\n"
                     "    return _library_train(word_counts, num_merges).merges"}),
        "01_game_always_equal.ipynb": notebook(NB01, {
            n: ALWAYS_EQUAL + (f"def {q.answer_name}(*args):\n    return Yes()" if q.is_function_question
                               else f"{q.answer_name} = Yes()") for n, q in SET_01().items()}),
        "01_limits.ipynb": notebook(NB01, {
            **solved,
            "merge_pair": "def merge_pair(symbols, pair):\n    while True:  # catches every stop: only a kill ends it\n"
                          "        try:\n            pass\n        except:\n            pass",
            "train": "def train(word_counts, num_merges):\n    hog = bytearray(50 * 2**30)\n    return []"},
            extra=["while True:\n    pass"]),
        "02_solved.ipynb": notebook(NB02, code(SET_02, "solution_code")),
        "02_replay_as_encode.ipynb": notebook(NB02, {**code(SET_02, "solution_code"),
                                                     "encode": SET_02()["replay"].solution_code.replace(
                                                         "def replay(", "def encode(")}),
        # every other set solved: everyone's version where the set has no per-student numbers (a personalised set's
        # solutions are graded as alice_own below, with her numbers; grading them twice only cost time)
        **{f"{path.stem.split('_')[0]}_solved.ipynb": notebook(path, code(getattr(exercise_sets, f"set_{path.stem.split('_')[0]}"),
                                                                 "solution_code"))
           for path in sorted(EXERCISES.glob("*.ipynb")) if path.stem.split('_')[0] not in ("01", "02")
           and not personalised(path.stem.split('_')[0])},
        **generic_states(),
    }


def personalised(set_id: str) -> bool:
    return "student" in inspect.signature(getattr(exercise_sets, f"set_{set_id}")).parameters


def solved_name(set_id: str) -> str:
    """The submission that holds a set's solutions: alice's own for a personalised set (01 and 02 have both)."""
    return f"{set_id}_solved.ipynb" if set_id in ("01", "02") or not personalised(set_id) else f"{set_id}_alice_own.ipynb"


@functools.cache
def set_ids(which: str) -> list:
    """The sets with hidden cases (``which="hidden"``) or with per-student numbers (``"personalised"``): the
    parameters of the tests below, found without building their notebooks (collection stays quick)."""
    found = []
    for path in sorted(EXERCISES.glob("*.ipynb")):
        set_id = path.stem.split('_')[0]
        if personalised(set_id) if which == "personalised" else any(
                q.hidden_cases for q in getattr(exercise_sets, f"set_{set_id}")().values()):
            found.append(set_id)
    return found


SEPARATE_STATES = ("01", "02")  # the sets whose hard-coded and copied notebooks are checked in detail, each alone


def state_file(set_id: str, state: str) -> str:
    """The submission holding a set's ``state``: "hard_coded" or "copied". Beyond sets 01 and 02, a set with hidden
    cases and per-student numbers has one notebook for both: alice's, with her functions hard-coded from her public
    cases and bob's values (function and value answers are graded apart, so each game is seen as if alone)."""
    if set_id not in SEPARATE_STATES and set_id in set_ids("hidden") and set_id in set_ids("personalised"):
        return f"{set_id}_alice_hard_coded_copied_from_bob.ipynb"
    return f"{set_id}_hard_coded.ipynb" if state == "hard_coded" else f"{set_id}_alice_copied_from_bob.ipynb"


def generic_states():
    """For every set with hidden cases: its public cases hard-coded; for every set with per-student numbers:
    alice's own answers, and alice's notebook with bob's values (her functions are her own, or hard-coded where
    ``state_file`` puts both games in one notebook)."""
    states = {}
    for path in sorted(EXERCISES.glob("*.ipynb")):
        set_id, set_function = path.stem.split('_')[0], getattr(exercise_sets, f"set_{path.stem.split('_')[0]}")
        questions = set_function()
        hard = {}
        if set_id in set_ids("hidden"):
            student = "alice" if state_file(set_id, "hard_coded") == state_file(set_id, "copied") else ""
            ones = set_function(student=student) if student else questions
            hard = {n: hard_coded(q) for n, q in ones.items() if q.is_function_question}
            states[state_file(set_id, "hard_coded")] = notebook(path, hard, student=student or None)
        if set_id in set_ids("personalised"):
            solved = code(set_function, "solution_code")
            bob = {n: c for n, c in code(set_function, "solution_code", "bob").items()
                   if not questions[n].is_function_question}
            states[f"{set_id}_alice_own.ipynb"] = notebook(path, code(set_function, "solution_code", "alice"),
                                                           student="alice")
            functions = hard if state_file(set_id, "hard_coded") == state_file(set_id, "copied") else \
                functions_only(solved, set_function)
            states[state_file(set_id, "copied")] = notebook(path, {**functions, **bob}, student="alice")
    return states


@pytest.fixture(scope="module")
def graded_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("submissions")
    out = tmp_path_factory.mktemp("grades")
    release = grade.release_notebook(NB01, tmp_path_factory.mktemp("released"), student="alice", seed=SEED)
    for name, nb in submissions().items():
        nbformat.write(nb, folder / name)
    limits = tmp_path_factory.mktemp("limits") / "01_limits.ipynb"
    (folder / "01_limits.ipynb").replace(limits)  # graded alone, with short limits
    nbformat.write(peeking(nbformat.read(release, as_version=4)), folder / "01_alice_graded_peek.ipynb")
    ungraded = peeking(nbformat.read(release, as_version=4))  # the set-up cell edited back to practice
    ungraded.cells[2].source = ungraded.cells[2].source.replace("graded(set_01(student=STUDENT))",
                                                                "set_01(student=STUDENT)")
    nbformat.write(ungraded, folder / "01_alice_ungraded_setup.ipynb")
    (folder / "eve.ipynb").write_text("{ this is not a notebook", encoding="utf-8")
    printed = io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(printed):
        # generous limits: a loaded CI machine must not fail a correct notebook
        assert grade.main([str(folder), "--out", str(out), "--seed", SEED, "--time-factor", "3"]) == 0
        assert grade.main([str(limits), "--out", str(out / "limits"), "--seed", SEED, "--timeout", "3"]) == 0
    # an instructor who assigns two questions of set 01: released so, graded so
    chosen = tmp_path_factory.mktemp("chosen")
    two = grade.release_notebook(NB01, chosen / "released", graded=False, questions=["merge_pair", "train"])
    answered = nbformat.read(two, as_version=4)
    for cell in answered.cells:
        name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
        if name:
            cell.source = SET_01()[name].solution_code
    nbformat.write(answered, chosen / "two_questions.ipynb")
    with contextlib.redirect_stdout(printed):
        assert grade.main([str(chosen / "two_questions.ipynb"), "--out", str(out / "chosen"), "--seed", SEED,
                           "--questions", "01=merge_pair,train"]) == 0
    seconds = time.perf_counter() - started
    TIMINGS[f"grader: {len(submissions()) + 4} test submissions, three runs, {grading_where()}"] = seconds
    print(f"\n{printed.getvalue()}\n(grader runs: {seconds:.1f} s)")
    return out, printed.getvalue(), release


def peeking(released):
    """Alice's graded release, answered with what a student would try to peek at."""
    peek = {n: f"{q.answer_name} = q[{n!r}].reference{'' if q.is_function_question else '()'}"
            for n, q in SET_01().items()}
    peek["train"] = "exec(q['train'].solution_code)\nprint(q['train'].solution(), q['train'].hint())"
    for cell in released.cells:
        name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
        if name:
            cell.source = peek[name]
    return released


def rows(out, set_id):
    with open(out / f"grades_{set_id}.csv", encoding="utf-8") as handle:
        table = list(csv.reader(handle))
    header = table[0]
    return {row[0].rsplit("/", 1)[-1]: dict(zip(header, row)) for row in table[1:]}


def test_honest_work_scores_full_marks_with_or_without_its_check_lines(graded_folder):
    out, _, _ = graded_folder
    grades = rows(out, "01")
    for name in ("01_solved.ipynb", "01_checks_deleted.ipynb", "01_alice_own.ipynb", "01_older_copy.ipynb"):
        assert grades[name]["points"] == POINTS_01 and grades[name]["out of"] == POINTS_01, grades[name]
    assert grades["01_checks_deleted.ipynb"]["merge_pair hidden"] == "8/8"
    assert grades["01_checks_deleted.ipynb"]["train public"] == "4/4"
    assert rows(out, "02")["02_solved.ipynb"]["points"] == POINTS_02


def test_wrong_answers_earn_partial_credit_at_most_and_unattempted_nothing(graded_folder):
    out, _, _ = graded_folder
    grades = rows(out, "01")
    wrong = grades["01_wrong.ipynb"]
    assert "correct" not in {wrong[f"{n} status"] for n in SET_01()} and float(wrong["points"]) < float(POINTS_01) / 2
    assert grades["01_unattempted.ipynb"]["points"] == "0"
    assert {grades["01_unattempted.ipynb"][f"{n} status"] for n in SET_01()} == {"not yet"}


@pytest.mark.parametrize("name, gamed", [
    ("01_game_check_reference.ipynb", QUESTIONS_01),
    ("01_game_results_table.ipynb", QUESTIONS_01),
    ("01_game_reference_as_answer.ipynb", FUNCTIONS_01),
    ("01_game_wraps_bpe_lab.ipynb", FUNCTIONS_01),
    ("01_game_always_equal.ipynb", QUESTIONS_01),
    ("01_alice_graded_peek.ipynb", QUESTIONS_01),
])
def test_every_game_scores_zero_on_what_it_gamed(graded_folder, name, gamed):
    out, _, _ = graded_folder
    row = rows(out, "01")[name]
    assert [row[f"{n} points"] for n in gamed] == ["0"] * len(gamed), row


def test_what_the_games_are_told(graded_folder):
    out, _, _ = graded_folder
    grades = rows(out, "01")
    # the question objects in a submission are the student edition's: no reference to take
    assert {grades["01_game_reference_as_answer.ipynb"][f"{n} status"] for n in FUNCTIONS_01} == {"missing"}
    assert {grades["01_game_wraps_bpe_lab.ipynb"][f"{n} status"] for n in FUNCTIONS_01} == {"forbidden"}
    feedback = (out / "feedback" / "01_game_wraps_bpe_lab.md").read_text(encoding="utf-8")
    assert "your function called bpe_lab.bpe.train, which is not available while grading (question 'train' of set 01 forbids it)" in feedback
    hard = grades["01_hard_coded.ipynb"]
    assert (hard["merge_pair public"], hard["merge_pair hidden"]) == ("6/6", "0/8")  # the hidden cases tell
    copied = grades["01_alice_copied_from_bob.ipynb"]
    functions = f"{sum(SET_01()[n].points for n in FUNCTIONS_01):g}"
    assert copied["points"] == functions and copied["count_ug status"] == "incorrect"  # her own functions still count
    assert "for student 'alice'" in (out / "feedback" / "01_alice_copied_from_bob.md").read_text(encoding="utf-8")
    hard = rows(out, "02")["02_hard_coded.ipynb"]
    assert (hard["encode public"], hard["encode hidden"], hard["encode points"]) == ("7/7", "0/10", "0")


@pytest.mark.parametrize("set_id", set_ids("hidden"))
def test_hard_coded_public_answers_earn_nothing(graded_folder, set_id):
    out, _, _ = graded_folder
    row = rows(out, set_id)[state_file(set_id, "hard_coded")]
    questions = getattr(exercise_sets, f"set_{set_id}")(
        **({"student": "alice"} if "alice" in state_file(set_id, "hard_coded") else {}))
    gamed = [n for n, q in questions.items() if q.hidden_cases]
    assert [row[f"{n} points"] for n in gamed] == ["0"] * len(gamed), row
    assert all(row[f"{n} public"] == f"{len(questions[n].cases)}/{len(questions[n].cases)}" for n in gamed)


@pytest.mark.parametrize("set_id", set_ids("personalised"))
def test_copied_variant_values_fail_and_own_values_pass(graded_folder, set_id):
    out, _, _ = graded_folder
    set_function = getattr(exercise_sets, f"set_{set_id}")
    alice, bob = set_function(student="alice"), set_function(student="bob")
    differ = [n for n, q in alice.items() if not q.is_function_question and q.reference() != bob[n].reference()]
    assert differ, "alice and bob should not share every value"
    copied, own = rows(out, set_id)[state_file(set_id, "copied")], rows(out, set_id)[f"{set_id}_alice_own.ipynb"]
    assert [copied[f"{n} points"] for n in differ] == ["0"] * len(differ), copied
    assert own["points"] == own["out of"], own


def test_a_release_for_credit_whose_set_up_cell_was_edited_is_flagged(graded_folder):
    out, _, _ = graded_folder
    row = rows(out, "01")["01_alice_ungraded_setup.ipynb"]
    assert row["count_ug points"] == "0"  # graded against the student edition: there is no reference to take...
    assert "no cell builds graded(...) any more" in row["note"]  # ...and the table says what was tried
    assert "graded(" not in rows(out, "01")["01_alice_graded_peek.ipynb"]["note"]


def test_replay_is_not_accepted_as_encode(graded_folder):
    out, _, _ = graded_folder
    row = rows(out, "02")["02_replay_as_encode.ipynb"]
    assert row["encode status"] != "correct" and float(row["encode points"]) < 3 and row["replay points"] == "2"
    feedback = (out / "feedback" / "02_replay_as_encode.md").read_text(encoding="utf-8")
    assert "for input (['t', 'h', 'e'], [('th', 'e'), ('t', 'h')]) expected ['the'], but got ['th', 'e']" in feedback


def test_limits_endless_loops_and_memory(graded_folder):
    out, _, _ = graded_folder
    row = rows(out / "limits", "01")["01_limits.ipynb"]
    broken = SET_01()["merge_pair"].points + SET_01()["train"].points  # the rest is solved
    assert row["points"] == f"{float(POINTS_01) - broken:g}"
    assert row["merge_pair status"] == row["train status"] == "incorrect"
    feedback = (out / "limits" / "feedback" / "01_limits.md").read_text(encoding="utf-8")
    assert "did not finish within 2 s" in feedback and "MemoryError" in feedback
    assert "ran over 3 s and was stopped" in row["note"]


@pytest.mark.parametrize("path", sorted(EXERCISES.glob("*.ipynb")), ids=lambda p: p.stem.split('_')[0])
def test_every_set_s_solutions_score_full_marks(graded_folder, path):
    out, _, _ = graded_folder
    row = rows(out, path.stem.split('_')[0])[solved_name(path.stem.split('_')[0])]
    assert row["points"] == row["out of"], row


def test_chosen_questions_are_released_and_graded_alone(graded_folder):
    out, _, _ = graded_folder
    row = rows(out / "chosen", "01")["two_questions.ipynb"]
    assert (row["points"], row["out of"]) == ("6", "6") and "count_ug status" not in row


def test_a_mixed_folder_is_graded_per_set(graded_folder):
    out, printed, _ = graded_folder
    assert all(name.startswith("07_") for name in rows(out, "07"))
    solved = rows(out, "07")[solved_name("07")]
    assert solved["points"] == solved["out of"] == f"{sum(q.points for q in exercise_sets.set_07().values()):g}"
    assert solved_name("07") not in rows(out, "01") and "01_solved.ipynb" not in rows(out, "07")
    assert "eve.ipynb: unreadable — NotJSONError" in printed


def test_outputs_summary_chart_and_no_kernel_noise(graded_folder):
    out, printed, _ = graded_folder
    summary = list(csv.reader(open(out / "summary_01.csv", encoding="utf-8")))
    assert summary[0][:5] == ["question", "kind", "points", "submissions", "solved"]
    assert summary[0][-2:] == ["asks", "level"] and summary[1][-2:] == ["new case", "warm-up"]  # count_ug
    assert [r[0] for r in summary[1:]] == list(SET_01())
    assert (out / "summary_01.png").stat().st_size > 5_000 and (out / "summary_02.png").exists()
    assert len(list((out / "feedback").glob("*.md"))) == len(submissions()) + 2  # + the two peeks and eve - limits
    for noise in ("Warning", "warn(", "debugpy", "frozen modules", "Traceback"):
        assert noise not in printed, noise


def test_the_graded_release_holds_no_solutions_hints_or_hidden_cases(graded_folder):
    _, _, release = graded_folder
    text = release.read_text(encoding="utf-8")
    alice = SET_01(student="alice")
    for q in alice.values():
        assert q.solution_code not in text and all(h not in text for h in q.hints)
        assert all(repr(case) not in text for case in q.hidden(SEED))
    assert alice["count_ug"].prompt in text  # her own corpus is in the question
    questions = graded(alice)
    assert questions["train"].solution().startswith("the instructor turned solutions off")
    with pytest.raises(PermissionError, match="turned reference answers off"):
        questions["count_ug"].reference()


def plain(value):
    """A case argument as comparable data: a Tokenizer (which has no ==) as its saved form."""
    return value.to_dict() if type(value).__name__ == "Tokenizer" else value


def test_every_set_s_cases_and_answers_cross_to_the_child_as_plain_data():
    """What the grader sends (cases, hidden cases included) and what comes back (results like the
    reference's) survive the trip as equal values of the same types; an object that equals everything
    arrives as something that equals nothing."""
    from bpe_lab.homework._grading import wire

    for path in sorted(EXERCISES.glob("*.ipynb")):
        for q in getattr(exercise_sets, f"set_{path.stem.split('_')[0]}")().values():
            if not q.is_function_question:
                continue
            for args in list(q.cases) + q.hidden(SEED):
                crossed = wire.loads(wire.dumps(args), refs=True)
                assert [plain(a) for a in crossed] == [plain(a) for a in args], (q.name, args)
                expected = q.reference(*args)
                back = wire.loads(wire.dumps(expected, refs=False))
                assert back == expected and type(back) is type(expected), (q.name, expected)
    yes = type("Yes", (list,), {"__eq__": lambda self, other: True, "__iter__": lambda self: iter([1])})
    assert wire.loads(wire.dumps(yes([7]))) == [7]  # a list subclass arrives as its items, its tricks left behind
    assert wire.loads(wire.dumps(type("Yes", (), {"__eq__": lambda s, o: True})())) != 20
    with pytest.raises(wire.WireError, match="no importable name"):
        wire.dumps((lambda text: text.split(),))


def test_notebooks_of_the_same_name_in_per_student_folders_keep_apart(tmp_path):
    from bpe_lab.homework._grading import reports
    from bpe_lab.homework._grading.runner import Submission

    same = [Submission(file=str(tmp_path / who / "01_bpe_from_scratch_exercises.ipynb")) for who in ("alice", "bob")]
    reports.label(same)
    assert [s.name for s in same] == ["alice/01_bpe_from_scratch_exercises.ipynb",
                                      "bob/01_bpe_from_scratch_exercises.ipynb"]
    assert [reports.feedback_name(s) for s in same] == ["alice__01_bpe_from_scratch_exercises.md",
                                                        "bob__01_bpe_from_scratch_exercises.md"]


def test_a_release_of_chosen_questions_keeps_no_cell_of_the_others(tmp_path):
    released = grade.release_notebook(NB01, tmp_path, questions=["merge_pair", "train"])
    cells = nbformat.read(released, as_version=4).cells
    asked = [c.metadata["bpe_lab"]["question"] for c in cells if "bpe_lab" in c.get("metadata", {})]
    assert asked == ["merge_pair", "train"]
    assert not any(c.source.startswith(("**Your explanation**", "## 6. `overlap`")) for c in cells)  # an explain question


@pytest.mark.parametrize("path", sorted(EXERCISES.glob("*.ipynb")), ids=lambda p: p.stem.split('_')[0])
def test_a_release_keeps_every_line_of_the_set_up_cell_it_does_not_rewrite(path, tmp_path):
    """Set 08's ``enc = gpt2.load()`` and the capstone's ranks must survive a release for credit."""
    def setup(notebook_path):
        cells = nbformat.read(notebook_path, as_version=4).cells
        return next(c.source for c in cells if c.cell_type == "code" and "from bpe_lab.homework import" in c.source)

    kept = [line for line in setup(path).splitlines() if not line.startswith(("STUDENT =", "q ="))]
    released = setup(grade.release_notebook(path, tmp_path, student="alice")).splitlines()
    assert [line for line in released if line in kept] == kept
    assert "STUDENT = 'alice'  # your student id: it sets the numbers of some questions" in released
    assert any(line.startswith("q = graded(set_") for line in released)
