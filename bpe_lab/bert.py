"""BERT around WordPiece: what an uncased BERT tokenizer does to whole text, and its ``vocab.txt``.

``wordpiece.tokenize`` splits one word (MaxMatch). Before that, BERT

    normalises      drops control characters, turns whitespace into spaces, puts spaces around CJK
                    ideographs, strips accents and lower-cases       (``bert_normalize``)
    pre-tokenizes   splits on whitespace, and every punctuation character on its own   (``bert_pre_tokenize``)

``bert_tokenize`` chains the three; ``BertTokenizer`` adds the ids of a ``vocab.txt`` (``load_vocab``).
The result equals Hugging Face ``tokenizers``' ``bert-base-uncased`` (tests/test_wordpiece.py checks it).

Not here: cased models (no lower-casing or accent stripping), the [CLS]/[SEP] template around a
sentence, truncation and padding; training a WordPiece vocabulary (``bpe_lab.wordpiece``).
"""

from __future__ import annotations

import re
import unicodedata

from . import _checks as check
from . import storage
from .wordpiece import UNK, tokenize

__all__ = ["load_vocab", "bert_normalize", "bert_pre_tokenize", "bert_tokenize", "BertTokenizer"]


def bert_normalize(text: str) -> str:
    """What an uncased BERT does to text before splitting it.

    Drop control characters (and U+FFFD), turn all whitespace into spaces, put spaces around CJK
    ideographs, strip accents (decompose, drop combining marks), lower-case.

    >>> bert_normalize("Héllo\\tWörld 中文")
    'hello world  中  文 '
    """
    check.text(text)
    if text.isascii():  # the common case, in one pass: each character as _ASCII_NORMALIZED (below) says
        return text.translate(_ASCII_NORMALIZED)
    text = unicodedata.normalize("NFD", "".join(_clean(char) for char in text))
    text = "".join(char for char in text if unicodedata.category(char) != "Mn")
    # one character at a time, as BERT does: a final capital sigma becomes "σ", not "ς"
    return "".join(char.lower() for char in text)


def _clean(char: str) -> str:
    """``bert_normalize``'s first step for one character: dropped (control characters and U+FFFD), a space
    (whitespace), spaced (CJK ideographs), or kept."""
    if char == "\x00" or char == "\ufffd" or (char not in "\t\n\r" and unicodedata.category(char).startswith("C")):
        return ""
    if _is_whitespace(char):
        return " "
    if _is_chinese(char):
        return f" {char} "
    return char


def bert_pre_tokenize(text: str) -> list[str]:
    """Split normalised text into words: on whitespace, and every punctuation character on its own.

    >>> bert_pre_tokenize("hello, world!")
    ['hello', ',', 'world', '!']
    """
    check.text(text)
    if text.isascii():  # the common case, in one pass (the same words; see _ASCII_WORDS below)
        return _ASCII_WORDS.findall(text)
    words, current = [], []
    for char in text:
        if _is_whitespace(char):
            if current:
                words.append("".join(current))
                current = []
        elif _is_punctuation(char):
            if current:
                words.append("".join(current))
                current = []
            words.append(char)
        else:
            current.append(char)
    if current:
        words.append("".join(current))
    return words


def bert_tokenize(text: str, vocab) -> list[str]:
    """Whole text -> WordPiece pieces, as an uncased BERT tokenizer does it. An empty text gives [].

    >>> bert_tokenize("Playing!", {"[UNK]": 0, "play": 1, "##ing": 2, "!": 3})
    ['play', '##ing', '!']
    """
    vocab = check.wordpiece_vocab(vocab)
    words = bert_pre_tokenize(bert_normalize(text))
    split = {word: tokenize(word, vocab) for word in dict.fromkeys(words)}  # each distinct word once
    return [piece for word in words for piece in split[word]]


class BertTokenizer:
    """An uncased BERT WordPiece tokenizer from a ``vocab.txt``: ``tokenize`` (pieces) and ``encode`` (ids).

    >>> from bpe_lab.corpus import data_path
    >>> bert = BertTokenizer(data_path("bert-base-uncased-vocab.txt"))
    >>> bert.tokenize("Tokenization is unhelpfully complicated!")
    ['token', '##ization', 'is', 'un', '##hel', '##pf', '##ull', '##y', 'complicated', '!']
    """

    def __init__(self, vocab_path):
        self.vocab = load_vocab(vocab_path)
        self.pieces = {i: piece for piece, i in self.vocab.items()}

    def tokenize(self, text: str) -> list[str]:
        """Text -> WordPiece pieces (see ``bert_tokenize``). An empty text gives []."""
        return bert_tokenize(text, self.vocab)

    def encode(self, text: str) -> list[int]:
        """Text -> the ids of its pieces in the vocab.txt. An empty text gives []."""
        return [self.vocab[piece] for piece in self.tokenize(text)]


def load_vocab(path) -> dict[str, int]:
    """A BERT ``vocab.txt``: one piece per line, the line number is its id.

    ``path``: a str or pathlib.Path of the file. A missing file raises FileNotFoundError, a folder
    IsADirectoryError. A damaged file raises ``bpe_lab.storage.FileFormatError`` (a ValueError) naming the file
    and the line: empty, not UTF-8, cut inside its last line (every piece ends with a line end), an empty or
    repeated piece, a piece with whitespace, no "[UNK]". A file cut at a line boundary reads as a smaller
    vocabulary: nothing in the format can tell. Line ends are \\n, \\r\\n or \\r, as Python and ``transformers``
    read text.
    """
    path = check.path(path)
    data = storage.read_bytes(path, "vocabulary file", "a vocab.txt: pass the path of the file")
    try:
        return check.vocab_txt_lines(data, UNK)
    except ValueError as exc:
        raise storage.FileFormatError(path, str(exc)) from None


# ------------------------------------------------------------------------------------------------
# The character classes BERT uses (as its Python and Rust code define them)
# ------------------------------------------------------------------------------------------------

def _is_chinese(char: str) -> bool:
    """The CJK ideograph blocks BERT surrounds with spaces (one ideograph = one word)."""
    cp = ord(char)
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
            or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B920 <= cp <= 0x2CEAF
            or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


def _is_whitespace(char: str) -> bool:
    return char in "\t\n\r" or char.isspace()


def _is_punctuation(char: str) -> bool:
    return (char.isascii() and not char.isalnum() and char.isprintable() and char != " ") or \
        unicodedata.category(char).startswith("P")


# subtle: ASCII has no accents to strip (NFD leaves it alone) and no ideographs, so what bert_normalize makes of
# an ASCII text is what it makes of each character, looked up here (built by the general steps themselves)
_ASCII_NORMALIZED = {code: _clean(chr(code)).lower() for code in range(128)}
# and bert_pre_tokenize's words in ASCII text: a punctuation character alone, or a run of characters that are
# neither punctuation nor whitespace (the classes taken from the functions above)
_ASCII_PUNCTUATION = re.escape("".join(char for char in map(chr, range(128)) if _is_punctuation(char)))
_ASCII_WHITESPACE = re.escape("".join(char for char in map(chr, range(128)) if _is_whitespace(char)))
_ASCII_WORDS = re.compile(f"[{_ASCII_PUNCTUATION}]|[^{_ASCII_PUNCTUATION}{_ASCII_WHITESPACE}]+")
