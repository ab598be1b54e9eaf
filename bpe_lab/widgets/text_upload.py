"""Your own text (notebook 10): a file given by its path or uploaded, read as UTF-8 text, with a clear message
for a file that is not.

``read_text(path)`` reads a file from disk and ``decode_text(data, name)`` the bytes of an upload. Both refuse,
with a ValueError that says what to do, a file that is

- larger than ``max_bytes`` (``MAX_TEXT_BYTES``, 10 MB, by default): a path's size is looked up before
  anything is read, and at most ``max_bytes + 1`` bytes are ever read, so a huge file (or an endless one
  such as ``/dev/zero``) cannot fill the kernel's memory;
- empty, or nothing but whitespace;
- binary: it holds a NUL byte, which text never does (a UTF-16 file, recognised by its byte-order mark, is
  named as such);
- not UTF-8: the message gives the first byte that is not, with its line, and how to convert the file.

A UTF-8 byte-order mark at the start (some Windows editors write one) is dropped.

``text_upload()`` is the widget: an upload button and a line saying what was read, or why not. The text of
the last good upload is ``.text`` (None before one, or after a file that was refused), its file name
``.name``. Running the widget's cell again makes a new, empty button; ``text_upload(keep=upload)`` hands it
the text the earlier widget had read, and its line says so, so a re-run does not silently drop an upload.
The browser sends the whole file to the kernel before Python can look at its size, so for a file
of more than a few megabytes give its path instead.

What this module does not do: guess an encoding (a Latin-1 file is refused, with how to convert it), or
read the text out of a .docx or .pdf (save it as plain text first).

>>> decode_text("naïve\\n".encode("utf-8"), "notes.txt")
'naïve\\n'
>>> decode_text(b"caf\\xe9", "latin1.txt")
Traceback (most recent call last):
ValueError: latin1.txt is not UTF-8 text: byte 3 (line 1) is 0xe9, which UTF-8 does not allow there.
It may be Latin-1 or Windows-1252 text: save it as UTF-8 (in most editors: Save As, encoding UTF-8),
or read it yourself with pathlib.Path(path).read_text(encoding="cp1252")
"""

from __future__ import annotations

import codecs
import html

import ipywidgets as w

from .. import _checks as check
from .common import App

__all__ = ["MAX_TEXT_BYTES", "read_text", "decode_text", "TextUpload", "text_upload"]

MAX_TEXT_BYTES = 10_000_000  # 10 MB: about fifteen novels, far more than a notebook trains on in seconds


