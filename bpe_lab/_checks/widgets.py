"""Checks for the notebook widgets (``bpe_lab.widgets``) and the sliders of ``bpe_lab.plots``.

A slider over BPE merges checks its position ``k`` with ``k_merges`` (in ``symbols.py``, as ``bpe.TrainResult``
does); the other sliders with ``slider_step``, worded after what they move over: WordPiece merges ("k must
be between 0 and 3, got 4 (3 merges were learned)"), the steps of a curve ("k must be a step from 0 to 3,
got 5") or the positions of a text ("k must be a position from 0 to 3, got 9"). The other checks are for
the arguments only widgets take: the explorer's options, precomputed HTML frames and their labels, and the
tokenizers of the token inspector.
"""

from __future__ import annotations

from . import short, text, whole
from .texts import end_of_word as end_of_word_check

__all__ = ["slider_step", "merge_view_options", "slider_frames", "frame_labels",
           "inspected_tokenizer", "tokenizer_choices", "tokenizer_name", "inspector_texts", "text_limit",
           "text_file_bytes", "kept_upload"]

# What a slider moves over -> (what a right k is, the message for a k out of range).
_STEP_WORDS = {
    "merges": ("a whole number of merges between 0 and {last}", "k must be between 0 and {last}, got {{value}} "
                                                                 "({last} merges were learned)"),
    "step": ("a whole number (a step from 0 to {last})", "k must be a step from 0 to {last}, got {{value}}"),
    "position": ("a whole number, a position from 0 to {last}", "k must be a position from 0 to {last}, got {{value}}"),
}


def slider_step(k, last: int, unit: str) -> int:
    """``k`` as an int, if it is a whole number from 0 to ``last``; ``unit`` ("merges", "step" or "position") says
    what the slider moves over, in the message.

    >>> slider_step(4, 3, "step")
    Traceback (most recent call last):
    ValueError: k must be a step from 0 to 3, got 4
    """
    what, out_of_range = _STEP_WORDS[unit]
    return whole(k, "k", minimum=0, maximum=last, what=what.format(last=last),
                 out_of_range=out_of_range.format(last=last))


def merge_view_options(word, end_of_word, top_words, top_pairs) -> tuple[str, str | None, int, int]:
    """The merge explorer's options: the word split by the merges, the end-of-word marker, and how many words
    and pairs to show (at least 1 each)."""
    return (text(word, "word", example="hugs"), end_of_word_check(end_of_word),
            whole(top_words, "top_words", minimum=1), whole(top_pairs, "top_pairs", minimum=1))


def slider_frames(frames, description, labels) -> tuple[list[str], str, list[str] | None]:
    """What ``frames_slider`` takes: a non-empty list of HTML strings (one string alone is a ValueError), a str
    naming what the slider moves, and None or one distinct label per frame."""
    what = "frames must be a non-empty list of HTML strings, one per slider position"
    if isinstance(frames, (str, bytes)):  # one string: a value of the right kind, not a list of them
        raise ValueError(f"{what}, got one {type(frames).__name__}")
    if not hasattr(frames, "__iter__"):
        raise TypeError(f"{what}, got {type(frames).__name__}")
    frames = list(frames)
    if not frames or not all(isinstance(frame, str) for frame in frames):
        raise ValueError(what)
    if not isinstance(description, str):
        raise TypeError(f"description must be a str naming what the slider moves, got {type(description).__name__}")
    return frames, description, frame_labels(labels, len(frames))


def frame_labels(labels, count: int) -> list[str] | None:
    """None, or one distinct label per frame (each shown as ``str(label)``)."""
    if labels is None:
        return None
    if isinstance(labels, (str, bytes)) or not hasattr(labels, "__iter__"):
        raise TypeError(f"labels must be a list of one label per frame, or None, got {type(labels).__name__}")
    labels = [str(label) for label in labels]
    if len(labels) != count:
        raise ValueError(f"labels must have one entry per frame: {count} frames, {len(labels)} labels")
    if len(set(labels)) != len(labels):
        raise ValueError("labels must be distinct: the slider selects a frame by its label")
    return labels


def _is_tokenizer(value) -> bool:
    return hasattr(value, "encode") and hasattr(value, "token_bytes")


def inspected_tokenizer(tokenizer):
    """A bpe_lab Tokenizer (anything with ``encode`` and ``token_bytes``)."""
    if not _is_tokenizer(tokenizer):
        raise TypeError(f"tokenizer must be a bpe_lab Tokenizer, got {type(tokenizer).__name__}")
    return tokenizer


def tokenizer_choices(tokenizers) -> dict:
    """A non-empty dict name -> Tokenizer, or name -> function returning one (called when first chosen)."""
    what = "tokenizers must be a non-empty dict: name -> Tokenizer (or a function returning one)"
    if not isinstance(tokenizers, dict):
        raise TypeError(f"{what}, got {type(tokenizers).__name__}")
    if not tokenizers:
        raise ValueError(what)
    for name, source in tokenizers.items():
        if not _is_tokenizer(source) and not callable(source):
            raise TypeError(f"tokenizers[{short(name)}] must be a bpe_lab Tokenizer or a function returning one, "
                            f"got {type(source).__name__}")
    return dict(tokenizers)


def tokenizer_name(name, names) -> str:
    """``name`` if it is one of ``names``: a str not among them is a ValueError, anything else a TypeError."""
    if isinstance(name, str) and name in names:
        return name
    error = ValueError if isinstance(name, str) else TypeError
    raise error(f"name must be one of {short(list(names))}, got {short(name)}")



def inspector_texts(value, compare) -> tuple[str, str | None]:
    """The token inspector's text (a str) and ``compare``: None for one text box, or the str of a second one."""
    if compare is not None and not isinstance(compare, str):
        raise TypeError(f"compare must be a str (the text of a second box, such as 'Hello world ') or None for one "
                        f"text box, got {type(compare).__name__}")
    return text(value, "text"), compare


def text_limit(max_bytes) -> int:
    """The most bytes a text file may have (``widgets.read_text``, ``decode_text``, ``text_upload``): at least 1."""
    return whole(max_bytes, "max_bytes", minimum=1, what="a whole number of bytes of at least 1", example=10_000_000)


def text_file_bytes(data, name, max_bytes) -> tuple:
    """``decode_text``'s arguments: a file's content (bytes, bytearray or memoryview, returned as given: its size
    is checked before any copy), the name its messages use (a str) and the limit."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        hint = "; it is text already" if isinstance(data, str) else ""
        raise TypeError(f"data must be a file's content as bytes (bytes, bytearray or memoryview), got "
                        f"{type(data).__name__}{hint}")
    return data, text(name, "name", example="notes.txt"), text_limit(max_bytes)


def kept_upload(keep):
    """``text_upload``'s ``keep``: the upload widget the cell made when it ran before, or None."""
    from ..widgets.text_upload import TextUpload  # subtle: imported here, as widgets import these checks

    if keep is not None and not isinstance(keep, TextUpload):
        raise TypeError(f"keep must be the upload widget made when the cell ran before (text_upload(keep=upload)) "
                        f"or None, got {type(keep).__name__}")
    return keep
