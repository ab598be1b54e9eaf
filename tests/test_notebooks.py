"""Every notebook runs top to bottom on a fresh kernel without error, survives its cells being run twice,
'Run All' pressed again in the same kernel and its sections re-run from the last to the first (a lecturer jumping
back), and is committed without outputs; every exercise notebook survives its cells being run twice as handed out,
solved and with the typical wrong answers, and reports "not yet" for every question as handed out.

Cheaper than it was, checking what it checked (issue 32):

* A re-run is not made when the kernel's fingerprint of everything the cell reads equals the one taken right after
  an earlier run that changed none of it: that re-run would show what the earlier run showed (already compared)
  and change nothing (tests/notebook_runs.py says what the fingerprint holds, what it assumes, and how
  BPE_LAB_NOTEBOOK_RERUNS=all or =verify makes every re-run). Every pass still happens: each catches what the others
  cannot (see test_runs_top_to_bottom_cells_twice_and_run_all_again), and every re-run that could show something
  else is still made. Per made-up notebook below, each hazard is caught with the fingerprints on.
* Each exercise notebook runs in one kernel as handed out, then solved, then wrong (a student editing and re-running),
  and what its checks and report say is checked after each version; tests/test_homework.py finds from the code what
  a fresh kernel per version would add (a name only an earlier version bound).
"""

import json
import time

import nbformat
import pytest
from conftest import NOTEBOOKS, ROOT, TIMINGS, answer_cell
from notebook_runs import NotebookRun, mask, sections  # sections: tests/test_notebook_names.py imports it from here

pytestmark = pytest.mark.notebook


