"""The merge explorer (notebook 01): one slider over merge steps 0…N of a traced ``bpe.train`` run.

For step k it shows:

  (a) the corpus segmented by the first k merges, with counts      -> ``corpus_view``
  (b) the pair counts at step k, the pair merged next highlighted   -> ``histogram_view``
  (c) a word of your choice tokenized by the first k merges        -> ``word_view``
  (d) the compression curve with a marker at k                      -> ``compression_view``

Each view is a plain function of (training result, k), so tests check what a student would see
without a browser. ``MergeExplorer`` computes every frame once when it is built; moving the slider
only swaps in the precomputed text and draws the picture. The word box splits at most
``MERGE_EXPLORER_MAX_CHARS`` characters of what is typed into it (see ``common.truncated``).

It trains nothing itself (``bpe.train`` does) and needs a kernel; for a slider that also works on a static
page, see ``frames.merge_steps``.
"""

from __future__ import annotations

import html
import time

import ipywidgets as w
from IPython.display import Image, display

from .. import _checks as check
from .. import bpe, plots
from ..corpus import split_word
from .common import App, character_notes, display_width, readable_word, segmented, shown, truncated

__all__ = ["MERGE_EXPLORER_MAX_CHARS", "corpus_view", "corpus_views", "histogram_view", "word_view",
           "compression_view", "MergeExplorer", "merge_explorer"]

MERGE_EXPLORER_MAX_CHARS = 500  # a one-word box; 500 characters of one endless word still encode in ~10 ms

PASS_BPE_RESULT = "pass the result of bpe.train(...)"


# --- (a) the corpus ---------------------------------------------------------------------------------

def corpus_view(result: bpe.TrainResult, k: int, limit: int = 12) -> str:
    """(a) The corpus after the first ``k`` merges, as text: one line per word with its count.

    >>> result = bpe.train({"hug": 10, "pug": 5}, 1)
    >>> print(corpus_view(result, 1))
    Step 1: merged u + g -> ug (count 15)
    2 distinct words, 15 in all; 30 symbols in the corpus (45 before any merge)
       count  word  segmentation
          10  hug   h ug
           5  pug   p ug
    """
    (result, k), limit = _result_and_step(result, k), check.whole(limit, "limit", minimum=1)
    rows = [(word, tuple(bpe.replay(word, result.merges[:k])), count) for word, count in _top_words(result, limit)]
    return _format_corpus(result, k, rows)


def corpus_views(result: bpe.TrainResult, limit: int = 12) -> list[str]:
    """``corpus_view`` for every k from 0 to N at once (each merge applied once, not N times)."""
    result, limit = check.instance(result, bpe.TrainResult, PASS_BPE_RESULT), check.whole(limit, "limit", minimum=1)
    top = _top_words(result, limit)
    current = [word for word, _ in top]
    views = []
    for k in range(result.num_merges + 1):
        if k > 0:
            current = [bpe.merge_pair(word, result.merges[k - 1]) for word in current]
        rows = [(word, segmented_word, count) for (word, count), segmented_word in zip(top, current)]
        views.append(_format_corpus(result, k, rows))
    return views


def _top_words(result: bpe.TrainResult, limit: int) -> list[tuple[tuple, int]]:
    """The ``limit`` most frequent words of the starting corpus (ties: in word order)."""
    return sorted(result.corpus.items(), key=lambda item: (-item[1], item[0]))[:limit]


def _format_corpus(result: bpe.TrainResult, k: int, rows: list[tuple[tuple, tuple, int]]) -> str:
    """Lay out step k: a header, then one line per word (count, the word as text, segmentation).

    The word column is readable text (bytes decoded together, a space as ␣) next to the segmentation, where
    bytes that cut a character are ⟨hex⟩."""
    show = shown
    totals = result.symbol_totals
    lines = []
    if k == 0:
        lines.append("Step 0: no merges yet, every word is split into single symbols.")
    else:
        step = result.steps[k - 1]
        tie = f"; a tie with {len(step.tied) - 1} other pair(s)" if step.was_tie else ""
        lines.append(f"Step {k}: merged {show(step.pair[0])} + {show(step.pair[1])} -> {show(step.new_symbol)} "
                     f"(count {step.count:,}{tie})")
    occurrences = sum(result.corpus.values())
    lines.append(f"{len(result.corpus):,} distinct words, {occurrences:,} in all; "
                 f"{totals[k]:,} symbols in the corpus ({totals[0]:,} before any merge)")
    if len(rows) < len(result.corpus):
        lines.append(f"showing the {len(rows)} most frequent words:")
    words = [readable_word(word) for word, _, _ in rows]
    width = max(4, *(display_width(text) for text in words))
    lines.append(f"{'count':>8}  {'word':<{width}}  segmentation")
    for text, (_, segmented_word, count) in zip(words, rows):
        pad = " " * (width - display_width(text))  # str.ljust would count a combining mark as a column
        lines.append(f"{count:>8,}  {text}{pad}  {segmented(segmented_word)}")
    return "\n".join(lines)


