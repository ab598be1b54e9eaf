"""WordPiece: BPE's cousin from BERT. It differs from BPE twice.

Training: like BPE it merges adjacent pairs, but it picks the pair with the highest *likelihood score*

    score(a, b) = count(a b) / (count(a) × count(b))

instead of the highest count. A pair of rare symbols that almost always appear together beats a pair
of very common symbols that meet only by chance.

Pieces: a piece that starts a word is written bare ("play"); a piece inside a word carries the prefix
"##" ("##ing"). So "playing" is ["play", "##ing"], and "ing" at the start of a word is another piece.

Segmenting: WordPiece does not replay merges. ``tokenize`` takes the *longest* piece of the vocabulary
that matches at the start of the word, then the longest "##" piece from there, and so on ("MaxMatch").
A word it cannot cover completely becomes "[UNK]" as a whole.

``bert_tokenize`` adds what BERT does around that for whole text: clean-up, lower-casing and accent
stripping, splitting on whitespace and punctuation.
"""

from __future__ import annotations

import heapq
import numbers
import unicodedata
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from . import _checks as check
from . import bpe, storage

__all__ = [
    "PREFIX",
    "UNK",
    "MAX_WORD_CHARS",
    "word_symbols",
    "train",
    "fast_train",
    "WordPieceResult",
    "WordPieceStep",
    "tokenize",
    "load_vocab",
    "WordPieceVocabulary",
    "save_vocabulary",
    "load_vocabulary",
    "bert_normalize",
    "bert_pre_tokenize",
    "bert_tokenize",
    "BertTokenizer",
]

PREFIX = "##"  # marks a piece that continues a word
UNK = "[UNK]"  # what a word becomes when the vocabulary cannot cover it
MAX_WORD_CHARS = 100  # longer words become [UNK] without trying (as in BERT)


# ------------------------------------------------------------------------------------------------
# Training
# ------------------------------------------------------------------------------------------------

def word_symbols(word: str) -> tuple[str, ...]:
    """A word as WordPiece's starting symbols: the first character bare, the others with "##".

    >>> word_symbols("hug")
    ('h', '##u', '##g')
    """
    if not isinstance(word, str):
        raise TypeError(f"a word must be a non-empty str, got {storage._short(word)}")
    if not word:
        raise ValueError("a word must be a non-empty str, got ''")
    return (word[0],) + tuple(PREFIX + char for char in word[1:])


def _join(left: str, right: str) -> str:
    """('h', '##u') -> 'hu'; ('##u', '##g') -> '##ug': the right piece loses its "##"."""
    return left + (right[len(PREFIX):] if right.startswith(PREFIX) else right)


@dataclass(frozen=True)
class WordPieceStep:
    """One training step: the merged pair, its score, its count, and the counts of its two symbols.

    ``scores`` holds every pair's (score, count) at that step: what the choice was made from.
    """

    number: int
    pair: tuple[str, str]
    score: float
    count: int
    left_count: int
    right_count: int
    new_piece: str
    scores: dict


@dataclass
class WordPieceResult:
    """What ``train`` returns: the vocabulary (special tokens, alphabet, then merged pieces in order),
    the trace of every step, and the starting corpus (word as pieces -> count)."""

    vocab: list
    steps: list
    alphabet: list
    corpus: dict
    special_tokens: list

    @property
    def merges(self) -> list:
        return [step.pair for step in self.steps]

    def _check_k(self, k) -> None:
        if isinstance(k, bool) or not isinstance(k, numbers.Integral):
            raise TypeError(f"k must be a whole number of merges (0 to {len(self.steps)}), got {storage._short(k)}")
        if not 0 <= k <= len(self.steps):
            raise ValueError(f"k must be between 0 and {len(self.steps)} (the number of merges), got {k}")

    def vocab_after(self, k: int) -> list:
        """The vocabulary after ``k`` merges (special tokens, alphabet, the first k new pieces).

        ``k``: a whole number from 0 to ``len(steps)``; anything else raises TypeError or ValueError.
        """
        self._check_k(k)
        start = len(self.special_tokens) + len(self.alphabet)
        new = []
        for step in self.steps[:k]:
            if step.new_piece not in new and step.new_piece not in self.vocab[:start]:
                new.append(step.new_piece)
        return self.vocab[:start] + new

    def corpus_after(self, k: int) -> dict:
        """The training words split by the first ``k`` merges.

        ``k``: a whole number from 0 to ``len(steps)``; anything else raises TypeError or ValueError.
        """
        self._check_k(k)
        words = self.corpus
        for step in self.steps[:k]:
            words = {_merge(word, *step.pair, step.new_piece): count for word, count in words.items()}
        return words


