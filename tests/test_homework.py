"""Exercise notebooks solved and with the typical wrong answers, as the student sees them. The grader is tested in
test_grader.py.

tests/test_notebooks.py::test_exercise_notebook_cells_run_twice runs each notebook in one kernel as handed out,
then solved, then wrong (a student editing and re-running), and checks what every check and the report say. What a
fresh kernel per version would see besides is an answer that reads a name only an earlier version bound (a helper
the solution defined, which the wrong answer still calls): that is found here, from the code, for every version,
instead of starting two more kernels per notebook (24 kernels, about 30 worker-seconds)."""

import builtins

import nbformat
import pytest
from conftest import ROOT, answer_cell

from bpe_lab.homework import sets as exercise_sets

EXERCISES = sorted((ROOT / "notebooks" / "exercises").glob("*.ipynb"))
SETS = {
    "01_bpe_from_scratch_exercises": exercise_sets.set_01,
    "02_encoding_order_exercises": exercise_sets.set_02,
    "03_byte_level_exercises": exercise_sets.set_03,
    "04_gpt2_pretokenization_exercises": exercise_sets.set_04,
    "05_wordpiece_exercises": exercise_sets.set_05,
    "06_unigram_viterbi_exercises": exercise_sets.set_06,
    "07_comparison_exercises": exercise_sets.set_07,
    "08_tokens_and_llms_exercises": exercise_sets.set_08,
    "09_sentencepiece_bpe_exercises": exercise_sets.set_09,
    "10_your_own_tokenizer_exercises": exercise_sets.set_10,
    "11_beyond_compression_exercises": exercise_sets.set_11,
    "capstone_gpt4_tokenizer": exercise_sets.set_capstone,
}


def variant(path, state):
    """The notebook with every answer cell replaced by the solution ("solved") or the typical wrong answer
    ("wrong")."""
    notebook = nbformat.read(path, as_version=4)
    questions = SETS[path.stem]()
    for cell in notebook.cells:
        name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
        if name:
            cell.source = answer_cell(questions[name], state)
    return notebook


def test_every_exercise_notebook_has_its_questions():
    assert [p.stem for p in EXERCISES] == sorted(SETS)
    for path in EXERCISES:
        notebook = nbformat.read(path, as_version=4)
        asked = [c.metadata["bpe_lab"]["question"] for c in notebook.cells if "bpe_lab" in c.get("metadata", {})]
        assert asked == list(SETS[path.stem]()) and len(asked) >= 4  # a minimum: a set may grow
        assert all(c.outputs == [] for c in notebook.cells if c.cell_type == "code"), "commit without outputs"


IPYTHON_NAMES = {"display", "get_ipython", "In", "Out", "_", "__", "___", "exit", "quit"}


def unbound_names(notebook) -> list[str]:
    """The names a code cell reads that neither an earlier cell nor the cell itself binds (nor Python or IPython
    provides): in a fresh kernel, run top to bottom, each is a NameError. A function's body counts as read
    where the function is defined: a check calls the answer at once."""
    from test_notebook_names import read_cells

    known, found = set(dir(builtins)) | IPYTHON_NAMES, []
    for cell in read_cells(notebook):
        found += [f"cell {cell.index} reads {name!r}, which no cell above it binds"
                  for name in sorted(cell.inputs - known - set(cell.bound))]
        known |= set(cell.bound)
    return found


@pytest.mark.parametrize("state", ["as handed out", "solved", "wrong"])
@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_every_version_runs_in_a_fresh_kernel_without_a_leftover_name(path, state):
    notebook = nbformat.read(path, as_version=4) if state == "as handed out" else variant(path, state)
    assert unbound_names(notebook) == []


def test_the_name_check_finds_a_helper_only_an_earlier_version_bound():
    """The wrong answer calls a helper that only the solution defined: in the kernel that ran the solution
    first it works, in a fresh one it is a NameError."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for code in (
        "from bpe_lab.homework import set_01\nq = set_01()",
        "def merge_pair(symbols, pair):\n    return _helper(symbols, pair)\n\nq['merge_pair'].check(merge_pair)",
        "print(len([1, 2]), display)")])
    assert unbound_names(notebook) == ["cell 1 reads '_helper', which no cell above it binds"]
