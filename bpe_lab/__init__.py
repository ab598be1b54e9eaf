"""BPE Lab: subword tokenization built step by step (BPE, byte-level BPE, WordPiece, Unigram).

One module per idea; see README.md for the notebooks that use them.
"""

__version__ = "0.1.0"

from .homework import _aliases  # noqa: E402  (bpe_lab.exercise_sets and bpe_lab.exercises: their old names)

_aliases.install()
