"""Figures for the notebooks: compression curves (matplotlib) and pair-count histograms (HTML).

Nothing here computes BPE; it only draws what ``bpe_lab.bpe`` and ``bpe_lab.widgets`` computed.
Plotting functions draw on an ``Axes`` you pass in and return it, so a notebook can combine them.
Figures that a widget redraws are built with ``matplotlib.figure.Figure`` (not pyplot), so no figure
is left open behind a slider.
"""

from __future__ import annotations

import html
import io
import math
import numbers
from collections.abc import Mapping, Sequence

from matplotlib.figure import Figure
from matplotlib.ticker import StrMethodFormatter

from .byte_level import show_token

__all__ = ["use_style", "PALETTE", "MARKERS", "HATCHES", "svg_compression_curve", "compression_curves", "language_bars", "html_segmentation_table", "chunks_view", "html_chunks", "html_pair_histogram", "compression_curve", "CompressionFigure", "pair_label", "WINNER", "OTHER"]

# The Okabe-Ito palette: colours that stay distinct with the common colour-vision deficiencies
# (Okabe & Ito, "Color Universal Design", 2008). Lines also differ by marker and bars by hatching,
# so a plot still reads in greyscale or on a washed-out projector.
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]
HATCHES = ["", "//", "..", "xx", "\\\\", "oo", "--", "++"]
WINNER = PALETTE[1]  # vermillion: the pair merged next
OTHER = PALETTE[0]  # blue
BEST_PATH = "#000000"  # the Viterbi stepper's best path, drawn thickest

# Sizes for a room: readable from the back row on a projector, still fine on a laptop.
STYLE = {
    "font.size": 12,
    "axes.titlesize": 13,
    "axes.labelsize": 12,
    "xtick.labelsize": 11,
    "ytick.labelsize": 11,
    "legend.fontsize": 11,
    "lines.linewidth": 2.2,
    "lines.markersize": 7,
    "figure.dpi": 100,
}


def use_style() -> None:
    """Set matplotlib's defaults for this series: larger text, thicker lines, a colour-blind-safe palette.

    Every notebook calls it once after its imports; plots drawn afterwards (ours or yours) use it.
    """
    import matplotlib as mpl
    from cycler import cycler

    mpl.rcParams.update(STYLE)
    mpl.rcParams["axes.prop_cycle"] = cycler(color=PALETTE)


def _label(symbol) -> str:
    """A symbol as text; bytes that cut a character are shown as ⟨hex⟩ (``byte_level.show_token``)."""
    if isinstance(symbol, bytes):
        return show_token(symbol)
    return str(symbol)


def pair_label(pair) -> str:
    """('h', 'ug') -> 'h + ug'"""
    if not isinstance(pair, (tuple, list)):
        raise TypeError(f"pair must be two symbols (left, right), got {type(pair).__name__}")
    if len(pair) != 2:
        raise ValueError(f"pair must be two symbols (left, right), got {_short(pair)}")
    return f"{_label(pair[0])} + {_label(pair[1])}"


# --- Checking what callers pass ------------------------------------------------------------------

def _short(value) -> str:
    from ._checks import short

    return short(value)


def _check_ax(ax) -> None:
    if not (hasattr(ax, "plot") and hasattr(ax, "twinx")):
        raise TypeError(f"ax must be a matplotlib Axes, e.g. from fig, ax = plt.subplots(), got {type(ax).__name__}")


def _check_str(value, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__}")
    return value


