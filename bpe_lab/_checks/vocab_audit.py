"""Checks for the vocabulary audit (``bpe_lab.vocab_audit``): a tokenizer to audit, a text, a list of its ids.

The tokenizer is recognised by what the audit reads (its vocabulary, merges, pattern and encoder), since
``_checks`` imports nothing from ``bpe_lab``.
"""

from __future__ import annotations

from . import is_whole, short, text

__all__ = ["audited_tokenizer", "audited_text", "audited_ids"]

_WHAT = "tokenizer must be a bpe_lab Tokenizer, such as gpt2.load() or Tokenizer.train(text, 300)"


def audited_tokenizer(tokenizer):
    """A bpe_lab ``Tokenizer`` (anything with ``vocab``, ``merges``, ``pattern``, ``encode_ordinary``, ``to_dict``)."""
    if not all(hasattr(tokenizer, name) for name in ("vocab", "merges", "pattern", "encode_ordinary", "to_dict")):
        raise TypeError(f"{_WHAT}, got {type(tokenizer).__name__}")
    return tokenizer


def audited_text(tokenizer, value) -> tuple:
    """A tokenizer (``audited_tokenizer``) and a str to encode with it."""
    return audited_tokenizer(tokenizer), text(value, "text", hint="read a file with corpus.load_text() first")


def audited_ids(ids, known) -> list[int]:
    """A list of ordinary token ids, each one of ``known`` (id -> anything): a whole number the tokenizer has."""
    if isinstance(ids, (str, bytes)) or not hasattr(ids, "__iter__"):
        raise TypeError(f"ids must be a list of token ids such as [262, 290], got {type(ids).__name__}")
    ids = list(ids)
    for position, token_id in enumerate(ids):
        if not is_whole(token_id):
            raise TypeError(f"ids[{position}] must be a whole-number token id, got {short(token_id)}")
        if token_id not in known:
            raise ValueError(f"ids[{position}] = {token_id} is not an ordinary token id of this tokenizer "
                             f"(ids run from {min(known)} to {max(known)}; special tokens are not listed)")
    return [int(token_id) for token_id in ids]
