"""Shared test helpers: where the repository is."""

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# jsonschema, which nbformat imports, imports rfc3987-syntax where it is installed (jupyter-events asks for it) to check
# the "iri" string format, which no notebook schema uses; that import builds dozens of grammars: about 3 s of CPU in
# each test process (`pytest --collect-only`: 5.7 s -> 2.8 s here). Test processes go without it, so jsonschema leaves
# "iri" unchecked in them; kernels, JupyterLab and the grader's processes keep it.
sys.modules.setdefault("rfc3987_syntax", None)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture
def root() -> Path:
    return ROOT


# gpt2.load_encoding caches the merges it recovers from cl100k's and o200k's ranks (bpe_lab._merge_cache). A test
# run uses a folder of its own, made at the start and deleted at the end, never the user's ~/.cache: every run
# starts cold, and the merges are recovered once per run (by whichever worker, or both at once, loads a vocabulary
# first), not once per test process. The xdist workers, notebook kernels and other subprocesses inherit the
# variable.
CACHE_VARIABLE = "BPE_LAB_CACHE_DIR"


def pytest_configure(config):
    if hasattr(config, "workerinput"):  # an xdist worker: the main process's folder
        os.environ[CACHE_VARIABLE] = config.workerinput["bpe_lab_cache_dir"]
    else:
        config.bpe_lab_cache_dir = tempfile.mkdtemp(prefix="bpe_lab_test_cache_")
        os.environ[CACHE_VARIABLE] = config.bpe_lab_cache_dir


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    node.workerinput["bpe_lab_cache_dir"] = os.environ[CACHE_VARIABLE]


