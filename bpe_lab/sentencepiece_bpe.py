"""SentencePiece BPE (the Llama 2 family's tokenizer), notebook 09: a ``.model`` run id for id, and a trainer.

SentencePiece's BPE does not replay a merge list, as GPT-2's does. It keeps each piece's *score* (for BPE, minus
the step at which the trainer made the piece: '▁t' -0.0, 'he' -1.0, ...; single characters after every merged
piece) and encodes one text like this:

    1. normalise it as the model file says (its compiled character map: NFKC and more, or nothing for
       "identity"), tidy the spaces, put "▁" for every space and one "▁" in front (the dummy prefix):
       "Emma Woodhouse" -> "▁Emma▁Woodhouse";
    2. split it into characters (a user-defined piece is kept whole);
    3. repeatedly merge the adjacent pair whose joined string is a piece with the highest score; among
       equal scores the leftmost pair; stop when no adjacent pair joins into a piece (``merge_by_score``);
    4. look up each symbol's id; a symbol that is not a piece becomes its UTF-8 bytes as the pieces
       "<0xE6>" ... when the model has byte fallback (``byte_piece``), otherwise the id of "<unk>", a run of
       such symbols one "<unk>" (its piece is the text it covers).

``load(path)`` reads a BPE ``.model`` into a ``SentencePieceBPE``: ``encode(text)`` gives the ids,
``encode_pieces(text)`` the pieces, ``decode(ids)`` the text. The code is in ``bpe_lab/sentencepiece/``
(``normalizer.py`` step 1, ``bpe.py`` steps 2-3, ``model.py`` step 4); ``train(text_or_lines, vocab_size)``
makes a model as SentencePiece's trainer does (``sentencepiece_bpe_train.py``, with its steps and its
differences from SentencePiece). Not here: sampling (BPE-dropout).
"""

from __future__ import annotations

from . import _checks as check
from . import sentencepiece
from .sentencepiece import SentencePieceBPE, byte_piece, merge_by_score
from .sentencepiece_bpe_train import train

__all__ = ["SentencePieceBPE", "load", "train", "merge_by_score", "byte_piece"]


def load(path) -> SentencePieceBPE:
    """Read a SentencePiece BPE ``.model`` file: ``load(path).encode(text)`` gives SentencePiece's ids. A Unigram
    model raises ValueError naming ``unigram.read_sentencepiece_model``; a damaged file ``FileFormatError``."""
    path = check.path(path)
    return sentencepiece.load(path, model_type="bpe")
