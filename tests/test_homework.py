"""Exercise notebooks solved and with the typical wrong answers, as the student sees them: what each notebook's own
checks say in a fresh Jupyter kernel. The grader is tested in test_grader.py.

The third state, the notebook as handed out (every question "not yet"), is checked in
tests/test_notebooks.py::test_exercise_notebook_cells_run_twice: that test already starts a fresh kernel on the
notebook as handed out and runs every cell (twice), so it runs the report cell there rather than have a kernel of
its own here run the same cells once more. The solved and wrong states keep their fresh kernels: there the test
shows what a student who opens the notebook and runs it sees, with nothing left over from another version of the
answers."""

import json

import nbformat
import pytest
from conftest import ROOT
from bpe_lab._nbclient import NotebookClient  # nbclient, minus a stall on lost wake-ups

from bpe_lab.homework import grade, sets as exercise_sets

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
            question = questions[name]
            code = question.solution_code if state == "solved" else question.wrong_code
            cell.source = f"{code}\n\nq[{name!r}].check({question.answer_name})"
    return notebook


def run_and_report(notebook, directory):
    notebook.cells.append(nbformat.v4.new_code_cell(grade.REPORT_CELL))
    NotebookClient(notebook, timeout=60, kernel_name="python3",
                   resources={"metadata": {"path": str(directory)}}).execute()
    text = "".join(out.get("text", "") for out in notebook.cells[-1].outputs)
    feedback = "\n".join(out.get("text", "") or str(out.get("data", {}).get("text/plain", ""))
                         for cell in notebook.cells if cell.cell_type == "code" for out in cell.outputs)
    return json.loads(text.split("BPE_LAB_REPORT ", 1)[1]), feedback


def test_every_exercise_notebook_has_its_questions():
    assert [p.stem for p in EXERCISES] == sorted(SETS)
    for path in EXERCISES:
        notebook = nbformat.read(path, as_version=4)
        asked = [c.metadata["bpe_lab"]["question"] for c in notebook.cells if "bpe_lab" in c.get("metadata", {})]
        assert asked == list(SETS[path.stem]()) and len(asked) >= 4  # a minimum: a set may grow
        assert all(c.outputs == [] for c in notebook.cells if c.cell_type == "code"), "commit without outputs"


@pytest.mark.parametrize("state, expected", [("solved", "correct"), ("wrong", "incorrect")])
@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_solved_and_wrong(path, state, expected, tmp_path):
    results, feedback = run_and_report(variant(path, state), tmp_path)
    assert results == {name: expected for name in SETS[path.stem]()}
    if state == "wrong":
        assert "for input" in feedback or "you answered" in feedback  # says what went wrong
