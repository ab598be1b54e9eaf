"""The cache of merges recovered from tiktoken ranks (bpe_lab._merge_cache, used by gpt2.load_encoding).

A cache is used only when it is whole, of this version, for the same ranks, and holds together; anything else
is rebuilt and gives the same merges. Every test here uses a temporary folder (BPE_LAB_CACHE_DIR), never ~/.cache.
Most use cl100k's first 3,000 tokens, whose merges recover in a moment; one loads the whole of cl100k.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bpe_lab import _merge_cache, gpt2, ranks, storage
from bpe_lab.tokenizer import Tokenizer

ROOT = Path(__file__).resolve().parent.parent
KEY = "ab" * 32  # a sha256-like key for the small ranks


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder of this test's own, an empty in-process copy, and a count of recoveries."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("BPE_LAB_CACHE_DIR", str(folder))
    monkeypatch.setattr(gpt2, "_LOADED", {})
    recoveries = []
    real = ranks.merges_from_ranks

    def counted(mergeable_ranks):
        recoveries.append(len(mergeable_ranks))
        return real(mergeable_ranks)

    monkeypatch.setattr(ranks, "merges_from_ranks", counted)
    return folder, recoveries


@pytest.fixture(scope="module")
def small():
    return {token: rank for token, rank in gpt2.load_ranks("cl100k_base").items() if rank < 3000}


def test_where_it_lives(monkeypatch, tmp_path):
    monkeypatch.setenv("BPE_LAB_CACHE_DIR", str(tmp_path / "mine"))
    assert gpt2.cache_dir() == tmp_path / "mine"
    assert _merge_cache.cache_path("o200k_base") == tmp_path / "mine" / "merges-o200k_base.json"
    monkeypatch.delenv("BPE_LAB_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert gpt2.cache_dir() == tmp_path / "xdg" / "bpe_lab"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert gpt2.cache_dir() == tmp_path / "home" / ".cache" / "bpe_lab"


def test_the_test_run_has_a_cache_folder_of_its_own():
    folder = Path(os.environ["BPE_LAB_CACHE_DIR"])  # set by conftest.py for the whole run
    assert folder.name.startswith("bpe_lab_test_cache_") and folder != Path.home() / ".cache" / "bpe_lab"


@pytest.fixture(scope="module")
def cl100k_merges():
    """What merges_from_ranks gives for cl100k, taken from a load through the test run's own cache (so the
    merges are recovered once per run, not again here)."""
    tokenizer, ranks_ = gpt2.load_encoding("cl100k_base"), gpt2.load_ranks("cl100k_base")
    kept = [bytes([b]) for b in range(256)] + [left + right for left, right in tokenizer.merges]
    return tokenizer.merges, {token: ranks_[token] for token in kept}, tokenizer.unmergeable


@pytest.mark.slow  # about 2 s with its fixture: the whole of cl100k (100,256 ranks) loaded, saved and read back
def test_cl100k_cold_then_from_the_file_then_from_memory(cache, cl100k_merges, monkeypatch):
    folder, recoveries = cache
    monkeypatch.setattr(ranks, "merges_from_ranks", lambda mergeable_ranks: recoveries.append(len(mergeable_ranks))
                        or cl100k_merges)
    cold = gpt2.load_encoding("cl100k_base")  # recovers (here: takes the run's merges) and saves
    path = folder / "merges-cl100k_base.json"
    assert recoveries == [100_256] and path.is_file()
    document = json.loads(path.read_text())
    assert document["ranks_sha256"] == "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"  # tiktoken's

    gpt2._LOADED.clear()  # as in a new process
    warm = gpt2.load_encoding("cl100k_base")
    assert recoveries == [100_256]  # read from the file, not recovered
    assert warm.to_dict() == cold.to_dict() and warm.unmergeable == cold.unmergeable == []
    assert warm.encode("Hello world, 12345!") == cold.encode("Hello world, 12345!") == [9906, 1917, 11, 220, 4513, 1774, 0]

    path.unlink()
    again = gpt2.load_encoding("cl100k_base")  # the in-process copy: no file needed
    assert recoveries == [100_256] and not path.exists() and again.to_dict() == cold.to_dict()
    again.add_special_token("<|mine|>", 300_000)  # a copy: the next load does not have it
    assert "<|mine|>" not in gpt2.load_encoding("cl100k_base").special_tokens


def test_cache_false_recovers_and_touches_nothing(cache, monkeypatch):
    folder, recoveries = cache
    def merges(name, mergeable_ranks, ranks_sha256, *, use_cache):
        assert not use_cache
        return [], {bytes([b]): b for b in range(256)}, []  # (instead of seconds of recovery)

    monkeypatch.setattr(_merge_cache, "merges", merges)
    tokenizer = gpt2.load_encoding("cl100k_base", cache=False)
    assert tokenizer.merges == [] and not folder.exists() and gpt2._LOADED == {}


def _forge(path: Path, document: dict, *, as_text=True, **changes) -> None:
    """Write ``document`` with ``changes`` (lists of positions for "lefts" and "rights", written as the cache writes
    them if ``as_text``) and a checksum to match: damage the checksum cannot catch, left to the checks on reading."""
    document = {**document, **changes}
    for field in ("lefts", "rights"):
        if as_text and isinstance(document[field], list):
            document[field] = _merge_cache._positions_text(document[field])
    path.write_text(storage._dumps_with_checksum_of_bytes(document))


def _damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    document = json.loads(data)
    lefts, rights = (_merge_cache._positions(document[field]).tolist() for field in ("lefts", "rights"))
    if how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "a flipped byte":
        at = data.index(b'"lefts": "') + 40
        path.write_bytes(data[:at] + bytes([data[at] ^ 0x01]) + data[at + 1 :])
    elif how == "a newer version":
        _forge(path, document, version=4)
    elif how == "version 2":  # the positions as JSON lists, and a checksum of the content: rebuilt, not converted
        old = {**document, "version": 2, "lefts": lefts, "rights": rights}
        del old["checksum"]
        path.write_text(storage.dumps({**old, "checksum": storage.checksum(old)}))
    elif how == "the old format":  # version 1 kept one split per token instead of the positions of each merge
        old = {"format": document["format"], "version": 1, "vocabulary": document["vocabulary"],
               "ranks_sha256": document["ranks_sha256"], "splits": [1] * len(lefts), "unmergeable": []}
        path.write_text(storage.dumps({**old, "checksum": storage.checksum(old)}))
    elif how == "a wrong key":
        _forge(path, document, ranks_sha256="cd" * 32)
    elif how == "another vocabulary":
        _forge(path, document, vocabulary="o200k_base")
    elif how == "no checksum":
        del document["checksum"]
        path.write_text(storage.dumps(document))
    elif how == "a checksum of the content":  # as version 2 had: not the checksum of the bytes
        document["checksum"] = storage.checksum({key: value for key, value in document.items() if key != "checksum"})
        path.write_text(storage.dumps(document))
    elif how == "a forged merge":  # a wrong merge with a checksum to match: caught by the spot check on reading
        r, left, right = _another_way_to_make_a_sampled_token(lefts, rights)
        lefts[r], rights[r] = left, right
        _forge(path, document, lefts=lefts, rights=rights)
    elif how == "a merge of other bytes":  # b"ab" made as b"b" + b"a": caught by the checks on reading
        r = next(r for r, (left, right) in enumerate(zip(lefts, rights)) if left != right)
        lefts[r], rights[r] = rights[r], lefts[r]
        _forge(path, document, lefts=lefts, rights=rights)
    elif how == "a position past its merge":  # a merge using a token made later (or by no merge at all)
        _forge(path, document, lefts=lefts[:-1] + [10**6])
    elif how == "a negative position":
        _forge(path, document, rights=[-1] + rights[1:])
    elif how == "too few merges":
        _forge(path, document, lefts=lefts[:-1], rights=rights[:-1])
    elif how == "positions as a JSON list":
        _forge(path, document, lefts=lefts, rights=rights, as_text=False)
    elif how == "positions that are not base64":
        _forge(path, document, lefts="*" + document["lefts"][1:])
    elif how == "positions of 3 bytes":
        _forge(path, document, lefts=document["lefts"][:-4])
    elif how == "a folder":
        path.unlink()
        path.mkdir()
    else:
        raise AssertionError(how)


DAMAGE = ["truncated", "empty", "a flipped byte", "a newer version", "version 2", "the old format", "a wrong key",
          "another vocabulary", "no checksum", "a checksum of the content", "a forged merge", "a merge of other bytes",
          "a position past its merge", "a negative position", "too few merges", "positions as a JSON list",
          "positions that are not base64", "positions of 3 bytes"]


def _another_way_to_make_a_sampled_token(lefts, rights):
    """(r, left, right): a merge r that the spot check recomputes, and two other positions of tokens made before it
    whose bytes also join into its token: a forged merge that every check but the spot check lets through."""
    small = {token: rank for token, rank in gpt2.load_ranks("cl100k_base").items() if rank < 3000}
    vocab = [bytes([b]) for b in range(256)] + [token for token in small if len(token) > 1]
    position = {token: k for k, token in enumerate(vocab)}
    step = max(1, len(lefts) // _merge_cache._SAMPLE)
    for r in range(0, len(lefts), step):
        token = vocab[256 + r]
        for k in range(1, len(token)):
            left, right = position.get(token[:k], 1 << 30), position.get(token[k:], 1 << 30)
            if max(left, right) < 256 + r and (left, right) != (lefts[r], rights[r]):
                return r, left, right
    raise AssertionError("no sampled token can be made another way")


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_or_mismatched_cache_is_rebuilt(cache, small, how):
    folder, recoveries = cache
    expected = _merge_cache.merges("cl100k_base", small, KEY)  # recovered and saved
    path = _merge_cache.cache_path("cl100k_base")
    assert recoveries == [3000] and _merge_cache.merges("cl100k_base", small, KEY) == expected  # read back
    assert recoveries == [3000]
    _damage(path, how)
    assert _merge_cache.read(path, "cl100k_base", small, KEY) is None  # never trusted
    assert _merge_cache.merges("cl100k_base", small, KEY) == expected  # rebuilt: the same merges
    assert recoveries == [3000, 3000]
    assert _merge_cache.read(path, "cl100k_base", small, KEY) == expected  # and saved whole again
    assert sorted(p.name for p in folder.iterdir()) == ["merges-cl100k_base.json"]  # no temporary files


def test_a_folder_in_the_way_costs_time_with_a_warning(cache, small):
    folder, recoveries = cache
    expected = _merge_cache.merges("cl100k_base", small, KEY)
    _damage(_merge_cache.cache_path("cl100k_base"), "a folder")
    with pytest.warns(UserWarning, match=r"could not save the merge cache .*BPE_LAB_CACHE_DIR"):
        assert _merge_cache.merges("cl100k_base", small, KEY) == expected
    assert recoveries == [3000, 3000]


def test_clear_cache(cache, small):
    folder, _ = cache
    assert gpt2.clear_cache() == []  # no folder yet: nothing to delete
    _merge_cache.merges("cl100k_base", small, KEY)
    (folder / ".merges-cl100k_base.json.0123abcd.tmp").write_text("left by a crash")
    (folder / "notes.txt").write_text("not ours")
    gpt2._LOADED["x"] = "a vocabulary loaded earlier"
    deleted = gpt2.clear_cache()
    assert sorted(p.name for p in deleted) == [".merges-cl100k_base.json.0123abcd.tmp", "merges-cl100k_base.json"]
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"] and gpt2._LOADED == {}


def test_clear_cache_from_the_command_line(tmp_path, small):
    folder = tmp_path / "cache"
    environment = {**os.environ, "BPE_LAB_CACHE_DIR": str(folder)}
    folder.mkdir()
    storage.write_text_atomic(folder / "merges-o200k_base.json", "{}")
    run = [sys.executable, "-m", "bpe_lab.gpt2"]
    done = subprocess.run(run + ["--cache-dir"], capture_output=True, text=True, env=environment, check=True)
    assert done.stdout.strip() == str(folder)
    done = subprocess.run(run + ["--clear-cache"], capture_output=True, text=True, env=environment, check=True)
    assert done.stdout.strip() == f"deleted 1 cache file(s) from {folder}" and list(folder.iterdir()) == []
    done = subprocess.run(run + ["--nope"], capture_output=True, text=True, env=environment)
    assert done.returncode == 2 and "usage: python -m bpe_lab.gpt2 --clear-cache" in done.stderr


WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from bpe_lab import storage
    path, seed = Path(sys.argv[1]), int(sys.argv[2])
    for round in range(10):
        storage.save(path, "merge_cache", {"vocabulary": "cl100k_base", "ranks_sha256": str(seed),
                                           "lefts": [seed + round] * 50_000, "rights": [seed] * 50_000,
                                           "unmergeable": []})
""")


