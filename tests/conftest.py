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


# Parity counts (strings and tokens compared with a production library), printed at the end too.
PARITY: dict[str, list[int]] = {}


def record_parity(name: str, strings: int, tokens: int) -> None:
    total = PARITY.setdefault(name, [0, 0])
    total[0] += strings
    total[1] += tokens


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.section("timings")
        for name, seconds in TIMINGS.items():
            terminalreporter.write_line(f"{name:<62} {seconds:6.1f} s")
    if PARITY:
        terminalreporter.section("parity with production libraries")
        for name, (strings, tokens) in PARITY.items():
            terminalreporter.write_line(f"{name:<62} {strings:>8,} strings {tokens:>11,} tokens")
