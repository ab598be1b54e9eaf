"""Saved files: round trips, byte-identical re-saves, atomic writes, clear errors, and a fuzz test.

The fuzz test damages each kind of saved file many times (truncation, byte flips, insertions,
deletions, and JSON-level edits: a value of another type, a deleted key, a changed version or format…)
with a fixed seed, and checks that every load either gives back exactly the original content or raises
``FileFormatError`` naming the file; never another exception, never different content.

A bigger one-off run: ``.venv/bin/python tests/test_storage.py 5000`` (mutations per format).
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import stat
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # conftest, when run as a script

from conftest import examples  # noqa: E402

from bpe_lab import _merge_cache, bert, corpus, gpt2, storage, unigram, wordpiece  # noqa: E402
from bpe_lab.storage import FileFormatError  # noqa: E402
from bpe_lab.tokenizer import Tokenizer  # noqa: E402

# Damaged copies loaded per format: with the checksum in place, and JSON-level edits with the checksum line deleted
# (validators alone). `make check` loads a quarter (250 and 75, the same seed): for every format these still make
# each kind of damage the full counts make (6 byte damages, 3 line moves, 8 JSON edits, 3 list-item edits: none of
# those in the merge cache at either count) and each outcome (the original content, a clear error, a valid edited
# file where the format allows one), counted while making this change.
FUZZ_CASES = examples(1000)
UNCHECKED_CASES = examples(300)
SEED = 20240611


# --- the objects saved -----------------------------------------------------------------------------

def _novel_tokenizer() -> Tokenizer:
    return Tokenizer.train(corpus.load_text("pride_and_prejudice.txt")[:50_000], 600)


def _gpt2_slice() -> Tokenizer:
    """GPT-2's first 300 merges with GPT-2's own ids (bytes are not 0-255 in order) and special tokens."""
    enc = gpt2.load()
    return Tokenizer(enc.merges[:300], "gpt2", special_tokens={"<|pad|>": 600, "<|endoftext|>": 50256},
                     token_ids={enc.token_bytes(i): i for i in range(556)})


def _wordpiece_result():
    return wordpiece.fast_train(corpus.load_text("pride_and_prejudice.txt")[:50_000], 400)


def _unigram_result():
    return unigram.train(corpus.load_text("pride_and_prejudice.txt")[:10_000], 200)


@functools.lru_cache(maxsize=1)
def _small_ranks() -> dict[bytes, int]:
    """cl100k's first 1,000 tokens: ranks whose merges recover in a moment (for the merge cache)."""
    return {token: rank for token, rank in gpt2.load_ranks("cl100k_base").items() if rank < 1000}


_SMALL_KEY = "0" * 64  # the merge cache's key for _small_ranks (any sha256-like string will do)


def _recovered_small():
    from bpe_lab import ranks

    return ranks.merges_from_ranks(_small_ranks())


def _save_merge_cache(recovered, path):
    _merge_cache.write(path, "cl100k_base", _small_ranks(), _SMALL_KEY, recovered)
    return path


def _load_merge_cache(path):
    """The merge cache read strictly: what gpt2.load_encoding would use, or FileFormatError (it then rebuilds)."""
    return storage.load(path, "merge_cache",
                        lambda payload, version: _merge_cache._rebuild(payload, "cl100k_base", _small_ranks(), _SMALL_KEY))


class Format:
    """How to save, load and compare one kind of file."""

    def __init__(self, name, make, save, load, content):
        self.name, self.make, self.save, self.load, self.content = name, make, save, load, content


FORMATS = {
    "tokenizer": Format("tokenizer", _novel_tokenizer, lambda obj, path: obj.save(path), Tokenizer.load,
                        lambda obj: obj.to_dict()),
    "tokenizer_special": Format("tokenizer_special", _gpt2_slice, lambda obj, path: obj.save(path),
                                Tokenizer.load, lambda obj: obj.to_dict()),
    "wordpiece": Format("wordpiece", _wordpiece_result, wordpiece.save_vocabulary, wordpiece.load_vocabulary,
                        lambda obj: (list(obj.vocab if hasattr(obj, "vocab") else obj), list(obj.special_tokens))),
    "unigram": Format("unigram", _unigram_result, unigram.save_model, unigram.load_model,
                      lambda obj: sorted((k, v.hex()) for k, v in getattr(obj, "log_probs", obj).items())),
    "merge_cache": Format("merge_cache", _recovered_small, _save_merge_cache, _load_merge_cache,
                          lambda obj: (obj[0], sorted(obj[1].items()), obj[2])),
}
_MADE: dict = {}