# --- (b) the pair counts ----------------------------------------------------------------------------

def histogram_view(result: bpe.TrainResult, k: int, limit: int = 15) -> list[tuple[tuple, int, bool]]:
    """(b) The pair counts after ``k`` merges as bars ``(pair, count, is_winner)``, most frequent first.

    The winner is the pair that merge ``k + 1`` chose; after the last merge it is the pair the next
    merge *would* choose. At most ``limit`` bars, the winner always among them.

    >>> result = bpe.train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 2)
    >>> histogram_view(result, 0, limit=3)
    [(('u', 'g'), 20, True), (('p', 'u'), 17, False), (('u', 'n'), 16, False)]
    """
    (result, k), limit = _result_and_step(result, k), check.whole(limit, "limit", minimum=1)
    counts = result.pair_counts_at(k)
    if not counts:
        return []
    if k < result.num_merges:
        winner = result.steps[k].pair
    else:
        best = max(counts.values())
        winner = min(pair for pair, c in counts.items() if c == best)  # bpe.train's tie-break: the smallest pair
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:limit]
    if winner not in dict(ordered):
        ordered[-1] = (winner, counts[winner])  # subtle: the winner always shows, in place of the last bar
    return [(pair, count, pair == winner) for pair, count in ordered]


def histogram_title(k: int, n: int) -> str:
    """The title over the pair counts at step k of n."""
    if k < n:
        return f"pair counts after {k} merges (◀ orange: merged next)"
    return f"pair counts after all {k} merges (◀ orange: would be next)"


# --- (c) your word ----------------------------------------------------------------------------------

def word_view(result: bpe.TrainResult, k: int, text: str, end_of_word: str | None = None) -> list[list]:
    """(c) Each word of ``text`` tokenized by the first ``k`` merges (one list of symbols per word).

    An empty text gives [] (as does a text of spaces only: it has no words).
    On a byte-level result (symbols are bytes) each word is split into its UTF-8 bytes.

    >>> result = bpe.train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 3)
    >>> word_view(result, 3, "hugs bug")
    [['hug', 's'], ['b', 'ug']]
    >>> word_view(bpe.train({b"hug": 10, b"hugs": 5}, 2), 2, "hugs")
    [[b'hug', b's']]
    """
    (result, k), text = _result_and_step(result, k), check.text(text, "text", example="hugs")
    end_of_word = check.end_of_word(end_of_word)
    merges = check.merges(result.merges[:k])  # checked, and ranked, once for all the words
    as_bytes = _holds_bytes(result)
    words = text.split()
    encoded = {}
    for word in dict.fromkeys(words):  # each distinct word once: a pasted text repeats its words a lot
        if as_bytes:
            symbols = tuple(bytes([b]) for b in word.encode("utf-8", "surrogatepass"))
        else:
            symbols = split_word(word, end_of_word)
        encoded[word] = bpe.encode(symbols, merges)
    return [list(encoded[word]) for word in words]


def _holds_bytes(result: bpe.TrainResult) -> bool:
    """Whether a training result is byte-level (its symbols are bytes rather than str)."""
    for word in result.corpus:
        return bool(word) and isinstance(word[0], bytes)
    return False


# --- (d) the compression curve ----------------------------------------------------------------------

