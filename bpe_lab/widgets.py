"""Interactive explorers for the notebooks (ipywidgets).

The merge explorer puts one slider over merge steps 0…N of a traced ``bpe.train`` run and shows,
for step k:

  (a) the corpus segmented by the first k merges, with counts      -> ``corpus_view``
  (b) the pair counts at step k, the pair merged next highlighted   -> ``histogram_view``
  (c) a word of your choice tokenized by the first k merges        -> ``word_view``
  (d) the compression curve with a marker at k                      -> ``compression_view``

Each view is a plain function of (training result, k), so tests check what a student would see
without a browser. ``MergeExplorer`` computes every frame once when it is built; moving the slider
only swaps in the precomputed text and draws the picture.

Text typed or pasted into a widget is tokenized up to a limit, so that a whole novel pasted into a box
(684,768 characters) still redraws at once; past the limit the view says what it shows, e.g. "showing
the first 1,998 characters of 684,768". The limits (the cut is moved back to the last space when there
is one nearby, so no word is cut in half):

  ``MERGE_EXPLORER_MAX_CHARS``      the merge explorer's "your word" box       500 characters
  ``WORDPIECE_EXPLORER_MAX_CHARS``  the WordPiece explorer's "your word" box   500 characters
  ``TOKEN_INSPECTOR_MAX_BYTES``     the token inspector's text area            2,000 UTF-8 bytes

The inspector counts bytes because every token holds at least one: so it never draws more than 2,000
chips, even for text of emoji (3 tokens each for GPT-2). With these limits a redraw takes under 10 ms
in the kernel and under 0.1 s for the browser to lay out (benchmarks/bench_long_input.py measures
both). The view functions themselves (``word_view``, ``inspect_tokens``, …) never truncate: only the
widgets do.
"""

from __future__ import annotations

import html
import numbers
import time
from collections.abc import Mapping

from . import _checks as check
from . import bpe, plots
from .corpus import split_word

# How much of a typed or pasted text the widgets tokenize (see the module docstring).
MERGE_EXPLORER_MAX_CHARS = 500  # a one-word box; 500 characters of one endless word still encode in ~10 ms
WORDPIECE_EXPLORER_MAX_CHARS = 500  # the same box in the WordPiece explorer
TOKEN_INSPECTOR_MAX_BYTES = 2_000  # about a page of English (~550 GPT-2 tokens); never more than 2,000 chips

__all__ = [
    "MERGE_EXPLORER_MAX_CHARS",
    "WORDPIECE_EXPLORER_MAX_CHARS",
    "TOKEN_INSPECTOR_MAX_BYTES",
    "corpus_view",
    "corpus_views",
    "histogram_view",
    "word_view",
    "compression_view",
    "MergeExplorer",
    "merge_explorer",
    "inspect_tokens",
    "TokenInspector",
    "token_inspector",
    "wordpiece_corpus_views",
    "wordpiece_histogram_view",
    "WordPieceExplorer",
    "wordpiece_explorer",
    "viterbi_view",
    "viterbi_stepper",
    "frames_slider",
    "merge_step_frames",
    "merge_steps",
]


def _show(symbol) -> str:
    return plots._label(symbol)


def _segmented(symbols) -> str:
    """('h', 'ug', 's') -> 'h ug s' (symbols separated by spaces, as in the BPE paper)."""
    return " ".join(_show(s) for s in symbols)


# Characters that would be invisible, or break the page, in a widget's HTML: C0 controls (tab, newline and
# carriage return excepted: ``plots.html_chunks`` draws them as ⇥ ↵ ␍) and DEL become their control pictures
# (NUL -> ␀), C1 controls and lone surrogates (which cannot even be sent to the browser as UTF-8) become ⟨U+…⟩.
_VISIBLE = {c: chr(0x2400 + c) for c in range(32) if chr(c) not in "\t\n\r"}
_VISIBLE[0x7F] = "\u2421"
_VISIBLE.update({c: f"⟨U+{c:04X}⟩" for c in [*range(0x80, 0xA0), *range(0xD800, 0xE000)]})


def _visible(text: str) -> str:
    r"""``text`` with control characters and lone surrogates shown as visible marks (before HTML escaping).

    >>> _visible("a\x00b\x1b[0m\ud800")
    'a␀b␛[0m⟨U+D800⟩'
    """
    return text.translate(_VISIBLE)


