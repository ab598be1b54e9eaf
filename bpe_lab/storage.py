"""Saving and loading BPE Lab's own files: atomic writes, versioned JSON, clear errors.

Every file BPE Lab saves (a ``Tokenizer``, a trained WordPiece vocabulary, a trained Unigram model) is
one JSON object that starts with its kind and format version, carries a checksum of its content, and
then the payload::

    {
     "format": "bpe_lab.unigram",
     "version": 1,
     "checksum": "sha256:…",
     "pieces": [
      ["▁the", -3.36],
      …
     ]
    }

- Saving is atomic: the text goes to a temporary file in the same folder, is flushed to disk, and then
  renamed over the target (``os.replace``). An interrupted save leaves the old file as it was, never
  half a file; the temporary file is removed on any failure.
- Saving is deterministic: the same content always gives the same bytes (fixed key order, one list
  item per line, floats written so that they read back exactly), so save → load → save is byte-identical.
- Loading checks, in order: UTF-8, valid JSON, an object, the right ``format`` (a file of another
  BPE Lab kind is named as such), a ``version`` this bpe_lab reads, the expected fields, the checksum,
  and then the payload itself (each module's own checks). Any problem raises ``FileFormatError``
  (a ``ValueError``) whose message names the file, says what is wrong and what to do.

The checksum makes damage visible even where the damaged file is still valid JSON (a flipped letter
in a piece, a changed digit in a score). A file without a ``"checksum"`` line is read without that
check, so a file edited by hand can be loaded by deleting its checksum line (it is still validated).
One kind, the merge cache, is checksummed over its bytes instead (``Kind.checksum_of_bytes``): for its
2 MB that takes a millisecond, where writing the content out again as canonical JSON takes over ten.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = save(folder / "model.json", "unigram", {"pieces": [["a", -0.5], ["b", -1.0]]})
>>> load(path, "unigram", lambda payload, version: payload["pieces"])
[['a', -0.5], ['b', -1.0]]
>>> _ = (folder / "model.json").write_text('{"format": "bpe_lab.unigram", "version": 1, "pie')
>>> try:
...     load(path, "unigram", lambda payload, version: payload)
... except FileFormatError as exc:
...     print(exc.path.name, exc.problem[:80])
model.json is not a BPE Lab Unigram model file: it is not valid JSON: it ends in the middle
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from . import _checks as check

__all__ = ["FileFormatError", "Kind", "KINDS", "write_text_atomic", "write_bytes_atomic", "dumps", "checksum", "save", "load"]


class FileFormatError(ValueError):
    """A file that cannot be loaded: damaged, truncated, of another kind, or of an unknown version.

    ``path`` is the file and ``problem`` what is wrong with it; the message names both and says what to do.
    """

    def __init__(self, path, problem: str):
        self.path = Path(path)
        self.problem = problem
        # "x.json is not …" / "x.json has …" read as sentences, "x.txt, line 3: …" as a place; else "x.json: …"
        joiner = " " if problem.startswith(("is ", "has ", "holds ")) else "" if problem.startswith(",") else ": "
        super().__init__(f"{path}{joiner}{problem}")


@dataclass(frozen=True)
class Kind:
    """One kind of saved file: its ``format`` name, what it is called, how to load it, its versions.

    ``fields[version]`` is (required field names, optional field names) of the payload, in the order
    they are written; ``versions[-1]`` is the version written now. ``checksum_required``: a file without
    a checksum is refused (a cache, which nobody edits by hand and which must never be trusted unchecked).

    ``checksum_of_bytes``: the checksum is the sha256 of the file's bytes after the checksum line, exactly as
    written, rather than of the content written out again as canonical JSON (``checksum``). Both catch any
    change to the content; the bytes are hashed without building a second JSON text of a large file, but a
    file re-indented by hand no longer matches (fine for a cache, which nobody edits).
    """

    name: str
    format: str
    noun: str
    loader: str
    versions: tuple
    fields: dict
    checksum_required: bool = False
    checksum_of_bytes: bool = False

    @property
    def title(self) -> str:
        return f"BPE Lab {self.noun}"

    @property
    def version(self) -> int:
        return self.versions[-1]


KINDS = {
    kind.name: kind
    for kind in [
        Kind("tokenizer", "bpe_lab.tokenizer", "tokenizer file", "bpe_lab.tokenizer.Tokenizer.load", (1,),
             {1: (("pattern", "merges"), ("special_tokens", "token_ids"))}),  # optional: {} and null
        Kind("wordpiece", "bpe_lab.wordpiece", "WordPiece vocabulary file", "bpe_lab.wordpiece.load_vocabulary", (1,),
             {1: (("special_tokens", "pieces"), ())}),
        Kind("unigram", "bpe_lab.unigram", "Unigram model file", "bpe_lab.unigram.load_model", (1,),
             {1: (("pieces",), ())}),
        # merges recovered from tiktoken ranks, cached by bpe_lab.gpt2.load_encoding (see bpe_lab._merge_cache)
        # (version 3: checksum of the bytes; 2: of the canonical JSON; 1: one split per token. Older ones are rebuilt.)
        Kind("merge_cache", "bpe_lab.merge_cache", "merge cache file", "bpe_lab.gpt2.load_encoding", (3,),
             {3: (("vocabulary", "ranks_sha256", "lefts", "rights", "unmergeable"), ())}, checksum_required=True,
             checksum_of_bytes=True),
    ]
}
_BY_FORMAT = {kind.format: kind for kind in KINDS.values()}
_ENVELOPE = ("format", "version", "checksum")
_SAVE_AGAIN = "save it again from the object it came from"


# ------------------------------------------------------------------------------------------------
# Writing
# ------------------------------------------------------------------------------------------------

def write_text_atomic(path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` so that the file is either the old one or the new one, whole.

    The text goes to a temporary file next to ``path`` (same folder, so the rename stays on one file
    system), which is flushed and fsync'ed, then renamed over ``path`` with ``os.replace``. On any
    failure, including KeyboardInterrupt, the temporary file is removed and the old file is untouched.
    """
    path, text = check.path(path), check.text(text)
    try:
        data = text.encode("utf-8")  # before touching the disk: a lone surrogate fails here
    except UnicodeEncodeError as exc:
        raise ValueError(f"text holds a lone surrogate {check.lone_surrogate(exc)}, which is not a character and "
                         "cannot be written as UTF-8; pass text without lone surrogates") from None
    return write_bytes_atomic(path, data)


