"""bpe_lab.widgets.text_upload (notebook 10's own text): a path or an upload read as UTF-8, and a clear
ValueError for what is not text: too large (before reading it), empty, binary, UTF-16, not UTF-8."""

import codecs
import datetime
import os

import pytest

from bpe_lab import widgets


def upload(name, data):
    """What ipywidgets 8's FileUpload holds after one file was chosen."""
    return ({"name": name, "type": "text/plain", "size": len(data), "content": memoryview(data),
             "last_modified": datetime.datetime(2024, 1, 1)},)


def test_reads_utf8_text_and_drops_a_byte_order_mark(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(codecs.BOM_UTF8 + "naïve café\r\nzweite Zeile 🦜\n".encode("utf-8"))
    assert widgets.read_text(path) == "naïve café\r\nzweite Zeile 🦜\n"
    assert widgets.read_text(str(path), max_bytes=path.stat().st_size) == widgets.read_text(path)
    assert widgets.decode_text(bytearray(b"abc"), "x") == widgets.decode_text(memoryview(b"abc")) == "abc"


@pytest.mark.parametrize("data, message", [
    (b"", r"empty.txt is empty: there is nothing to train on"),
    (b" \n\t\n", r"empty.txt is empty but for whitespace"),
    (b"PK\x03\x04\x00\x00", r"looks binary, not text: byte 4 is a NUL byte.* save a \.docx or \.pdf as plain text"),
    ("text".encode("utf-16"), r"is UTF-16 text .*save it as UTF-8"),
    ("line one\ncafé".encode("latin-1"), r"is not UTF-8 text: byte 12 \(line 2\) is 0xe9.*encoding=\"cp1252\""),
    (b"ok \xe2\x82", r"is not UTF-8 text: byte 3 \(line 1\) is 0xe2"),  # a character cut off at the end
])
def test_what_is_not_text_is_refused_with_what_to_do(data, message, tmp_path):
    with pytest.raises(ValueError, match=message):
        widgets.decode_text(data, "empty.txt")
    path = tmp_path / "empty.txt"
    path.write_bytes(data)
    with pytest.raises(ValueError, match=message.replace("empty.txt", ".*empty.txt")):
        widgets.read_text(path)


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "big.txt"
    path.write_bytes(b"a" * 1001)
    opened = []
    monkeypatch.setattr(type(path), "open", lambda self, *args, **kwargs: opened.append(self))
    with pytest.raises(ValueError, match=r"big.txt is 1,001 bytes, more than the limit of 1,000 bytes \(max_bytes\)"
                                         r".*head -c 1000 big.txt > part.txt"):
        widgets.read_text(path, max_bytes=1000)
    assert opened == []  # the size was looked up, nothing was read
    with pytest.raises(ValueError, match=r"is 12,000,000 bytes \(12.0 MB\), more than the limit of 10,000,000 bytes \(10.0 MB\)"):
        widgets.decode_text(memoryview(bytes(12_000_000)), "huge.bin")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_file_that_never_ends_is_read_only_up_to_the_limit():
    with pytest.raises(ValueError, match=r"/dev/zero does not end within the limit of 1,000 bytes"):
        widgets.read_text("/dev/zero", max_bytes=1000)


def test_missing_files_folders_and_wrong_arguments(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"no file at .*missing.txt: check the path"):
        widgets.read_text(tmp_path / "missing.txt")
    with pytest.raises(IsADirectoryError, match=r"is a folder: give the path of a text file in it"):
        widgets.read_text(tmp_path)
    with pytest.raises(TypeError, match=r"data must be a file's content as bytes .* got str; it is text already"):
        widgets.decode_text("text")
    with pytest.raises(ValueError, match=r"max_bytes must be a whole number of bytes of at least 1"):
        widgets.text_upload(max_bytes=0)


def test_the_upload_widget_reads_a_file_or_says_why_not():
    box = widgets.text_upload(max_bytes=100)
    assert box.text is None and box.status.startswith("No file uploaded: the notebook uses its default text")
    box.button.value = upload("poem.txt", "Hello\nwörld\n".encode("utf-8"))
    assert (box.text, box.name) == ("Hello\nwörld\n", "poem.txt")
    assert box.status == "✓ poem.txt: 12 characters, 2 lines. Run the cells below again to train on it."
    assert "poem.txt: 12 characters" in box.status_line.value
    box.button.value = upload("photo.png", b"\x89PNG\r\n\x1a\n\x00\x00")
    assert box.text is None and box.status.startswith("✗ photo.png looks binary, not text")
    assert box.status.endswith("The notebook keeps its default text.")
    box.button.value = upload("big.txt", b"a" * 101)
    assert box.text is None and "big.txt is 101 bytes, more than the limit of 100 bytes" in box.status
    box.button.value = ()  # cleared: nothing changes
    assert box.text is None and "big.txt" in box.status
    assert "application/vnd.jupyter.widget-view+json" in box._repr_mimebundle_()


def test_running_the_cell_again_keeps_the_uploaded_text():
    """Notebook 10's cell makes a new widget each time it runs; given the old one (keep=), the new one starts
    with the file it had read and says so, instead of silently falling back to the default text."""
    first = widgets.text_upload(max_bytes=100)
    assert widgets.text_upload(keep=first).text is None  # nothing uploaded yet: nothing to keep
    first.button.value = upload("poem.txt", "Hello\nwörld\n".encode("utf-8"))
    again = widgets.text_upload(max_bytes=100, keep=first)
    assert (again.text, again.name) == ("Hello\nwörld\n", "poem.txt")
    assert again.button.value == ()  # a new, empty button: the text is carried over, not the upload
    assert again.status.startswith("✓ poem.txt: 12 characters, 2 lines, kept from before this cell ran again")
    assert "kept from before this cell ran again" in again.status_line.value
    third = widgets.text_upload(max_bytes=100, keep=again)  # and again
    assert (third.text, third.name) == ("Hello\nwörld\n", "poem.txt")
    assert widgets.text_upload(max_bytes=5, keep=third).text is None  # over a smaller limit: not kept
    third.button.value = upload("photo.png", b"\x89PNG\r\n\x1a\n\x00\x00")  # a refused file replaces it
    assert widgets.text_upload(keep=third).text is None
    with pytest.raises(TypeError, match=r"keep must be the upload widget made when the cell ran before \(text_upload\(keep=upload\)\) or None, got str"):
        widgets.text_upload(keep="poem.txt")
