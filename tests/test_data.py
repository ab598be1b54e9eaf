"""The data files: each is listed with its sha256, the bytes match, and a damaged file is refused."""

import hashlib
import shutil

import pytest
from conftest import ROOT

from bpe_lab import corpus

DATA = ROOT / "data"
LISTED = corpus._expected_hashes()


def test_every_data_file_is_listed_with_its_source():
    files = {p.name for p in DATA.iterdir() if p.is_file() and p.name not in ("SOURCES.md", "SHA256SUMS")}
    assert files, "data/ holds no data"
    assert files == set(LISTED), "every file in data/ needs a line in data/SHA256SUMS (and nothing else)"
    sources = (DATA / "SOURCES.md").read_text()
    for name, digest in LISTED.items():
        assert f"`{name}`" in sources, f"data/SOURCES.md does not describe {name}"
        assert digest in sources, f"data/SOURCES.md does not give the sha256 of {name}"
    assert "License texts" in sources and "Permission is hereby granted" in sources


@pytest.mark.parametrize("name", sorted(LISTED))
def test_sha256_matches(name):
    assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == LISTED[name]


def test_a_damaged_file_is_refused_with_its_name(tmp_path, monkeypatch):
    shutil.copytree(DATA, tmp_path / "data")
    damaged = tmp_path / "data" / "pride_and_prejudice.txt"
    damaged.write_bytes(damaged.read_bytes()[:-100])  # truncated
    monkeypatch.setattr(corpus, "_DATA_DIR", tmp_path / "data")
    with pytest.raises(ValueError, match=r"pride_and_prejudice\.txt is damaged.*sha256"):
        corpus.load_text("pride_and_prejudice.txt")


def test_a_damaged_checksum_list_is_named(tmp_path, monkeypatch):
    shutil.copytree(DATA, tmp_path / "data")
    (tmp_path / "data" / "SHA256SUMS").write_text("not a checksum line\n")
    monkeypatch.setattr(corpus, "_DATA_DIR", tmp_path / "data")
    with pytest.raises(ValueError, match=r"SHA256SUMS, line 1"):
        corpus.load_text("pride_and_prejudice.txt")


def test_unknown_file_lists_what_is_there():
    with pytest.raises(FileNotFoundError, match="pride_and_prejudice.txt"):
        corpus.load_text("war_and_peace.txt")
    with pytest.raises(FileNotFoundError):
        corpus.load_text("../README.md")


def test_the_novel_loads():
    text = corpus.load_text()
    assert text.startswith("PRIDE AND PREJUDICE") and len(text) == 684_768
