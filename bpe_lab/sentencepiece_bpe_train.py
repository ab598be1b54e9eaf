"""Training a SentencePiece BPE model as SentencePiece's trainer does (``model_type="bpe"``), in five steps:

    1. normalise each line: spaces tidied, "▁" for each space and one "▁" in front (the dummy prefix):
       "Emma  Woodhouse" -> "▁Emma▁Woodhouse" (SentencePiece's normalisation rule "identity": no NFKC). With
       ``remove_extra_whitespaces=False`` (as Llama-family models) every space stays: "  def" -> "▁▁▁def";
    2. keep the characters: the most frequent ones that together make ``character_coverage`` of all the
       characters of the text ("▁" counted). A rarer character gets no piece; an encoder with byte fallback
       spells it in UTF-8 bytes, "<0xE6>" ...;
    3. count the words: a word starts at each "▁" ("▁Emma", "▁Woodhouse"; "▁", "▁", "▁def"); there is no
       regex. A rare character cuts its word in two, since no piece may hold it;
    4. merge: the most frequent pair of adjacent symbols whose joined string may be a piece, merged in every
       word, again and again until the vocabulary is full. Ties: the shorter piece, then the smaller string.
       A piece may not be longer than ``max_piece_length`` characters, hold "▁" anywhere but first, mix
       Unicode scripts (letters, and "Common" characters: digits and punctuation, so "▁Mr" and "." but never
       "▁Mr."), nor, with ``split_digits``, hold a digit and anything else;
    5. the model: "<unk>", "<s>", "</s>" (ids 0, 1, 2), the 256 byte pieces (with byte fallback), the merged
       pieces in the order they were made, then the kept characters, most frequent first. A piece's score is
       minus its place in that list of merged pieces and characters: -0.0, -1.0, ... So the encoder
       (``SentencePieceBPE``, best score first) replays the merges in the order they were learned.

The merge step is ``fast_bpe``'s: the words as strings of symbol characters, pair counts kept up to date by
difference, and a heap with lazy deletion (``bpe_lab._incremental``), so the whole novel takes seconds.

Differences from SentencePiece's trainer. Its BPE trainer (``bpe_model_trainer.cc``) counts pairs exactly and,
in version 0.2.3 (and 0.2.2, by its results), takes the best one from a priority queue, as here: with the same
lines and settings it gives the same pieces in the same order as this trainer, on the novel (1,000 to 8,000
pieces) and on the UDHR in 20 languages (``benchmarks/bench_sp_bpe_trainer.py``, and the tests). Versions 0.2.0
and 0.2.1 scan a cached "active" set instead: the 5% most frequent pairs, refreshed every 100 merges, plus the
pairs each merge creates. That approximation gives the same pieces on the novel at 1,000 and 4,000, but at
8,000 it first differs at merge 5,518, where many pairs tie at a count of 2 and the cached set holds only some
of them. The rest differs only where a text is unusual:

* Normalisation is "identity" only: SentencePiece's default rule, nmt_nfkc, also maps characters (NFKC and
  more; ``bpe_lab.sentencepiece`` runs such models). Train SentencePiece with ``normalization_rule_name="identity"``
  to compare.
* SentencePiece skips lines longer than 4,192 bytes (``max_sentence_length``) and lines that hold its
  unknown mark "▅", and cuts the text at any meta piece written in it ("<s>", "<0x41>"); this trainer
  keeps every line as it is.
* ``character_coverage`` may be anything above 0 (SentencePiece accepts 0.98 to 1). SentencePiece compares
  the coverage in 32-bit floats, which can keep or drop one more character exactly at the edge.
* When every pair the words hold has been merged and the vocabulary is not full, both go on with pairs whose
  count has fallen to 0, making pieces no word holds. SentencePiece rewrites a word one occurrence at a time
  and so also counts pairs that existed only in between ("aa a" while "a a a a" becomes "aa aa"): these last
  pieces may differ. When no pair at all is left, this trainer raises ValueError (SentencePiece fails too).
* A pair whose joined string is already a piece, made from other symbols ("aa" + "a" after "a" + "aa"),
  is never merged, as in SentencePiece; when two such pairs tie on every count, SentencePiece's queue may
  take the other one first.
* Unicode scripts come from the Unicode database of ``fontTools`` (installed with matplotlib);
  SentencePiece has its own older table, in which characters added to Unicode since are "Common".

Not here: user-defined and control symbols, ``treat_whitespace_as_suffix``, whitespace-only pieces, the
other switches of ``SentencePieceTrainer``, and sampling the input (``input_sentence_size``).
"""

from __future__ import annotations

import heapq
from collections import Counter
from functools import lru_cache, partial
from itertools import groupby

