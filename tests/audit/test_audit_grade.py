"""Bad-input rows for bpe_lab.grade: one call per row (what a row checks: conftest.py)."""

from bpe_lab import grade

from .conftest import NAN, ROOT, TMP, tmpfile, missing, Rows

EXERCISE = ROOT / "notebooks" / "exercises" / "01_bpe_from_scratch_exercises.ipynb"
PLAIN_NOTEBOOK = ('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')

ROWS = Rows("grade")
raises, documented, exits = ROWS.raises, ROWS.documented, ROWS.exits

raises("grade.grade_notebook", "path=5", lambda: grade.grade_notebook(5), TypeError,
    r"path must be a notebook file \(str or pathlib\.Path\), got int")
raises("grade.grade_notebook", "path=None", lambda: grade.grade_notebook(None), TypeError,
    r"path must be a notebook file")
raises("grade.grade_notebook", "timeout=0", lambda: grade.grade_notebook(missing("a.ipynb"), 0), ValueError,
    r"timeout must be a positive number of seconds such as 60, got 0")
raises("grade.grade_notebook", "timeout=nan", lambda: grade.grade_notebook(missing("a.ipynb"), NAN), ValueError,
    r"timeout must be a positive number of seconds")
raises("grade.grade_notebook", "timeout='60'", lambda: grade.grade_notebook(missing("a.ipynb"), "60"), TypeError,
    r"timeout must be a positive number of seconds such as 60, got '60' \(str\)")
documented("grade.grade_notebook", "a missing file", lambda: grade.grade_notebook(missing("a.ipynb")),
    lambda row: row["status"] == "unreadable" and "FileNotFoundError" in row["error"], "status 'unreadable'",
    r"cannot be read .* status \"unreadable\"")
documented("grade.grade_notebook", "a file that is not JSON",
    lambda: grade.grade_notebook(tmpfile("junk.ipynb", "not json")), lambda row: row["status"] == "unreadable",
    "status 'unreadable'", r"cannot be read .* status \"unreadable\"")
documented("grade.grade_notebook", "a str path to a JSON file",
    lambda: grade.grade_notebook(str(tmpfile("list.ipynb", "[]"))), lambda row: row["status"] == "unreadable",
    "status 'unreadable'", r"cannot be read .* status \"unreadable\"")
raises("grade.grade_notebook", "seed=5", lambda: grade.grade_notebook(missing("a.ipynb"), seed=5), TypeError,
    r"seed must be a str such as 'a long random text', got int")
raises("grade.grade_notebook", "seed=''", lambda: grade.grade_notebook(missing("a.ipynb"), seed=" "), ValueError,
    r"seed must be a non-empty str \(the instructor's secret\), or None")
raises("grade.grade_notebook", "memory_mb=100", lambda: grade.grade_notebook(missing("a.ipynb"), memory_mb=100),
    ValueError, r"memory_mb must be a whole number of megabytes from 256, such as 2048, got 100")
raises("grade.grade_notebook", "memory_mb=2048.0", lambda: grade.grade_notebook(missing("a.ipynb"), memory_mb=2048.0),
    TypeError, r"memory_mb must be a whole number of megabytes from 256, such as 2048")
raises("grade.grade_notebook", "time_factor=0", lambda: grade.grade_notebook(missing("a.ipynb"), time_factor=0),
    ValueError, r"time_factor must be a positive number such as 2, got 0")
raises("grade.grade_notebook", "time_factor=nan", lambda: grade.grade_notebook(missing("a.ipynb"), time_factor=NAN),
    ValueError, r"time_factor must be a positive number such as 2")
raises("grade.student_edition", "out=5", lambda: grade.student_edition(5), TypeError,
    r"out must be a folder \(a str or pathlib\.Path\), got int")
raises("grade.student_edition", "out is a file", lambda: grade.student_edition(tmpfile("edition.txt", "x")),
    ValueError, r"out must be a folder, but .*edition.txt is a file")
