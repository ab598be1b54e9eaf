"""Corpora for the notebooks: counting words, splitting words into symbols, loading the files in ``data/``.

Classic BPE does not look at running text. It looks at a table of *word counts*::

    "hug hug pug" -> {"hug": 2, "pug": 1}

and each word is a tuple of symbols that merges will glue together::

    "hug" -> ("h", "u", "g")          or, with an end-of-word marker,  ("h", "u", "g", "</w>")

This module does exactly that, then loads the corpora of ``data/`` (checking their sha256), and nothing
more. It does not pre-tokenize with a regex (that is ``bpe_lab.pretokenize``, notebook 04) and it does not
work on bytes (``bpe_lab.byte_level``, notebook 03).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sysconfig
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

from . import _checks as check

__all__ = [
    "END_OF_WORD",
    "MARKER_PLACES",
    "word_counts",
    "split_words",
    "split_word",
    "symbol_counts",
    "data_dir",
    "data_path",
    "load_text",
    "load_udhr",
    "python_source",
    "python_source_files",
]

#: The end-of-word marker of Sennrich et al. (2016). With it, "est" at the end of "lowest" and
#: "est" inside "estate" become different symbols ("est</w>" vs "est").
END_OF_WORD = "</w>"

#: Where ``split_word`` puts the marker: a symbol of its own (the paper's ``('l', 'o', 'w', '</w>')``) or
#: glued to the last character, as subword-nmt does (``('l', 'o', 'w</w>')``).
MARKER_PLACES = ("separate", "attached")

#: Runs of letters/digits/underscores, or one punctuation character: "said," -> "said", ","
_WORDS_AND_PUNCTUATION = re.compile(r"\w+|[^\w\s]")


def word_counts(text: str, *, lowercase: bool = False, separate_punctuation: bool = False) -> Counter[str]:
    """Count the words of a text, splitting on whitespace.

    By default punctuation stays attached ("said," is a word of its own). With
    ``separate_punctuation=True`` each punctuation character becomes a word of its own, which gives
    fewer distinct words (a crude stand-in for the regex pre-tokenizer of notebook 04). An empty text
    gives an empty Counter.

    >>> word_counts("low low low lower")
    Counter({'low': 3, 'lower': 1})
    >>> word_counts("Low, low.", lowercase=True, separate_punctuation=True)
    Counter({'low': 2, ',': 1, '.': 1})
    """
    return Counter(split_words(text, lowercase=lowercase, separate_punctuation=separate_punctuation))


def split_words(text: str, *, lowercase: bool = False, separate_punctuation: bool = False) -> list[str]:
    """The words of a text in order, split as ``word_counts`` splits them. An empty text gives [].

    >>> split_words("Hello, world.", separate_punctuation=True)
    ['Hello', ',', 'world', '.']
    """
    check.text(text, hint="read a file with load_text() first")
    if lowercase:
        text = text.lower()
    if separate_punctuation:
        return _WORDS_AND_PUNCTUATION.findall(text)
    return text.split()


def split_word(word: str, end_of_word: str | None = None, *, marker: str = "separate") -> tuple[str, ...]:
    """Split a word into one symbol per character, optionally with an end-of-word marker.

    ``marker="separate"`` adds the marker as a symbol of its own (the BPE paper's corpus); ``"attached"``
    glues it to the last character, as subword-nmt does, so the word gets no extra symbol.

    >>> split_word("low")
    ('l', 'o', 'w')
    >>> split_word("low", end_of_word="</w>")
    ('l', 'o', 'w', '</w>')
    >>> split_word("low", end_of_word="</w>", marker="attached")
    ('l', 'o', 'w</w>')
    """
    word, end_of_word = check.one_word(word), check.end_of_word(end_of_word)
    marker = check.one_of(marker, "marker", MARKER_PLACES)
    if end_of_word is None:
        return tuple(word)
    if marker == "attached":
        return tuple(word[:-1]) + (word[-1] + end_of_word,)  # subtle: 'w</w>' differs from the 'w' inside a word
    return tuple(word) + (end_of_word,)


def symbol_counts(
    words: Mapping[str, int] | Iterable[str] | str, end_of_word: str | None = None, *, marker: str = "separate"
) -> dict[tuple[str, ...], int]:
    """Turn words (a text, a list of words, or word -> count) into the corpus BPE trains on.

    An empty text or an empty list of words gives {}. ``marker`` places the end-of-word marker, as in
    ``split_word``: a symbol of its own ("separate") or glued to the last character ("attached").

    >>> symbol_counts({"low": 5, "lower": 2}, end_of_word="</w>")
    {('l', 'o', 'w', '</w>'): 5, ('l', 'o', 'w', 'e', 'r', '</w>'): 2}
    >>> symbol_counts({"low": 5, "lower": 2}, end_of_word="</w>", marker="attached")
    {('l', 'o', 'w</w>'): 5, ('l', 'o', 'w', 'e', 'r</w>'): 2}
    >>> symbol_counts("ab ab bc")
    {('a', 'b'): 2, ('b', 'c'): 1}
    """
    end_of_word, marker = check.end_of_word(end_of_word), check.one_of(marker, "marker", MARKER_PLACES)
    counts = word_counts(words) if isinstance(words, str) else check.counted_words(words)
    corpus: dict[tuple[str, ...], int] = {}
    for word, count in counts.items():
        symbols = split_word(word, end_of_word, marker=marker)
        corpus[symbols] = corpus.get(symbols, 0) + count
    return corpus


# --- The corpora in data/ --------------------------------------------------------------------------

_DATA_DIR = Path(__file__).resolve().parent.parent / "data"


def data_dir() -> Path:
    """The project's ``data/`` folder (next to the ``bpe_lab`` package in the checkout)."""
    if not _DATA_DIR.is_dir():
        raise FileNotFoundError(
            f"BPE Lab's data folder is missing: expected {_DATA_DIR}. "
            "Install bpe_lab from a checkout of the repository (`make lab` or `pip install -e .`)."
        )
    return _DATA_DIR


def _expected_hashes() -> dict[str, str]:
    """Read ``data/SHA256SUMS`` (lines ``<sha256>  <file name>``) into file name -> sha256."""
    sums_path = data_dir() / "SHA256SUMS"
    try:
        lines = sums_path.read_text(encoding="ascii").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read the checksum list {sums_path}: {exc}") from exc
    hashes = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        parts = line.split()
        if len(parts) != 2 or len(parts[0]) != 64:
            raise ValueError(
                f"{sums_path}, line {number}: expected '<64 hex digits>  <file name>', got {line!r}"
            )
        digest, name = parts
        hashes[name.lstrip("*")] = digest.lower()
    return hashes


def data_path(name: str) -> Path:
    """The path of a file in ``data/`` by its name, e.g. ``data_path("pride_and_prejudice.txt")``."""
    check.instance(name, str, "name must be a file name (str) such as 'pride_and_prejudice.txt'")
    path = data_dir() / name
    try:
        found = name == path.name and path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, or with a NUL character
        found = False
    if not found:
        available = sorted(p.name for p in data_dir().iterdir() if p.is_file() and p.suffix != ".md")
        raise FileNotFoundError(f"no data file named {check.short(name)} in {data_dir()}; "
                                f"available: {', '.join(available)}")
    return path


def load_text(name: str = "pride_and_prejudice.txt", *, verify: bool = True) -> str:
    """Load a text corpus from ``data/`` as a string, after checking its sha256.

    A file whose bytes differ from the ones recorded in ``data/SHA256SUMS`` (damaged, truncated,
    edited by hand) is refused with a ``ValueError`` naming the file, so no notebook silently shows
    numbers computed from the wrong text.

    >>> text = load_text("pride_and_prejudice.txt")
    >>> text[:18]
    'PRIDE AND PREJUDIC'
    """
    path = data_path(name)
    raw = path.read_bytes()
    if verify:
        expected = _expected_hashes().get(name)
        if expected is None:
            raise ValueError(f"{path} is not listed in {data_dir() / 'SHA256SUMS'}; add its sha256 there")
        actual = hashlib.sha256(raw).hexdigest()
        if actual != expected:
            raise ValueError(
                f"{path} is damaged or was changed: its sha256 is {actual}, expected {expected} "
                "(see data/SOURCES.md for where the file comes from; restore it with `git checkout -- data/`)"
            )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path} is not valid UTF-8 text: {exc}") from exc


