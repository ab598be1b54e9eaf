"""Exercise notebooks in three states (unattempted, solved, typical wrong answers), and the grader."""

import csv
import json

import nbformat
import pytest
from conftest import ROOT
from bpe_lab._nbclient import NotebookClient  # nbclient, minus a stall on lost wake-ups

from bpe_lab import exercise_sets, grade

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
    "capstone_gpt4_tokenizer": exercise_sets.set_capstone,
}


def variant(path, state):
    """The notebook with every answer cell replaced by the solution or the typical wrong answer."""
    notebook = nbformat.read(path, as_version=4)
    questions = SETS[path.stem]()
    for cell in notebook.cells:
        name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
        if name and state != "unattempted":
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
        assert asked == list(SETS[path.stem]()) and len(asked) >= 4  # no upper bound: the capstone has 10 (issue 19)
        assert all(c.outputs == [] for c in notebook.cells if c.cell_type == "code"), "commit without outputs"


@pytest.mark.parametrize("state, expected", [("unattempted", "not yet"), ("solved", "correct"), ("wrong", "incorrect")])
@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_three_states(path, state, expected, tmp_path):
    results, feedback = run_and_report(variant(path, state), tmp_path)
    assert results == {name: expected for name in SETS[path.stem]()}
    if state == "wrong":
        assert "for input" in feedback or "you answered" in feedback  # says what went wrong


def test_grader_on_test_submissions(tmp_path, capsys):
    path = EXERCISES[0]
    nbformat.write(variant(path, "solved"), tmp_path / "alice.ipynb")
    nbformat.write(variant(path, "wrong"), tmp_path / "bob.ipynb")
    nbformat.write(variant(path, "unattempted"), tmp_path / "carol.ipynb")
    hanging = variant(path, "solved")
    hanging.cells.insert(3, nbformat.v4.new_code_cell("while True:\n    pass"))
    nbformat.write(hanging, tmp_path / "dave.ipynb")
    (tmp_path / "eve.ipynb").write_text("{ this is not a notebook", encoding="utf-8")
    out = tmp_path / "scores.csv"
    assert grade.main([str(tmp_path), "--csv", str(out), "--timeout", "5"]) == 0
    printed = capsys.readouterr().out
    print(printed)
    rows = {row[0]: row for row in csv.reader(out.open(encoding="utf-8"))}
    header = rows.pop("file")
    score = header.index("score")
    assert rows["alice.ipynb"][score] == "4/4" and rows["bob.ipynb"][score] == "0/4"
    assert rows["carol.ipynb"][score] == "0/4" and "not yet" in rows["carol.ipynb"]
    assert rows["dave.ipynb"][score] == "4/4" and "ran over 5 s and was interrupted" in rows["dave.ipynb"][-1]
    assert rows["eve.ipynb"][-1].startswith("NotJSONError") and rows["eve.ipynb"][score] == "0/4"
