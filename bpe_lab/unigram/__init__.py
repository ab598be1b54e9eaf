"""The Unigram language model (Kudo, 2018): segment a text by probabilities, with Viterbi; learn the probabilities.

A Unigram tokenizer is a vocabulary in which each piece has a probability; a segmentation's probability is
the product of its pieces' probabilities (a sum of log-probabilities), and the tokenizer picks the most
probable one. Coming from notebook 06, open the files in this order:

- ``segment.py``   the lattice and Viterbi, as the notebook builds them; then the n best segmentations,
                   sampling one (subword regularisation) and counting them all.
- ``training.py``  ``train``: a seed vocabulary, EM over each word's lattice, pruning; each step defined
                   for one word (``_lattices.py`` runs them for every word at once, with NumPy).
- ``bpe_lab/sentencepiece/``  a real SentencePiece ``.model`` run here, id for id (``read_sentencepiece_model``;
                   ``sentencepiece/unigram.py`` is SentencePiece's own Viterbi).
- ``saving.py``    ``save_model`` / ``load_model``: a trained model as BPE Lab's versioned JSON.

Everything is importable from here (argument checks live in ``bpe_lab/_checks/unigram.py``):

>>> from bpe_lab import unigram
>>> unigram.viterbi("cat", {"c": -2.0, "a": -2.0, "t": -2.0, "at": -1.0})
(['c', 'at'], -3.0)
>>> len(unigram.train("the cat sat on the mat " * 20, 20).log_probs)
20
"""

from .saving import load_model, save_model
from .segment import (
    SPACE,
    Arc,
    ViterbiTable,
    Vocabulary,
    count_segmentations,
    lattice,
    nbest,
    sample,
    segment_words,
    viterbi,
    viterbi_table,
    word_tokenizer,
)
from ..sentencepiece import UNK_PENALTY, SentencePieceModel, read_sentencepiece_model
from .training import TrainingRound, UnigramResult, train

__all__ = [
    "Arc",
    "ViterbiTable",
    "lattice",
    "viterbi_table",
    "viterbi",
    "segment_words",
    "word_tokenizer",
    "nbest",
    "sample",
    "count_segmentations",
    "SentencePieceModel",
    "read_sentencepiece_model",
    "save_model",
    "load_model",
    "train",
    "UnigramResult",
    "TrainingRound",
    "Vocabulary",
    "SPACE",
    "UNK_PENALTY",
]
