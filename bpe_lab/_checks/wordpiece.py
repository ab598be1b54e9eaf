"""Checks for WordPiece (``bpe_lab.wordpiece``) and the BERT tokenizer around it (``bpe_lab.bert``):
training corpora of words, special tokens, vocabularies, and the pieces of a saved vocabulary.

"[UNK]" is written out here (it is ``wordpiece.UNK``; a check never imports an algorithm module).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from . import is_whole, items, one_of, short, text, whole

__all__ = [
    "wordpiece_word",
    "wordpiece_corpus",
    "wordpiece_special_tokens",
    "wordpiece_vocab_size",
    "wordpiece_score",
    "wordpiece_gain_args",
    "wordpiece_steps_k",
    "wordpiece_vocab",
    "wordpiece_tokenize_args",
    "wordpiece_saved_file",
    "distinct_pieces",
    "wordpiece_pieces",
    "wordpiece_vocabulary_args",
    "wordpiece_saved_pieces",
    "wordpiece_decode_pieces",
]

_UNK = "[UNK]"
_MAX_WORD_CHARS = 100  # wordpiece.MAX_WORD_CHARS: the default, returned at once


def wordpiece_word(word) -> str:
    """``word_symbols``' word: a non-empty str."""
    if not isinstance(word, str):
        raise TypeError(f"a word must be a non-empty str, got {short(word)}")
    if not word:
        raise ValueError("a word must be a non-empty str, got ''")
    return word


def _cut(word: str, limit: int = 60) -> str:
    """repr of a word, the word cut to ``limit`` characters with "…" (a message stays short)."""
    return repr(word if len(word) <= limit else word[:limit] + "…")


def wordpiece_corpus(corpus) -> dict[str, int]:
    """A text (split on whitespace) or a mapping word -> positive count -> {word: count}."""
    if isinstance(corpus, str):
        counts = dict(Counter(corpus.split()))
    elif isinstance(corpus, Mapping):
        counts = {}
        for word, count in corpus.items():
            if not isinstance(word, str) or not word or any(char.isspace() for char in word):
                raise ValueError("corpus: each word must be a non-empty str without whitespace, "
                                 f"got {_cut(word) if isinstance(word, str) else short(word)}")
            if not is_whole(count) or count <= 0:
                raise ValueError(f"corpus: the count of {_cut(word)} must be a positive whole number, "
                                 f"got {short(count)}")
            counts[word] = int(count)
    else:
        raise TypeError(f"corpus must be a text or a mapping word -> count, got {type(corpus).__name__}")
    if not counts:
        raise ValueError("corpus is empty: pass a text or a mapping word -> count with at least one word")
    return counts


def wordpiece_special_tokens(special_tokens) -> list:
    """train's and fast_train's ``special_tokens``: a list of distinct non-empty str."""
    if isinstance(special_tokens, (str, bytes)):
        raise TypeError(f"special_tokens must be a list of str, not one str: pass [{short(special_tokens)}]")
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
            raise ValueError(f"special_tokens[{number}] = {short(name)} is listed twice; list each once")
        seen.add(name)
    return specials


def wordpiece_vocab_size(vocab_size, specials: list, alphabet: list) -> int:
    """Room at least for the special tokens and the starting pieces."""
    if not is_whole(vocab_size):
        raise TypeError(f"vocab_size must be a whole number, got {vocab_size!r}")
    if vocab_size < len(specials) + len(alphabet):
        raise ValueError(
            f"vocab_size must be at least {len(specials) + len(alphabet)}: the {len(specials)} special tokens "
            f"and the {len(alphabet)} starting pieces of this corpus (every character, bare and with ##)"
        )
    return int(vocab_size)


def wordpiece_score(score) -> str:
    """How a training step picks its pair: one of wordpiece.SCORES."""
    return one_of(score, "score", ("likelihood", "ratio", "frequency"))


def wordpiece_gain_args(made, left_count, right_count, piece_count, total, same) -> None:
    """``likelihood_gain``'s counts: whole numbers, ``made`` at least 1, and no count can lose more pieces than
    it has (a pair (a, a) takes two from one piece per merge); the total holds them all."""
    for name, value, minimum in (("made", made, 1), ("left_count", left_count, 1), ("right_count", right_count, 1),
                                 ("piece_count", piece_count, 0), ("total", total, 1)):
        whole(value, name, minimum=minimum)
    if not isinstance(same, bool):
        raise TypeError(f"same must be True (a pair (a, a)) or False, got {short(same)}")
    taken = 2 * made if same else made
    if left_count < taken or (not same and right_count < made):
        raise ValueError(f"made = {made} merges need {taken} of the left piece and {made} of the right one, "
                         f"but their counts are {left_count} and {right_count}")
    if total < (left_count if same else left_count + right_count) + piece_count:
        raise ValueError(f"total = {total} must count every piece, at least the left, right and merged pieces' "
                         f"{(left_count if same else left_count + right_count) + piece_count}")


def wordpiece_steps_k(k, steps: list) -> int:
    """``WordPieceResult.vocab_after``/``corpus_after``'s k: a whole number of merges from 0 to len(steps)."""
    n = len(steps)
    return whole(k, "k", minimum=0, maximum=n, what=f"a whole number of merges (0 to {n})",
                 out_of_range=f"k must be between 0 and {n} (the number of merges), got {{value}}")