def read_text(path, *, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The text of the file at ``path`` (a str or pathlib.Path), read as UTF-8; see the module docstring for
    what is refused. A missing file raises FileNotFoundError, a folder IsADirectoryError."""
    path, max_bytes = check.path(path), check.text_limit(max_bytes)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise FileNotFoundError(f"no file at {path}: check the path (a relative path starts in the notebook's "
                                "folder)") from None
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a folder: give the path of a text file in it")
    if size > max_bytes:
        raise ValueError(_too_big(str(path), size, max_bytes))
    with path.open("rb") as file:
        data = file.read(max_bytes + 1)  # subtle: a file that grew since stat(), or never ends, stops here
    if len(data) > max_bytes:
        raise ValueError(_too_big(str(path), None, max_bytes))
    return decode_text(data, str(path), max_bytes=max_bytes)


def decode_text(data, name: str = "the file", *, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """``data`` (bytes, bytearray or memoryview: a file's content) as text, if it is UTF-8 text of at most
    ``max_bytes`` bytes; otherwise a ValueError naming ``name`` and saying what to do (module docstring).
    A UTF-8 byte-order mark at the start is dropped."""
    data, name, max_bytes = check.text_file_bytes(data, name, max_bytes)
    if len(data) > max_bytes:  # before any copy
        raise ValueError(_too_big(name, len(data), max_bytes))
    data = bytes(data)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise ValueError(f"{name} is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8 "
                         "(in most editors: Save As, encoding UTF-8)")
    nul = data.find(b"\0")
    if nul >= 0:
        raise ValueError(f"{name} looks binary, not text: byte {nul:,} is a NUL byte, which text never holds. "
                         "Give a plain-text file (.txt, .md, .py, .csv, ...); save a .docx or .pdf as plain text first")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ValueError(f"{name} is not UTF-8 text: byte {exc.start:,} (line {line:,}) is 0x{data[exc.start]:02x}, "
                         "which UTF-8 does not allow there. It may be Latin-1 or Windows-1252 text: save it as UTF-8 "
                         "(in most editors: Save As, encoding UTF-8), or read it yourself with "
                         'pathlib.Path(path).read_text(encoding="cp1252")') from None
    if not text.strip():
        empty = "is empty but for whitespace" if text else "is empty"
        raise ValueError(f"{name} {empty}: there is nothing to train on")
    return text


def _too_big(name: str, size: int | None, max_bytes: int) -> str:
    """The message for a file over the limit; ``size`` None: it did not end within the limit (it grew while it
    was read, or never ends)."""
    said = "does not end within" if size is None else f"is {_size(size)}, more than"
    return (f"{name} {said} the limit of {_size(max_bytes)} (max_bytes), which keeps a "
            "huge file from filling the kernel's memory: use the first part of it (on a command line: "
            f"head -c {max_bytes} big.txt > part.txt), or pass a larger max_bytes")


def _size(count: int) -> str:
    """12000000 -> "12,000,000 bytes (12.0 MB)": the exact count, so a file just over the limit reads as over it."""
    return f"{count:,} bytes" + (f" ({count / 1e6:.1f} MB)" if count >= 1_000_000 else "")


class TextUpload(App):
    """An upload button and a status line. ``text`` and ``name``: the last file read (None before one, and
    after a file that was refused), or the one ``keep``, the widget this one replaces, had read; ``status``:
    the line, as the widget shows it."""

    def __init__(self, *, max_bytes: int = MAX_TEXT_BYTES, keep: TextUpload | None = None):
        self.max_bytes, keep = check.text_limit(max_bytes), check.kept_upload(keep)
        self.text = self.name = None
        self.button = w.FileUpload(description="Upload a text file", multiple=False,
                                   accept=".txt,.md,.py,.csv,.json,.html,.xml,.tex,.rst,.tsv,text/*",
                                   layout=w.Layout(width="auto"))
        self.status_line = w.HTML()
        self.status = ("No file uploaded: the notebook uses its default text. Upload a UTF-8 text file of at most "
                       f"{_size(self.max_bytes)}.")
        if keep is not None and keep.text is not None and len(keep.text.encode("utf-8")) <= self.max_bytes:
            # subtle: a new button starts empty, so the text read by the widget this one replaces is carried over
            self.text, self.name = keep.text, keep.name
            self.status = (f"✓ {self.name}: {len(self.text):,} characters, {len(self.text.splitlines()):,} lines, "
                           "kept from before this cell ran again (upload another file to replace it). "
                           "Run the cells below again to train on it.")
        self._show()
        self.button.observe(self._read, names="value")
        self.widget = w.VBox([self.button, self.status_line])

    def _read(self, change) -> None:
        """The observer: read the newest upload, or say why it cannot be used (a callback must never raise)."""
        if not change["new"]:
            return
        upload = change["new"][-1]  # ipywidgets 8: a dict with name, type, size, content, last_modified
        self.text = self.name = None
        try:
            if upload["size"] > self.max_bytes:
                raise ValueError(_too_big(upload["name"], upload["size"], self.max_bytes))
            text = decode_text(upload["content"], upload["name"], max_bytes=self.max_bytes)
        except ValueError as error:
            self.status = f"✗ {error}. The notebook keeps its default text."
        else:
            self.text, self.name = text, upload["name"]
            self.status = (f"✓ {self.name}: {len(text):,} characters, {len(text.splitlines()):,} lines. "
                           "Run the cells below again to train on it.")
        self._show()

    def _show(self) -> None:
        self.status_line.value = f"<span style='white-space:pre-wrap'>{html.escape(self.status)}</span>"


def text_upload(*, max_bytes: int = MAX_TEXT_BYTES, keep: TextUpload | None = None) -> TextUpload:
    """The upload widget of notebook 10: ``upload = text_upload()``, shown by putting ``upload`` last in a cell;
    ``upload.text`` is the uploaded text (None until a file was read). ``keep``: the widget the cell made when
    it ran before; the new one starts with the file that one had read (if any, and within ``max_bytes``)."""
    return TextUpload(max_bytes=max_bytes, keep=keep)
