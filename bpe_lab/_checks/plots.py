"""Checks for the figures of ``bpe_lab.plots``: axes, lists of numbers, pair-count bars, chips, curves and
per-language costs. (Where a slider's step ``k`` is checked, ``plots`` uses ``slider_step`` of
``_checks/widgets.py``.)
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from . import is_real, is_whole, items, short, text, whole

__all__ = ["axes", "plot_numbers", "curve_points", "compression_curve_data", "compression_curve_dict",
           "symbol_pair", "histogram_bars",
           "chip_pieces", "pixels", "named_curves", "language_costs", "segmentation_words", "segmenters"]


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


def histogram_bars(bars) -> list:
    """A list of bars ``(pair, count, is_winner)``, each count a finite number >= 0."""
    bars = items(bars, "bars", "(pair, count, is_winner)")
    for index, bar in enumerate(bars):
        if not isinstance(bar, (tuple, list)) or len(bar) != 3:
            raise ValueError(f"bars[{index}] must be (pair, count, is_winner), got {short(bar)}")
        count = bar[1]
        if not is_real(count):
            raise TypeError(f"bars[{index}]: the count must be a number, got {short(count)}")
        if not (math.isfinite(count) and count >= 0):
            raise ValueError(f"bars[{index}]: the count must be a finite number >= 0, got {count}")
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


def language_costs(costs, names) -> dict:
    """A non-empty dict tokenizer name -> {language: ratio}, the same languages for each; ``names``: None or a dict."""
    if not isinstance(costs, Mapping):
        raise TypeError(f"costs must be a dict tokenizer name -> {{language: ratio}}, got {type(costs).__name__}")
    if not costs:
        raise ValueError("costs is empty: pass tokenizer name -> {language: ratio}")
    for tokenizer, ratios in costs.items():
        if not isinstance(ratios, Mapping):
            raise TypeError(f"costs[{tokenizer!r}] must be a dict language -> ratio, got {type(ratios).__name__}")
    for tokenizer, ratios in costs.items():
        for code in next(iter(costs.values())):
            if code not in ratios:
                raise ValueError(f"costs[{tokenizer!r}] has no ratio for {code!r}; every tokenizer needs the same "
                                 "languages")
    if names is not None and not isinstance(names, Mapping):
        raise TypeError(f"names must be a dict language code -> name, got {type(names).__name__}")
    return costs


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