def made(name):
    if name not in _MADE:
        _MADE[name] = FORMATS[name].make()
    return _MADE[name]


# --- round trips -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(FORMATS))
def test_round_trip_is_exact_and_byte_identical(tmp_path, name):
    form, obj = FORMATS[name], made(name)
    first = form.save(obj, tmp_path / "first.json")
    loaded = form.load(first)
    assert form.content(loaded) == form.content(obj)
    second = form.save(loaded, tmp_path / "second.json")
    assert first.read_bytes() == second.read_bytes()  # save -> load -> save: the same bytes
    assert first.read_bytes().endswith(b"}\n")
    document = json.loads(first.read_text(encoding="utf-8"))
    assert list(document)[:3] == ["format", "version", "checksum"]
    assert document["version"] == (3 if name == "merge_cache" else 1)  # the merge cache's 3: a checksum of its bytes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["first.json", "second.json"]  # no temporary files


@pytest.mark.slow  # about 1.6 s: all 50,000 of GPT-2's merges saved, loaded and saved again
def test_whole_gpt2_round_trip(tmp_path):
    enc = gpt2.load()
    loaded = Tokenizer.load(enc.save(tmp_path / "gpt2.json"))
    assert loaded.to_dict() == enc.to_dict() and loaded.special_tokens == {"<|endoftext|>": 50256}
    text = "Hello world <|endoftext|> 普遍的真理"
    assert loaded.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all")
    assert loaded.save(tmp_path / "again.json").read_bytes() == (tmp_path / "gpt2.json").read_bytes()


def test_the_trained_objects_work_after_loading(tmp_path):
    vocab = wordpiece.load_vocabulary(wordpiece.save_vocabulary(made("wordpiece"), tmp_path / "wp.json"))
    assert isinstance(vocab, dict) and vocab.pieces == made("wordpiece").vocab
    assert vocab.special_tokens == ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] and vocab["[UNK]"] == 1
    words = "it is a truth universally acknowledged".split()
    assert [wordpiece.tokenize(w, vocab) for w in words] == [wordpiece.tokenize(w, made("wordpiece").vocab) for w in words]
    log_probs = unigram.load_model(unigram.save_model(made("unigram"), tmp_path / "uni.json"))
    assert log_probs == made("unigram").log_probs and list(log_probs) == made("unigram").vocab
    assert unigram.viterbi("\u2581truth", log_probs) == unigram.viterbi("\u2581truth", made("unigram").log_probs)