def _starting_point(corpus, vocab_size, special_tokens) -> tuple[dict, list, list]:
    """Both trainers start here: the words as starting pieces, the alphabet, the special tokens
    (after checking the arguments)."""
    counts = _word_counts(corpus)
    if isinstance(vocab_size, bool) or not isinstance(vocab_size, numbers.Integral):
        raise TypeError(f"vocab_size must be a whole number, got {vocab_size!r}")
    words = {word_symbols(word): count for word, count in counts.items()}
    alphabet = sorted({symbol for word in words for symbol in word})
    specials = _check_special_tokens(special_tokens)
    if vocab_size < len(specials) + len(alphabet):
        raise ValueError(
            f"vocab_size must be at least {len(specials) + len(alphabet)}: the {len(specials)} special tokens "
            f"and the {len(alphabet)} starting pieces of this corpus (every character, bare and with ##)"
        )
    return words, alphabet, specials


def _check_special_tokens(special_tokens) -> list:
    """train's and fast_train's ``special_tokens``: a list of distinct non-empty str."""
    if isinstance(special_tokens, (str, bytes)):
        raise TypeError(f"special_tokens must be a list of str, not one str: pass [{storage._short(special_tokens)}]")
    if isinstance(special_tokens, (set, frozenset, Mapping)) or not hasattr(special_tokens, "__iter__"):
        raise TypeError(f"special_tokens must be a list of str, got {type(special_tokens).__name__}")
    specials = list(special_tokens)
    seen = set()
    for number, name in enumerate(specials):
        if not isinstance(name, str):
            raise TypeError(f"special_tokens[{number}] must be a str, got {type(name).__name__}")
        if not name:
            raise ValueError(f"special_tokens[{number}] must be a non-empty str, got ''")
        if name in seen:
            raise ValueError(f"special_tokens[{number}] = {storage._short(name)} is listed twice; list each once")
        seen.add(name)
    return specials


def train(corpus, vocab_size: int, *, special_tokens=("[PAD]", UNK, "[CLS]", "[SEP]", "[MASK]")) -> WordPieceResult:
    """Learn a WordPiece vocabulary of ``vocab_size`` pieces (special tokens included).

    ``corpus``: a text (split on whitespace) or a mapping word -> count. Each step merges the pair with
    the highest score count(ab) / (count(a) × count(b)); ties go to the higher pair count, then to the
    smallest pair under Python's ordering. Training stops early when no pair is left.

    >>> result = train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 5 + 10)
    >>> result.merges[:3]
    [('##g', '##s'), ('p', '##u'), ('h', '##u')]
    """
    words, alphabet, specials = _starting_point(corpus, vocab_size, special_tokens)
    vocab = specials + alphabet
    start = dict(words)
    steps = []
    while len(vocab) < vocab_size:
        pair_counts = bpe.pair_counts(check.Corpus(words))  # words are checked already
        if not pair_counts:
            break  # every word is a single piece
        symbol_counts: Counter = Counter()
        for word, count in words.items():
            for symbol in word:
                symbol_counts[symbol] += count
        # highest score; then the higher pair count; then the smallest pair
        scores = {p: (c / (symbol_counts[p[0]] * symbol_counts[p[1]]), c) for p, c in pair_counts.items()}
        pair = min(scores, key=lambda p: (-scores[p][0], -scores[p][1], p))
        left, right = pair
        new_piece = _join(left, right)
        steps.append(WordPieceStep(len(steps) + 1, pair, scores[pair][0], pair_counts[pair],
                                   symbol_counts[left], symbol_counts[right], new_piece, scores))
        words = {_merge(word, left, right, new_piece): count for word, count in words.items()}
        if new_piece not in vocab:
            vocab.append(new_piece)
    return WordPieceResult(vocab=vocab, steps=steps, alphabet=alphabet, corpus=start, special_tokens=specials)


def _merge(word, left, right, new_piece):
    """BPE's left-to-right merge (``bpe.merge_pair``) with WordPiece's own merged piece."""
    return bpe.merge_pair(word, (left, right), merged=new_piece) if left in word and right in word else word


def _cut(word: str, limit: int = 60) -> str:
    """repr of a word, the word cut to ``limit`` characters with "…" (a message stays short)."""
    return repr(word if len(word) <= limit else word[:limit] + "…")