def compression_view(result: bpe.TrainResult, end_of_word: str | None = None, raw_text: str | None = None) -> dict:
    """(d) The compression curve: for k = 0…N, symbols in the corpus and bytes per token.

    Bytes per token is ``metrics.bytes_per_token``'s: the UTF-8 bytes of the text, every byte counted (spaces
    and newlines included), divided by the number of tokens (here the symbols in the corpus after k merges).
    ``raw_text`` is the text the word counts came from. Without it, the text is the corpus written out: str
    words with one space between them (an end-of-word marker adds no bytes); bytes chunks one after another
    (byte-level chunks already hold their spaces).

    >>> curve = compression_view(bpe.train({"hug": 10, "pug": 5}, 1))  # "hug hug ... pug": 45 + 14 spaces
    >>> curve["symbols"], [round(b, 3) for b in curve["bytes_per_token"]]
    ([45, 30], [1.311, 1.967])
    >>> compression_view(bpe.train("hug  hug", 2), raw_text="hug  hug")["bytes_per_token"]  # 8 bytes
    [1.3333333333333333, 2.0, 4.0]
    """
    result = check.instance(result, bpe.TrainResult, PASS_BPE_RESULT)
    end_of_word = check.end_of_word(end_of_word)
    if raw_text is not None:
        text_bytes = len(check.utf8(check.text(raw_text, "raw_text"), "raw_text"))
    elif _holds_bytes(result):
        text_bytes = sum(count * sum(len(s) for s in word) for word, count in result.corpus.items())
    else:
        letters = sum(count * sum(len(_without_marker(s, end_of_word).encode("utf-8", "surrogatepass")) for s in word)
                      for word, count in result.corpus.items())
        text_bytes = letters + max(sum(result.corpus.values()) - 1, 0)  # one space between words
    symbols = result.symbol_totals
    return {
        "merges": list(range(len(symbols))),
        "symbols": symbols,
        "bytes_per_token": [text_bytes / n if n else 0.0 for n in symbols],
    }


def _without_marker(symbol: str, end_of_word: str | None) -> str:
    """A symbol without the end-of-word marker, whether it is the marker itself or glued to a character."""
    return symbol.removesuffix(end_of_word) if end_of_word else symbol


# --- the explorer -----------------------------------------------------------------------------------

class MergeExplorer(App):
    """The merge explorer: a slider over merge steps, a word box, the corpus text, the pair histogram
    and the compression curve.

    Build it with ``merge_explorer(...)``; display it by making it the last expression of a cell.
    Attributes a test or a lecturer may use: ``slider``, ``word_box``, ``result``, ``show(k)`` (move
    to step k), ``last_redraw_seconds``, ``max_chars`` (how much of the word box is split, default
    ``MERGE_EXPLORER_MAX_CHARS``; a note says when the text is longer).
    """

    def __init__(self, result: bpe.TrainResult, *, word: str = "", end_of_word: str | None = None,
                 top_words: int = 12, top_pairs: int = 15, title: str = "merges", raw_text: str | None = None):
        # Every argument is checked here, so that no observer fails later because of one.
        self.result = check.instance(result, bpe.TrainResult, PASS_BPE_RESULT)
        word, self.end_of_word, top_words, top_pairs = check.merge_view_options(word, end_of_word, top_words, top_pairs)
        title = check.text(title, "title", example="merges")
        n = result.num_merges
        # Everything the slider shows is computed here, once; a move only swaps it in.
        self.corpus_texts = corpus_views(result, top_words)
        self.histograms = [plots.html_pair_histogram(histogram_view(result, k, top_pairs), histogram_title(k, n))
                           for k in range(n + 1)]
        self.curve = compression_view(result, self.end_of_word, raw_text)
        self.figure = plots.CompressionFigure(self.curve)
        self.last_redraw_seconds = None
        self.max_chars = MERGE_EXPLORER_MAX_CHARS  # of the word box's text; see the module docstring
        self._build(n, word, title)
        self._draw(0)

    def _build(self, n: int, word: str, title: str) -> None:
        """The controls and outputs, laid out, with their observers."""
        self.slider = w.IntSlider(value=0, min=0, max=n, step=1, description=title,
                                  continuous_update=True, layout=w.Layout(width="60%"))
        self.play = w.Play(value=0, min=0, max=n, step=1, interval=400, description="play")
        w.jslink((self.play, "value"), (self.slider, "value"))
        self.word_box = w.Text(value=word, description="your word", placeholder="type a word",
                               continuous_update=True)
        self.word_out = w.HTML()
        self.text_out = w.Output()
        self.histogram_out = w.HTML()
        self.plot_out = w.Output()
        self.widget = w.VBox([
            w.HBox([self.play, self.slider]),
            w.HBox([self.word_box, self.word_out]),
            self.text_out,
            w.HBox([self.histogram_out, self.plot_out]),
        ])
        self.slider.observe(lambda change: self._draw(change["new"]), names="value")
        self.word_box.observe(lambda change: self._draw_word(self.slider.value), names="value")

    def _draw_word(self, k: int) -> None:
        text, note = truncated(self.word_box.value, self.max_chars)
        if not text.strip():
            self.word_out.value = f"{note}<i>type a word to see how the first k merges split it</i>"
            return
        words = word_view(self.result, k, text, self.end_of_word)
        chips = " &nbsp; ".join("".join(_chip(s, under) for s, under in zip(symbols, character_notes(symbols)))
                                for symbols in words)
        count = sum(len(symbols) for symbols in words)
        self.word_out.value = f"{note}{chips} &nbsp; ({count:,} token{'s' if count != 1 else ''})"

    def show(self, k: int) -> None:
        """Move to step ``k``, as if the slider had been moved (a lecturer can call this)."""
        k = check.k_merges(k, self.result.num_merges)
        if self.slider.value != k:
            self.slider.value = k  # the slider's observer draws
        else:
            self._draw(k)

    def _draw(self, k: int) -> None:
        started = time.perf_counter()
        png = self.figure.render(k, f"{self.curve['bytes_per_token'][k]:.2f} bytes per token after {k} merges")
        self._draw_word(k)
        self.histogram_out.value = self.histograms[k]
        with self.text_out:
            self.text_out.clear_output(wait=True)
            print(self.corpus_texts[k])
        with self.plot_out:
            self.plot_out.clear_output(wait=True)
            display(Image(data=png, format="png"))
        self.last_redraw_seconds = time.perf_counter() - started


