"""A SentencePiece ``.model`` run exactly as ``SentencePieceProcessor`` runs it, BPE or Unigram.

SentencePiece turns a text into ids in three steps, and the model file carries what each one needs:

    1. normalise: the rules the model was trained with (a compiled character map: nmt_nfkc, nfkc, their
       case-folding variants, identity, or your own TSV), then spaces: "  Emma\\tWoodhouse" -> "▁Emma▁Woodhouse"
    2. cut into pieces, as the model type does: BPE merges the best-scoring pair first, Unigram runs Viterbi
    3. look the pieces up: a piece the vocabulary lacks becomes its UTF-8 bytes ("<0xE6>") with byte fallback,
       otherwise "<unk>"

``load(path)`` reads a ``.model`` once and gives a model with one interface, whatever its type: ``encode(text)``
-> ids, ``encode_batch(texts)`` -> ids of each, ``encode_pieces(text)`` -> pieces, ``decode(ids)`` -> text,
``id_to_piece``, ``piece_to_id``, ``vocab_size``. Read the files in this order:

- ``model_file.py``  the file format (protocol buffers by hand), read and written; piece types, byte pieces
- ``charsmap.py``    the compiled character map: a double-array trie and the strings its rules give
- ``normalizer.py``  step 1: the rules, longest match first, then the spaces
- ``model.py``       what both model types share: steps 1 and 3, decoding, the interface
- ``bpe.py``, ``unigram.py``  step 2 for each model type (``_batch.py``: BPE's quick path, many words at once)

``bpe_lab.sentencepiece_bpe`` (notebook 09: ``load``, and a readable trainer) and ``bpe_lab.unigram``
(notebook 06: ``read_sentencepiece_model``) read models through ``load``.

>>> from bpe_lab import corpus, sentencepiece
>>> model = sentencepiece.load(corpus.data_path("botchan_en_unigram_1000.model"))
>>> model.encode_pieces("the cat sat on the mat")
['▁the', '▁c', 'at', '▁sat', '▁on', '▁the', '▁ma', 't']
>>> model.encode("the cat"), model.decode(model.encode("the  cat"))
([7, 78, 77], 'the cat')
"""

from __future__ import annotations

from .. import _checks as check
from .. import storage
from .bpe import SentencePieceBPE, merge_by_score
from .model import Model
from .model_file import byte_piece, read
from .normalizer import Normalizer
from .unigram import UNK_PENALTY, SentencePieceModel, SentencePieceUnigram

__all__ = ["load", "read_sentencepiece_model", "Model", "SentencePieceBPE", "SentencePieceUnigram",
           "SentencePieceModel", "Normalizer", "merge_by_score", "byte_piece", "UNK_PENALTY"]

_MODEL_TYPES = {"bpe": SentencePieceBPE, "unigram": SentencePieceUnigram}


def load(path, model_type: str | None = None) -> Model:
    """The model in a SentencePiece ``.model`` file: a ``SentencePieceBPE`` or a ``SentencePieceUnigram``.

    ``model_type`` ("bpe" or "unigram"), if given, is the type the file must hold. A missing file raises
    ``FileNotFoundError``, a damaged one ``bpe_lab.storage.FileFormatError`` naming it; a model bpe_lab does not
    run (model_type word or char) ValueError naming the file and the switch.
    """
    path = check.path(path)
    found = read(path)
    check.sentencepiece_model_type(found.model_type, path, model_type)
    try:  # what SentencePiece refuses to load (no <unk>, a piece twice, a broken character map) is damage here
        normalizer = Normalizer.from_spec(found.normalizer, found.treat_whitespace_as_suffix, source=str(path))
        denormalizer = None
        if found.denormalizer and found.denormalizer["precompiled_charsmap"]:  # as SentencePiece: rules or none
            denormalizer = Normalizer.from_spec(found.denormalizer, source=f"{path} (its denormaliser)")
        return _MODEL_TYPES[found.model_type](found.pieces, normalizer, found.byte_fallback,
                                              unk_surface=found.unk_surface, denormalizer=denormalizer)
    except ValueError as exc:
        raise storage.FileFormatError(path, f"is not a usable SentencePiece model: {exc}; was it damaged?") from None


def read_sentencepiece_model(path) -> SentencePieceUnigram:
    """Read a SentencePiece Unigram ``.model`` file: ``read_sentencepiece_model(path).encode(text)`` gives
    SentencePiece's ids (``load(path, model_type="unigram")``; a BPE model raises ValueError)."""
    return load(path, model_type="unigram")