def test_other_inputs_to_the_savers(tmp_path):
    vocab_txt = bert.load_vocab(corpus.data_path("bert-base-uncased-vocab.txt"))
    path = wordpiece.save_vocabulary(vocab_txt, tmp_path / "bert.json", special_tokens=["[PAD]", "[UNK]"])
    assert wordpiece.load_vocabulary(path) == vocab_txt and wordpiece.load_vocabulary(path)["[UNK]"] == 100
    again = wordpiece.save_vocabulary(["[UNK]", "a", "##b"], tmp_path / "list.json")
    assert wordpiece.load_vocabulary(again) == {"[UNK]": 0, "a": 1, "##b": 2}
    exact = {"a": -0.1, "b": -1e-300, "c": -(2.0 ** -1074), "d": -1234.5678901234567, "e": -0.0}
    assert unigram.load_model(unigram.save_model(exact, tmp_path / "exact.json")) == exact  # floats read back exactly


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda p: wordpiece.save_vocabulary({"[UNK]", "a"}, p), TypeError, "a set has no order"),
        (lambda p: wordpiece.save_vocabulary(["a", "b"], p), ValueError, "have no '\\[UNK\\]'"),
        (lambda p: wordpiece.save_vocabulary(["[UNK]", "a", "a"], p), ValueError, r"pieces\[2\] = 'a' is listed twice"),
        (lambda p: wordpiece.save_vocabulary(["[UNK]", ""], p), ValueError, r"pieces\[1\] must be a non-empty str"),
        (lambda p: wordpiece.save_vocabulary({"[UNK]": 0, "a": 5}, p), ValueError, "ids being 0, 1"),
        (lambda p: wordpiece.save_vocabulary(["[UNK]"], p, special_tokens=["[CLS]"]), ValueError, "not one of the pieces"),
        (lambda p: wordpiece.save_vocabulary(["[UNK]"], p, special_tokens="[UNK]"), TypeError, "special_tokens must be a list"),
        (lambda p: wordpiece.save_vocabulary(["[UNK]", "\ud800"], p), ValueError, "lone surrogate"),
        (lambda p: unigram.save_model([("a", -1.0)], p), TypeError, "model must be a UnigramResult or a dict"),
        (lambda p: unigram.save_model({}, p), ValueError, "has no pieces"),
        (lambda p: unigram.save_model({"a": float("nan")}, p), ValueError, "must be a finite number"),
        (lambda p: unigram.save_model({"a": float("-inf")}, p), ValueError, "must be a finite number"),
        (lambda p: unigram.save_model({"a": 0.5}, p), ValueError, "positive"),
        (lambda p: unigram.save_model({"": -1.0}, p), ValueError, "non-empty strings"),
        (lambda p: unigram.save_model({"a": -1.0}, 42), TypeError, "path must be a file path"),
        (lambda p: unigram.save_model({"a": -1.0}, p.parent / "missing" / "x.json"), FileNotFoundError, "does not exist"),
        (lambda p: unigram.save_model({"a": -1.0}, p.parent), IsADirectoryError, "it is a folder"),
        (lambda p: unigram.save_model({"a": -1.0, "\udc80": -2.0}, p), ValueError, "lone surrogate '\\\\udc80'"),
    ],
)
def test_bad_arguments_to_the_savers(tmp_path, call, error, message):
    with pytest.raises(error, match=message):
        call(tmp_path / "saved.json")
    assert not [p for p in tmp_path.iterdir() if p.name != "missing"]  # nothing written


# --- atomic saving ---------------------------------------------------------------------------------

