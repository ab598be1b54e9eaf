"""BPE Lab: subword tokenization built step by step (BPE, byte-level BPE, WordPiece, Unigram).

One module per idea; see README.md for the notebooks that use them.
"""

__version__ = "0.1.0"