def _truncated(text: str, limit: int, unit: str = "characters") -> tuple[str, str]:
    """The part of ``text`` a widget shows, and an HTML note saying so ("" when all of it is shown).

    At most ``limit`` characters (or, with ``unit="UTF-8 bytes"``, characters whose UTF-8 bytes add up to
    at most ``limit``); the cut moves back to the last whitespace if there is one in the last fifth,
    so that no word is cut in half.

    >>> _truncated("hug pug", 100)
    ('hug pug', '')
    >>> shown, note = _truncated("hugs pugs buns", 10)
    >>> shown, "showing the first 9 characters of 14" in note
    ('hugs pugs', True)
    >>> _truncated("ééééé", 5, "UTF-8 bytes")[0]  # 2 bytes each
    'éé'
    """
    if unit == "characters":
        end = min(limit, len(text))
    elif unit == "UTF-8 bytes":
        end = size = 0  # only the first `limit` characters can fit, so this loop is short
        for char in text[:limit]:
            size += 1 if char < "\x80" else len(char.encode("utf-8", "surrogatepass"))
            if size > limit:
                break
            end += 1
    else:
        raise ValueError(f"unit must be 'characters' or 'UTF-8 bytes', got {unit!r}")
    if end == len(text):
        return text, ""
    cut = max(text.rfind(space, 0, end + 1) for space in (" ", "\n", "\t"))
    if cut < end - end // 5:
        cut = end
    note = (f'<div class="bpe-truncated" style="color:#8a4b00;font-style:italic">showing the first {cut:,} '
            f"characters of {len(text):,}; the rest is left out here to keep this view quick "
            f"(limit {limit:,} {unit})</div>")
    return text[:cut], note


def _check_result(result) -> bpe.TrainResult:
    if not isinstance(result, bpe.TrainResult):
        raise TypeError(f"pass the result of bpe.train(...), got {type(result).__name__}")
    return result


def _check_limit(limit, name: str) -> int:
    if isinstance(limit, bool) or not isinstance(limit, numbers.Integral):
        raise TypeError(f"{name} must be a whole number of at least 1, got {type(limit).__name__} {_short(limit)}")
    if limit < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, got {limit!r}")
    return int(limit)


