"""Shared test helpers: where the repository is."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture
def root() -> Path:
    return ROOT


# Timings that tests record (notebook execution, browser steps) are printed at the end of every run,
# so `make test` and CI show them without -s.
TIMINGS: dict[str, float] = {}


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.section("timings")
        for name, seconds in TIMINGS.items():
            terminalreporter.write_line(f"{name:<62} {seconds:6.1f} s")