def _word_counts(corpus) -> dict[str, int]:
    if isinstance(corpus, str):
        counts = Counter(corpus.split())
    elif isinstance(corpus, Mapping):
        counts = {}
        for word, count in corpus.items():
            if not isinstance(word, str) or not word or any(char.isspace() for char in word):
                raise ValueError("corpus: each word must be a non-empty str without whitespace, "
                                 f"got {_cut(word) if isinstance(word, str) else storage._short(word)}")
            if isinstance(count, bool) or not isinstance(count, numbers.Integral) or count <= 0:
                raise ValueError(f"corpus: the count of {_cut(word)} must be a positive whole number, "
                                 f"got {storage._short(count)}")
            counts[word] = int(count)
    else:
        raise TypeError(f"corpus must be a text or a mapping word -> count, got {type(corpus).__name__}")
    if not counts:
        raise ValueError("corpus is empty: pass a text or a mapping word -> count with at least one word")
    return dict(counts)


# ------------------------------------------------------------------------------------------------
# Segmenting a word: greedy longest match (MaxMatch)
# ------------------------------------------------------------------------------------------------

def _check_vocab(vocab):
    if isinstance(vocab, (str, bytes)) or not hasattr(vocab, "__contains__") or not hasattr(vocab, "__len__"):
        raise TypeError(f"vocab must be a set, list or dict of pieces, got {type(vocab).__name__}")
    if len(vocab) == 0:
        raise ValueError("vocab is empty: pass the pieces, e.g. load_vocab('data/bert-base-uncased-vocab.txt')")
    if isinstance(vocab, list):
        vocab = set(vocab)
    if UNK not in vocab:
        raise ValueError(f"vocab has no {UNK!r} piece: WordPiece needs it for words it cannot cover")
    return vocab


def _check_max_chars(max_chars) -> None:
    if isinstance(max_chars, bool) or not isinstance(max_chars, numbers.Integral):
        raise TypeError(f"max_chars must be a whole number of at least 1, got {storage._short(max_chars)}")
    if max_chars < 1:
        raise ValueError(f"max_chars must be a whole number of at least 1, got {max_chars}")


def tokenize(word: str, vocab, *, max_chars: int = MAX_WORD_CHARS, steps: list | None = None) -> list[str]:
    """Split one word into the longest vocabulary pieces from the left, "##" on continuations.

    ``vocab``: a set, a list, or a dict piece -> id. A word that cannot be covered, or that is longer
    than ``max_chars`` characters, becomes ["[UNK]"]. ``max_chars``: a whole number of at least 1.
    Pass a list as ``steps`` to receive each attempt (start, candidate, found) for display.

    >>> vocab = {"[UNK]", "play", "##ing", "##s", "p", "##l", "##a", "##y"}
    >>> tokenize("playing", vocab), tokenize("plays", vocab), tokenize("pray", vocab)
    (['play', '##ing'], ['play', '##s'], ['[UNK]'])
    """
    vocab = _check_vocab(vocab)
    if not isinstance(word, str):
        raise TypeError(f"word must be a str, got {type(word).__name__}")
    if not word or any(char.isspace() for char in word):
        raise ValueError(f"tokenize takes one word without whitespace, got {word!r}; "
                         "split text first (bert_tokenize does it for whole text)")
    if max_chars is not MAX_WORD_CHARS:
        _check_max_chars(max_chars)
    if steps is not None and not isinstance(steps, list):
        raise TypeError(f"steps must be a list or None, got {type(steps).__name__}")
    if len(word) > max_chars:
        return [UNK]
    pieces, start = [], 0
    while start < len(word):
        end = len(word)
        found = None
        while start < end:
            candidate = (PREFIX if start > 0 else "") + word[start:end]
            hit = candidate in vocab
            if steps is not None:
                steps.append((start, candidate, hit))
            if hit:
                found = candidate
                break
            end -= 1  # try one character shorter
        if found is None:
            return [UNK]  # subtle: the whole word is lost, not only the part that did not match
        pieces.append(found)
        start = end
    return pieces


# ------------------------------------------------------------------------------------------------
# BERT around it: normalisation and pre-tokenization (uncased models)
# ------------------------------------------------------------------------------------------------

