"""Sliders that work without a kernel: for slides, and for the static HTML edition (scripts/build_html.py).

``frames_slider`` puts precomputed HTML frames behind a slider linked in the browser. ``merge_step_frames``
draws the merge explorer's views (``merge_explorer``: corpus, pair counts, a word split, compression) once
per merge step, and ``merge_steps`` shows them with such a slider (notebook 01).

What they cannot do: anything that needs the kernel after they are built, such as splitting a word typed
into a box (for that, see ``bpe_merges.MergeExplorer``).
"""

from __future__ import annotations

import html

import ipywidgets as w

from .. import _checks as check
from .. import bpe, plots
from .common import visible
from .bpe_merges import (PASS_BPE_RESULT, compression_view, corpus_views, histogram_title, histogram_view,
                             trained, word_view)

__all__ = ["frames_slider", "merge_step_frames", "merge_steps"]


def frames_slider(frames, description: str, labels=None, *, play: bool = False):
    """A slider over precomputed HTML frames that works in the browser alone.

    The frames are the children of an ``ipywidgets.Stack``; the slider is linked to the stack's
    ``selected_index`` with ``jslink``, a link the browser keeps. So the slider responds at once in a
    live notebook, and it still moves through the frames on a static HTML page with no kernel behind it.

    ``labels`` (optional, one per frame) turns it into a ``SelectionSlider`` showing those labels.
    ``play=True`` adds a Play button. The returned VBox has ``.slider``, ``.stack``, ``.frames`` and
    ``.links`` (the browser-side links).
    """
    frames, description, labels = check.slider_frames(frames, description, labels)
    stack = w.Stack([w.HTML(frame) for frame in frames], selected_index=0)
    layout, style = w.Layout(width="60%"), {"description_width": "initial"}
    if labels is None:
        slider = w.IntSlider(value=0, min=0, max=len(frames) - 1, description=description, layout=layout, style=style)
    else:
        slider = w.SelectionSlider(options=labels, value=labels[0], description=description, layout=layout,
                                   style=style)
    position = "value" if labels is None else "index"  # what the browser links: the slider's value or its index
    links = [w.jslink((slider, position), (stack, "selected_index"))]
    controls = [slider]
    if play:
        player = w.Play(value=0, min=0, max=len(frames) - 1, step=1, interval=500, description="play",
                        tooltip="play through the steps")
        links.append(w.jslink((player, "value"), (slider, position)))
        controls.insert(0, player)
    box = w.VBox([w.HBox(controls), stack])
    box.slider, box.stack, box.frames, box.links = slider, stack, frames, links
    box.add_class("bpe-frames-slider")
    return box


def merge_step_frames(result: bpe.TrainResult, word: str = "", *, top_words: int = 8, top_pairs: int = 10,
                      end_of_word: str | None = None) -> list[str]:
    """One HTML frame per merge step 0…N: the corpus, the pair counts, ``word`` split, and the
    compression curve (inline SVG) with a marker at the step. What ``merge_steps`` shows."""
    result = check.instance(result, bpe.TrainResult, PASS_BPE_RESULT)
    word, end_of_word, top_words, top_pairs = check.merge_view_options(word, end_of_word, top_words, top_pairs)
    n = result.num_merges
    texts = corpus_views(result, top_words)
    curve = compression_view(result, end_of_word)
    frames = []
    for k in range(n + 1):
        split = _word_split(result, k, word, end_of_word) if word.strip() else ""
        histogram = plots.html_pair_histogram(histogram_view(result, k, top_pairs), histogram_title(k, n))
        svg = plots.svg_compression_curve(curve["merges"], curve["bytes_per_token"], k)
        frames.append(
            f'<div class="bpe-merge-step" data-step="{k}">{split}'
            f'<pre style="font-family:monospace;font-size:12px;line-height:1.3;margin:4px 0">{html.escape(texts[k])}</pre>'
            f'<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start">{histogram}{svg}</div></div>'
        )
    return frames


def _word_split(result: bpe.TrainResult, k: int, word: str, end_of_word: str | None) -> str:
    """``word`` after k merges, as chips with a count of tokens."""
    words = word_view(result, k, word, end_of_word)
    count = sum(len(symbols) for symbols in words)
    chips = plots.html_chunks([visible(plots.token_label(s)) for symbols in words for s in symbols])
    return (f'<div><b>{html.escape(visible(word))}</b> after {k} merges: {count} token{"s" if count != 1 else ""}'
            f'{chips}</div>')


def merge_steps(corpus_or_result, num_merges: int | None = None, *, word: str = "", top_words: int = 8,
                top_pairs: int = 10, end_of_word: str | None = None):
    """The merge explorer's views as a slider over precomputed frames that needs no kernel to move.

    Same content as ``merge_explorer`` (corpus, pair counts, a word split, compression), but every
    step is drawn when it is built and the slider is linked in the browser (``frames_slider``), so it
    also works on the static HTML pages and in slides. Typing a new word needs ``merge_explorer``.

    >>> merge_steps({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 4, word="hugs")  # doctest: +SKIP
    """
    result = trained(corpus_or_result, num_merges, "merge_steps")
    frames = merge_step_frames(result, word, top_words=top_words, top_pairs=top_pairs, end_of_word=end_of_word)
    return frames_slider(frames, "merge step", play=True)
