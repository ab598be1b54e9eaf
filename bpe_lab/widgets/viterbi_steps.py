"""The Viterbi stepper (notebook 06): a slider over the positions of a word, showing the lattice of
pieces as arcs over its characters, the best score up to each position and the back-pointers.

``viterbi_view`` draws one position as HTML; ``viterbi_stepper`` draws every position once and puts them
behind a ``frames_slider``, so it moves without a kernel too.

It runs no Viterbi itself: ``unigram.viterbi_table`` fills the table it draws.
"""

from __future__ import annotations

import html

from .. import _checks as check
from .. import plots, unigram
from .frames import frames_slider

__all__ = ["viterbi_view", "viterbi_stepper"]

# Sized for a projector: "cats" draws 600 px wide with 16 px labels. Long words get narrower steps, down to
# _MIN_STEP, so the lattice keeps growing with the word instead of shrinking its labels.
_WIDTH = 560  # pixels the positions of a short word spread over
_MAX_STEP, _MIN_STEP = 140, 60  # pixels between two positions
_FONT = 16  # px, the characters and the piece labels
_MARGIN = 20


def _step(n: int) -> int:
    """Pixels between two positions for a word of n characters: 140 up to 4 characters, then narrower,
    never below 60."""
    return max(_MIN_STEP, min(_MAX_STEP, _WIDTH // max(n, 1)))


def viterbi_view(table, k: int) -> str:
    """What the Viterbi stepper shows at position k, as HTML: the lattice as arcs over the characters
    (chosen back-pointers up to k in thick orange, the best path in thick black once k reaches the end) and, for each
    position up to k, every candidate with its score and the winner marked."""
    table = check.instance(table, unigram.ViterbiTable, "table must be a ViterbiTable (from unigram.viterbi_table)")
    k = check.slider_step(k, len(table.text), "position")
    return _lattice_svg(table, k) + _best_segmentation(table, k) + _candidates_table(table, k)


def _lattice_svg(table, k: int) -> str:
    """The lattice as arcs over the characters: the best path (thick black) once k is at the end, the chosen
    back-pointers up to k (thick orange), other arcs ending by k (thin blue), arcs after k (grey)."""
    text, n = table.text, len(table.text)
    step = _step(n)
    longest = max((arc.end - arc.start for cands in table.candidates for _, arc in cands), default=1)
    rise = _FONT + 18  # how much higher each extra character of a piece puts its arc's label
    base = 30 + rise * (max(1, longest) + 1)  # the line of positions; the tallest label sits near the top
    parts = [f'<svg width="{step * n + 2 * _MARGIN}" height="{base + _FONT + 20}" '
             f'style="font-family:monospace;font-size:{_FONT}px">']
    best_path = {(arc.start, arc.end) for arc in table.path()} if k == n and n else set()
    chosen = {(table.back[i].start, i) for i in range(1, k + 1) if table.back[i] is not None}
    for i, char in enumerate(text):  # the characters, and the positions between them
        parts.append(f'<text x="{_MARGIN + step * i + step / 2}" y="{base + _FONT + 8}" text-anchor="middle" '
                     f'font-weight="bold">{html.escape(char)}</text>')
    for i in range(n + 1):
        colour = "#000" if i <= k else "#bbb"
        parts.append(f'<circle cx="{_MARGIN + step * i}" cy="{base}" r="5" fill="{colour}"/>')
    for cands in table.candidates:
        for _, arc in cands:
            x1, x2 = _MARGIN + step * arc.start, _MARGIN + step * arc.end
            lift = rise * (arc.end - arc.start) + 6  # the label's height above the line; the curve peaks there
            key = (arc.start, arc.end)
            # Thickness tells the three apart as well as colour (Okabe-Ito orange and blue, black).
            colour, width = (plots.BEST_PATH, 4) if key in best_path else ((plots.PALETTE[4], 3) if key in chosen else (
                plots.OTHER if arc.end <= k else "#bbb", 1))
            parts.append(f'<path d="M {x1} {base} Q {(x1 + x2) / 2} {base - 2 * lift} {x2} {base}" fill="none" '
                         f'stroke="{colour}" stroke-width="{width}"/>')
            # a white halo behind each label keeps it readable where arcs cross it
            parts.append(f'<text x="{(x1 + x2) / 2}" y="{base - lift - 4}" text-anchor="middle" fill="{colour}" '
                         f'stroke="#fff" stroke-width="4" paint-order="stroke">{html.escape(arc.piece)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _best_segmentation(table, k: int) -> str:
    """Once k reaches the end of a non-empty text: the best segmentation and its log-probability."""
    n = len(table.text)
    if not (k == n and n):
        return ""
    pieces = [arc.piece for arc in table.path()]
    return (f"<p><b>best segmentation:</b> {html.escape(' | '.join(pieces))} "
            f"(log-probability {table.best[n]:.2f})</p>")


def _candidates_table(table, k: int) -> str:
    """For each position up to k: the text so far, its best score, every candidate arc with its score (★ chosen)."""
    rows = []
    for i in range(1, k + 1):
        cells = []
        for score, arc in sorted(table.candidates[i], key=lambda item: -item[0]):
            mark = " ★" if table.back[i] == arc else ""
            cells.append(f"{html.escape(arc.piece)}: {table.best[arc.start]:.2f} + {arc.log_prob:.2f} = "
                         f"{score:.2f}{mark}")
        rows.append(f"<tr><td>{i}</td><td>{html.escape(table.text[:i])}</td><td>{table.best[i]:.2f}</td>"
                    f"<td style='text-align:left'>{'<br>'.join(cells)}</td></tr>")
    return ("<table><tr><th>position</th><th>text so far</th><th>best</th><th>candidates (★ chosen)</th></tr>"
            + "".join(rows) + "</table>")


def viterbi_stepper(text: str, log_probs: dict):
    """A slider over the positions of a word: the lattice, the best score so far, the back-pointers.

    Built with ``frames_slider``: every position is drawn once, and the slider works without a kernel too.
    ``unigram.viterbi_table`` checks ``log_probs`` (a non-empty dict piece -> log-probability).
    """
    table = unigram.viterbi_table(check.text(text), log_probs)
    frames = [viterbi_view(table, k) for k in range(len(text) + 1)]
    return frames_slider(frames, "position")
