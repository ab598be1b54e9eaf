"""Figures for the notebooks: compression curves and per-language dot plots (matplotlib), pair-count histograms
and token chips (HTML).

Nothing here computes BPE; it only draws what ``bpe_lab.bpe`` and ``bpe_lab.widgets`` computed.
Plotting functions draw on an ``Axes`` you pass in and return it, so a notebook can combine them.
Figures that a widget redraws are built with ``matplotlib.figure.Figure`` (not pyplot), so no figure
is left open behind a slider.

What it does not do: sliders and text boxes (``bpe_lab.widgets``), and checking arguments beyond one line per
function (the checks live in ``bpe_lab._checks``, the plots' own in ``_checks/plots.py``).
"""

from __future__ import annotations

import functools
import html
import io
import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence

import matplotlib as mpl
from cycler import cycler
from IPython.display import HTML
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter, StrMethodFormatter
from PIL import Image

from . import _checks as check
from .byte_level import show_token, utf8_status
from .pretokenize import split

__all__ = ["use_style", "PALETTE", "MARKERS", "HATCHES", "svg_compression_curve", "compression_curves", "language_dots",
           "html_segmentation_table", "chunks_view", "html_chunks", "html_pair_histogram", "compression_curve",
           "CompressionFigure", "token_label", "pair_label", "WINNER", "OTHER"]

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
    mpl.rcParams.update(STYLE)
    mpl.rcParams["axes.prop_cycle"] = cycler(color=PALETTE)


def token_label(symbol) -> str:
    """A symbol as text; bytes that cut a character are shown as ⟨hex⟩ (``byte_level.show_token``), anything
    else as ``str()`` gives it (a label never fails).

    >>> token_label("ug"), token_label(b"\\xc3")
    ('ug', '⟨c3⟩')
    """
    if isinstance(symbol, bytes):
        return show_token(symbol)
    return str(symbol)


def pair_label(pair) -> str:
    """('h', 'ug') -> 'h + ug'"""
    left, right = check.symbol_pair(pair)
    return f"{token_label(left)} + {token_label(right)}"


def _number(value) -> str:
    """12345 -> '12,345'; 0.0123456 -> '0.01235' (counts and scores on bars)."""
    return f"{value:,}" if isinstance(value, int) else f"{value:.4g}"


def html_pair_histogram(bars: Sequence, title: str, xlabel: str = "count in the corpus (word counts included)", *,
                        signed: bool = False) -> str:
    """The pair counts as an HTML bar chart: highest on top, the winner in orange and marked ◀.

    ``bars`` is a list of ``(pair, count, is_winner)`` as made by ``bpe_lab.widgets.histogram_view``.
    HTML rather than matplotlib so a slider move redraws it instantly; each bar carries its value.
    ``signed=True`` allows negative values (WordPiece's likelihood gains): they are drawn to the left of a
    zero line, so a bar's length is always its distance from zero.

    Three columns that never overlap: the pair, the bar, the value (with ◀ on the winner), each as wide as
    its longest entry. A space is shown as ␣. A pair of bytes whose merge completes a character says which
    (``⟨d0⟩ + ⟨b5⟩ → е``), or which script a merged lead byte starts (``→ start of a Devanagari char``).
    """
    bars, title = check.histogram_bars(bars, signed), check.text(title, "title")
    xlabel = check.text(xlabel, "xlabel")
    rows = ['<div class="bpe-hist" style="font-size:12px;line-height:17px;display:inline-grid;align-items:center;'
            'column-gap:6px;row-gap:2px;grid-template-columns:max-content minmax(150px, 260px) max-content">'
            f'<div class="bpe-hist-title" style="grid-column:1 / -1;text-align:center">{html.escape(title)}</div>']
    if not bars:
        rows.append('<div style="grid-column:1 / -1;padding:20px;text-align:center">'
                    'no pairs left: every word is one symbol</div>')
    highest = max((count for _, count, _ in bars if count > 0), default=0)
    lowest = -min((count for _, count, _ in bars if count < 0), default=0)
    span = (highest + lowest) or 1
    zero = 100 * lowest / span  # % of the track left of zero (0 when no value is negative)
    for pair, count, winner in bars:
        width = 100 * abs(count) / span
        left = zero - width if count < 0 else zero
        line = (f'<div style="position:absolute;left:{zero:.1f}%;top:-2px;width:1px;height:17px;background:#444">'
                '</div>' if lowest else "")
        label, hint = _pair_text(pair), _merged_hint(pair)  # _pair_text checks the pair first
        hint = f' <span class="bpe-hint" style="color:#555">{html.escape(hint)}</span>' if hint else ""
        rows.append(
            f'<div class="bpe-bar{" bpe-winner" if winner else ""}" style="display:contents">'
            '<div class="bpe-pair" style="margin:0;text-align:right;white-space:pre;font-family:monospace">'
            f'{html.escape(label)}{hint}</div>'
            '<div class="bpe-track" style="margin:0;position:relative;height:13px">'
            f'<div style="position:absolute;left:{left:.1f}%;width:{width:.1f}%;height:13px;'
            f'background:{WINNER if winner else OTHER}"></div>{line}</div>'
            f'<div class="bpe-value" style="margin:0;white-space:nowrap">{_number(count)}{" ◀" if winner else ""}</div></div>'
        )
    rows.append('<div class="bpe-hist-xlabel" style="grid-column:2 / -1;color:#444">'
                f"{html.escape(xlabel)} &rarr;</div></div>")
    return "".join(rows)