def test_there_are_notebooks():
    names = [path.name for path in NOTEBOOKS]
    assert names[:3] == ["00_start_here.ipynb", "01_bpe_from_scratch.ipynb", "02_encoding_order.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_committed_without_outputs(path):
    notebook = nbformat.read(path, as_version=4)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, (
                f"{path.name}, cell {index} has outputs: clear them before committing "
                "(Edit > Clear Outputs of All Cells, then save)"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_structure(path):
    """A title with what you learn and the time it takes, a summary and self-check answers on click."""
    notebook = nbformat.read(path, as_version=4)
    first = notebook.cells[0].source
    assert first.startswith("# ") and "What you will learn" in first and "minutes" in first
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    assert "## Self-check" in text and "<details><summary>" in text
    if path.stem != "00_start_here":
        assert "## Summary" in text


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_slide_layout(path):
    """Every cell has its slide type (none = continue the slide), by the rules of scripts/slides.py (title slide, a slide per section,
    sub-slides for detail, code on the slide of its text). Fix with: .venv/bin/python scripts/slides.py"""
    import importlib.util

    spec = importlib.util.spec_from_file_location("slides", ROOT / "scripts" / "slides.py")
    slides = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(slides)
    nb = nbformat.read(path, as_version=4)
    assert slides.differences(nb) == [], "run .venv/bin/python scripts/slides.py to fix the slide layout"
    types = [cell.metadata.get("slideshow", {}).get("slide_type") for cell in nb.cells]
    assert types[0] == "slide" and types.count("slide") >= 4, "a title slide and a slide per section"


# ---------------------------------------------------------------------------------------------------------------
# The runs (the kernel work, and what may be skipped, is in tests/notebook_runs.py)
# ---------------------------------------------------------------------------------------------------------------

def _client(notebook, directory, tmp_path, monkeypatch, timeout: int):
    from bpe_lab._nbclient import NotebookClient  # nbclient, minus a stall on lost wake-ups

    # keep matplotlib's and IPython's caches out of the user's home
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    return NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                          resources={"metadata": {"path": str(directory)}})


def _each_cell_twice(run: NotebookRun, cells, name: str) -> dict:
    """Run every code cell twice in a row (Shift+Enter, Shift+Enter); the second run must show what the first
    showed. Returns what each cell showed the first time."""
    first_shown = {}
    for index, cell in cells:
        first_shown[index] = run.first(cell, index, f"{name} (first run)")
        run.again(cell, index, f"{name} (the same cell run again at once)", first_shown[index],
                  "shows something else when run a second time (not idempotent: does it change a variable it reads?)")
    return first_shown


def _run_all_again(run: NotebookRun, cells, first_shown: dict, name: str) -> None:
    """'Run All' pressed again in the same kernel: every cell must show what it showed on the first run."""
    for index, cell in cells:
        run.again(cell, index, f"{name} (Run All pressed again)", first_shown[index],
                  "shows something else on 'Run All' pressed again: does a cell above it change something it reads?")


def _sections_last_to_first(run: NotebookRun, parts, first_shown: dict, name: str) -> None:
    """Run the sections from the last to the first, so that each runs right after the one below it (what a
    lecturer does who goes back a section): each cell must show what it showed on the first run."""
    for heading, cells in reversed(parts):
        for index, cell in cells:
            run.again(cell, index, f"{name} (section \"{heading}\" re-run after the sections below it)",
                      first_shown[index], "shows something else than on the first run: does a later section reuse a "
                                          "name this section reads?", remember=False)  # the last run of this cell


# Seconds each notebook's test took (make test, this machine, fingerprints on): the longest start first, so that
# neither worker is left with a long one at the end (tests/conftest.py hands the runs out in this order). A
# notebook not listed starts first: its cost is not known yet.
SECONDS = {"07_comparison": 21, "08_tokens_and_llms": 18, "11_beyond_compression": 16, "09_sentencepiece_bpe": 12,
           "10_your_own_tokenizer": 12, "05_wordpiece": 10, "04_gpt2_pretokenization": 10, "01_bpe_from_scratch": 6,
           "03_byte_level": 5, "02_encoding_order": 4, "06_unigram_viterbi": 4, "00_start_here": 3}
LONGEST_FIRST = sorted(NOTEBOOKS, key=lambda path: -SECONDS.get(path.stem, 1_000))


@pytest.mark.parametrize("path", LONGEST_FIRST, ids=[p.stem for p in LONGEST_FIRST])
def test_runs_top_to_bottom_cells_twice_and_run_all_again(path, tmp_path, monkeypatch):
    """One fresh kernel per notebook. Pass 1 goes top to bottom running each code cell twice in a row, as a
    student pressing Shift+Enter twice; pass 2 runs every cell once more in order, as 'Run All' pressed again in
    the same kernel; pass 3 runs the sections from the last to the first, so each section re-runs right after the
    one below it, as a lecturer who jumps back. No cell may raise, and each re-run must show what the first run
    showed. A re-run whose cell reads exactly what it read after an earlier run that changed nothing it reads is
    known to show the same and is not made (tests/notebook_runs.py says how that is known and what it assumes;
    BPE_LAB_NOTEBOOK_RERUNS=all makes every re-run).

    Why all three passes (none is implied by the others and tests/test_notebook_names.py, which checks names
    only, from the code): pass 1 alone sees a cell that changes what it reads itself when what it reads comes
    from its own section (``counts.update(...)`` under ``counts = Counter()``); pass 2 alone sees a cell that
    silently changes what a later section reads (it appends to a list, and prints nothing), as the cell runs again
    before the later one; pass 3 alone sees a later section, or a later cell of the same section, changing
    something an earlier cell reads (a rebound name, a mutated dict, a setting), as nothing above re-runs first.

    Timings recorded: top to bottom (kernel start + the first run of each cell: what a fresh 'Run All' costs),
    the immediate second runs, pass 2 and pass 3 (each with its fingerprints)."""
    notebook = nbformat.read(path, as_version=4)
    client = _client(notebook, ROOT / "notebooks", tmp_path, monkeypatch, timeout=300)
    cells = [(index, cell) for index, cell in enumerate(notebook.cells) if cell.cell_type == "code"]
    started = time.perf_counter()
    with client.setup_kernel(), NotebookRun(client, path.name, cells) as run:
        kernel_start = time.perf_counter() - started
        first_shown = {}
        top_to_bottom = again_at_once = 0.0
        for index, cell in cells:
            mark = time.perf_counter()
            first_shown[index] = run.first(cell, index, f"{path.name} (first run)")
            top_to_bottom += time.perf_counter() - mark
            mark = time.perf_counter()
            run.again(cell, index, f"{path.name} (the same cell run again at once)", first_shown[index],
                      "shows something else when run a second time (not idempotent: does it change a variable it "
                      "reads?)")
            again_at_once += time.perf_counter() - mark
        mark = time.perf_counter()
        _run_all_again(run, cells, first_shown, path.name)
        run_all_again = time.perf_counter() - mark
        mark = time.perf_counter()
        _sections_last_to_first(run, sections(notebook), first_shown, path.name)
        backwards = time.perf_counter() - mark
    TIMINGS[f"notebook {path.stem}: top to bottom + kernel start"] = kernel_start + top_to_bottom
    TIMINGS[f"notebook {path.stem}: each cell re-run at once"] = again_at_once
    TIMINGS[f"notebook {path.stem}: Run All again, same kernel"] = run_all_again
    TIMINGS[f"notebook {path.stem}: sections last to first"] = backwards
    print(f"\n{path.name}: top to bottom {kernel_start + top_to_bottom:.1f} s (kernel start {kernel_start:.1f} s "
          f"included); each cell re-run at once {again_at_once:.1f} s; Run All again {run_all_again:.1f} s; sections "
          f"last to first {backwards:.1f} s; {run.summary()}")


# ---------------------------------------------------------------------------------------------------------------
# The checks above, on made-up notebooks: each hazard is caught with the fingerprints on
# ---------------------------------------------------------------------------------------------------------------


@pytest.fixture
def all_fingerprinted(monkeypatch):
    """The made-up cells are quick, which notebook_runs re-runs rather than fingerprints: here it fingerprints them."""
    import notebook_runs

    monkeypatch.setattr(notebook_runs, "QUICK", 0.0)


def _made_up(*cells: str):
    """A made-up notebook: a string starting with '## ' is a section heading, anything else a code cell."""
    new = nbformat.v4
    return new.new_notebook(cells=[new.new_markdown_cell(c) if c.startswith("## ") else new.new_code_cell(c)
                                   for c in cells])


def _code_cells(notebook) -> list:
    return [(index, cell) for index, cell in enumerate(notebook.cells) if cell.cell_type == "code"]


def test_a_cell_that_is_not_idempotent_is_caught(tmp_path, monkeypatch, all_fingerprinted):
    """The check above on a made-up notebook: a cell that changes the dict it reads shows something else
    the second time; a cell whose assert only holds once fails with its index and the error."""
    notebook = _made_up(
        "counts = {'ug': 20}\nprint('timed in 0.12 s')",  # a duration may differ: not a difference
        "counts['ug'] += 1\ncounts",
        "merges = []",
        "merges.append(('u', 'g'))\nassert len(merges) == 1, merges",
    )
    client = _client(notebook, tmp_path, tmp_path, monkeypatch, timeout=60)
    cells = _code_cells(notebook)
    with client.setup_kernel(), NotebookRun(client, "made-up", cells) as run:
        with pytest.raises(AssertionError, match=r"made-up \(the same cell run again at once\), cell 1 shows something "
                                                 r"else when run a second time"):
            _each_cell_twice(run, cells[:2], "made-up")
        with pytest.raises(pytest.fail.Exception, match=r"made-up \(the same cell run again at once\), cell 3: "
                                                        r"AssertionError: \[\('u', 'g'\), \('u', 'g'\)\]"):
            _each_cell_twice(run, cells[2:], "made-up")
    assert mask("in 0.12 s, 10 ms per merge") == "in <duration>, <duration> per merge"


CHANGES_WHAT_IT_READS = [  # (the cell that binds, the cell that changes what it reads, how)
    ("words = ['the', 'hug', 'pug']", "import random\nrandom.Random(0).shuffle(words)\nwords",
     "a library function shuffles the list the cell reads"),
    ("def add(symbol, seen=[]):\n    seen.append(symbol)\n    return len(seen)", "add('ug')",
     "a notebook function's default argument remembers"),
    ("log = []\ndef note(pair):\n    log.append(pair)\n    return len(log)", "note(('u', 'g'))",
     "a notebook function the cell calls appends to a list the cell does not name"),
    ("pairs = iter([('u', 'g'), ('h', 'ug')])", "next(pairs)", "the cell advances an iterator"),
    ("import random\nrandom.seed(0)", "random.randint(0, 10**9)", "the cell draws from the seeded generator"),
    ("import os", "os.environ['BPE_LAB_MADE_UP'] = os.environ.get('BPE_LAB_MADE_UP', '') + 'x'\n"
                  "os.environ['BPE_LAB_MADE_UP']", "the cell changes the environment it reads"),
]


def test_the_fingerprint_does_not_hide_a_cell_that_changes_what_it_reads(tmp_path, monkeypatch, all_fingerprinted):
    """Each of these cells changes, by its run, something it reads without rebinding a name it reads: its second
    run is made (the fingerprint sees the change) and shows something else. One kernel, each case in turn."""
    notebook = _made_up(*[code for binds, changes, _ in CHANGES_WHAT_IT_READS for code in (binds, changes)])
    client = _client(notebook, tmp_path, tmp_path, monkeypatch, timeout=60)
    monkeypatch.delenv("BPE_LAB_MADE_UP", raising=False)
    cells = _code_cells(notebook)
    with client.setup_kernel(), NotebookRun(client, "made-up", cells) as run:
        for case, (_, _, why) in enumerate(CHANGES_WHAT_IT_READS):
            with pytest.raises(AssertionError, match=r"shows something else when run a second time"):
                _each_cell_twice(run, cells[2 * case: 2 * case + 2], "made-up")
            assert run.runs[2 * case + 1] == 2, why


def test_a_cell_that_reads_what_it_read_is_not_run_again(tmp_path, monkeypatch, all_fingerprinted):
    """The saving: a cell whose run changed nothing it reads is known to show the same (with
    BPE_LAB_NOTEBOOK_RERUNS=verify it is run and checked instead; with =all it is just run)."""
    from notebook_runs import MODE

    notebook = _made_up("import collections",  # a first import changes the modules loaded: run again
                        "words = ['the', 'hug', 'pug']", "lengths = [len(word) for word in words]\nsum(lengths)")
    client = _client(notebook, tmp_path, tmp_path, monkeypatch, timeout=60)
    cells = _code_cells(notebook)
    with client.setup_kernel(), NotebookRun(client, "made-up", cells) as run:
        first_shown = _each_cell_twice(run, cells, "made-up")
        _run_all_again(run, cells, first_shown, "made-up")
    assert first_shown[2] == [("execute_result", ["text/plain"], "9", "")]
    assert run.runs[0] >= 2 and (run.runs[1], run.runs[2]) == ((1, 1) if MODE == "skip" else (3, 3))


def test_a_cell_that_silently_changes_a_later_section_is_caught_by_run_all_again(tmp_path, monkeypatch,
                                                                                  all_fingerprinted):
    """Pass 2 on a made-up notebook: a cell appends to a list and shows nothing (so it passes pass 1), a later
    section counts the list: after 'Run All' again the count differs, and the message names the cell."""
    notebook = _made_up("seen = []", "## 1. Noting", "seen.append('ug')", "## 2. Counting", "len(seen)")
    client = _client(notebook, tmp_path, tmp_path, monkeypatch, timeout=60)
    cells = _code_cells(notebook)
    with client.setup_kernel(), NotebookRun(client, "made-up", cells) as run:
        first_shown = _each_cell_twice(run, cells, "made-up")
        with pytest.raises(AssertionError, match=r"made-up \(Run All pressed again\), cell 4 shows something else"):
            _run_all_again(run, cells, first_shown, "made-up")


def test_a_section_that_breaks_an_earlier_one_is_caught(tmp_path, monkeypatch, all_fingerprinted):
    """The reverse pass on a made-up notebook: section 1 counts, section 2 reads the counts, section 3 rebinds
    `counts` to something else. Section 2 re-run after section 3 fails, naming the section and the cell."""
    notebook = _made_up("import collections", "## 1. Counting\nSome prose.", "counts = collections.Counter('hug')",
                        "## 2. Reading the counts", "counts['h']", "## 3. Something else", "counts = 7\ncounts")
    parts = sections(notebook)
    assert [(heading, [index for index, _ in cells]) for heading, cells in parts] == [
        ("set-up", [0]), ("1. Counting", [2]), ("2. Reading the counts", [4]), ("3. Something else", [6])]
    client = _client(notebook, tmp_path, tmp_path, monkeypatch, timeout=60)
    cells = _code_cells(notebook)
    with client.setup_kernel(), NotebookRun(client, "made-up", cells) as run:
        first_shown = {index: run.first(code, index, "made-up") for index, code in cells}
        with pytest.raises(pytest.fail.Exception, match=r'made-up \(section "2\. Reading the counts" re-run after the '
                                                        r'sections below it\), cell 4: TypeError'):
            _sections_last_to_first(run, parts, first_shown, "made-up")


def test_memos_are_memos():
    """What the fingerprint leaves out of a bpe_lab object (notebook_runs.MEMOS) exists, and emptying it changes no
    result: it only remembers."""
    from bpe_lab import bpe
    from bpe_lab.tokenizer import Tokenizer
    from notebook_runs import MEMOS

    text = "the hug, the pug and the hugs. " * 20
    tok = Tokenizer.train(text, 300)
    result = bpe.train(text, 20)
    ids, after_10, valid_ids = tok.encode(text), result.corpus_after(10), tok._valid_ids()  # the memos filled
    for value in (tok, result):
        memos = MEMOS[f"{type(value).__module__}.{type(value).__qualname__}"]
        assert set(memos) <= set(vars(value)), f"{type(value).__name__} has no {set(memos) - set(vars(value))}"
    tok._cache.clear()
    tok._batch = tok._valid_ids_text = None
    result._snapshots.clear()
    assert (tok.encode(text), result.corpus_after(10), tok._valid_ids()) == (ids, after_10, valid_ids)


def test_the_sentencepiece_models_memos_are_memos(tmp_path):
    """The same for the SentencePiece models (a BPE one we train, a Unigram one SentencePiece trains, with its
    nmt_nfkc character map): each memo exists, fills as the model is used, and emptying it changes no result."""
    import sentencepiece as spm

    from bpe_lab import corpus, sentencepiece, sentencepiece_bpe
    from notebook_runs import MEMOS

    lines = corpus.load_text().splitlines()[:400]
    text = "\n".join(lines[:60]) + "\nＡＢＣ ① ﬁ"  # full-width letters, a circled digit, a ligature: nmt_nfkc's map
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_prefix=str(tmp_path / "u"), vocab_size=300,
                                   model_type="unigram", minloglevel=2, num_threads=1)
    bpe_model, unigram_model = sentencepiece_bpe.train(lines, 400), sentencepiece.load(tmp_path / "u.model")
    charsmap = next(v for v in vars(unigram_model.normalizer).values() if type(v).__name__ == "CharsMap")
    owners = [bpe_model, unigram_model, charsmap]
    results = [(model.encode(text), model.normalize(text)) for model in (bpe_model, unigram_model)]
    for owner in owners:
        memos = MEMOS[f"{type(owner).__module__}.{type(owner).__qualname__}"]
        assert set(memos) <= set(vars(owner)) and all(vars(owner)[memo] for memo in memos), type(owner).__name__
        for memo in memos:
            vars(owner)[memo].clear()
    assert [(model.encode(text), model.normalize(text)) for model in (bpe_model, unigram_model)] == results


