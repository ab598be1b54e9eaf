"""Checks for texts, words and bytes: what ``corpus``, ``byte_level``, ``pretokenize`` and ``metrics`` take.

Each returns the value it checked (or what the caller needs from it) and raises TypeError or ValueError
with the message those modules have always given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sized

from . import positive_count, short, text, utf8, whole

__all__ = ["one_word", "end_of_word", "counted_words", "one_char", "utf8_text", "byte_data", "block_chars",
           "training_lines", "tokenize_function", "measured_text", "token_list", "word_list", "language_texts", "piece_set"]

_REPLACE = "remove or replace it first, e.g. with text.encode('utf-8', errors='replace')"


# --- corpus -------------------------------------------------------------------------------------

def one_word(value, name: str = "word") -> str:
    """``value`` if it is a non-empty str."""
    if not text(value, name):
        raise ValueError(f"{name} must not be empty")
    return value


def end_of_word(value):
    """None, or an end-of-word marker: a non-empty str such as '</w>'."""
    if value is not None and not isinstance(value, str):
        raise TypeError(f"end_of_word must be a non-empty str such as '</w>' or None, got {short(value)}")
    if value == "":
        raise ValueError("end_of_word must be a non-empty str such as '</w>' or None, got ''")
    return value


def counted_words(words) -> Mapping:
    """A list of words or a mapping word -> count (not a text: the caller counts a text's words) -> a mapping
    of non-empty str words to positive whole counts."""
    if isinstance(words, Mapping):
        counts = words
    elif isinstance(words, Iterable) and not isinstance(words, (str, bytes, bytearray)):
        words = list(words)
        for word in words:  # before counting: a list inside would be unhashable
            _word(word)
        counts = {}
        for word in words:
            counts[word] = counts.get(word, 0) + 1
    else:
        raise TypeError("words must be a text (str), a list of words, or a mapping word -> count, "
                        f"got {type(words).__name__}")
    for word, count in counts.items():
        _word(word)
        positive_count(count, word)
        if not word:
            raise ValueError("word must not be empty")
    return counts


def _word(word) -> None:
    if not isinstance(word, str):
        raise TypeError(f"each word must be a str, got {short(word)} ({type(word).__name__})")


# --- byte_level ---------------------------------------------------------------------------------

def utf8_text(value, name: str = "text") -> str:
    """``value`` if it is a str that UTF-8 can encode (no lone surrogate)."""
    utf8(text(value, name), name, hint=_REPLACE)
    return value


def one_char(value) -> str:
    """``value`` if it is exactly one character that UTF-8 can encode."""
    if len(text(value, "char")) != 1:
        raise ValueError(f"char must be exactly one character, got {value[:20]!r} ({len(value)} characters)")
    return utf8_text(value, "char")


def byte_data(value, name: str = "data"):
    """``value`` if it is bytes (or a bytearray)."""
    if not isinstance(value, (bytes, bytearray)):
        raise TypeError(f"{name} must be bytes, got {type(value).__name__}; use text.encode('utf-8')")
    return value


# --- pretokenize -------------------------------------------------------------------------------

def block_chars(value) -> int:
    """How many characters a pre-tokenizer reads per block: a whole number of at least 1."""
    # subtle: 0 would never move past a space, an endless loop
    return whole(value, "block_chars", minimum=1, what="a whole number of at least 1 (characters per block)")


# --- metrics ------------------------------------------------------------------------------------

def training_lines(lines: list, name: str) -> list[str]:
    """``lines`` (a list) if each is a str, one at least holds more than spaces, and all can be written as UTF-8:
    what a trainer that reads a text line by line (SentencePiece's, ours in ``sentencepiece_bpe``) is given."""
    wrong = next((number for number, line in enumerate(lines) if not isinstance(line, str)), None)
    if wrong is not None:
        raise TypeError(f"{name} must be a list of lines (str), but item {wrong} is {short(lines[wrong])} "
                        f"({type(lines[wrong]).__name__})")
    if not any(line.strip(" ") for line in lines):
        raise ValueError(f"{name} holds no text (no line has anything but spaces): pass some text to train on")
    utf8("\n".join(lines), name, hint="pass text that can be written as UTF-8")
    return lines


def tokenize_function(value, name: str = "tokenize", what: str = "text"):
    """``value`` if it can be called: a function ``what`` -> list of tokens."""
    if not callable(value):
        raise TypeError(f"{name} must be a function {what} -> list of tokens, got {type(value).__name__}")
    return value


def measured_text(tokenize, value, name: str = "text") -> str:
    """What a measure takes: a tokenize function, and a str with at least one word and no lone surrogate."""
    tokenize_function(tokenize)
    text(value, name)
    if not value.strip():
        raise ValueError(f"{name} is empty: measure a text that has at least one word")
    return utf8_text(value, name)  # a lone surrogate has no bytes to measure


def token_list(tokens, name: str = "tokenize"):
    """What a tokenize function returned, if it is a list of tokens (sized, not one str or bytes)."""
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Sized):
        raise TypeError(f"{name} must return a list of tokens, got {type(tokens).__name__}")
    return tokens


def word_list(words) -> list[str]:
    """A list (or any iterable, not one str) of at least one str word -> a list."""
    if isinstance(words, (str, bytes)):
        raise TypeError(f"words must be a list of words, not one {type(words).__name__}; e.g. text.split()")
    if not isinstance(words, Iterable):
        raise TypeError(f"words must be a list of words, got {type(words).__name__}")
    words = list(words)
    if not words:
        raise ValueError("words is empty: pass at least one word")
    for index, word in enumerate(words):
        if not isinstance(word, str):
            raise TypeError(f"words[{index}] must be a str, got {type(word).__name__}")
    return words


def language_texts(tokenize, texts, reference) -> Mapping:
    """A tokenize function and a mapping language -> text that includes ``reference`` (a language code such as
    'eng'), each text one that ``measured_text`` accepts (named ``texts['fra']`` in its message)."""
    if not isinstance(texts, Mapping):
        raise TypeError(f"texts must be a mapping language -> text, got {type(texts).__name__}")
    if not isinstance(reference, str):
        raise TypeError(f"reference must be a language code (str) such as 'eng', got {type(reference).__name__}")
    if reference not in texts:
        raise ValueError(f"texts must be a mapping language -> text that includes the reference {reference!r}; "
                         f"it has {sorted(map(str, texts))[:10]}")
    for language, value in texts.items():
        measured_text(tokenize, value, f"texts[{language!r}]")
    return texts


def piece_set(vocabulary, name: str) -> set:
    """A collection of pieces (set, list or dict of str or bytes) -> a set."""
    what = f"{name} must be a collection of pieces (set, list or dict)"
    if isinstance(vocabulary, (str, bytes)):
        raise TypeError(f"{what}, not one {type(vocabulary).__name__}")
    if not isinstance(vocabulary, Iterable):
        raise TypeError(f"{what}, got {type(vocabulary).__name__}")
    pieces = set()
    for piece in vocabulary:
        if not isinstance(piece, (str, bytes)):
            raise TypeError(f"{name} must hold pieces (str or bytes), got a {type(piece).__name__}")
        pieces.add(piece)
    return pieces