def write_bytes_atomic(path, data: bytes) -> Path:
    """Write ``data`` to ``path`` as ``write_text_atomic`` writes text: the old file or the new one, whole
    (binary formats such as SentencePiece's ``.model`` are saved this way)."""
    path, data = check.path(path), check.byte_data(data)
    if path.is_dir():
        raise IsADirectoryError(f"cannot save to {path}: it is a folder; give a file name, e.g. {path / 'saved.json'}")
    if not path.parent.is_dir():
        raise FileNotFoundError(f"cannot save to {path}: the folder {path.parent} does not exist")
    while True:
        temporary = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
        try:
            # 0o666 minus the umask: the saved file gets the permissions any new file would get
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
            break
        except FileExistsError:
            continue
        except OSError as exc:
            raise OSError(exc.errno, f"cannot save to {path}: {exc.strerror}") from None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    _sync_folder(path.parent)
    return path


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); best effort, as not every system can open a folder."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _compact(value) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))


def dumps(document: dict) -> str:
    """A document as JSON text, the same bytes for the same content.

    Keys keep the document's order (callers build it in a fixed order); a list or object value has one
    item per line; floats use Python's repr, which reads back exactly; NaN and infinity are refused
    (ValueError); the text ends with a newline.

    >>> print(dumps({"format": "x", "pieces": [["a", -0.5], ["b", -1.0]], "empty": []}), end="")
    {
     "format": "x",
     "pieces": [
      ["a", -0.5],
      ["b", -1.0]
     ],
     "empty": []
    }
    """
    check.instance(document, dict, "document must be a dict")
    try:
        return _dumps(document)
    except ValueError as exc:  # NaN or infinity (allow_nan=False), or a list that contains itself
        problem = str(exc)
    except TypeError as exc:  # a value JSON has no form for (a set, an object)
        raise TypeError(f"document holds a value JSON cannot store ({check.short(str(exc))}); pass only dicts, "
                        "lists, str, int, float, bool and None") from None
    if problem.startswith("Out of range float"):
        raise ValueError("document holds NaN or infinity, which JSON cannot store; pass finite numbers only")
    raise ValueError(f"document cannot be written as JSON: {check.short(problem)}")