def load_vocab(path) -> dict[str, int]:
    """A BERT ``vocab.txt``: one piece per line, the line number is its id.

    ``path``: a str or pathlib.Path of the file. A missing file raises FileNotFoundError, a folder
    IsADirectoryError, a file that is not a vocab.txt ``bpe_lab.storage.FileFormatError`` (a ValueError).
    """
    path = storage._check_path(path)
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except FileNotFoundError:
        raise FileNotFoundError(f"no vocabulary file at {path}") from None
    except IsADirectoryError:
        raise IsADirectoryError(f"{path} is a folder, not a vocab.txt: pass the path of the file") from None
    except UnicodeDecodeError as exc:
        raise storage.FileFormatError(path, f"is not a UTF-8 vocab.txt: {exc}") from None
    if lines and lines[-1] == "":
        lines.pop()
    vocab = {}
    for number, piece in enumerate(lines):
        if not piece or piece in vocab:
            raise storage.FileFormatError(path, f", line {number + 1}: a piece must be non-empty and listed once, "
                                                f"got {storage._short(piece)}; is it a BERT vocab.txt?")
        vocab[piece] = number
    if not vocab:
        raise storage.FileFormatError(path, "is empty: a BERT vocab.txt lists one piece per line")
    if UNK not in vocab:
        raise storage.FileFormatError(path, f"has no {UNK!r} piece: WordPiece needs it for words it cannot "
                                            "cover; is it a BERT vocab.txt, and complete?")
    return vocab


# ------------------------------------------------------------------------------------------------
# Saving and loading a trained vocabulary (BPE Lab's own versioned JSON; see bpe_lab.storage)
# ------------------------------------------------------------------------------------------------

class WordPieceVocabulary(dict):
    """piece -> id in id order, plus which pieces are special tokens: what ``load_vocabulary`` returns.

    It is a dict like ``load_vocab``'s, so ``tokenize``, ``bert_tokenize`` and ``save_vocabulary`` take it.
    """

    def __init__(self, pieces=(), special_tokens=()):
        if isinstance(pieces, (str, bytes, set, frozenset, Mapping)) or not hasattr(pieces, "__iter__"):
            raise TypeError(f"pieces must be a list of str, got {type(pieces).__name__}; pass the pieces in id order")
        if isinstance(special_tokens, (str, bytes)) or not hasattr(special_tokens, "__iter__"):
            raise TypeError(f"special_tokens must be a list of pieces, got {type(special_tokens).__name__}")
        pieces = list(pieces)
        super().__init__((piece, number) for number, piece in enumerate(pieces))
        if len(self) != len(pieces) or not all(isinstance(piece, str) for piece in self):
            seen = set()
            for number, piece in enumerate(pieces):
                if not isinstance(piece, str):
                    raise TypeError(f"pieces[{number}] must be a str, got {type(piece).__name__}")
                if piece in seen:
                    raise ValueError(f"pieces[{number}] = {storage._short(piece)} is listed twice; each piece has one id")
                seen.add(piece)
        self.special_tokens = list(special_tokens)

    @property
    def pieces(self) -> list:
        """The pieces in id order."""
        return list(self)

    def __eq__(self, other):
        if isinstance(other, WordPieceVocabulary) and self.special_tokens != other.special_tokens:
            return False
        return dict.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        return f"WordPieceVocabulary({len(self)} pieces, special_tokens={self.special_tokens!r})"


def _check_pieces(pieces: list, special_tokens: list) -> None:
    """The rules a saved vocabulary follows (checked on saving and on loading); ValueError if broken."""
    seen = set()
    for number, piece in enumerate(pieces):
        if not isinstance(piece, str) or not piece:
            raise ValueError(f"pieces[{number}] must be a non-empty str, got {storage._short(piece)}")
        if piece in seen:
            raise ValueError(f"pieces[{number}] = {piece!r} is listed twice; each piece has one id")
        seen.add(piece)
    if UNK not in seen:
        raise ValueError(f"the pieces have no {UNK!r}: tokenize needs it for words it cannot cover")
    specials = set()
    for number, name in enumerate(special_tokens):
        if not isinstance(name, str) or name not in seen:
            raise ValueError(f"special_tokens[{number}] = {storage._short(name)} is not one of the pieces")
        if name in specials:
            raise ValueError(f"special_tokens[{number}] = {name!r} is listed twice")
        specials.add(name)


