"""No Python file of the homework is longer than 600 lines (issue 30): a question module that grows past it
continues in a second module (bpe_lab/homework/sets/__init__.py says how), a grading module is split by what it
does."""

import pytest
from conftest import ROOT

LIMIT = 600
FILES = sorted((ROOT / "bpe_lab" / "homework").rglob("*.py"))


def test_the_homework_has_python_files():
    assert len(FILES) > 20 and any(path.name == "capstone.py" for path in FILES)


@pytest.mark.parametrize("path", FILES, ids=[str(path.relative_to(ROOT)) for path in FILES])
def test_no_homework_file_is_over_600_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= LIMIT, f"{path.relative_to(ROOT)} has {lines} lines, more than {LIMIT}"
