"""Take a tokenizer home: write what BPE Lab trained in the formats production libraries load.

    to_hf(obj, path)                    a Hugging Face ``tokenizer.json`` (``tokenizers``, ``transformers``):
                                        byte-level BPE ``Tokenizer``, WordPiece vocabulary or Unigram model
    from_hf(path)                       a byte-level BPE ``tokenizer.json`` back into a ``Tokenizer``
    to_tiktoken(tokenizer, path)        a tiktoken rank file (base64 token, rank); ``tiktoken_file.load_encoding``
                                        adds the pattern and special tokens ``tiktoken.Encoding`` needs
    to_sentencepiece(model, path)       a Unigram model, or a SentencePiece BPE model (``sentencepiece_bpe.train``'s),
                                        as a SentencePiece ``.model``

Every writer writes atomically (``bpe_lab.storage``) and refuses, with a clear error, what its format
cannot hold. One module per format: ``hf_bpe``, ``tiktoken_file``, ``hf_wordpiece``, ``hf_unigram``,
and the ``.model`` format lives with its reader, in ``bpe_lab.sentencepiece.model_file``.
"""

from __future__ import annotations

__all__ = ["to_hf", "from_hf", "to_tiktoken", "to_sentencepiece"]

from .. import _checks as check
from .. import sentencepiece
from ..sentencepiece import model_file
from . import hf_bpe, hf_unigram, hf_wordpiece, tiktoken_file

_HF_WRITERS = {"bpe": hf_bpe.write, "wordpiece": hf_wordpiece.write, "unigram": hf_unigram.write}


def to_hf(obj, path):
    """Write ``obj`` as a Hugging Face ``tokenizer.json`` at ``path`` (atomically); returns the path."""
    return _HF_WRITERS[check.export_kind(obj)](obj, path)


def from_hf(path):
    """A byte-level BPE ``tokenizer.json`` (as ``to_hf`` writes, or GPT-2's) -> ``bpe_lab.Tokenizer``."""
    return hf_bpe.read(check.path(path))


def to_tiktoken(tokenizer, path):
    """Write ``tokenizer``'s ranks as a tiktoken rank file at ``path`` (atomically); returns the path."""
    return tiktoken_file.write(check.exported(tokenizer, "bpe", "to_tiktoken"), path)


def to_sentencepiece(unigram_log_probs, path):
    """Write a Unigram model (``unigram.train``'s result or a dict piece -> log-probability) as a SentencePiece
    ``.model`` at ``path``. ``unigram_log_probs`` may also be any SentencePiece model (``sentencepiece_bpe.train``'s,
    ``sentencepiece.load``'s), written as it encodes (the argument keeps the name DESIGN.md gives it); the writer
    is ``bpe_lab.sentencepiece.model_file.write``."""
    model = unigram_log_probs
    return model_file.write(model if isinstance(model, sentencepiece.Model) else check.sentencepiece_exported(model), path)