def save_vocabulary(vocab, path, *, special_tokens=None) -> Path:
    """Save a trained WordPiece vocabulary as versioned JSON (atomically); returns the path.

    ``vocab``: a ``WordPieceResult`` (from ``train`` or ``fast_train``), a ``WordPieceVocabulary``, a
    list of pieces in id order, or a dict piece -> id with ids 0…n-1 (e.g. from ``load_vocab``). The
    order of the pieces (their ids) is kept. ``special_tokens``: which pieces are special; by default
    those of the result or vocabulary, none for a plain list or dict. The pieces must include "[UNK]".

    >>> import tempfile, pathlib
    >>> result = train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 5 + 10)
    >>> path = save_vocabulary(result, pathlib.Path(tempfile.mkdtemp()) / "wordpiece.json")
    >>> vocab = load_vocabulary(path)
    >>> vocab.pieces == result.vocab, vocab.special_tokens[:2], tokenize("hugs", vocab)
    (True, ['[PAD]', '[UNK]'], ['hu', '##gs'])
    """
    if isinstance(vocab, WordPieceResult):
        pieces, default = list(vocab.vocab), list(vocab.special_tokens)
    elif isinstance(vocab, WordPieceVocabulary):
        pieces, default = sorted(vocab, key=vocab.__getitem__), list(vocab.special_tokens)
    elif isinstance(vocab, Mapping):
        ids = list(vocab.values())
        if any(isinstance(i, bool) or not isinstance(i, int) for i in ids) or sorted(ids) != list(range(len(ids))):
            raise ValueError("vocab as a dict must map each piece to its id, the ids being 0, 1, ... n-1 once each")
        pieces, default = sorted(vocab, key=vocab.__getitem__), []
    elif isinstance(vocab, (list, tuple)):
        pieces, default = list(vocab), []
    else:
        hint = " (a set has no order: pass a list)" if isinstance(vocab, (set, frozenset)) else ""
        raise TypeError("vocab must be a WordPieceResult, a list of pieces in id order or a dict piece -> id, "
                        f"got {type(vocab).__name__}{hint}")
    if special_tokens is None:
        special_tokens = default
    elif isinstance(special_tokens, (str, bytes)) or not hasattr(special_tokens, "__iter__"):
        raise TypeError(f"special_tokens must be a list of pieces, got {type(special_tokens).__name__}")
    special_tokens = list(special_tokens)
    _check_pieces(pieces, special_tokens)
    return storage.save(path, "wordpiece", {"special_tokens": special_tokens, "pieces": pieces})


def load_vocabulary(path) -> WordPieceVocabulary:
    """Read a vocabulary saved with ``save_vocabulary``: a ``WordPieceVocabulary`` (piece -> id).

    A truncated, damaged or foreign file, one of another kind or of a newer version raises
    ``bpe_lab.storage.FileFormatError`` (a ``ValueError``) naming the file and the problem.
    """

    def build(payload: dict, version: int) -> WordPieceVocabulary:
        pieces, special_tokens = payload["pieces"], payload["special_tokens"]
        if not isinstance(pieces, list) or not isinstance(special_tokens, list):
            raise ValueError("\"pieces\" and \"special_tokens\" must be lists of strings, got "
                             f"{type(pieces).__name__} and {type(special_tokens).__name__}")
        _check_pieces(pieces, special_tokens)
        return WordPieceVocabulary(pieces, special_tokens)

    return storage.load(path, "wordpiece", build)


def _is_chinese(char: str) -> bool:
    """The CJK ideograph blocks BERT surrounds with spaces (one ideograph = one word)."""
    cp = ord(char)
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B920 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


def _is_whitespace(char: str) -> bool:
    return char in "\t\n\r" or char.isspace()


def bert_normalize(text: str) -> str:
    """What an uncased BERT does to text before splitting it.

    Drop control characters (and U+FFFD), turn all whitespace into spaces, put spaces around CJK
    ideographs, strip accents (decompose, drop combining marks), lower-case.

    >>> bert_normalize("Héllo\\tWörld 中文")
    'hello world  中  文 '
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    out = []
    for char in text:
        if char == "\x00" or char == "\ufffd" or (char not in "\t\n\r" and unicodedata.category(char).startswith("C")):
            continue
        if _is_whitespace(char):
            out.append(" ")
        elif _is_chinese(char):
            out.append(f" {char} ")
        else:
            out.append(char)
    text = unicodedata.normalize("NFD", "".join(out))
    text = "".join(char for char in text if unicodedata.category(char) != "Mn")
    # one character at a time, as BERT does: a final capital sigma becomes "σ", not "ς"
    return "".join(char.lower() for char in text)


def _is_punctuation(char: str) -> bool:
    return (char.isascii() and not char.isalnum() and char.isprintable() and char != " ") or \
        unicodedata.category(char).startswith("P")


def bert_pre_tokenize(text: str) -> list[str]:
    """Split normalised text into words: on whitespace, and every punctuation character on its own.

    >>> bert_pre_tokenize("hello, world!")
    ['hello', ',', 'world', '!']
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
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
    vocab = _check_vocab(vocab)
    return [piece for word in bert_pre_tokenize(bert_normalize(text)) for piece in tokenize(word, vocab)]


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