@pytest.mark.parametrize("step", ["write", "fsync", "replace"])
@pytest.mark.parametrize("name", ["tokenizer", "unigram"])
def test_an_interrupted_save_leaves_the_old_file_whole(tmp_path, monkeypatch, name, step):
    form, obj = FORMATS[name], made(name)
    path = form.save(obj, tmp_path / "saved.json")
    before = path.read_bytes()
    other = Tokenizer() if name == "tokenizer" else {"a": -1.0}

    def crash(*args, **kwargs):
        raise KeyboardInterrupt("the power went out") if step == "fsync" else OSError(28, "No space left on device")

    if step == "write":  # the disk fills up half-way through writing
        real_fdopen = os.fdopen

        def fdopen(descriptor, mode, *args, **kwargs):
            handle = real_fdopen(descriptor, mode, *args, **kwargs)

            class Half:
                def __enter__(self):
                    return self

                def __exit__(self, *exc):
                    handle.close()

                def write(self, data):
                    handle.write(data[: len(data) // 2])
                    handle.flush()
                    crash()

            return Half()

        monkeypatch.setattr(storage.os, "fdopen", fdopen)
    else:
        monkeypatch.setattr(storage.os, step, crash)
    with pytest.raises((OSError, KeyboardInterrupt)):
        form.save(other, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["saved.json"]  # the temporary file is gone
    assert form.content(form.load(path)) == form.content(obj)


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    umask = os.umask(0o022)
    os.umask(umask)
    path = unigram.save_model({"a": -1.0}, tmp_path / "m.json")
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask  # not mkstemp's 0o600


# --- clear errors ----------------------------------------------------------------------------------

def _edited(tmp_path, name, edit, *, keep_checksum=False, file="edited.json"):
    """Save ``name``'s object, apply ``edit`` to the document, write it back (checksum removed unless kept)."""
    path = FORMATS[name].save(made(name), tmp_path / "original.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    if not keep_checksum:
        del document["checksum"]
    edit(document)
    target = tmp_path / file
    target.write_text(json.dumps(document, indent=1), encoding="ascii")  # \u escapes: a lone surrogate too
    return target


LOADERS = {"tokenizer": Tokenizer.load, "wordpiece": wordpiece.load_vocabulary, "unigram": unigram.load_model}
NOUNS = {"tokenizer": "tokenizer file", "wordpiece": "WordPiece vocabulary file", "unigram": "Unigram model file"}


@pytest.mark.parametrize("expected", list(LOADERS))
@pytest.mark.parametrize("actual", list(LOADERS))
def test_a_file_of_another_kind_is_named_as_such(tmp_path, actual, expected):
    path = FORMATS[actual].save(made(actual), tmp_path / f"{actual}.json")
    if actual == expected:
        LOADERS[expected](path)
        return
    with pytest.raises(FileFormatError, match=rf"{actual}\.json is a BPE Lab {NOUNS[actual]}, not a BPE Lab "
                                              rf"{NOUNS[expected]}: load it with bpe_lab\."):
        LOADERS[expected](path)


@pytest.mark.parametrize("name", list(LOADERS))
def test_damaged_files_say_what_is_wrong(tmp_path, name):
    load, noun = LOADERS[name], NOUNS[name]
    path = FORMATS[name].save(made(name), tmp_path / "saved.json")
    data = path.read_bytes()
    flip = data.rindex(b'e"')  # a letter inside a string: still valid JSON, other content
    cases = {
        "empty.json": (b"", "is empty \\(0 bytes\\)"),
        "cut.json": (data[: len(data) // 2], f"is not a BPE Lab {noun}: it is not valid JSON: it ends in the middle"),
        "binary.json": (b"\x89PNG\r\n\x1a\n\x00\x00", f"is not a BPE Lab {noun}: it is not UTF-8 text"),
        "garbled.json": (data.replace(b'"version"', b'"version" "', 1), "it is not valid JSON .*line 3"),
        "list.json": (b"[1, 2, 3]\n", "it holds a JSON list, not an object"),
        "foreign.json": (b'{"model": {"type": "BPE"}}', 'it has no "format" field'),
        "nan.json": (data.replace(b'"version": 1', b'"version": NaN', 1), "NaN, which is not a number JSON allows"),
        "twice.json": (data.replace(b'"version": 1,', b'"version": 1, "version": 1,', 1), "key 'version' appears twice"),
        "flipped.json": (data[:flip] + b"f" + data[flip + 1 :], "is damaged: its content does not match its checksum"),
    }
    for file, (content, message) in cases.items():
        (tmp_path / file).write_bytes(content)
        with pytest.raises(FileFormatError, match=rf"{file.replace('.', '[.]')}[ :,].*{message}"):
            load(tmp_path / file)
    with pytest.raises(FileNotFoundError, match=f"no {noun} at"):
        load(tmp_path / "missing.json")


@pytest.mark.parametrize("name", list(LOADERS))
@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d.update(version=2), "has format version 2; this bpe_lab reads version 1 .*written by a newer "
                                        "bpe_lab: update bpe_lab"),
        (lambda d: d.update(version="1"), "has format version '1'; this bpe_lab reads version 1"),
        (lambda d: d.update(format="bpe_lab.tokenizer2"), "its \"format\" is 'bpe_lab.tokenizer2'"),
        (lambda d: d.update(extra=1), "has the unknown field 'extra'"),
        (lambda d: d.update(checksum="sha256:0"), "does not match its checksum"),
    ],
)
def test_envelope_problems(tmp_path, name, edit, message):
    path = _edited(tmp_path, name, edit)
    with pytest.raises(FileFormatError, match=rf"edited\.json[ :].*{message}"):
        LOADERS[name](path)


def _pop(key):
    return lambda d: d.pop(key)


@pytest.mark.parametrize(
    "name, edit, message",
    [
        ("tokenizer", _pop("merges"), 'the field "merges" is missing'),
        ("tokenizer", lambda d: d.update(merges={}), '"merges" must be a list'),
        ("tokenizer", lambda d: d["merges"].__setitem__(3, ["a"]), r"merges\[3\] must be a pair of non-empty strings"),
        ("tokenizer", lambda d: d["merges"].__setitem__(3, ["a", ""]), r"merges\[3\] must be a pair"),
        ("tokenizer", lambda d: d["merges"].__setitem__(3, ["a", "\u20ac"]), r"merges\[3\]: .*'€' .*is not one of GPT-2's"),
        ("tokenizer", lambda d: d["merges"].insert(0, ["ab", "c"]), r"merges\[0\].*uses a token that no earlier merge made"),
        ("tokenizer", lambda d: d["merges"].append(d["merges"][0]), "repeats the pair"),
        ("tokenizer", lambda d: d.update(pattern="(unclosed"), r"pattern '\(unclosed' is neither"),
        ("tokenizer", lambda d: d.update(pattern=5), "pattern must be a name"),
        ("tokenizer", lambda d: d.update(special_tokens=[]), '"special_tokens" must be an object'),
        ("tokenizer", lambda d: d.update(special_tokens={"<|x|>": 65}), "id 65 is already used by token b'A'"),
        ("tokenizer", lambda d: d.update(special_tokens={"<|x|>": -1}), "must be a whole number >= 0"),
        ("tokenizer", lambda d: d.update(special_tokens={"<|x|>": 1.5}), "must be a whole number >= 0"),
        ("tokenizer", lambda d: d.update(special_tokens={"": 900}), "non-empty str"),
        ("tokenizer", lambda d: d.update(token_ids=list(range(5))), '"token_ids" has 5 ids for 600 tokens'),
        ("tokenizer", lambda d: d.update(token_ids=[0] * 600), "gives id 0 to both"),
        ("tokenizer", lambda d: d.update(token_ids=["0"] * 600), "whole-number id"),
        ("tokenizer", lambda d: d.update(token_ids="none"), '"token_ids" must be a list of ids or null'),
        ("wordpiece", lambda d: d["pieces"].append("a"), r"pieces\[400\] = 'a' is listed twice"),
        ("wordpiece", lambda d: d["pieces"].__setitem__(7, ""), r"pieces\[7\] must be a non-empty str"),
        ("wordpiece", lambda d: d["pieces"].__setitem__(7, 7), r"pieces\[7\] must be a non-empty str, got 7"),
        ("wordpiece", lambda d: d["pieces"].remove("[UNK]"), "have no '\\[UNK\\]'"),
        ("wordpiece", lambda d: d.update(pieces="abc"), '"pieces" and "special_tokens" must be lists'),
        ("wordpiece", lambda d: d["special_tokens"].append("[NEW]"), r"special_tokens\[5\] = '\[NEW\]' is not one of"),
        ("wordpiece", lambda d: d["special_tokens"].append("[PAD]"), r"special_tokens\[5\] = '\[PAD\]' is listed twice"),
        ("unigram", lambda d: d.update(pieces=[]), "the model has no pieces"),
        ("unigram", lambda d: d["pieces"].append(d["pieces"][0]), r"pieces\[200\]: the piece '.*' is listed twice"),
        ("unigram", lambda d: d["pieces"].__setitem__(0, ["\u00a7\u00a7", 0.5]), "is 0.5, positive"),
        ("unigram", lambda d: d["pieces"].__setitem__(0, ["\u00a7\u00a7", "-1"]), "must be a finite number, got '-1'"),
        ("unigram", lambda d: d["pieces"].__setitem__(0, ["\u00a7\u00a7", True]), "must be a finite number, got True"),
        ("unigram", lambda d: d["pieces"].__setitem__(0, ["x"]), r"pieces\[0\] must be a \[piece, log-probability\] pair"),
        ("unigram", lambda d: d["pieces"].__setitem__(0, [["x"], -1.0]), r"pieces\[0\]: a piece must be a non-empty string"),
        ("unigram", lambda d: d["pieces"].__setitem__(0, ["\ud800", -1.0]), "escaped lone surrogate"),
    ],
)
def test_invalid_content_is_explained(tmp_path, name, edit, message):
    path = _edited(tmp_path, name, edit)
    with pytest.raises(FileFormatError, match=rf"edited\.json[ :].*{message}"):
        LOADERS[name](path)


def test_a_huge_number_and_deep_nesting(tmp_path):
    path = tmp_path / "numbers.json"
    path.write_text('{"format": "bpe_lab.unigram", "version": 1, "pieces": [["a", -1e999]]}')
    with pytest.raises(FileFormatError, match="numbers.json is not a valid .*too large for a float"):
        unigram.load_model(path)
    path.write_text('{"format": "bpe_lab.unigram", "version": 1, "pieces": [["a", -' + "9" * 5000 + "]]}")
    with pytest.raises(FileFormatError, match="numbers.json is not a valid"):
        unigram.load_model(path)
    path.write_text('{"format": "bpe_lab.unigram", "version": 1, "pieces": [["a", -1' + "0" * 400 + "]]}")
    with pytest.raises(FileFormatError, match="numbers.json: the log-probability of 'a' must be a finite number"):
        unigram.load_model(path)  # an integer no float can hold
    with pytest.raises(ValueError, match="must be a finite number"):
        unigram.save_model({"a": -10**400}, tmp_path / "saved.json")
    path.write_text('{"format": "bpe_lab.unigram", "version": 1, "pieces": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(FileFormatError, match="numbers.json is not a BPE Lab Unigram model file: its JSON is nested"):
        unigram.load_model(path)


def test_a_hand_edited_file_loads_once_its_checksum_line_is_deleted(tmp_path):
    def edit(document):
        document["special_tokens"] = {"<|end|>": 600}

    with pytest.raises(FileFormatError, match="delete the \"checksum\" line"):
        Tokenizer.load(_edited(tmp_path, "tokenizer", edit, keep_checksum=True))
    assert Tokenizer.load(_edited(tmp_path, "tokenizer", edit)).special_tokens == {"<|end|>": 600}


def test_version_1_files_written_before_checksums_still_load(tmp_path):
    """The layout the first Tokenizer.save wrote (indent=1, no checksum, no trailing newline)."""
    tok = made("tokenizer_special")
    old = tmp_path / "old.json"
    old.write_text(json.dumps(tok.to_dict(), ensure_ascii=False, indent=1), encoding="utf-8")
    assert Tokenizer.load(old).to_dict() == tok.to_dict()
    minimal = tmp_path / "minimal.json"  # special_tokens and token_ids were optional on reading
    minimal.write_text(json.dumps({"format": "bpe_lab.tokenizer", "version": 1, "pattern": None, "merges": [["a", "b"]]}))
    assert Tokenizer.load(minimal).merges == [(b"a", b"b")]


# --- third-party files: damaged ones fail clearly too -------------------------------------------------

@pytest.mark.parametrize("reader, source, cases", [
    (unigram.read_sentencepiece_model, "botchan_en_unigram_1000.model", 150),
    (bert.load_vocab, "bert-base-uncased-vocab.txt", 60),
])
def test_damaged_third_party_files_fail_clearly(tmp_path, reader, source, cases):
    """SentencePiece .model and BERT vocab.txt carry no checksum: a damaged copy may load (with other
    content), but when it does not, the error is a FileFormatError naming the file, never another. `make check`
    loads a quarter of the copies (38 and 20): each of the six byte damages and both outcomes are among them."""
    data = corpus.data_path(source).read_bytes()
    if source.endswith(".txt"):
        data = data[:20_000]  # the first ~2,000 pieces: enough lines, faster
    rng = random.Random(SEED)
    path = tmp_path / source
    outcomes = {"loaded": 0, "clear": 0}
    for _ in range(examples(cases)):
        path.unlink(missing_ok=True)
        path.write_bytes(_byte_mutation(rng, data))
        try:
            reader(path)
            outcomes["loaded"] += 1
        except FileFormatError as exc:
            assert source in str(exc), str(exc)
            outcomes["clear"] += 1
    assert outcomes["clear"] > 0


# --- the fuzz test ---------------------------------------------------------------------------------

def _byte_mutation(rng: random.Random, data: bytes) -> bytes:
    kind = rng.choice(["truncate", "flip", "flips", "insert", "delete", "line"])
    n = len(data)
    if kind == "truncate":
        return data[: rng.randrange(n)]
    if kind == "flip":
        i = rng.randrange(n)
        return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]
    if kind == "flips":
        out = bytearray(data)
        for _ in range(rng.randint(2, 8)):
            out[rng.randrange(n)] = rng.randrange(256)
        return bytes(out)
    if kind == "insert":
        i = rng.randrange(n + 1)
        return data[:i] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 4))) + data[i:]
    if kind == "delete":
        i = rng.randrange(n)
        return data[:i] + data[i + rng.randint(1, 20) :]
    lines = data.split(b"\n")  # duplicate, drop or swap whole lines
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    action = rng.choice(["duplicate", "drop", "swap"])
    if action == "duplicate":
        lines.insert(i, lines[i])
    elif action == "drop":
        del lines[i]
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


