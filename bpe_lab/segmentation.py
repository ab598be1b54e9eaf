"""Other ways to cut a text with a vocabulary you already have: the fewest tokens, a random BPE, superwords.

A BPE tokenizer is two things: a vocabulary (its tokens) and a rule that cuts text with it (merge the pair
with the lowest rank first: notebook 02). Keep one and change the other, and you have another tokenizer.
Notebook 11 measures each of these with a small language model (``bpe_lab.lm``):

- ``fewest_tokens``: the same vocabulary, cut into the fewest tokens it allows (PathPiece's segmentation,
  Schmidt et al., 2024, "Tokenization Is More Than Compression"): a shortest path through the lattice of
  pieces (notebook 06's lattice, where every arc costs one token);
- ``bpe_dropout``: the same merges, but at each step every applicable merge is skipped with probability p
  (Provilkov et al., 2020, "BPE-Dropout"): another segmentation of the same word each time, to train on;
- ``superword_merges``: more merges, learned on chunks that span spaces, on top of the first merges (the
  second stage of SuperBPE, Liu et al., 2025): tokens such as " of the" or ", and".

Each function checks its arguments once per call. Cutting thousands of chunks with one vocabulary or one merge
list? Prepare it once (``prepare_vocab``, ``prepare_merges``) and pass what they return: it is not checked again.

Not here: Unigram's sampled segmentations (``unigram.sample``, Kudo 2018), training the first merges
(``Tokenizer.train``, ``bpe_lab.fast_bpe``), the n-gram model that scores all of them (``bpe_lab.lm``).
"""

from __future__ import annotations

import math

from . import _checks as check
from . import fast_bpe, pretokenize
from .tokenizer import Tokenizer

__all__ = ["fewest_tokens", "bpe_dropout", "superword_merges", "prepare_vocab", "prepare_merges",
           "SUPERWORD_PATTERN"]

#: The second stage's chunks: a whole line, or a run of line breaks. Spaces and punctuation no longer cut.
SUPERWORD_PATTERN = r"[^\n]+|\n+"


# ---------------------------------------------------------------------------------------------
# The fewest tokens: a shortest path over the lattice of pieces (PathPiece)
# ---------------------------------------------------------------------------------------------

def fewest_tokens(text, vocab) -> list:
    """Cut ``text`` into the fewest pieces of ``vocab``. Ties: the longest first piece, then the longest
    second piece, and so on.

    ``text``: a str, or bytes for byte-level pieces. ``vocab``: a set, list or dict of pieces of the same kind
    (``tokenizer.vocab`` for a byte-level BPE), or what ``prepare_vocab`` returned. An empty text gives [].

    The lattice has a node between every two characters and an arc for every piece that occurs in the text;
    every arc costs one token, so the fewest tokens is the shortest path from the first node to the last.
    Working from the end: ``fewest[i]`` is the fewest pieces that spell ``text[i:]``, and the first piece
    of that path is the longest piece ``p`` at ``i`` with ``fewest[i + len(p)] + 1 == fewest[i]``.

    >>> fewest_tokens("abcd", {"a", "b", "c", "d", "ab", "bcd"})  # BPE's merges might give ['ab', 'c', 'd']
    ['a', 'bcd']
    >>> fewest_tokens("abc", {"a", "b", "c", "ab", "bc"})  # two ways with 2 pieces: the longest first piece wins
    ['ab', 'c']
    """
    vocab = check.pieces(vocab)
    text = check.segmentation_text(text, vocab)
    if not set(text) <= vocab.characters:  # a character no piece holds: no path at all (found before any work)
        raise _cannot_spell(text, vocab)
    n = len(text)
    fewest = [math.inf] * n + [0]  # fewest[i]: the fewest pieces that spell text[i:]
    first = [0] * (n + 1)  # first[i]: the length of the first of those pieces
    for start in range(n - 1, -1, -1):
        for length in range(min(vocab.longest, n - start), 0, -1):  # longest first ...
            # subtle: ... and only a strictly shorter path replaces the one found: a tie keeps the longer first piece
            if text[start:start + length] in vocab and fewest[start + length] + 1 < fewest[start]:
                fewest[start], first[start] = fewest[start + length] + 1, length
    if fewest[0] == math.inf:
        raise _cannot_spell(text, vocab)
    pieces, start = [], 0
    while start < n:
        pieces.append(text[start:start + first[start]])
        start += first[start]
    return pieces


def _cannot_spell(text, vocab) -> ValueError:
    """The error for a text no sequence of pieces spells, naming the first character no piece holds (if any)."""
    unknown = next((i for i, char in enumerate(text) if char not in vocab.characters), None)
    where = (f": no piece holds {text[unknown:unknown + 1]!r} at position {unknown}" if unknown is not None
             else ": no sequence of pieces spells it")
    return ValueError(f"the vocabulary cannot spell the text {check.short(text)}{where}; give a vocabulary that holds "
                      "every character (or byte) of the text, such as a byte-level tokenizer's")