from fontTools.unicodedata import script as unicode_script

from . import _checks as check
from . import _progress
from ._incremental import PairIndex, SymbolTable, pop_best
from .sentencepiece import Normalizer, SentencePieceBPE
from .sentencepiece.model_file import BYTE_PIECES, NORMAL, SPECIAL_PIECES
from .sentencepiece.normalizer import SPACE

__all__ = ["train"]

DIGITS = "0123456789０１２３４５６７８９"  # what split_digits splits: ASCII and full-width digits


def train(text_or_lines, vocab_size: int, *, character_coverage: float = 0.9995, byte_fallback: bool = True,
          split_digits: bool = False, max_piece_length: int = 16, remove_extra_whitespaces: bool = True,
          progress: bool = False) -> SentencePieceBPE:
    """Train a SentencePiece BPE model of ``vocab_size`` pieces (special and byte pieces included) on a text
    (split into lines) or a list of lines; returns a ``sentencepiece.SentencePieceBPE`` that normalises with
    "identity" (keeping every space with ``remove_extra_whitespaces=False``, so that code keeps its indentation).
    The steps, and what differs from SentencePiece's trainer: this module's docstring.

    >>> model = train("hug " * 10 + "pug " * 5 + "pun " * 12 + "bun " * 4 + "hugs " * 5, 16, byte_fallback=False)
    >>> [piece for piece, score, kind in model.pieces]  # 3 special pieces, 5 merged pieces, 8 characters
    ['<unk>', '<s>', '</s>', 'ug', '▁p', 'un', '▁h', '▁hug', 'u', '▁', 'g', 'p', 'n', 'h', 's', 'b']
    >>> model.encode_pieces("hugs bug")
    ['▁hug', 's', '▁', 'b', 'ug']

    ValueError if ``vocab_size`` cannot hold the special pieces and the kept characters, or if the text runs
    out of pairs to merge before the vocabulary is full. ``progress=True`` shows the merges as a bar (in a
    notebook) or a line (in a terminal).
    """
    lines = check.sp_training(text_or_lines, vocab_size, character_coverage, byte_fallback, split_digits,
                              max_piece_length, remove_extra_whitespaces)
    progress = check.switch(progress, "progress")
    normalizer = Normalizer(remove_extra_whitespaces=remove_extra_whitespaces)  # "identity"
    lines = [line for line in map(normalizer.normalize, lines) if line]  # 1. "▁Emma▁Woodhouse"
    characters = _kept_characters(lines, character_coverage)  # 2. the novel: {"▁": 121567, "e": 68641, ...}
    words = _word_counts(lines, characters)  # 3. {"▁to": 4051, "▁the": 4047, ...}
    specials = SPECIAL_PIECES + (BYTE_PIECES if byte_fallback else [])
    num_merges = check.sp_vocab_room(vocab_size, len(specials), len(characters))
    is_valid = partial(_is_valid_piece, max_piece_length=max_piece_length, split_digits=split_digits)
    merged = _learn_merges(words, num_merges, is_valid, progress)  # 4. ["▁t", "he", "▁a", "in", ...]
    pieces = specials + [(piece, -float(i), NORMAL) for i, piece in enumerate(merged + list(characters))]  # 5.
    check.sp_vocab_filled(vocab_size, len(pieces))
    return SentencePieceBPE(pieces, normalizer, byte_fallback)


# ---------------------------------------------------------------------------------------------
# The steps of train
# ---------------------------------------------------------------------------------------------

def _kept_characters(lines, character_coverage: float) -> dict[str, int]:
    """Step 2: the most frequent characters that together make ``character_coverage`` of all the characters of
    the (normalised) lines, with their counts, most frequent first (ties: the smaller character first).

    >>> _kept_characters(["▁aaab", "▁aac"], 0.8)  # a: 5 of 9, ▁: 7 of 9, b: 8 of 9 >= 0.8 so c is dropped
    {'a': 5, '▁': 2, 'b': 1}
    """
    counts = Counter(char for line in lines for char in line)
    total, covered, kept = sum(counts.values()), 0, {}
    for char, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        if covered / total >= character_coverage:  # subtle: checked before adding, so the character that
            break                                   # crosses the line is kept (1.0 keeps every character)
        kept[char] = count
        covered += count
    return kept


def _word_counts(lines, characters) -> Counter:
    """Step 3: the words of the (normalised) lines with their counts; a word starts at each "▁". A character
    not kept cuts a word: no piece may hold it, so the parts on either side are counted as words of their own.

    >>> _word_counts(["▁naïve▁na"], {"▁", "n", "a", "v", "e"})  # ï is rare
    Counter({'▁na': 2, 've': 1})
    """
    words = Counter(SPACE + word for line in lines for word in line.split(SPACE)[1:])
    if all(char in characters for word in words for char in word):
        return words
    parts = Counter()
    for word, count in words.items():
        for kept, run in groupby(word, key=lambda char: char in characters):
            if kept:
                parts["".join(run)] += count
    return parts