_OTHER_VALUES = [None, True, False, 0, -1, 1.5, -2.5, 10**6, -10**400, 2**63, -1e-320, "", "x", "[UNK]", "\ud800",
                 [], [1], ["a", "b"], [[]], {}, {"a": 1}]


def _containers(value, out):
    if isinstance(value, (dict, list)):
        out.append(value)
        for item in (value.values() if isinstance(value, dict) else value):
            _containers(item, out)
    return out


def _json_mutation(rng: random.Random, document: dict) -> dict:
    document = copy.deepcopy(document)
    kind = rng.choice(["retype", "retype", "delete", "list", "version", "format", "checksum", "extra"])
    if kind == "version":
        document["version"] = rng.choice([0, 2, 99, -1, "1", 1.0, None, True, [1]])
    elif kind == "format":
        document["format"] = rng.choice(["bpe_lab.tokenizer", "bpe_lab.wordpiece", "bpe_lab.unigram",
                                         "bpe_lab.model", "", None, 1])
    elif kind == "checksum":
        value = document.get("checksum", "")
        document["checksum"] = rng.choice([value[:-1] + "0", value.upper(), "", None, 0, value[7:]])
    elif kind == "extra":
        document[rng.choice(["extra", "Pieces", "merge"])] = rng.choice(_OTHER_VALUES)
    else:
        containers = [c for c in _containers(document, []) if c]
        container = rng.choice(containers)
        keys = list(container) if isinstance(container, dict) else list(range(len(container)))
        key = rng.choice(keys)
        if kind == "retype":
            container[key] = copy.deepcopy(rng.choice(_OTHER_VALUES))
        elif kind == "delete":
            del container[key]
        elif isinstance(container, list):  # duplicate, swap, or drop list items
            other = rng.choice(keys)
            action = rng.choice(["duplicate", "swap", "pop"])
            if action == "duplicate":
                container.insert(other, copy.deepcopy(container[key]))
            elif action == "swap":
                container[key], container[other] = container[other], container[key]
            else:
                container.pop(key)
        else:
            del container[key]
    return document