def _dumps(document: dict) -> str:
    lines = ["{"]
    for number, (key, value) in enumerate(document.items()):
        comma = "," if number < len(document) - 1 else ""
        head = f" {_compact(key)}: "
        if isinstance(value, (list, tuple)) and value:
            # speed: a list of plain ints (a merge cache's 200,000 splits) is written by str, as JSON writes them
            write = str if set(map(type, value)) == {int} else _compact
            items = [f"  {write(item)}" for item in value]
            lines += [head + "[", ",\n".join(items), " ]" + comma]
        elif isinstance(value, dict) and value:
            items = [f"  {_compact(k)}: {_compact(v)}" for k, v in value.items()]
            lines += [head + "{", ",\n".join(items), " }" + comma]
        else:
            lines.append(head + _compact(value) + comma)
    lines.append("}")
    return "\n".join(lines) + "\n"


def checksum(document: dict) -> str:
    """"sha256:" and the hex digest of the document's content (without its "checksum" field).

    Computed on a canonical form (sorted keys, no spaces), so re-indenting the file does not change it.
    """
    check.instance(document, dict, "document must be a dict")
    content = {key: value for key, value in document.items() if key != "checksum"}
    canonical = json.dumps(content, ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def save(path, kind: str, payload: dict) -> Path:
    """Save ``payload`` (the fields of ``kind``'s current version) as a versioned, checksummed document.

    ``kind`` is one of ``KINDS`` ('tokenizer', 'unigram', 'wordpiece', 'merge_cache'); ``payload`` is a dict holding
    every required field of that kind and no other than its optional ones.
    """
    spec = check.file_kind(kind, KINDS)
    path, payload = check.path(path), check.file_payload(payload, spec)
    required, optional = spec.fields[spec.version]
    document = {"format": spec.format, "version": spec.version}
    document.update((field, payload[field]) for field in required + optional if field in payload)
    try:
        if spec.checksum_of_bytes:
            text = _dumps_with_checksum_of_bytes(document)
        else:
            text = dumps({"format": spec.format, "version": spec.version, "checksum": checksum(document), **document})
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start : exc.end]
        raise ValueError(f"cannot save this {spec.noun[:-5]}: it holds the lone surrogate {bad!r}, which is not "
                         "a character and cannot be written as UTF-8") from None
    except ValueError as exc:  # NaN or infinity
        raise ValueError(f"cannot save this {spec.noun[:-5]}: {exc}") from None
    return write_text_atomic(path, text)


_CHECKSUM_LINE = b'\n "checksum": '  # how ``dumps`` starts the line of the top-level "checksum" field


def _checksum_of_bytes(data: bytes) -> str | None:
    """"sha256:" and the hex digest of the bytes after the checksum line (``Kind.checksum_of_bytes``), or None
    if the file has no such line.

    subtle: ``dumps`` writes each top-level field on a line of its own starting with one space, and a string's
    own line breaks are escaped, so the first line starting with ``"checksum":`` after a line break is that field.
    """
    start = data.find(_CHECKSUM_LINE)
    end = data.find(b"\n", start + 1)
    if start < 0 or end < 0:
        return None
    return "sha256:" + hashlib.sha256(memoryview(data)[end + 1 :]).hexdigest()


