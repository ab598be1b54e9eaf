"""Checks for the figures of ``bpe_lab.plots``: axes, lists of numbers, pair-count bars, chips, curves and
per-language values. (Where a slider's step ``k`` is checked, ``plots`` uses ``slider_step`` of
``_checks/widgets.py``.)
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from . import is_real, is_whole, items, short, text, whole

__all__ = ["axes", "curve_labels", "plot_numbers", "curve_points", "compression_curve_data", "compression_curve_dict",
           "symbol_pair", "histogram_bars",
           "chip_pieces", "pixels", "named_curves", "reference_values", "language_values", "reference_line",
           "segmentation_words", "segmenters"]


def axes(ax):
    """A matplotlib Axes (anything that can ``plot`` and ``twinx``)."""
    if not (hasattr(ax, "plot") and hasattr(ax, "twinx")):
        raise TypeError(f"ax must be a matplotlib Axes, e.g. from fig, ax = plt.subplots(), got {type(ax).__name__}")
    return ax


def plot_numbers(values, name: str, *, whole_numbers: bool = False, gaps: bool = False) -> list:
    """The values of a list of numbers, checked: whole numbers, or finite numbers >= 0 (``gaps``: NaN too,
    which matplotlib draws as a gap in a line)."""
    values = items(values, name, "numbers")
    for index, value in enumerate(values):
        if not (is_whole(value) if whole_numbers else is_real(value)):
            raise TypeError(f"{name} must hold {'whole numbers' if whole_numbers else 'numbers'}, got {short(value)} "
                            f"at index {index}")
        if not whole_numbers and not (math.isfinite(value) and value >= 0) and not (gaps and math.isnan(value)):
            raise ValueError(f"{name} must hold finite numbers >= 0, got {value} at index {index}")
    return values


def curve_points(xs, ys, x_name: str, y_name: str, *, whole_x: bool = False) -> tuple[list, list]:
    """Two non-empty lists of numbers of the same length (a curve's x and y values)."""
    xs, ys = plot_numbers(xs, x_name, whole_numbers=whole_x), plot_numbers(ys, y_name)
    if not xs or len(xs) != len(ys):
        raise ValueError(f"{x_name} and {y_name} must be non-empty lists of the same length ({len(xs)} and {len(ys)})")
    return xs, ys


def compression_curve_data(ax, merges, symbols, bytes_per_token) -> tuple[list, list, list | None]:
    """What ``plots.compression_curve`` draws on ``ax``: merges and symbols, and bytes per token (None or one per
    step)."""
    axes(ax)
    merges, symbols = curve_points(merges, symbols, "merges", "symbols")
    if bytes_per_token is not None:
        bytes_per_token = plot_numbers(bytes_per_token, "bytes_per_token")
        if len(bytes_per_token) != len(merges):
            raise ValueError(f"bytes_per_token must have one value per step ({len(merges)}), "
                             f"got {len(bytes_per_token)}")
    return merges, symbols, bytes_per_token


def compression_curve_dict(curve) -> Mapping:
    """A dict with the keys "merges", "symbols" and "bytes_per_token", as ``widgets.compression_view`` returns."""
    if not isinstance(curve, Mapping):
        raise TypeError(f"curve must be a dict such as widgets.compression_view(result) returns, "
                        f"got {type(curve).__name__}")
    if any(key not in curve for key in ("merges", "symbols", "bytes_per_token")):
        raise ValueError("curve must have the keys 'merges', 'symbols' and 'bytes_per_token'; it has "
                         + (", ".join(short(key) for key in curve) or "none"))
    return curve


def symbol_pair(pair):
    """Two symbols (left, right), as a tuple or list."""
    if not isinstance(pair, (tuple, list)):
        raise TypeError(f"pair must be two symbols (left, right), got {type(pair).__name__}")
    if len(pair) != 2:
        raise ValueError(f"pair must be two symbols (left, right), got {short(pair)}")
    return pair


def histogram_bars(bars, signed=False) -> list:
    """A list of bars ``(pair, count, is_winner)``, each count a finite number >= 0 (any finite number if
    ``signed``, which must be True or False)."""
    if not isinstance(signed, bool):
        raise TypeError(f"signed must be True (bars may be negative) or False, got {short(signed)}")
    bars = items(bars, "bars", "(pair, count, is_winner)")
    for index, bar in enumerate(bars):
        if not isinstance(bar, (tuple, list)) or len(bar) != 3:
            raise ValueError(f"bars[{index}] must be (pair, count, is_winner), got {short(bar)}")
        count = bar[1]
        if not is_real(count):
            raise TypeError(f"bars[{index}]: the count must be a number, got {short(count)}")
        if not math.isfinite(count):
            raise ValueError(f"bars[{index}]: the count must be a finite number, got {count}")
        if count < 0 and not signed:
            raise ValueError(f"bars[{index}]: the count must be >= 0, got {count} "
                             "(for scores that can be negative pass signed=True)")
    return bars


def chip_pieces(pieces, ids) -> tuple[list, list | None]:
    """A list of str or bytes pieces, and None or one id per piece."""
    pieces = items(pieces, "pieces", "str or bytes")
    for index, piece in enumerate(pieces):
        if not isinstance(piece, (str, bytes)):
            raise TypeError(f"pieces[{index}] must be a str or bytes, got {type(piece).__name__}")
    if ids is not None:
        ids = items(ids, "ids", "ids or None")
        if len(ids) != len(pieces):
            raise ValueError(f"ids must have one id per piece: {len(pieces)} pieces, {len(ids)} ids")
    return pieces, ids


def pixels(value, name: str) -> int:
    """A size in pixels: a whole number of at least 100."""
    return whole(value, name, minimum=100, what="a whole number of pixels, at least 100")


def named_curves(curves) -> dict:
    """A non-empty dict name -> (sizes, bytes per token), two lists of numbers of the same length."""
    if not isinstance(curves, Mapping):
        raise TypeError(f"curves must be a dict name -> (sizes, bytes per token), got {type(curves).__name__}")
    if not curves:
        raise ValueError("curves is empty: pass name -> (sizes, bytes per token)")
    for name, curve in curves.items():
        if not isinstance(curve, (tuple, list)) or len(curve) != 2:
            raise TypeError(f"curves[{name!r}] must be a pair (sizes, bytes per token), got {short(curve)}")
        sizes, values = plot_numbers(curve[0], "sizes"), plot_numbers(curve[1], "bytes per token", gaps=True)
        if len(sizes) != len(values):
            raise ValueError(f"curves[{name!r}]: sizes and bytes per token must have the same length "
                             f"({len(sizes)} and {len(values)})")
    return curves


def curve_labels(curves: dict, algorithms, sources) -> tuple[dict, dict]:
    """``compression_curves``' ``algorithms`` and ``sources``: each None (every curve its own algorithm; one source
    for all) or a dict giving every curve's name a str."""
    return (_label_per_curve(curves, algorithms, "algorithms", "the algorithm it runs", default=None),
            _label_per_curve(curves, sources, "sources", "who implemented it", default=""))


def _label_per_curve(curves: dict, labels, name: str, what: str, default) -> dict:
    if labels is None:
        return {curve: curve if default is None else default for curve in curves}
    if not isinstance(labels, Mapping):
        raise TypeError(f"{name} must be None or a dict curve name -> {what}, got {type(labels).__name__}")
    for curve in curves:
        if curve not in labels:
            raise ValueError(f"{name} has no entry for the curve {curve!r}: map every curve's name to {what}")
        text(labels[curve], f"{name}[{curve!r}]")
    return dict(labels)


def reference_values(references) -> dict:
    """None (-> {}) or a dict name -> one finite number >= 0 (a reference drawn as a horizontal line)."""
    if references is None:
        return {}
    if not isinstance(references, Mapping):
        raise TypeError(f"references must be a dict name -> bytes per token, e.g. {{'GPT-2': 4.0}}, "
                        f"got {type(references).__name__}")
    for name, value in references.items():
        if not is_real(value):
            raise TypeError(f"references[{name!r}] must be a number (bytes per token), got {short(value)}")
        if not (math.isfinite(value) and value >= 0):
            raise ValueError(f"references[{name!r}] must be a finite number >= 0, got {value}")
    return dict(references)


def language_values(values, names, order, log: bool) -> tuple[dict, list]:
    """What ``plots.language_dots`` draws: a non-empty dict tokenizer name -> {language: number}, every number
    finite and >= 0 (> 0 on a log axis); ``names``: None or a dict code -> name; ``order``: None (the first
    tokenizer's languages) or a list of distinct language codes that every tokenizer has. Returns the values and
    the row order."""
    if not isinstance(log, bool):
        raise TypeError(f"log must be True or False, got {short(log)}")
    if not isinstance(values, Mapping):
        raise TypeError(f"values must be a dict tokenizer name -> {{language: number}}, got {type(values).__name__}")
    if not values:
        raise ValueError("values is empty: pass tokenizer name -> {language: number}, e.g. {'GPT-2': {'eng': 1935}}")
    for tokenizer, per_language in values.items():
        if not isinstance(per_language, Mapping):
            raise TypeError(f"values[{tokenizer!r}] must be a dict language -> number, got "
                            f"{type(per_language).__name__}")
        for code, value in per_language.items():
            _plotted_number(value, f"values[{tokenizer!r}][{code!r}]", log)
    if names is not None and not isinstance(names, Mapping):
        raise TypeError(f"names must be a dict language code -> name, got {type(names).__name__}")
    first = next(iter(values.values()))
    if order is None:
        order = list(first)
    else:
        order = items(order, "order", "language codes")
        if len(set(order)) != len(order):
            raise ValueError(f"order must list each language once, got {short(order)}")
    if not order:
        raise ValueError("there is no language to draw: values hold no language (or order is empty)")
    for tokenizer, per_language in values.items():
        for code in order:
            if code not in per_language:
                raise ValueError(f"values[{tokenizer!r}] has no value for {code!r}; every tokenizer needs every "
                                 "language that is drawn")
    return values, order


def reference_line(reference, order: list, log: bool):
    """``plots.language_dots``' reference: None, one number (a vertical line) or a dict language -> number with a
    value for every language drawn; numbers finite and >= 0 (> 0 on a log axis)."""
    if reference is None:
        return None
    if isinstance(reference, Mapping):
        for code in order:
            if code not in reference:
                raise ValueError(f"reference has no value for {code!r}: give one number per language drawn, "
                                 "or a single number for a vertical line")
            _plotted_number(reference[code], f"reference[{code!r}]", log)
        return reference
    if not is_real(reference):
        raise TypeError(f"reference must be None, a number (a vertical line, e.g. 1) or a dict language -> number, "
                        f"got {short(reference)}")
    _plotted_number(reference, "reference", log)
    return reference


def _plotted_number(value, name: str, log: bool):
    if not is_real(value):
        raise TypeError(f"{name} must be a number, got {short(value)}")
    if not (math.isfinite(value) and (value > 0 if log else value >= 0)):
        raise ValueError(f"{name} must be a finite number {'> 0 (the x axis is logarithmic)' if log else '>= 0'}, "
                         f"got {value}")


def segmentation_words(words) -> list[str]:
    """A list of words (str)."""
    words = items(words, "words", "words")
    for index, word in enumerate(words):
        text(word, f"words[{index}]")
    return words


def segmenters(tokenizers) -> Mapping:
    """A dict name -> function word -> list of pieces."""
    if not isinstance(tokenizers, Mapping):
        raise TypeError(f"tokenizers must be a dict name -> function word -> pieces, got {type(tokenizers).__name__}")
    for name, split in tokenizers.items():
        if not callable(split):
            raise TypeError(f"tokenizers[{name!r}] must be a function word -> list of pieces, "
                            f"got {type(split).__name__}")
    return tokenizers