def _serialise(rng: random.Random, document) -> bytes:
    if rng.random() < 0.5:
        text = storage.dumps(document) if isinstance(document, dict) else "[]"
    else:
        text = json.dumps(document, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 1, 2]))
    return text.encode("utf-8", "surrogatepass")  # a lone surrogate: escaped, or as bytes UTF-8 does not allow


def fuzz(name: str, cases: int, unchecked: int, folder: Path, seed: int = SEED) -> dict:
    """Damage ``name``'s saved file ``cases`` times (bytes or JSON, checksum line kept) and ``unchecked``
    times (JSON-level edits with the checksum line deleted, as after a hand edit); load each copy and
    count the outcomes per group. Any outcome but the allowed ones is listed in "failures"."""
    form, obj = FORMATS[name], made(name)
    data = form.save(obj, folder / f"{name}.json").read_bytes()
    document = json.loads(data.decode("utf-8"))
    without_checksum = {key: value for key, value in document.items() if key != "checksum"}
    expected = form.content(obj)
    rng = random.Random(f"{seed}-{name}")
    counts = {group: {"loads": 0, "same": 0, "clear": 0, "other": 0, "different": 0}
              for group in ("checked", "unchecked")}
    failures = []
    path = folder / f"damaged_{name}.json"
    for case in range(cases + unchecked):
        group = "checked" if case < cases else "unchecked"
        if group == "checked":
            damaged = _byte_mutation(rng, data) if rng.random() < 0.6 else _serialise(rng, _json_mutation(rng, document))
        else:
            edited = _json_mutation(rng, without_checksum)
            if isinstance(edited, dict):
                edited.pop("checksum", None)
            damaged = _serialise(rng, edited)
        path.unlink(missing_ok=True)  # a fresh file: truncating one in place can wait on the disk (ext4)
        path.write_bytes(damaged)
        tally = counts[group]
        tally["loads"] += 1
        try:
            loaded = form.load(path)
        except FileFormatError as exc:
            if path.name in str(exc):
                tally["clear"] += 1
            else:
                tally["other"] += 1
                failures.append((group, case, f"FileFormatError without the file name: {exc}"))
        except Exception as exc:  # noqa: BLE001 - the point is to catch anything else
            tally["other"] += 1
            failures.append((group, case, f"{type(exc).__name__}: {exc}"[:300]))
        else:
            if form.content(loaded) == expected:
                tally["same"] += 1
                continue
            tally["different"] += 1
            if group == "checked":
                failures.append((group, case, "loaded different content from a damaged file"))
            else:  # a deliberate edit without a checksum may be valid: it must then save and load again
                again = form.load(form.save(loaded, folder / "resaved.json"))
                if form.content(again) != form.content(loaded):
                    failures.append((group, case, "a valid hand-edited file does not survive save -> load"))
    counts["failures"] = failures
    return counts


