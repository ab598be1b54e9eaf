"""Matplotlib figures for the notebooks: pair-count histograms and compression curves.

Every function draws on an ``Axes`` you pass in (or a new figure) and returns it, so a notebook can
combine them; nothing here computes BPE itself, it only draws what ``bpe_lab.bpe`` and
``bpe_lab.widgets`` computed. Figures are built with ``matplotlib.figure.Figure`` (not pyplot) where
a widget redraws them, so no figure is left open behind a slider.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from matplotlib.figure import Figure
from matplotlib.ticker import StrMethodFormatter

__all__ = ["pair_histogram", "compression_curve", "ExplorerFigure", "new_axes", "WINNER", "OTHER"]

WINNER = "#e8710a"  # the pair merged next
OTHER = "#4a7fb0"


def new_axes(width: float = 6.0, height: float = 3.5):
    """A fresh figure with one axes (pyplot-free, safe inside widgets)."""
    fig = Figure(figsize=(width, height), layout="constrained")
    return fig.add_subplot()


def _label(symbol) -> str:
    if isinstance(symbol, bytes):
        return symbol.decode("utf-8", errors="backslashreplace")
    return str(symbol)


def pair_label(pair) -> str:
    """('h', 'ug') -> 'h + ug'"""
    return f"{_label(pair[0])} + {_label(pair[1])}"


def pair_histogram(ax, bars: Sequence, *, title: str | None = None):
    """Horizontal bars of pair counts, the most frequent at the top, the winner highlighted.

    ``bars`` is a list of ``(pair, count, is_winner)`` as made by ``bpe_lab.widgets.histogram_view``.
    """
    if ax is None:
        ax = new_axes()
    if not bars:
        ax.text(0.5, 0.5, "no pairs left:\nevery word is one symbol", ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return ax
    labels = [pair_label(pair) for pair, _, _ in bars]
    counts = [count for _, count, _ in bars]
    colours = [WINNER if winner else OTHER for _, _, winner in bars]
    positions = range(len(bars))
    ax.barh(positions, counts, color=colours)
    ax.set_yticks(list(positions), labels, fontfamily="monospace")
    ax.invert_yaxis()  # the most frequent pair on top
    for y, count in zip(positions, counts):
        ax.text(count, y, f" {count:,}", va="center", fontsize=8)
    ax.set_xlabel("count in the corpus (word counts included)")
    ax.set_ylabel("adjacent pair")
    ax.set_xlim(0, max(counts) * 1.18)
    if title:
        ax.set_title(title, fontsize=10)
    return ax


def compression_curve(ax, merges: Sequence[int], symbols: Sequence[int], bytes_per_token: Sequence[float] | None = None,
                      *, marker: int | None = None, title: str | None = None):
    """Symbols in the corpus against merges learned (left axis), and bytes per token (right axis)."""
    if ax is None:
        ax = new_axes()
    ax.plot(merges, symbols, color=OTHER, label="symbols in the corpus")
    ax.set_xlabel("merges learned")
    ax.set_ylabel("symbols in the corpus", color=OTHER)
    ax.yaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
    ax.set_ylim(0, max(symbols) * 1.05)
    ax.grid(alpha=0.3)
    if bytes_per_token is not None:
        right = ax.twinx()
        right.plot(merges, bytes_per_token, color=WINNER, label="bytes per token")
        right.set_ylabel("bytes per token", color=WINNER)
        right.set_ylim(0, max(bytes_per_token) * 1.1)
    if marker is not None:
        ax.axvline(marker, color="black", linewidth=1, linestyle="--")
        ax.plot([marker], [symbols[marker]], "o", color="black")
        if bytes_per_token is not None:
            right.plot([marker], [bytes_per_token[marker]], "o", color="black")
    if title:
        ax.set_title(title, fontsize=10)
    return ax


class ExplorerFigure:
    """The merge explorer's picture: pair histogram on the left, compression curve on the right.

    Built once; ``render(bars, k, ...)`` only changes what moved (bar lengths, colours, labels, the
    marker at k) and returns a PNG, which keeps a slider move to a few tens of milliseconds.
    """

    LABEL_CHARS = 18  # longer pair labels are shortened with an ellipsis, so the layout stays fixed

    def __init__(self, curve: dict, max_bars: int):
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        self.fig = Figure(figsize=(10.5, 3.6), dpi=80)
        FigureCanvasAgg(self.fig)
        self.fig.subplots_adjust(left=0.14, right=0.93, bottom=0.15, top=0.9, wspace=0.42)
        self.hist, self.comp = self.fig.subplots(1, 2, width_ratios=[1, 1.1])
        self.max_bars = max_bars
        positions = list(range(max_bars))
        self.bars = self.hist.barh(positions, [0] * max_bars, color=OTHER)
        self.counts = [self.hist.text(0, y, "", va="center", fontsize=8) for y in positions]
        self.hist.set_yticks(positions, [""] * max_bars, fontfamily="monospace")
        self.hist.set_ylim(max_bars - 0.5, -0.5)  # the most frequent pair on top
        self.hist.set_xlabel("count in the corpus (word counts included)")
        self.empty = self.hist.text(0.5, 0.5, "no pairs left:\nevery word is one symbol", ha="center",
                                    va="center", transform=self.hist.transAxes, visible=False)
        compression_curve(self.comp, curve["merges"], curve["symbols"], curve["bytes_per_token"])
        self.right = self.fig.axes[-1]  # the bytes-per-token axis compression_curve added with twinx
        self.curve = curve
        self.line = self.comp.axvline(0, color="black", linewidth=1, linestyle="--")
        (self.dot,) = self.comp.plot([0], [curve["symbols"][0]], "o", color="black")
        (self.dot_right,) = self.right.plot([0], [curve["bytes_per_token"][0]], "o", color="black")

    def render(self, bars, k: int, *, histogram_title: str, curve_title: str) -> bytes:
        labels = []
        for i in range(self.max_bars):
            rect, text = self.bars[i], self.counts[i]
            if i < len(bars):
                pair, count, winner = bars[i]
                rect.set_width(count)
                rect.set_color(WINNER if winner else OTHER)
                text.set_position((count, i))
                text.set_text(f" {count:,}")
                label = pair_label(pair)
                if len(label) > self.LABEL_CHARS:
                    label = label[: self.LABEL_CHARS - 1] + "…"
                labels.append(label)
            else:
                rect.set_width(0)
                text.set_text("")
                labels.append("")
        self.hist.set_yticks(list(range(self.max_bars)), labels, fontfamily="monospace")
        top = max((count for _, count, _ in bars), default=1)
        self.hist.set_xlim(0, top * 1.2)
        self.empty.set_visible(not bars)
        self.hist.set_title(histogram_title, fontsize=10)
        self.comp.set_title(curve_title, fontsize=10)
        self.line.set_xdata([k, k])
        self.dot.set_data([k], [self.curve["symbols"][k]])
        self.dot_right.set_data([k], [self.curve["bytes_per_token"][k]])
        buffer = io.BytesIO()
        self.fig.canvas.print_png(buffer)
        return buffer.getvalue()