@pytest.mark.parametrize("source, inputs, bound, always", [
    ("started = time.perf_counter()\nmodel = train(text, 100)\nprint(time.perf_counter() - started)",
     ["time", "train", "text", "print"], {"started", "model"}, False),
    ("counts += 1", ["counts"], {"counts"}, False),
    ("def measure(ids):\n    return score(model, ids)\nresult = measure(held)", ["model", "score", "held"],
     {"measure", "result"}, False),
    ("for word in words:\n    total = total + len(word)", ["words", "total", "len"], {"word", "total"}, False),
    ("sorted(pairs, key=lambda pair: ranks[pair])", ["sorted", "pairs", "ranks"], set(), False),
    ("%matplotlib inline\nimport numpy as np", [], {"np"}, False),
    ("x = _ + 1", ["_"], {"x"}, True),                        # IPython's last result
    ("stamp = datetime.now()", ["datetime"], {"stamp"}, True),  # the time of day
    ("with open(path, 'w') as f:\n    f.write('x')", ["open", "path"], {"f"}, True),
    ("[seen := word for word in words]", ["words"], set(), True),  # binds a notebook name from a comprehension
    ("del counts", [], set(), True),
    ("rng = random.Random()", ["random"], {"rng"}, True),       # fresh entropy
    ("rng = random.Random(1)", ["random"], {"rng"}, False),
    ("def bump():\n    global total\n    total += 1", [], {"bump"}, True),  # binds a notebook name, when called
    ("out.open('w').write('x')", ["out"], set(), True),
])
def test_what_a_cell_reads(source, inputs, bound, always):
    from notebook_runs import reads

    found = reads(source)
    assert (found.inputs, found.bound, bool(found.always_rerun)) == (inputs, bound, always), found.always_rerun