@pytest.mark.parametrize("name", list(FORMATS))
def test_fuzzed_files_load_exactly_or_fail_clearly(tmp_path, name):
    from conftest import record_fuzz

    counts = fuzz(name, FUZZ_CASES, UNCHECKED_CASES, tmp_path)
    checked, unchecked = counts["checked"], counts["unchecked"]
    record_fuzz(f"{name}", checked["loads"], checked["same"], checked["clear"], checked["other"] + checked["different"])
    record_fuzz(f"{name}, no checksum ({unchecked['different']} valid edits loaded)", unchecked["loads"],
                unchecked["same"], unchecked["clear"], unchecked["other"])
    assert counts["failures"] == []
    assert checked["loads"] == FUZZ_CASES and checked["other"] == checked["different"] == 0
    assert checked["same"] + checked["clear"] == FUZZ_CASES
    assert unchecked["loads"] == UNCHECKED_CASES and unchecked["other"] == 0
    assert checked["same"] > 0 and checked["clear"] > FUZZ_CASES // 2 and unchecked["clear"] > UNCHECKED_CASES // 2


if __name__ == "__main__":  # the bigger one-off run: python tests/test_storage.py [cases per format]
    import tempfile
    import time

    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    with tempfile.TemporaryDirectory() as folder:
        for name in FORMATS:
            start = time.perf_counter()
            counts = fuzz(name, cases, cases // 3, Path(folder), seed=SEED + 1)
            c, u = counts["checked"], counts["unchecked"]
            print(f"{name:<18} {c['loads']:>6,} damaged loads: {c['same']:,} original content, {c['clear']:,} clear "
                  f"errors, {c['different']} different content, {c['other']} other exceptions | checksum line "
                  f"deleted: {u['loads']:,} loads, {u['same']:,} original, {u['clear']:,} clear errors, "
                  f"{u['different']:,} valid edited content, {u['other']} other  [{time.perf_counter() - start:.1f} s]")
            for failure in counts["failures"][:10]:
                print("   ", *failure)