def _as_list(values, name: str, what: str) -> list:
    """A list, tuple or array -> a list; a str, a number or None -> TypeError naming the argument."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a list of {what}, not one {type(values).__name__}")
    if not (hasattr(values, "__len__") and hasattr(values, "__iter__")) or isinstance(values, Mapping):
        raise TypeError(f"{name} must be a list of {what}, got {type(values).__name__}")
    return list(values)


def _numbers(values, name: str, *, whole: bool = False, gaps: bool = False) -> list:
    """The values of a list of numbers, checked: whole numbers, or finite numbers >= 0 (``gaps``: NaN too,
    which matplotlib draws as a gap in a line)."""
    values = _as_list(values, name, "numbers")
    for index, value in enumerate(values):
        kind = numbers.Integral if whole else numbers.Real
        if isinstance(value, bool) or not isinstance(value, kind):
            raise TypeError(f"{name} must hold {'whole numbers' if whole else 'numbers'}, got {_short(value)} "
                            f"at index {index}")
        if not whole and not (math.isfinite(value) and value >= 0) and not (gaps and math.isnan(value)):
            raise ValueError(f"{name} must hold finite numbers >= 0, got {value} at index {index}")
    return values


def _check_step(k, steps: int) -> int:
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"k must be a whole number (a step from 0 to {steps - 1}), got {_short(k)}")
    if not 0 <= k < steps:
        raise ValueError(f"k must be a step from 0 to {steps - 1}, got {k}")
    return int(k)


def _number(value) -> str:
    """12345 -> '12,345'; 0.0123456 -> '0.01235' (counts and scores on bars)."""
    return f"{value:,}" if isinstance(value, int) else f"{value:.4g}"


def html_pair_histogram(bars: Sequence, title: str, xlabel: str = "count in the corpus (word counts included)") -> str:
    """The pair counts as an HTML bar chart: most frequent on top, the winner in orange and marked ◀.

    ``bars`` is a list of ``(pair, count, is_winner)`` as made by ``bpe_lab.widgets.histogram_view``.
    HTML rather than matplotlib so a slider move redraws it instantly; each bar carries its count.
    """
    bars = _as_list(bars, "bars", "(pair, count, is_winner)")
    for index, bar in enumerate(bars):
        if not isinstance(bar, (tuple, list)) or len(bar) != 3:
            raise ValueError(f"bars[{index}] must be (pair, count, is_winner), got {_short(bar)}")
        count = bar[1]
        if isinstance(count, bool) or not isinstance(count, numbers.Real):
            raise TypeError(f"bars[{index}]: the count must be a number, got {_short(count)}")
        if not (math.isfinite(count) and count >= 0):
            raise ValueError(f"bars[{index}]: the count must be a finite number >= 0, got {count}")
    _check_str(title, "title")
    _check_str(xlabel, "xlabel")
    rows = [f'<div class="bpe-hist" style="font-size:12px;width:440px">'
            f'<div class="bpe-hist-title" style="text-align:center;margin-bottom:4px">{html.escape(title)}</div>']
    if not bars:
        rows.append('<div style="padding:20px;text-align:center">no pairs left: every word is one symbol</div>')
    top = max((count for _, count, _ in bars), default=1)
    for pair, count, winner in bars:
        colour = WINNER if winner else OTHER
        width = 100 * count / top
        rows.append(
            f'<div class="bpe-bar{" bpe-winner" if winner else ""}" style="display:flex;align-items:center;height:17px">'
            f'<div style="width:140px;text-align:right;padding-right:6px;white-space:pre;overflow:hidden;'
            f'font-family:monospace">{html.escape(pair_label(pair))}</div>'
            f'<div style="flex:1;display:flex;align-items:center">'
            f'<div style="background:{colour};width:{0.82 * width:.1f}%;height:13px"></div>'
            f'<span style="padding-left:4px">{_number(count)}{" ◀" if winner else ""}</span></div></div>'
        )
    rows.append('<div style="text-align:center;color:#444;margin-top:4px;padding-left:140px">'
                f"{html.escape(xlabel)} &rarr;</div></div>")
    return "".join(rows)


_CHIP_COLOURS = ["#fde2b8", "#c9e4f5", "#d4efc8", "#f5cde0", "#e3d7f5", "#f7f3b5"]


def html_chunks(pieces: Sequence, ids: Sequence[int] | None = None) -> str:
    """Pieces of text (str chunks or bytes tokens) as coloured chips, optionally with an id under each.

    Spaces are shown as ␣ and newlines as ↵ so nothing is invisible; bytes that cut a character are
    shown as ⟨hex⟩. Each chip has a border, so pieces stay distinguishable without colour.
    """
    pieces = _as_list(pieces, "pieces", "str or bytes")
    for index, piece in enumerate(pieces):
        if not isinstance(piece, (str, bytes)):
            raise TypeError(f"pieces[{index}] must be a str or bytes, got {type(piece).__name__}")
    if ids is not None:
        ids = _as_list(ids, "ids", "ids or None")
        if len(ids) != len(pieces):
            raise ValueError(f"ids must have one id per piece: {len(pieces)} pieces, {len(ids)} ids")
    chips = []
    for k, piece in enumerate(pieces):
        text = _label(piece).replace(" ", "␣").replace("\n", "↵").replace("\t", "⇥").replace("\r", "␍")
        under = "" if ids is None else f'<br><span style="font-size:11px;color:#333">{ids[k]}</span>'
        chips.append(
            f'<span class="bpe-chip" style="display:inline-block;margin:1px;padding:1px 3px;border-radius:3px;'
            f'border:1px solid #555;'
            f'background:{_CHIP_COLOURS[k % len(_CHIP_COLOURS)]};font-family:monospace;text-align:center;'
            f'white-space:pre">{html.escape(text)}{under}</span>'
        )
    return '<div style="line-height:2.2">' + "".join(chips) + "</div>"


def chunks_view(text: str, pattern: str = "gpt2"):
    """A text's pre-tokenization chunks as coloured chips, for display in a notebook.

    >>> chunks_view("It's here.")  # doctest: +SKIP
    """
    from IPython.display import HTML

    from .pretokenize import split

    return HTML(html_chunks(split(text, pattern)))


def compression_curve(ax, merges: Sequence[int], symbols: Sequence[int], bytes_per_token: Sequence[float] | None = None,
                      *, title: str | None = None):
    """Symbols in the corpus against merges learned (left axis), and bytes per token (right axis).

    Returns the left axes; the bytes-per-token axes (a ``twinx``) is the figure's last axes.
    """
    _check_ax(ax)
    merges, symbols = _numbers(merges, "merges"), _numbers(symbols, "symbols")
    if not merges or len(merges) != len(symbols):
        raise ValueError("merges and symbols must be non-empty lists of the same length "
                         f"({len(merges)} and {len(symbols)})")
    if bytes_per_token is not None:
        bytes_per_token = _numbers(bytes_per_token, "bytes_per_token")
        if len(bytes_per_token) != len(merges):
            raise ValueError(f"bytes_per_token must have one value per step ({len(merges)}), got {len(bytes_per_token)}")
    ax.plot(merges, symbols, color=OTHER, label="symbols in the corpus")
    ax.set_xlabel("merges learned")
    ax.set_ylabel("symbols in the corpus", color=OTHER)
    ax.yaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
    ax.set_ylim(0, max(symbols) * 1.05)
    ax.grid(alpha=0.3)
    if bytes_per_token is not None:
        right = ax.twinx()
        right.plot(merges, bytes_per_token, color=WINNER, linestyle="--", label="bytes per token")
        right.set_ylabel("bytes per token", color=WINNER)
        right.set_ylim(0, max(bytes_per_token) * 1.1)
    if title:
        ax.set_title(title)
    return ax


class CompressionFigure:
    """The compression curve with a marker that moves to step k, as a PNG.

    The curve and its axes are drawn once and kept as pixels (blitting); ``render(k)`` paints only the
    marker and the title on top, so a slider move costs a few milliseconds rather than a full redraw.
    """

    def __init__(self, curve: dict):
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        if not isinstance(curve, Mapping):
            raise TypeError(f"curve must be a dict such as widgets.compression_view(result) returns, "
                            f"got {type(curve).__name__}")
        keys = ("merges", "symbols", "bytes_per_token")
        if any(key not in curve for key in keys):
            raise ValueError("curve must have the keys 'merges', 'symbols' and 'bytes_per_token'; it has "
                             + (", ".join(_short(key) for key in curve) or "none"))
        self.curve = curve
        self.fig = Figure(figsize=(5.0, 3.3), dpi=100)
        FigureCanvasAgg(self.fig)
        self.fig.subplots_adjust(left=0.19, right=0.81, bottom=0.16, top=0.89)
        self.ax = self.fig.add_subplot()
        compression_curve(self.ax, curve["merges"], curve["symbols"], curve["bytes_per_token"])
        right = self.fig.axes[-1]  # the bytes-per-token axis compression_curve added with twinx
        self.ax.set_title(" ")
        self.line = self.ax.axvline(0, color="black", linewidth=1, linestyle="--")
        (self.dot,) = self.ax.plot([0], [curve["symbols"][0]], "o", color="black")
        (self.dot_right,) = right.plot([0], [curve["bytes_per_token"][0]], "o", color="black")
        self.moving = [self.line, self.dot, self.dot_right, self.ax.title]
        for artist in self.moving:
            artist.set_visible(False)
        self.fig.canvas.draw()
        self.background = self.fig.canvas.copy_from_bbox(self.fig.bbox)
        for artist in self.moving:
            artist.set_visible(True)

    def render(self, k: int, title: str) -> bytes:
        """The figure with the marker at step ``k`` and this title, as PNG bytes."""
        k = _check_step(k, len(self.curve["merges"]))
        self.ax.set_title(_check_str(title, "title"))
        self.line.set_xdata([k, k])
        self.dot.set_data([k], [self.curve["symbols"][k]])
        self.dot_right.set_data([k], [self.curve["bytes_per_token"][k]])
        canvas = self.fig.canvas
        canvas.restore_region(self.background)
        renderer = canvas.get_renderer()
        for artist in self.moving:
            artist.draw(renderer)
        return _png(canvas)


def svg_compression_curve(merges: Sequence[int], bytes_per_token: Sequence[float], k: int, *,
                          width: int = 380, height: int = 230) -> str:
    """Bytes per token against merges learned as a small inline SVG, with a marker at step ``k``.

    Plain SVG text, so a page can hold one per step and swap them without a kernel (the static
    edition's merge-step slider). Axes are labelled; the marker is a dashed line and a dot.

    >>> svg = svg_compression_curve([0, 1, 2], [1.0, 1.25, 1.5], 1)
    >>> svg.startswith("<svg") and "bytes per token" in svg and "merges learned" in svg
    True
    """
    merges = _numbers(merges, "merges", whole=True)
    bytes_per_token = _numbers(bytes_per_token, "bytes_per_token")
    if not merges or len(merges) != len(bytes_per_token):
        raise ValueError("merges and bytes_per_token must be non-empty lists of the same length "
                         f"({len(merges)} and {len(bytes_per_token)})")
    k = _check_step(k, len(merges))
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"{name} must be a whole number of pixels, at least 100, got {_short(value)}")
        if value < 100:
            raise ValueError(f"{name} must be a whole number of pixels, at least 100, got {value}")
    left, right, top, bottom = 52, 12, 26, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    x_step = max(1, int(_nice_step(max(merges[-1], 1))))  # merges are whole numbers
    x_max = x_step * -(-max(merges[-1], 1) // x_step)
    y_step = _nice_step(max(bytes_per_token))
    y_max = y_step * (int(max(bytes_per_token) / y_step) + 1)

    def x(value):
        return left + plot_w * value / x_max

    def y(value):
        return top + plot_h * (1 - value / y_max)

    points = " ".join(f"{x(m):.1f},{y(b):.1f}" for m, b in zip(merges, bytes_per_token))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="bytes per token after {k} merges: {bytes_per_token[k]:.2f}" '
             f'style="font-family:sans-serif;font-size:13px">',
             f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999"/>']
    for i in range(int(round(y_max / y_step)) + 1):  # y ticks
        value = i * y_step
        parts.append(f'<text x="{left - 4}" y="{y(value) + 4:.1f}" text-anchor="end">{value:g}</text>')
    for value in range(0, int(x_max) + 1, int(x_step)):  # x ticks
        parts.append(f'<text x="{x(value):.1f}" y="{top + plot_h + 14}" text-anchor="middle">{value:,}</text>')
    parts.append(f'<polyline points="{points}" fill="none" stroke="{WINNER}" stroke-width="2"/>')
    parts.append(f'<line x1="{x(merges[k]):.1f}" y1="{top}" x2="{x(merges[k]):.1f}" y2="{top + plot_h}" '
                 'stroke="black" stroke-dasharray="4 3"/>')
    parts.append(f'<circle cx="{x(merges[k]):.1f}" cy="{y(bytes_per_token[k]):.1f}" r="4.5" fill="black"/>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{height - 6}" text-anchor="middle">merges learned</text>')
    parts.append(f'<text x="14" y="{top + plot_h / 2}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {top + plot_h / 2})">bytes per token</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="16" text-anchor="middle">'
                 f'{bytes_per_token[k]:.2f} bytes per token after {merges[k]} merges</text>')
    parts.append("</svg>")
    return "".join(parts)


def _nice_step(span: float, most: int = 5):
    """A round tick step (1, 2 or 5 times a power of ten) giving at most ``most`` steps over ``span``."""
    step = 10.0 ** (len(str(int(span))) - 3) if span >= 1 else 0.1
    while True:
        for factor in (1, 2, 5):
            if span / (step * factor) <= most:
                value = step * factor
                return int(value) if value >= 1 and float(value).is_integer() else value
        step *= 10


def _png(canvas) -> bytes:
    """The canvas's pixels as PNG bytes, without drawing the figure again."""
    from PIL import Image

    width, height = canvas.get_width_height(physical=True)
    image = Image.frombuffer("RGBA", (width, height), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
    buffer = io.BytesIO()
    image.save(buffer, format="png", compress_level=1)
    return buffer.getvalue()


def compression_curves(ax, curves: dict, *, title: str | None = None):
    """Bytes per token against vocabulary size, one line per tokenizer.

    ``curves`` maps a tokenizer's name to ``(vocabulary sizes, bytes per token)``.
    """
    _check_ax(ax)
    if not isinstance(curves, Mapping):
        raise TypeError(f"curves must be a dict name -> (sizes, bytes per token), got {type(curves).__name__}")
    if not curves:
        raise ValueError("curves is empty: pass name -> (sizes, bytes per token)")
    for name, curve in curves.items():
        if not isinstance(curve, (tuple, list)) or len(curve) != 2:
            raise TypeError(f"curves[{name!r}] must be a pair (sizes, bytes per token), got {_short(curve)}")
        sizes, values = _numbers(curve[0], "sizes"), _numbers(curve[1], "bytes per token", gaps=True)
        if len(sizes) != len(values):
            raise ValueError(f"curves[{name!r}]: sizes and bytes per token must have the same length "
                             f"({len(sizes)} and {len(values)})")
    for k, (name, (sizes, values)) in enumerate(curves.items()):
        ax.plot(sizes, values, marker=MARKERS[k % len(MARKERS)], color=PALETTE[k % len(PALETTE)], label=name)
    ax.set_xscale("log")
    ax.set_xlabel("vocabulary size (log scale)")
    ax.set_ylabel("bytes per token (held-out text)")
    ax.grid(alpha=0.3)
    ax.legend()
    if title:
        ax.set_title(title)
    return ax


def language_bars(ax, costs: dict, names: dict | None = None, *, title: str | None = None):
    """Grouped horizontal bars: for each language, tokens relative to English under each tokenizer.

    ``costs`` maps a tokenizer's name to ``{language code: ratio}``; ``names`` gives languages' names.
    """
    _check_ax(ax)
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
    languages = sorted(next(iter(costs.values())), key=lambda code: max(c[code] for c in costs.values()))
    height = 0.8 / len(costs)
    for k, (tokenizer, ratios) in enumerate(costs.items()):
        ax.barh([i + k * height for i in range(len(languages))], [ratios[code] for code in languages],
                height=height, label=tokenizer, color=PALETTE[k % len(PALETTE)],
                hatch=HATCHES[k % len(HATCHES)], edgecolor="white", linewidth=0.5)
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(languages))],
                  [(names or {}).get(code, code) for code in languages])
    ax.axvline(1, color="black", linewidth=1)
    ax.set_xlabel("tokens for the same text, relative to English")
    ax.legend()
    if title:
        ax.set_title(title)
    return ax