def _chip(symbol, note: str) -> str:
    """One token of the word view as a boxed chip; under a byte token that cuts a character, the character and
    which of its bytes the token holds (``common.character_notes``), so the hex has a readable form next to it."""
    under = (f'<span class="bpe-char-note" style="display:block;font-size:10px;color:#444;font-family:sans-serif">'
             f"{html.escape(note)}</span>") if note else ""
    return ('<span class="bpe-token" style="display:inline-block;vertical-align:top;text-align:center;'
            'border:1px solid #888;border-radius:3px;padding:0 4px;margin:0 1px;background:#eef3fa;'
            f'font-family:monospace;white-space:pre">{html.escape(shown(symbol))}{under}</span>')


def trained(corpus_or_result, num_merges, caller: str) -> bpe.TrainResult:
    """A ``bpe.train`` result (``num_merges`` left out), or a corpus trained here with ``num_merges`` merges."""
    if isinstance(corpus_or_result, bpe.TrainResult):
        if num_merges is not None:
            raise ValueError("num_merges is already fixed by the training result; leave it out")
        return corpus_or_result
    if not isinstance(corpus_or_result, (str, bytes, dict, list, tuple)) and hasattr(corpus_or_result, "merges"):
        raise TypeError("corpus_or_result: pass a corpus and num_merges, or the result of bpe.train(...), "
                        f"got {type(corpus_or_result).__name__}")
    if num_merges is None:
        raise ValueError(f"pass num_merges, the number of merges to learn, e.g. {caller}(corpus, 10)")
    return bpe.train(corpus_or_result, num_merges)


def merge_explorer(corpus_or_result, num_merges: int | None = None, *, word: str = "",
                   end_of_word: str | None = None, top_words: int = 12, top_pairs: int = 15,
                   raw_text: str | None = None) -> MergeExplorer:
    """Build the merge explorer for a corpus (trained here) or for an existing ``bpe.train`` result.

    ``raw_text``: the text the word counts came from, so that bytes per token counts its spaces and
    newlines (``compression_view``); by default the corpus written out, one space between words.

    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> explorer = merge_explorer(corpus, 4, word="hugs")  # doctest: +SKIP
    >>> explorer  # the last expression of a cell displays it  # doctest: +SKIP
    """
    word, end_of_word, top_words, top_pairs = check.merge_view_options(word, end_of_word, top_words, top_pairs)
    raw_text = None if raw_text is None else check.text(raw_text, "raw_text")
    result = trained(corpus_or_result, num_merges, "merge_explorer")
    return MergeExplorer(result, word=word, end_of_word=end_of_word, top_words=top_words, top_pairs=top_pairs,
                         raw_text=raw_text)


def _result_and_step(result, k) -> tuple[bpe.TrainResult, int]:
    """A ``bpe.train`` result and a step k from 0 to its number of merges."""
    result = check.instance(result, bpe.TrainResult, PASS_BPE_RESULT)
    return result, check.k_merges(k, result.num_merges)
