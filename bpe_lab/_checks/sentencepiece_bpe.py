"""Checks of ``bpe_lab.sentencepiece_bpe``: that a SentencePiece ``.model`` file holds a BPE model."""

from __future__ import annotations

__all__ = ["sentencepiece_bpe_trainer"]


def sentencepiece_bpe_trainer(trainer: dict, path) -> dict:
    """``trainer`` (what ``read_model_trainer`` read from ``path``) if its model type is BPE; a ValueError naming
    the reader to use otherwise."""
    if trainer["model_type"] == "unigram":
        raise ValueError(f"{path} holds a SentencePiece Unigram model, not BPE: read it with "
                         "bpe_lab.unigram.read_sentencepiece_model")
    if trainer["model_type"] != "bpe":
        raise ValueError(f"{path} holds a SentencePiece {trainer['model_type']} model, not BPE: "
                         "sentencepiece_bpe.load reads models trained with model_type='bpe'")
    return trainer