def _pair_text(pair) -> str:
    """``pair_label`` with whitespace made visible: a space (a space byte too) shows as ␣, a newline as ↵."""
    left, right = check.symbol_pair(pair)
    return f"{_visible_space(token_label(left))} + {_visible_space(token_label(right))}"


_WHITESPACE_MARKS = {" ": "␣", "\n": "↵", "\t": "⇥", "\r": "␍"}


def _visible_space(label: str) -> str:
    """Whitespace in a token's label as marks; the spaces between hex digits inside ⟨…⟩ stay."""
    return re.sub(r"⟨[^⟩]*⟩|[ \n\t\r]", lambda m: _WHITESPACE_MARKS.get(m.group(0), m.group(0)), label)


def _merged_hint(pair) -> str:
    """For two byte tokens, what merging them makes when that is more readable than their hex: the character(s)
    it completes ("→ е"), or the script whose character its lead bytes start ("→ start of a Devanagari char").
    "" for str symbols and when there is nothing to add."""
    left, right = pair
    if not (isinstance(left, bytes) and isinstance(right, bytes)):
        return ""
    merged = left + right
    parts = utf8_status(merged)
    if all(not description.startswith(("start", "continuation")) and not description.endswith("earlier")
           for _, description in parts):
        if "⟨" in token_label(left) + token_label(right):  # the merge completes a character
            return "→ " + _visible_space(_on_circle(merged.decode("utf-8")))
        return ""
    piece, description = parts[-1]
    script = _script_started_by(piece) if description.startswith("start") and len(parts) == 1 else ""
    return f"→ start of a {script} char" if script else ""


def _on_circle(text: str) -> str:
    """A combining mark that starts a token, drawn on a dotted circle (◌ा) so it shows on its own."""
    if text and unicodedata.category(text[0]).startswith("M"):
        return "◌" + text
    return text


@functools.lru_cache(maxsize=1024)
def _script_started_by(prefix: bytes) -> str:
    """The script of the characters whose UTF-8 starts with ``prefix`` (a lead byte and maybe continuation
    bytes): 'Devanagari' for e0 a4. "" when they are many scripts (or too many characters to check)."""
    length = {0xC0: 2, 0xE0: 3, 0xF0: 4}.get(prefix[0] & 0xF0 if prefix[0] >= 0xE0 else prefix[0] & 0xE0, 0)
    try:
        low = ord((prefix + b"\x80" * (length - len(prefix))).decode("utf-8"))
        high = ord((prefix + b"\xbf" * (length - len(prefix))).decode("utf-8"))
    except (UnicodeDecodeError, TypeError):
        return ""
    if high - low > 4096:
        return ""
    names = [unicodedata.name(chr(c), "").split(" ")[0] for c in range(low, high + 1)]
    scripts = Counter(name for name in names if name)
    if not scripts:
        return ""
    script, count = scripts.most_common(1)[0]
    if count < 0.9 * sum(scripts.values()):
        return ""
    return script if script == "CJK" else script.title()