def _learn_merges(words: dict, num_merges: int, is_valid, progress: bool = False) -> list[str]:
    """Step 4: the pieces that BPE makes, in order. Each time, the most frequent pair of adjacent symbols whose
    joined string ``is_valid`` (ties: the shorter piece, then the smaller string) is merged in every word.
    Stops after ``num_merges`` pieces or when no pair is left.

    >>> _learn_merges({"▁low": 5, "▁lower": 2, "▁newest": 6, "▁widest": 3}, 4, lambda piece: True)
    ['es', 'est', 'lo', 'low']

    ("es" and "st" tie at 9: the smaller string; "▁l", "lo" and "ow" tie at 7: "lo".)
    """
    symbols = SymbolTable(sorted({char for word in words for char in word}))
    index = PairIndex([symbols.word(word) for word in words], list(words.values()))
    entry = _entry_of(index, symbols, lru_cache(maxsize=None)(is_valid))
    heap = [item for item in map(entry, index.pair_counts) if item]
    heapq.heapify(heap)
    pieces = []
    with _progress.steps(num_merges, "SentencePiece BPE merges", progress) as bar:
        while len(pieces) < num_merges:
            best = pop_best(heap, entry)
            if best is None:
                break  # no pair is left to merge
            _, _, piece, pair = best
            pieces.append(piece)
            for new_pair in _merge_everywhere(index, pair, chr(symbols.add(piece))):
                if item := entry(new_pair):
                    heapq.heappush(heap, item)
            bar.advance()
    return pieces


def _entry_of(index: PairIndex, symbols: SymbolTable, is_valid):
    """The function that gives a pair's heap entry now: (-count, length of the piece, piece, pair), so the
    smallest entry is the most frequent pair, then the shortest piece, then the smallest string; None for a
    pair that is gone or may not be merged."""

    def entry(pair: str) -> tuple | None:
        piece = symbols.name(pair[0]) + symbols.name(pair[1])
        # subtle: a piece made already from other symbols ("aa" + "a", then "a" + "aa") is not made again:
        # SentencePiece drops the second pair, and its occurrences stay two symbols
        if piece in symbols.id_of or not is_valid(piece):
            return None
        # subtle: a pair whose count has fallen to 0 stays in the running, as in SentencePiece: when every
        # pair the words still hold is used up, such pairs fill the vocabulary with pieces no word holds
        return (-index.pair_counts[pair], len(piece), piece, pair)

    return entry


def _merge_everywhere(index: PairIndex, pair: str, new: str) -> set[str]:
    """Merge ``pair`` into the symbol ``new`` in every word that holds it (left to right, as ``str.replace``);
    returns the pairs whose count has grown (they need fresh heap entries): only pairs with the new symbol
    can have grown, the others were there before at least as often."""
    grown = set()
    for i in index.holding(pair):
        grown.update(p for p in index.rewrite(i, index.words[i].replace(pair, new)) if new in p)
    return grown


def _is_valid_piece(piece: str, max_piece_length: int = 16, split_digits: bool = False) -> bool:
    """Whether SentencePiece's trainer may make ``piece`` (split_by_whitespace and split_by_unicode_script on):
    at most ``max_piece_length`` characters; "▁" only first; one Unicode script, where digits and punctuation
    are the script "Common", combining marks take the script of the letter before them, and Hiragana,
    Katakana and Han count as one; with ``split_digits``, a digit only alone.

    >>> [_is_valid_piece(piece) for piece in ["▁Mr", "▁Mr.", ".,", "▁12", "a▁b", "東京"]]
    [True, False, True, True, False, True]
    >>> _is_valid_piece("12", split_digits=True)
    False
    """
    if len(piece) > max_piece_length or SPACE in piece[1:]:
        return False
    if split_digits and len(piece) > 1 and any(char in DIGITS for char in piece):
        return False
    return len({_script(char) for char in piece if char != SPACE} - {"Zinh"}) <= 1  # Zinh: inherited


@lru_cache(maxsize=None)
def _script(char: str) -> str:
    """The Unicode script of a character as an ISO 15924 code ('Latn', 'Zyyy' for Common, 'Zinh' for Inherited),
    grouped as SentencePiece groups them: Hiragana, Katakana and "ー" are Han ('Hani'); unassigned is Common."""
    code = unicode_script(char)
    if code in ("Hira", "Kana") or char == "\u30fc":
        return "Hani"
    return "Zyyy" if code == "Zzzz" else code