def _dumps_with_checksum_of_bytes(document: dict) -> str:
    """``dumps`` of ``document`` (format and version first) with a "checksum" field after them: the sha256 of the
    UTF-8 bytes written after its line (what ``_checksum_of_bytes`` reads back). A "checksum" it holds is replaced."""
    content = {key: value for key, value in document.items() if key != "checksum"}
    text = dumps({"format": document["format"], "version": document["version"], "checksum": "", **content})
    head, rest = text.split('\n "checksum": "",\n', 1)
    digest = "sha256:" + hashlib.sha256(rest.encode("utf-8")).hexdigest()
    return f'{head}\n "checksum": "{digest}",\n{rest}'


# ------------------------------------------------------------------------------------------------
# Reading
# ------------------------------------------------------------------------------------------------

class _Duplicate(Exception):
    pass


def _no_duplicates(pairs):
    document = {}
    for key, value in pairs:
        if key in document:
            raise _Duplicate(key)
        document[key] = value
    return document


def _no_constant(name):
    raise ValueError(f"it holds {name}, which is not a number JSON allows")


def _finite_float(text):
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"it holds the number {text[:30]}, too large for a float")
    return value


def _parse(path: Path, data: bytes, spec: Kind):
    """Bytes -> the JSON document, or FileFormatError saying why not."""
    foreign = f"is not a {spec.title}: "
    if not data:
        raise FileFormatError(path, f"is empty (0 bytes): an interrupted write or a new file; {_SAVE_AGAIN}")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a byte-order mark that an editor added
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileFormatError(path, f"{foreign}it is not UTF-8 text (byte 0x{data[exc.start]:02x} at position "
                                    f"{exc.start}); was it damaged or written by another program? "
                                    f"{_SAVE_AGAIN}") from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                          parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise FileFormatError(path, f"{foreign}it is not valid JSON: it ends in the middle (after {len(data)} "
                                        f"bytes: {exc.msg}); was it truncated, e.g. by an interrupted copy? "
                                        f"{_SAVE_AGAIN}") from None
        raise FileFormatError(path, f"{foreign}it is not valid JSON ({exc.msg}: line {exc.lineno} column "
                                    f"{exc.colno}); was it truncated, damaged or written by another program? "
                                    f"{_SAVE_AGAIN}") from None
    except _Duplicate as exc:
        raise FileFormatError(path, f"is not a valid {spec.title}: the key {exc.args[0]!r} appears twice in one "
                                    f"object; was it damaged or edited by hand? {_SAVE_AGAIN}") from None
    except RecursionError:
        raise FileFormatError(path, f"{foreign}its JSON is nested too deeply to be one; {_SAVE_AGAIN}") from None
    except ValueError as exc:  # NaN / Infinity / 1e999, or an integer with thousands of digits
        raise FileFormatError(path, f"is not a valid {spec.title}: {exc}; was it damaged? {_SAVE_AGAIN}") from None