def wordpiece_vocab(vocab):
    """A set, list or dict of pieces holding "[UNK]"; a list comes back as a set (fast lookups)."""
    if isinstance(vocab, (str, bytes)) or not hasattr(vocab, "__contains__") or not hasattr(vocab, "__len__"):
        raise TypeError(f"vocab must be a set, list or dict of pieces, got {type(vocab).__name__}")
    if len(vocab) == 0:
        raise ValueError("vocab is empty: pass the pieces, e.g. load_vocab('data/bert-base-uncased-vocab.txt')")
    if isinstance(vocab, list):
        vocab = set(vocab)
    if _UNK not in vocab:
        raise ValueError(f"vocab has no {_UNK!r} piece: WordPiece needs it for words it cannot cover")
    return vocab


def wordpiece_tokenize_args(word, vocab, max_chars, steps):
    """``tokenize``'s arguments: the vocab (see ``wordpiece_vocab``; returned), the word (one word, no
    whitespace), ``max_chars`` (a whole number of at least 1) and ``steps`` (a list or None)."""
    vocab = wordpiece_vocab(vocab)
    text(word, "word")
    if not word or any(char.isspace() for char in word):
        raise ValueError(f"tokenize takes one word without whitespace, got {word!r}; "
                         "split text first (bert_tokenize does it for whole text)")
    if max_chars is not _MAX_WORD_CHARS:  # the default needs no check (bert_tokenize calls this per word)
        whole(max_chars, "max_chars", minimum=1)
    if steps is not None and not isinstance(steps, list):
        raise TypeError(f"steps must be a list or None, got {type(steps).__name__}")
    return vocab


def distinct_pieces(pieces: list, name: str = "pieces") -> set:
    """The set of ``pieces`` (a list in id order), if each is a non-empty str listed once; ValueError naming
    ``name[i]`` otherwise. Shared by saved vocabularies and exported ones (``_checks.export``)."""
    seen = set()
    for number, piece in enumerate(pieces):
        if not isinstance(piece, str) or not piece:
            raise ValueError(f"{name}[{number}] must be a non-empty str, got {short(piece)}")
        if piece in seen:
            raise ValueError(f"{name}[{number}] = {piece!r} is listed twice; each piece has one id")
        seen.add(piece)
    return seen


def wordpiece_pieces(pieces: list, special_tokens: list) -> None:
    """The rules a saved vocabulary follows (checked on saving and on loading); ValueError if broken."""
    seen = distinct_pieces(pieces)
    if _UNK not in seen:
        raise ValueError(f"the pieces have no {_UNK!r}: tokenize needs it for words it cannot cover")
    specials = set()
    for number, name in enumerate(special_tokens):
        if not isinstance(name, str) or name not in seen:
            raise ValueError(f"special_tokens[{number}] = {short(name)} is not one of the pieces")
        if name in specials:
            raise ValueError(f"special_tokens[{number}] = {name!r} is listed twice")
        specials.add(name)


def wordpiece_saved_file(pieces, special_tokens) -> None:
    """What ``load_vocabulary`` reads from a file: two lists that follow ``wordpiece_pieces``' rules."""
    if not isinstance(pieces, list) or not isinstance(special_tokens, list):
        raise ValueError("\"pieces\" and \"special_tokens\" must be lists of strings, got "
                         f"{type(pieces).__name__} and {type(special_tokens).__name__}")
    wordpiece_pieces(pieces, special_tokens)


def _special_list(special_tokens) -> list:
    if isinstance(special_tokens, (str, bytes)) or not hasattr(special_tokens, "__iter__"):
        raise TypeError(f"special_tokens must be a list of pieces, got {type(special_tokens).__name__}")
    return list(special_tokens)


def wordpiece_vocabulary_args(pieces, special_tokens) -> tuple[list, list]:
    """``WordPieceVocabulary(pieces, special_tokens)``: a list of distinct str, and a list of pieces."""
    if isinstance(pieces, (str, bytes, set, frozenset, Mapping)) or not hasattr(pieces, "__iter__"):
        raise TypeError(f"pieces must be a list of str, got {type(pieces).__name__}; pass the pieces in id order")
    special_tokens = _special_list(special_tokens)
    pieces = list(pieces)
    seen = set()
    for number, piece in enumerate(pieces):
        if not isinstance(piece, str):
            raise TypeError(f"pieces[{number}] must be a str, got {type(piece).__name__}")
        if piece in seen:
            raise ValueError(f"pieces[{number}] = {short(piece)} is listed twice; each piece has one id")
        seen.add(piece)
    return pieces, special_tokens


def wordpiece_saved_pieces(vocab, special_tokens, result_class: type, vocabulary_class: type) -> tuple[list, list]:
    """``save_vocabulary``'s vocab and special_tokens -> (pieces in id order, special tokens), checked.

    ``vocab``: a ``result_class`` (WordPieceResult), a ``vocabulary_class`` (WordPieceVocabulary), a list of
    pieces in id order, or a dict piece -> id with ids 0…n-1. ``special_tokens`` None: the vocab's own.
    """
    if isinstance(vocab, result_class):
        pieces, default = list(vocab.vocab), list(vocab.special_tokens)
    elif isinstance(vocab, vocabulary_class):
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
    special_tokens = default if special_tokens is None else _special_list(special_tokens)
    wordpiece_pieces(pieces, special_tokens)
    return pieces, special_tokens


def wordpiece_decode_pieces(pieces) -> list[str]:
    """``wordpiece.decode``'s pieces: a list of str (``tokenize``'s, or a vocabulary's pieces of some ids)."""
    pieces = items(pieces, "pieces", "WordPiece pieces (str), e.g. ['play', '##ing']")
    bad = next((piece for piece in pieces if not isinstance(piece, str)), None)
    if bad is not None:
        raise TypeError(f"pieces must be a list of str, e.g. ['play', '##ing'], but it holds {short(bad)}; to decode "
                        "ids, look their pieces up first: [pieces[i] for i in ids]")
    return pieces