def test_a_module_a_cell_changes_is_read_by_cells_always_run_again():
    """The fingerprint does not look into modules: if one cell sets a module's attribute, every cell naming the
    module is re-run, every time."""
    notebook = _made_up("from bpe_lab import pretokenize", "pretokenize.PATTERNS['mine'] = r'\\S+'",
                        "pretokenize.split('a b', 'mine')", "words = ['a']")
    run = NotebookRun(None, "made-up", _code_cells(notebook))  # no kernel needed to read the code
    assert [bool(run.reads[index].always_rerun) for index, _ in _code_cells(notebook)] == [True, True, True, False]


# ---------------------------------------------------------------------------------------------------------------
# Exercise notebooks
# ---------------------------------------------------------------------------------------------------------------

EXERCISES = sorted((ROOT / "notebooks" / "exercises").glob("*.ipynb"))


def _report(client, notebook) -> dict:
    """Run the report cell (what the kernel's checks said, per question) after the notebook's cells."""
    from bpe_lab.homework import grade

    notebook.cells.append(nbformat.v4.new_code_cell(grade.REPORT_CELL))
    try:
        report = client.execute_cell(notebook.cells[-1], len(notebook.cells) - 1)
    finally:
        notebook.cells.pop()
    text = "".join(out.get("text", "") for out in report.outputs)
    return json.loads(text.split("BPE_LAB_REPORT ", 1)[1])


