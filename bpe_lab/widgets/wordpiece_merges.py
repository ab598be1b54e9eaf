"""The WordPiece explorer (notebook 05): the merge explorer's idea with scores instead of counts, and
MaxMatch (greedy longest match) for your word.

A slider over the steps of a ``wordpiece.train`` run shows the most frequent training words split by the
first k merges (``wordpiece_corpus_views``), the pair scores of the run's own rule (``result.score``:
likelihood gain, ratio or frequency) with the winner marked (``wordpiece_histogram_view``), and the words
you type split by ``wordpiece.tokenize`` with the vocabulary after k merges. Likelihood gains can be
negative (a merge of two pieces that meet less often than chance lowers the likelihood); they are drawn left
of zero. The word box splits at most ``WORDPIECE_EXPLORER_MAX_CHARS`` characters.

It trains nothing itself (``wordpiece.train`` and ``fast_train`` do). ``fast_train`` keeps only the
winner's score at each step, so for its results the bars show the winner alone.
"""

from __future__ import annotations

import time

import ipywidgets as w

from .. import _checks as check
from .. import bpe, plots, wordpiece
from .common import App, truncated, visible

__all__ = ["WORDPIECE_EXPLORER_MAX_CHARS", "SCORE_LABELS", "wordpiece_corpus_views", "wordpiece_histogram_view",
           "WordPieceExplorer", "wordpiece_explorer"]

WORDPIECE_EXPLORER_MAX_CHARS = 500  # the same one-word box as the merge explorer's

PASS_WORDPIECE_RESULT = "pass the result of wordpiece.train(...)"

# what the bars measure, for each training rule (the x label of the histogram)
SCORE_LABELS = {
    "likelihood": "gain in log-likelihood of the training words (nats)",
    "ratio": "count(ab) / (count(a) x count(b))",
    "frequency": "count(ab) in the corpus (word counts included)",
}


def _step_line(step, rule: str) -> str:
    """How step ``step`` chose its pair, in the words of its rule."""
    counts = f"count {step.count:,}; {step.pair[0]} {step.left_count:,}, {step.pair[1]} {step.right_count:,}"
    if rule == "ratio":
        return f"ratio {step.count:,} / ({step.left_count:,} x {step.right_count:,}) = {step.score:.4g}"
    if rule == "likelihood":
        return f"likelihood gain {step.score:.4g} ({counts})"
    return f"count {step.count:,}"


def wordpiece_corpus_views(result, limit: int = 12) -> list[str]:
    """For k = 0…N: the step, and the most frequent training words split by the first k merges."""
    result = check.instance(result, wordpiece.WordPieceResult, PASS_WORDPIECE_RESULT)
    limit = check.whole(limit, "limit", minimum=1)
    top = sorted(result.corpus.items(), key=lambda item: (-item[1], item[0]))[:limit]
    current = [word for word, _ in top]
    width = max(4, max(len("".join(p.replace("##", "") for p in word)) for word, _ in top))
    views = []
    for k in range(len(result.steps) + 1):
        if k == 0:
            head = "Step 0: every word is split into characters; pieces inside a word carry ##."
        else:
            step = result.steps[k - 1]
            current = [bpe.merge_pair(word, step.pair, merged=step.new_piece) for word in current]
            head = f"Step {k}: merged {step.pair[0]} + {step.pair[1]} -> {step.new_piece}   {_step_line(step, result.score)}"
        lines = [head, f"{'count':>8}  {'word':<{width}}  pieces"]
        for (word, count), pieces in zip(top, current):
            lines.append(f"{count:>8,}  {''.join(p.replace('##', '') for p in word):<{width}}  {' '.join(pieces)}")
        views.append("\n".join(lines))
    return views