def html_segmentation_table(words, tokenizers: dict) -> str:
    """A table: one row per word, one column per tokenizer, pieces shown as chips.

    ``tokenizers`` maps a name to a function word -> list of pieces (str or bytes).
    """
    words = _as_list(words, "words", "words")
    for index, word in enumerate(words):
        if not isinstance(word, str):
            raise TypeError(f"words[{index}] must be a str, got {type(word).__name__}")
    if not isinstance(tokenizers, Mapping):
        raise TypeError(f"tokenizers must be a dict name -> function word -> pieces, got {type(tokenizers).__name__}")
    for name, split in tokenizers.items():
        if not callable(split):
            raise TypeError(f"tokenizers[{name!r}] must be a function word -> list of pieces, got {type(split).__name__}")

    def pieces(name, split, word):
        result = split(word)
        if isinstance(result, (str, bytes)) or not isinstance(result, (list, tuple)):
            raise TypeError(f"tokenizers[{name!r}] must return a list of pieces, got {type(result).__name__} for {word!r}")
        return result

    header = "".join(f"<th>{html.escape(str(name))}</th>" for name in tokenizers)
    rows = []
    for word in words:
        cells = "".join(f"<td style='text-align:left'>{html_chunks(pieces(name, split, word))}</td>"
                        for name, split in tokenizers.items())
        rows.append(f"<tr><td><b>{html.escape(word)}</b></td>{cells}</tr>")
    return f"<table><tr><th>word</th>{header}</tr>{''.join(rows)}</table>"