def test_two_processes_writing_at_once_never_leave_half_a_file(tmp_path):
    """Two writers save a cache file over and over while this process reads it: every read
    finds a whole file (one writer's or the other's), never half of one."""
    path = tmp_path / "merges-cl100k_base.json"
    storage.save(path, "merge_cache", {"vocabulary": "cl100k_base", "ranks_sha256": "0", "lefts": [], "rights": [],
                                       "unmergeable": []})
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(seed)], cwd=ROOT) for seed in (1, 1000)]
    reads = 0
    while any(writer.poll() is None for writer in writers) or reads == 0:
        payload = storage.load(path, "merge_cache", lambda payload, version: payload)  # FileFormatError if half
        assert len(set(payload["lefts"])) <= 1
        reads += 1
    assert [writer.wait() for writer in writers] == [0, 0]
    assert reads > 1 and [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left


def test_the_tables_built_at_once_are_the_tables_built_merge_by_merge(cache, small):
    """Tokenizer builds its tables from a RecoveredMerges' tokens and pairs in one go (_build_recovered); the
    readable loop (_build) must give the same tables, read from the cache or recovered from the ranks."""
    recovered = _merge_cache.merges("cl100k_base", small, KEY)  # recovered from the ranks
    from_file = _merge_cache.merges("cl100k_base", small, KEY)  # read back from the cache file
    for merges, token_ids, _ in (recovered, from_file):
        assert isinstance(merges, ranks.RecoveredMerges)
        fast = Tokenizer(merges, "gpt4", token_ids=token_ids)
        readable = Tokenizer(list(merges), "gpt4", token_ids=token_ids)
        for table in ("merges", "vocab", "_ranks", "_merged", "_external", "_decoder"):
            assert getattr(fast, table) == getattr(readable, table), table
        assert type(fast.merges) is list and fast.merges is not merges


def test_unmergeable_tokens_are_cached_and_checked(cache, small):
    """A token BPE does not end in two pieces (b"\\x00\\x01\\x02": no pair of it is a token) is unmergeable, and
    so is a token whose merge needs it; the cache lists both by rank, and a list that does not match is rebuilt."""
    folder, recoveries = cache
    odd = {**small, b"\x00\x01\x02": 3000, b"\x00\x01\x02\x03": 3001}
    expected = _merge_cache.merges("cl100k_base", odd, KEY)
    assert expected[2] == [b"\x00\x01\x02", b"\x00\x01\x02\x03"] and b"\x00\x01\x02" not in expected[1]
    path = _merge_cache.cache_path("cl100k_base")
    assert json.loads(path.read_text())["unmergeable"] == [3000, 3001]
    assert _merge_cache.merges("cl100k_base", odd, KEY) == expected and recoveries == [3002]  # read back
    for unmergeable in ([3000], [3000, 3000, 3001], [3000, 3001, 5], [3000, "3001"], [3000, 3001, 300]):
        document = json.loads(path.read_text())
        _forge(path, document, unmergeable=unmergeable)
        assert _merge_cache.read(path, "cl100k_base", odd, KEY) is None, unmergeable
    assert _merge_cache.merges("cl100k_base", odd, KEY) == expected and recoveries == [3002, 3002]


def test_recovered_merges_without_token_ids_number_tokens_the_default_way():
    merges = ranks.RecoveredMerges([(b"a", b"b"), (b"ab", b"c")])
    fast, readable = Tokenizer(merges, None), Tokenizer(list(merges), None)
    assert fast._external == readable._external == list(range(258)) and fast.encode("abcab") == [257, 256]
