"""Bad-input rows for bpe_lab.grade: one call per row (what a row checks: conftest.py)."""

from bpe_lab import grade

from .conftest import NAN, TMP, tmpfile, missing, Rows

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
exits("grade.main", "--bogus", ["--bogus", str(missing("a.ipynb"))], r"unrecognized arguments: --bogus")
documented("grade.main", "a missing notebook", lambda: grade.main([str(missing("a.ipynb"))]), lambda code: code == 0,
    "0, the file listed as unreadable", r"cannot be read .* listed")
documented("grade.main", "an empty folder", lambda: grade.main([str(TMP / "empty")]), lambda code: code == 2,
    "2, 'no notebooks found'", r"2 when the paths hold no notebooks")

test_bad_input = ROWS.test()