raises("grade.student_edition", "out holds files", lambda: grade.student_edition(
    ((TMP / "full").mkdir(exist_ok=True), tmpfile("full/a.txt", "x"))[1].parent),
    ValueError, r"out must be a new or empty folder \(nothing in it is replaced\); .*full is not empty")
raises("grade.student_edition", "out's parent is missing", lambda: grade.student_edition(missing("nowhere") / "x"),
    ValueError, r"out must be a folder whose parent exists; there is no folder .*nowhere")
raises("grade.release_notebook", "path=5", lambda: grade.release_notebook(5, TMP), TypeError,
    r"path must be a notebook file \(str or pathlib\.Path\), got int")
raises("grade.release_notebook", "out=5", lambda: grade.release_notebook(EXERCISE, 5), TypeError,
    r"out must be a folder \(a str or pathlib\.Path\), got int")
raises("grade.release_notebook", "out is a file", lambda: grade.release_notebook(EXERCISE, tmpfile("out.txt", "x")),
    ValueError, r"out must be a folder, but .*out.txt is a file")
raises("grade.release_notebook", "student=5", lambda: grade.release_notebook(EXERCISE, TMP, student=5), TypeError,
    r"student must be a str, got int")
raises("grade.release_notebook", "student='a\\nb'", lambda: grade.release_notebook(EXERCISE, TMP, student="a\nb"),
    ValueError, r"student must be an id such as 'alice' \(printable, at most 100 characters\), got 'a\\nb'")
raises("grade.release_notebook", "graded='yes'", lambda: grade.release_notebook(EXERCISE, TMP, graded="yes"),
    TypeError, r"graded must be True or False, got str")
raises("grade.release_notebook", "a missing notebook", lambda: grade.release_notebook(missing("a.ipynb"), TMP),
    FileNotFoundError, r"path must be an exercise notebook; there is no file")
raises("grade.release_notebook", "a notebook of no exercise set",
    lambda: grade.release_notebook(tmpfile("plain.ipynb", PLAIN_NOTEBOOK), TMP), ValueError,
    r"path must be an exercise notebook of bpe_lab; plain.ipynb: cannot tell which exercise set this is")
raises("grade.release_notebook", "questions='train'", lambda: grade.release_notebook(EXERCISE, TMP, questions="train"),
    TypeError, r"questions must be a list of question names such as \['merge_pair', 'train'\], not one str")
raises("grade.release_notebook", "questions=[5]", lambda: grade.release_notebook(EXERCISE, TMP, questions=[5]),
    TypeError, r"questions\[0\] must be a str, got int")
raises("grade.release_notebook", "questions=['nope']", lambda: grade.release_notebook(EXERCISE, TMP, questions=["nope"]),
    ValueError, r"questions must be questions of set 01 \(count_ug, first_merge, sennrich_step, pair_counts, merge_pair, "
                r"overlap, whole_word_step, hug_bytes_per_token, symbol_counts, train\); got 'nope'")
raises("grade.export_nbgrader", "out=5", lambda: grade.export_nbgrader(5), TypeError,
    r"out must be a folder \(a str or pathlib\.Path\), got int")
raises("grade.export_nbgrader", "out is a file", lambda: grade.export_nbgrader(tmpfile("course.txt", "x")), ValueError,
    r"out must be a folder, but .*course.txt is a file")
raises("grade.export_nbgrader", "sets='01'", lambda: grade.export_nbgrader(TMP, "01"), TypeError,
    r"sets must be a list of set ids such as \['01', '02'\], got str")
raises("grade.export_nbgrader", "sets=['99']", lambda: grade.export_nbgrader(TMP, ["99"]), ValueError,
    r"sets\[0\] must be one of \('01', .*\), got '99'")
raises("grade.export_nbgrader", "sets=[1]", lambda: grade.export_nbgrader(TMP, [1]), TypeError,
    r"sets\[0\] must be one of \('01', .*\), got 1 \(int\)")
raises("grade.export_nbgrader", "seed=5", lambda: grade.export_nbgrader(TMP, ["01"], seed=5), TypeError,
    r"seed must be a str such as 'a long random text', got int")