def prepare_vocab(vocab) -> check.Pieces:
    """``vocab`` checked once, as a frozenset of pieces that knows its longest piece. ``fewest_tokens`` takes it
    without checking it again: for cutting many chunks with one vocabulary of thousands of pieces.

    >>> prepare_vocab(["a", "b", "ab"]).longest
    2
    """
    return check.pieces(vocab)


# ---------------------------------------------------------------------------------------------
# BPE-dropout: BPE's merges, each skipped with probability p at each step
# ---------------------------------------------------------------------------------------------

def bpe_dropout(symbols, merges, p: float, rng) -> list:
    """Encode one word as BPE does, but at each step skip each applicable merge with probability ``p``.

    ``symbols``: a word as a str, bytes or a sequence of symbols; ``merges``: the (left, right) pairs in rank
    order (``tokenizer.merges``, ``result.merges``) or what ``prepare_merges`` returned; ``p``: from 0 to 1;
    ``rng``: a random number generator such as ``random.Random(0)`` (it is advanced, so pass the same one
    for a stream of different segmentations). An empty word gives [].

    Each step lists every place where a learned merge applies, drops each with probability ``p``, and
    merges the one with the lowest rank among those left (the leftmost of equals). When every one is
    dropped, the word is finished. So ``p=0`` is ``bpe.encode`` and
    ``p=1`` leaves the symbols as they are; anything between gives segmentations with more, shorter pieces.

    >>> import random
    >>> merges = [("u", "g"), ("h", "ug")]
    >>> bpe_dropout("hug", merges, 0.0, random.Random(0)), bpe_dropout("hug", merges, 1.0, random.Random(0))
    (['hug'], ['h', 'u', 'g'])
    """
    word, merges = check.word_and_merges(symbols, merges)
    p, rng = check.dropout_probability(p), check.random_generator(rng)
    ranks, word = merges.ranks, list(word)
    while len(word) >= 2:
        # (rank, position) of every applicable merge that survives this step's dropout
        kept = [(ranks[pair], i) for i, pair in enumerate(zip(word, word[1:])) if pair in ranks and rng.random() >= p]
        if not kept:
            break  # subtle: every applicable merge was dropped (or none applies): the word is finished
        _, i = min(kept)  # the lowest rank, then the leftmost
        word[i:i + 2] = [word[i] + word[i + 1]]
    return word


def prepare_merges(merges) -> check.Merges:
    """``merges`` checked once, as a list that knows each pair's rank. ``bpe_dropout`` takes it without checking
    it again: for dropping merges in every chunk of a text.

    >>> prepare_merges([("u", "g"), ("h", "ug")]).ranks
    {('u', 'g'): 0, ('h', 'ug'): 1}
    """
    return check.merges(merges)


# ---------------------------------------------------------------------------------------------
# Superwords: a second BPE stage on chunks that span spaces (SuperBPE's second stage)
# ---------------------------------------------------------------------------------------------

def superword_merges(text: str, merges, num_merges: int, *, pattern: str = SUPERWORD_PATTERN) -> list:
    """Learn ``num_merges`` more merges on top of ``merges`` (a byte-level BPE's, in rank order), on chunks that
    span spaces: by default whole lines (``SUPERWORD_PATTERN``).

    1. Cut ``text`` into the wider chunks of ``pattern``, and encode each chunk with ``merges``, lowest rank
       first, as ``Tokenizer(merges, pattern)`` does: the first stage's tokens, now side by side across spaces.
    2. Go on training BPE from there (``fast_bpe.train`` on those token sequences): its pairs may join
       tokens across a space or a punctuation mark.

    ``Tokenizer(merges + superword_merges(text, merges, k), SUPERWORD_PATTERN)`` encodes with both stages. This
    is SuperBPE's curriculum (Liu et al., 2025) in small; SuperBPE's second stage keeps no pre-tokenization but
    digit groups, and its texts are documents where this takes lines. Like ``bpe.train`` it may stop early,
    when every chunk is one token.

    >>> first = [(b" ", b"t"), (b"h", b"e"), (b" t", b"he"), (b" ", b"o"), (b" o", b"f")]  # " the", " of"
    >>> superword_merges("one of the\\nsome of the\\n", first, 2)
    [(b' of', b' the'), (b'e', b' of the')]
    """
    text, merges = check.text(text), check.tokenizer_merges(merges)
    num_merges, pattern = check.num_merges(num_merges), check.instance(pattern, str, "pattern must be a regex string")
    first_stage = Tokenizer(merges, pattern)  # refuses a bad pattern
    first_stage.encode_ordinary(text)  # every chunk at once (fast); each chunk's ids stay in the tokenizer's cache
    words = {}  # each chunk as the first stage's tokens (bytes) -> how often it occurs
    for chunk, count in pretokenize.chunk_counts(text, pattern).items():
        tokens = tuple(first_stage.token_bytes(i) for i in first_stage.encode_ordinary(chunk))
        words[tokens] = words.get(tokens, 0) + count
    if not words:
        return []
    return fast_bpe.train(words, num_merges).merges