def fast_train(corpus, vocab_size: int, *, special_tokens=("[PAD]", UNK, "[CLS]", "[SEP]", "[MASK]")) -> WordPieceResult:
    """The same vocabulary and steps as ``train``, without recounting the corpus after every merge.

    It works like ``bpe_lab.fast_bpe`` (each word a string of symbol characters, only the neighbours of a
    merged pair updated, a heap with lazy deletion), with one twist: a pair's score also depends on the
    counts of its two symbols, and a merge lowers the counts of both of its halves. That *raises* the
    score of every other pair containing them, so after each merge those pairs get fresh heap entries.
    Steps keep their pair, score and counts, but not every pair's score (``scores`` is empty). Like
    ``train``, it stops early when no pair is left (every word a single piece), before ``vocab_size``.
    """
    start_words, alphabet, specials = _starting_point(corpus, vocab_size, special_tokens)
    names = list(alphabet)  # symbol id -> piece; chr(id) stands for the symbol inside a word string
    id_of = {name: i for i, name in enumerate(names)}
    words = ["".join(chr(id_of[s]) for s in word) for word in start_words]
    word_counts = list(start_words.values())

    pair_counts: dict = {}
    where: dict = {}
    pairs_of: dict = {}  # symbol character -> pairs that contain it (some may have died since)
    symbol_counts: dict = {}

    def add_word(index: int, word: str, count: int) -> list[str]:
        """Count one word's symbols and pairs in (``count`` times); return its pairs."""
        for char in word:
            symbol_counts[char] = symbol_counts.get(char, 0) + count
        pairs = [word[i : i + 2] for i in range(len(word) - 1)]
        for pair in pairs:
            pair_counts[pair] = pair_counts.get(pair, 0) + count
            where.setdefault(pair, set()).add(index)
            pairs_of.setdefault(pair[0], set()).add(pair)
            pairs_of.setdefault(pair[1], set()).add(pair)
        return pairs

    for index, word in enumerate(words):
        add_word(index, word, word_counts[index])

    def entry(pair):
        left, right = ord(pair[0]), ord(pair[1])
        count = pair_counts[pair]
        return (-count / (symbol_counts[pair[0]] * symbol_counts[pair[1]]), -count, names[left], names[right], pair)

    heap = [entry(pair) for pair in pair_counts]
    heapq.heapify(heap)
    vocab = specials + alphabet
    steps = []
    while len(vocab) < vocab_size and heap:
        item = heapq.heappop(heap)
        pair = item[-1]
        if pair_counts.get(pair, 0) <= 0:
            continue
        fresh = entry(pair)
        if fresh[:2] != item[:2]:
            heapq.heappush(heap, fresh)  # stale: its score changed since it was pushed
            continue
        A, B = pair
        left_name, right_name = names[ord(A)], names[ord(B)]
        new_piece = _join(left_name, right_name)
        new = id_of.get(new_piece)
        if new is None:
            new = len(names)
            names.append(new_piece)
            id_of[new_piece] = new
        N = chr(new)
        count = pair_counts[pair]
        steps.append(WordPieceStep(len(steps) + 1, (left_name, right_name), -fresh[0], count,
                                   symbol_counts[A], symbol_counts[B], new_piece, {}))
        touched = set()
        for index in where.pop(pair):
            word = words[index]
            if pair not in word:
                continue
            c = word_counts[index]
            merged = word.replace(pair, N)
            words[index] = merged
            for old in range(len(word) - 1):  # by difference: every pair of the word before and after
                p = word[old : old + 2]
                pair_counts[p] -= c
                touched.add(p)
            for char in word:
                symbol_counts[char] -= c
            touched.update(add_word(index, merged, c))
        pair_counts.pop(pair, None)
        for char in {A, B, N}:  # their counts changed, so every pair holding them has a new score
            touched |= pairs_of.get(char, set())
        for p in touched:
            if pair_counts.get(p, 0) > 0:
                heapq.heappush(heap, entry(p))
        if new_piece not in vocab:
            vocab.append(new_piece)
    return WordPieceResult(vocab=vocab, steps=steps, alphabet=alphabet, corpus=start_words, special_tokens=specials)
