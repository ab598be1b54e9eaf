"""Bad-input rows for bpe_lab.storage: one call per row (what a row checks: conftest.py)."""

from bpe_lab import storage

from .conftest import NAN, TMP, tmpfile, missing, Rows

ROWS = Rows("storage")
raises = ROWS.raises

raises("storage.write_bytes_atomic", "data='x'", lambda: storage.write_bytes_atomic(TMP / "w.bin", "x"), TypeError,
    r"data must be bytes, got str; use text.encode\('utf-8'\)")
raises("storage.write_bytes_atomic", "path=folder", lambda: storage.write_bytes_atomic(TMP, b"x"), IsADirectoryError,
    r"cannot save to .*: it is a folder")
raises("storage.write_bytes_atomic", "path=5", lambda: storage.write_bytes_atomic(5, b"x"), TypeError, r"path must be")
raises("storage.write_text_atomic", "path=5", lambda: storage.write_text_atomic(5, "x"), TypeError,
    r"path must be a file path \(a str or pathlib\.Path\), got int")
raises("storage.write_text_atomic", "path=b'x'", lambda: storage.write_text_atomic(b"x", "x"), TypeError,
    r"path must be a file path")
raises("storage.write_text_atomic", "text=5", lambda: storage.write_text_atomic(TMP / "w.txt", 5), TypeError,
    r"text must be a str, got int")
raises("storage.write_text_atomic", "text with a lone surrogate",
    lambda: storage.write_text_atomic(TMP / "w.txt", "a\ud800"), ValueError, r"text (holds|contains) a lone surrogate")
raises("storage.write_text_atomic", "a missing folder", lambda: storage.write_text_atomic(missing("w.txt"), "x"),
    FileNotFoundError, r"cannot save to .*: the folder .* does not exist")
raises("storage.write_text_atomic", "a folder", lambda: storage.write_text_atomic(TMP, "x"), IsADirectoryError,
    r"cannot save to .*: it is a folder; give a file name")
raises("storage.dumps", "document=5", lambda: storage.dumps(5), TypeError, r"document must be a dict, got int")
raises("storage.dumps", "document={'a': nan}", lambda: storage.dumps({"a": NAN}), ValueError, r"NaN|nan")
raises("storage.checksum", "document=5", lambda: storage.checksum(5), TypeError, r"document must be a dict, got int")
raises("storage.save", "kind='nope'", lambda: storage.save(TMP / "s.json", "nope", {}), ValueError,
    r"kind must be one of \['merge_cache', 'tokenizer', 'unigram', 'wordpiece'\], got 'nope'")
raises("storage.save", "payload with an unknown field", lambda: storage.save(TMP / "s.json", "unigram", {"x": 1}),
    ValueError, r"payload")
raises("storage.save", "payload=5", lambda: storage.save(TMP / "s.json", "unigram", 5), TypeError,
    r"payload must be a dict")
raises("storage.load", "kind='nope'", lambda: storage.load(TMP / "s.json", "nope", dict), ValueError,
    r"kind must be one of \['merge_cache', 'tokenizer', 'unigram', 'wordpiece'\], got 'nope'")
raises("storage.load", "path=5", lambda: storage.load(5, "unigram", dict), TypeError, r"path must be a file path")
raises("storage.load", "build=5",
    lambda: storage.load(tmpfile("u1.json", '{"format": "bpe_lab.unigram", "version": 1, "pieces": []}'), "unigram", 5),
    TypeError, r"build must be a function \(payload, version\) -> object")

test_bad_input = ROWS.test()
