"""Checks for the n-gram model (``bpe_lab.lm``) and the Rényi efficiency (``metrics.renyi_efficiency``):
token-id sequences, an order, a discount, a context, a trained model, a set of token counts.

Ids are checked once per distinct Python type in a sequence (not once per token), then by their smallest
and largest value, so checking the novel's 170,000 ids costs a few milliseconds.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from . import is_real, is_whole, real, short, whole

__all__ = ["lm_training", "lm_sequences", "id_sequence", "lm_token", "lm_context", "lm_model", "token_counts"]

_SEQUENCES = "sequences must be a list of token-id sequences such as [[464, 3290], [40]]"
_BOS = -1  # lm.BOS (``_checks`` imports nothing from bpe_lab; tests/test_lm.py checks the two agree)


def lm_training(sequences, order, vocab_size, discount) -> tuple[list[tuple[int, ...]], int, int, float | None]:
    """``lm.train``'s arguments: the sequences as tuples of ints, the order (1 to 4), the vocabulary size
    (by default the largest id seen + 1) and the discount (None, or a number between 0 and 1)."""
    order = whole(order, "order", minimum=1, maximum=4, example=3)
    if vocab_size is not None:
        vocab_size = whole(vocab_size, "vocab_size", minimum=1, example=50257)
    if discount is not None:
        discount = real(discount, "discount", minimum=0, maximum=1,
                        what="None (estimated from the counts) or a number between 0 and 1 (exclusive) such as 0.75")
        if discount in (0, 1):
            raise ValueError(f"discount must be between 0 and 1 (exclusive) such as 0.75, got {discount!r}: "
                             "0 leaves no probability for unseen tokens")
    sequences = lm_sequences(sequences, vocab_size)
    if vocab_size is None:
        largest = max((max(sequence) for sequence in sequences if sequence), default=None)
        if largest is None:
            raise ValueError("sequences hold no tokens: pass some token ids, or vocab_size= for a uniform model")
        vocab_size = largest + 1
    return sequences, order, vocab_size, discount


def lm_sequences(sequences, vocab_size: int | None, name: str = "sequences") -> list[tuple[int, ...]]:
    """An iterable of sequences of token ids (lists, tuples, bytes or NumPy arrays) -> a list of tuples of ints,
    each id in ``range(vocab_size)`` (any id >= 0 if ``vocab_size`` is None)."""
    if isinstance(sequences, (str, bytes, bytearray)) or isinstance(sequences, Mapping):
        raise TypeError(f"{_SEQUENCES}, got {type(sequences).__name__}")
    if not isinstance(sequences, Iterable):
        raise TypeError(f"{_SEQUENCES}, got {short(sequences)} ({type(sequences).__name__})")
    checked = []
    for position, sequence in enumerate(sequences):
        if is_whole(sequence):
            raise TypeError(f"{_SEQUENCES}, got a list of ids: wrap one sequence in a list, [ids]")
        checked.append(id_sequence(sequence, vocab_size, f"{name}[{position}]"))
    return checked


def id_sequence(sequence, vocab_size: int | None, name: str = "sequence", *, bos_first: bool = False
                ) -> tuple[int, ...]:
    """One sequence of token ids (list, tuple, bytes or NumPy array; not a str) -> a tuple of ints in
    ``range(vocab_size)``. ``bos_first``: the first item may be ``lm.BOS`` (a context may start a text)."""
    if isinstance(sequence, str):
        raise TypeError(f"{name} must be a sequence of token ids such as [464, 3290], not a str: encode the text "
                        "first, e.g. tokenizer.encode(text)")
    if isinstance(sequence, Mapping) or not isinstance(sequence, Iterable):
        raise TypeError(f"{name} must be a sequence of token ids such as [464, 3290], got "
                        f"{short(sequence)} ({type(sequence).__name__})")
    sequence = tuple(sequence)
    start = 1 if bos_first and sequence and is_whole(sequence[0]) and sequence[0] == _BOS else 0
    ids = sequence[start:]
    for kind in set(map(type, ids)):  # one check per Python type (int, numpy.int64...), not one per id
        where = next(i for i, token in enumerate(ids) if type(token) is kind)
        if not is_whole(ids[where]):
            raise TypeError(f"{name}[{where + start}] must be a whole-number token id, got {short(ids[where])}")
    if ids and (min(ids) < 0 or (vocab_size is not None and max(ids) >= vocab_size)):
        where = next(i for i, token in enumerate(ids) if token < 0 or (vocab_size is not None and token >= vocab_size))
        allowed = f"range(vocab_size={vocab_size})" if vocab_size is not None else "0 or more"
        hint = "; lm.BOS may only start a context" if ids[where] == _BOS else ""
        raise ValueError(f"{name}[{where + start}] = {ids[where]} is not a token id in {allowed}{hint}")
    return sequence[:start] + tuple(map(int, ids))


def lm_token(token, vocab_size: int) -> int:
    """A token id to predict: a whole number in ``range(vocab_size)`` (never ``lm.BOS``)."""
    token = whole(token, "token", minimum=None, example=464)
    if not 0 <= token < vocab_size:
        hint = ": lm.BOS only appears in contexts, it is never predicted" if token == _BOS else ""
        raise ValueError(f"token must be a token id in range(vocab_size={vocab_size}), got {token}{hint}")
    return token


def lm_context(context, vocab_size: int) -> tuple[int, ...]:
    """A context: the previous token ids (a tuple or list, oldest first; ``lm.BOS`` may come first)."""
    if is_whole(context):
        raise TypeError(f"context must be a tuple of the previous token ids such as (464,), got {context!r}: "
                        "write a one-token context as (id,)")
    return id_sequence(context, vocab_size, "context", bos_first=True)


def lm_model(model, name: str = "model"):
    """A trained n-gram model (anything with ``bits``, ``order`` and ``vocab_size``, as ``lm.train`` returns)."""
    if not all(hasattr(model, attribute) for attribute in ("bits", "order", "vocab_size", "distribution")):
        raise TypeError(f"{name} must be an n-gram model from lm.train(sequences, order=3), got {type(model).__name__}")
    return model


def token_counts(counts, vocab_size, alpha) -> tuple[list[float], int, float]:
    """``renyi_efficiency``'s arguments: counts (a mapping token -> count, or an iterable of counts) -> the
    positive counts; a vocabulary size of at least 2 and at least the number of tokens counted; alpha >= 0."""
    vocab_size = whole(vocab_size, "vocab_size", minimum=2, example=50257)
    alpha = real(alpha, "alpha", minimum=0, what="a number >= 0 such as 2.5 (1 is Shannon's entropy)")
    if isinstance(counts, (str, bytes)) or not isinstance(counts, Iterable):
        raise TypeError("token_counts must be a mapping token -> count (such as collections.Counter(ids)) or a list "
                        f"of counts, got {type(counts).__name__}")
    values = list(counts.values() if isinstance(counts, Mapping) else counts)
    for position, count in enumerate(values):
        if not is_real(count):
            raise TypeError(f"token_counts must hold counts (numbers), got {short(count)} ({type(count).__name__})")
        if math.isnan(count) or math.isinf(count) or count < 0:
            raise ValueError(f"token_counts must hold counts of 0 or more, got {count!r}")
    positive = [float(count) for count in values if count > 0]
    if not positive:
        raise ValueError("token_counts holds no positive count: count the tokens of a non-empty text")
    if len(positive) > vocab_size:
        raise ValueError(f"token_counts has {len(positive)} different tokens, more than vocab_size={vocab_size}")
    return positive, vocab_size, alpha