def read_bytes(path: Path, noun: str, folder: str | None = None) -> bytes:
    """The bytes of the file at ``path`` (a Path, already checked), for bpe_lab's readers: a missing file raises
    FileNotFoundError "no <noun> at <path>", a folder IsADirectoryError "<path> is a folder, not <folder>" (by
    default "a <noun>")."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(f"no {noun} at {path}") from None
    except IsADirectoryError:
        raise IsADirectoryError(f"{path} is a folder, not {folder or 'a ' + noun}") from None


def load(path, kind: str, build):
    """Read a document of ``kind`` and return ``build(payload, version)``.

    ``payload`` holds the fields after the envelope (format, version, checksum) has been checked;
    ``build`` turns it into the object, raising ``ValueError`` or ``TypeError`` for content it refuses:
    those become ``FileFormatError`` naming the file. A missing file raises ``FileNotFoundError``.
    """
    spec = check.file_kind(kind, KINDS)
    path, build = check.path(path), check.file_builder(build)
    data = read_bytes(path, spec.noun)
    document = _parse(path, data, spec)
    version = _check_envelope(path, document, spec, data)
    required, optional = spec.fields[version]
    try:
        return build({key: document[key] for key in required + optional if key in document}, version)
    except FileFormatError:
        raise
    except (TypeError, ValueError) as exc:
        raise FileFormatError(path, str(exc)) from None


def _check_envelope(path: Path, document, spec: Kind, data: bytes) -> int:
    """The document's version, once its format, version, fields and checksum are right; else FileFormatError.
    ``data``: the file's bytes, of which a ``checksum_of_bytes`` kind's checksum is."""
    foreign = f"is not a {spec.title}"
    if not isinstance(document, dict):
        raise FileFormatError(path, f"{foreign}: it holds a JSON {type(document).__name__}, not an object "
                                    f"starting with \"format\": \"{spec.format}\"")
    found = document.get("format")
    if found != spec.format:
        if isinstance(found, str) and found in _BY_FORMAT:
            other = _BY_FORMAT[found]
            raise FileFormatError(path, f"is a {other.title}, not a {spec.title}: load it with {other.loader}")
        if "format" not in document:
            raise FileFormatError(path, f"{foreign} (it has no \"format\" field; expected \"format\": "
                                        f"\"{spec.format}\"); was it written by another program?")
        raise FileFormatError(path, f"{foreign} (its \"format\" is {check.short(found)}; expected "
                                    f"\"{spec.format}\"); was it damaged or written by another program?")
    version = document.get("version")
    readable = ", ".join(map(str, spec.versions))
    if isinstance(version, bool) or not isinstance(version, int) or version not in spec.versions:
        newer = isinstance(version, int) and not isinstance(version, bool) and version > spec.version
        raise FileFormatError(
            path, f"has format version {check.short(version)}; this bpe_lab reads version {readable} "
            f"of {spec.title}s"
            + ("; it was written by a newer bpe_lab: update bpe_lab to read it" if newer
               else f"; was it damaged? {_SAVE_AGAIN}"))
    _check_fields(path, document, spec, version, data)
    return version


def _check_fields(path: Path, document: dict, spec: Kind, version: int, data: bytes) -> None:
    """Every required field and no unknown one, and the content matches the checksum (if there is one)."""
    required, optional = spec.fields[version]
    for field in required:
        if field not in document:
            raise FileFormatError(path, f"is not a complete {spec.title}: the field \"{field}\" is missing; "
                                        f"was it damaged or edited by hand? {_SAVE_AGAIN}")
    unknown = [key for key in document if key not in _ENVELOPE + required + optional]
    if unknown:
        raise FileFormatError(path, f"is not a valid {spec.title}: it has the unknown field {check.short(unknown[0])} "
                                    f"(version {version} has {', '.join(required + optional)}); was it damaged "
                                    f"or edited by hand? {_SAVE_AGAIN}")
    try:
        # (checksum() also refuses a string that is not valid Unicode, checksum or not; a kind with a checksum of
        # its bytes leaves that to its own checks of its fields)
        actual = _checksum_of_bytes(data) if spec.checksum_of_bytes else checksum(document)
    except UnicodeEncodeError as exc:
        raise FileFormatError(path, f"is not a valid {spec.title}: it holds the escaped lone surrogate "
                                    f"{exc.object[exc.start:exc.end]!r}, which is not a character; "
                                    f"{_SAVE_AGAIN}") from None
    if spec.checksum_required and "checksum" not in document:
        raise FileFormatError(path, f"is not a valid {spec.title}: it has no \"checksum\" field, which this kind "
                                    f"of file must have; {_SAVE_AGAIN}")
    if "checksum" in document and document["checksum"] != actual:
        raise FileFormatError(
            path, f"is damaged: its content does not match its checksum (\"checksum\": "
            f"{check.short(document['checksum'])}). Save it again from the object it came from; if you edited it by "
            "hand on purpose, delete the \"checksum\" line and it is read unchecked (but still validated)")
