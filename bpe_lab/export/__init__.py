"""Take a tokenizer home: write what BPE Lab trained in the formats production libraries load.

    to_hf(obj, path)                    a Hugging Face ``tokenizer.json`` (``tokenizers``, ``transformers``):
                                        byte-level BPE ``Tokenizer``, WordPiece vocabulary or Unigram model
    from_hf(path)                       a byte-level BPE ``tokenizer.json`` back into a ``Tokenizer``
    to_tiktoken(tokenizer, path)        a tiktoken rank file (base64 token, rank) and what ``Encoding`` needs
    to_sentencepiece(log_probs, path)   a Unigram model as a SentencePiece ``.model``

Every writer writes atomically (``bpe_lab.storage``) and refuses, with a clear error, what its format
cannot hold. One module per format: ``hf_bpe``, ``tiktoken_file``, ``hf_wordpiece``, ``hf_unigram``,
``sentencepiece_file`` (this package's, the writer; the reader is ``bpe_lab.unigram.sentencepiece_file``).
"""

from __future__ import annotations

# Filled in by the format modules as they land (issue 18).
__all__ = ["to_hf", "from_hf", "to_tiktoken", "to_sentencepiece"]
