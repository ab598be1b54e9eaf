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


# Fuzzed loads of damaged saved files (tests/test_storage.py): per format, [loads, loaded the original
# content, clear FileFormatError, anything else], printed at the end too.
FUZZ: dict[str, list[int]] = {}


def record_fuzz(name: str, loads: int, same: int, clear_errors: int, other: int) -> None:
    total = FUZZ.setdefault(name, [0, 0, 0, 0])
    for i, value in enumerate((loads, same, clear_errors, other)):
        total[i] += value


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.section("timings")
        for name, seconds in TIMINGS.items():
            terminalreporter.write_line(f"{name:<62} {seconds:6.1f} s")
    if PARITY:
        terminalreporter.section("parity with production libraries")
        for name, (strings, tokens) in PARITY.items():
            terminalreporter.write_line(f"{name:<62} {strings:>8,} strings {tokens:>11,} tokens")
    if FUZZ:
        terminalreporter.section("fuzzed loads of damaged files")
        for name, (loads, same, clear, other) in FUZZ.items():
            terminalreporter.write_line(f"{name:<48} {loads:>6,} loads: {same:>5,} original content, "
                                        f"{clear:>5,} clear errors, {other} other")


def assert_same_ids(ours, reference, texts, label: str) -> None:
    """Our Tokenizer and a tiktoken Encoding give the same ids on every text, and ours decodes back."""
    tokens = 0
    for text in texts:
        ids = ours.encode_ordinary(text)
        assert ids == reference.encode_ordinary(text), f"{label}: ids differ for {text[:80]!r}"
        assert ours.decode(ids) == text
        tokens += len(ids)
    record_parity(label, len(texts), tokens)