@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_exercise_notebook_cells_run_twice(path, tmp_path, monkeypatch):
    """In one kernel: the notebook as handed out, then with every answer solved, then with the typical wrong
    answers (a student editing and re-running), each code cell run twice in a row. The feedback must not
    change on the second run (a check that remembers, an answer cell that mutates what it reads). Every re-run is
    made, no fingerprints: what a check remembers lives in bpe_lab.homework, where the fingerprint does not look,
    and these cells are quick (the kernel start is the cost).

    After each version, the report of what the kernel's checks said (what the student's report cell prints) must
    be "not yet" for every question as handed out, "correct" solved, "incorrect" wrong, and the wrong answers'
    feedback must say what went wrong. What a fresh kernel would add, for the solved and the wrong versions, is a
    name an answer reads that only an earlier version bound: tests/test_homework.py finds that from the code."""
    from bpe_lab.homework import sets as exercise_sets

    questions = getattr(exercise_sets, f"set_{path.stem.split('_')[0]}")()  # set_01 ... set_10, set_capstone
    notebook = nbformat.read(path, as_version=4)
    client = _client(notebook, path.parent, tmp_path, monkeypatch, timeout=60)
    cells = _code_cells(notebook)
    started = time.perf_counter()
    with client.setup_kernel(), NotebookRun(client, path.name, cells, fingerprints=False) as run:
        for state in ("as handed out", "solved", "wrong"):
            if state != "as handed out":
                for _, cell in cells:
                    name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
                    if name:
                        cell.source = answer_cell(questions[name], state)
            _each_cell_twice(run, cells, f"{path.name} ({state})")
            verdicts = [str(out.get("data", {}).get("text/plain", ""))[:1] for _, cell in cells
                        for out in cell.outputs if out.output_type == "execute_result"]
            expected = {"as handed out": "…", "solved": "✓", "wrong": "✗"}[state]  # Feedback's status symbol
            assert verdicts == [expected] * len(questions), f"{path.name} ({state}): {verdicts}"
            said = {"as handed out": "not yet", "solved": "correct", "wrong": "incorrect"}[state]
            assert _report(client, notebook) == {name: said for name in questions}, f"{path.name} ({state})"
            if state == "wrong":  # the feedback says what went wrong, not only that it did
                feedback = "\n".join(out.get("text", "") or str(out.get("data", {}).get("text/plain", ""))
                                     for _, cell in cells for out in cell.outputs)
                assert "for input" in feedback or "you answered" in feedback, f"{path.name}: {feedback[:2000]}"
    print(f"\n{path.name}: three versions, each cell twice, in {time.perf_counter() - started:.1f} s")