raises("grade.export_nbgrader", "seed=' '", lambda: grade.export_nbgrader(TMP, ["01"], seed=" "), ValueError,
    r"seed must be a non-empty str \(the instructor's secret\), or None")
raises("grade.nbgrader_check", "set_id='99'", lambda: grade.nbgrader_check("99", "merge_pair", None), ValueError,
    r"set_id must be one of \('01', .*\), got '99'")
raises("grade.nbgrader_check", "set_id=1", lambda: grade.nbgrader_check(1, "merge_pair", None), TypeError,
    r"set_id must be one of \('01', .*\), got 1 \(int\)")
raises("grade.nbgrader_check", "question=5", lambda: grade.nbgrader_check("01", 5, None), TypeError,
    r"question must be a str such as 'merge_pair', got int")
raises("grade.nbgrader_check", "question='nope'", lambda: grade.nbgrader_check("01", "nope", None), ValueError,
    r"question must be a question of set 01 \(count_ug, .*\), got 'nope'")
raises("grade.nbgrader_check", "public={}", lambda: grade.nbgrader_check("01", "merge_pair", None, public={}),
    TypeError, r"public must be a list of \(arguments, expected\) pairs, got dict")
raises("grade.nbgrader_check", "public=[(1, 2)]", lambda: grade.nbgrader_check("01", "merge_pair", None,
    public=[(1, 2)]), TypeError, r"public\[0\] must be a pair \(argument tuple, expected result\) such as .*, got \(1, 2\)")
raises("grade.nbgrader_check", "hidden=None", lambda: grade.nbgrader_check("01", "merge_pair", None, hidden=None),
    TypeError, r"hidden must be a list of \(arguments, expected\) pairs, got NoneType")
raises("grade.nbgrader_check", "expected=20", lambda: grade.nbgrader_check("01", "count_ug", 20, expected=20),
    TypeError, r"expected must be a list of expected values, got int")
documented("grade.nbgrader_check", "answer=... (not answered)", lambda: grade.nbgrader_check("01", "count_ug", ...,
    expected=[20]), lambda points: points == 0.0, "0.0", r"still ``\.\.\.`` earns 0")
documented("grade.nbgrader_check", "expected=[] (a release)", lambda: grade.nbgrader_check("01", "count_ug", 20),
    lambda points: points == 0.0, "0.0", r"earns 0 until graded")
raises("grade.main", "argv='x.ipynb' (a str)", lambda: grade.main("x.ipynb"), TypeError,
    r"argv must be a list of str \(the command-line arguments\) or None, got str")
raises("grade.main", "argv=[5]", lambda: grade.main([5]), TypeError,
    r"argv must be a list of str \(the command-line arguments\) or None; argv\[0\] is int")
exits("grade.main", "no arguments", [], r"the following arguments are required: submissions")
exits("grade.main", "--timeout -1", ["--timeout", "-1", str(missing("a.ipynb"))],
    r"argument --timeout: must be a positive number of seconds such as 60, got '-1'")
exits("grade.main", "--timeout abc", ["--timeout", "abc", str(missing("a.ipynb"))],
    r"argument --timeout: must be a positive number of seconds such as 60, got 'abc'")
exits("grade.main", "--timeout nan", ["--timeout", "nan", str(missing("a.ipynb"))],
    r"argument --timeout: must be a positive number of seconds such as 60, got 'nan'")
exits("grade.main", "--csv into a missing folder", [str(missing("a.ipynb")), "--csv", str(missing("out.csv"))],
    r"argument --csv: the folder .* does not exist")
exits("grade.main", "--seed ''", ["--seed", " ", str(missing("a.ipynb"))], r"argument --seed: must not be empty")
exits("grade.main", "--seed and --instructor-file", ["--seed", "x", "--instructor-file", str(tmpfile("seed.txt", "s")),
    str(missing("a.ipynb"))], r"argument --instructor-file: not allowed with argument --seed")
exits("grade.main", "--instructor-file missing", ["--instructor-file", str(missing("seed.txt")),
    str(missing("a.ipynb"))], r"argument --instructor-file: there is no file .*seed.txt")