def pytest_unconfigure(config):
    folder = getattr(config, "bpe_lab_cache_dir", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


# SentencePiece parity word by word (tests/test_sentencepiece_bpe.py, tests/test_unigram.py)
def every_word(lines, per_line: int = 5) -> list[str]:
    """Each distinct word of ``lines`` (a run of characters between spaces) once, ``per_line`` to a line.

    These models hold no piece with a "▁" past its start (SentencePiece's split_by_whitespace), so no merge joins
    two words and a run of unknown characters stops at the known "▁": a line's pieces are its words' pieces
    ("▁" + the word), one after another, whatever words stand next to them. So SentencePiece's pieces on every
    distinct word, once, are its pieces on every line; the tests add the lines whose spaces are not single spaces
    between words. Several words to a line keep words next to each other, so a merge across a space in our code
    would still show.
    """
    words = list(dict.fromkeys(word for line in lines for word in line.split(" ") if word))
    return [" ".join(words[i : i + per_line]) for i in range(0, len(words), per_line)]


# An exercise notebook's answer cells, as the tests fill them (tests/test_homework.py, tests/test_notebooks.py,
# tests/test_grader.py)
def check_line(question) -> str:
    """The line an exercise notebook runs after an answer: ``q['merge_pair'].check(merge_pair)``."""
    return f"q[{question.name!r}].check({question.answer_name})"


def answer_cell(question, state: str) -> str:
    """An answer cell holding the question's solution ("solved") or its typical wrong answer ("wrong"), then its
    check line."""
    code = question.solution_code if state == "solved" else question.wrong_code
    return f"{code}\n\n{check_line(question)}"


# Timings that tests record (notebook execution, browser steps) are printed at the end of every run,
# so `make test` and CI show them without -s.
TIMINGS: dict[str, float] = {}


def grading_where() -> str:
    """How grading runs here, for the grader tests' timing lines (so a CI log shows whether bwrap ran)."""
    from bpe_lab.homework._grading import sandbox

    return "in the bubblewrap sandbox" if sandbox.available() else "NOT sandboxed (no usable bwrap)"


# Parity counts (strings and tokens compared with a production library), printed at the end too.
PARITY: dict[str, list[int]] = {}


def record_parity(name: str, strings: int, tokens: int) -> None:
    total = PARITY.setdefault(name, [0, 0])
    total[0] += strings
    total[1] += tokens


# Fuzzed loads of damaged saved files (tests/test_storage.py): per format, [loads, loaded the original
# content, clear FileFormatError, anything else], printed at the end too.
FUZZ: dict[str, list[int]] = {}


def record_fuzz(name: str, loads: int, same: int, clear_errors: int, other: int) -> None:
    total = FUZZ.setdefault(name, [0, 0, 0, 0])
    for i, value in enumerate((loads, same, clear_errors, other)):
        total[i] += value


# Running on both cores (`make test` passes -n 2; pytest-xdist is in the test extra). Tests go to the workers
# in groups: a whole file by default, so its module fixtures (a trained model, a built HTML edition) are built
# once; the whole bad-input audit as one group, in order (its summary needs every row's outcome in one
# process); the notebook runs one by one, as each starts its own kernel. The longest groups are handed out
# first (by their worker-seconds in `make test`'s durations), so that neither worker is left with a long one at
# the end while the other waits.
_TOPIC = "tests/test_notebooks.py::test_runs_top_to_bottom_cells_twice_and_run_all_again["
LONGEST_FIRST = ("tests/test_grader.py", "tests/test_browser.py", "tests/test_notebooks.py::test_exercise",
                 _TOPIC + "07", "tests/test_nbgrader.py", "tests/test_sentencepiece.py", "tests/test_roundtrip.py",
                 _TOPIC + "08", _TOPIC + "11", "tests/test_cheats.py", _TOPIC, "tests/test_slides.py",
                 "tests/test_html.py", "tests/test_export_bpe.py", "tests/test_openai_vocabularies.py",
                 "tests/test_errata_11.py", "tests/test_storage.py", "tests/test_sandbox.py",
                 "tests/test_forbidden_per_set.py")


def group_of(nodeid: str) -> str:
    path = nodeid.split("::")[0]
    if path.startswith("tests/audit/"):
        return "tests/audit"
    if nodeid.startswith("tests/test_notebooks.py::test_runs_top_to_bottom"):
        return nodeid
    return path


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class ByGroup(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return group_of(nodeid)

    config.option.loadscopereorder = False  # hand the groups out in collection order (longest first), not by size
    return ByGroup(config, log)


# Markers by file, for `make check` (-m "not notebook and not browser and not grading and not slow"): the files
# that execute notebooks or grade them are marked here, so their own modules need not say it (`slow` is marked at
# each test).
MARKED_FILES = {"notebook": ("tests/test_notebooks.py", "tests/test_html.py"),
                "grading": ("tests/test_grader.py", "tests/test_cheats.py", "tests/test_sandbox.py",
                            "tests/test_nbgrader.py")}


def pytest_collection_modifyitems(config, items):
    for item in items:
        for marker, files in MARKED_FILES.items():
            if item.nodeid.startswith(files):
                item.add_marker(marker)
    if hasattr(config, "workerinput"):  # an xdist worker; a stable sort keeps the order within a group
        items.sort(key=lambda item: next((rank for rank, prefix in enumerate(LONGEST_FIRST)
                                          if item.nodeid.startswith(prefix)), len(LONGEST_FIRST)))


# A worker's records travel to the main process in `workeroutput` at the end of its session.
RECORDS = {"timings": TIMINGS, "parity": PARITY, "fuzz": FUZZ}


def pytest_sessionfinish(session):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["bpe_lab_records"] = {name: dict(table) for name, table in RECORDS.items()}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    received = getattr(node, "workeroutput", {}).get("bpe_lab_records", {})
    TIMINGS.update(received.get("timings", {}))
    for name, (strings, tokens) in received.get("parity", {}).items():
        record_parity(name, strings, tokens)
    for name, counts in received.get("fuzz", {}).items():
        record_fuzz(name, *counts)


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.section("timings")
        for name, seconds in TIMINGS.items():
            terminalreporter.write_line(f"{name:<62} {seconds:6.1f} s")
    if PARITY:
        terminalreporter.section("parity with production libraries")
        for name, (strings, tokens) in PARITY.items():
            terminalreporter.write_line(f"{name:<62} {strings:>8,} strings {tokens:>11,} tokens")
    if FUZZ:
        terminalreporter.section("fuzzed loads of damaged files")
        for name, (loads, same, clear, other) in FUZZ.items():
            terminalreporter.write_line(f"{name:<48} {loads:>6,} loads: {same:>5,} original content, "
                                        f"{clear:>5,} clear errors, {other} other")


# Property tests run the example counts written at each test in `make test`. `make check`, the inner loop, sets
# BPE_LAB_EXAMPLES=0.25: a quarter of each count, at least 20. Hypothesis tries the simplest inputs first (the empty
# text, one character, a repeated one) and keeps a database of failing examples, so the edge cases stay in the
# quick run; the many random ones are what `make test` adds.
def _examples_scale() -> float:
    text = os.environ.get("BPE_LAB_EXAMPLES", "1")
    try:
        scale = float(text)
    except ValueError:
        scale = -1.0
    if not 0 < scale <= 1:
        raise ValueError(f"BPE_LAB_EXAMPLES={text!r}: pass a share of each property test's examples, above 0 and at "
                         "most 1 (make check uses 0.25)")
    return scale


EXAMPLES_SCALE = _examples_scale()


def examples(count: int) -> int:
    """A property test's ``max_examples``: ``count`` in `make test`, its share in `make check` (at least 20)."""
    return count if EXAMPLES_SCALE == 1 else min(count, max(20, round(count * EXAMPLES_SCALE)))


def assigned_text():
    """Hypothesis text of characters Unicode had assigned by Python's own tables (14.0 on Python 3.11).

    Comparing with tiktoken needs it: ``regex`` classifies characters by a newer Unicode than tiktoken's regular
    expressions do, so a character assigned since (U+0C5C, U+3D000, ...) can be a letter to one and not the other
    (see ``bpe_lab.pretokenize``). On every character assigned in 14.0 the two agree.
    """
    from hypothesis import strategies as st

    return st.text(alphabet=st.characters(exclude_categories=("Cs", "Cn")))


def assert_same_ids(ours, reference, texts, label: str) -> None:
    """Our Tokenizer and a tiktoken Encoding give the same ids on every text, and ours decodes back."""
    tokens = 0
    for text in texts:
        ids = ours.encode_ordinary(text)
        assert ids == reference.encode_ordinary(text), f"{label}: ids differ for {text[:80]!r}"
        assert ours.decode(ids) == text
        tokens += len(ids)
    record_parity(label, len(texts), tokens)