def _short(value, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters (an error message stays short for a huge value)."""
    text = repr(value) if not isinstance(value, (str, bytes)) or len(value) <= limit else repr(value[:limit]) + "…"
    return text if len(text) <= limit + 10 else text[:limit] + "…"


def _check_str(value, name: str, example: str = "") -> str:
    if not isinstance(value, str):
        such = f" such as {example!r}" if example else ""
        raise TypeError(f"{name} must be a str{such}, got {type(value).__name__}")
    return value


def _check_end_of_word(end_of_word):
    """``end_of_word`` is None or a non-empty str (the marker added to the end of every word)."""
    if end_of_word is None:
        return None
    if not isinstance(end_of_word, str):
        raise TypeError("end_of_word must be a non-empty str such as '</w>' or None (no marker), "
                        f"got {type(end_of_word).__name__}")
    if not end_of_word:
        raise ValueError("end_of_word must be a non-empty str such as '</w>' or None (no marker), got ''")
    return end_of_word


def _check_corpus_or_result(corpus_or_result, num_merges, caller: str) -> bpe.TrainResult:
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


def _top_words(result: bpe.TrainResult, limit: int) -> list[tuple[tuple, int]]:
    """The ``limit`` most frequent words of the starting corpus (ties: in word order)."""
    return sorted(result.corpus.items(), key=lambda item: (-item[1], item[0]))[:limit]


def _format_corpus(result: bpe.TrainResult, k: int, rows: list[tuple[tuple, tuple, int]]) -> str:
    """Lay out step k: a header, then one line per word (count, word, segmentation)."""
    totals = result.symbol_totals
    lines = []
    if k == 0:
        lines.append("Step 0: no merges yet, every word is split into single symbols.")
    else:
        step = result.steps[k - 1]
        tie = f"; a tie with {len(step.tied) - 1} other pair(s)" if step.was_tie else ""
        lines.append(
            f"Step {k}: merged {_show(step.pair[0])} + {_show(step.pair[1])} -> {_show(step.new_symbol)} "
            f"(count {step.count:,}{tie})"
        )
    occurrences = sum(result.corpus.values())
    lines.append(
        f"{len(result.corpus):,} distinct words, {occurrences:,} in all; "
        f"{totals[k]:,} symbols in the corpus ({totals[0]:,} before any merge)"
    )
    if len(rows) < len(result.corpus):
        lines.append(f"showing the {len(rows)} most frequent words:")
    width = max(len(_segmented(word).replace(" ", "")) for word, _, _ in rows)
    width = max(width, 4)
    lines.append(f"{'count':>8}  {'word':<{width}}  segmentation")
    for word, segmented, count in rows:
        lines.append(f"{count:>8,}  {''.join(_show(s) for s in word):<{width}}  {_segmented(segmented)}")
    return "\n".join(lines)


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
    result = _check_result(result)
    k = check.k_merges(k, result.num_merges)
    limit = _check_limit(limit, "limit")
    rows = [(word, tuple(bpe.replay(word, result.merges[:k])), count) for word, count in _top_words(result, limit)]
    return _format_corpus(result, k, rows)


def corpus_views(result: bpe.TrainResult, limit: int = 12) -> list[str]:
    """``corpus_view`` for every k from 0 to N at once (each merge applied once, not N times)."""
    result = _check_result(result)
    limit = _check_limit(limit, "limit")
    top = _top_words(result, limit)
    current = [word for word, _ in top]
    views = []
    for k in range(result.num_merges + 1):
        if k > 0:
            left, right = result.merges[k - 1]
            current = [bpe.merge_pair(word, (left, right)) for word in current]
        rows = [(word, segmented, count) for (word, count), segmented in zip(top, current)]
        views.append(_format_corpus(result, k, rows))
    return views


def histogram_view(result: bpe.TrainResult, k: int, limit: int = 15) -> list[tuple[tuple, int, bool]]:
    """(b) The pair counts after ``k`` merges as bars ``(pair, count, is_winner)``, most frequent first.

    The winner is the pair that merge ``k + 1`` chose; after the last merge it is the pair the next
    merge *would* choose. At most ``limit`` bars, the winner always among them.

    >>> result = bpe.train({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 2)
    >>> histogram_view(result, 0, limit=3)
    [(('u', 'g'), 20, True), (('p', 'u'), 17, False), (('u', 'n'), 16, False)]
    """
    result = _check_result(result)
    k = check.k_merges(k, result.num_merges)
    limit = _check_limit(limit, "limit")
    counts = result.pair_counts_at(k)
    if not counts:
        return []
    if k < result.num_merges:
        winner = result.steps[k].pair
    else:
        best = max(counts.values())
        winner = min(pair for pair, c in counts.items() if c == best)
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:limit]
    if winner not in dict(ordered):
        ordered[-1] = (winner, counts[winner])
    return [(pair, count, pair == winner) for pair, count in ordered]


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
    result = _check_result(result)
    k = check.k_merges(k, result.num_merges)
    if not isinstance(text, str):
        raise TypeError(f"text must be a str such as 'hugs', got {type(text).__name__}")
    end_of_word = _check_end_of_word(end_of_word)
    # bpe.encode's rule (merge the present pair learned earliest, until none is left), with the ranks of
    # the first k merges built once rather than once per word, and each distinct word encoded once: a
    # pasted text repeats its words a lot. tests/test_widgets.py checks it against bpe.encode.
    ranks = {pair: rank for rank, pair in enumerate(result.merges[:k])}
    as_bytes = _holds_bytes(result)
    words = text.split()
    encoded = {}
    for word in dict.fromkeys(words):
        if as_bytes:
            symbols = tuple(bytes([b]) for b in word.encode("utf-8", "surrogatepass"))
        else:
            symbols = split_word(word, end_of_word)
        encoded[word] = _encode(symbols, ranks)
    return [list(encoded[word]) for word in words]


def _encode(symbols: tuple, ranks: dict) -> tuple:
    """``bpe.encode(symbols, merges)`` given ``ranks = {pair: rank}`` of those merges."""
    while len(symbols) >= 2:
        best = None
        for pair in zip(symbols, symbols[1:]):
            rank = ranks.get(pair)
            if rank is not None and (best is None or rank < best[0]):
                best = (rank, pair)
        if best is None:
            break
        symbols = bpe.merge_pair(symbols, best[1])
    return symbols


def _holds_bytes(result: bpe.TrainResult) -> bool:
    """Whether a training result is byte-level (its symbols are bytes rather than str)."""
    for word in result.corpus:
        return bool(word) and isinstance(word[0], bytes)
    return False


def compression_view(result: bpe.TrainResult, end_of_word: str | None = None) -> dict:
    """(d) The compression curve: for k = 0…N, symbols in the corpus and bytes per token.

    Bytes are the UTF-8 bytes of the words themselves (an end-of-word marker adds none), so
    bytes per token = text bytes / symbols: it starts at 1 for ASCII text without a marker.

    >>> curve = compression_view(bpe.train({"hug": 10, "pug": 5}, 1))
    >>> curve["symbols"], curve["bytes_per_token"]
    ([45, 30], [1.0, 1.5])
    """
    result = _check_result(result)
    end_of_word = _check_end_of_word(end_of_word)
    text_bytes = sum(
        count * sum(len(s) if isinstance(s, bytes) else len(s.encode("utf-8")) for s in word if s != end_of_word)
        for word, count in result.corpus.items()
    )
    symbols = result.symbol_totals
    return {
        "merges": list(range(len(symbols))),
        "symbols": symbols,
        "bytes_per_token": [text_bytes / n for n in symbols],
    }


class MergeExplorer:
    """The merge explorer: a slider over merge steps, a word box, the corpus text, the pair histogram
    and the compression curve.

    Build it with ``merge_explorer(...)``; display it by making it the last expression of a cell.
    Attributes a test or a lecturer may use: ``slider``, ``word_box``, ``result``, ``show(k)`` (move
    to step k), ``last_redraw_seconds``, ``max_chars`` (how much of the word box is split, default
    ``MERGE_EXPLORER_MAX_CHARS``; a note says when the text is longer).
    """

    def __init__(self, result: bpe.TrainResult, *, word: str = "", end_of_word: str | None = None,
                 top_words: int = 12, top_pairs: int = 15, title: str = "merges"):
        import ipywidgets as w  # imported here: the pure view functions above work without it

        self.result = _check_result(result)
        # Every argument is checked here, so that no observer fails later because of one.
        word = _check_str(word, "word", "hugs")
        self.end_of_word = _check_end_of_word(end_of_word)
        top_words = _check_limit(top_words, "top_words")
        top_pairs = _check_limit(top_pairs, "top_pairs")
        title = _check_str(title, "title", "merges")
        n = result.num_merges
        # Everything the slider shows is computed here, once; a move only swaps it in.
        self.corpus_texts = corpus_views(result, top_words)
        self.histograms = [plots.html_pair_histogram(histogram_view(result, k, top_pairs), _histogram_title(k, n))
                           for k in range(n + 1)]
        self.curve = compression_view(result, end_of_word)
        self.figure = plots.CompressionFigure(self.curve)
        self.last_redraw_seconds = None
        self.max_chars = MERGE_EXPLORER_MAX_CHARS  # of the word box's text; see the module docstring

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
        self._draw(0)

    def _draw_word(self, k: int) -> None:
        text, note = _truncated(self.word_box.value, self.max_chars)
        if not text.strip():
            self.word_out.value = f"{note}<i>type a word to see how the first k merges split it</i>"
            return
        words = word_view(self.result, k, text, self.end_of_word)
        box = ('<span style="border:1px solid #888;border-radius:3px;padding:0 4px;margin:0 1px;'
               'background:#eef3fa;font-family:monospace">{}</span>')
        shown = " &nbsp; ".join("".join(box.format(html.escape(_visible(_show(s)))) for s in symbols)
                                for symbols in words)
        count = sum(len(symbols) for symbols in words)
        self.word_out.value = f"{note}{shown} &nbsp; ({count:,} token{'s' if count != 1 else ''})"

    def show(self, k: int) -> None:
        """Move to step ``k``, as if the slider had been moved (a lecturer can call this)."""
        k = check.k_merges(k, self.result.num_merges)
        if self.slider.value != k:
            self.slider.value = k  # the slider's observer draws
        else:
            self._draw(k)

    def _draw(self, k: int) -> None:
        from IPython.display import Image, display

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

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def _histogram_title(k: int, n: int) -> str:
    if k < n:
        return f"pair counts after {k} merges (◀ orange: merged next)"
    return f"pair counts after all {k} merges (◀ orange: would be next)"


def merge_explorer(corpus_or_result, num_merges: int | None = None, *, word: str = "",
                   end_of_word: str | None = None, top_words: int = 12, top_pairs: int = 15) -> MergeExplorer:
    """Build the merge explorer for a corpus (trained here) or for an existing ``bpe.train`` result.

    >>> explorer = merge_explorer({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 4, word="hugs")  # doctest: +SKIP
    >>> explorer  # the last expression of a cell displays it  # doctest: +SKIP
    """
    top_words = _check_limit(top_words, "top_words")
    top_pairs = _check_limit(top_pairs, "top_pairs")
    word = _check_str(word, "word", "hugs")
    end_of_word = _check_end_of_word(end_of_word)
    result = _check_corpus_or_result(corpus_or_result, num_merges, "merge_explorer")
    return MergeExplorer(result, word=word, end_of_word=end_of_word, top_words=top_words, top_pairs=top_pairs)


# ------------------------------------------------------------------------------------------------
# The token inspector
# ------------------------------------------------------------------------------------------------

def inspect_tokens(tokenizer, text: str) -> dict:
    """What the token inspector shows for one text: each token (id, bytes) and the totals.

    Special tokens typed into the text are encoded as special tokens. An empty text has no tokens: it
    gives count 0 and bytes_per_token 0.0.

    >>> from bpe_lab.tokenizer import Tokenizer
    >>> view = inspect_tokens(Tokenizer(), "hé")
    >>> view["tokens"], view["count"], view["bytes"]
    ([(104, b'h'), (195, b'\\xc3'), (169, b'\\xa9')], 3, 3)
    """
    if not hasattr(tokenizer, "encode") or not hasattr(tokenizer, "token_bytes"):
        raise TypeError(f"tokenizer must be a bpe_lab Tokenizer, got {type(tokenizer).__name__}")
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    ids = tokenizer.encode(text, allowed_special="all")
    tokens = [(i, tokenizer.token_bytes(i)) for i in ids]
    size = len(text.encode("utf-8"))
    return {"tokens": tokens, "count": len(ids), "bytes": size,
            "bytes_per_token": size / len(ids) if ids else 0.0}


class TokenInspector:
    """A text area and a choice of tokenizer; the text's tokens as coloured chips with their ids.

    ``tokenizers`` maps a name to a Tokenizer, or to a function that builds one (called the first
    time that name is chosen, so slow vocabularies load only when wanted). The text is tokenized up to
    ``max_bytes`` UTF-8 bytes (default ``TOKEN_INSPECTOR_MAX_BYTES``); a note says when it is longer.
    """

    def __init__(self, tokenizers: dict, text: str = ""):
        import ipywidgets as w

        if not isinstance(tokenizers, dict):
            raise TypeError("tokenizers must be a non-empty dict: name -> Tokenizer (or a function returning one), "
                            f"got {type(tokenizers).__name__}")
        if not tokenizers:
            raise ValueError("tokenizers must be a non-empty dict: name -> Tokenizer (or a function returning one)")
        for name, source in tokenizers.items():
            if not (hasattr(source, "encode") and hasattr(source, "token_bytes")) and not callable(source):
                raise TypeError(f"tokenizers[{_short(name)}] must be a bpe_lab Tokenizer or a function returning one, "
                                f"got {type(source).__name__}")
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        self._sources = dict(tokenizers)
        self._loaded: dict = {}
        self.max_bytes = TOKEN_INSPECTOR_MAX_BYTES  # of the text tokenized; see the module docstring
        self.last_redraw_seconds = None
        self.choice = w.ToggleButtons(options=list(tokenizers), description="tokenizer")
        self.text_box = w.Textarea(value=text, description="text", layout=w.Layout(width="95%", height="90px"),
                                   continuous_update=True, placeholder="type or paste any text")
        self.summary = w.HTML()
        self.chips = w.HTML()
        self.widget = w.VBox([self.choice, self.text_box, self.summary, self.chips])
        self.choice.observe(lambda change: self.show(), names="value")
        self.text_box.observe(lambda change: self.show(), names="value")
        self.show()

    def tokenizer(self, name: str):
        """The tokenizer chosen under ``name`` (one of the names given; a function is called the first time)."""
        if not isinstance(name, str) or name not in self._sources:
            error = ValueError if isinstance(name, str) else TypeError
            raise error(f"name must be one of {_short(list(self._sources), 300)}, got {_short(name)}")
        if name not in self._loaded:
            source = self._sources[name]
            self._loaded[name] = source() if callable(source) and not hasattr(source, "encode") else source
        return self._loaded[name]

    def show(self) -> None:
        started = time.perf_counter()
        name = self.choice.value
        if name not in self._loaded:
            self.summary.value = f"<i>loading {html.escape(name)}…</i>"
        tokenizer = self.tokenizer(name)
        if not self.text_box.value:
            self.summary.value = f"<i>type or paste any text above to see its tokens ({html.escape(name)})</i>"
            self.chips.value = ""
            return
        text, note = _truncated(self.text_box.value, self.max_bytes, "UTF-8 bytes")
        try:
            view = inspect_tokens(tokenizer, text)
        except ValueError as error:  # e.g. a lone surrogate, which has no UTF-8 bytes and so no tokens
            self.summary.value = f"{note}<i>{html.escape(_visible(str(error)))}</i>"
            self.chips.value = ""
            return
        self.summary.value = (
            f"{note}<b>{view['count']:,}</b> tokens &nbsp; <b>{view['bytes']:,}</b> bytes &nbsp; "
            f"<b>{view['bytes_per_token']:.2f}</b> bytes per token &nbsp; ({html.escape(name)})"
        )
        pieces = [token for _, token in view["tokens"]]
        self.chips.value = plots.html_chunks(pieces, [i for i, _ in view["tokens"]])
        self.last_redraw_seconds = time.perf_counter() - started

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def token_inspector(tokenizers: dict, text: str = "") -> TokenInspector:
    """Build the token inspector. Example: ``token_inspector({"GPT-2": gpt2.load}, "strawberry")``."""
    return TokenInspector(tokenizers, text)


# ------------------------------------------------------------------------------------------------
# The WordPiece explorer: the same idea, scores instead of counts, MaxMatch for your word
# ------------------------------------------------------------------------------------------------

def wordpiece_corpus_views(result, limit: int = 12) -> list[str]:
    """For k = 0…N: the step, and the most frequent training words split by the first k merges."""
    from . import wordpiece

    if not isinstance(result, wordpiece.WordPieceResult):
        raise TypeError(f"pass the result of wordpiece.train(...), got {type(result).__name__}")
    limit = _check_limit(limit, "limit")
    top = sorted(result.corpus.items(), key=lambda item: (-item[1], item[0]))[:limit]
    current = [word for word, _ in top]
    views = []
    for k in range(len(result.steps) + 1):
        if k == 0:
            head = "Step 0: every word is split into characters; pieces inside a word carry ##."
        else:
            step = result.steps[k - 1]
            current = [wordpiece._merge(word, *step.pair, step.new_piece) for word in current]
            head = (f"Step {k}: merged {step.pair[0]} + {step.pair[1]} -> {step.new_piece}   score "
                    f"{step.count:,} / ({step.left_count:,} x {step.right_count:,}) = {step.score:.4g}")
        width = max(4, max(len("".join(p.replace("##", "") for p in word)) for word, _ in top))
        lines = [head, f"{'count':>8}  {'word':<{width}}  pieces"]
        for (word, count), pieces in zip(top, current):
            lines.append(f"{count:>8,}  {''.join(p.replace('##', '') for p in word):<{width}}  {' '.join(pieces)}")
        views.append("\n".join(lines))
    return views


def wordpiece_histogram_view(result, k: int, limit: int = 15) -> list[tuple[tuple, float, bool]]:
    """The pair scores at step k as bars ``(pair, score, is_winner)``, best first (ties: higher count).

    At most ``limit`` bars; after the last step (k = N) there is no next merge, and it gives [].
    """
    result = _check_wordpiece_result(result)
    k = _check_step(k, len(result.steps))
    limit = _check_limit(limit, "limit")
    if k == len(result.steps):
        return []
    scores = result.steps[k].scores
    ordered = sorted(scores, key=lambda p: (-scores[p][0], -scores[p][1], p))[:limit]
    winner = result.steps[k].pair
    return [(pair, scores[pair][0], pair == winner) for pair in ordered]


def _check_wordpiece_result(result):
    from . import wordpiece

    if not isinstance(result, wordpiece.WordPieceResult):
        raise TypeError(f"pass the result of wordpiece.train(...), got {type(result).__name__}")
    return result


def _check_step(k, n: int) -> int:
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"k must be a whole number of merges between 0 and {n}, got {type(k).__name__} {_short(k)}")
    if not 0 <= k <= n:
        raise ValueError(f"k must be between 0 and {n}, got {k} ({n} merges were learned)")
    return int(k)


class WordPieceExplorer:
    """A slider over WordPiece training steps: the corpus, the pair scores, and MaxMatch on your word."""

    def __init__(self, result, word: str = ""):
        import ipywidgets as w

        from . import wordpiece

        self.result = _check_wordpiece_result(result)
        word = _check_str(word, "word")
        self.texts = wordpiece_corpus_views(result)
        n = len(result.steps)
        self.histograms = [plots.html_pair_histogram(
            wordpiece_histogram_view(result, k), f"pair scores after {k} merges (◀ orange: merged next)",
            xlabel="count(ab) / (count(a) x count(b))") for k in range(n + 1)]
        self.vocabs = [set(result.vocab_after(k)) for k in range(n + 1)]
        self._tokenize = wordpiece.tokenize
        self.max_chars = WORDPIECE_EXPLORER_MAX_CHARS  # of the word box's text; see the module docstring
        self.last_redraw_seconds = None
        self.slider = w.IntSlider(value=0, min=0, max=n, description="merges", layout=w.Layout(width="60%"))
        self.word_box = w.Text(value=word, description="your word", continuous_update=True)
        self.word_out = w.HTML()
        self.text_out = w.Output()
        self.histogram_out = w.HTML()
        self.widget = w.VBox([self.slider, w.HBox([self.word_box, self.word_out]), self.text_out, self.histogram_out])
        self.slider.observe(lambda change: self._show(change["new"]), names="value")
        self.word_box.observe(lambda change: self._draw_word(), names="value")
        self._show(0)

    def _draw_word(self) -> None:
        started = time.perf_counter()
        text, note = _truncated(self.word_box.value, self.max_chars)
        words = text.lower().split()
        if not words:
            self.word_out.value = f"{note}<i>type a word: it is split by greedy longest match with the current vocabulary</i>"
            return
        vocab = self.vocabs[self.slider.value]
        split = {word: self._tokenize(word, vocab) for word in dict.fromkeys(words)}  # each distinct word once
        pieces = [_visible(piece) for word in words for piece in split[word]]
        self.word_out.value = (note + plots.html_chunks(pieces)
                               + f"({len(pieces):,} piece{'s' if len(pieces) != 1 else ''}, {len(vocab)} in the vocabulary)")
        self.last_redraw_seconds = time.perf_counter() - started

    def show(self, k: int) -> None:
        """Move to step ``k`` (0 to the number of merges), as if the slider had been moved."""
        self._show(_check_step(k, len(self.texts) - 1))

    def _show(self, k: int) -> None:
        if self.slider.value != k:
            self.slider.value = k
            return
        with self.text_out:
            self.text_out.clear_output(wait=True)
            print(self.texts[k])
        self.histogram_out.value = self.histograms[k]
        self._draw_word()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def wordpiece_explorer(result, word: str = "") -> WordPieceExplorer:
    """The WordPiece explorer for a ``wordpiece.train`` result."""
    from . import wordpiece

    if not isinstance(result, wordpiece.WordPieceResult):
        raise TypeError(f"pass the result of wordpiece.train(...), got {type(result).__name__}")
    if not isinstance(word, str):
        raise TypeError(f"word must be a str, got {type(word).__name__}")
    return WordPieceExplorer(result, word)


# ------------------------------------------------------------------------------------------------
# The Viterbi stepper
# ------------------------------------------------------------------------------------------------

def viterbi_view(table, k: int) -> str:
    """What the Viterbi stepper shows at position k, as HTML: the lattice as arcs over the characters
    (chosen back-pointers up to k in thick orange, the best path in thick black once k reaches the end) and, for each
    position up to k, every candidate with its score and the winner marked."""
    from . import unigram

    if not isinstance(table, unigram.ViterbiTable):
        raise TypeError(f"table must be a ViterbiTable (from unigram.viterbi_table), got {type(table).__name__}")
    text = table.text
    n = len(text)
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"k must be a whole number, a position from 0 to {n}, got {type(k).__name__} {_short(k)}")
    if not 0 <= k <= n:
        raise ValueError(f"k must be a position from 0 to {n}, got {k!r}")
    step, height = 56, 40 + 22 * max(1, max((arc.end - arc.start for cands in table.candidates for _, arc in cands),
                                              default=1))
    width = step * n + 40
    best_path = {(arc.start, arc.end) for arc in table.path()} if k == n and n else set()
    chosen = {(table.back[i].start, i) for i in range(1, k + 1) if table.back[i] is not None}
    parts = [f'<svg width="{width}" height="{height + 30}" style="font-family:monospace;font-size:12px">']
    base = height
    for i, char in enumerate(text):  # the characters, and the positions between them
        parts.append(f'<text x="{20 + step * i + step / 2}" y="{base + 20}" text-anchor="middle">{html.escape(char)}</text>')
    for i in range(n + 1):
        colour = "#000" if i <= k else "#bbb"
        parts.append(f'<circle cx="{20 + step * i}" cy="{base}" r="4" fill="{colour}"/>')
    for cands in table.candidates:
        for _, arc in cands:
            x1, x2 = 20 + step * arc.start, 20 + step * arc.end
            lift = 14 + 16 * (arc.end - arc.start)
            key = (arc.start, arc.end)
            # Thickness tells the three apart as well as colour (Okabe-Ito orange and blue, black).
            colour, width_ = (plots.BEST_PATH, 4) if key in best_path else ((plots.PALETTE[4], 3) if key in chosen else (
                plots.OTHER if arc.end <= k else "#bbb", 1))
            parts.append(f'<path d="M {x1} {base} Q {(x1 + x2) / 2} {base - 2 * lift} {x2} {base}" fill="none" '
                         f'stroke="{colour}" stroke-width="{width_}"/>')
            parts.append(f'<text x="{(x1 + x2) / 2}" y="{base - lift - 2}" text-anchor="middle" fill="{colour}">'
                         f'{html.escape(arc.piece)}</text>')
    parts.append("</svg>")
    rows = []
    for i in range(1, k + 1):
        cells = []
        for score, arc in sorted(table.candidates[i], key=lambda item: -item[0]):
            mark = " ★" if table.back[i] == arc else ""
            cells.append(f"{html.escape(arc.piece)}: {table.best[arc.start]:.2f} + {arc.log_prob:.2f} = {score:.2f}{mark}")
        rows.append(f"<tr><td>{i}</td><td>{html.escape(text[:i])}</td><td>{table.best[i]:.2f}</td>"
                    f"<td style='text-align:left'>{'<br>'.join(cells)}</td></tr>")
    summary = ""
    if k == n and n:
        pieces = [arc.piece for arc in table.path()]
        summary = (f"<p><b>best segmentation:</b> {html.escape(' | '.join(pieces))} "
                   f"(log-probability {table.best[n]:.2f})</p>")
    return ("".join(parts) + summary +
            "<table><tr><th>position</th><th>text so far</th><th>best</th><th>candidates (★ chosen)</th></tr>"
            + "".join(rows) + "</table>")


def viterbi_stepper(text: str, log_probs: dict):
    """A slider over the positions of a word: the lattice, the best score so far, the back-pointers.

    Built with ``frames_slider``: every position is drawn once, and the slider works without a kernel too.
    """
    from . import unigram

    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    if not isinstance(log_probs, Mapping):
        raise TypeError(f"log_probs must be a non-empty dict piece -> log-probability, got {type(log_probs).__name__}")
    if not log_probs:
        raise ValueError("log_probs must be a non-empty dict piece -> log-probability, got {}")
    table = unigram.viterbi_table(text, log_probs)
    frames = [viterbi_view(table, k) for k in range(len(text) + 1)]
    return frames_slider(frames, "position")


# ------------------------------------------------------------------------------------------------
# Sliders that work without a kernel (slides, the static HTML edition)
# ------------------------------------------------------------------------------------------------

def frames_slider(frames, description: str, labels=None, *, play: bool = False):
    """A slider over precomputed HTML frames that works in the browser alone.

    The frames are the children of an ``ipywidgets.Stack``; the slider is linked to the stack's
    ``selected_index`` with ``jslink``, a link the browser keeps. So the slider responds at once in a
    live notebook, and it still moves through the frames on a static HTML page with no kernel behind it.

    ``labels`` (optional, one per frame) turns it into a ``SelectionSlider`` showing those labels.
    ``play=True`` adds a Play button. The returned VBox has ``.slider``, ``.stack``, ``.frames`` and
    ``.links`` (the browser-side links).
    """
    import ipywidgets as w

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
    stack = w.Stack([w.HTML(frame) for frame in frames], selected_index=0)
    if labels is None:
        slider = w.IntSlider(value=0, min=0, max=len(frames) - 1, description=description,
                             layout=w.Layout(width="60%"), style={"description_width": "initial"})
        jslink_attr = "value"
    else:
        if isinstance(labels, (str, bytes)) or not hasattr(labels, "__iter__"):
            raise TypeError(f"labels must be a list of one label per frame, or None, got {type(labels).__name__}")
        labels = [str(label) for label in labels]
        if len(labels) != len(frames):
            raise ValueError(f"labels must have one entry per frame: {len(frames)} frames, {len(labels)} labels")
        if len(set(labels)) != len(labels):
            raise ValueError("labels must be distinct: the slider selects a frame by its label")
        slider = w.SelectionSlider(options=labels, value=labels[0], description=description,
                                   layout=w.Layout(width="60%"), style={"description_width": "initial"})
        jslink_attr = "index"
    links = [w.jslink((slider, jslink_attr), (stack, "selected_index"))]
    controls = [slider]
    if play:
        player = w.Play(value=0, min=0, max=len(frames) - 1, step=1, interval=500, description="play",
                        tooltip="play through the steps")
        links.append(w.jslink((player, "value"), (slider, "value" if labels is None else "index")))
        controls.insert(0, player)
    box = w.VBox([w.HBox(controls), stack])
    box.slider, box.stack, box.frames, box.links = slider, stack, frames, links
    box.add_class("bpe-frames-slider")
    return box


def merge_step_frames(result: bpe.TrainResult, word: str = "", *, top_words: int = 8, top_pairs: int = 10,
                      end_of_word: str | None = None) -> list[str]:
    """One HTML frame per merge step 0…N: the corpus, the pair counts, ``word`` split, and the
    compression curve (inline SVG) with a marker at the step. What ``merge_steps`` shows."""
    result = _check_result(result)
    if not isinstance(word, str):
        raise TypeError(f"word must be a str such as 'hugs', got {type(word).__name__}")
    top_words = _check_limit(top_words, "top_words")
    top_pairs = _check_limit(top_pairs, "top_pairs")
    end_of_word = _check_end_of_word(end_of_word)
    n = result.num_merges
    texts = corpus_views(result, top_words)
    curve = compression_view(result, end_of_word)
    frames = []
    for k in range(n + 1):
        if word.strip():
            words = word_view(result, k, word, end_of_word)
            count = sum(len(symbols) for symbols in words)
            chips = plots.html_chunks([_visible(_show(s)) for symbols in words for s in symbols])
            split = (f'<div><b>{html.escape(_visible(word))}</b> after {k} merges: {count} token{"s" if count != 1 else ""}'
                     f'{chips}</div>')
        else:
            split = ""
        histogram = plots.html_pair_histogram(histogram_view(result, k, top_pairs), _histogram_title(k, n))
        svg = plots.svg_compression_curve(curve["merges"], curve["bytes_per_token"], k)
        frames.append(
            f'<div class="bpe-merge-step" data-step="{k}">{split}'
            f'<pre style="font-size:12px;line-height:1.3;margin:4px 0">{html.escape(texts[k])}</pre>'
            f'<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start">{histogram}{svg}</div></div>'
        )
    return frames


def merge_steps(corpus_or_result, num_merges: int | None = None, *, word: str = "", top_words: int = 8,
                top_pairs: int = 10, end_of_word: str | None = None):
    """The merge explorer's views as a slider over precomputed frames that needs no kernel to move.

    Same content as ``merge_explorer`` (corpus, pair counts, a word split, compression), but every
    step is drawn when it is built and the slider is linked in the browser (``frames_slider``), so it
    also works on the static HTML pages and in slides. Typing a new word needs ``merge_explorer``.

    >>> merge_steps({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 4, word="hugs")  # doctest: +SKIP
    """
    result = _check_corpus_or_result(corpus_or_result, num_merges, "merge_steps")
    frames = merge_step_frames(result, word, top_words=top_words, top_pairs=top_pairs, end_of_word=end_of_word)
    return frames_slider(frames, "merge step", play=True)
