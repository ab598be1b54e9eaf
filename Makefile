# BPE Lab: two commands do all the set-up.
#   make lab    create .venv if needed, install, open JupyterLab on notebooks/
#   make test   create .venv if needed, install (and Chromium and bubblewrap where possible), run every test
#   make check  the quick inner loop: every test but the notebook, browser, grading and slow ones
#   make html   create .venv if needed, install, run every topic notebook and write the static
#               edition (web pages with all outputs, offline) to build/html/ (open build/html/index.html)
#
# PYTHON picks the interpreter that creates .venv (3.10 or newer): make lab PYTHON=python3.12

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.bpe_lab-installed
NBGRADER_VENV  := .venv-nbgrader
NBGRADER_STAMP := $(NBGRADER_VENV)/.nbgrader-installed

.PHONY: lab test test-setup check html install web-assets chromium bubblewrap bench clean

# As root (containers), JupyterLab refuses to start without --allow-root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(STAMP)
	$(PY) -m jupyterlab $(ROOT_FLAG) notebooks/

# The suite runs on TEST_WORKERS processes (pytest-xdist; the CI machines have 2 cores): make test TEST_WORKERS=4
TEST_WORKERS ?= 2

# The set-up steps run side by side (-j3): each pip install keeps one core busy and apt-get mostly waits on the
# network: a fresh machine here is ready in about 31 s instead of 62 s one step after another.
test:
	@$(MAKE) --no-print-directory -j3 test-setup
	$(PY) -m pytest -n $(TEST_WORKERS) --durations=25

test-setup: $(STAMP) web-assets chromium bubblewrap $(NBGRADER_STAMP)

# The inner loop while you change the package: unit, doctest, audit and property tests, without notebooks, the browser,
# the grader's sandboxed runs, nbgrader or the whole-corpus parity and integration checks of a second or more (markers
# in pyproject.toml), each property test with a quarter of its examples (BPE_LAB_EXAMPLES, tests/conftest.py). CI runs
# `make test`, which runs them all.
check: $(STAMP)
	BPE_LAB_EXAMPLES=0.25 $(PY) -m pytest -n $(TEST_WORKERS) -m "not notebook and not browser and not grading and not slow" --durations=10

# Both keep Python's bytecode and pytest's rewritten test modules in __pycache__ (git-ignored) even where
# PYTHONDONTWRITEBYTECODE is set, as on these machines: otherwise every run rewrites every test module again in each
# process (`pytest --collect-only`: 5.7 s -> 2.9 s from the second run on).
test check: export PYTHONDONTWRITEBYTECODE :=

html: $(STAMP) web-assets
	$(PY) scripts/build_html.py --out build/html

install: $(STAMP)

# Reinstall whenever pyproject.toml changes.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,reference]'
	touch $(STAMP)

# nbgrader (the `nbgrader` extra) for tests/test_nbgrader.py, in a venv of its own: installed in .venv it would add
# nbgrader's JupyterLab panels and server extensions to every student's `make lab`. The test runs nbgrader from here,
# and the notebooks in a kernel of .venv. About 15 s and 330 MB; rebuilt when pyproject.toml changes. Its
# requirements come from pyproject.toml, so it installs while .venv does.
$(NBGRADER_STAMP): pyproject.toml | $(PY)
	$(PY) -m venv --clear $(NBGRADER_VENV)
	$(NBGRADER_VENV)/bin/python -m pip install --quiet $$($(PY) scripts/extra_requirements.py nbgrader)
	touch $(NBGRADER_STAMP)

# The widget renderer and MathJax for the static pages (pinned, sha512-checked), downloaded once into
# .venv/share/bpe-lab-web/ from the npm registry; instant when already there. `make lab` does not need them.
web-assets: | $(PY)
	$(PY) scripts/fetch_web_assets.py

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "BPE Lab needs Python 3.10 or newer; run: make PYTHON=python3.11 ...")'
	$(PYTHON) -m venv $(VENV)

# The browser test needs Chromium. Install Debian's package where we can (root with apt-get);
# elsewhere the browser test is skipped with a message saying how to install it.
chromium:
	@bash scripts/ensure-chromium.sh

# The grader's sandbox (Debian's bubblewrap), installed as Chromium is: where it cannot be, grading runs unsandboxed and says so.
bubblewrap: chromium  # after it: two apt-get at once would wait on each other's lock
	@bash scripts/ensure-bubblewrap.sh

bench: $(STAMP)
	@for script in benchmarks/*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) $(NBGRADER_VENV) .pytest_cache .hypothesis *.egg-info build/html
