"""An exercise notebook as handed out: for one student (their own numbers in the questions), for practice
or for credit.

For credit (``graded=True``) the set-up cell builds ``graded(set_NN(student=STUDENT))``: the questions
without hints, solutions, references or hidden cases; a note under the title says so. The notebook's
metadata records the set, the student, the mode and the questions, and ``identity``: an HMAC of them under
the instructor's seed, so the grader knows whom the notebook was released to whatever the student edits
(``runner.identity_token``). Students taking the course for credit install the student edition, whose
question modules hold no solutions or references; the grader runs every submission against it.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from .runner import build, identity_token, which_set

NOTE = ("**For credit{who}.** Hints and solutions are off in this release. `check()` runs a function on the public "
        "cases; a value answer is only recorded. When you hand the notebook in, the grader runs it in a fresh "
        "process and calls your functions itself, on more cases than these, and reads your answers from their "
        "variables: keep the names the cells give them.")


def release(path: Path, out: Path, student: str, graded: bool, keep: list | None = None, seed: str = "") -> Path:
    import nbformat  # optional (the test extra), and slow to import

    notebook = nbformat.read(path, as_version=4)
    set_id, builder = which_set(notebook, path)
    if set_id is None:
        raise ValueError(f"path must be an exercise notebook of bpe_lab; {path.name}: {builder}")
    personal = "student" in inspect.signature(builder).parameters
    questions, everyone = build(builder, student), builder()
    unknown = [name for name in keep or [] if name not in questions]
    if unknown:
        raise ValueError(f"questions must be questions of set {set_id} ({', '.join(questions)}); got {unknown[0]!r}")
    if keep is not None:
        _remove_questions(notebook, [name for name in questions if name not in keep])
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
            if f"set_{set_id}(" in cell.source:
                cell.source = _setup_cell(cell.source, set_id, student, graded, personal)
            name = cell.get("metadata", {}).get("bpe_lab", {}).get("question")
            if name in questions and index > 0 and notebook.cells[index - 1].cell_type == "markdown":
                above = notebook.cells[index - 1]
                above.source = above.source.replace(everyone[name].prompt, questions[name].prompt)
    intro = notebook.cells[0] if notebook.cells and notebook.cells[0].cell_type == "markdown" else None
    if intro is not None:
        intro.source = tidy_intro(intro.source, student, graded)
    if graded:
        who = f" (student {student})" if student else ""
        notebook.cells.insert(1, nbformat.v4.new_markdown_cell(NOTE.format(who=who)))
    kept = list(keep) if keep is not None else list(questions)
    notebook.metadata["bpe_lab"] = {"set": set_id, "student": student, "graded": graded, "questions": kept,
                                    "identity": identity_token(seed, set_id, student, kept)}
    target = out / student if student else out
    target.mkdir(parents=True, exist_ok=True)
    from ...storage import write_text_atomic

    return write_text_atomic(target / path.name, nbformat.writes(notebook) + "\n")  # as nbformat.write, atomically


def tidy_intro(text: str, student: str, graded: bool) -> str:
    """The title cell without what no longer holds: the hints and solutions sentence (graded), the paragraph
    asking for a student id (the release has written it)."""
    paragraphs = text.split("\n\n")
    if student:
        paragraphs = [p for p in paragraphs if not p.startswith("**Your own numbers.**")]
    text = "\n\n".join(paragraphs)
    if graded and "Stuck? Run" in text:
        start = text.index("Stuck? Run")
        end = text.find(".", text.find("solution()", start))
        text = text[:start].rstrip() + text[end + 1:] if end != -1 else text[:start].rstrip()
    return text


def _remove_questions(notebook, names: list) -> None:
    """Remove each named question's answer cell, the markdown cell above it that asks it, and the "Your
    explanation" cells below it (an explain question's written reason)."""
    drop = set()
    for index, cell in enumerate(notebook.cells):
        if cell.get("metadata", {}).get("bpe_lab", {}).get("question") in names:
            drop.add(index)
            above = notebook.cells[index - 1] if index > 0 else None
            if above is not None and above.cell_type == "markdown" and above.source.startswith("## "):
                drop.add(index - 1)
            below = index + 1
            while (below < len(notebook.cells) and notebook.cells[below].cell_type == "markdown"
                   and notebook.cells[below].source.startswith("**Your explanation**")):
                drop.add(below)
                below += 1
    notebook.cells = [cell for index, cell in enumerate(notebook.cells) if index not in drop]


def _setup_cell(source: str, set_id: str, student: str, graded: bool, personal: bool) -> str:
    """The set-up cell as released: its ``STUDENT`` and ``q = set_NN(...)`` lines rewritten (``graded(...)`` for
    credit), every other line (``enc = gpt2.load()``, the capstone's ranks) kept as it is."""
    call = f"set_{set_id}(student=STUDENT)" if personal else f"set_{set_id}()"
    lines = []
    for line in source.splitlines():
        if line.startswith("STUDENT ="):
            continue  # written again just above q
        if line.startswith("q =") and f"set_{set_id}(" in line:
            lines.append(f"STUDENT = {student!r}  # your student id: it sets the numbers of some questions")
            lines.append(f"q = graded({call})  # for credit: checks run, hints and solutions are off" if graded
                         else f"q = {call}  # the questions of this notebook")
            continue
        lines.append(line)
        if graded and re.fullmatch(rf"from bpe_lab\.(homework|exercise_sets) import set_{set_id}", line):
            lines.append("from bpe_lab.homework import graded")
    return "\n".join(lines)