def load_udhr() -> dict[str, dict]:
    """The Universal Declaration of Human Rights in 20 languages, aligned article by article.

    Returns ``{code: {"name": ..., "text": preamble and the 30 articles, one per line}}``; the same
    content in every language, so token counts can be compared across languages.

    >>> udhr = load_udhr()
    >>> udhr["eng"]["name"], len(udhr)
    ('English', 20)
    """
    name = "udhr_20langs_nfc.json"
    text = load_text(name)  # checksum verified
    try:
        data = json.loads(text)
        return {
            code: {"name": entry["name"],
                   "text": "\n".join([entry["preamble"], *(entry["articles"][k]
                                                            for k in sorted(entry["articles"], key=int))])}
            for code, entry in data.items()
        }
    except (KeyError, TypeError, ValueError) as exc:  # JSONDecodeError is a ValueError
        raise ValueError(f"{data_path(name)} does not hold the expected UDHR structure: {exc}") from exc


_NOT_STANDARD_LIBRARY = {"site-packages", "dist-packages", "test", "tests", "idle_test"}  # folders


def python_source_files(max_bytes: int = 10_000_000) -> list[tuple[str, str]]:
    """Python source code: ``(relative path, text)`` of the running interpreter's standard library.

    Files in sorted order; tests and third-party packages are left out; whole files are taken until
    ``max_bytes`` would be passed. The text depends on the Python version (it is not in ``data/``; it is
    on every machine).
    """
    max_bytes = check.whole(max_bytes, "max_bytes", minimum=1, what="a positive whole number such as 10_000_000")
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    paths = []
    for folder, subfolders, names in os.walk(stdlib):
        # subtle: left out before they are walked; site-packages alone can hold thousands of files
        subfolders[:] = [name for name in subfolders if name not in _NOT_STANDARD_LIBRARY]
        paths += [Path(folder, name) for name in names if name.endswith(".py")]
    files, size = [], 0
    for path in sorted(paths):
        relative = path.relative_to(stdlib).parts
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # a few files are deliberately not UTF-8; they are not needed
        encoded = len(text.encode("utf-8"))
        if size + encoded > max_bytes:
            break
        files.append(("/".join(relative), text))
        size += encoded
    return files


def python_source(max_bytes: int = 10_000_000) -> str:
    """The files of ``python_source_files`` joined into one text, separated by newlines."""
    return "\n".join(text for _, text in python_source_files(max_bytes))