exits("grade.main", "--instructor-file empty", ["--instructor-file", str(tmpfile("empty_seed.txt", "\n")),
    str(missing("a.ipynb"))], r"argument --instructor-file: .*empty_seed.txt is empty: its first line must be the seed")
exits("grade.main", "--memory 100", ["--memory", "100", str(missing("a.ipynb"))],
    r"argument --memory: must be a whole number of megabytes from 256, such as 2048, got '100'")
exits("grade.main", "--memory 2GB", ["--memory", "2GB", str(missing("a.ipynb"))],
    r"argument --memory: must be a whole number of megabytes from 256, such as 2048, got '2GB'")
exits("grade.main", "--time-factor 0", ["--time-factor", "0", str(missing("a.ipynb"))],
    r"argument --time-factor: must be a positive number such as 2, got '0'")
exits("grade.main", "--out onto a file", ["--out", str(tmpfile("taken.csv", "x")), str(missing("a.ipynb"))],
    r"argument --out: .*taken.csv is a file, not a folder")
exits("grade.main", "--out into a missing folder", ["--out", str(missing("out")), str(missing("a.ipynb"))],
    r"argument --out: the folder .* does not exist")
exits("grade.main", "release without --out", ["release", str(EXERCISE)], r"the following arguments are required: --out")
exits("grade.main", "release --student with a newline", ["release", str(EXERCISE), "--out", str(TMP),
    "--student", "a\nb"], r"argument --student: must be an id such as 'alice'")
exits("grade.main", "release of a missing notebook", ["release", str(missing("a.ipynb")), "--out", str(TMP)],
    r"argument notebooks: there is no file")
exits("grade.main", "--questions 99=x", ["--questions", "99=x", str(missing("a.ipynb"))],
    r"argument --questions: must be a set and its question names such as 01=merge_pair,train, got '99=x'")
exits("grade.main", "--questions 01", ["--questions", "01", str(missing("a.ipynb"))],
    r"argument --questions: must be a set and its question names such as 01=merge_pair,train, got '01'")
exits("grade.main", "--questions 01=nope", ["--questions", "01=nope", str(missing("a.ipynb"))],
    r"argument --questions: set 01 has no question 'nope'; its questions: count_ug, first_merge, sennrich_step, "
    r"pair_counts, merge_pair, overlap, whole_word_step, hug_bytes_per_token, symbol_counts, train")
exits("grade.main", "release --question nope", ["release", str(EXERCISE), "--out", str(TMP), "--question", "nope"],
    r"argument notebooks: questions must be questions of set 01 .*; got 'nope'")
exits("grade.main", "questions 99", ["questions", "99"], r"argument SET: there is no set '99'; the sets: 01, 02")
exits("grade.main", "nbgrader without --out", ["nbgrader"], r"the following arguments are required: --out")
exits("grade.main", "nbgrader --set 99", ["nbgrader", "--out", str(TMP), "--set", "99"],
    r"argument --set: invalid choice: '99' \(choose from '01'")
exits("grade.main", "nbgrader --out onto a file", ["nbgrader", "--out", str(tmpfile("course.ipynb", "x"))],
    r"argument --out: .*course.ipynb is a file, not a folder")
exits("grade.main", "nbgrader --seed ''", ["nbgrader", "--out", str(TMP), "--seed", " "],
    r"argument --seed: must not be empty")
exits("grade.main", "student-edition without --out", ["student-edition"],
    r"the following arguments are required: --out")
exits("grade.main", "--bogus", ["--bogus", str(missing("a.ipynb"))], r"unrecognized arguments: --bogus")
documented("grade.main", "a missing notebook", lambda: grade.main([str(missing("a.ipynb"))]), lambda code: code == 0,
    "0, the file listed as unreadable", r"cannot be read .* listed")
documented("grade.main", "an empty folder", lambda: grade.main([str(TMP / "empty")]), lambda code: code == 2,
    "2, 'no notebooks found'", r"2 when the paths hold no notebooks")

test_bad_input = ROWS.test()