_CHIP_COLOURS = ["#fde2b8", "#c9e4f5", "#d4efc8", "#f5cde0", "#e3d7f5", "#f7f3b5"]


# Whitespace made visible, except the spaces between the hex bytes of a ⟨e6 9d⟩ label.
_VISIBLE = re.compile(r"⟨[0-9a-f ]+⟩|[ \n\t\r]")
_SHOWN = {" ": "␣", "\n": "↵", "\t": "⇥", "\r": "␍"}


def _visible(match: re.Match) -> str:
    return _SHOWN.get(match.group(), match.group())


def html_chunks(pieces: Sequence, ids: Sequence[int] | None = None) -> str:
    """Pieces of text (str chunks or bytes tokens) as coloured chips, optionally with an id under each.

    Spaces are shown as ␣ and newlines as ↵ so nothing is invisible; bytes that cut a character are
    shown as ⟨hex⟩ (``⟨e6 9d⟩``: the space between two bytes stays a space). Each chip has a border, so pieces stay distinguishable without colour.
    """
    pieces, ids = check.chip_pieces(pieces, ids)
    chips = []
    for k, piece in enumerate(pieces):
        text = _VISIBLE.sub(_visible, token_label(piece))
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
    return HTML(html_chunks(split(text, pattern)))


def compression_curve(ax, merges: Sequence[int], symbols: Sequence[int], bytes_per_token: Sequence[float] | None = None,
                      *, title: str | None = None):
    """Symbols in the corpus against merges learned (left axis), and bytes per token (right axis).

    Returns the left axes; the bytes-per-token axes (a ``twinx``) is the figure's last axes.
    """
    merges, symbols, bytes_per_token = check.compression_curve_data(ax, merges, symbols, bytes_per_token)
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
        self.curve = check.compression_curve_dict(curve)
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
        k, title = check.slider_step(k, len(self.curve["merges"]) - 1, "step"), check.text(title, "title")
        self.ax.set_title(title)
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
    merges, bytes_per_token = check.curve_points(merges, bytes_per_token, "merges", "bytes_per_token", whole_x=True)
    k, width, height = check.slider_step(k, len(merges) - 1, "step"), check.pixels(width, "width"), check.pixels(
        height, "height")
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
    width, height = canvas.get_width_height(physical=True)
    image = Image.frombuffer("RGBA", (width, height), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
    buffer = io.BytesIO()
    image.save(buffer, format="png", compress_level=1)
    return buffer.getvalue()


def compression_curves(ax, curves: dict, *, title: str | None = None, references: dict | None = None,
                       algorithms: dict | None = None, sources: dict | None = None):
    """Bytes per token against vocabulary size, one line per tokenizer.

    ``curves`` maps a tokenizer's name to ``(vocabulary sizes, bytes per token)``. ``references`` maps a name to
    one value, drawn as a dotted horizontal line labelled at its left end: a tokenizer measured on the same text
    whose vocabulary is far off the axis (GPT-2's 50,257 tokens).

    ``algorithms`` and ``sources`` (optional; each maps every curve's name to a label) say which algorithm a
    curve runs and who implemented it. Curves of one algorithm share a colour and a marker; curves of one source
    share a line style: the first source named is drawn solid with filled markers (ours), the next dashed, then
    dash-dotted, with open markers. So our BPE and a library's BPE read as one colour, two line styles. Without
    them, every curve has its own colour and marker. The x ticks are the sizes measured, written out (500, 1,000,
    2,000); the legend sits to the right of the axes, clear of every point.

    >>> from matplotlib.figure import Figure
    >>> ax = compression_curves(Figure().add_subplot(), {"ours": ([500, 1000], [3.0, 3.5]),
    ...                                                  "library": ([500, 1000], [3.1, 3.5])},
    ...                         algorithms={"ours": "BPE", "library": "BPE"},
    ...                         sources={"ours": "bpe_lab", "library": "tokenizers"})
    >>> [(line.get_color(), line.get_linestyle()) for line in ax.lines]
    [('#0072B2', '-'), ('#0072B2', '--')]
    """
    ax, curves, references = check.axes(ax), check.named_curves(curves), check.reference_values(references)
    algorithms, sources = check.curve_labels(curves, algorithms, sources)
    style_of, legend_order = _curve_styles(curves, algorithms, sources)
    with mpl.rc_context(_SHORT_DASHES):
        lines = {name: ax.plot(sizes, values, label=name, **style_of[name])[0]
                 for name, (sizes, values) in curves.items()}
    ax.set_xscale("log")
    sizes = sorted({size for sizes, _ in curves.values() for size in sizes})
    ax.set_xticks(sizes, [f"{size:,}" for size in sizes])  # the sizes measured, written out: never 6×10²
    ax.xaxis.set_minor_formatter(NullFormatter())
    for name, value in references.items():
        ax.axhline(value, color="black", linestyle=":", linewidth=1.4)
        ax.annotate(f"{name} {value:.2f}", (0, value), xycoords=("axes fraction", "data"), xytext=(4, 3),
                    textcoords="offset points", ha="left", va="bottom", fontsize="small")
    if references:  # room above the highest line for its label
        low, high = ax.get_ylim()
        ax.set_ylim(low, max(high, max(references.values()) + 0.1 * (high - low)))
    ax.set_xlabel("vocabulary size (log scale)")
    ax.set_ylabel("bytes per token (held-out text)")
    ax.grid(alpha=0.3)
    ax.legend([lines[name] for name in legend_order], legend_order, loc="upper left", bbox_to_anchor=(1.02, 1.0),
              borderaxespad=0, handlelength=4)  # beside the axes, over no point; long enough to show the dashes
    if title:
        ax.set_title(title)
    return ax


# solid, dashed, dash-dotted, dash-dot-dotted; never ":", the reference lines' style. The dashes are shorter
# than matplotlib's (in line widths), so a legend entry shows a few of them beside its marker.
_SOURCE_LINES = ["-", "--", "-.", (0, (3, 1.2, 1, 1.2, 1, 1.2))]
_SHORT_DASHES = {"lines.dashed_pattern": [3, 1.2], "lines.dashdot_pattern": [3, 1.2, 1, 1.2]}


def _curve_styles(curves: dict, algorithms, sources) -> tuple[dict, list]:
    """Each curve's colour and marker (one per algorithm, in the order first met) and its line style and marker
    fill (one per source: the first solid and filled, drawn on top; the others open and a little larger, so a
    point where two curves meet shows as a dot in a ring). Also the curves in the legend's order: algorithm by
    algorithm."""
    colours = {label: k for k, label in enumerate(dict.fromkeys(algorithms[name] for name in curves))}
    lines = {label: k for k, label in enumerate(dict.fromkeys(sources[name] for name in curves))}
    style_of = {}
    for name in curves:
        k, j = colours[algorithms[name]], lines[sources[name]]
        style_of[name] = {"color": PALETTE[k % len(PALETTE)], "marker": MARKERS[k % len(MARKERS)],
                          "linestyle": _SOURCE_LINES[j % len(_SOURCE_LINES)], "zorder": 3 - 0.1 * j}
        if j:
            style_of[name].update(markerfacecolor="white", markersize=mpl.rcParams["lines.markersize"] + 2.5)
    return style_of, sorted(curves, key=lambda name: colours[algorithms[name]])


def language_dots(ax, values: dict, names: dict | None = None, *, order=None, reference=None,
                  reference_label: str = "reference", xlabel: str = "tokens for the same text", log: bool = False,
                  title: str | None = None):
    """A dot plot: one row per language, one marker per tokenizer, for a number per language such as the tokens
    the same text takes. Twenty languages under four tokenizers stay readable on a projector, where 80 bars do not.

    ``values`` maps a tokenizer's name to ``{language code: number}``, the same languages for each. Rows run top
    to bottom in ``order`` (language codes: pass a table's index so the plot lists the rows as the table does, or
    a part of it for a panel of fewer languages); by default as the first tokenizer's dict lists them.
    ``names`` maps codes to the names shown. ``reference``: None; a number, drawn as a vertical line (1 for a
    ratio to English); or ``{language: number}``, drawn as a black bar on each row and named ``reference_label``
    in the legend (the text's bytes: where a tokenizer that spends one token per byte lands). ``log``: a
    logarithmic x axis, for numbers that span more than a factor of ten.
    """
    ax = check.axes(ax)
    values, order = check.language_values(values, names, order, log)
    reference = check.reference_line(reference, order, log)
    reference_label, xlabel = check.text(reference_label, "reference_label"), check.text(xlabel, "xlabel")
    rows = range(len(order))
    for row in rows[1::2]:  # a light band behind every other row guides the eye along it
        ax.axhspan(row - 0.5, row + 0.5, color="#f0f0f0", zorder=0)
    if isinstance(reference, Mapping):
        ax.vlines([reference[code] for code in order], [row - 0.4 for row in rows], [row + 0.4 for row in rows],
                  color="black", linewidth=2, label=reference_label, zorder=4)  # on top: a dot under it still shows
    elif reference is not None:
        ax.axvline(reference, color="black", linewidth=1, zorder=1)
    spread = 0.75 / len(values)  # each tokenizer a little above or below the row's centre: equal values stay visible
    for k, (tokenizer, per_language) in enumerate(values.items()):
        offset = (k - (len(values) - 1) / 2) * spread
        ax.scatter([per_language[code] for code in order], [row + offset for row in rows], s=70,
                   marker=MARKERS[k % len(MARKERS)], color=PALETTE[k % len(PALETTE)], edgecolors="white",
                   linewidths=0.6, label=tokenizer, zorder=3)
    ax.set_yticks(list(rows), [(names or {}).get(code, code) for code in order])
    ax.set_ylim(len(order) - 0.5, -0.5)  # the first language on top, as in a table
    if log:
        ax.set_xscale("log")
        ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))  # 1,000  2,000  5,000  10,000 ...
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}" if x >= 10 else f"{x:g}"))
        ax.xaxis.set_minor_formatter(NullFormatter())
    ax.grid(axis="x", alpha=0.3)
    ax.set_xlabel(xlabel)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))  # beside the rows, never over a dot
    if title:
        ax.set_title(title)
    return ax


def html_segmentation_table(words, tokenizers: dict) -> str:
    """A table: one row per word, one column per tokenizer, pieces shown as chips.

    ``tokenizers`` maps a name to a function word -> list of pieces (str or bytes).
    """
    words, tokenizers = check.segmentation_words(words), check.segmenters(tokenizers)

    def pieces(name, tokenize, word):
        result = tokenize(word)
        if isinstance(result, (str, bytes)) or not isinstance(result, (list, tuple)):
            raise TypeError(f"tokenizers[{name!r}] must return a list of pieces, got {type(result).__name__} "
                            f"for {word!r}")
        return result

    header = "".join(f"<th>{html.escape(str(name))}</th>" for name in tokenizers)
    rows = []
    for word in words:
        cells = "".join(f"<td style='text-align:left'>{html_chunks(pieces(name, tokenize, word))}</td>"
                        for name, tokenize in tokenizers.items())
        rows.append(f"<tr><td><b>{html.escape(word)}</b></td>{cells}</tr>")
    return f"<table><tr><th>word</th>{header}</tr>{''.join(rows)}</table>"