def wordpiece_histogram_view(result, k: int, limit: int = 15) -> list[tuple[tuple, float, bool]]:
    """The pair scores at step k as bars ``(pair, score, is_winner)``, best first (ties: higher count).

    At most ``limit`` bars; after the last step (k = N) there is no next merge, and it gives []. A
    ``fast_train`` result keeps only the winner's score, so it gives that one bar.

    >>> result = wordpiece.train({"hug": 10, "pug": 5, "hugs": 5}, 10, special_tokens=["[UNK]"], score="ratio")
    >>> wordpiece_histogram_view(result, 0, limit=2)  # a tie on score: the higher count wins
    [(('##u', '##g'), 0.05, True), (('h', '##u'), 0.05, False)]
    """
    result = check.instance(result, wordpiece.WordPieceResult, PASS_WORDPIECE_RESULT)
    k, limit = check.slider_step(k, len(result.steps), "merges"), check.whole(limit, "limit", minimum=1)
    if k == len(result.steps):
        return []
    step = result.steps[k]
    if not step.scores:  # fast_train: only the winner was recorded
        return [(step.pair, step.score, True)]
    scores = step.scores
    ordered = sorted(scores, key=lambda p: (-scores[p][0], -scores[p][1], p))[:limit]
    winner = result.steps[k].pair
    return [(pair, scores[pair][0], pair == winner) for pair in ordered]


class WordPieceExplorer(App):
    """A slider over WordPiece training steps: the corpus, the pair scores, and MaxMatch on your word."""

    def __init__(self, result, word: str = ""):
        self.result = check.instance(result, wordpiece.WordPieceResult, PASS_WORDPIECE_RESULT)
        word = check.text(word, "word")
        self.texts = wordpiece_corpus_views(result)
        n = len(result.steps)
        self.histograms = [plots.html_pair_histogram(
            wordpiece_histogram_view(result, k), f"pair scores after {k} merges (◀ orange: merged next)",
            xlabel=SCORE_LABELS[result.score], signed=True) for k in range(n + 1)]
        self._start = len(result.special_tokens) + len(result.alphabet)  # pieces before the first merge
        self._vocab = (0, set(result.vocab[:self._start]))  # (k, the vocabulary after k merges), the last one used
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
        text, note = truncated(self.word_box.value, self.max_chars)
        words = text.lower().split()
        if not words:
            self.word_out.value = (f"{note}<i>type a word: it is split by greedy longest match with the current "
                                   "vocabulary</i>")
            return
        vocab = self.vocab_at(self.slider.value)
        split = {word: wordpiece.tokenize(word, vocab) for word in dict.fromkeys(words)}  # each distinct word once
        pieces = [visible(piece) for word in words for piece in split[word]]
        self.word_out.value = (note + plots.html_chunks(pieces)
                               + f"({len(pieces):,} piece{'s' if len(pieces) != 1 else ''}, {len(vocab)} in the "
                                 "vocabulary)")
        self.last_redraw_seconds = time.perf_counter() - started

    def vocab_at(self, k: int) -> set:
        """The vocabulary after ``k`` merges, as a set (the one last asked for is kept: a slider step is one set
        built from the run's pieces in order, not thousands of sets kept for every step)."""
        k = check.slider_step(k, len(self.texts) - 1, "merges")
        if self._vocab[0] != k:
            pieces = set(self.result.vocab[:self._start])
            pieces.update(step.new_piece for step in self.result.steps[:k])
            self._vocab = (k, pieces)
        return self._vocab[1]

    def show(self, k: int) -> None:
        """Move to step ``k`` (0 to the number of merges), as if the slider had been moved."""
        self._show(check.slider_step(k, len(self.texts) - 1, "merges"))

    def _show(self, k: int) -> None:
        if self.slider.value != k:
            self.slider.value = k
            return
        with self.text_out:
            self.text_out.clear_output(wait=True)
            print(self.texts[k])
        self.histogram_out.value = self.histograms[k]
        self._draw_word()


def wordpiece_explorer(result, word: str = "") -> WordPieceExplorer:
    """The WordPiece explorer for a ``wordpiece.train`` result."""
    return WordPieceExplorer(result, word)
